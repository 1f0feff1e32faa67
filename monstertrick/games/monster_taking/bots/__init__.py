"""Computer players for Monster Taking: ``easy`` (:mod:`.easy`), ``medium``
(:mod:`.medium`) and ``hard`` (:mod:`.hard`, searching with :mod:`.search`).

A bot is the contract's :class:`~monstertrick.games.contract.Bot`: it decides from its
seat's :class:`~..engine.views.PlayerView` alone and the ``random.Random`` it is given,
so it cannot cheat and is reproducible.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ....yardsticks import LEVELS as LEVELS
from ....yardsticks import Players
from ...contract import Bot as Bot
from ...contract import StopCheck as StopCheck
from ..engine.actions import Action
from ..engine.state import MatchState
from ..engine.views import PlayerView
from .easy import EasyBot as EasyBot
from .hard import DEFAULT_PLAYOUTS as DEFAULT_PLAYOUTS
from .hard import HINT_PLAYOUTS as HINT_PLAYOUTS
from .hard import HardBot as HardBot
from .medium import MediumBot as MediumBot
from .tactics import cheapest_payments as cheapest_payments
from .yardsticks import KIT

if TYPE_CHECKING:  # mypy checks that every level is the computer player of every game
    _CONTRACT: tuple[type[Bot[PlayerView, Action]], ...] = (EasyBot, MediumBot, HardBot)

_PLAYERS = Players[Bot[PlayerView, Action], PlayerView, MatchState, Action](
    EasyBot, MediumBot, lambda level: HardBot(level.playouts, seconds=level.seconds), KIT
)
make_bot = _PLAYERS.make
bot_level_problem = _PLAYERS.problem
