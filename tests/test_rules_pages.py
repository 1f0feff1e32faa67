"""Each game's rules page (behind `?` in the app) reads as finished text."""

from __future__ import annotations

import re
from importlib.resources import files

import pytest

from monstertrick.games import GAMES


@pytest.mark.parametrize("key", list(GAMES))
def test_no_sentence_of_a_rules_page_is_left_hanging(key: str) -> None:
    """Every paragraph of prose ends a sentence (or, before a list or table, with a
    colon): none stops mid-sentence, as "values run from 1 up to" once did."""
    text = (files(GAMES[key].package) / "rules.md").read_text(encoding="utf-8")
    blocks = [b.strip() for b in re.split(r"\n\s*\n", text) if b.strip()]
    for block, after in zip(blocks, [*blocks[1:], ""]):
        if block.startswith(("#", "|", "-", "```")) or re.match(r"\d+\.", block):
            continue  # headings, tables, lists: their items are checked as written
        last = block.rstrip("*_`")
        if after.startswith(("|", "-")) or re.match(r"\d+\.", after):
            assert last.endswith((".", ":", "!", "?", ")")), block
        else:
            assert last.endswith((".", "!", "?", ")")), block
