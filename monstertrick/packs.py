"""Deal packs: the same deals for everyone, and each result compared with the others
who played that deal at that seat (duplicate scoring, as in bridge clubs).

A **pack** is a small JSON file (``monstertrick-pack/1``) of a game, a number of seats
and a list of deals, each a seed and the seat that starts it: everything that decides the
cards, and nothing of who plays them. It is shareable: whoever plays deal ``i`` of a pack
with the same number of seats gets exactly the same cards at the same seats. A pack's
**id** is a fingerprint of its content (:attr:`Pack.id`): two files with the same deals
have the same id, and a file whose deals were changed no longer matches the id it says.

A game of a pack is saved as every game is, with ``{"pack": {"id": ID, "deal": INDEX}}``
(``INDEX`` 0-based) in its save's ``meta``, so that its record is found in the history.
A record of the pack played elsewhere is taken in by :func:`import_record`, checked
first (:func:`check_record`): its game is replayed and each of its chapters (rounds,
hands, games of the match) must be dealt exactly as the pack's deal deals it, with the
same decisions giving the same game; anything else is refused with the reason. A game
played on from another game's decision (:func:`monstertrick.playon.is_replay`: its meta
has ``replay_of``) never counts.

**Matchpoints** (:func:`matchpoints`): at each deal and seat, each person's result (the
game's own score at that seat: VP, points, games won) earns the share of the others who
played that deal at that seat whom it beat, a tie counting half. A person's pack total
is the mean of their matchpoints over the deals they played. The **baseline** is the
computer's result on the same deal and seat: the deal played with ``hard:1000`` (the hard
player at 1000 playouts per decision, counted so that it is the same on every machine)
in every seat; each result says whether it beat it, and the baseline gets matchpoints
against the people too, so that it can be ranked among them.

The **daily deal** (:func:`daily_pack`) is the pack of the day: the same for everyone on
that date, with no server, from a fixed rule: deal ``i`` (0-based) of the daily pack of
``GAME`` for ``N`` seats on ``YYYY-MM-DD`` has the seed made of the first 8 bytes (big
endian) of the SHA-256 of ``monstertrick-daily/GAME/N/YYYY-MM-DD/i``, and seat ``i mod
N`` starts it; it has :data:`DAILY_DEALS` deals, and "today" is the date in UTC, the
same everywhere at the same moment.

This module knows a game only through its registered door (:mod:`monstertrick.games`)
and imports no Textual.
"""

from __future__ import annotations

import hashlib
import json
import random
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime, timezone
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .errors import RecordError
from .games import DEFAULT_GAME, GAMES
from .records import (
    check_format,
    game_of,
    is_int,
    kind,
    parse_json,
    quote,
    read_record_file,
    shown,
)

if TYPE_CHECKING:
    from .games import SomeDoor
    from .games.contract import SomeState
    from .saves import SaveMeta, SaveStore
    from .seating import Seating
    from .session import Session

from .deal_limits import BASELINE_LEVEL, DAILY_DEALS, MAX_DEALS, PACK_FORMAT

__all__ = ["BASELINE_LEVEL", "DAILY_DEALS", "MAX_DEALS", "PACK_FORMAT"]  # (and the rest)

MAX_PACK_BYTES = 64 * 1024
"""The largest pack file read (64 kB: a pack of 100 deals is about 5 kB)."""
MAX_SEED = 2**64 - 1
"""The largest seed a pack may give a deal."""
MAX_TITLE = 80
"""The longest title a pack may have."""
PACK_KEY = "pack"
"""The key, in a save's meta, of the pack and deal a game is of."""
_ID = re.compile(r"[0-9a-f]{12}")
BASELINE_NAMES = ("North", "East", "South", "West", "Centre")


class PackError(ValueError):
    """A pack, or a record of one, that cannot be used: the message says why."""


# ---------------------------------------------------------------------------- packs


@dataclass(frozen=True, slots=True)
class Deal:
    """One deal of a pack: the seed its cards come from and the seat that starts it."""

    seed: int
    first: int


