"""Learn from your mistakes in the line mode: after ``review``, ``mistakes`` sets each
marked decision of a chosen player up again from that player's view only, asks for it
as numbered choices, and answers with the review's own figures; ``best`` says the
review's best with its reason; no hint while choosing again. Over every game."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from monstertrick.games import GAMES
from monstertrick.lines.play import LineMode
from monstertrick.mistakes import answer, best_words, retries
from monstertrick.review import Settings
from monstertrick.seating import parse_seats
from monstertrick.session import Session

from .test_lines import TABLES
from .test_lines import answer as random_answer

TINY = Settings(seed=1, playouts=2, luck_samples=1)
_CHOICE = re.compile(r"^(\d+)\. (.*)$")


def since(lines: list[str], prefix: str) -> list[str]:
    start = max(i for i, line in enumerate(lines) if line.startswith(prefix))
    return lines[start:]


def play_and_retry(
    game: str, players: list[str], seed: int
) -> tuple[list[str], LineMode, list[int]]:
    session = Session.start(parse_seats(players, game=game), seed, None, game=game)
    rng = random.Random(seed)
    state = {"phase": "game", "hinted": ""}
    picked: list[int] = []

    def reply(lines: list[str]) -> str | None:
        last = lines[-1]
        if last.startswith("Prompt: Type review for the review"):
            state["phase"] = {"game": "review", "review": "mistakes"}.get(state["phase"], "done")
            return {"review": "review", "mistakes": "mistakes"}.get(state["phase"], "")
        if state["phase"] == "game":
            return random_answer(lines, rng)
        if last.startswith("Prompt: type the person's number"):
            return "1"
        if last.startswith("Prompt: type a number"):
            if not state["hinted"]:
                state["hinted"] = "yes"
                return "hint"
            listed = [_CHOICE.match(line) for line in since(lines, "Turn: ")]
            picked.append(rng.randint(1, sum(1 for m in listed if m)))
            return str(picked[-1])
        if last.startswith("Prompt: Press Enter for the next one") or last.startswith(
            "Prompt: Press Enter to go back"
        ):
            if not lines[-2].startswith("Best: "):
                return "best"
        return ""

    lines: list[str] = []
    mode = LineMode(session, lines.append, lambda: reply(lines), table=session)
    mode.review_settings = TINY
    assert mode.run()
    assert state["phase"] == "done", "the closing prompt came back after the retries"
    return lines, mode, picked


@pytest.mark.parametrize("game", list(GAMES))
def test_each_marked_decision_is_asked_again_from_the_players_view_and_answered(
    game: str, monstertrick_home: Path
) -> None:
    lines, mode, picked = play_and_retry(game, [n.strip() for n in TABLES[game].split(",")], 4)
    assert mode.reviewed is not None
    reviewed_game, result = mode.reviewed
    todo = retries(reviewed_game, result, 0)
    assert todo, "no marked decision to retry (choose another seed)"
    assert (
        "Review: that is all of the review; type mistakes to choose again at its marked "
        "decisions." in lines
    )
    door = GAMES[game].load()
    starts = [i for i, line in enumerate(lines) if line.startswith("Mistakes: ") and " of " in line]
    assert len(starts) == len(todo)
    for n, (start, retry) in enumerate(zip(starts, todo), 1):
        end = starts[n] if n < len(starts) else len(lines)
        part = lines[start:end]
        assert part[0].startswith(f"Mistakes: {n} of {len(todo)}: Ann, ")
        assert f"you chose {retry.reviewed.chosen} here." in part[0]
        view = retry.view
        # Only the player's own view: the table and the choices as it shows them.
        tables = [line for line in part if line.startswith("Table: ")]
        assert tables == [f"Table: {t}" for t in door.view_lines(view, "table")]
        listed = [m for m in map(_CHOICE.match, part) if m]
        assert [m.group(2) for m in listed] == [
            door.action_words(view, a) for a in mode.distinct(view)
        ]
        # The answer: the review's own figures for the choice made.
        told = next(line for line in part if line.startswith("Answer: "))
        action = mode.distinct(view)[picked[n - 1] - 1]
        assert told == f"Answer: {answer(reviewed_game, retry, action).text}"
        assert f"Best: {best_words(retry)}" in part
    assert (
        lines.count("Hint: no hint while you choose again: the answer says the review's best.") == 1
    )
    assert "Mistakes: that was Ann's last marked decision; back at the review." in lines


def test_with_two_people_the_player_is_chosen_and_back_returns_to_the_review(
    monstertrick_home: Path,
) -> None:
    game = "monster-taking"
    session = Session.start(parse_seats(["Ann", "Bob"], game=game), 5, None, game=game)
    rng = random.Random(5)
    asked: list[str] = []

    def reply(lines: list[str]) -> str | None:
        last = lines[-1]
        if last.startswith("Prompt: Type review for the review"):
            asked.append("closing")
            return ["review", "mistakes", ""][min(len(asked) - 1, 2)]
        if last.startswith("Prompt: type the person's number"):
            return "2"
        if last.startswith("Prompt: Press Enter for the next one") or last.startswith(
            "Prompt: Press Enter to go back"
        ):
            return "back"
        if len(asked) and last.startswith("Prompt: type a number"):
            return "1"
        return random_answer(lines, rng)

    lines: list[str] = []
    mode = LineMode(session, lines.append, lambda: reply(lines), table=session)
    mode.review_settings = TINY
    assert mode.run()
    assert mode.reviewed is not None
    marked = len(retries(*mode.reviewed, 1))
    assert "Mistakes: whose marked decisions? Only that person should listen then." in lines
    assert any(line.startswith("2. Bob, ") for line in lines)
    if marked:
        assert any(line.startswith(f"Mistakes: 1 of {marked}: Bob, ") for line in lines)
        assert "Mistakes: back at the review." in lines
    else:
        assert "Mistakes: Bob has no marked decision to choose again." in lines
    assert lines[-1].startswith("Prompt: Type review for the review")


def test_mistakes_before_a_review_says_to_review_first(monstertrick_home: Path) -> None:
    game = "monster-taking"
    session = Session.start(parse_seats(["Ann", "Bob:easy"], game=game), 2, None, game=game)
    lines: list[str] = []
    answers = iter(["mistakes"])
    mode = LineMode(session, lines.append, lambda: next(answers, None), table=session)
    assert not mode.run()
    assert any(line.startswith("Mistakes: type review first") for line in lines)
