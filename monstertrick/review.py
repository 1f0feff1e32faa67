"""A review of a finished game: every decision of the chosen players judged from what
that player knew, with the search's noise said, and the luck of each deal apart.

Written once for every game, through its door (:class:`~monstertrick.games.door.Door`)
and the contract's verbs only:

- **The decisions.** The record is replayed chapter by chapter (a record cut after
  chapter ``c`` ends at that chapter's last decision; :meth:`State.pop` takes the
  chapter back to its deal, :meth:`State.push` makes it again). At each decision of a
  chosen seat the review takes that seat's view (:meth:`Door.view`) and nothing else:
  the hard player's search (:meth:`Door.review_advice`) samples worlds that agree with
  the view, never with the true deal, for a fixed number of playouts per option, its
  randomness drawn from the review's seed and the position (the same seed, the same
  review). Options that are the same decision (:meth:`Door.same_decision`: Monster
  Trick's interchangeable cards, its empty slots) are one option, the best-ranked kept.
- **The verdict.** The best option is the search's first; the chance given up is the
  best option's chance to win minus the chosen one's (their difference measured on
  the worlds both were tried on where the search pairs its options), never below 0. A
  choice within :data:`~monstertrick.search.assess.Z` standard errors of the best is
  *about equal* (:attr:`~monstertrick.search.assess.Advice.about_equal`) and counts as
  no chance given up; a forced decision (one option, up to sameness) is not searched.
  Otherwise the mark: ``?!`` from 5 points of win chance given up, ``?`` from 10, ``??``
  from 20 (as chess reviews mark an inaccuracy, a mistake and a blunder), counted on
  the chance given up beyond the search's noise (less ``Z`` standard errors of it: what
  the search is about 95% sure of), so that two seeds give the same mark to at least
  90% of decisions.
- **The reason.** Each judged decision has a sentence of reason drawn from what the
  search counted over the worlds it sampled (each option's
  :class:`~monstertrick.search.assess.Stats`, in the game's words:
  :meth:`Door.reason`): the best option's outcome, and the choice's (or, when the
  choice was the best, the next option's). The review's JSON carries the counts behind
  it, each option's ``stats``; read back, the words are made again from them.
- **Per player**: the agreement rate (unforced decisions whose choice was the best or
  about equal), the mean chance given up per unforced decision, the marks, and the
  decisions that gave up the most.
- **Luck**, apart from skill: each seat's chance to win the game at each deal, before
  any decision of that chapter, with the cards as they were truly dealt (a finished
  game's secrets are public) and every seat played by the same policy (the game's
  ``medium`` player), the later chapters dealt afresh in each sample. Everyone plays
  alike there, so what differs between the seats is the cards (and the standings so
  far, from the second deal on).

A game that is not over is not reviewed: its secrets are not yet public.

:func:`review_steps` yields each decision's review as it is computed (a screen shows
marks as they come; ``stop`` or closing the generator cancels), :func:`review` runs it
to the end. :class:`ReviewCache` keeps a review beside the saves, keyed by the record's
fingerprint and the settings, checked like a stored summary when read back (never
trusted), and only of this version (:data:`KEPT`).
"""

from __future__ import annotations

import hashlib
import json
import math
import textwrap
from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .arena import counted, wilson
from .errors import RecordError
from .games import GAMES
from .games.common.words import plural
from .games.contract import Action, SomeState, SomeView
from .records import game_of, is_int
from .search.assess import Advice, Stats, Z

if TYPE_CHECKING:
    from .games import SomeDoor

__all__ = [
    "FORMAT",
    "KEPT",
    "LUCK_SAMPLES",
    "MARKS",
    "PLAYOUTS",
    "SEED",
    "DecisionReview",
    "Luck",
    "OptionReview",
    "PlayerSummary",
    "Review",
    "ReviewCache",
    "ReviewError",
    "judge",
    "mark_of",
    "review",
    "review_steps",
]

FORMAT = "monstertrick-review/2"
"""The ``format`` of a review's JSON (``review --json`` and the cache). 2: each option
carries its ``stats`` (the counts behind the reason) and each decision its ``reason``."""