@dataclass(frozen=True, slots=True)
class Pack:
    """A game, its number of seats, and the deals: what decides the cards."""

    game: str
    seats: int
    deals: tuple[Deal, ...]
    title: str = ""

    @property
    def content(self) -> dict[str, Any]:
        """What decides the deals (what the id is made of)."""
        return {
            "format": PACK_FORMAT,
            "game": self.game,
            "seats": self.seats,
            "deals": [{"seed": d.seed, "first": d.first} for d in self.deals],
        }

    @property
    def id(self) -> str:
        """A fingerprint of the deals: 12 hex digits of the SHA-256 of :attr:`content`."""
        text = json.dumps(self.content, sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode("ascii")).hexdigest()[:12]

    @property
    def title_or_id(self) -> str:
        return self.title or f"pack {self.id}"

    def to_json(self) -> dict[str, Any]:
        doc: dict[str, Any] = {"format": PACK_FORMAT, "id": self.id}
        if self.title:
            doc["title"] = self.title
        doc.update({k: v for k, v in self.content.items() if k != "format"})
        return doc

    def text(self) -> str:
        """The pack as the text of its file."""
        return json.dumps(self.to_json(), indent=1, ensure_ascii=True) + "\n"

    def describe(self) -> str:
        """The pack in a line for people."""
        facts = GAMES[self.game]
        deals = "1 deal" if len(self.deals) == 1 else f"{len(self.deals)} deals"
        about = f"{deals} of {facts.title} for {self.seats} players"
        if self.title:
            return f"{shown(self.title, 80)}: {about} (pack {self.id})"
        return f"pack {self.id}: {about}"


def default_seats(game: str) -> int:
    """The seats of a pack made without saying: 4, or what the game allows nearest."""
    facts = GAMES[game]
    return min(max(4, facts.min_players), facts.max_players)


def check_seats_count(game: str, seats: int) -> None:
    facts = GAMES[game]
    if not facts.min_players <= seats <= facts.max_players:
        low, high = facts.min_players, facts.max_players
        allowed = str(low) if low == high else f"{low} to {high}"
        raise PackError(f"{facts.title} is for {allowed} players, not {seats}")


def new_pack(
    game: str = DEFAULT_GAME,
    deals: int = DAILY_DEALS,
    seats: int | None = None,
    *,
    rng: random.Random | None = None,
    title: str = "",
) -> Pack:
    """A pack of ``deals`` new deals (seeds from ``rng``, by default the system's
    randomness); the seat that starts goes round the table from deal to deal."""
    seats = default_seats(game) if seats is None else seats
    check_seats_count(game, seats)
    if not 1 <= deals <= MAX_DEALS:
        raise PackError(f"a pack has 1 to {MAX_DEALS} deals, not {deals}")
    check_title(title)
    draw = rng if rng is not None else random.SystemRandom()
    return Pack(
        game,
        seats,
        tuple(Deal(draw.randrange(2**63), i % seats) for i in range(deals)),
        title,
    )


def daily_key(game: str, seats: int, day: date) -> str:
    """What the daily pack's seeds are made from (the module's docstring says how)."""
    return f"monstertrick-daily/{game}/{seats}/{day.isoformat()}"


def daily_pack(game: str = DEFAULT_GAME, day: date | None = None, seats: int | None = None) -> Pack:
    """The daily pack of ``game`` on ``day`` (today in UTC without one): a function of
    the game, the number of seats and the date alone."""
    day = today() if day is None else day
    seats = default_seats(game) if seats is None else seats
    check_seats_count(game, seats)
    key = daily_key(game, seats, day)
    deals = []
    for i in range(DAILY_DEALS):
        digest = hashlib.sha256(f"{key}/{i}".encode("ascii")).digest()
        deals.append(Deal(int.from_bytes(digest[:8], "big"), i % seats))
    return Pack(game, seats, tuple(deals), f"Daily deal {day.isoformat()}")


def today(now: datetime | None = None) -> date:
    """Today's date in UTC: the same on every machine at the same moment."""
    moment = datetime.now(timezone.utc) if now is None else now.astimezone(timezone.utc)
    return moment.date()


def check_title(title: object) -> str:
    if not isinstance(title, str):
        raise PackError(f'a pack\'s "title" is text, not {kind(title)}')
    if len(title) > MAX_TITLE:
        raise PackError(f"a pack's title has at most {MAX_TITLE} characters, not {len(title)}")
    return title


