"""Little Tricks' computer players: ``easy`` (a random card), ``medium`` (the lowest
card that wins the trick, else the lowest) and ``hard`` (the shared search,
:func:`monstertrick.search.analyse`, with the levels' budgets)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from monstertrick.games.contract import StopCheck
from monstertrick.levels import Level, parse_level
from monstertrick.search import Budget, Option, analyse
from monstertrick.search.assess import Common, Watched
from monstertrick.search.player import HintSearch, SearchingPlayer

from .engine import ROUNDS, LittleTricks, Play, View, sample_world

LEVELS = ("easy", "medium", "hard")


class EasyBot:
    name = "easy"

    def choose(self, view: View, rng: random.Random, stop: StopCheck | None = None) -> Play:
        return rng.choice(view.legal_actions)


class MediumBot:
    name = "medium"

    def choose(self, view: View, rng: random.Random, stop: StopCheck | None = None) -> Play:
        legal = sorted(view.legal_actions, key=lambda a: a.card.value)
        if view.trick:
            led = view.trick[0][1].suit
            best = max(c.value for _, c in view.trick if c.suit == led)
            winning = [a for a in legal if a.card.suit == led and a.card.value > best]
            if winning:
                return winning[0]
        return legal[0]


class Search:
    """Little Tricks as the shared search sees it from ``view``."""

    def __init__(self, view: View) -> None:
        assert view.current_player is not None
        self.player = view.current_player
        self._view = view

    def sample(self, rng: random.Random) -> LittleTricks:
        return sample_world(self._view, rng)

    def round_over(self, world: LittleTricks) -> bool:
        return world.chapter_over()

    def to_move(self, world: LittleTricks) -> int:
        assert world.to_move is not None
        return world.to_move

    def actions(self, world: LittleTricks) -> Sequence[Play]:
        return world.legal_actions()

    def apply(self, world: LittleTricks, action: Play) -> None:
        world.push(action)

    def playout(self, world: LittleTricks, rng: random.Random) -> None:
        while not world.chapter_over():
            world.push(rng.choice(world.legal_actions()))

    def points(self, world: LittleTricks) -> float:
        return float(world.tricks[self.player])

    def tally(self, world: LittleTricks) -> tuple[int]:
        return (world.tricks[self.player],)

    def rewards(self, world: LittleTricks) -> Sequence[float]:
        best = max(world.totals)
        winners = [p for p, t in enumerate(world.totals) if t == best]
        if self._view.chapter < ROUNDS:  # a round to come: a softer estimate
            return [0.5 + (t - best) / 12 + (p in winners) / 4 for p, t in enumerate(world.totals)]
        return [1 / len(winners) if p in winners else 0.0 for p in range(len(world.totals))]


class HardBot(SearchingPlayer[View, Play]):
    default = Level("hard", 200)

    def analyse(self, view: View, rng: random.Random, stop: StopCheck | None) -> list[Option[Play]]:
        budget = Budget(iterations=self.playouts, seconds=self.seconds)
        return analyse(Search(view), rng, budget, stop, depth=1)

    def hint_search(self, view: View, rng: random.Random, include: Play | None) -> HintSearch[Play]:
        game = Search(view)
        watched = Watched(game, game.points, Common.NONE, tally=game.tally)
        return HintSearch(
            watched,
            len(view.legal_actions),
            400,
            lambda rng, budget, stop: analyse(watched, rng, budget, stop, depth=1),
        )

    def choose(self, view: View, rng: random.Random, stop: StopCheck | None = None) -> Play:
        if len(view.legal_actions) == 1:
            return view.legal_actions[0]
        return self.analyse(view, rng, stop)[0].action


def make_bot(spec: object) -> EasyBot | MediumBot | HardBot:
    level = parse_level(spec, LEVELS)
    if level.word == "easy":
        return EasyBot()
    if level.word == "medium":
        return MediumBot()
    return HardBot(level.playouts, seconds=level.seconds)
