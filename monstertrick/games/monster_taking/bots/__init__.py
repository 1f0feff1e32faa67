"""Computer players for Monster Taking: ``easy`` (:mod:`.easy`), ``medium``
(:mod:`.medium`) and ``hard`` (:mod:`.hard`, searching with :mod:`.search`).

A bot decides from its seat's :class:`~..engine.state.PlayerView` alone and the
``random.Random`` it is given, so it cannot cheat and is reproducible.
"""

from __future__ import annotations

from collections.abc import Callable

from ....levels import Level, level_problem, make_player
from ....yardsticks import WORDS, Yardstick, makers
from ..engine.state import Action, MatchState, PlayerView
from .base import Bot, StopCheck
from .easy import EasyBot
from .hard import DEFAULT_PLAYOUTS, HINT_PLAYOUTS, MEDIUM_HEAD_START, HardBot
from .medium import MediumBot
from .tactics import cheapest_payments
from .yardsticks import KIT

__all__ = [
    "DEFAULT_PLAYOUTS",
    "HINT_PLAYOUTS",
    "LEVELS",
    "MEDIUM_HEAD_START",
    "Bot",
    "EasyBot",
    "HardBot",
    "MediumBot",
    "StopCheck",
    "bot_level_problem",
    "cheapest_payments",
    "make_bot",
]

LEVELS = ("easy", "medium", "hard")
"""The levels a player may choose, weakest first."""


def bot_level_problem(spec: object) -> str | None:
    """Why ``spec`` is not a level (:mod:`monstertrick.levels`), or None."""
    return level_problem(spec, LEVELS, searching=_SEARCHING, unlisted=WORDS)


_SEARCHING = ("hard", *WORDS)
"""The levels that take a budget (the arena's yardsticks ``ismcts`` and ``pimc`` too,
:mod:`monstertrick.yardsticks`, not offered at the table)."""

AnyBot = Bot | Yardstick[PlayerView, MatchState, Action]
"""A computer player: one of the table's levels or an arena yardstick."""

_MAKERS: dict[str, Callable[[Level], AnyBot]] = {
    "easy": lambda level: EasyBot(),
    "medium": lambda level: MediumBot(),
    "hard": lambda level: HardBot(level.playouts, seconds=level.seconds),
    **makers(KIT),
}


def make_bot(spec: object) -> AnyBot:
    """The bot of a level (:mod:`monstertrick.levels`): ``easy``, ``medium``, ``hard``,
    ``hard:N`` or ``hard:Ss``; raises :class:`~monstertrick.levels.LevelError` (a
    ``ValueError``) saying why anything else is not a level."""
    return make_player(spec, _MAKERS, LEVELS, searching=_SEARCHING, unlisted=WORDS)
