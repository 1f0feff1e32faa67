"""The hard computer player: the shared search (:func:`monstertrick.search.analyse`),
playing to win the game.

For each decision it samples worlds consistent with its view (the unseen cards dealt at
random to the other players, their VP rows at random around their face-up cards) and
narrows its candidates down by sequential halving: the budget is split into rounds,
in each round every candidate still in the running is played in the same dealt worlds
(so that the luck of a deal falls on all of them alike), and after each round the
better half goes on. Below each candidate an information-set tree over the rest of the
round (everyone's moves) grows, and each iteration ends with the engine's steering
playout. A round's end is worth its share of
the win after round 3 and an estimate of its chance to win from the totals before
(:mod:`.search`), so in the last round it plays for the win, not for points, and
earlier a point taken from the leader counts. Every player, opponents too, is assumed
to play to win (max^n: at each seat's nodes the tree counts that seat's chance).
Equivalent moves (one card into any empty slot) are
searched once; below the root, a node's first child is the move the steering playout
would make there (the textbook expands a random one), so that the tree's first look at
each reply is a plausible one. At 5 players the candidates are medium's choice and its
next best moves by medium's score (:data:`ROOT_CANDIDATES`): with some twenty moves a
turn and the longest playouts, the halving's first round could not tell them apart.
(Flat search over the candidates, without the trees,
measured weaker at equal time: far weaker at 2 players; so did UCB1 over one tree at
the root, see :data:`HALVING`.)

The budget is a time limit (``seconds``, default 0.5 s, so that no table waits longer
for a decision, 5 players included, where 0.75 s was often used up; it stops earlier
after :data:`ENOUGH_PER_CANDIDATE` iterations per candidate) or a fixed number of
iterations (``iterations``, for reproducible play):
``make_bot("hard")``, ``make_bot("hard:0.3s")`` or ``make_bot("hard:400")``.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ....levels import Level
from ....search import Budget, Option, SearchGame, analyse, best
from ....search.assess import Common, Watched
from ....search.player import HintSearch, SearchingPlayer
from ...contract import StopCheck
from ..engine import ARRANGEMENTS, Action, GameState, Phase, PlayerView
from .medium import MediumBot, ranked
from .search import MonsterTrickSearch
from .tactics import distinct_moves

DEFAULT_SECONDS = 0.5
#: With a time budget, the search also stops after this many iterations per candidate
#: on average: late in a round iterations are cheap and more of them change nothing.
ENOUGH_PER_CANDIDATE = 500
#: A hint's search (:meth:`HardBot.advise`) stops after this many iterations per candidate
#: on average, if its time is not up before: enough to tell most options apart.
HINT_ENOUGH_PER_CANDIDATE = 4 * ENOUGH_PER_CANDIDATE
#: Opponents search against this player (paranoid) rather than each for their own win
#: (max^n)? Measured (benchmarks/README.md), all within noise: paranoid +5.2 points over
#: the reference against max^n's +2.0 at 4 players, +3.3 against +6.0 at 5 players
#: (0.02 s per decision), and at the default budget 53.1% (60 games) against max^n's
#: 61.5% (100 games) versus three medium players: max^n, on balance.
PARANOID = False
#: Below the root, a node's first child is the playout policy's move rather than a
#: random one? Measured at equal time against the reference (benchmarks/README.md,
#: "guided expansion"): +1.8, +11.6, +1.3 and +4.9 points in four 400-game runs
#: (pooled +4.9), against +2.0, +2.8 and +5.8 for random expansion: within the noise.
GUIDED = True
#: The root by sequential halving (H-MCTS: the budget split over rounds, every candidate
#: still in the running tried on the same dealt worlds, the better half going on) with
#: the tree below each candidate, rather than UCB1 over one tree? Measured at equal time
#: against the reference (benchmarks/README.md, "sequential halving"): +5.9, +6.0, +1.8,
#: +8.7, +12.3 and +11.5 points in six 400-game runs on fresh deals (pooled +7.7
#: [+4.9, +10.5]), against the single tree's pooled +4.9 over four.
HALVING = True
#: Per table size, at most this many candidates at the root: medium's choice and the
#: next best by medium's score (a size not listed: every distinct move). At 5 players a
#: decision has up to some twenty distinct moves and 0.02 s buys about 150 iterations,
#: so the halving's first round saw each candidate in one or two worlds and dropped
#: half of them on that; measured (benchmarks/README.md, "5 players: fewer candidates"):
#: on the same 400 deals, hard − ismcts at 0.02 s went from −3.7 [−10.0, +2.6] with
#: every move to +6.4 [+0.3, +12.5] with 8.
ROOT_CANDIDATES: dict[int, int] = {5: 8}


def _searched(view: PlayerView, moves: int) -> int:
    """How many of ``moves`` distinct moves the root searches at ``view``'s table."""
    return min(moves, ROOT_CANDIDATES.get(view.num_players, moves))


