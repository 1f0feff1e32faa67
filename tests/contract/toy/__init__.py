"""Little Tricks, a toy game registered only in the tests: a new game costs only its
rules (:mod:`.engine`), its computer players (:mod:`.bots`) and the small table of what
is its own below; the session, the saves, ``replay``, the arena and the contract's tests
take it as they take the real games."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from monstertrick.errors import RecordError
from monstertrick.games import ArenaTerms, GameType
from monstertrick.games.common.words import of_deals, plural
from monstertrick.games.contract import Bot
from monstertrick.games.door import Door
from monstertrick.records import FORMAT, check_format, check_players, kind
from monstertrick.search.assess import Stats
from monstertrick.search.player import SearchingPlayer

from .engine import (
    HAND_SIZE,
    ROUNDS,
    Card,
    Event,
    LittleTricks,
    Play,
    Played,
    View,
    parse_action,
    parse_card,
    sample_world,
)

KEY = "little-tricks"

ENTRY = GameType(
    KEY,
    "Little Tricks",
    2,
    3,
    __name__,
    about="a toy game of the tests",
    score_name="tricks",
    secret="its hands",
    theme_variables={},
)
"""Its line of the registry (a test adds it to :data:`monstertrick.games.GAMES`)."""


class LittleTricksDoor(Door[LittleTricks, Play, Event, View, View]):
    key = KEY
    title = "Little Tricks"
    hidden_hands = True
    state_type = LittleTricks
    totals_range = (0, ROUNDS * HAND_SIZE)
    arena_terms = ArenaTerms(unit="game", hit=None)
    chapter_name = "round"
    chapters_key = "rounds"
    play_events = (Played,)
    tally_fields = ("tricks",)

    parse_action = staticmethod(parse_action)

    def option_reason(self, view: View, action: Play, stats: Stats) -> str:
        """The tricks the round most often ends on after ``action`` (its own words are
        all a game adds for its reasons)."""
        tricks, share = stats.most(lambda t: t[0])
        return f"{action.card} ends the round on {plural(tricks, 'trick')} {of_deals(share)}"

    def to_record(
        self, state: LittleTricks, meta: Mapping[str, Any] | None = None
    ) -> dict[str, Any]:
        doc: dict[str, Any] = {
            "format": FORMAT,
            "game": KEY,
            "players": list(state.players),
            "first": state.first_player,
            "rounds": [
                {
                    "hands": [[str(c) for c in h] for h in deal],
                    "plays": [str(a.card) for a in plays],
                }
                for deal, plays in zip(state.deals, state.actions)
            ],
        }
        if meta is not None:
            doc["meta"] = dict(meta)
        return doc

    def from_record(self, doc: Any, seed: int | str | None = None) -> LittleTricks:
        check_format(doc)
        names = check_players(doc.get("players"), 2, 3)
        first = doc.get("first")
        if type(first) is not int or not 0 <= first < len(names):
            raise RecordError(f'"first" must be a seat from 0 to {len(names) - 1}')
        rounds = doc.get("rounds")
        if not isinstance(rounds, list) or not 1 <= len(rounds) <= ROUNDS:
            raise RecordError(f'"rounds" must list 1 to {ROUNDS} rounds, not {kind(rounds)}')
        state: LittleTricks | None = None
        for r, entry in enumerate(rounds):
            where = f"round {r + 1}"
            if not isinstance(entry, dict):
                raise RecordError(f"{where}: a round is an object, not {kind(entry)}")
            hands = entry.get("hands")
            if not isinstance(hands, list) or len(hands) != len(names):
                raise RecordError(f'{where}: "hands" must hold one hand per player')
            dealt = [[_card(c, where) for c in _list(h, where)] for h in hands]
            if state is None:
                state = LittleTricks(names, seed=seed, first_player=first, hands=dealt)
            else:
                if not state.chapter_over():
                    raise RecordError(f"{where}: the round before it is not over")
                state.next_chapter(dealt)
            for m, text in enumerate(_list(entry.get("plays"), where)):
                try:
                    state.apply(Play(_card(text, where)))
                except ValueError as exc:
                    raise RecordError(f"{where}, move {m + 1}: {exc}") from None
        assert state is not None
        return state

    def replay(self, doc: Any) -> dict[str, Any]:
        state = self.from_record(doc)
        outcome = state.outcome()
        return {
            "game": KEY,
            "players": list(state.players),
            "totals": list(state.totals),
            "winners": list(outcome.winners) if outcome is not None else None,
        }

    def describe(self, doc: Any) -> str:
        state = self.from_record(doc)
        outcome = state.outcome()
        if outcome is None:
            return f"{', '.join(state.players)}\n  the game is not finished"
        return f"{', '.join(state.players)}\n  {outcome.explain(state.players)}"

    def sample_world(self, view: View, rng: random.Random) -> LittleTricks:
        return sample_world(view, rng)

    def make_bot(self, level: object) -> Bot[View, Play]:
        from .bots import make_bot

        return make_bot(level)

    def hard_player(self) -> SearchingPlayer[View, Play]:
        from .bots import HardBot

        return HardBot()

    def where(self, state: LittleTricks) -> str:
        assert state.to_move is not None
        return f"round {state.chapter}, {state.players[state.to_move]} to play"


def _list(value: Any, where: str) -> list[Any]:
    if not isinstance(value, list):
        raise RecordError(f"{where}: expected a list, not {kind(value)}")
    return value


def _card(text: Any, where: str) -> Card:
    if not isinstance(text, str):
        raise RecordError(f"{where}: a card is text like 'A3', not {kind(text)}")
    try:
        return parse_card(text)
    except ValueError as exc:
        raise RecordError(f"{where}: {exc}") from None


GAME = LittleTricksDoor()
