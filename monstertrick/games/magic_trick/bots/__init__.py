"""Computer players for Magic Trick: ``easy``, ``medium`` and ``hard`` (``hard:N``,
``hard:Ss``; the grammar of every game, :mod:`monstertrick.levels`), one module each.

Every bot decides from the public :class:`~.views.View` (there is nothing private in
Magic Trick: nobody sees the values in any hand, their own included) and the
``random.Random`` it is given, and returns one of ``view.legal_actions``.

* ``easy`` (:mod:`.easy`) plays a random legal card, and now and then sleeves the card
  whose likely value is closest to a rough guess of its tricks.
* ``medium`` (:mod:`.medium`) reads the exact value range of each card of its hand and
  plays toward the bid that best matches its estimated tricks.
* ``hard`` (:mod:`.hard`) is the shared search of every game's hard player (adapter
  :mod:`.search`) playing to win the game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ....levels import Level, make_player
from ....yardsticks import WORDS, makers
from .base import Bot, StopCheck, margin
from .easy import EasyBot
from .hard import DEFAULT_PLAYOUTS, HINT_PLAYOUTS, HardBot
from .medium import MediumBot, projected_tricks, take_chance, trick_winner, win_chance
from .yardsticks import KIT

LEVELS = ("easy", "medium", "hard")

if TYPE_CHECKING:  # mypy checks that every level is the computer player of every game
    from ...contract import Bot as BotContract
    from ..engine.cards import Action
    from ..engine.views import View

    _CONTRACT: tuple[type[BotContract[View, Action]], ...] = (EasyBot, MediumBot, HardBot)


_SEARCHING = ("hard", *WORDS)
"""The levels that take a budget (the arena's yardsticks ``ismcts`` and ``pimc`` too,
:mod:`monstertrick.yardsticks`, not offered at the table)."""

_MAKERS: dict[str, Callable[[Level], Bot]] = {
    "easy": lambda level: EasyBot(),
    "medium": lambda level: MediumBot(),
    "hard": lambda level: HardBot(level.playouts, seconds=level.seconds),
    **makers(KIT),
}


def make_bot(spec: object) -> Bot:
    """The computer player for a level (:mod:`monstertrick.levels`): ``easy``,
    ``medium``, ``hard``, ``hard:N`` (N playouts per decision) or ``hard:Ss`` (a time
    budget of S seconds). Raises :class:`~monstertrick.levels.LevelError` (a
    ``ValueError``) saying why anything else is not a level."""
    return make_player(spec, _MAKERS, LEVELS, searching=_SEARCHING, unlisted=WORDS)


__all__ = [
    "DEFAULT_PLAYOUTS",
    "HINT_PLAYOUTS",
    "LEVELS",
    "Bot",
    "EasyBot",
    "HardBot",
    "MediumBot",
    "StopCheck",
    "make_bot",
    "margin",
    "projected_tricks",
    "take_chance",
    "trick_winner",
    "win_chance",
]