class HardBot(SearchingPlayer[PlayerView, Action]):
    default = Level("hard", seconds=DEFAULT_SECONDS)

    def __init__(
        self,
        iterations: int | None = None,
        *,
        seconds: float | None = None,
        noise: float = 0.1,
    ) -> None:
        super().__init__(iterations, seconds=seconds)
        self.noise = noise

    def _budget(self, candidates: int) -> Budget:
        if self.playouts is not None:
            return Budget(iterations=self.playouts)
        return Budget(seconds=self.seconds, enough=ENOUGH_PER_CANDIDATE * candidates)

    def analyse(
        self, view: PlayerView, rng: random.Random, stop: StopCheck | None = None
    ) -> list[Option[Action]]:
        """Every candidate for ``view.player``'s decision with its visits and estimated
        chance to win the game, best first."""
        first, count = self._first(view, rng)
        if view.phase is Phase.PLAYING:
            count = _searched(view, count)
        return self._analyse(view, first, rng, self._budget(count), stop)

    def hint_search(
        self, view: PlayerView, rng: random.Random, include: Action | None
    ) -> HintSearch[Action]:
        """The search of :meth:`analyse`: the same candidates (every distinct legal
        action), tried in the same way, the VP the player scores this round after each
        measured and the tricks they end it with counted; at most :data:`HINT_ENOUGH_PER_CANDIDATE` iterations per candidate."""
        first, count = self._first(view, rng)
        game = MonsterTrickSearch(view, first=first, noise=self.noise)
        common = Common.WORLDS if HALVING else Common.NONE
        watched = Watched(game, game.points, common, copy=game.copy, tally=game.tally)
        return HintSearch(
            watched,
            count,
            HINT_ENOUGH_PER_CANDIDATE * count,
            lambda rng, budget, stop: self._run(watched, watched.copy, game, rng, budget, stop),
        )

    @staticmethod
    def _first(view: PlayerView, rng: random.Random) -> tuple[Action, int]:
        """The candidate tried first (medium's choice) and the number of candidates."""
        first = MediumBot().choose(view, rng)
        if view.phase is Phase.ARRANGING:
            return first, len(ARRANGEMENTS[view.round - 1])
        return first, len(distinct_moves(view))

    def _analyse(
        self,
        view: PlayerView,
        first: Action,
        rng: random.Random,
        budget: Budget,
        stop: StopCheck | None,
    ) -> list[Option[Action]]:
        game = MonsterTrickSearch(
            view, first=first, noise=self.noise, candidates=self._candidates(view, first)
        )
        return self._run(game, game.copy, game, rng, budget, stop)

    @staticmethod
    def _candidates(view: PlayerView, first: Action) -> list[Action] | None:
        """The moves searched at the root: medium's choice first, then the next best by
        medium's score, at most :data:`ROOT_CANDIDATES` for the table (None: every one)."""
        most = ROOT_CANDIDATES.get(view.num_players)
        if most is None or view.phase is not Phase.PLAYING:
            return None
        moves = distinct_moves(view)
        if len(moves) <= most:
            return None
        rest = [m for m in ranked(view, moves) if m != first]
        return [first, *rest[: most - 1]]

    @staticmethod
    def _run(
        searched: SearchGame[GameState, Action],
        copy: Callable[[GameState], GameState],
        game: MonsterTrickSearch,
        rng: random.Random,
        budget: Budget,
        stop: StopCheck | None,
    ) -> list[Option[Action]]:
        """The search over ``searched`` (``game`` itself, or ``game`` watched, with its
        ``copy`` of a world), below the root steered by ``game``'s policy."""
        expand = game.steer if GUIDED else None
        halving = copy if HALVING else None
        return analyse(
            searched, rng, budget, stop, paranoid=PARANOID, expand=expand, halving=halving
        )

    def choose(self, view: PlayerView, rng: random.Random, stop: StopCheck | None = None) -> Action:
        if view.phase is Phase.ARRANGING:
            count = len(ARRANGEMENTS[view.round - 1])
        else:
            moves = distinct_moves(view)
            if len(moves) == 1:
                return moves[0]
            count = _searched(view, len(moves))
        first = MediumBot().choose(view, rng)
        options = self._analyse(view, first, rng, self._budget(count), stop)
        return best(options, first)
