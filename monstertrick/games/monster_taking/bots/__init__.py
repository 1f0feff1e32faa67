"""Computer players for Monster Taking.

A bot decides from its seat's :class:`~.state.PlayerView` alone and the
``random.Random`` it is given, so it cannot cheat and is reproducible. Levels:

``easy``
    legal and a little sensible: wins a trick it can win with its lowest winning card,
    otherwise throws its lowest card; random strength card and payment.
``medium``
    heuristics: lays a strength card from its best suit (and, second, beats LEAD's card
    cheaply when that makes its own best suit Highest), leads cards that no unseen card
    beats, wins tricks cheaply (making the loser owe most), loses them owing least, and
    pays with the least valuable legal set (fewest cards, then weakest).
``hard`` / ``hard:N`` / ``hard:Ss`` (written as in every game, :mod:`monstertrick.levels`)
    the project's shared search (:func:`monstertrick.search.analyse`) over the game as
    :class:`~.search.MonsterTakingSearch` sees it from the seat's view: ``N`` (default
    1000) playouts per decision (or as many as ``S`` seconds allow), flat with common
    random numbers (``paired``). Each
    determinized world (:class:`~.determinize.Determinizer`) is played out once after
    every candidate action, with the same random choices for all of them, to the end of
    the game by :func:`~.playout.greedy_playout` (followers win cheaply when they can);
    the action with the best share of won games (a draw counts half) is chosen,
    medium's own first choice starting a tenth of a game per world ahead
    (:data:`MEDIUM_HEAD_START`), so that sampling noise alone never overrules it.
    Candidates are medium's ranking, payments cut to medium's six cheapest.
    Chosen by measurement against the shared tree search (ISMCTS, exploration 0.3, 0.5
    and 0.7) at equal playouts: ``monstertrick arena --game monster-taking --seats
    hard:200,medium`` won 63.7% of 600 matches (seeds 1 and 2, 200 each; 3 and 4, 100
    each), the tree 63.0-63.5% (0.5, 0.7): a tie; with 100 matches, seed 1, 61%
    (66% with 200). At the default 1000 playouts, 40 matches (seed 1): 75% against
    the tree's 65%, median decision 103 ms against 116 ms.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from ....levels import Level, level_problem, parse_level
from ..engine.cards import DOTS, FULL_DECK, Card
from ..engine.state import Action, Pay, Phase, Play, PlayerView

__all__ = [
    "Bot",
    "EasyBot",
    "HardBot",
    "MediumBot",
    "bot_level_problem",
    "cheapest_payments",
    "make_bot",
]

StopCheck = Callable[[], bool]

LEVELS = ("easy", "medium", "hard")
"""The levels a player may choose, weakest first."""
DEFAULT_PLAYOUTS = 1000
HINT_PLAYOUTS = 20 * DEFAULT_PLAYOUTS
"""A hint's search stops after this many playouts if its time is not up before."""
PAYMENT_CANDIDATES = 6
MEDIUM_HEAD_START = 0.1
"""Won games per world credited to medium's first choice before the search."""


class Bot:
    """A computer player: :meth:`choose` is one of ``view.legal_actions``."""

    name = "bot"

    def choose(self, view: PlayerView, rng: random.Random, stop: StopCheck | None = None) -> Action:
        raise NotImplementedError


def _actions(view: PlayerView) -> tuple[Action, ...]:
    if view.player is None or view.current_player != view.player or not view.legal_actions:
        raise ValueError("a bot decides only when it is its seat's turn")
    return view.legal_actions


def _rank(view: PlayerView) -> list[int]:
    """Rank per suit, 0 Highest (all 1 before the suits are ranked)."""
    if view.order is None:
        return [1, 1, 1]
    rank = [0, 0, 0]
    for r, suit in enumerate(view.order):
        rank[suit] = r
    return rank


def _beats(lead: int, follow: int, rank: Sequence[int]) -> bool:
    """The follower's card wins the trick."""
    if lead >> 4 == follow >> 4:
        return follow > lead
    return rank[follow >> 4] < rank[lead >> 4]


