"""A game's end decided by a chain of criteria: the highest total wins; a tie goes to
the next criterion of the game (prestige bonuses, a round's score...), then the next;
seats still tied on every one share the victory.

:func:`break_ties` finds the winners and how far down the chain it went;
:class:`ChainOutcome` says it in words, each game giving its own: how a total reads,
what broke the tie, and what the sharers were also tied on. Both also serve the
game-over event (:class:`GameOver`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import ClassVar, Generic, TypeVar

from .words import join_names


def break_ties(criteria: Sequence[Sequence[int]]) -> tuple[tuple[int, ...], int]:
    """The winners and the number of criteria it took to single one out.

    ``criteria[i][p]`` is seat ``p``'s value for the ``i``-th criterion (higher is
    better), the total first. Each criterion keeps only the best of the seats still
    tied. The count is ``i`` when the ``i``-th criterion left one seat, and
    ``len(criteria)`` when several are tied on all of them (a shared victory)."""
    tied = tuple(range(len(criteria[0])))
    for depth, values in enumerate(criteria):
        best = max(values[p] for p in tied)
        tied = tuple(p for p in tied if values[p] == best)
        if len(tied) == 1:
            return tied, depth
    return tied, len(criteria)


class ChainOutcome:
    """A finished game decided by a chain of criteria (a
    :class:`monstertrick.games.contract.Outcome`).

    A game's outcome (a frozen dataclass) holds ``scores``, ``winners`` and
    ``tie_break``, a member of its own enum of the ways the game is decided, listed in
    :attr:`chain`: by the total, by each tie-break criterion in turn, then shared (what
    :func:`break_ties` counts). It says in words how a total reads (:meth:`amount`),
    what won a tie (:meth:`tie_won`) and what the sharers also tie on
    (:meth:`also_tied`)."""

    __slots__ = ()

    chain: ClassVar[tuple[Enum, ...]]
    """The ways a game ends, in the order of :func:`break_ties`: by the total first,
    shared last."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]
    tie_break: Enum

    def amount(self, total: int) -> str:
        """A total in words (``"12 points"``)."""
        raise NotImplementedError

    def tie_won(self, names: Sequence[str]) -> str:
        """What won a tie on the total, the end of a sentence (``"by ..."``)."""
        raise NotImplementedError

    def also_tied(self) -> str:
        """What the sharers of a victory are also tied on, said after their total."""
        raise NotImplementedError

    def explain(self, names: Sequence[str]) -> str:
        """The result in words, the tie-break included."""
        won = join_names([names[w] for w in self.winners])
        amount = self.amount(self.scores[self.winners[0]])
        if self.tie_break is self.chain[0]:
            return f"{won} wins with {amount}."
        if self.tie_break is self.chain[-1]:
            return f"{won} share the victory with {amount} each{self.also_tied()}."
        return f"{won} wins the tie at {amount} {self.tie_won(names)}."


OutcomeT = TypeVar("OutcomeT", bound="ChainOutcome")


@dataclass(frozen=True, slots=True)
class GameOver(Generic[OutcomeT]):
    """The game is over: its outcome, explained. A game's own event subclasses it with
    its outcome's type."""

    outcome: OutcomeT

    def describe(self, names: Sequence[str]) -> str:
        return f"The game is over. {self.outcome.explain(names)}"