def pack_from_json(doc: object) -> Pack:
    """Read and check a parsed pack file (untrusted): raises :class:`PackError`."""
    if not isinstance(doc, dict):
        raise PackError(f"a deal pack is a JSON object, not {kind(doc)}")
    fmt = doc.get("format")
    if fmt != PACK_FORMAT:
        if fmt is None:
            raise PackError(f'not a deal pack: it has no "format" (expected "{PACK_FORMAT}")')
        raise PackError(f"unknown pack format {quote(fmt)}: this program reads {PACK_FORMAT!r}")
    game = doc.get("game")
    if not isinstance(game, str) or game not in GAMES:
        raise PackError(f"unknown game {quote(game)}: this program plays {', '.join(GAMES)}")
    seats = doc.get("seats")
    if not is_int(seats):
        raise PackError(f'"seats" must be a number of players, not {quote(seats)}')
    check_seats_count(game, seats)
    raw = doc.get("deals")
    if not isinstance(raw, list) or not 1 <= len(raw) <= MAX_DEALS:
        raise PackError(f'"deals" must list 1 to {MAX_DEALS} deals')
    deals = []
    for i, d in enumerate(raw, 1):
        if not isinstance(d, dict):
            raise PackError(f"deal {i} is a JSON object, not {kind(d)}")
        seed, first = d.get("seed"), d.get("first", 0)
        if not is_int(seed) or not 0 <= seed <= MAX_SEED:
            raise PackError(f"deal {i}: the seed must be a whole number from 0 to 2^64-1")
        if not is_int(first) or not 0 <= first < seats:
            raise PackError(f"deal {i}: the seat that starts must be a seat from 0 to {seats - 1}")
        deals.append(Deal(seed, first))
    pack = Pack(game, seats, tuple(deals), check_title(doc.get("title", "")))
    said = doc.get("id")
    if said is not None and said != pack.id:
        raise PackError(
            f"its id {quote(said, 20)} is not the fingerprint of its deals ({pack.id}): "
            "the file was changed since it was made"
        )
    return pack


def parse_pack(data: bytes | str) -> Pack:
    try:
        doc = parse_json(data)
    except RecordError as exc:
        raise PackError(str(exc).replace("game record", "deal pack")) from None
    return pack_from_json(doc)


def read_pack(path: str | Path) -> Pack:
    """The pack in a file (read safely: a regular file, at most 64 kB)."""
    try:
        data = read_record_file(path, MAX_PACK_BYTES)
    except RecordError as exc:
        raise PackError(str(exc).replace("a game record", "a deal pack")) from None
    return parse_pack(data)


# ---------------------------------------------------------------------------- the folder


def packs_folder(root: Path) -> Path:
    """Where the packs this machine knows live: ``<home>/packs/<ID>/``."""
    return root / "packs"


def remember(pack: Pack, root: Path) -> Path:
    """Keep the pack in ``<home>/packs/<ID>/pack.json`` (so that records of it can be
    imported by its id alone); its folder."""
    from .saves import atomic_write

    folder = packs_folder(root) / pack.id
    target = folder / "pack.json"
    try:
        current = read_pack(target) if target.exists() else None
    except PackError:
        current = None
    if current != pack:
        atomic_write(target, pack.text())
    return folder


def known_pack(pack_id: str, root: Path) -> Pack | None:
    """The pack of this id kept on this machine (None: none, or it is damaged)."""
    if not _ID.fullmatch(pack_id):
        return None
    try:
        pack = read_pack(packs_folder(root) / pack_id / "pack.json")
    except PackError:
        return None
    return pack if pack.id == pack_id else None


# ---------------------------------------------------------------------------- records


def pack_meta(pack: Pack, index: int) -> dict[str, Any]:
    """What a game of deal ``index`` adds to its save's meta."""
    return {PACK_KEY: {"id": pack.id, "deal": index}}


def pack_of_meta(extra: Mapping[str, Any]) -> tuple[str, int] | None:
    """The pack id and deal a save's meta names (None: it names none, or not as this
    program writes it)."""
    ref = extra.get(PACK_KEY)
    if not isinstance(ref, dict):
        return None
    pack_id, index = ref.get("id"), ref.get("deal")
    if not isinstance(pack_id, str) or not _ID.fullmatch(pack_id) or not is_int(index):
        return None
    return pack_id, index


