"""The shared conformance cases of every game, run in-process by one runner, as strictly
for every game: a valid record's whole ``replay --json`` result is compared with the
case's (equal JSON types too: true is not 1), an invalid one must be refused at the
case's round and move, with a reason in words. (CI also runs the shared checker on the
installed command.)"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from monstertrick.errors import RecordError
from monstertrick.games import DEFAULT_GAME, GAMES
from monstertrick.records import game_of

SHARED = Path(__file__).resolve().parents[3] / "shared" / "conformance"
"""``../shared/conformance`` beside the checkout: the default game's cases, and each
other game's in a folder named after its key."""


def folder(key: str) -> Path:
    return SHARED if key == DEFAULT_GAME else SHARED / key


CASES = [(key, path) for key in sorted(GAMES) for path in sorted(folder(key).glob("*.json"))]


def same(a: Any, b: Any) -> bool:
    """Equal JSON values of equal types (true is not 1, 1.0 is not 1)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(map(same, a, b))
    return bool(a == b)


def test_every_game_has_its_conformance_cases() -> None:
    if not SHARED.is_dir():
        pytest.skip(f"no conformance cases at {SHARED}")
    for key in GAMES:
        assert any(k == key for k, _ in CASES), f"no conformance cases for {key}"


@pytest.mark.parametrize(("key", "path"), CASES, ids=[f"{k}/{p.stem}" for k, p in CASES])
def test_a_conformance_case_gives_its_whole_result(key: str, path: Path) -> None:
    case = json.loads(path.read_text(encoding="utf-8"))
    record, expect = case["record"], case["expect"]
    try:
        got: Any = GAMES[game_of(record)].load().replay(record)  # as ``replay`` does
    except RecordError as exc:
        assert str(exc), "a refusal says why"
        got = {"error": {"round": exc.round, "move": exc.move}}
    if "error" in expect:
        wanted = {"round": expect["error"]["round"], "move": expect["error"]["move"]}
        assert got.get("error") == wanted, got
    else:
        assert same(got, expect), json.dumps(got)[:2000]
