"""The shared conformance cases, run in-process (when ../shared is beside the checkout)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from monstertrick.errors import RecordError
from monstertrick.games import GAMES
from monstertrick.records import game_of

CASES = Path(__file__).resolve().parents[4] / "shared" / "conformance" / "magic-trick"
FILES = sorted(CASES.glob("*.json")) if CASES.is_dir() else []


def same(a: Any, b: Any) -> bool:
    """Equal values of equal JSON types: true is not 1."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    return bool(a == b)


@pytest.mark.skipif(not FILES, reason=f"no conformance cases at {CASES}")
@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_conformance_case(path: Path) -> None:
    case = json.loads(path.read_text())
    record, expect = case["record"], case["expect"]
    try:
        got: Any = GAMES[game_of(record)].load().replay(record)
    except RecordError as exc:
        got = {"error": {"message": str(exc), "round": exc.round, "move": exc.move}}
    if "error" in expect:
        assert "error" in got, f"expected an error, got {got}"
        assert (got["error"]["round"], got["error"]["move"]) == (
            expect["error"]["round"],
            expect["error"]["move"],
        ), got["error"]["message"]
    else:
        assert "error" not in got, got
        for key, value in expect.items():
            assert same(got[key], value), key
