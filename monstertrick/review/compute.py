"""Computing a review: each decision judged from its seat's view, each deal's luck, one
by one or in worker processes (:func:`review_steps`), and the whole review
(:func:`review`), reusing and filling a kept one."""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from typing import TYPE_CHECKING

from ..games.contract import Action, SomeView
from ..search.assess import Stats
from .model import (
    LUCK_POLICY,
    Decision,
    DecisionReview,
    Game,
    Luck,
    OptionReview,
    Review,
    Settings,
)

if TYPE_CHECKING:
    from .kept import ReviewCache


def decision_reason(
    game: Game, view: SomeView, options: Sequence[tuple[Action, Stats | None]], choice: int
) -> str | None:
    """The reason of a decision judged (options best first, ``choice`` the one chosen):
    the best option's outcome and the choice's, or the next option's when the choice
    was the best (:meth:`Door.reason`); None for a forced decision."""
    if not options:
        return None
    pair = [options[0], options[choice]] if choice else list(options[:2])
    return game.door.reason(view, pair)


def review_decision(game: Game, decision: Decision, settings: Settings) -> DecisionReview:
    """One decision judged from its seat's view (see the module's docstring)."""
    door = game.door
    view = decision.view
    chosen = decision.action
    mine = game.same(view, chosen)
    classes = {game.same(view, a) for a in view.legal_actions}
    options: list[OptionReview] = []
    actions: list[tuple[Action, Stats | None]] = []
    choice = 0
    if len(classes) > 1:
        advice = door.review_advice(view, decision.seat, settings.seed, settings.playouts, chosen)
        seen: set[Hashable] = set()
        for a in advice:
            same = game.same(view, a.action)
            if same in seen:
                continue
            seen.add(same)
            if same == mine:
                choice = len(options)
            options.append(
                OptionReview(str(a.action), a.chance, a.points, a.visits, a.gap, a.noise, a.stats)
            )
            actions.append((a.action, a.stats))
        if mine not in seen:  # (a search cut short): judged as not measured
            choice = len(options)
            options.append(OptionReview(str(chosen), 0.0, None, 0, None, None))
            actions.append((chosen, None))
    return DecisionReview(
        decision.index,
        decision.chapter,
        decision.step,
        decision.seat,
        decision.task,
        str(chosen),
        tuple(options),
        choice,
        decision_reason(game, view, actions, choice),
    )


def chapter_luck(game: Game, chapter: int, settings: Settings) -> Luck:
    """Each seat's chance to win at the deal of ``chapter`` (see the module's docstring)."""
    door = game.door
    n = len(game.players)
    bots = [door.make_bot(LUCK_POLICY) for _ in range(n)]
    wins: list[list[float]] = [[] for _ in range(n)]
    samples = settings.luck_samples
    for k in range(samples):
        seed = _derived(settings.seed, "luck", chapter, k)
        state = game.at_deal(chapter, seed)
        door.play_to_end(state, bots, seed)
        outcome = state.outcome()
        assert outcome is not None, "a game played to its end has an outcome"
        winners = outcome.winners
        for p in range(n):
            wins[p].append(1 / len(winners) if p in winners else 0.0)
    chances = tuple(sum(w) / samples for w in wins)
    errors = tuple(_error(w) for w in wins)
    return Luck(chapter, chances, errors, samples)


def _error(xs: Sequence[float]) -> float:
    if len(xs) < 2:
        return 0.0
    m = sum(xs) / len(xs)
    return math.sqrt(sum((x - m) ** 2 for x in xs) / (len(xs) - 1) / len(xs))


def _derived(seed: int, *parts: object) -> int:
    key = "/".join(["monstertrick-review", str(seed), *map(str, parts)])
    return int.from_bytes(hashlib.sha256(key.encode()).digest()[:8], "big")


Step = DecisionReview | Luck
"""What :func:`review_steps` yields: a decision's review, or a deal's luck."""


def plan(game: Game, seats: Sequence[int]) -> list[Decision]:
    """The decisions of ``seats`` to review, in the game's order."""
    return [d for d in game.decisions if d.seat in seats]


