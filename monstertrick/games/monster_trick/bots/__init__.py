"""Computer players: ``easy``, ``medium`` and ``hard``, all deciding from a player's view
(and the arena's yardsticks ``ismcts`` and ``pimc``, :mod:`monstertrick.yardsticks`, not
offered at the table).

>>> from monstertrick.games.monster_trick.bots import make_bot, bot_rng
>>> bot = make_bot("medium")
>>> # view = game.view(p)
>>> # action = bot.choose(view, bot_rng(seed, *view.decision_key(), p))
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ....yardsticks import LEVELS as LEVELS
from ....yardsticks import Players, Yardstick
from ..engine import Action, GameState, PlayerView
from .base import Bot as Bot
from .base import StopCheck as StopCheck
from .base import bot_rng as bot_rng
from .easy import EasyBot as EasyBot
from .hard import HardBot as HardBot
from .medium import MediumBot as MediumBot
from .yardsticks import KIT

_PLAYERS = Players[Bot, PlayerView, GameState, Action](
    EasyBot, MediumBot, lambda level: HardBot(level.playouts, seconds=level.seconds), KIT
)
make_bot = _PLAYERS.make
bot_level_problem = _PLAYERS.problem


if TYPE_CHECKING:  # mypy --strict checks that every computer player keeps the contract
    from ...contract import Bot as _ContractBot

    _BOTS: tuple[type[_ContractBot[PlayerView, Action]], ...] = (
        EasyBot,
        MediumBot,
        HardBot,
        Yardstick,
    )