def seating_for(pack: Pack, index: int, seating: Seating) -> Seating:
    """The seating ``seating`` at deal ``index``: its seats, the deal's starter."""
    from .seating import Seating

    if len(seating.seats) != pack.seats:
        raise PackError(
            f"{shown(pack.title_or_id, 60)} is for {pack.seats} players, not {len(seating.seats)}"
        )
    if not 0 <= index < len(pack.deals):
        raise PackError(f"the pack has deals 1 to {len(pack.deals)}, not {index + 1}")
    return Seating(seating.seats, pack.deals[index].first)


def start_session(
    pack: Pack, index: int, seating: Seating, store: SaveStore | None = None
) -> Session:
    """A new game of deal ``index`` (0-based) of the pack for these seats, its saves
    marked with the pack and deal."""
    from .session import Session

    seated = seating_for(pack, index, seating)
    session = Session.start(seated, pack.deals[index].seed, store, game=pack.game)
    if session.meta is not None:
        session.meta.extra.update(pack_meta(pack, index))
    return session


@dataclass(frozen=True)
class PackGame:
    """A finished game of a pack's deal, checked against the pack."""

    deal: int
    """The deal's index (0-based)."""
    state: SomeState
    meta: SaveMeta
    label: str
    """Where it comes from, for messages (a file name)."""
    key: str
    """The record's fingerprint (the same game found twice counts once)."""

    @property
    def people(self) -> tuple[int, ...]:
        return tuple(s for s, seat in enumerate(self.meta.seats) if seat.get("bot") is None)


def _door(game: str) -> SomeDoor:
    return GAMES[game].load()


def deal_problem(pack: Pack, index: int, state: SomeState) -> str | None:
    """Why the finished game ``state`` is not a game of deal ``index`` of the pack (None:
    it is): each chapter must be dealt as the deal's seed deals it, and the game's
    decisions made again on that deal must give the same game."""
    door = _door(pack.game)
    deal = pack.deals[index]
    chapter = door.chapter_name
    number = index + 1
    if len(state.players) != pack.seats:
        return f"it has {len(state.players)} players, deal {number} is for {pack.seats}"
    if door.first_seat(state) != deal.first:
        return (
            f"seat {door.first_seat(state) + 1} started it, but seat {deal.first + 1} "
            f"starts deal {number}"
        )
    fresh = door.new_state(state.players, deal.seed, deal.first)
    for c in range(1, state.chapter + 1):
        if c > 1:
            if not fresh.chapter_over() or fresh.is_over():
                return f"its {chapter} {c - 1} did not end as deal {number} plays it"
            fresh.next_chapter()
        start = door.chapter_start(state, c)
        if door.to_record(start) != door.to_record(fresh):
            return f"its {chapter} {c} was not dealt as deal {number} of the pack deals it"
        for seat, action in door.chapter_end(state, c).history():
            try:
                door.apply(fresh, seat, action)
            except ValueError as exc:  # (IllegalMoveError: the rules refuse it there)
                return f"its {chapter} {c} cannot be played on deal {number}: {exc}"
    if door.to_record(fresh) != door.to_record(state) or not fresh.is_over():
        return f"it does not end as deal {number} of the pack does with the same decisions"
    return None


def check_record(pack: Pack, doc: object, label: str = "the record") -> PackGame:
    """A parsed record (untrusted), checked to be a finished game of one of the pack's
    deals: raises :class:`PackError` saying why it is not."""
    from .playon import is_replay
    from .saves import SaveMeta, fingerprint

    try:
        key = game_of(check_format(doc))
    except RecordError as exc:
        raise PackError(f"not a game record: {exc}") from None
    assert isinstance(doc, dict)
    if key != pack.game:
        raise PackError(
            f"a game of {GAMES[key].title}, not of this pack's {GAMES[pack.game].title}"
        )
    door = _door(key)
    try:
        state = door.from_record(doc, seed=0)
        meta = (
            SaveMeta.from_json(doc["meta"], state.players, key)
            if "meta" in doc
            else SaveMeta.plain(state.players)
        )
    except RecordError as exc:
        raise PackError(f"not a valid game record: {exc}") from None
    if is_replay(meta):
        raise PackError("a game played on from another game's decision, which never counts")
    if not door.is_over(state):
        raise PackError("the game is not finished")
    candidates: Iterable[int]
    if PACK_KEY in meta.extra:
        ref = pack_of_meta(meta.extra)
        if ref is None:
            raise PackError(f'its meta\'s "{PACK_KEY}" is not a pack id and deal number')
        pack_id, index = ref
        if pack_id != pack.id:
            raise PackError(f"a game of another pack ({pack_id}), not of {pack.id}")
        if not 0 <= index < len(pack.deals):
            said = f"deal {index + 1}" if -1 <= index < MAX_DEALS else "a deal number"
            raise PackError(f"it says {said}, but the pack has deals 1 to {len(pack.deals)}")
        candidates = (index,)
    else:
        candidates = range(len(pack.deals))
    reasons = []
    for index in candidates:
        problem = deal_problem(pack, index, state)
        if problem is None:
            return PackGame(index, state, meta, label, fingerprint(doc))
        reasons.append(problem)
    if len(reasons) == 1:
        raise PackError(f"not deal {index + 1} of the pack: {reasons[0]}")
    raise PackError("not a game of any deal of the pack (its cards are not theirs)")