KEPT = 3
"""The version of the reviews this program keeps (the ``kept`` of a kept review's file):
a review kept by another version is computed again. 2: Monster Trick's VP rows judged
at the seats that laid them out (version 1 rotated them from round 2 on); 3: the
options' counts behind each decision's reason (:data:`FORMAT` 2)."""

SEED = 1
"""The seed of a review unless told otherwise (``review``'s default and the app's: they
share a kept review)."""

PLAYOUTS = 500
"""The search's playouts per option of a decision: with it, two seeds give the same mark
to at least 90% of decisions (benchmarks/README.md, "Reviewing a game")."""

LUCK_SAMPLES = 32
"""The games played from each deal, every seat by the same policy, for the luck."""

LUCK_POLICY = "medium"
"""The level that plays every seat from a deal (the luck)."""

MARKS: tuple[tuple[float, str], ...] = ((0.20, "??"), (0.10, "?"), (0.05, "?!"))
"""The chance to win given up (a fraction) from which a decision gets each mark."""

TOP = 3
"""How many of a player's decisions "mattered most" lists."""

MAX_REVIEW_BYTES = 4 << 20
"""The largest cache file read back (a review of a long game is a few hundred kB)."""


class ReviewError(ValueError):
    """A game that cannot be reviewed (unfinished, or not a record), in words."""


# ---------------------------------------------------------------------- the results


@dataclass(frozen=True, slots=True)
class OptionReview:
    """One option of a decision as the search saw it: the action as it prints, its
    chance to win, the game's points after it on average (None: not measured), the
    playouts it got, and its difference to the best option with that difference's
    standard error (None for the best, or when too little was measured); ``stats``, how
    the rounds it was played in ended (None: not counted)."""

    action: str
    chance: float
    points: float | None
    visits: int
    gap: float | None
    noise: float | None
    stats: Stats | None = None

    def to_json(self, fields: Sequence[str] = ()) -> dict[str, Any]:
        """As JSON; the stats' numbers named by the game's ``fields``."""
        return {
            "action": self.action,
            "chance": self.chance,
            "points": self.points,
            "visits": self.visits,
            "gap": self.gap,
            "noise": self.noise,
            "stats": self.stats.to_json(fields) if self.stats is not None else None,
        }


@dataclass(frozen=True, slots=True)
class Verdict:
    """What the numbers of a decision say: ``kind`` ``"forced"``, ``"best"``, ``"equal"``
    (about equal to the best), ``"worse"``; the chance given up (0 unless worse); the
    noise of that difference; the mark ("" for none)."""

    kind: str
    given_up: float
    noise: float | None
    mark: str


def mark_of(given_up: float) -> str:
    """The mark of a decision that surely gave up ``given_up`` of win chance
    (``"?!"``, ``"?"``, ``"??"``, or ``""`` below 5 points)."""
    for threshold, mark in MARKS:
        if given_up >= threshold - 1e-12:
            return mark
    return ""


def _surely(v: Verdict) -> float:
    """The chance given up beyond the search's noise (:data:`Z` standard errors)."""
    return v.given_up - Z * (v.noise or 0.0)


def judge(options: Sequence[OptionReview], choice: int) -> Verdict:
    """The verdict on choosing ``options[choice]`` (best first; no options: forced)."""
    if not options:
        return Verdict("forced", 0.0, None, "")
    if choice == 0:
        return Verdict("best", 0.0, None, "")
    chosen = options[choice]
    if Advice(chosen.action, chosen.chance, gap=chosen.gap, noise=chosen.noise).about_equal:
        return Verdict("equal", 0.0, chosen.noise, "")
    gap = chosen.gap if chosen.gap is not None else options[0].chance - chosen.chance
    given_up = max(0.0, gap)
    if chosen.noise is None:  # too little measured to tell: no mark on the noise alone
        return Verdict("worse", given_up, None, "")
    return Verdict("worse", given_up, chosen.noise, mark_of(given_up - Z * chosen.noise))


