"""Each game's rules page (behind `?` in the app) reads as finished text."""

from __future__ import annotations

import importlib
import pkgutil
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


def subclasses(cls: type) -> list[type]:
    found = []
    for sub in cls.__subclasses__():
        found += [sub, *subclasses(sub)]
    return found


@pytest.mark.parametrize("key", list(GAMES))
def test_a_rules_page_names_every_letter_key_of_its_turn_screens(key: str) -> None:
    """A key the key bar shows on a person's turn (``t`` for a hint, ``u`` to take back,
    ``l`` for the log...) is in the page's Keys: a letter cannot be guessed."""
    from textual.binding import Binding

    from monstertrick.tui.screens.base import PersonTurnScreen

    package = GAMES[key].package
    tui = importlib.import_module(f"{package}.tui")
    for module in pkgutil.iter_modules(tui.__path__, f"{package}.tui."):
        importlib.import_module(module.name)
    text = (files(package) / "rules.md").read_text(encoding="utf-8")
    keys = text.split("## Keys", 1)[1]
    screens = [c for c in subclasses(PersonTurnScreen) if c.__module__.startswith(package)]
    assert screens
    letters: set[str] = set()
    for screen in screens:
        for klass in screen.__mro__:
            for b in vars(klass).get("BINDINGS", []):
                if isinstance(b, Binding) and b.show:
                    shown = b.key_display or b.key.split(",")[0]
                    if len(shown) == 1 and shown.isalpha():
                        letters.add(shown)
    assert letters
    for letter in sorted(letters):
        assert f"`{letter}`" in keys or f"**{letter}**" in keys, (letter, key)