def read_pack_record(pack: Pack, path: Path, label: str | None = None) -> PackGame:
    """The record in a file, checked against the pack (raises :class:`PackError`);
    ``label`` names it in messages (by default its path)."""
    try:
        doc = parse_json(read_record_file(path))
    except RecordError as exc:
        raise PackError(str(exc)) from None
    return check_record(pack, doc, shown(str(path)) if label is None else label)


def imported_folder(pack: Pack, root: Path) -> Path:
    return packs_folder(root) / pack.id / "imported"


def import_record(path: Path, root: Path, pack: Pack | None = None) -> tuple[Pack, PackGame, bool]:
    """Take in the record at ``path`` (played elsewhere) for its pack: ``pack``, or the
    pack its meta names, if this machine knows it. Returns the pack, the game, and
    whether it was new (False: the same game was already there). Raises
    :class:`PackError` saying why it is refused."""
    from .records import record_text
    from .saves import atomic_write

    try:
        doc = parse_json(read_record_file(path))
    except RecordError as exc:
        raise PackError(str(exc)) from None
    if pack is None:
        try:
            check_format(doc)
        except RecordError as exc:
            raise PackError(f"not a game record: {exc}") from None
        meta = doc.get("meta") if isinstance(doc, dict) else None
        ref = pack_of_meta(meta) if isinstance(meta, dict) else None
        if ref is None:
            raise PackError("it does not say which pack it is of: name the pack with --pack PACK")
        pack = known_pack(ref[0], root)
        if pack is None:
            raise PackError(
                f"it is of pack {ref[0]}, which this machine does not know: name its file "
                "with --pack PACK"
            )
    game = check_record(pack, doc, shown(str(path)))
    remember(pack, root)
    folder = imported_folder(pack, root)
    target = folder / f"{game.key[:24]}.json"
    if target.exists() or any(g.key == game.key for g in history_games(pack, root)[0]):
        return pack, game, False
    atomic_write(target, record_text(doc))
    return pack, game, True


@dataclass(frozen=True)
class LeftOut:
    """A record that does not count, and why."""

    label: str
    reason: str


def history_games(pack: Pack, root: Path) -> tuple[list[PackGame], list[LeftOut]]:
    """The finished games of the pack in this machine's history (checked)."""
    from .saves import SaveStore

    store = SaveStore(root)
    games: list[PackGame] = []
    left: list[LeftOut] = []
    finished, _ = store.finished()
    for saved in finished:
        ref = pack_of_meta(saved.meta.extra)
        if ref is None or ref[0] != pack.id:
            continue
        label = shown(f"history/{saved.path.name}")
        try:
            games.append(read_pack_record(pack, saved.path, label))
        except PackError as exc:
            left.append(LeftOut(label, str(exc)))
    return games, left


def pack_games(pack: Pack, root: Path) -> tuple[list[PackGame], list[LeftOut]]:
    """Every finished game of the pack this machine has (its history and the records
    imported), each once, checked; and the records left out, with the reason."""
    games, left = history_games(pack, root)
    folder = imported_folder(pack, root)
    try:
        files = sorted(p for p in folder.glob("*.json") if not p.is_dir())
    except OSError:
        files = []
    for path in files:
        label = shown(f"imported/{path.name}")
        try:
            games.append(read_pack_record(pack, path, label))
        except PackError as exc:
            left.append(LeftOut(label, str(exc)))
    seen: set[str] = set()
    unique = []
    for g in games:
        if g.key not in seen:
            seen.add(g.key)
            unique.append(g)
    return unique, left


