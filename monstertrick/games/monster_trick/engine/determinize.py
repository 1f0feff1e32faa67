"""Determinization: full game states consistent with what one player may see.

OpenSpiel calls this ``ResampleFromInfostate``. The whole deck is dealt every round, so
the cards a player cannot see are exactly the other players' current hands; they are
dealt at random to the others in their hand sizes. The other players' VP rows are random
orders of the round's VP set with their face-up card (if any) in its place. Everything
public — the table, the cards played this round, tricks won, scores of earlier rounds,
turn and starting player — is as in the view, so ``determinize(view, rng).view(p) ==
view``.

Nothing else constrains the hidden cards: the colour rule is about the card and the
table, never about what else the player holds, so a play reveals no void.

Two things a view does not carry are filled in as follows. The trick counts of earlier
rounds are recorded as ``-1`` (only their scores are public in a view). The sampled state
has a fresh random seed, so :meth:`GameState.next_chapter` deals random later rounds.

:class:`Determinizer` does the work of rebuilding the round once per view and then
samples worlds by re-dealing the hidden cards on a clone, which is what a search that
samples thousands of worlds per decision needs.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from .actions import VP_ORDERS, Move
from .cards import Card, deck
from .state import GameState, RoundLog
from .views import Phase, PlayerView

__all__ = ["Determinizer", "determinize", "unseen_cards"]


def unseen_cards(view: PlayerView) -> list[Card]:
    """The cards ``view.player`` cannot see: the other players' hands, together, sorted."""
    seen = set(view.hand)
    seen.update(pc.card for pc in view.played)
    return [c for c in deck(view.num_players) if c not in seen]


def _check(view: PlayerView, unseen: Sequence[Card]) -> None:
    n = view.num_players
    others = sum(view.hand_sizes[p] for p in range(n) if p != view.player)
    if others != len(unseen) or len(view.hand) != view.hand_sizes[view.player]:
        raise ValueError(
            "the view is inconsistent: the other hands hold "
            f"{others} cards but {len(unseen)} cards are unseen"
        )


def _possible_rows(view: PlayerView) -> list[list[tuple[int, int, int]] | None]:
    """The VP rows the others may have: fixed (round over), or every order that puts the
    cards seen face up this round in their places; None for a player who has not
    arranged (and for the viewer)."""
    r = view.round - 1
    rows: list[list[tuple[int, int, int]] | None] = []
    for p in range(view.num_players):
        if p == view.player:
            rows.append(None)
        elif view.revealed is not None:
            rows.append([view.revealed[p]])
        elif not view.arranged[p]:
            rows.append(None)
        else:
            seen = view.vp_seen[p]
            rows.append(
                [
                    row
                    for row in VP_ORDERS[r]
                    if all(v is None or row[i] == v for i, v in enumerate(seen))
                ]
            )
    return rows


class Determinizer:
    """Samples full states consistent with one view; the expensive part is done once."""

    __slots__ = ("view", "_base", "_unseen", "_others", "_rows")

    def __init__(self, view: PlayerView) -> None:
        self.view = view
        n = view.num_players
        me = view.player
        unseen = unseen_cards(view)
        _check(view, unseen)
        self._unseen = unseen
        self._others = [p for p in range(n) if p != me]
        r = view.round - 1
        rows = _possible_rows(view)
        self._rows = rows

        # Rebuild the round from its deal: every hand as it is now (the others' from the
        # unseen cards in any order) plus the cards each seat played this round.
        hands: list[list[Card]] = [[] for _ in range(n)]
        hands[me] = list(view.hand)
        rest = iter(unseen)
        for p in self._others:
            hands[p] = [next(rest) for _ in range(view.hand_sizes[p])]
        for pc in view.played:
            hands[pc.player].append(pc.card)
        game = GameState.__new__(GameState)
        game._names = view.players
        game._n = n
        game._first = (view.starting_player - r) % n
        game._seed = None
        game._round = r - 1
        game._results = [(tuple([-1] * n), tuple(s)) for s in view.round_scores[:r]]
        game._log = []
        game._start_round(hands)
        for p in range(n):
            if p == me:
                game._arr[p] = view.arrangement
            elif rows[p] is not None:
                game._arr[p] = rows[p][0]  # type: ignore[index]
        # The rows asked for as the true game asks: those laid, the seat to decide, the rest.
        game._arranged = [p for p in game._order if game._arr[p] is not None]
        waiting = [p for p in game._order if game._arr[p] is None]
        if view.current_player in waiting:
            waiting.remove(view.current_player)
            waiting.insert(0, view.current_player)
        game._order = (*game._arranged, *waiting)
        if None not in game._arr:
            game._phase = Phase.PLAYING
        elif view.played:
            raise ValueError("the view is inconsistent: cards were played before arranging")
        for pc in view.played:
            if game._to_move != pc.player:
                raise ValueError("the view is inconsistent: the played cards are out of turn")
            game.push(Move.of(pc.card, pc.slot))
        if game._phase is not view.phase:
            raise ValueError("the view is inconsistent: its phase does not follow its moves")
        self._base = game

    def sample(self, rng: random.Random) -> GameState:
        """A full state consistent with the view, the hidden cards dealt by ``rng``."""
        view = self.view
        game = self._base.clone()
        unseen = self._unseen[:]
        rng.shuffle(unseen)
        hands = game._hands
        sizes = view.hand_sizes
        start = 0
        for p in self._others:
            size = sizes[p]
            hand = unseen[start : start + size]
            hand.sort()
            hands[p] = hand
            start += size
        arr = game._arr
        for p, rows in enumerate(self._rows):
            if rows is not None:
                arr[p] = rows[0] if len(rows) == 1 else rows[rng.randrange(len(rows))]
        # The round's deal as it must have been in this world, for records.
        dealt = [list(h) for h in hands]
        for pc in view.played:
            dealt[pc.player].append(pc.card)
        game._log[-1] = RoundLog(tuple(tuple(sorted(h)) for h in dealt), arr, game._moves)
        game._seed = rng.getrandbits(64)
        return game


def determinize(view: PlayerView, rng: random.Random) -> GameState:
    """A full game state consistent with ``view``, hidden cards and VP rows at random.

    ``determinize(view, rng).view(view.player) == view`` always holds.
    """
    return Determinizer(view).sample(rng)
