"""Game records: ``monstertrick-record/1`` (see RECORD_FORMAT.md), read and written here only.

* :func:`to_record` turns a game at any point into a record (a JSON-ready dict);
* :func:`from_record` replays a record under the rules and returns the game, or raises
  :class:`RecordError` naming the round and move at fault;
* :func:`replay` gives the outcome that ``monstertrick replay --json`` prints.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ....records import (
    DEFAULT_GAME,
    FORMAT,
    check_format,
    check_players,
    is_int,
    kind,
    new_record,
    parse_json,
    quote,
    read_chapters,
    read_seat,
)
from .actions import Move
from .cards import HAND_SIZE, MAX_PLAYERS, MIN_PLAYERS, NUM_ROUNDS, NUM_SLOTS, VP_SETS, Card
from .errors import IllegalMoveError, InvalidMoveError, RecordError
from .state import GameState, check_deal, is_vp_row
from .views import Phase

_ROUND_KEYS = {"hands", "arrangements", "moves"}
_MOVE_KEYS = {"card", "slot"}


def to_record(game: GameState, meta: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The record of ``game`` as it stands (any phase), ready for ``json.dump``."""
    rounds = [
        {
            "hands": [[str(c) for c in hand] for hand in log.hands],
            "arrangements": [list(a) if a is not None else None for a in log.arrangements],
            "moves": [{"card": str(m.card), "slot": m.slot} for m in log.moves],
        }
        for log in game.log
    ]
    fields = {"first_player": game.first_player, "rounds": rounds}
    return new_record(DEFAULT_GAME, game.players, fields, meta)


def from_record(doc: Any, *, seed: int | str | None = None) -> GameState:
    """Replay a record under the rules; return the game at the record's end.

    ``seed`` (if given) deals the rounds after those the record holds, so a saved game
    plays on exactly as it would have. Raises :class:`RecordError` with 1-based
    ``round`` and ``move`` (None where the fault is not in one round or move).
    """
    check_format(doc)
    if doc.get("game", DEFAULT_GAME) != DEFAULT_GAME:
        raise RecordError(f"this is not a Monster Trick record (its game is {quote(doc['game'])})")
    players = check_players(doc.get("players"), MIN_PLAYERS, MAX_PLAYERS)
    n = len(players)
    first = read_seat(doc, "first_player", n)
    rounds = read_chapters(doc, "rounds", NUM_ROUNDS)

    game: GameState | None = None
    for r, rnd in enumerate(rounds):
        number = r + 1
        last = r == len(rounds) - 1
        if not isinstance(rnd, dict):
            raise RecordError("a round is a JSON object, not " + kind(rnd), number)
        unknown = set(rnd) - _ROUND_KEYS
        missing = _ROUND_KEYS - set(rnd)
        if missing:
            raise RecordError(f"the round has no {', '.join(sorted(missing))}", number)
        if unknown:
            raise RecordError(f"unknown field {quote(sorted(unknown)[0])} in the round", number)
        hands = _read_hands(rnd["hands"], n, number)
        if game is None:
            game = GameState(players, first_player=first, hands=hands, seed=seed)
        else:
            if game.phase is not Phase.ROUND_OVER:
                raise RecordError(
                    f"round {number - 1} is unfinished ({game.turn} of {HAND_SIZE * n} cards "
                    "played), but only the last round may be unfinished",
                    number - 1,
                )
            game.next_chapter(hands)
        moves = rnd["moves"]
        if not isinstance(moves, list):
            raise RecordError('"moves" must be a list', number)
        _read_arrangements(game, rnd["arrangements"], number, pending_ok=last and not moves)
        limit = HAND_SIZE * n
        for i, raw in enumerate(moves):
            if i >= limit:
                raise RecordError(
                    f"the round is over after {limit} cards; this is card {i + 1}", number, i + 1
                )
            game.push(_read_move(game, raw, number, i + 1))
    assert game is not None
    return game