@dataclass(frozen=True, slots=True)
class DecisionReview:
    """One decision: ``index`` in the game's decisions (every seat's, from 0), its
    chapter, ``step`` (the decisions of the chapter before it), the seat and its task,
    the action chosen (as it prints), the options best first (none when forced),
    which of them was chosen, and the reason in words (:func:`decision_reason`; None:
    the game says nothing)."""

    index: int
    chapter: int
    step: int
    seat: int
    task: str
    chosen: str
    options: tuple[OptionReview, ...]
    choice: int
    reason: str | None = None

    @property
    def verdict(self) -> Verdict:
        return judge(self.options, self.choice)

    @property
    def forced(self) -> bool:
        return not self.options

    @property
    def best(self) -> OptionReview | None:
        return self.options[0] if self.options else None

    @property
    def mark(self) -> str:
        return self.verdict.mark

    @property
    def given_up(self) -> float:
        return self.verdict.given_up

    def to_json(self, fields: Sequence[str] = ()) -> dict[str, Any]:
        """As JSON; the options' stats named by the game's ``fields``."""
        v = self.verdict
        best = self.best
        return {
            "index": self.index,
            "chapter": self.chapter,
            "step": self.step,
            "seat": self.seat,
            "task": self.task,
            "chosen": self.chosen,
            "forced": self.forced,
            "options": [o.to_json(fields) for o in self.options],
            "choice": self.choice if self.options else None,
            "best": best.action if best is not None else None,
            "verdict": v.kind,
            "given_up": v.given_up,
            "noise": v.noise,
            "mark": v.mark,
            "reason": self.reason,
        }


@dataclass(frozen=True, slots=True)
class Luck:
    """Each seat's chance to win the game at the deal of ``chapter`` (before any of
    its decisions) and the standard error of each estimate, over ``samples`` games."""

    chapter: int
    chances: tuple[float, ...]
    errors: tuple[float, ...]
    samples: int

    def to_json(self) -> dict[str, Any]:
        return {
            "chapter": self.chapter,
            "chances": list(self.chances),
            "errors": list(self.errors),
            "samples": self.samples,
        }


@dataclass(frozen=True, slots=True)
class PlayerSummary:
    """One reviewed seat's figures: its decisions, the unforced ones, how many of those
    chose the best or about equal (agreement), the mean chance given up per unforced
    decision, the count of each mark, the decisions that gave up most (indexes into
    the game's decisions, most first), and its chance to win at each deal."""

    seat: int
    name: str
    decisions: int
    unforced: int
    agreed: int
    mean_given_up: float
    marks: dict[str, int]
    mattered: tuple[int, ...]
    luck: tuple[float, ...]

    @property
    def agreement(self) -> float | None:
        return self.agreed / self.unforced if self.unforced else None

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "name": self.name,
            "decisions": self.decisions,
            "unforced": self.unforced,
            "agreed": self.agreed,
            "agreement": self.agreement,
            "mean_given_up": self.mean_given_up,
            "marks": dict(self.marks),
            "mattered": list(self.mattered),
            "luck": list(self.luck),
        }


@dataclass(frozen=True)
class Settings:
    """What a review's numbers depend on besides the record."""

    seed: int = SEED
    playouts: int = PLAYOUTS
    luck_samples: int = LUCK_SAMPLES

    def to_json(self) -> dict[str, Any]:
        return {"seed": self.seed, "playouts": self.playouts, "luck_samples": self.luck_samples}


