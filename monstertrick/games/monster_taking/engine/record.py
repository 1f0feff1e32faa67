"""Monster Taking records (``"game": "monster-taking"`` in RECORD_FORMAT.md), read and
written here only.

* :func:`to_record` turns a match at any point into a record (a JSON-ready dict);
* :func:`from_record` replays a record under the rules and returns the match, or raises
  :class:`RecordError` with the game as ``round`` and the trick as ``move`` (1-based,
  None where the fault is not in one game or one trick);
* :func:`replay` gives the result that ``monstertrick replay --json`` prints.

The shared conventions (format, player names, JSON integers) come from
:mod:`monstertrick.records`.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from ....errors import IllegalMoveError, InvalidMoveError, RecordError
from ....records import check_format, check_players, is_int, kind, new_record
from .actions import STRENGTHS, Pay, Play
from .cards import DECK_SIZE, HAND_SIZE, Card
from .state import MatchState, check_cards
from .views import Phase

KEY = "monster-taking"
_GAME_KEYS = ("deal", "deck", "strength", "tricks")
_TRICK_KEYS = ("lead", "follow", "pay")

__all__ = ["KEY", "from_record", "replay", "result_of", "to_record"]


def to_record(state: MatchState, meta: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The record of ``state`` as it stands (any phase), ready for ``json.dump``."""
    if state._sampled:
        raise ValueError("a determinized world has no record: its earlier games are unknown")
    games = []
    for log in state.log:
        tricks = []
        for t in log.tricks:
            trick: dict[str, Any] = {"lead": str(t.lead)}
            if t.follow is not None:
                trick["follow"] = str(t.follow)
            if t.pay is not None:
                trick["pay"] = [str(c) for c in t.pay]
            tricks.append(trick)
        games.append(
            {
                "deal": [[str(c) for c in hand] for hand in log.deal],
                "deck": [str(c) for c in log.deck],
                "strength": [str(c) for c in log.strength],
                "tricks": tricks,
            }
        )
    return new_record(KEY, state.players, {"first_lead": state.first_lead, "games": games}, meta)


def _header(doc: Any) -> tuple[list[str], int, list[Any]]:
    check_format(doc)
    game = doc.get("game", KEY)
    if game != KEY:
        raise RecordError(
            f"this is not a Monster Taking record (its game is {json.dumps(game)[:40]})"
        )
    players = check_players(doc.get("players"), 2, 2)
    first = doc.get("first_lead", 0)
    if not is_int(first) or first not in (0, 1):
        raise RecordError('"first_lead" must be the seat 0 or 1')
    games = doc.get("games")
    if "games" not in doc or not isinstance(games, list):
        raise RecordError(
            '"games" must be a list of games' + ("" if "games" in doc else ", and is missing")
        )
    return players, first, games


def _card(value: Any, what: str, g: int, j: int | None) -> Card:
    try:
        return Card.parse(value)
    except InvalidMoveError:
        if isinstance(value, str):
            shown = json.dumps(value)[:24]
            raise RecordError(f'{what}: {shown} is not a card (like "A7")', g, j) from None
        raise RecordError(f'{what} must be a card like "A7", not {kind(value)}', g, j) from None


def _cards(value: Any, what: str, g: int, j: int | None) -> list[Card]:
    if not isinstance(value, list):
        raise RecordError(f"{what} must be a list of cards, not {kind(value)}", g, j)
    return [_card(v, what, g, j) for v in value]


def _check_keys(
    obj: Any, what: str, keys: tuple[str, ...], required: tuple[str, ...], g: int, j: int | None
) -> dict[str, Any]:
    if not isinstance(obj, dict):
        raise RecordError(f"{what} must be an object, not {kind(obj)}", g, j)
    for k in obj:
        if k not in keys:
            raise RecordError(f"{what} has an unknown key {json.dumps(k)[:30]}", g, j)
    for k in required:
        if k not in obj:
            raise RecordError(f'{what} has no "{k}"', g, j)
    return obj


def _deal(game: dict[str, Any], g: int) -> tuple[list[list[Card]], list[Card]]:
    deal = game["deal"]
    if not isinstance(deal, list) or len(deal) != 2:
        raise RecordError('"deal" must list the 2 hands', g)
    hands = [_cards(h, f"hand {seat + 1} of the deal", g, None) for seat, h in enumerate(deal)]
    for seat, h in enumerate(hands):
        if len(h) != HAND_SIZE:
            raise RecordError(f"hand {seat + 1} has {len(h)} cards instead of {HAND_SIZE}", g)
    deck = _cards(game["deck"], '"deck"', g, None)
    if len(deck) != DECK_SIZE:
        raise RecordError(f"the DECK has {len(deck)} cards instead of {DECK_SIZE}", g)
    try:
        return check_cards((hands, deck))
    except ValueError as exc:
        raise RecordError(str(exc), g) from None


