"""What every game's replay timeline shares: its frames in order, and chapters (rounds,
hands, games of a match) that each start with a deal.

A game package builds its frames by playing its log again through its engine; this
module only holds them and finds the chapters. No Textual, no rules.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Generic, Protocol, TypeVar


class Step(Protocol):
    @property
    def is_deal(self) -> bool:
        """Whether this frame opens a chapter (a round's, hand's or game's deal)."""
        ...


F = TypeVar("F", bound=Step)


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
