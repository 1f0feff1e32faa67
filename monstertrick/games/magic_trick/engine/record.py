"""Magic Trick game records (``"game": "magic-trick"`` in RECORD_FORMAT.md), read and
written here only.

* :func:`to_record` turns a game at any point into a record (a JSON-ready dict);
* :func:`from_record` replays a record under the rules and returns the game, or raises
  :class:`RecordError` naming the hand (``round``) and turn (``move``) at fault;
* :func:`replay` gives the outcome that ``monstertrick replay --json`` prints.

A record holds whole turns (a play and its sleeve step). A game saved between the play
and the sleeve step is written with the play and the top-level ``"pending": "sleeve"``,
which other readers ignore (a missing sleeve is a pass for them) and :func:`from_record`
honours by stopping at that sleeve step.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ....errors import InvalidMoveError, RecordError
from ....records import (
    check_format,
    check_players,
    kind,
    new_record,
    read_chapters,
    read_seat,
)
from .actions import ACTIONS, PASS_CODE
from .cards import HAND_SIZE, NUM_HANDS, NUM_PLAYERS, NUM_TRICKS, Card
from .state import MagicTrickState, deal_problem
from .views import HandLog, Phase

GAME_KEY = "magic-trick"
PENDING_KEY = "pending"
_HAND_KEYS = frozenset({"deal", "turns"})
_TURN_KEYS = frozenset({"card", "sleeve"})


def _turns_json(log: HandLog) -> list[dict[str, str]]:
    out = []
    for t in log.turns:
        turn = {"card": str(t.card)}
        if t.sleeve_card is not None and not t.automatic:
            turn["sleeve"] = str(t.sleeve_card)
        out.append(turn)
    return out


def to_record(game: MagicTrickState, meta: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The record of ``game`` as it stands (any point), ready for ``json.dump``."""
    logs = [*game.past_hands(), game.current_log()]
    fields: dict[str, Any] = {
        "first_player": game.first_player,
        "hands": [
            {"deal": [[str(c) for c in hand] for hand in log.deal], "turns": _turns_json(log)}
            for log in logs
        ],
    }
    if game.phase is Phase.SLEEVE:
        fields[PENDING_KEY] = "sleeve"
    return new_record(GAME_KEY, game.players, fields, meta)


def from_record(doc: Any, *, seed: int | str | None = None) -> MagicTrickState:
    """Replay a record under the rules; return the game at the record's end.

    ``seed`` (if given) deals the hands after those the record holds. Raises
    :class:`RecordError` with 1-based ``round`` (the hand) and ``move`` (the turn within
    it), None where the fault is not in one hand or one turn.
    """
    check_format(doc)
    if doc.get("game") != GAME_KEY:
        raise RecordError(f"this is not a Magic Trick record (its game is {doc.get('game')!r})")
    players = check_players(doc.get("players"), NUM_PLAYERS, NUM_PLAYERS)
    first = read_seat(doc, "first_player", NUM_PLAYERS)
    hands = read_chapters(doc, "hands", NUM_HANDS)
    pending = doc.get(PENDING_KEY) == "sleeve"

    game: MagicTrickState | None = None
    for h, raw in enumerate(hands):
        number = h + 1
        if game is not None and game.phase is not Phase.HAND_OVER:
            raise RecordError(
                f"hand {number - 1} is unfinished ({game.plays} of {NUM_PLAYERS * NUM_TRICKS} "
                "cards played), but only the last hand may be unfinished",
                number,
            )
        if not isinstance(raw, dict):
            raise RecordError("a hand is a JSON object, not " + kind(raw), number)
        missing = _HAND_KEYS - set(raw)
        if missing:
            raise RecordError(f"the hand has no {', '.join(sorted(missing))!r}", number)
        unknown = set(raw) - _HAND_KEYS
        if unknown:
            raise RecordError(f"unknown field {sorted(unknown)[0]!r} in the hand", number)
        dealt = _read_deal(raw["deal"], number)
        turns = raw["turns"]
        if not isinstance(turns, list):
            raise RecordError('"turns" must be a list', number)
        if game is None:
            game = MagicTrickState(players, first_player=first, deal=dealt, seed=seed)
        else:
            game.next_chapter(dealt)
        last = h == len(hands) - 1
        for i, turn in enumerate(turns):
            stop = pending and last and i == len(turns) - 1
            _read_turn(game, turn, number, i + 1, stop_at_sleeve=stop)
    assert game is not None
    return game


