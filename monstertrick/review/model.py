"""What a review is made of: its settings and constants, the verdict on a decision, a
decision's, a deal's and a player's figures, the whole review, and the finished record
replayed into the decisions to review (:class:`Game`)."""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..games import GAMES
from ..games.contract import Action, SomeState, SomeView
from ..records import game_of
from ..search.assess import Advice, Stats, Z

if TYPE_CHECKING:
    from ..games import SomeDoor

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
        from ..saves import fingerprint

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
