"""Monster Taking as the shared search (:mod:`monstertrick.search`) sees it from one view.

The rules stay in the engine: worlds come from its :class:`~.determinize.Determinizer`,
actions are applied with :meth:`~..engine.state.MatchState.push`, games are finished by the
bots' :func:`~.playout.greedy_playout` (or, for the hard player, the
perfect-information :func:`~.playout.perfect_playout`), and the legal actions are the
engine's (:meth:`~..engine.state.MatchState.legal_actions`). A game's end is worth, per seat, 1
to its winner, 0 to the loser and a half each for a drawn game: the search plays to win
the current game of the match.

What this module adds is which actions are worth searching: at the root, medium's
ranking (:meth:`~.medium.MediumBot.ranked`), payments cut to medium's
:data:`PAYMENT_CANDIDATES` cheapest; below the root, every legal strength card
and play, and payments cut to the :data:`TREE_PAYMENTS` cheapest
(:func:`~.tactics.cheapest_payments`), so that a tree over a game does not branch on every
one of up to 162 ways to pay.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ....search import SeatSearch
from ..engine.actions import Action
from ..engine.determinize import Determinizer
from ..engine.playout import greedy_playout, perfect_playout
from ..engine.state import MatchState
from ..engine.views import Phase, PlayerView
from .medium import MediumBot
from .tactics import cheapest_payments

__all__ = [
    "PAYMENT_CANDIDATES",
    "TREE_PAYMENTS",
    "MonsterTakingSearch",
]

PAYMENT_CANDIDATES = 6
"""How many payments (medium's cheapest) the search tries at the root."""
TREE_PAYMENTS = 3
"""How many payments (the cheapest) the tree tries below the root."""

_PAY = Phase.PAY
_GAME_OVER = Phase.GAME_OVER
_MATCH_OVER = Phase.MATCH_OVER


class MonsterTakingSearch(SeatSearch[MatchState, Action]):
    """:class:`~monstertrick.search.SearchGame` for ``view.viewer``, whose decision it is.

    ``rng`` breaks medium's ties in the order of the root actions (the first is what the
    search plays when it has no time at all). With ``every``, the search tries every
    legal action, payments too, in the engine's order, at the root and below (the
    arena's yardsticks: no two actions of Monster Taking do the same). With ``perfect``,
    worlds are finished by :func:`~..engine.playout.perfect_playout` instead of the
    greedy playout.
    """

    def __init__(
        self, view: PlayerView, rng: random.Random, *, every: bool = False, perfect: bool = False
    ) -> None:
        if view.viewer is None or view.current_player != view.viewer or not view.legal_actions:
            raise ValueError("the search decides only when it is its seat's turn")
        super().__init__(view.viewer, Determinizer(view))
        self._every = every
        self._perfect = perfect
        if every:
            ranked = list(view.legal_actions)
        else:
            ranked = MediumBot().ranked(view, rng)
            if view.phase is _PAY:
                ranked = ranked[:PAYMENT_CANDIDATES]
        self.root_actions: tuple[Action, ...] = tuple(ranked)
        # The root is the position after this many actions of the current game.
        self._root = len(view.strength) + sum(
            1 + (t.follow is not None) + (t.paid is not None) for t in view.tricks
        )
        # The next trick to be decided: the one in play, or (a strength card to lay, a
        # trick to lead or pay for) the next one.
        self._next_trick = len(view.tricks) - (
            1 if view.tricks and view.tricks[-1].follow is None else 0
        )
        self._payments: dict[tuple[tuple[int, ...], int, tuple[int, ...]], list[Action]] = {}

    def round_over(self, world: MatchState) -> bool:
        phase = world._phase
        return phase is _GAME_OVER or phase is _MATCH_OVER

    def to_move(self, world: MatchState) -> int:
        return world._to_move

    def actions(self, world: MatchState) -> Sequence[Action]:
        if len(world._history) == self._root:
            return self.root_actions
        if world._phase is _PAY and not self._every:
            hand = world._hands[world._to_move]
            owed = world._log.tricks[-1].owed or 0
            key = (tuple(hand), owed, tuple(world._rank))
            found = self._payments.get(key)
            if found is None:
                found = cheapest_payments(world.legal_actions(), world._rank, TREE_PAYMENTS)
                self._payments[key] = found
            return found
        return world.legal_actions()

    def playout(self, world: MatchState, rng: random.Random) -> None:
        if self._perfect:
            perfect_playout(world, rng)
        else:
            greedy_playout(world, rng)

    def points(self, world: MatchState) -> float:
        """How many cards the searching player is ahead when the game ends in ``world``:
        the cards left in their hand minus the other player's (the loser has none)."""
        result = world.game_result()
        assert result is not None, "the cards left of an unfinished game"
        me = self._player
        return float(result.cards_left[me] - result.cards_left[1 - me])

    def tally(self, world: MatchState) -> tuple[int, int, int, int]:
        """How the game just finished in ``world`` went on for the searching player (a
        hint's reason: the door's ``tally_fields``): whether they won the next trick
        decided after the root (1, 0 lost, -1 none was), its dots, the cards left in
        their hand at the end, and the suit that was Highest."""
        me = self._player
        tricks = world._log.tricks
        k = self._next_trick
        if k < len(tricks) and tricks[k].winner is not None:
            trick = tricks[k]
            won, dots = int(trick.winner == me), trick.owed or 0
        else:
            won, dots = -1, 0
        result = world.game_result()
        assert result is not None, "the tally of an unfinished game"
        return won, dots, result.cards_left[me], int(result.order[0])

    def rewards(self, world: MatchState) -> Sequence[float]:
        result = world.game_result()
        assert result is not None, "rewards of an unfinished game"
        if result.winner is None:
            return (0.5, 0.5)
        return (1.0, 0.0) if result.winner == 0 else (0.0, 1.0)
