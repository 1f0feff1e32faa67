"""How Monster Trick's hints say things: chances to win the game, the VP the player
scores this round after each option, and for a VP row the tricks it aims for."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from ....tui.screens.hint import HintTerms
from ..engine import Arrange
from .cards import POSITION_PAYS

__all__ = ["HintTerms", "row_aim", "row_of", "vp_hint_terms"]


def row_of(action: Arrange) -> tuple[int, int, int]:
    """The VP cards of a row laid out, left to right."""
    return action.row


def row_aim(action: Arrange) -> str:
    """What a VP row aims for: the tricks that score its highest card ("aims for 2 or 5
    tricks to score the 6")."""
    row = row_of(action)
    top = max(row)
    return f"aims for {POSITION_PAYS[row.index(top)]} to score the {top}"


def _vp(points: float) -> str:
    return f"{points:.1f} VP"


def _expected(points: float) -> str:
    return f"{points:.1f} VP expected this round"


def vp_hint_terms(
    words: Callable[[Any], str], aim: Callable[[Any], str | None] | None = None
) -> HintTerms[Any]:
    """The terms of a Monster Trick hint (a move's or, with ``aim``, a VP row's)."""
    terms = HintTerms(words, points=_vp, expected=_expected)
    return terms if aim is None else replace(terms, aim=aim)
