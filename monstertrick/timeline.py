"""A game as a sequence of positions, for stepping through a replay: its frames in order,
and chapters (rounds, hands, games of a match) that each start with a deal.

Written once for every game, on its door (:meth:`Timeline.of`): each chapter is its
history made again from its deal (:meth:`~monstertrick.games.door.Door.chapter_steps`),
so no game writes a replay of its own and no rule is written here. Frame 0 of a chapter
is its deal (with the decisions a game shows within it, such as Monster Trick's VP rows:
:attr:`~monstertrick.games.door.Door.deal_tasks`), then one frame per decision. Each
frame holds a copy of the game after its step, who decided what and the events it
caused, so a viewer can jump anywhere without replaying anything twice. No Textual.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

if TYPE_CHECKING:
    from .games.contract import Action, State
    from .games.door import Door


class Step(Protocol):
    @property
    def is_deal(self) -> bool:
        """Whether this frame opens a chapter (a round's, hand's or game's deal)."""
        ...


F = TypeVar("F", bound=Step)
S = TypeVar("S")
A = TypeVar("A")
E = TypeVar("E")
# A game's state, actions and events, as its door has them.
GS = TypeVar("GS", bound="State[Any, Any, Any]")
GA = TypeVar("GA", bound="Action")
GE = TypeVar("GE")


@dataclass(frozen=True)
class Frame(Generic[S, A, E]):
    """One position of a replay: a chapter's deal (step 0), or the position after one
    decision."""

    chapter: int
    """The round, hand or game of the match, 1-based."""
    step: int
    """Its place in the chapter: 0 for the deal, then one per decision shown after it."""
    seat: int | None
    """Who decided (None for the deal)."""
    action: A | None
    """What they decided (None for the deal)."""
    state: S
    """The game after this step (a copy: do not change it)."""
    events: tuple[E, ...]

    @property
    def is_deal(self) -> bool:
        return self.step == 0


def _chapter_frames(
    door: Door[GS, GA, GE, Any, Any], state: GS, chapter: int
) -> list[Frame[GS, GA, GE]]:
    """The frames of one chapter: its deal (with the decisions the game shows within it:
    :attr:`~monstertrick.games.door.Door.deal_tasks`), then one per decision."""
    steps = door.chapter_steps(state, chapter)
    game, _, _, _, dealt = next(steps)
    deal = game.clone()
    shown = list(dealt)
    frames: list[Frame[GS, GA, GE]] = []
    for game, seat, task, action, events in steps:
        if not frames and task in door.deal_tasks:
            deal = game.clone()
            shown += events
            continue
        if not frames:
            frames.append(Frame(chapter, 0, None, None, deal, tuple(shown)))
        frames.append(Frame(chapter, len(frames), seat, action, game.clone(), tuple(events)))
    return frames or [Frame(chapter, 0, None, None, deal, tuple(shown))]


class Timeline(Generic[F]):
    """Every position of a game, in order."""

    def __init__(self, frames: Sequence[F]) -> None:
        if not frames:
            raise ValueError("a timeline needs at least one frame")
        self.frames = tuple(frames)

    @staticmethod
    def of(door: Door[GS, GA, GE, Any, Any], state: GS) -> Timeline[Frame[GS, GA, GE]]:
        """Every position of ``state``'s game, chapter by chapter: each chapter's history
        made again from its deal (:meth:`~monstertrick.games.door.Door.chapter_steps`)."""
        frames: list[Frame[GS, GA, GE]] = []
        for chapter in range(1, door.round_number(state) + 1):
            frames += _chapter_frames(door, state, chapter)
        return Timeline(frames)

    def __len__(self) -> int:
        return len(self.frames)

    def __getitem__(self, index: int) -> F:
        return self.frames[index]

    def chapter_starts(self) -> list[int]:
        """The index of every deal."""
        return [i for i, f in enumerate(self.frames) if f.is_deal]

    def next_chapter(self, index: int) -> int:
        """Index of the next deal after ``index`` (or the last frame)."""
        later = [i for i in self.chapter_starts() if i > index]
        return later[0] if later else len(self.frames) - 1

    def previous_chapter(self, index: int) -> int:
        """Index of this chapter's deal, or the previous one's if already there."""
        earlier = [i for i in self.chapter_starts() if i < index]
        return earlier[-1] if earlier else 0


def decisions_made(frames: Sequence[Frame[Any, Any, Any]]) -> list[int]:
    """For each frame, the decisions made in the game up to it, counted from the first
    deal over every chapter (a deal's frame counts the decisions the game shows within
    it: Monster Trick's VP rows): the number a replay viewer gives its steps, and that a
    game is played on from (:meth:`~monstertrick.games.door.Door.played_on`)."""
    made: list[int] = []
    before = 0  # the decisions of the chapters before the frame's
    chapter = frames[0].chapter if frames else 1
    last = 0
    for frame in frames:
        if frame.chapter != chapter:
            before += last
            chapter = frame.chapter
        last = frame.state.decisions
        made.append(before + last)
    return made