def _unseen(view: PlayerView) -> set[Card]:
    """Cards the seat has not seen (the opponent's hand, their discards, the DECK)."""
    seen: set[Card] = set(view.hand or ()) | set(view.discards or ()) | set(view.strength)
    for t in view.tricks:
        seen.add(t.lead)
        if t.follow is not None:
            seen.add(t.follow)
        if t.cards is not None:
            seen.update(t.cards)
    return {c for c in FULL_DECK if c not in seen}


def _strength(card: int, rank: Sequence[int]) -> int:
    """How much a card is worth keeping: its value, more in stronger suits."""
    return (card & 15) + 6 * (2 - rank[card >> 4])


def _suit_values(hand: Sequence[Card]) -> list[int]:
    values = [0, 0, 0]
    for c in hand:
        values[c >> 4] += 4 + (c & 15)
    return values


def _pay_cost(action: Action, rank: Sequence[int]) -> tuple[int, int]:
    """How much a payment costs the payer: how many cards, then how strong they are."""
    cards: tuple[Card, ...] = action.cards if isinstance(action, Pay) else ()
    return (len(cards), sum(_strength(c, rank) for c in cards))


class EasyBot(Bot):
    name = "easy"

    def choose(self, view: PlayerView, rng: random.Random, stop: StopCheck | None = None) -> Action:
        actions = _actions(view)
        if view.phase is Phase.PLAY and view.tricks and view.tricks[-1].follow is None:
            lead = view.tricks[-1].lead
            rank = _rank(view)
            plays = [a for a in actions if isinstance(a, Play)]
            winners = [a for a in plays if _beats(lead, a.card, rank)]
            if winners:
                return min(winners, key=lambda a: (a.card & 15, a.card))
            return min(plays, key=lambda a: (a.card & 15, a.card))
        return actions[int(rng.random() * len(actions))]


class MediumBot(Bot):
    name = "medium"

    def choose(self, view: PlayerView, rng: random.Random, stop: StopCheck | None = None) -> Action:
        return self.ranked(view, rng)[0]

    def ranked(self, view: PlayerView, rng: random.Random) -> list[Action]:
        """The legal actions, best first by medium's heuristics (ties at random)."""
        actions = list(_actions(view))
        rng.shuffle(actions)
        if view.phase is Phase.STRENGTH:
            return sorted(actions, key=lambda a: self._strength_cost(view, a))
        if view.phase is Phase.PAY:
            rank = _rank(view)
            return sorted(actions, key=lambda a: _pay_cost(a, rank))
        rank = _rank(view)
        trick = view.tricks[-1] if view.tricks else None
        if trick is not None and trick.follow is None:
            lead = trick.lead

            def follow_key(a: Action) -> tuple[int, int, int]:
                c = a.card  # type: ignore[union-attr]
                d = abs(DOTS[lead] - DOTS[c])
                if _beats(lead, c, rank):
                    return (0, -d, _strength(c, rank))
                return (1, d, _strength(c, rank))

            return sorted(actions, key=follow_key)
        unseen = _unseen(view)

        def lead_key(a: Action) -> tuple[int, int, int]:
            c = a.card  # type: ignore[union-attr]
            threats = sum(1 for u in unseen if _beats(c, u, rank) and u >> 4 == c >> 4)
            return (threats + rank[c >> 4], -DOTS[c], c & 15)

        return sorted(actions, key=lead_key)

    @staticmethod
    def _strength_cost(view: PlayerView, action: Action) -> tuple[int, int]:
        card = action.card  # type: ignore[union-attr]
        hand = view.hand or ()
        values = _suit_values(hand)
        best = max(range(3), key=lambda s: values[s])
        if not view.strength:
            # LEAD: the highest card of the best suit.
            return (0 if card >> 4 == best else 1, -(card & 15))
        first = view.strength[0]
        others = sorted((s for s in range(3) if s != first >> 4), key=lambda s: -values[s])
        if card >> 4 == others[0] and card & 15 > first & 15:
            return (0, card & 15)  # the cheapest card that makes our best suit Highest
        if card >> 4 == others[1]:
            return (1, card & 15)  # keep the best suit's cards: give the weaker one
        return (2, card & 15)


