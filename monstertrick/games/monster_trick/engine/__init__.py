"""The rules of Monster Trick: pure Python, no I/O, no global random state.

>>> from monstertrick.games.monster_trick.engine import GameState, Move
>>> game = GameState(["Ann", "Bob"], seed=7)
>>> while game.task == "arrange":
...     _ = game.apply(game.legal_actions()[0])
>>> move = game.legal_actions()[0]
>>> events = game.apply(move)
>>> game.pop() == move == parse_action(str(move))
True
"""

from typing import TYPE_CHECKING

from .actions import (
    ARRANGEMENTS,
    VP_ORDERS,
    VP_VALUES,
    Action,
    Arrange,
    Move,
    interchangeable,
    parse_action,
    vp_orders,
)
from .cards import (
    CARDS,
    HAND_SIZE,
    MAX_PLAYERS,
    MIN_PLAYERS,
    NUM_ROUNDS,
    NUM_SLOTS,
    VP_SETS,
    Card,
    Colour,
    deck,
    top_value,
)
from .errors import IllegalMoveError, InvalidMoveError, RecordError
from .events import (
    POSITIONS,
    Arranged,
    CardPlayed,
    Event,
    GameOver,
    Outcome,
    RoundScored,
    TieBreak,
    TrickTakenOver,
    TrickWon,
    VPCardTurned,
)
from .state import (
    VP_POSITION_RULE,
    GameState,
    RoundLog,
    deal,
    decide_winners,
    distinct_slots,
    is_vp_row,
    row_scoring,
    standing_key,
    standings,
    takes_over,
    tricks_scoring,
    vp_position,
    vp_scored,
)
from .views import Phase, PlayedCard, PlayerView, PublicView, TrickView

__all__ = [
    "ARRANGEMENTS",
    "CARDS",
    "HAND_SIZE",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "NUM_ROUNDS",
    "NUM_SLOTS",
    "VP_ORDERS",
    "VP_POSITION_RULE",
    "POSITIONS",
    "VP_SETS",
    "VP_VALUES",
    "Action",
    "Arrange",
    "Arranged",
    "Card",
    "CardPlayed",
    "Colour",
    "Event",
    "GameOver",
    "GameState",
    "IllegalMoveError",
    "InvalidMoveError",
    "Move",
    "Outcome",
    "Phase",
    "PlayedCard",
    "PlayerView",
    "PublicView",
    "RecordError",
    "RoundLog",
    "RoundScored",
    "TieBreak",
    "TrickTakenOver",
    "TrickView",
    "TrickWon",
    "VPCardTurned",
    "deal",
    "deck",
    "decide_winners",
    "distinct_slots",
    "interchangeable",
    "is_vp_row",
    "parse_action",
    "row_scoring",
    "standing_key",
    "standings",
    "takes_over",
    "top_value",
    "tricks_scoring",
    "vp_orders",
    "vp_position",
    "vp_scored",
]

from .determinize import Determinizer, determinize, unseen_cards

__all__ += ["Determinizer", "determinize", "unseen_cards"]

if TYPE_CHECKING:  # mypy --strict checks that the engine keeps the common contract
    from ... import contract

    _STATE: type[contract.State[Action, Event, PublicView]] = GameState
    _VIEWS: tuple[type[contract.View[Action]], ...] = (PublicView, PlayerView)
    _OUTCOME: type[contract.Outcome] = Outcome
