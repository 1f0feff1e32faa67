"""Computer players for Magic Trick: ``easy``, ``medium`` and ``hard`` (``hard:N``,
``hard:Ss``; the grammar of every game, :mod:`monstertrick.levels`).

Every bot decides from the public :class:`~.views.View` (there is nothing private in
Magic Trick: nobody sees the values in any hand, their own included) and the
``random.Random`` it is given, and returns one of ``view.legal_actions``.

* ``easy`` plays a random legal card, and now and then sleeves the card whose likely
  value is closest to a rough guess of its tricks.
* ``medium`` reads the exact value range of each card of its hand from the public
  information (:func:`~.deduce.value_ranges`), estimates how many tricks its hand will
  take, sleeves the card that best matches that estimate once the match is good enough
  (or time runs out), and then plays toward its bid: to win a trick when it needs more,
  to lose one otherwise.
* ``hard`` is the shared search of every game's hard player
  (:func:`monstertrick.search.analyse`, adapter :mod:`.search`): for each decision
  it samples worlds consistent with the view (:class:`~.determinize.Determinizer`),
  tries the legal actions by UCB1 (medium's choice first), finishes the hand with
  random legal actions (:func:`~.playout.playout`) and keeps the action with the best
  chance to win the game: the win itself after the last hand, an estimate from the
  totals before. ``hard:N`` uses N playouts per decision, reproducibly given the rng;
  ``hard:Ss`` as many as S seconds allow.
  (Against three medium players, ``hard:200`` won 83.5% of 100 games, seed 1; the
  flat search for the best final margin it replaced won 83.0%.)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Protocol, runtime_checkable

from ....levels import Level, parse_level
from ....search import Option
from ....search.assess import HINT_SECONDS, Advice
from ..engine.cards import HAND_SIZE, NUM_PLAYERS, NUM_TRICKS, PASS, TRUMP, Action, Suit
from ..engine.deduce import value_ranges
from ..engine.views import Phase, View

StopCheck = Callable[[], bool]
"""Returns True when the caller wants the decision now."""

LEVELS = ("easy", "medium", "hard")
DEFAULT_PLAYOUTS = 1000
HINT_PLAYOUTS = 20 * DEFAULT_PLAYOUTS
"""A hint's search stops after this many playouts if its time is not up before."""

Ranges = tuple[tuple[tuple[int, int] | None, ...], ...]


@runtime_checkable
class Bot(Protocol):
    name: str

    def choose_action(
        self, view: View, rng: random.Random, stop: StopCheck | None = None
    ) -> Action:
        """One of ``view.legal_actions`` (it is ``view.current_player``'s turn)."""
        ...


def _mover(view: View) -> int:
    if view.current_player is None or not view.legal_actions:
        raise ValueError("nobody is to move in this view")
    return view.current_player


def _mid(r: tuple[int, int] | None) -> float:
    assert r is not None
    return (r[0] + r[1]) / 2


def _share_above(r: tuple[int, int] | None, value: int) -> float:
    """The share of a card's possible values (taken as equally likely) above ``value``."""
    assert r is not None
    lo, hi = r
    if lo > value:
        return 1.0
    if hi <= value:
        return 0.0
    return (hi - value) / (hi - lo + 1)


def win_chance(suit: Suit, r: tuple[int, int] | None) -> float:
    """A rough chance that a card takes a trick over the whole hand."""
    m = _mid(r)
    if suit is TRUMP:
        return 0.25 + 0.1 * m
    return 0.03 + 0.35 * (m / 7) ** 2


def projected_tricks(view: View, ranges: Ranges, p: int, without: int | None = None) -> float:
    """Tricks won so far plus what the cards still in hand look likely to take."""
    seat = view.seats[p]
    return seat.tricks + sum(
        win_chance(seat.spots[i].suit, ranges[p][i]) for i in seat.in_hand if i != without
    )


def best_sleeve(view: View, ranges: Ranges, p: int) -> tuple[int, float]:
    """The hand position whose likely value best matches the projected tricks, and how
    far off it is (value uncertainty included)."""
    best = (-1, float("inf"))
    for i in view.seats[p].in_hand:
        r = ranges[p][i]
        assert r is not None
        cost = abs(_mid(r) - projected_tricks(view, ranges, p, without=i)) + (r[1] - r[0]) / 4
        if cost < best[1]:
            best = (i, cost)
    return best


def trick_winner(view: View) -> tuple[int, int, int] | None:
    """The current trick's (winning player, suit, value), or None when it is empty."""
    if not view.trick or view.led is None:
        return None
    best = None
    for tc in view.trick:
        s, v = tc.card >> 3, tc.card & 7
        key = v + (16 if s == TRUMP else 8 if s == view.led else 0)
        if best is None or key > best[0]:
            best = (key, tc.player, s, v)
    assert best is not None
    return best[1], best[2], best[3]


def take_chance(view: View, ranges: Ranges, p: int, pos: int) -> float:
    """A rough chance that playing ``pos`` now wins the current trick."""
    suit = view.suit_at(p, pos)
    r = ranges[p][pos]
    later = NUM_PLAYERS - 1 - len(view.trick)
    current = trick_winner(view)
    if current is None:
        return win_chance(suit, r)
    _, bsuit, bvalue = current
    if suit is TRUMP:
        beat = 1.0 if bsuit != TRUMP else _share_above(r, bvalue)
    elif suit == view.led and bsuit != TRUMP:
        beat = _share_above(r, bvalue)
    else:
        beat = 0.0
    return beat * (0.8 if suit is TRUMP else 0.6) ** later