class HardBot(Bot):
    search_options: ClassVar[dict[str, Any]] = {"paired": True, "head_start": MEDIUM_HEAD_START}
    """How :func:`monstertrick.search.analyse` searches (chosen by measurement)."""

    def __init__(self, playouts: int | None = None, *, seconds: float | None = None) -> None:
        if playouts is None and seconds is None:
            playouts = DEFAULT_PLAYOUTS
        if playouts is not None and playouts < 1:
            raise ValueError("a hard bot needs at least 1 playout")
        self.playouts = playouts
        self.seconds = seconds
        self.name = (
            "hard" if playouts == DEFAULT_PLAYOUTS else str(Level("hard", playouts, seconds))
        )

    def choose(self, view: PlayerView, rng: random.Random, stop: StopCheck | None = None) -> Action:
        return self.analyse(view, rng, stop, forced_too=False)[0][0]

    def analyse(
        self,
        view: PlayerView,
        rng: random.Random,
        stop: StopCheck | None = None,
        *,
        forced_too: bool = True,
    ) -> list[tuple[Action, float]]:
        """The candidate actions, best first, each with its estimated chance to win this
        game of the match (a draw counts half). A single candidate is searched only with
        ``forced_too``; candidates a stopped search did not reach follow in medium's
        order, at 0.5."""
        from ....search import Budget, analyse
        from .search import MonsterTakingSearch

        game = MonsterTakingSearch(view, rng)
        ranked = game.root_actions
        if len(ranked) == 1 and not forced_too:
            return [(ranked[0], 0.0)]
        budget = Budget(iterations=self.playouts, seconds=self.seconds)
        options = analyse(game, rng, budget, stop, **self.search_options)
        out = [(o.action, o.value) for o in options]
        searched = {o.action for o in options}
        out += [(a, 0.5) for a in ranked if a not in searched]
        return out

    def advise(
        self,
        view: PlayerView,
        rng: random.Random,
        stop: StopCheck | None = None,
        seconds: float | None = None,
    ) -> list[Any]:
        """A hint: the search of :meth:`analyse` (the same candidates on paired worlds,
        but without medium's head start) for up to ``seconds`` (default: a hint's time) and
        :data:`HINT_PLAYOUTS` playouts, each candidate as an
        :class:`~monstertrick.search.assess.Advice`: its chance to win this game, the
        cards it leaves the player ahead when the game ends on average, and the noise
        of its difference to the best. Candidates a stopped search did not reach follow
        in medium's order, at 0.5."""
        from ....search import Budget, analyse
        from ....search.assess import HINT_SECONDS, Advice, Common, Watched, advise
        from .search import MonsterTakingSearch

        game = MonsterTakingSearch(view, rng)
        watched = Watched(game, game.points, Common.TURNS)
        budget = Budget(seconds=seconds or HINT_SECONDS, enough=HINT_PLAYOUTS)
        # No head start for medium's choice: with this many playouts the measurement
        # decides, and the options are listed by their chances.
        options = analyse(watched, rng, budget, stop, paired=True)
        out: list[Any] = advise(options, watched)
        searched = {o.action for o in options}
        out += [Advice(a, 0.5) for a in game.root_actions if a not in searched]
        return out


def cheapest_payments(actions: Sequence[Action], rank: Sequence[int], k: int) -> list[Action]:
    """The ``k`` payments among ``actions`` that cost the payer least (fewest cards, then
    weakest, as medium pays), cheapest first."""
    return sorted(actions, key=lambda a: _pay_cost(a, rank))[:k]


def bot_level_problem(spec: object) -> str | None:
    """Why ``spec`` is not a level (:mod:`monstertrick.levels`), or None."""
    return level_problem(spec, LEVELS)


def make_bot(spec: object) -> Bot:
    """The bot of a level (:mod:`monstertrick.levels`): ``easy``, ``medium``, ``hard``,
    ``hard:N`` or ``hard:Ss``; raises :class:`~monstertrick.levels.LevelError` (a
    ``ValueError``) saying why anything else is not a level."""
    level = parse_level(spec, LEVELS)
    if level.word == "easy":
        return EasyBot()
    if level.word == "medium":
        return MediumBot()
    return HardBot(level.playouts, seconds=level.seconds)
