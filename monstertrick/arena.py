"""The arena: computer players against each other, without the UI, with statistics.

``monstertrick arena --seats hard,medium,medium,medium --games 200 --seed 1 --jobs 2``
``monstertrick arena --game monster-taking --seats hard,medium --games 100``

Each game is played through the headless session (:mod:`monstertrick.session`), so the
arena knows a game only through its registered door: its player counts, its levels,
its ``arena_result`` (an :class:`~monstertrick.games.ArenaResult`: scores, winners, and
how often each seat made its prediction) and the words of its ``arena_terms``. For
Monster Taking an arena "game" is a whole best-of-three match.

Game ``g`` is dealt from a seed derived from ``--seed`` and ``g``, and every bot decision
draws from :func:`~monstertrick.decisions.bot_rng` of that game seed and the position, so the
same seed gives the same games whatever ``--jobs`` is (playouts counted with ``hard:N``;
a time budget depends on the machine's speed). Seats rotate round the table and the
starting player rotates too: over ``N * N`` games every seat plays from every chair with
every chair starting, so no seat is favoured.

``--duplicate`` (``monstertrick arena --duplicate ...``) plays each deal once per seat
instead, every seat moved one chair on from one rotation to the next, the same chair
starting (:func:`duplicate_seating`): every seat plays every chair's cards of the deal.
Each result is compared with the others at the same deal and chair, as in duplicate
bridge: a seat's **matchpoints** are the share of them it beat by the game's score, a
tie counting half (:func:`deal_matchpoints`), so that the luck of the deal is taken
out. Deals are independent where the rotations of one deal are not, so the intervals
are over the deals.
"""

from __future__ import annotations

import hashlib
import math
import statistics
import time
from collections.abc import Callable, Container, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from . import flow
from .games import DEFAULT_GAME, GAMES
from .seating import Seat, Seating
from .session import Session

SEAT_NAMES = ("North", "East", "South", "West", "Centre")


@dataclass
class GameResult:
    """One game, per seat of the ``--seats`` list (not per chair at the table)."""

    score: list[int]
    """The game's own score: VP, points, games won."""
    win: list[float]
    """1/k for each of the k winners, 0 for the others."""
    hits: list[int]
    """Predictions made (rounds scoring the row's highest VP card, hands bid exactly)."""
    chances: int
    """Predictions per seat in the game (0: none)."""
    decision_ms: list[list[float]]