@dataclass
class Review:
    """A game's review: the record's game, players and fingerprint, the settings, the
    seats reviewed, their decisions in the game's order, and the luck of each deal."""

    game: str
    players: tuple[str, ...]
    record: str
    settings: Settings
    seats: tuple[int, ...]
    decisions: list[DecisionReview] = field(default_factory=list)
    luck: list[Luck] = field(default_factory=list)

    def of_seat(self, seat: int) -> list[DecisionReview]:
        return [d for d in self.decisions if d.seat == seat]

    def summary(self, seat: int) -> PlayerSummary:
        mine = self.of_seat(seat)
        unforced = [d for d in mine if not d.forced]
        verdicts = [d.verdict for d in unforced]
        agreed = sum(v.kind in ("best", "equal") for v in verdicts)
        mean = sum(v.given_up for v in verdicts) / len(verdicts) if verdicts else 0.0
        marks = {mark: sum(v.mark == mark for v in verdicts) for _, mark in MARKS}
        worst = sorted(
            (d for d in unforced if d.verdict.kind == "worse" and d.verdict.noise is not None),
            key=lambda d: (-_surely(d.verdict), d.index),
        )
        return PlayerSummary(
            seat,
            self.players[seat],
            len(mine),
            len(unforced),
            agreed,
            mean,
            marks,
            tuple(d.index for d in worst[:TOP]),
            tuple(luck.chances[seat] for luck in self.luck),
        )

    def to_json(self) -> dict[str, Any]:
        fields = GAMES[self.game].load().tally_fields
        return {
            "format": FORMAT,
            "game": self.game,
            "players": list(self.players),
            "record": self.record,
            **self.settings.to_json(),
            "seats": list(self.seats),
            "summary": [self.summary(s).to_json() for s in self.seats],
            "luck": [luck.to_json() for luck in self.luck],
            "tally": list(fields),
            "decisions": [d.to_json(fields) for d in self.decisions],
        }


# ---------------------------------------------------------------------- the record


@dataclass(frozen=True)
class Decision:
    """A decision of the record: where it stands, whose, what they chose, and the
    view they had (nothing more)."""

    index: int
    chapter: int
    step: int
    seat: int
    task: str
    view: SomeView
    action: Action


class Game:
    """A finished record, replayed once: its door, its decisions with each seat's view,
    and its fingerprint. Raises :class:`ReviewError` for a game that is not over and
    :class:`~monstertrick.errors.RecordError` for a record that does not replay."""

    def __init__(self, doc: object) -> None:
        from .saves import fingerprint

        self.key = game_of(doc)
        assert isinstance(doc, dict)
        self.doc: dict[str, Any] = doc
        self.door: SomeDoor = GAMES[self.key].load()
        final = self.door.from_record(doc, seed=0)
        if not self.door.is_over(final):
            secret = GAMES[self.key].secret
            whole = self.door.arena_terms.unit  # the game, or Monster Taking's match
            raise ReviewError(
                f"the {whole} is not finished: {secret} are still secret, so it is not reviewed"
            )
        self.final = final
        self.players: tuple[str, ...] = tuple(final.players)
        self.fingerprint = fingerprint(doc)
        self.chapters_key = self.door.chapters_key
        self.chapters: int = final.chapter
        self.decisions: list[Decision] = []
        for chapter in range(1, self.chapters + 1):
            # The chapter's history made again from its deal, each decision at its seat,
            # from the view its seat had then.
            state = self.door.chapter_end(final, chapter, seed=0)
            made = state.history()
            while state.decisions:
                state.pop()
            for seat, action in made:
                view = self.door.view(state, seat)
                step = state.decisions
                self.decisions.append(
                    Decision(len(self.decisions), chapter, step, seat, state.task, view, action)
                )
                state.push(action, None, seat)

    def at_deal(self, chapter: int, seed: int) -> SomeState:
        """The game at the deal of ``chapter`` (its cards as truly dealt), the later
        chapters to be dealt from ``seed``."""
        return self.door.chapter_start(self.final, chapter, seed)

    def same(self, view: SomeView, action: Action) -> Hashable:
        return self.door.same_decision(view, action)


def people(doc: Mapping[str, Any], players: Sequence[str]) -> tuple[int, ...]:
    """The seats of people: those whose ``meta`` seat has no ``bot`` (a record without
    meta: everyone)."""
    meta = doc.get("meta")
    seats = meta.get("seats") if isinstance(meta, dict) else None
    if not isinstance(seats, list) or len(seats) != len(players):
        return tuple(range(len(players)))
    return tuple(
        p for p, seat in enumerate(seats) if not (isinstance(seat, dict) and seat.get("bot"))
    )


# ---------------------------------------------------------------------- reviewing


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


# ---------------------------------------------------------------------- the cache


