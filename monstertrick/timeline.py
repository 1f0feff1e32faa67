"""What every game's replay timeline shares: its frames in order, and chapters (rounds,
hands, games of a match) that each start with a deal.

A game package builds its frames by playing its log again through its engine, one
chapter at a time (:func:`play_chapter`); this module holds them and finds the chapters.
No Textual, no rules.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

if TYPE_CHECKING:
    from typing_extensions import Self


class Step(Protocol):
    @property
    def is_deal(self) -> bool:
        """Whether this frame opens a chapter (a round's, hand's or game's deal)."""
        ...


F = TypeVar("F", bound=Step)
S = TypeVar("S")
A = TypeVar("A")
A_contra = TypeVar("A_contra", contravariant=True)
E = TypeVar("E")


@dataclass(frozen=True)
class Frame(Generic[S, A, E]):
    """One position of a replay: a chapter's deal (step 0), or the position after one
    decision."""

    chapter: int
    """The round, hand or game of the match, 1-based."""
    step: int
    """Decisions taken in this chapter so far (0 for the deal)."""
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


class Replayed(Protocol[A_contra, E]):
    """What :func:`play_chapter` needs of a game's state (the contract's verbs)."""

    @property
    def current_player(self) -> int | None: ...

    def push(self, action: A_contra, events: list[E] | None = None) -> None: ...

    def clone(self) -> Self: ...


W = TypeVar("W", bound=Replayed[Any, Any])
FrameT = TypeVar("FrameT", bound=Frame[Any, Any, Any])


def play_chapter(
    frame: Callable[[int, int, int | None, A | None, W, tuple[E, ...]], FrameT],
    state: W,
    chapter: int,
    dealt: Iterable[E],
    actions: Iterable[A],
) -> list[FrameT]:
    """The frames of one chapter of ``state``, just dealt (``dealt``: the deal's events):
    the deal, then one frame per action of ``actions`` carried out in ``state`` (an
    iterable that may look at ``state`` between actions: it is read one action at a
    time, each after the previous one is carried out)."""
    frames = [frame(chapter, 0, None, None, state.clone(), tuple(dealt))]
    for step, action in enumerate(actions, 1):
        seat = state.current_player
        events: list[E] = []
        state.push(action, events)
        frames.append(frame(chapter, step, seat, action, state.clone(), tuple(events)))
    return frames


class Timeline(Generic[F]):
    """Every position of a game, in order."""

    def __init__(self, frames: Sequence[F]) -> None:
        if not frames:
            raise ValueError("a timeline needs at least one frame")
        self.frames = tuple(frames)

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
