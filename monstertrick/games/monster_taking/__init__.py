"""Monster Taking (Ryusei Games): a 1 vs 1 trick-taking game of capturing cards.

The rules are MONSTER_TAKING.md; this package holds the engine (:mod:`.state`), the
payment rule (:mod:`.payments`), determinization and fast playouts for search, records
(:mod:`.record`) and the computer players (:mod:`.bots`). Pure Python: no I/O, no
Textual, no global random state.
"""

from __future__ import annotations

from .cards import CARDS, FULL_DECK, Card, Suit, deal
from .events import (
    CardPlayed,
    Event,
    GameDealt,
    GameOver,
    MatchOver,
    Paid,
    StrengthLaid,
    SuitsRanked,
    TrickWon,
)
from .payments import legal_payments, payment_problem, payment_total
from .state import (
    Action,
    GameLog,
    GameResult,
    MatchState,
    Outcome,
    Pay,
    Phase,
    Play,
    PlayerView,
    Strength,
    TrickLog,
    TrickView,
)

__all__ = [
    "CARDS",
    "FULL_DECK",
    "Action",
    "Card",
    "CardPlayed",
    "Event",
    "GameDealt",
    "GameLog",
    "GameOver",
    "GameResult",
    "MatchOver",
    "MatchState",
    "Outcome",
    "Paid",
    "Pay",
    "Phase",
    "Play",
    "PlayerView",
    "Strength",
    "StrengthLaid",
    "Suit",
    "SuitsRanked",
    "TrickLog",
    "TrickView",
    "TrickWon",
    "deal",
    "legal_payments",
    "payment_problem",
    "payment_total",
]
