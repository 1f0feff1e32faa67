"""The replay viewer every game shares: a game gives its timeline, its chapters' name and
where a step stands; the keys, the status line and "what happened" are the shared
screen's."""

from __future__ import annotations

from dataclasses import dataclass

from textual.app import App
from textual.content import Content

from monstertrick.timeline import Frame, Timeline
from monstertrick.tui.screens.viewer import StepViewer

from .helpers import screen_text

ToyFrame = Frame[str, str, str]


@dataclass
class ToyGame:
    """Two legs: a deal, then moves named by letters (two in the first leg, one after)."""

    players: tuple[str, ...]
    legs: tuple[str, ...] = ("ab", "c")


class ToyTimeline(Timeline[ToyFrame]):
    @staticmethod
    def of(game: ToyGame) -> ToyTimeline:
        frames = []
        for leg, moves in enumerate(game.legs, 1):
            frames.append(Frame(leg, 0, None, None, "", ("dealt",)))
            for step, move in enumerate(moves, 1):
                frames.append(Frame(leg, step, 0, move, "", (f"{move} moved", "a cheer")))
        return ToyTimeline(frames)


class ToyViewer(StepViewer[ToyFrame]):
    CHAPTER = "Leg"  # (also what PgUp/PgDn say in the key bar)

    def replay(self, state: ToyGame) -> ToyTimeline:  # type: ignore[override]
        return ToyTimeline.of(state)

    def where(self, frame: ToyFrame) -> str:
        return "the deal" if frame.is_deal else f"move {frame.step}"

    def body(self, index: int) -> Content:
        return Content("\n").join(self.happened(self.timeline[index]))

    def step_line(self, frame: ToyFrame) -> Content:
        return Content(f"{self.names[0]} played {frame.action}")

    def more_lines(self, frame: ToyFrame) -> list[str]:
        return list(frame.events[1:])


def status(app: App[None]) -> str:
    return str(app.screen.query_one("#step-status").render())


def step(app: App[None]) -> str:
    return str(app.screen.query_one("#step-frame").render())


async def test_a_games_viewer_is_its_timeline_chapters_and_words() -> None:
    app: App[None] = App()
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(ToyViewer(ToyGame(("Ann", "Bob")), title="Ann, Bob"))
        await pilot.pause()
        assert status(app) == "Ann, Bob · Leg 1 of 2 · the deal · step 1 of 5"
        assert "PgUp/PgDn Leg" in screen_text(app)
        await pilot.press("right")
        assert status(app) == "Ann, Bob · Leg 1 of 2 · move 1 · step 2 of 5"
        assert step(app) == "▶ Ann played a\n  a cheer"
        await pilot.press("pagedown")
        assert status(app) == "Ann, Bob · Leg 2 of 2 · the deal · step 4 of 5"
        await pilot.press("end", "pageup")
        assert status(app).endswith("Leg 2 of 2 · the deal · step 4 of 5")