def _read_hands(raw: Any, n: int, number: int) -> list[list[Card]]:
    if not isinstance(raw, list) or len(raw) != n:
        raise RecordError(f'"hands" must hold one hand per player ({n})', number)
    hands: list[list[Card]] = []
    for p, hand in enumerate(raw):
        if not isinstance(hand, list):
            raise RecordError(f"hand {p + 1} must be a list of cards", number)
        try:
            hands.append([Card.parse(c) for c in hand])
        except InvalidMoveError as exc:
            raise RecordError(f"hand {p + 1}: {exc}", number) from None
    try:
        return check_deal(n, hands)
    except ValueError as exc:
        raise RecordError(str(exc), number) from None


def _read_arrangements(game: GameState, raw: Any, number: int, *, pending_ok: bool) -> None:
    n = game.num_players
    if not isinstance(raw, list) or len(raw) != n:
        raise RecordError(f'"arrangements" must hold one VP row per player ({n})', number)
    vps = VP_SETS[number - 1]
    for p, row in enumerate(raw):
        name = game.players[p]
        if row is None:
            if not pending_ok:
                raise RecordError(
                    f"{name} has not arranged their VP cards, which is only possible in the "
                    "last round before its first card",
                    number,
                )
            continue
        if not isinstance(row, list) or not is_vp_row(row, vps):
            raise RecordError(
                f"{name}'s VP row {quote(row)} is not an order of {vps[0]}, {vps[1]} and {vps[2]}",
                number,
            )
    game.lay_rows(raw)


def _read_move(game: GameState, raw: Any, number: int, index: int) -> Move:
    if not isinstance(raw, dict) or set(raw) != _MOVE_KEYS:
        raise RecordError(
            f'a move is an object {{"card": ..., "slot": ...}}, not {quote(raw, 60)}',
            number,
            index,
        )
    try:
        card = Card.parse(raw["card"])
    except InvalidMoveError as exc:
        raise RecordError(str(exc), number, index) from None
    slot = raw["slot"]
    if not is_int(slot) or not 0 <= slot < NUM_SLOTS:
        raise RecordError(
            f"slot {quote(slot)} does not exist: the record numbers slots 0 to 3",
            number,
            index,
        )
    move = Move.of(card, slot)
    reason = game.illegal_reason(move)
    if reason is not None:
        player = game.players[game.current_player]  # type: ignore[index]
        raise RecordError(
            f"{player} plays {card} to slot {slot} (trick {slot + 1} on screen): {reason}",
            number,
            index,
        )
    return move


@dataclass(frozen=True, slots=True)
class ReplayResult:
    """What ``monstertrick replay`` reports for a valid record."""

    players: tuple[str, ...]
    complete: bool
    tricks: tuple[tuple[int, ...], ...]
    """Per round, tricks won per seat (so far, for the unfinished round)."""
    scores: tuple[tuple[int, ...] | None, ...]
    """Per round, VP scored per seat; None for an unfinished round."""
    totals: tuple[int, ...] | None
    winners: tuple[int, ...] | None
    game: GameState

    def to_json(self) -> dict[str, Any]:
        return {
            "complete": self.complete,
            "rounds": [
                {"tricks": list(t), "scores": list(s) if s is not None else None}
                for t, s in zip(self.tricks, self.scores)
            ],
            "totals": list(self.totals) if self.totals is not None else None,
            "winners": list(self.winners) if self.winners is not None else None,
        }


def result_of(game: GameState) -> ReplayResult:
    """The replay outcome of a game as it stands."""
    finished = game.round_results()
    tricks = [t for t, _ in finished]
    scores: list[tuple[int, ...] | None] = [s for _, s in finished]
    if game.phase in (Phase.ARRANGING, Phase.PLAYING):
        tricks.append(game.tricks_won())
        scores.append(None)
    outcome = game.outcome()
    return ReplayResult(
        players=game.players,
        complete=outcome is not None,
        tricks=tuple(tricks),
        scores=tuple(scores),
        totals=outcome.totals if outcome else None,
        winners=outcome.winners if outcome else None,
        game=game,
    )


def replay(doc: Any) -> ReplayResult:
    """Replay a parsed record; raises :class:`RecordError` if it is invalid."""
    return result_of(from_record(doc))


__all__ = [
    "FORMAT",
    "IllegalMoveError",
    "RecordError",
    "ReplayResult",
    "from_record",
    "parse_json",
    "replay",
    "result_of",
    "to_record",
]
