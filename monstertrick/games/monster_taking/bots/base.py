"""What every computer player of Monster Taking is: a :class:`Bot` that decides from a
seat's :class:`~..engine.state.PlayerView` alone and the ``random.Random`` it is given, so
it cannot cheat and is reproducible."""

from __future__ import annotations

import random
from collections.abc import Callable

from ..engine.actions import Action
from ..engine.views import PlayerView

__all__ = ["Bot", "StopCheck"]

StopCheck = Callable[[], bool]


class Bot:
    """A computer player: :meth:`choose` is one of ``view.legal_actions``."""

    name = "bot"

    def choose(self, view: PlayerView, rng: random.Random, stop: StopCheck | None = None) -> Action:
        raise NotImplementedError
