"""The mark of a game played on from another one's decision, read from a save's meta
(untrusted, like the whole file): any ``replay_of`` marks it; only a plain decision
number is shown."""

from __future__ import annotations

import pytest

from monstertrick.playon import is_replay, replay_from, replay_mark
from monstertrick.saves import SaveMeta


def meta(**extra: object) -> SaveMeta:
    return SaveMeta(seats=[{"name": "Ann", "bot": None}], seed=1, extra=dict(extra))


def test_a_game_without_the_mark_is_no_replay() -> None:
    assert not is_replay(meta())
    assert replay_mark(meta()) is None and replay_from(meta()) is None


def test_the_mark_names_the_decision_played_on_from() -> None:
    marked = meta(replay_of={"file": "x.json", "from": 10, "record": "ab"})
    assert is_replay(marked) and replay_from(marked) == 10
    assert replay_mark(marked) == "replay from decision 10 — not counted"


@pytest.mark.parametrize(
    "mark",
    [None, "[/]", [], {"from": "10"}, {"from": -1}, {"from": True}, {"from": 1.5}, {"file": "[b]"}],
)
def test_a_mark_that_is_not_plain_still_marks_a_replay_and_shows_no_number(mark: object) -> None:
    odd = meta(replay_of=mark)
    assert is_replay(odd) and replay_from(odd) is None
    assert replay_mark(odd) == "replay — not counted"


def test_the_mark_survives_the_saves_meta_check() -> None:
    marked = meta(replay_of={"file": "x.json", "from": 3, "record": "ab"})
    read = SaveMeta.from_json(marked.to_json(), ["Ann"])
    assert read.extra == {"replay_of": {"file": "x.json", "from": 3, "record": "ab"}}
    assert replay_from(read) == 3
