"""Saved games of every game, and the same saves edited by hand as an attacker would:
a change to the record or its meta, and the summary's fingerprint recomputed the way the
program computes it (anyone can), so that the change is not noticed that way."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from monstertrick.saves import SUMMARY, SaveStore, fingerprint
from monstertrick.seating import parse_seats
from monstertrick.session import BotTurn, GameEnd, Session

TABLES = {
    "monster-trick": ["Ann:easy", "Bob:easy", "Cid:easy"],
    "monster-taking": ["Ann:easy", "Bob:medium"],
    "magic-trick": ["Ann:easy", "Bob:easy", "Cid:easy", "Dee:easy"],
}
GAME_KEYS = list(TABLES)

Change = Callable[[dict[str, Any]], None]
"""Edits a parsed save (record, meta and summary) in place."""


def saved_game(key: str, *, finished: bool, seed: int = 3, store: SaveStore | None = None) -> Path:
    """An all-computer game of ``key`` saved into ``store`` (``$MONSTERTRICK_HOME`` by
    default): played to its end, or for a few decisions; closed (its lock let go)."""
    store = store if store is not None else SaveStore()
    session = Session.start(parse_seats(TABLES[key], game=key), seed, store, game=key)
    if finished:
        session.play_to_end()
    else:
        made = 0
        while made < 6 and not isinstance(step := session.next_step(), GameEnd):
            if isinstance(step, BotTurn):
                session.bot_decision(step.seat)
                made += 1
            else:
                session.done()
    assert session.save_path is not None
    store.unlock(session.save_path)
    return session.save_path


def edit(path: Path, change: Change) -> dict[str, Any]:
    """Apply ``change`` to the save at ``path`` and recompute its summary's fingerprint;
    returns the document as written."""
    doc = json.loads(path.read_text(encoding="utf-8"))
    change(doc)
    summary = doc["meta"][SUMMARY]
    if isinstance(summary, dict):
        summary["record"] = fingerprint(doc)
    path.write_text(json.dumps(doc), encoding="utf-8")
    return doc


def summary_field(key: str, value: Any) -> Change:
    """Set one field of the stored summary."""

    def change(doc: dict[str, Any]) -> None:
        doc["meta"][SUMMARY][key] = value

    return change


def rename_first_player(name: str) -> Change:
    """Call the first player ``name`` everywhere: record, meta and summary."""

    def change(doc: dict[str, Any]) -> None:
        doc["players"][0] = name
        doc["meta"]["seats"][0]["name"] = name
        doc["meta"][SUMMARY]["players"][0] = name

    return change


def seat_level(value: Any) -> Change:
    """Set the first seat's computer level in the meta."""

    def change(doc: dict[str, Any]) -> None:
        doc["meta"]["seats"][0]["bot"] = value

    return change


CONTROL = "\x1b]0;PWNED\x07\x1b[2J\x9b31m"
"""An OSC title, a CSI clear screen and an 8-bit CSI: terminal control, never text."""


def is_plain(text: str) -> bool:
    """No terminal control of any kind (C0, DEL, C1)."""
    return not any(ord(c) < 32 or 0x7F <= ord(c) < 0xA0 for c in text)
