"""Kept reviews: the reviews on disk beside the saves (:class:`ReviewCache`), and a
review read back, checked against its record as strictly as a stored summary
(:func:`check_review`)."""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Hashable, Mapping, Sequence
from pathlib import Path
from typing import Any

from ..errors import RecordError
from ..games.contract import Action
from ..records import is_int
from ..search.assess import Stats
from .compute import decision_reason
from .model import (
    FORMAT,
    KEPT,
    Decision,
    DecisionReview,
    Game,
    Luck,
    OptionReview,
    Review,
    ReviewError,
    Settings,
)

MAX_REVIEW_BYTES = 4 << 20
"""The largest cache file read back (a review of a long game is a few hundred kB)."""


class ReviewCache:
    """Reviews kept in ``<home>/reviews/`` by the record's fingerprint (a save keeps its
    review when it moves from saves/ to history/, and a record from anywhere has one
    too): one review per record and settings, the default review (the app's and
    ``review``'s) in ``<fingerprint>.json``, one with other settings beside it, so that
    neither throws the other away. A review read back is checked as strictly as a
    stored summary (:func:`check_review`) and must be of this version (:data:`KEPT`):
    anything else is ignored and recomputed."""

    def __init__(self, root: Path | None = None) -> None:
        from ..saves import home

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
        from ..records import read_record_file

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
        from ..saves import atomic_write

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
    if not isinstance(raw, dict) or raw.get("format") != FORMAT:
        raise _not_this("format")
    if raw.get("record") != game.fingerprint or raw.get("game") != game.key:
        raise _not_this("record")
    if raw.get("players") != list(game.players):
        raise _not_this("players")
    seed, playouts, samples = raw.get("seed"), raw.get("playouts"), raw.get("luck_samples")
    if not (is_int(seed) and is_int(playouts) and playouts >= 1):
        raise _not_this("settings")
    if not (is_int(samples) and samples >= 1):
        raise _not_this("settings")
    n = len(game.players)
    seats = raw.get("seats")
    if not (
        isinstance(seats, list)
        and all(is_int(s) and 0 <= s < n for s in seats)
        and seats == sorted(set(seats))
    ):
        raise _not_this("seats")
    out = _check_decisions(raw.get("decisions"), game, seats)
    lucks = _check_luck(raw.get("luck"), game, samples)
    return Review(
        game.key,
        game.players,
        game.fingerprint,
        Settings(seed, playouts, samples),
        tuple(seats),
        out,
        lucks,
    )


def _not_this(what: str) -> ReviewError:
    return ReviewError(f"not a review of this record: {what}")


def _check_decisions(decisions: object, game: Game, seats: list[int]) -> list[DecisionReview]:
    """The decisions of a review read back: every decision of its ``seats``, in order."""
    if not isinstance(decisions, list):
        raise _not_this("decisions")
    out: list[DecisionReview] = []
    last = -1
    for d in decisions:
        if not isinstance(d, dict) or not is_int(d.get("index")):
            raise _not_this("a decision")
        index = d["index"]
        if not last < index < len(game.decisions):
            raise _not_this("decision order")
        last = index
        out.append(_check_decision(d, game.decisions[index], game, seats))
    if {d.seat for d in out} - set(seats) or any(
        d.seat in seats and d.index not in {r.index for r in out} for d in game.decisions
    ):
        raise _not_this("the decisions of its seats")
    return out


def _check_luck(luck: object, game: Game, samples: int) -> list[Luck]:
    """The luck of a review read back: each chapter's, over ``samples`` games."""
    n = len(game.players)
    if not isinstance(luck, list) or len(luck) != game.chapters:
        raise _not_this("luck")
    lucks: list[Luck] = []
    for c, entry in enumerate(luck, 1):
        if not isinstance(entry, dict) or entry.get("chapter") != c:
            raise _not_this("luck")
        chances, errors = entry.get("chances"), entry.get("errors")
        if entry.get("samples") != samples:
            raise _not_this("luck")
        if not (_probabilities(chances, n) and _probabilities(errors, n)):
            raise _not_this("luck")
        assert isinstance(chances, list) and isinstance(errors, list)
        lucks.append(Luck(c, tuple(chances), tuple(errors), samples))
    return lucks


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
        action = _option_action(o, legal, fail)
        same = game.same(view, action)
        if same in classes:
            raise fail("an option twice")
        classes.add(same)
        option = _option_numbers(o, game, fail)
        checked.append(option)
        actions.append((action, option.stats))
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


_OPTION_KEYS = {"action", "chance", "points", "visits", "gap", "noise", "stats"}


def _option_action(
    o: object, legal: Mapping[str, Action], fail: Callable[[str], ReviewError]
) -> Action:
    """The legal action an option read back names (``fail`` says what is wrong)."""
    if not isinstance(o, dict) or set(o) != _OPTION_KEYS:
        raise fail("an option")
    action = legal.get(o["action"]) if isinstance(o["action"], str) else None
    if action is None:
        raise fail("an option that is not a legal action")
    return action


def _option_numbers(
    o: dict[str, Any], game: Game, fail: Callable[[str], ReviewError]
) -> OptionReview:
    """An option read back with its numbers and stats checked (its action already is)."""
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
    return OptionReview(o["action"], float(chance), points, visits, gap, noise, stats)


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
