"""What a save knows beyond its record (:class:`SaveMeta`), and the summary the lists
read instead of replaying it, with the record's fingerprint and the checks that say
whether it can be shown as it is (:func:`summary_problem`)."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import TYPE_CHECKING, Any

from .. import __version__
from ..errors import RecordError
from ..games import DEFAULT_GAME, GAMES
from ..records import check_players, is_int, is_plain_text, kind, quote

if TYPE_CHECKING:
    from ..games import SomeDoor


def now() -> str:
    return datetime.now(timezone.utc).replace(microsecond=0).isoformat()


@dataclass
class SaveMeta:
    """What a save knows beyond the record: seats, seed, times, version."""

    seats: list[dict[str, Any]]
    """Per seat: ``{"name": ..., "bot": None or a level}``."""
    seed: int
    created: str = field(default_factory=now)
    updated: str = field(default_factory=now)
    version: str = __version__
    extra: dict[str, Any] = field(default_factory=dict)
    hints: list[int] = field(default_factory=list)
    """Per seat, how many hints the person took (empty: none at all)."""

    def to_json(self) -> dict[str, Any]:
        doc = {
            **self.extra,
            "seats": self.seats,
            "seed": self.seed,
            "created": self.created,
            "updated": self.updated,
            "version": self.version,
        }
        if any(self.hints):
            doc["hints"] = list(self.hints)
        return doc

    @staticmethod
    def plain(players: Sequence[str]) -> SaveMeta:
        """The meta of a record without one (an exported game): people only, seed 0."""
        return SaveMeta(
            seats=[{"name": p, "bot": None} for p in players],
            seed=0,
            created="",
            updated="",
            version="",
        )

    @staticmethod
    def from_json(raw: object, players: Sequence[str], game: str = DEFAULT_GAME) -> SaveMeta:
        """Read and check ``meta`` (untrusted, like the whole file) for a record of
        ``game`` whose players are ``players``; raises :class:`RecordError` ("meta:
        ...") saying what is wrong. Every seat's level must be one the game's
        ``make_bot`` accepts, so a resumed game never meets a level it cannot play."""
        door = GAMES[game].load()

        def bot_level_problem(level: object) -> str | None:
            try:
                door.make_bot(level)
            except ValueError as exc:
                return str(exc)
            return None

        if not isinstance(raw, dict):
            raise RecordError(f"meta: the meta of a saved game is an object, not {kind(raw)}")
        seats = raw.get("seats")
        if not isinstance(seats, list) or len(seats) != len(players):
            raise RecordError(f'meta: "seats" must list one seat per player ({len(players)})')
        checked: list[dict[str, Any]] = []
        for i, (seat, player) in enumerate(zip(seats, players)):
            where = f"meta: seat {i + 1}"
            if not isinstance(seat, dict) or set(seat) != _SEAT_KEYS:
                raise RecordError(
                    f'{where} must be an object {{"name": ..., "bot": ...}}, not {quote(seat)}'
                )
            if seat["name"] != player:
                raise RecordError(f"{where} is not named as player {i + 1} of the record")
            bot = seat["bot"]
            if bot is not None:
                problem = bot_level_problem(bot)
                if problem is not None:
                    raise RecordError(f"{where}: {problem}")
            checked.append({"name": player, "bot": bot})
        seed = raw.get("seed")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise RecordError(f'meta: "seed" must be a whole number, not {quote(seed)}')
        for key in ("created", "updated", "version"):
            if not isinstance(raw.get(key, ""), str):
                raise RecordError(f'meta: "{key}" must be a string, not {kind(raw[key])}')
        hints = raw.get("hints", [])
        if not (
            isinstance(hints, list)
            and (not hints or len(hints) == len(players))
            and all(is_int(h) and 0 <= h <= MAX_HINTS for h in hints)
        ):
            raise RecordError(
                f'meta: "hints" must list one whole number (0 to {MAX_HINTS}) per player, '
                f"not {quote(hints)}"
            )
        known = {"seats", "seed", "created", "updated", "version", "hints", SUMMARY}
        return SaveMeta(
            hints=list(hints),
            seats=checked,
            seed=seed,
            created=raw.get("created", ""),
            updated=raw.get("updated", ""),
            version=raw.get("version", ""),
            extra={k: v for k, v in raw.items() if k not in known},
        )


_SEAT_KEYS = {"name", "bot"}
MAX_HINTS = 100_000
"""The most hints a save may say one person took (a game has a few hundred decisions)."""


SUMMARY = "summary"
"""The key, in a save's ``meta``, of the summary the lists read."""

_FINGERPRINT = "record"
"""The key, in a summary, of the fingerprint of the record it summarizes."""


def door(key: str) -> SomeDoor:
    """The registered door (``GAME``) of the game called ``key``."""
    return GAMES[key].load()


def game_of_state(state: object) -> str:
    """The key of the registered game whose state ``state`` is (the default game's
    first: saving a Monster Trick game never loads another game)."""
    for key, entry in GAMES.items():
        if isinstance(state, entry.load().state_type):
            return key
    raise TypeError(f"not the state of a registered game: {type(state).__name__}")


def fingerprint(doc: dict[str, Any]) -> str:
    """A fingerprint of a record without its ``meta``: a summary holds the fingerprint of
    the record it summarizes, so a record changed behind its summary's back is noticed
    (and replayed) without replaying every save."""
    body = {k: v for k, v in doc.items() if k != "meta"}
    text = json.dumps(body, sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("ascii")).hexdigest()


_SUMMARY_KEYS = frozenset({"players", "round", "where", "over", "winners", "totals", "hits"})
"""The keys a summary may hold besides its fingerprint (``hits``: Monster Trick's)."""
MAX_WHERE = 120
"""The longest "where the game stands" a summary may give (a game writes about 60)."""
MAX_ROUND = 1000
"""The highest round (hand, game) a summary may name (a record has at most hundreds)."""


def summary_problem(info: object, doc: dict[str, Any], key: str) -> str | None:
    """What keeps ``info``, the summary found in the save ``doc`` of game ``key``, from
    being shown as it is (None: nothing). A summary is checked as strictly as the lists
    use it: the fingerprint of exactly this record; the record's players, each following
    the names rule; plain text where the game stands; and, once over, the winners
    (distinct seats, each with the highest total) and one total per player in the
    game's range (``totals_range``); per seat hits ``[made, rounds scored]`` if any.
    Anyone can recompute a fingerprint, so nothing else of a summary is taken on trust.
    """
    if not isinstance(info, dict) or info.get(_FINGERPRINT) != fingerprint(doc):
        return "no summary of this record"
    if not set(info) - {_FINGERPRINT} <= _SUMMARY_KEYS:
        return "unknown keys"
    if info.get("players") != doc.get("players"):
        return "not the record's players"
    facts = GAMES[key]
    try:
        n = len(check_players(info["players"], facts.min_players, facts.max_players))
    except RecordError as exc:
        return str(exc)
    where: object = info.get("where")
    over: object = info.get("over")
    rounds: object = info.get("round")
    if not (isinstance(where, str) and 0 < len(where) <= MAX_WHERE and is_plain_text(where)):
        return '"where" is not a line of plain text'
    if not (is_int(rounds) and 1 <= rounds <= MAX_ROUND) or not isinstance(over, bool):
        return '"round" or "over" is not one'
    winners: object = info.get("winners")
    totals: object = info.get("totals")
    if not over:
        if winners is not None or totals is not None:
            return "results of a game that is not over"
    else:
        low, high = door(key).totals_range
        if not (
            isinstance(totals, list)
            and len(totals) == n
            and all(is_int(t) and low <= t <= high for t in totals)
        ):
            return f'"totals" is not one total per player, each {low} to {high}'
        if not (
            isinstance(winners, list)
            and winners
            and all(is_int(w) and 0 <= w < n for w in winners)
            and len(set(winners)) == len(winners)
            and all(totals[w] == max(totals) for w in winners)
        ):
            return '"winners" are not players with the highest total'
    hits: object = info.get("hits", [])
    if not (
        isinstance(hits, list)
        and len(hits) in (0, n)
        and all(
            isinstance(h, list)
            and len(h) == 2
            and all(is_int(x) for x in h)
            and 0 <= h[0] <= h[1] <= rounds
            for h in hits
        )
    ):
        return '"hits" is not [made, rounds scored] per player'
    return None


def _trusted_summary(doc: dict[str, Any], key: str) -> dict[str, Any] | None:
    """The summary in the save's meta, if it is one this program could have written for
    exactly this record (:func:`summary_problem`); None otherwise (then the save is
    replayed and its summary rebuilt from the record)."""
    meta = doc.get("meta")
    info = meta.get(SUMMARY) if isinstance(meta, dict) else None
    if summary_problem(info, doc, key) is not None:
        return None
    assert isinstance(info, dict)
    return {k: v for k, v in info.items() if k != _FINGERPRINT}