# ---------------------------------------------------------------------------- scores


def matchpoints(results: Sequence[float]) -> list[float | None]:
    """Each result's share of the others it beat, a tie counting half (None: there
    are no others). ``[5, 3, 3]`` gives ``[1.0, 0.25, 0.25]``."""
    n = len(results)
    if n < 2:
        return [None] * n
    shares: list[float | None] = []
    for mine in results:
        beaten = sum(1.0 if mine > r else 0.5 if mine == r else 0.0 for r in results)
        shares.append((beaten - 0.5) / (n - 1))  # (itself: a tie, taken out)
    return shares


def play_baseline(pack: Pack, index: int, level: str = BASELINE_LEVEL) -> tuple[int, ...]:
    """Deal ``index`` played with ``level`` in every seat: each seat's score."""
    door = _door(pack.game)
    deal = pack.deals[index]
    state = door.new_state(BASELINE_NAMES[: pack.seats], deal.seed, deal.first)
    bots = [door.make_bot(level) for _ in range(pack.seats)]
    door.play_to_end(state, bots, deal.seed)
    outcome = state.outcome()
    assert outcome is not None
    return tuple(outcome.scores)


def check_baseline_level(game: str, level: str) -> None:
    """Raise :class:`PackError` unless ``level`` is a computer player of ``game`` that
    plays the same on every machine (a time budget does not: ``hard:2s``)."""
    try:
        _door(game).make_bot(level)
    except ValueError as exc:
        raise PackError(str(exc)) from None
    if level.partition(":")[2].strip().lower().endswith("s"):
        raise PackError(
            "the baseline plays the same on every machine: give it playouts (hard:1000), not a time"
        )


def baselines(
    pack: Pack,
    root: Path | None,
    level: str = BASELINE_LEVEL,
    progress: Callable[[int, int], None] | None = None,
    jobs: int = 1,
) -> list[tuple[int, ...]]:
    """Each deal's baseline scores, played once (``jobs`` deals at once, in processes)
    and kept in ``<home>/packs/<ID>/`` (a kept file that is damaged, or of another
    version of this program, is played again); ``progress(done, deals)`` is told as
    the deals are done."""
    from . import __version__
    from .saves import atomic_write

    check_baseline_level(pack.game, level)
    door = _door(pack.game)
    cache = None
    kept: dict[str, Any] = {}
    if root is not None:
        safe = re.sub(r"[^a-z0-9.]", "-", level.strip().lower())
        cache = packs_folder(root) / pack.id / f"baseline-{safe}.json"
        try:
            doc = parse_json(read_record_file(cache, MAX_PACK_BYTES))
            if (
                isinstance(doc, dict)
                and doc.get("version") == __version__
                and doc.get("level") == level
                and isinstance(doc.get("deals"), dict)
            ):
                kept = doc["deals"]
        except RecordError:
            pass
    low, high = door.totals_range
    found: list[tuple[int, ...] | None] = []
    for i in range(len(pack.deals)):
        got = kept.get(str(i))
        if (
            isinstance(got, list)
            and len(got) == pack.seats
            and all(is_int(s) and low <= s <= high for s in got)
        ):
            found.append(tuple(got))
        else:
            found.append(None)
    missing = [i for i, got in enumerate(found) if got is None]
    done = len(found) - len(missing)
    if progress is not None:
        progress(done, len(found))
    for i, got in _play_baselines(pack, missing, level, jobs):
        found[i] = got
        kept[str(i)] = list(got)
        done += 1
        if progress is not None:
            progress(done, len(found))
        if cache is not None:
            doc = {"version": __version__, "level": level, "deals": kept}
            try:
                atomic_write(cache, json.dumps(doc) + "\n")
            except OSError:
                cache = None  # (kept in memory only: played again next time)
    scores = [got for got in found if got is not None]
    assert len(scores) == len(found)
    return scores