class EasyBot:
    """Legal, with a little sense."""

    name = "easy"

    def choose_action(
        self, view: View, rng: random.Random, stop: StopCheck | None = None
    ) -> Action:
        p = _mover(view)
        legal = view.legal_actions
        if view.phase is Phase.SLEEVE:
            seat = view.seats[p]
            left = len(seat.in_hand)
            if left > 3 and rng.random() < 0.7:
                return PASS
            guess = seat.tricks + (NUM_TRICKS - view.trick_number) / NUM_PLAYERS
            # Hand positions say roughly how high a card is: low on the left.
            pos = min(seat.in_hand, key=lambda i: abs(i * 7 / (HAND_SIZE - 1) - guess))
            return Action.sleeve(pos)
        return legal[int(rng.random() * len(legal))]


class MediumBot:
    """Bids from the value ranges of its hand and plays toward its bid."""

    name = "medium"

    def choose_action(
        self, view: View, rng: random.Random, stop: StopCheck | None = None
    ) -> Action:
        p = _mover(view)
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        ranges = value_ranges(view)
        seat = view.seats[p]
        if view.phase is Phase.SLEEVE:
            pos, cost = best_sleeve(view, ranges, p)
            left = len(seat.in_hand)
            patience = 0.6 + 0.15 * view.trick_number
            if cost <= patience or left <= 3:
                return Action.sleeve(pos)
            return PASS
        if seat.bid is not None:
            target = float(seat.bid)
        else:
            pos, _ = best_sleeve(view, ranges, p)
            target = projected_tricks(view, ranges, p, without=pos)
        want = seat.tricks < round(target)
        scored = []
        for a in legal:
            pos = a % HAND_SIZE
            chance = take_chance(view, ranges, p, pos)
            m = _mid(ranges[p][pos])
            trump = view.suit_at(p, pos) is TRUMP
            if want:
                # The likeliest winner; among sure ones the cheapest.
                key = (chance, -m if chance >= 0.99 else m, rng.random())
            else:
                # The likeliest loser; shed high cards (trumps last) when it is safe.
                key = (-chance, (m - (8 if trump else 0)) if chance == 0 else -m, rng.random())
            scored.append((key, a))
        return max(scored)[1]


class HardBot:
    """The shared search (:func:`monstertrick.search.analyse`) playing to win the game:
    UCB1 over the legal actions on determinized worlds, random playouts to the end of
    the hand, the win (last hand) or an estimate of the chance to win (earlier) as the
    reward (:mod:`.search`); medium's choice tried first."""

    def __init__(self, playouts: int | None = None, *, seconds: float | None = None) -> None:
        if playouts is None and seconds is None:
            playouts = DEFAULT_PLAYOUTS
        if playouts is not None and playouts < 1:
            raise ValueError("the number of playouts must be at least 1")
        self.playouts = playouts
        self.seconds = seconds
        self.name = (
            "hard" if playouts == DEFAULT_PLAYOUTS else str(Level("hard", playouts, seconds))
        )

    def analyse(
        self, view: View, rng: random.Random, stop: StopCheck | None = None
    ) -> list[Option[Action]]:
        """Every legal action with its visits and estimated chance to win, best first."""
        from ....search import Budget, analyse
        from .search import MagicTrickSearch

        first = MediumBot().choose_action(view, rng)
        game = MagicTrickSearch(view, first=first)
        # Flat (UCB1 over the legal actions): as measured against medium below.
        budget = Budget(iterations=self.playouts, seconds=self.seconds)
        return analyse(game, rng, budget, stop, depth=1)

    def advise(
        self,
        view: View,
        rng: random.Random,
        stop: StopCheck | None = None,
        seconds: float = HINT_SECONDS,
    ) -> list[Advice[Action]]:
        """A hint: the search of :meth:`analyse` (medium's choice tried first, the same
        flat UCB1) for up to ``seconds`` (and :data:`HINT_PLAYOUTS` playouts), each legal
        action with its chance, the points the player scores this hand after it on
        average, and the noise of its difference to the best
        (:mod:`monstertrick.search.assess`)."""
        from ....search import Budget, analyse
        from ....search.assess import Common, Watched, advise
        from .search import MagicTrickSearch

        first = MediumBot().choose_action(view, rng)
        game = MagicTrickSearch(view, first=first)
        watched = Watched(game, game.points, Common.NONE)
        budget = Budget(seconds=seconds, enough=HINT_PLAYOUTS)
        return advise(analyse(watched, rng, budget, stop, depth=1), watched)

    def choose_action(
        self, view: View, rng: random.Random, stop: StopCheck | None = None
    ) -> Action:
        _mover(view)
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        options = self.analyse(view, rng, stop)
        return options[0].action if options else legal[0]


def margin(totals: Sequence[int], p: int) -> int:
    """A player's total minus the best total of the others."""
    return totals[p] - max(t for q, t in enumerate(totals) if q != p)


def make_bot(spec: object) -> Bot:
    """The computer player for a level (:mod:`monstertrick.levels`): ``easy``,
    ``medium``, ``hard``, ``hard:N`` (N playouts per decision) or ``hard:Ss`` (a time
    budget of S seconds). Raises :class:`~monstertrick.levels.LevelError` (a
    ``ValueError``) saying why anything else is not a level."""
    level = parse_level(spec, LEVELS)
    if level.word == "easy":
        return EasyBot()
    if level.word == "medium":
        return MediumBot()
    return HardBot(level.playouts, seconds=level.seconds)


__all__ = [
    "LEVELS",
    "Bot",
    "EasyBot",
    "HardBot",
    "MediumBot",
    "make_bot",
    "margin",
    "projected_tricks",
    "take_chance",
    "trick_winner",
    "win_chance",
]