class ReviewCache:
    """Reviews kept in ``<home>/reviews/`` by the record's fingerprint (a save keeps its
    review when it moves from saves/ to history/, and a record from anywhere has one
    too): one review per record and settings, the default review (the app's and
    ``review``'s) in ``<fingerprint>.json``, one with other settings beside it, so that
    neither throws the other away. A review read back is checked as strictly as a
    stored summary (:func:`check_review`) and must be of this version (:data:`KEPT`):
    anything else is ignored and recomputed."""

    def __init__(self, root: Path | None = None) -> None:
        from .saves import home

        self.folder = (root if root is not None else home()) / "reviews"

    def path(self, fingerprint: str, settings: Settings | None = None) -> Path:
        """The file of the review of the record ``fingerprint`` with ``settings`` (the
        default review's by default)."""
        s = settings or Settings()
        if s == Settings():
            return self.folder / f"{fingerprint}.json"
        return self.folder / f"{fingerprint}.s{s.seed}-p{s.playouts}-l{s.luck_samples}.json"

    def load(self, game: Game, settings: Settings) -> Review | None:
        """The review kept for ``game`` with these settings, checked; None if there is
        none or it is not one this program could have written for this record."""
        found = self._read(self.path(game.fingerprint, settings), game)
        return found if found is not None and found.settings == settings else None

    def _others(self, fingerprint: str) -> list[Path]:
        """The files of the reviews of this record with other settings than the
        default, in the order of their names."""
        try:
            return sorted(self.folder.glob(f"{fingerprint}.*.json"))
        except OSError:
            return []

    def has(self, fingerprint: str) -> bool:
        """Whether a review is kept for the record of this fingerprint (unchecked: only
        to know whether reading it back is worth the record's replay)."""
        return self.path(fingerprint).is_file() or bool(self._others(fingerprint))

    def kept(self, game: Game) -> Review | None:
        """The review kept for ``game``, checked: the default one, or else one with other
        settings; None if there is none this program could have written for this
        record."""
        for path in [self.path(game.fingerprint), *self._others(game.fingerprint)]:
            found = self._read(path, game)
            if found is not None:
                return found
        return None

    def _read(self, path: Path, game: Game) -> Review | None:
        from .records import read_record_file

        if not path.exists():
            return None
        try:
            raw = json.loads(read_record_file(path, MAX_REVIEW_BYTES))
        except (RecordError, ValueError, RecursionError):
            return None
        if not isinstance(raw, dict) or raw.get("kept") != KEPT or type(raw["kept"]) is not int:
            return None
        try:
            review = check_review(raw, game)
        except ReviewError:
            return None
        return review if path == self.path(game.fingerprint, review.settings) else None

    def store(self, review: Review) -> None:
        """Keep ``review`` (a failure to write is not an error: it is only a cache)."""
        from .saves import atomic_write

        text = json.dumps({"kept": KEPT, **review.to_json()}) + "\n"
        try:
            atomic_write(self.path(review.record, review.settings), text)
        except OSError:
            pass