def _baseline_task(args: tuple[dict[str, Any], int, str]) -> tuple[int, tuple[int, ...]]:
    doc, index, level = args
    return index, play_baseline(pack_from_json(doc), index, level)


def _play_baselines(
    pack: Pack, indexes: Sequence[int], level: str, jobs: int
) -> Iterable[tuple[int, tuple[int, ...]]]:
    """The baselines of these deals, as each is played (in ``jobs`` processes)."""
    tasks = [(pack.to_json(), i, level) for i in indexes]
    if jobs <= 1 or len(tasks) <= 1:
        yield from map(_baseline_task, tasks)
        return
    import multiprocessing

    with multiprocessing.get_context("spawn").Pool(min(jobs, len(tasks))) as pool:
        yield from pool.imap_unordered(_baseline_task, tasks)


@dataclass
class PlayerTotal:
    name: str
    results: int = 0
    scored: int = 0
    """Results that had others to be compared with."""
    points: float = 0.0
    """The sum of the matchpoints of the results scored."""
    vs_baseline: list[int] = field(default_factory=lambda: [0, 0, 0])
    """Results above, equal to and below the baseline."""

    @property
    def mean(self) -> float | None:
        return self.points / self.scored if self.scored else None


def scores(
    pack: Pack,
    games: Sequence[PackGame],
    baseline: Sequence[Sequence[int]],
    *,
    level: str = BASELINE_LEVEL,
    left_out: Sequence[LeftOut] = (),
) -> dict[str, Any]:
    """The pack's scores as a JSON-ready dict: per deal and seat each person's result
    and matchpoints (against the other people at that deal and seat) and how it
    compares with the baseline, the baseline's own matchpoints against them, and each
    person's pack total (the mean of their matchpoints), best first."""
    left = list(left_out)
    # One result per person, deal and seat: the first game played (the others said).
    ordered = sorted(games, key=lambda g: (g.meta.created, g.label))
    fields: dict[tuple[int, int], list[tuple[str, int, PackGame]]] = {}
    for g in ordered:
        outcome = g.state.outcome()
        assert outcome is not None
        for seat in g.people:
            name = g.state.players[seat]
            entries = fields.setdefault((g.deal, seat), [])
            if any(n == name for n, _, _ in entries):
                left.append(
                    LeftOut(
                        g.label,
                        f"{shown(name, 40)} played deal {g.deal + 1} at seat {seat + 1} "
                        "before: only the first time counts",
                    )
                )
                continue
            entries.append((name, outcome.scores[seat], g))
    totals: dict[str, PlayerTotal] = {}
    machine = PlayerTotal(level)
    deals_out = []
    for index, deal in enumerate(pack.deals):
        seats_out = []
        for seat in range(pack.seats):
            entries = fields.get((index, seat), [])
            base = baseline[index][seat]
            points = matchpoints([s for _, s, _ in entries])
            results_out: list[dict[str, Any]] = []
            for (name, score, g), mp in zip(entries, points):
                total = totals.setdefault(name, PlayerTotal(name))
                total.results += 1
                if mp is not None:
                    total.scored += 1
                    total.points += mp
                versus = 0 if score > base else 1 if score == base else 2
                total.vs_baseline[versus] += 1
                others = [
                    f"{n} ({s['bot']})" if s.get("bot") is not None else n
                    for p, (n, s) in enumerate(zip(g.state.players, g.meta.seats))
                    if p != seat
                ]
                results_out.append(
                    {
                        "player": name,
                        "score": score,
                        "matchpoints": None if mp is None else round(mp, 4),
                        "vs_baseline": ("above", "equal", "below")[versus],
                        "with": others,
                        "played": g.meta.created,
                        "file": g.label,
                    }
                )
            base_mp = None
            if entries:
                beaten = sum(1.0 if base > s else 0.5 if base == s else 0.0 for _, s, _ in entries)
                base_mp = beaten / len(entries)
                machine.results += 1
                machine.scored += 1
                machine.points += base_mp
            results_out.sort(key=lambda r: (-r["score"], r["player"]))
            seats_out.append(
                {
                    "seat": seat + 1,
                    "baseline": base,
                    "baseline_matchpoints": None if base_mp is None else round(base_mp, 4),
                    "results": results_out,
                }
            )
        deals_out.append(
            {"deal": index + 1, "seed": deal.seed, "first": deal.first + 1, "seats": seats_out}
        )

    def total_json(t: PlayerTotal) -> dict[str, Any]:
        mean = t.mean
        return {
            "player": t.name,
            "results": t.results,
            "scored": t.scored,
            "matchpoints": round(t.points, 4),
            "mean": None if mean is None else round(mean, 4),
        }

    ranked = sorted(
        totals.values(), key=lambda t: (-(t.mean if t.mean is not None else -1.0), t.name)
    )
    players = []
    for t in ranked:
        doc = total_json(t)
        above, equal, below = t.vs_baseline
        doc["vs_baseline"] = {"above": above, "equal": equal, "below": below}
        players.append(doc)
    facts = GAMES[pack.game]
    return {
        "pack": {
            "id": pack.id,
            "title": pack.title,
            "game": pack.game,
            "seats": pack.seats,
            "deals": len(pack.deals),
        },
        "score": facts.score_name,
        "baseline": {
            "level": level,
            "rule": f"each deal played by {level} in every seat; its score at each seat",
            **total_json(machine),
        },
        "deals": deals_out,
        "players": players,
        "left_out": [{"file": lo.label, "reason": lo.reason} for lo in left],
    }