def game_seed(seed: int, index: int) -> int:
    digest = hashlib.sha256(f"monstertrick-arena/{seed}/{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def seating(num_seats: int, index: int) -> tuple[list[int], int]:
    """For game ``index``: which seat sits in each chair, and the chair that starts."""
    shift = index % num_seats
    chairs = [(chair + shift) % num_seats for chair in range(num_seats)]
    first = (index // num_seats) % num_seats
    return chairs, first


def duplicate_seating(num_seats: int, deal: int, rotation: int) -> tuple[list[int], int]:
    """For rotation ``rotation`` of deal ``deal`` of a duplicate arena: which seat sits
    in each chair (each rotation moves every seat one chair on, so that over the
    ``num_seats`` rotations every seat holds every chair's cards), and the chair that
    starts (the same in every rotation of a deal; it goes round from deal to deal)."""
    chairs = [(chair + rotation) % num_seats for chair in range(num_seats)]
    return chairs, deal % num_seats


def play_game(specs: Sequence[str], seed: int, index: int, game: str = DEFAULT_GAME) -> GameResult:
    """Play game ``index`` of an arena seeded ``seed`` with these seats."""
    chairs, first = seating(len(specs), index)
    return play_seated(specs, game_seed(seed, index), chairs, first, game)


def play_seated(
    specs: Sequence[str], deal_seed: int, chairs: Sequence[int], first: int, game: str
) -> GameResult:
    """Play the deal of ``deal_seed`` with seat ``chairs[c]`` in chair ``c`` and chair
    ``first`` starting; the result per seat of ``specs``."""
    n = len(specs)
    seats = tuple(Seat(SEAT_NAMES[c], specs[s]) for c, s in enumerate(chairs))
    session = Session.start(Seating(seats, first), deal_seed, game=game)
    times: list[list[float]] = [[] for _ in range(n)]
    clock = time.perf_counter
    while not isinstance(need := flow.next_need(session), flow.Over):
        if isinstance(need, flow.Think):
            t0 = clock()
            decision = need.choose()
            times[need.seat].append((clock() - t0) * 1000)
            session.apply(need.seat, decision)
        elif isinstance(need, flow.Pause):
            session.done()
        else:
            raise ValueError(f"an arena game has computer players only, not {need.step}")
    outcome = session.rules.arena_result(session.state)
    share = 1 / len(outcome.winners)
    result = GameResult([0] * n, [0.0] * n, [0] * n, outcome.chances, [[] for _ in range(n)])
    for chair, seat in enumerate(chairs):
        result.score[seat] = outcome.scores[chair]
        result.win[seat] = share if chair in outcome.winners else 0.0
        result.hits[seat] = outcome.hits[chair]
        result.decision_ms[seat] = times[chair]
    return result


def _play(args: tuple[tuple[str, ...], int, int, str]) -> GameResult:
    return play_game(*args)


def _play_duplicate(args: tuple[tuple[str, ...], int, int, int, str]) -> GameResult:
    specs, seed, deal, rotation, game = args
    chairs, first = duplicate_seating(len(specs), deal, rotation)
    return play_seated(specs, game_seed(seed, deal), chairs, first, game)


def duplicate_results(
    specs: Sequence[str], deals: int, seed: int = 1, jobs: int = 1, game: str = DEFAULT_GAME
) -> Iterator[list[GameResult]]:
    """Per deal ``0 .. deals - 1``, in order, the results of its rotations (one game per
    seat: :func:`duplicate_seating`), played in ``jobs`` processes. Deal ``d`` is the
    deal of game ``d`` of a plain arena with the same seed."""
    n = len(specs)
    tasks = [(tuple(specs), seed, d, r, game) for d in range(deals) for r in range(n)]
    if jobs <= 1 or len(tasks) <= 1:
        played: Iterator[GameResult] = map(_play_duplicate, tasks)
        pool = None
    else:
        import multiprocessing

        pool = multiprocessing.get_context("spawn").Pool(min(jobs, len(tasks)))
        played = pool.imap(_play_duplicate, tasks, chunksize=1)
    try:
        rotations: list[GameResult] = []
        for result in played:
            rotations.append(result)
            if len(rotations) == n:
                yield rotations
                rotations = []
    finally:
        if pool is not None:
            pool.terminate()
            pool.join()


def deal_matchpoints(rotations: Sequence[GameResult]) -> list[float]:
    """Each seat's matchpoints on one deal of a duplicate arena: at every chair, the
    results of the rotations (one per seat) are compared by score, each earning the
    share of the others it beat (a tie counts half); a seat's matchpoints are the mean
    of its shares over the chairs it held."""
    from .packs import matchpoints

    n = len(rotations)
    got = [0.0] * n
    for chair in range(n):
        # In rotation r, chair c holds seat (c + r) % n (:func:`duplicate_seating`).
        holders = [(chair + r) % n for r in range(n)]
        shares = matchpoints([rotations[r].score[s] for r, s in enumerate(holders)])
        for s, share in zip(holders, shares):
            got[s] += (share if share is not None else 0.5) / n
    return got


def results(
    specs: Sequence[str],
    games: int,
    seed: int = 1,
    jobs: int = 1,
    game: str = DEFAULT_GAME,
    *,
    skip: Container[int] = (),
) -> Iterator[GameResult]:
    """The results of games ``0 .. games - 1`` in game order (played in ``jobs``
    processes), those whose index is in ``skip`` left out (a run resumed)."""
    tasks = [(tuple(specs), seed, g, game) for g in range(games) if g not in skip]
    if jobs <= 1 or len(tasks) <= 1:
        for task in tasks:
            yield _play(task)
        return
    import multiprocessing

    ctx = multiprocessing.get_context("spawn")
    with ctx.Pool(min(jobs, len(tasks))) as pool:
        yield from pool.imap(_play, tasks, chunksize=1)


@dataclass
class SeatStats:
    bot: str
    bounds: tuple[int, int] = (0, 0)
    """The game's range of scores (its door's ``totals_range``)."""
    score: list[int] = field(default_factory=list)
    win: list[float] = field(default_factory=list)
    hits: int = 0
    chances: int = 0
    decision_ms: list[float] = field(default_factory=list)
    matchpoints: list[float] | None = None
    """Per deal, the seat's matchpoints (a duplicate arena's; None: a plain arena)."""

    def to_json(self) -> dict[str, Any]:
        n = len(self.score)
        mean_score = statistics.fmean(self.score) if n else 0.0
        win = statistics.fmean(self.win) if n else 0.0
        times = sorted(self.decision_ms)
        duplicate: dict[str, Any] = {}
        win_ci = wilson(sum(self.win), n)
        if self.matchpoints is not None:
            mps = self.matchpoints
            duplicate = {
                "matchpoints": round(statistics.fmean(mps), 4) if mps else 0.5,
                "matchpoints_ci95": [round(x, 4) for x in _share_ci(mps)],
            }
            # The games of one deal are not independent: the win share's interval is
            # over the deals too (each deal's mean over its rotations).
            per_deal = len(self.win) // len(mps) if mps else 1
            deal_wins = [
                statistics.fmean(self.win[d * per_deal : (d + 1) * per_deal])
                for d in range(len(mps))
            ]
            win_ci = _share_ci(deal_wins)
        return {
            **duplicate,
            "bot": self.bot,
            "win_share": round(win, 4),
            "win_ci95": [round(x, 4) for x in win_ci],
            "mean_score": round(mean_score, 3),
            "score_ci95": [round(x, 3) for x in _ci(self.score, self.bounds)],
            "hit_rate": round(self.hits / self.chances, 4) if self.chances else None,
            "decision_ms_median": round(statistics.median(times), 2) if times else 0.0,
            "decision_ms_p95": round(_percentile(times, 0.95), 2) if times else 0.0,
        }


Z95 = 1.959963984540054
"""The standard normal quantile of a two-sided 95% interval."""


def wilson(wins: float, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval (95% by default) of a win share of ``wins`` in
    ``games``: unlike the normal approximation, it is never of zero width at 0% or 100%
    and stays inside [0, 1], so it is right for a few games too (2 wins in 2 games:
    [34.2%, 100%]).

    ``wins`` may be fractional, a shared win counting 1/k: it is used as it is, the
    share ``wins / games`` taking the place of a proportion of whole wins. That is
    conservative: a game's outcome lies in [0, 1], and no outcome in [0, 1] with mean
    p varies more than a win-or-lose one (p(1 - p)), which the interval assumes; split
    wins only make the true spread smaller. No games: [0, 1], nothing is known."""
    if games <= 0:
        return (0.0, 1.0)
    p = min(1.0, max(0.0, wins / games))
    z2n = z * z / games
    centre = (p + z2n / 2) / (1 + z2n)
    half = z / (1 + z2n) * math.sqrt(p * (1 - p) / games + z2n / (4 * games))
    return (max(0.0, centre - half), min(1.0, centre + half))


def _ci(values: Sequence[float], bounds: tuple[int, int]) -> tuple[float, float]:
    """The 95% confidence interval of the mean score: the normal approximation while
    the games' scores vary (win shares use :func:`wilson`). Games that all scored the
    same (or a single game) tell nothing of the spread, and a zero-width interval would
    claim the mean is known exactly: the interval is then the one the game's range of
    scores (``bounds``) allows, the :func:`wilson` interval of the mean as a share of
    that range (a score within it varies no more than a win-or-lose one does). No
    games: the whole range."""
    low, high = bounds
    n = len(values)
    if n == 0:
        return (float(low), float(high))
    mean = statistics.fmean(values)
    spread = statistics.stdev(values) if n > 1 else 0.0
    if spread > 0 or high <= low:
        half = 1.96 * spread / math.sqrt(n)
        return (mean - half, mean + half)
    lo, hi = wilson(n * (mean - low) / (high - low), n)
    return (low + lo * (high - low), low + hi * (high - low))


def _share_ci(values: Sequence[float]) -> tuple[float, float]:
    """The 95% interval of the mean of shares in [0, 1] (:func:`_ci`), kept in [0, 1]."""
    low, high = _ci(values, (0, 1))
    return (max(0.0, low), min(1.0, high))


def _percentile(sorted_values: Sequence[float], q: float) -> float:
    """Nearest-rank percentile of sorted values."""
    rank = max(1, math.ceil(q * len(sorted_values)))
    return sorted_values[rank - 1]


def check_seats(specs: Sequence[str], game: str = DEFAULT_GAME) -> list[str]:
    """The seats as given, checked; raises ValueError with a reason."""
    specs = [s.strip() for s in specs]
    facts = GAMES[game]
    low, high = facts.min_players, facts.max_players
    if not low <= len(specs) <= high:
        raise ValueError(
            f"an arena table of {facts.title} has {low} to {high} seats, not {len(specs)}"
        )
    door = facts.load()
    for s in specs:
        door.make_bot(s)
    return specs


def run(
    specs: Sequence[str],
    games: int,
    *,
    seed: int = 1,
    jobs: int = 1,
    game: str = DEFAULT_GAME,
    progress: Callable[[int], None] | None = None,
    duplicate: bool = False,
) -> dict[str, Any]:
    """Play the arena and return the report as a JSON-ready dict.

    ``duplicate``: every deal is played once per seat, the seats rotated through the
    table (:func:`duplicate_seating`), ``games`` rounded up to whole deals; each seat's
    matchpoints per deal (:func:`deal_matchpoints`) are reported with their 95% interval
    over the deals (which are independent, where the games of one deal are not), and so
    is the win share's interval (of each deal's mean over its rotations)."""
    specs = check_seats(specs, game)
    door = GAMES[game].load()
    terms = door.arena_terms
    stats = [SeatStats(s, door.totals_range) for s in specs]

    def count(result: GameResult) -> None:
        for s, st in enumerate(stats):
            st.score.append(result.score[s])
            st.win.append(result.win[s])
            st.hits += result.hits[s]
            st.chances += result.chances
            st.decision_ms.extend(result.decision_ms[s])

    extra: dict[str, Any] = {}
    if duplicate:
        n = len(specs)
        deals = -(-games // n)
        games = deals * n
        for st in stats:
            st.matchpoints = []
        for d, rotations in enumerate(duplicate_results(specs, deals, seed, jobs, game)):
            for result in rotations:
                count(result)
            for st, mp in zip(stats, deal_matchpoints(rotations)):
                assert st.matchpoints is not None
                st.matchpoints.append(mp)
            if progress is not None:
                progress((d + 1) * n)
        extra = {"duplicate": True, "deals": deals}
    else:
        for done, result in enumerate(results(specs, games, seed, jobs, game), 1):
            count(result)
            if progress is not None:
                progress(done)
    return {
        "game": game,
        "unit": terms.unit,
        "score": GAMES[game].score_name,
        "hit": terms.hit,
        "games": games,
        **extra,
        "seats": [st.to_json() for st in stats],
    }


def counted(n: int, unit: str) -> str:
    """ "1 game", "2 games", "2 matches"."""
    if n == 1:
        return f"1 {unit}"
    return f"{n} {unit}{'es' if unit.endswith(('ch', 'sh', 's')) else 's'}"


def format_report(report: dict[str, Any], *, seed: int) -> str:
    """The report as a table for people."""
    game = GAMES[report.get("game", DEFAULT_GAME)]
    played = counted(report["games"], report.get("unit", "game"))
    duplicate = bool(report.get("duplicate"))
    if duplicate:
        played = f"{played} (duplicate: {report['deals']} deals, each once per seat rotation)"
    lines = [f"{game.title}: {played}, seed {seed}"]
    score = f"mean {report.get('score', 'VP')}"
    hit = report.get("hit")
    width = max(8, len(score))
    hit_width = max(8, len(hit)) if hit else 0
    head = (
        f"{'seat':<5} {'bot':<12} {'win share':>9} {'(95% CI)':>16} {score:>{width}} "
        f"{'(95% CI)':>16}"
    )
    if hit:
        head += f" {hit:>{hit_width}}"
    head += f" {'median ms':>10} {'p95 ms':>9}"
    if duplicate:
        head += f" {'matchpoints':>11} {'(95% CI)':>16}"
    lines.append(head)
    for i, s in enumerate(report["seats"], 1):
        wlo, whi = s["win_ci95"]
        vlo, vhi = s["score_ci95"]
        line = (
            f"{i:<5} {s['bot']:<12} {s['win_share']:>9.1%} "
            f"{f'[{wlo:.1%}, {whi:.1%}]':>16} {s['mean_score']:>{width}.2f} "
            f"{f'[{vlo:.2f}, {vhi:.2f}]':>16}"
        )
        if hit:
            line += f" {s['hit_rate']:>{hit_width}.1%}"
        line += f" {s['decision_ms_median']:>10.1f} {s['decision_ms_p95']:>9.1f}"
        if duplicate:
            mlo, mhi = s["matchpoints_ci95"]
            line += f" {s['matchpoints']:>11.1%} {f'[{mlo:.1%}, {mhi:.1%}]':>16}"
        lines.append(line)
    if duplicate:
        lines.append(
            "matchpoints: at each deal and chair, the share of the other seats' results "
            "there that a seat's result beat (ties half); 50% is even. Both intervals "
            "are over the deals (the rotations of one deal are not independent games)."
        )
    return "\n".join(lines)