def check_review(raw: object, game: Game) -> Review:
    """A review read back (``review --json``'s object) for ``game``, every field checked
    against the record: its fingerprint, players and decisions (seat, chapter, step,
    the action chosen), each option an action legal at that decision as it prints,
    chances in [0, 1] and numbers finite. Marks, verdicts and summaries are not read:
    they are recomputed from the numbers. Raises :class:`ReviewError` saying what fails."""

    def fail(what: str) -> ReviewError:
        return ReviewError(f"not a review of this record: {what}")

    if not isinstance(raw, dict) or raw.get("format") != FORMAT:
        raise fail("format")
    if raw.get("record") != game.fingerprint or raw.get("game") != game.key:
        raise fail("record")
    if raw.get("players") != list(game.players):
        raise fail("players")
    seed, playouts, samples = raw.get("seed"), raw.get("playouts"), raw.get("luck_samples")
    if not (is_int(seed) and is_int(playouts) and playouts >= 1):
        raise fail("settings")
    if not (is_int(samples) and samples >= 1):
        raise fail("settings")
    n = len(game.players)
    seats = raw.get("seats")
    if not (
        isinstance(seats, list)
        and all(is_int(s) and 0 <= s < n for s in seats)
        and seats == sorted(set(seats))
    ):
        raise fail("seats")
    decisions = raw.get("decisions")
    if not isinstance(decisions, list):
        raise fail("decisions")
    out: list[DecisionReview] = []
    last = -1
    for d in decisions:
        if not isinstance(d, dict) or not is_int(d.get("index")):
            raise fail("a decision")
        index = d["index"]
        if not last < index < len(game.decisions):
            raise fail("decision order")
        last = index
        out.append(_check_decision(d, game.decisions[index], game, seats))
    if {d.seat for d in out} - set(seats) or any(
        d.seat in seats and d.index not in {r.index for r in out} for d in game.decisions
    ):
        raise fail("the decisions of its seats")
    luck = raw.get("luck")
    if not isinstance(luck, list) or len(luck) != game.chapters:
        raise fail("luck")
    lucks: list[Luck] = []
    for c, entry in enumerate(luck, 1):
        if not isinstance(entry, dict) or entry.get("chapter") != c:
            raise fail("luck")
        chances, errors = entry.get("chances"), entry.get("errors")
        if entry.get("samples") != samples:
            raise fail("luck")
        if not (_probabilities(chances, n) and _probabilities(errors, n)):
            raise fail("luck")
        assert isinstance(chances, list) and isinstance(errors, list)
        lucks.append(Luck(c, tuple(chances), tuple(errors), samples))
    return Review(
        game.key,
        game.players,
        game.fingerprint,
        Settings(seed, playouts, samples),
        tuple(seats),
        out,
        lucks,
    )


def _probabilities(values: object, n: int) -> bool:
    return (
        isinstance(values, list)
        and len(values) == n
        and all(
            isinstance(v, float | int) and not isinstance(v, bool) and 0 <= v <= 1 for v in values
        )
    )


def _number(value: object, *, optional: bool = False) -> bool:
    if value is None:
        return optional
    return isinstance(value, float | int) and not isinstance(value, bool) and math.isfinite(value)


def _check_decision(
    d: dict[str, Any], decision: Decision, game: Game, seats: Sequence[int]
) -> DecisionReview:
    def fail(what: str) -> ReviewError:
        return ReviewError(f"not a review of this record: decision {decision.index + 1}: {what}")

    if (d.get("chapter"), d.get("step"), d.get("seat"), d.get("task")) != (
        decision.chapter,
        decision.step,
        decision.seat,
        decision.task,
    ) or decision.seat not in seats:
        raise fail("not this decision")
    if d.get("chosen") != str(decision.action):
        raise fail("not the action chosen")
    options = d.get("options")
    view = decision.view
    legal = {str(a): a for a in view.legal_actions}
    if not isinstance(options, list) or len(options) > len(legal):
        raise fail("options")
    checked: list[OptionReview] = []
    actions: list[tuple[Action, Stats | None]] = []
    classes: set[Hashable] = set()
    for o in options:
        if not isinstance(o, dict) or set(o) != {
            "action",
            "chance",
            "points",
            "visits",
            "gap",
            "noise",
            "stats",
        }:
            raise fail("an option")
        action = legal.get(o["action"]) if isinstance(o["action"], str) else None
        if action is None:
            raise fail("an option that is not a legal action")
        same = game.same(view, action)
        if same in classes:
            raise fail("an option twice")
        classes.add(same)
        chance, points, visits, gap, noise = (
            o[k] for k in ("chance", "points", "visits", "gap", "noise")
        )
        if not (_number(chance) and 0 <= chance <= 1 and is_int(visits) and visits >= 0):
            raise fail("an option's numbers")
        if not (_number(points, optional=True) and _number(gap, optional=True)):
            raise fail("an option's numbers")
        if not (_number(noise, optional=True) and (noise is None or noise >= 0)):
            raise fail("an option's numbers")
        try:
            stats = _check_stats(o["stats"], game.door.tally_fields, visits)
        except ValueError:
            raise fail("an option's stats") from None
        checked.append(OptionReview(o["action"], float(chance), points, visits, gap, noise, stats))
        actions.append((action, stats))
    all_classes = {game.same(view, a) for a in view.legal_actions}
    choice = d.get("choice")
    if len(all_classes) == 1:
        if checked or choice is not None:
            raise fail("a forced decision with options")
        choice = 0  # (a forced decision: no options)
    elif not checked or not (is_int(choice) and 0 <= choice < len(checked)):
        raise fail("the choice")
    elif game.same(view, legal[checked[choice].action]) != game.same(view, decision.action):
        raise fail("the choice is not the action chosen")
    try:  # the words made again from the counts read back (never taken from the file)
        reason = decision_reason(game, view, actions, 0 if not checked else choice)
    except (ValueError, LookupError, TypeError, ArithmeticError):
        raise fail("an option's stats that no search counts") from None
    return DecisionReview(
        decision.index,
        decision.chapter,
        decision.step,
        decision.seat,
        decision.task,
        d["chosen"],
        tuple(checked),
        choice,
        reason,
    )