def review_steps(
    game: Game,
    seats: Sequence[int],
    settings: Settings,
    *,
    jobs: int = 1,
    stop: Callable[[], bool] | None = None,
    done: Mapping[int, DecisionReview] | None = None,
    luck: Sequence[Luck] | None = None,
) -> Iterator[Step]:
    """Each decision of ``seats`` reviewed, in the game's order, then the luck of each
    deal: yielded one by one as they are computed (with ``jobs`` processes, several at
    once). ``done`` (by index) and ``luck`` are reviews already made (a cache's), yielded
    as they are. ``stop`` is asked before each step (True: nothing more is yielded);
    closing the generator cancels what is still to compute."""
    done = done or {}
    todo: list[tuple[str, int]] = [
        ("decision", d.index) for d in plan(game, seats) if d.index not in done
    ]
    if luck is None:
        todo += [("luck", c) for c in range(1, game.chapters + 1)]
    found: dict[tuple[str, int], Step] = {}
    found.update({("decision", i): r for i, r in done.items() if r.seat in seats})
    found.update({("luck", lk.chapter): lk for lk in luck or ()})
    order = [("decision", d.index) for d in plan(game, seats)]
    order += [("luck", c) for c in range(1, game.chapters + 1)]
    if jobs <= 1 or len(todo) < 2:
        results: Iterator[Step] = (_compute(game, task, settings) for task in todo)
        pool = None
    else:
        pool = ProcessPoolExecutor(max_workers=jobs)
        text = json.dumps(game.doc)
        futures: list[Future[Step]] = [
            pool.submit(_compute_in_worker, text, task, settings) for task in todo
        ]
        results = (f.result() for f in futures)
    pending = iter(todo)
    try:
        for key in order:
            if stop is not None and stop():
                return
            if key not in found:
                assert next(pending) == key
                found[key] = next(results)
            yield found[key]
    finally:
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)


def _compute(game: Game, task: tuple[str, int], settings: Settings) -> Step:
    kind, n = task
    if kind == "luck":
        return chapter_luck(game, n, settings)
    return review_decision(game, game.decisions[n], settings)


_WORKER_GAMES: dict[str, Game] = {}


def _compute_in_worker(text: str, task: tuple[str, int], settings: Settings) -> Step:
    """A task of :func:`review_steps` in a worker process (the record replayed once per
    process)."""
    game = _WORKER_GAMES.get(text)
    if game is None:
        _WORKER_GAMES.clear()
        game = _WORKER_GAMES[text] = Game(json.loads(text))
    return _compute(game, task, settings)


def review(
    game: Game,
    seats: Sequence[int],
    settings: Settings | None = None,
    *,
    jobs: int = 1,
    progress: Callable[[int, int], None] | None = None,
    cache: ReviewCache | None = None,
    stop: Callable[[], bool] | None = None,
    on_step: Callable[[Step], None] | None = None,
) -> Review:
    """The whole review of ``seats`` (``progress(done, total)`` after each step, and
    ``on_step(step)`` with each step before it). With ``cache``, what it holds for this
    record and these settings is reused and the review is kept there. ``stop`` (asked
    before each step, as :func:`review_steps` does) cancels: the review returned is then
    cut short, and nothing is kept."""
    settings = settings or Settings()
    old = cache.load(game, settings) if cache is not None else None
    done = {d.index: d for d in old.decisions} if old is not None else {}
    luck = old.luck if old is not None else None
    seats = tuple(sorted(set(seats)))
    total = len(plan(game, seats)) + game.chapters
    result = Review(game.key, game.players, game.fingerprint, settings, seats)
    if progress is not None:
        progress(0, total)
    k = 0
    steps = review_steps(game, seats, settings, jobs=jobs, stop=stop, done=done, luck=luck)
    for k, step in enumerate(steps, 1):
        if isinstance(step, Luck):
            result.luck.append(step)
        else:
            result.decisions.append(step)
        if on_step is not None:
            on_step(step)
        if progress is not None:
            progress(k, total)
    if cache is not None and k == total:
        kept = dict(done)
        kept.update({d.index: d for d in result.decisions})
        union = tuple(sorted(set(seats) | {d.seat for d in kept.values()}))
        whole = Review(
            game.key,
            game.players,
            game.fingerprint,
            settings,
            union,
            sorted(kept.values(), key=lambda d: d.index),
            result.luck,
        )
        cache.store(whole)
    return result
