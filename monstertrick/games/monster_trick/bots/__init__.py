"""Computer players: ``easy``, ``medium`` and ``hard``, all deciding from a player's view
(and the arena's yardsticks ``ismcts`` and ``pimc``, :mod:`monstertrick.yardsticks`, not
offered at the table).

Each is the contract's :class:`~monstertrick.games.contract.Bot`: it decides from a
:class:`PlayerView`, never a :class:`~monstertrick.games.monster_trick.engine.GameState`,
only what its seat may see, so it cannot cheat by construction. Its randomness comes
from the ``rng`` it is given: :func:`bot_rng` derives one from the game's seed and the
position, so a resumed game plays on exactly like an uninterrupted one while the seed
itself (which would reveal the deal) stays with the host.

Bots keep no state between decisions and share nothing, so the app may call them from
a worker thread; ``stop`` lets the caller cut a long think short (the bot then answers
at once with its best move so far).

>>> from monstertrick.games.monster_trick.bots import make_bot, bot_rng
>>> bot = make_bot("medium")
>>> # view = game.view(p)
>>> # action = bot.choose(view, bot_rng(seed, *view.decision_key(), p))
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ....decisions import bot_rng as bot_rng
from ....yardsticks import LEVELS as LEVELS
from ....yardsticks import Players, Yardstick
from ...contract import Bot as Bot
from ...contract import StopCheck as StopCheck
from ..engine import Action, GameState, PlayerView
from .easy import EasyBot as EasyBot
from .hard import HardBot as HardBot
from .medium import MediumBot as MediumBot
from .yardsticks import KIT

_PLAYERS = Players[Bot[PlayerView, Action], PlayerView, GameState, Action](
    EasyBot, MediumBot, lambda level: HardBot(level.playouts, seconds=level.seconds), KIT
)
make_bot = _PLAYERS.make
bot_level_problem = _PLAYERS.problem


if TYPE_CHECKING:  # mypy --strict checks that every computer player keeps the contract
    _BOTS: tuple[type[Bot[PlayerView, Action]], ...] = (
        EasyBot,
        MediumBot,
        HardBot,
        Yardstick,
    )
