"""Seeded all-computer games of every game give exactly the stored outputs (see
:mod:`.golden`): the records, ``replay --json``, ``replay`` and the summaries."""

from __future__ import annotations

from pathlib import Path

import pytest

from .golden import CASES, FOLDER, outputs, text


@pytest.mark.parametrize("name", sorted(CASES))
def test_a_seeded_game_gives_its_golden_outputs(name: str, tmp_path: Path) -> None:
    expected = (FOLDER / f"{name}.json").read_text(encoding="utf-8")
    assert text(outputs(name, tmp_path)) == expected