def from_record(doc: Any, *, seed: int | str | None = None) -> MatchState | None:
    """Replay a record under the rules; return the match at the record's end.

    ``seed`` (if given) deals the games after those the record holds, so a saved match
    plays on exactly as it would have. A record with no game yet gives the match dealt
    from ``seed``, or None without a seed. Raises :class:`RecordError` with 1-based
    ``round`` (the game) and ``move`` (the trick).
    """
    players, first, games = _header(doc)
    state: MatchState | None = None
    for index, game in enumerate(games):
        g = index + 1
        if state is not None:
            if state.phase is Phase.MATCH_OVER:
                raise RecordError(f"the match was decided in game {index}: no game follows it", g)
            if state.phase is not Phase.GAME_OVER:
                raise RecordError(f"game {index} is not finished, so no game can follow it", g)
        game = _check_keys(game, f"game {g}", _GAME_KEYS, _GAME_KEYS, g, None)
        cards = _deal(game, g)
        if state is None:
            state = MatchState(players, seed=seed, first_lead=first, cards=(cards[0], cards[1]))
        else:
            state.next_chapter((cards[0], cards[1]))
        names = state.players
        strength = _cards(game["strength"], '"strength"', g, None)
        if len(strength) > 2:
            raise RecordError(f'"strength" holds 2 cards, not {len(strength)}', g)
        for card in strength:
            seat = state.current_player
            assert seat is not None
            try:
                state.apply(STRENGTHS[card])
            except IllegalMoveError as exc:
                who = "LEAD" if seat == state.lead else "the other player"
                raise RecordError(
                    f"{names[seat]} ({who}) cannot lay {card} for the suit strength: "
                    + _theirs(str(exc)),
                    g,
                ) from None
        tricks = game["tricks"]
        if not isinstance(tricks, list):
            raise RecordError(f'"tricks" must be a list, not {kind(tricks)}', g)
        if tricks and len(strength) < 2:
            raise RecordError("tricks are played only after both suit-strength cards", g)
        for t_index, trick in enumerate(tricks):
            _trick(state, trick, g, t_index + 1, t_index == len(tricks) - 1)
    if state is None and seed is not None:
        state = MatchState(players, seed=seed, first_lead=first)
    return state


def _trick(state: MatchState, trick: Any, g: int, j: int, last: bool) -> None:
    names = state.players
    if state.phase is Phase.GAME_OVER or state.phase is Phase.MATCH_OVER:
        raise RecordError("the game is already over: no trick follows", g, j)
    trick = _check_keys(trick, f"trick {j}", _TRICK_KEYS, ("lead",), g, j)
    if "follow" not in trick and "pay" in trick:
        raise RecordError('a trick with "pay" must have its "follow"', g, j)
    if not last:
        for k in ("follow", "pay"):
            if k not in trick:
                raise RecordError(f'the trick has no "{k}", yet another trick follows it', g, j)
    lead = _card(trick["lead"], '"lead"', g, j)
    follow = _card(trick["follow"], '"follow"', g, j) if "follow" in trick else None
    pay = _cards(trick["pay"], '"pay"', g, j) if "pay" in trick else None
    steps: list[tuple[str, Play | Pay]] = [("lead with", Play(lead))]
    if follow is not None:
        steps.append(("follow with", Play(follow)))
    if pay is not None:
        steps.append(("pay", Pay(tuple(pay))))
    for verb, action in steps:
        seat = state.current_player
        assert seat is not None
        try:
            state.apply(action)
        except IllegalMoveError as exc:
            what = (
                " ".join(str(c) for c in pay or []) or "nothing"
                if isinstance(action, Pay)
                else str(action.card)
            )
            raise RecordError(
                f"{names[seat]} cannot {verb} {what}: {_theirs(str(exc))}", g, j
            ) from None


_THIRD_PERSON = (
    ("yours must", "theirs must"),
    ("your ", "their "),
    ("you ", "they "),
)


def _theirs(reason: str) -> str:
    """A reason written to the player ("you hold…") told about them ("they hold…")."""
    for you, they in _THIRD_PERSON:
        reason = reason.replace(you, they)
    return reason


def result_of(state: MatchState | None) -> dict[str, Any]:
    """The ``replay --json`` result of a match as it stands."""
    if state is None:
        return {"complete": False, "games": [], "wins": [0, 0], "winners": None}
    games: list[dict[str, Any]] = []
    for r in state.results:
        games.append(
            {
                "lead": r.lead,
                "suits": [s.letter for s in r.order],
                "tricks": list(r.tricks),
                "cards_left": list(r.cards_left),
                "over": True,
                "winner": r.winner,
            }
        )
    if state.phase is not Phase.GAME_OVER and state.phase is not Phase.MATCH_OVER:
        order = state.order
        games.append(
            {
                "lead": state.lead,
                "suits": [s.letter for s in order] if order is not None else None,
                "tricks": list(state.tricks_won()),
                "cards_left": [len(state.hand(0)), len(state.hand(1))],
                "over": False,
                "winner": None,
            }
        )
    outcome = state.outcome()
    return {
        "complete": outcome is not None,
        "games": games,
        "wins": list(state.wins),
        "winners": list(outcome.winners) if outcome is not None else None,
    }


def replay(doc: Any) -> dict[str, Any]:
    """Replay a parsed record and give the ``replay --json`` result."""
    return result_of(from_record(doc))