def _pct(value: float | None) -> str:
    return "—" if value is None else f"{value:.0%}"


def format_scores(report: Mapping[str, Any]) -> str:
    """The scores as text for people (every name and file name escaped)."""
    pack = report["pack"]
    facts = GAMES[pack["game"]]
    unit = report["score"]
    base = report["baseline"]
    title = pack["title"] or f"pack {pack['id']}"
    lines = [
        f"{shown(title, 80)}: {facts.title}, {pack['seats']} players, {pack['deals']} "
        f"deal{'s' if pack['deals'] != 1 else ''} (pack {pack['id']})",
        f"Baseline: {base['rule']}.",
        "Matchpoints: the share of the others who played that deal at that seat whom",
        "a result beat (a tie counts half).",
    ]
    for deal in report["deals"]:
        lines.append("")
        lines.append(f"Deal {deal['deal']} (seat {deal['first']} starts)")
        if not any(seat["results"] for seat in deal["seats"]):
            lines.append("  nobody has played it yet")
        for seat in deal["seats"]:
            if not seat["results"]:
                continue
            lines.append(f"  seat {seat['seat']:<17} {unit:>8}  matchpoints")
            baseline_row = (
                f"    {'(' + base['level'] + ')':<20} {seat['baseline']:>8}  "
                f"{_pct(seat['baseline_matchpoints']):>11}  the baseline"
            )
            placed = False
            for r in seat["results"]:
                if not placed and r["score"] <= seat["baseline"]:
                    lines.append(baseline_row)
                    placed = True
                versus = {"above": "above", "equal": "equal to", "below": "below"}[r["vs_baseline"]]
                lines.append(
                    f"    {shown(r['player'], 16):<20} {r['score']:>8}  "
                    f"{_pct(r['matchpoints']):>11}  {versus} the baseline"
                )
            if not placed:
                lines.append(baseline_row)
    lines.append("")
    lines.append("Pack total (mean matchpoints over the deals played)")
    ranked: list[tuple[float | None, str, Mapping[str, Any], bool]] = [
        (p["mean"], shown(p["player"], 16), p, False) for p in report["players"]
    ]
    ranked.append((base["mean"], f"({base['level']})", base, True))
    ranked.sort(key=lambda r: -(r[0] if r[0] is not None else -1.0))
    for place, (mean, name, row, is_base) in enumerate(ranked, 1):
        results = f"{row['results']} result{'s' if row['results'] != 1 else ''}"
        if is_base:
            extra = "the baseline, against the people"
        else:
            vs = row["vs_baseline"]
            extra = f"vs baseline: {vs['above']} above, {vs['equal']} equal, {vs['below']} below"
        lines.append(f"  {place}. {name:<16} {_pct(mean):>5}  {results:<11} {extra}")
    lines.append("  (—: nobody else played that seat of the deal to compare with)")
    if not report["players"]:
        lines.append("  nobody has played this pack yet: monstertrick deal play PACK")
    for lo in report["left_out"]:
        lines.append(f"left out {lo['file']}: {lo['reason']}")
    return "\n".join(lines) + "\n"
