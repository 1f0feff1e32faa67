"""Play on from any decision of a finished game: a new game, marked as a replay.

"Repeat the game with the same cards but making new moves": from the replay viewer's
``p`` key or ``monstertrick resume FILE --from N``, a finished game's position after
``N`` decisions (counted from the first deal over every chapter, as the viewer numbers
its steps) becomes a new game: the people in their seats, the computer players at their
levels (from the record's meta), the later chapters dealt from the game's own seed. It
is a new save (the original is never written to), whose meta says where it comes from::

    "replay_of": {"file": "20261202-041500-a1b2c3.json", "from": 10, "record": "<sha256>"}

(``record``: the original record's fingerprint, :func:`monstertrick.saves.fingerprint`).
A game so marked is a replay: the lists show the mark, and what rates the players
(profiles, deal packs) leaves it out. The position is found through the game's door only
(:meth:`~monstertrick.games.door.Door.played_on`): one way for every game.

This module never imports Textual.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .records import is_int, shown

if TYPE_CHECKING:
    from .saves import SavedGame, SaveMeta

REPLAY_OF = "replay_of"
"""The key, in a save's meta, that marks a game played on from another one."""


class PlayOnError(ValueError):
    """A game that cannot be played on from there: the message says why, in words."""


def replay_from(meta: SaveMeta) -> int | None:
    """The decision a replay was played on from, when its meta says so plainly."""
    mark = meta.extra.get(REPLAY_OF)
    made = mark.get("from") if isinstance(mark, dict) else None
    return made if is_int(made) and made >= 0 else None


def is_replay(meta: SaveMeta) -> bool:
    """Whether the save is a game played on from another one (its meta says so, in any
    shape: a mark that is not plain still marks it)."""
    return REPLAY_OF in meta.extra


def replay_mark(meta: SaveMeta) -> str | None:
    """How the lists and the game's screens mark a replay ("replay from decision 10 —
    not counted"); None for a game that is none."""
    if not is_replay(meta):
        return None
    made = replay_from(meta)
    where = f" from decision {made}" if made is not None else ""
    return f"replay{where} — not counted"


def check_play_on(saved: SavedGame, made: int) -> Any:
    """The position ``saved``'s game stands at after ``made`` decisions, as a new game
    (:meth:`~monstertrick.games.door.Door.played_on`), its later chapters dealt from the
    game's seed; :class:`PlayOnError` says why there is none (a game not finished, a
    decision out of range)."""
    from .games import GAMES

    if not saved.finished:
        raise PlayOnError(
            "this game is not finished: continue it instead (a game is played on from a "
            "decision once it is over)"
        )
    door = GAMES[saved.game_key].load()
    try:
        return door.played_on(saved.game, made, seed=saved.meta.seed)
    except ValueError as exc:
        raise PlayOnError(str(exc)) from None


def replay_meta(saved: SavedGame, made: int) -> SaveMeta:
    """The meta of a new game played on from ``saved`` after ``made`` decisions: the
    same seats and seed, no hints yet, and the mark that it is a replay."""
    from .games import GAMES
    from .saves import SaveMeta, fingerprint

    door = GAMES[saved.game_key].load()
    record = fingerprint(door.to_record(saved.game))
    mark = {"file": shown(saved.path.name, 120), "from": made, "record": record}
    return SaveMeta(
        seats=[{"name": s["name"], "bot": s["bot"]} for s in saved.meta.seats],
        seed=saved.meta.seed,
        extra={REPLAY_OF: mark},
    )
