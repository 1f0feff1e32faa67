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

from typing import TYPE_CHECKING

from ....yardsticks import LEVELS as LEVELS
from ....yardsticks import Players
from ...contract import Bot as Bot
from ...contract import StopCheck as StopCheck
from ..engine.actions import Action
from ..engine.state import MagicTrickState
from ..engine.views import View
from .base import margin as margin
from .easy import EasyBot as EasyBot
from .hard import DEFAULT_PLAYOUTS as DEFAULT_PLAYOUTS
from .hard import HINT_PLAYOUTS as HINT_PLAYOUTS
from .hard import HardBot as HardBot
from .medium import MediumBot as MediumBot
from .medium import projected_tricks as projected_tricks
from .medium import take_chance as take_chance
from .medium import trick_winner as trick_winner
from .medium import win_chance as win_chance
from .yardsticks import KIT

if TYPE_CHECKING:  # mypy checks that every level is the computer player of every game
    _CONTRACT: tuple[type[Bot[View, Action]], ...] = (EasyBot, MediumBot, HardBot)

_PLAYERS = Players[Bot[View, Action], View, MagicTrickState, Action](
    EasyBot, MediumBot, lambda level: HardBot(level.playouts, seconds=level.seconds), KIT
)
make_bot = _PLAYERS.make
bot_level_problem = _PLAYERS.problem
