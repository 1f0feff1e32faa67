"""The protocol's bytes, pinned: a host on loopback, two seats and a watcher hold the
recorded conversation of :mod:`.conversation`, and every message, either way, is the
golden transcript's, byte for byte (``python -m tests.web.conversation`` writes it
again, for a deliberate change of the protocol only)."""

from __future__ import annotations

import json

from .conversation import GOLDEN, converse, transcript_text


async def test_the_conversation_at_a_table_sends_the_golden_bytes() -> None:
    transcript = await converse()
    assert transcript_text(transcript) == GOLDEN.read_text()


def test_the_golden_conversation_holds_every_kind_of_message() -> None:
    sent: set[str] = set()
    received: set[str] = set()
    byes: set[str] = set()
    refusals = 0
    for line in GOLDEN.read_text().splitlines():
        _name, way, *text = line.split(" ", 2)
        if way == "closed":
            continue
        try:
            data = json.loads(text[0])
        except ValueError:
            continue  # (text no seat's code sends: a hostile program's)
        kind = data.get("type") if isinstance(data, dict) else None
        (sent if way == ">" else received).add(str(kind))
        if kind == "bye":
            byes.add(data["why"])
        refusals += kind == "refused"
    assert {"hello", "act", "take-back", "ready", "hint"} <= sent
    assert {"welcome", "table", "refused", "bye"} <= received
    assert byes == {"code", "version", "hello", "replaced", "closed"}
    assert refusals >= 8
    tables = [
        json.loads(line.split(" ", 2)[2])
        for line in GOLDEN.read_text().splitlines()
        if line.split(" ", 2)[1] == "<" and '"type": "table"' in line
    ]
    assert any(t["pause"] for t in tables) and any(t["over"] and t["record"] for t in tables)
    assert any(t["last"] and t["last"].get("took_back") for t in tables)
    assert any(e.get("kind") == "HintTaken" for t in tables for e in t["log"])
    assert any("earlier" in t and t["earlier"] for t in tables)
    assert any(t["view"]["viewer"] is None for t in tables)  # (a watcher's)