def _check_stats(raw: object, fields: Sequence[str], visits: int) -> Stats | None:
    """An option's ``stats`` read back: None (not counted) or the counts, each tally
    once, under the game's ``fields`` and a count of ``worlds``, whole numbers, the
    worlds in all no more than the option's ``visits``; raises ``ValueError`` for
    anything else."""
    if raw is None:
        return None
    if not isinstance(raw, list) or not fields:
        raise ValueError("stats")
    keys = {*fields, "worlds"}
    counts: dict[tuple[int, ...], int] = {}
    for entry in raw:
        if not isinstance(entry, dict) or set(entry) != keys:
            raise ValueError("stats")
        if not all(is_int(entry[k]) for k in keys) or entry["worlds"] < 1:
            raise ValueError("stats")
        tally = tuple(entry[f] for f in fields)
        if tally in counts:
            raise ValueError("stats")
        counts[tally] = entry["worlds"]
    stats = Stats.of(counts)
    if stats.worlds > visits:
        raise ValueError("stats")
    return stats


# ---------------------------------------------------------------------- in words


def _pct(x: float) -> str:
    return f"{round(x * 100)}%"


def _points(x: float) -> str:
    return f"{x * 100:.1f}"


WIDTH = 80
"""The widest line of a review in words."""


def luck_text(luck: Luck, seat: int) -> str:
    """``seat``'s chance to win at the deal of ``luck``, as a review shows it: in whole
    percents, except when the seat lost (won) every one of the games played from the
    deal: then not "0%" ("100%"), which says it could not happen, but the bound those
    games leave it under (over), 95% sure (a Wilson interval, as the arena's): "<11%"
    after 32 games lost."""
    chance, n = luck.chances[seat], luck.samples
    if chance <= 0:
        return f"<{math.ceil(wilson(0, n)[1] * 100)}%"
    if chance >= 1:
        return f">{math.floor(wilson(n, n)[0] * 100)}%"
    return _pct(chance)


def _extreme(luck: Luck) -> bool:
    """Whether some seat's chance at this deal is said as a bound (:func:`luck_text`)."""
    return any(c <= 0 or c >= 1 for c in luck.chances)


def describe_decision(
    review: Review, d: DecisionReview, chapter_name: str, *, width: int = WIDTH
) -> list[str]:
    """A decision in a line or two of at most 76 columns (80 once indented under a
    player's figures), then its reason, wrapped as wide (``width``: the widest line
    once indented)."""
    lines = _decision_head(review, d, chapter_name)
    if d.reason:
        lines += textwrap.wrap(
            f"why: {d.reason}", width - 4, initial_indent=" " * 8, subsequent_indent=" " * 10
        )
    return lines


def _decision_head(review: Review, d: DecisionReview, chapter_name: str) -> list[str]:
    name = review.players[d.seat]
    task = "" if d.chosen.startswith(d.task) else f"{d.task} "
    head = f"{chapter_name} {d.chapter} #{d.step + 1} {name}: {task}{_clip(d.chosen, 20)}"
    if d.forced:
        return [f"{head} (forced)"]
    v = d.verdict
    chosen = d.options[d.choice]
    line = f"{head} {_pct(chosen.chance)}"
    if v.kind == "best":
        return [f"{line}, the best"]
    best = d.options[0]
    line += f"{' ' + v.mark if v.mark else ''}"
    best_text = f"best {_clip(best.action, 20)} {_pct(best.chance)}"
    if v.kind == "equal":
        return [line, f"{'':8}about equal to the {best_text}"]
    if v.noise is None:
        gave = f"gave up {_points(v.given_up)} points (too little measured to mark)"
    else:
        gave = f"gave up {_points(v.given_up)} ±{_points(2 * v.noise)} points"
    return [line, f"{'':8}{best_text}: {gave}"]