def _read_deal(raw: Any, number: int) -> list[list[Card]]:
    if not isinstance(raw, list) or len(raw) != NUM_PLAYERS:
        raise RecordError(f'"deal" must hold one hand of cards per player ({NUM_PLAYERS})', number)
    hands: list[list[Card]] = []
    for p, hand in enumerate(raw):
        if not isinstance(hand, list):
            raise RecordError(f"hand {p + 1} of the deal must be a list of cards", number)
        try:
            hands.append([Card.parse(c) for c in hand])
        except InvalidMoveError as exc:
            raise RecordError(f"the deal, hand {p + 1}: {exc}", number) from None
    problem = deal_problem(hands)  # 56 different cards: exactly the deck
    if problem is not None:
        raise RecordError(f"the deal: {problem}", number)
    return hands


def _read_turn(
    game: MagicTrickState, raw: Any, number: int, index: int, *, stop_at_sleeve: bool
) -> None:
    def fail(message: str) -> RecordError:
        return RecordError(message, number, index)

    p = game.current_player
    if p is None:  # the hand is over (a record never stops at a sleeve step mid-hand)
        raise fail(f"the hand is over after {NUM_PLAYERS * NUM_TRICKS} cards; this is turn {index}")
    if not isinstance(raw, dict) or "card" not in raw or set(raw) - _TURN_KEYS:
        raise fail(
            'a turn is an object {"card": ...} with an optional "sleeve", not '
            + json.dumps(raw)[:60]
        )
    name = game.players[p]
    try:
        card = Card.parse(raw["card"])
        sleeve = Card.parse(raw["sleeve"]) if "sleeve" in raw else None
    except InvalidMoveError as exc:
        raise fail(str(exc)) from None
    dealt = game.dealt(p)
    pos = dealt.index(card) if card in dealt else -1
    if pos < 0:
        raise fail(f"{name} plays {card}, which was not dealt to them")
    reason = game.illegal_reason(ACTIONS[pos], name=name)
    if reason is not None:
        raise fail(f"{name} cannot play {card}: {reason}")
    game.push(ACTIONS[pos])
    if game.phase is Phase.SLEEVE and game.current_player == p:
        if sleeve is None:
            if not stop_at_sleeve:
                game.push(ACTIONS[PASS_CODE])
            return
        spos = dealt.index(sleeve) if sleeve in dealt else -1
        if spos < 0:
            raise fail(f"{name} cannot put {sleeve} up their sleeve: it was not dealt to them")
        reason = game.illegal_reason(ACTIONS[HAND_SIZE + spos], name=name)
        if reason is not None:
            raise fail(f"{name} cannot put {sleeve} up their sleeve: {reason}")
        game.push(ACTIONS[HAND_SIZE + spos])
        return
    if sleeve is not None:
        # No sleeve step: the player has sleeved already, or their last card went up the
        # sleeve by itself (which a record may write, naming that card).
        auto = game.turns()[-1]
        if not auto.automatic or auto.sleeve_card != sleeve:
            why = (
                f"their last card, {auto.sleeve_card}, goes up their sleeve"
                if auto.automatic
                else "they already have a card up their sleeve"
            )
            raise fail(f"{name} cannot put {sleeve} up their sleeve: {why}")


@dataclass(frozen=True, slots=True)
class ReplayResult:
    """What ``monstertrick replay`` reports for a valid record."""

    game: MagicTrickState
    hands: tuple[dict[str, Any], ...]
    complete: bool
    totals: tuple[int, ...] | None
    winners: tuple[int, ...] | None

    def to_json(self) -> dict[str, Any]:
        return {
            "complete": self.complete,
            "hands": [dict(h) for h in self.hands],
            "totals": list(self.totals) if self.totals is not None else None,
            "winners": list(self.winners) if self.winners is not None else None,
        }


def result_of(game: MagicTrickState) -> ReplayResult:
    """The replay outcome of a game as it stands."""
    hands: list[dict[str, Any]] = [
        {
            "bids": list(r.bids),
            "tricks": list(r.tricks),
            "scores": list(r.scores),
            "prestige": list(r.prestige),
        }
        for r in game.results()
    ]
    if game.phase is Phase.PLAY or game.phase is Phase.SLEEVE:
        hands.append(
            {
                "bids": list(game.bids()),
                "tricks": list(game.tricks_won()),
                "scores": None,
                "prestige": None,
            }
        )
    outcome = game.outcome()
    return ReplayResult(
        game=game,
        hands=tuple(hands),
        complete=outcome is not None,
        totals=outcome.scores if outcome else None,
        winners=outcome.winners if outcome else None,
    )


def replay(doc: Any) -> ReplayResult:
    """Replay a parsed record; raises :class:`RecordError` if it is invalid."""
    return result_of(from_record(doc))


__all__ = [
    "GAME_KEY",
    "ReplayResult",
    "from_record",
    "replay",
    "result_of",
    "to_record",
]