def _clip(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def _wrap(head: str, parts: Sequence[str], indent: int, width: int = WIDTH) -> list[str]:
    """``head`` and ``parts`` joined by commas in lines of at most ``width`` columns,
    the lines after the first indented by ``indent``."""
    lines = [head]
    for i, part in enumerate(parts):
        piece = part + ("," if i < len(parts) - 1 else "")
        if len(lines[-1]) + 1 + len(piece) > width and lines[-1].strip():
            lines.append(" " * indent + piece)
        else:
            lines[-1] += ("" if lines[-1].endswith(" ") else " ") + piece
    return lines


def format_review(review: Review, *, every: bool = False, width: int = WIDTH) -> str:
    """A review for people, in lines of at most ``width`` (80) columns: per player the
    figures and the decisions that mattered most, then the luck of each deal, then the
    marked decisions (``every``: every decision). The line mode asks for lines as wide
    as they come (``width`` very large: one line per thought, nothing wrapped)."""
    entry = GAMES[review.game]
    door = entry.load()
    chapter = door.chapter_name
    whole = door.arena_terms.unit  # what is won: the game, or Monster Taking's match
    lines = _wrap(f"Review of a {whole} of {entry.title}:", list(review.players), 2, width)
    lines += [
        f"(seed {review.settings.seed}, {review.settings.playouts} playouts per option; "
        f"chances to win the {whole} in %)",
        "",
    ]
    by_index = {d.index: d for d in review.decisions}
    for seat in review.seats:
        s = review.summary(seat)
        lines.append(f"{s.name}: {plural(s.decisions, 'decision')}, {s.unforced} unforced")
        if s.unforced:
            assert s.agreement is not None
            lines.append(
                f"  agreed with the review: {_pct(s.agreement)} ({s.agreed} of {s.unforced})"
            )
            lines.append(
                f"  chance to win the {whole} given up: {_points(s.mean_given_up)} points per "
                "decision"
            )
        marks = ", ".join(f"{s.marks[m]} {m}" for _, m in MARKS)
        lines.append(f"  marks: {marks}")
        if review.luck:
            deals = [luck_text(luck, seat) for luck in review.luck]
            head = f"  chance to win the {whole} at each deal ({chapter} 1 on):"
            lines += _wrap(head, deals, 4, width)
        if s.mattered:
            lines.append("  mattered most:")
            for i in s.mattered:
                lines.extend(
                    "    " + t for t in describe_decision(review, by_index[i], chapter, width=width)
                )
        lines.append("")
    if review.luck:
        lines.append(f"Luck: each player's chance to win the {whole} at each deal")
        samples = counted(review.luck[0].samples, whole)
        lines.append(f"({samples} played from each deal, {LUCK_POLICY} playing every seat)")
        for luck in review.luck:
            chances = [
                f"{review.players[p]} {luck_text(luck, p)}" for p in range(len(review.players))
            ]
            lines += _wrap(f"  {chapter} {luck.chapter}:", chances, 4, width)
        if any(_extreme(luck) for luck in review.luck):
            n = review.luck[0].samples
            low, high = (luck_text(Luck(0, (x,), (0.0,), n), 0) for x in (0.0, 1.0))
            lines.append(f"  ({low}: lost all {n}, so under {low[1:]}, 95% sure; {high}: won all)")
        lines.append("")
    shown = [d for d in review.decisions if every or d.mark]
    lines.append("Every decision:" if every else "Marked decisions:")
    if not shown:
        lines.append("  none")
    for d in shown:
        lines.extend("  " + t for t in describe_decision(review, d, chapter, width=width))
    return "\n".join(lines) + "\n"
