"""The game-independent pieces every game's engine, records, timeline and computer
players are built on: written once, they must behave the same for every game."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from monstertrick.errors import InvalidMoveError, RecordError
from monstertrick.games.common.cards import CardSuit, CodedCard, intern_cards
from monstertrick.games.common.outcome import break_ties
from monstertrick.games.common.state import Table, ValueEquality
from monstertrick.games.common.words import join_names, plural
from monstertrick.games.magic_trick.bots import make_bot as magic_bot
from monstertrick.games.magic_trick.engine.cards import Card as MagicCard
from monstertrick.games.magic_trick.engine.cards import Suit as MagicSuit
from monstertrick.games.magic_trick.engine.events import GameOver as GameOverEvent
from monstertrick.games.magic_trick.engine.state import MagicTrickState
from monstertrick.games.magic_trick.engine.state import decide_winners as magic_winners
from monstertrick.games.magic_trick.engine.views import HandResult as MagicHand
from monstertrick.games.monster_taking.bots import make_bot as taking_bot
from monstertrick.games.monster_taking.engine.cards import Card as TakingCard
from monstertrick.games.monster_taking.engine.cards import Suit as TakingSuit
from monstertrick.games.monster_taking.engine.state import MatchState
from monstertrick.games.monster_trick.bots import make_bot as trick_bot
from monstertrick.games.monster_trick.engine.cards import Card as TrickCard
from monstertrick.games.monster_trick.engine.cards import Colour
from monstertrick.games.monster_trick.engine.state import GameState as TrickState
from monstertrick.games.monster_trick.engine.state import decide_winners as trick_winners
from monstertrick.levels import Level, LevelError, budget_level, level_name, make_player
from monstertrick.records import FORMAT, new_record, read_chapters, read_seat, record_text
from monstertrick.search import SeatSearch
from monstertrick.timeline import Frame, Timeline

from .games.monster_trick.test_record import played_game


def test_a_record_is_its_envelope_then_the_games_fields_then_meta() -> None:
    doc = new_record("some-game", ("Ann", "Bob"), {"first": 1, "rounds": []}, {"seed": 3})
    assert list(doc) == ["format", "game", "players", "first", "rounds", "meta"]
    assert doc["format"] == FORMAT
    assert doc["players"] == ["Ann", "Bob"]
    assert "meta" not in new_record("some-game", ("Ann",), {})


def test_a_record_text_has_one_chapter_per_line_last_and_leaves_the_record_alone() -> None:
    doc = new_record("g", ("Ann", "Bob"), {"rounds": [{"a": 1}, {"b": "é"}]}, {"x": 1})
    text = record_text(doc)
    assert text.splitlines() == [
        '{"format": "monstertrick-record/1", "game": "g", "players": ["Ann", "Bob"], '
        '"meta": {"x": 1}, "rounds": [',
        '  {"a": 1},',
        '  {"b": "é"}',
        "]}",
    ]
    assert json.loads(text) == doc
    assert "rounds" in doc


@pytest.mark.parametrize("value", [-1, 4, True, 1.0, "1", None])
def test_a_seat_outside_the_table_is_refused_in_words(value: Any) -> None:
    with pytest.raises(RecordError, match='"first_player" must be a seat number from 0 to 3'):
        read_seat({"first_player": value}, "first_player", 4)


def test_a_missing_seat_is_seat_0_and_chapters_are_counted() -> None:
    assert read_seat({}, "first_player", 2) == 0
    assert read_chapters({"hands": [1, 2]}, "hands", 4) == [1, 2]
    for bad in ([], [1] * 5, {}, None):
        with pytest.raises(RecordError, match='"hands" must list 1 to 4 hands'):
            read_chapters({"hands": bad}, "hands", 4)


def test_every_game_writes_its_record_through_the_shared_envelope() -> None:
    from monstertrick.games.monster_trick import GAME
    from monstertrick.games.monster_trick.engine.record import to_record

    game = played_game()
    text = GAME.record_text(game, {"seed": 1})
    assert json.loads(text) == to_record(game, {"seed": 1})
    assert text.splitlines()[0].endswith('"meta": {"seed": 1}, "rounds": [')


def test_words() -> None:
    assert join_names([]) == ""
    assert join_names(["Ann"]) == "Ann"
    assert join_names(["Ann", "Bob", "Cid"]) == "Ann, Bob and Cid"
    assert plural(1, "trick") == "1 trick"
    assert plural(0, "dot") == "0 dots"


def test_the_budget_of_a_searching_player_and_its_name() -> None:
    default = Level("hard", playouts=1000)
    assert budget_level(default) == default
    assert level_name(budget_level(default, 1000), default) == "hard"
    assert level_name(budget_level(default, 200), default) == "hard:200"
    assert level_name(budget_level(default, seconds=0.5), default) == "hard:0.5s"
    timed = Level("hard", seconds=0.75)
    assert level_name(budget_level(timed, seconds=0.75), timed) == "hard"
    with pytest.raises(ValueError, match="at least 1"):
        budget_level(default, 0)


def test_a_level_makes_its_own_player_in_every_game() -> None:
    makers = {"easy": lambda level: ("easy", level), "hard": lambda level: ("hard", level)}
    assert make_player("Hard:5", makers, ("easy", "hard")) == ("hard", Level("hard", 5))
    with pytest.raises(LevelError):
        make_player("medium", makers, ("easy", "hard"))
    for make in (magic_bot, taking_bot, trick_bot):
        assert [make(spec).name for spec in ("easy", "medium", "hard", "hard:7")] == [
            "easy",
            "medium",
            "hard",
            "hard:7",
        ]
    assert trick_bot("ismcts:3").name == "ismcts:3"


def test_every_games_timeline_is_made_of_the_shared_frames() -> None:
    from monstertrick.games.magic_trick import GAME as MAGIC
    from monstertrick.games.monster_trick import GAME as TRICK

    game = played_game()
    timeline = Timeline.of(TRICK, game)
    assert all(type(f) is Frame for f in timeline.frames)
    assert [timeline[i].chapter for i in timeline.chapter_starts()] == [1, 2, 3]
    assert all(f.seat is not None and f.action is not None for f in timeline.frames[1:4])

    magic = MagicTrickState(["A", "B", "C", "D"], seed=1)
    seat, first = magic.current_player, magic.legal_actions()[0]
    magic.apply(first)
    frames = Timeline.of(MAGIC, magic).frames
    assert all(type(f) is Frame and f.chapter == 1 for f in frames)
    assert [(f.step, f.seat, f.action) for f in frames] == [(0, None, None), (1, seat, first)]


class _Keyed(ValueEquality):
    __slots__ = ("value",)

    def __init__(self, value: int) -> None:
        self.value = value

    def key(self) -> tuple[Any, ...]:
        return (self.value,)


def test_states_compare_by_value_and_have_no_hash() -> None:
    assert _Keyed(1) == _Keyed(1)
    assert _Keyed(1) != _Keyed(2)
    assert _Keyed(1) != (1,)
    with pytest.raises(TypeError):
        hash(_Keyed(1))


class _Counter:
    """A toy game: actions add to a total; it counts its clones."""

    def __init__(self) -> None:
        self.total = 0
        self.current_player: int | None = 0

    def push(self, action: int, events: list[str] | None = None) -> None:
        self.total += action
        self.current_player = self.total % 2
        if events is not None:
            events.append(f"+{action}")

    def clone(self) -> _Counter:
        other = _Counter()
        other.total, other.current_player = self.total, self.current_player
        return other


class _Worlds:
    def sample(self, rng: random.Random) -> _Counter:
        world = _Counter()
        world.push(rng.randrange(3))
        return world


def test_a_search_adapter_starts_with_its_seat_its_worlds_and_push() -> None:
    search: SeatSearch[_Counter, int] = SeatSearch(1, _Worlds())
    assert search.player == 1
    world = search.sample(random.Random(0))
    before = world.total
    search.apply(world, 5)
    assert world.total == before + 5


# ---------------------------------------------------------------- the tie-break chain


def test_break_ties_goes_down_the_chain_only_as_far_as_a_tie_needs() -> None:
    assert break_ties([(3, 5, 1)]) == ((1,), 0)
    # Tied on the total: the next criterion decides among the tied seats only.
    assert break_ties([(5, 5, 1), (0, 2, 9)]) == ((1,), 1)
    assert break_ties([(5, 5, 5), (2, 2, 1), (0, 4, 9)]) == ((1,), 2)
    # Tied on everything: a shared victory, the count past the last criterion.
    assert break_ties([(5, 5, 1), (2, 2, 1)]) == ((0, 1), 2)
    assert break_ties([(0, 0)]) == ((0, 1), 1)


def _magic(scores: tuple[int, ...], prestige: tuple[bool, ...]) -> MagicHand:
    return MagicHand((0,) * 4, (0,) * 4, (0,) * 4, scores, prestige)


NOBODY = (False,) * 4


@pytest.mark.parametrize(
    ("hands", "winners", "said"),
    [
        ([_magic((3, 1, 0, -2), NOBODY)] * 4, (0,), "Ann wins with 12 points."),
        (
            [_magic((5, 5, 5, 0), (True, False, False, False))]
            + [_magic((0, 0, 0, 1), NOBODY)] * 3,
            (0,),
            "Ann wins the tie at 5 points with 1 prestige bonus, more than Bob and Cid.",
        ),
        (
            [_magic((5, 5, 0, 0), (True, True, False, False)), _magic((1, 1, 0, 0), NOBODY)] * 2,
            (0, 1),
            "Ann and Bob share the victory with 12 points each and 2 prestige bonuses each.",
        ),
    ],
)
def test_magic_tricks_chain_is_points_then_prestige_bonuses(
    hands: list[MagicHand], winners: tuple[int, ...], said: str
) -> None:
    outcome = magic_winners(hands)
    assert outcome.winners == winners
    assert outcome.explain(["Ann", "Bob", "Cid", "Dee"]) == said
    assert GameOverEvent(outcome).describe(["Ann", "Bob", "Cid", "Dee"]) == (
        f"The game is over. {said}"
    )


@pytest.mark.parametrize(
    ("rounds", "winners", "said"),
    [
        ([(1, 0), (2, 0), (3, 0)], (0,), "Ann wins with 6 VP."),
        (
            [(3, 0), (0, 0), (0, 3)],
            (1,),
            "Bob wins the tie at 3 VP by scoring more in round 3.",
        ),
        (
            [(1, 2), (2, 1), (3, 3)],
            (0,),
            "Ann wins the tie at 6 VP by scoring more in round 2 (still tied in round 3).",
        ),
        (
            [(1, 1, 1), (2, 2, 2), (3, 3, 3)],
            (0, 1, 2),
            "Ann, Bob and Cid share the victory with 6 VP each: "
            "they are also tied in round 3 and in round 2.",
        ),
    ],
)
def test_monster_tricks_chain_is_vp_then_round_3_then_round_2(
    rounds: list[tuple[int, ...]], winners: tuple[int, ...], said: str
) -> None:
    outcome = trick_winners(rounds)
    assert outcome.winners == winners
    assert outcome.explain(["Ann", "Bob", "Cid"]) == said


# ---------------------------------------------------------------- the table


def test_every_games_state_keeps_its_table_in_one_place() -> None:
    magic = MagicTrickState(["Ann", "Bob", "Cid", "Dee"], seed=7, first_player=2)
    trick = TrickState(["Ann", "Bob", "Cid"], seed="x", first_player=1)
    taking = MatchState(["Ann", "Bob"], seed=3, first_lead=1)
    for state, seed, first in ((magic, 7, 2), (trick, "x", 1), (taking, 3, 1)):
        assert isinstance(state, Table)
        assert state.players == tuple(state.players) and state.players[0] == "Ann"
        assert state.seed == seed and state.first_player == first
        assert state.phase is state._phase
        assert state.clone().players == state.players
    assert taking.first_lead == 1
    # What the table holds counts in a state's value, as everything else it holds.
    assert magic == magic.clone()
    assert magic != MagicTrickState(["Ann", "Bob", "Cid", "Eve"], seed=7, first_player=2)
    assert magic != MagicTrickState(["Ann", "Bob", "Cid", "Dee"], seed=7, first_player=1)
    assert taking != MatchState(["Ann", "Bob"], seed=4, first_lead=1)


# ---------------------------------------------------------------- the cards


class _Suit(CardSuit, letters="XY"):
    EX = 0
    WHY = 1


class _Card(CodedCard[_Suit]):
    __slots__ = ()


def _intern() -> tuple[list[_Card], dict[str, _Card]]:
    return intern_cards(_Card, _Suit, range(1, 4), 4, written="X or Y and 1 to 3", example="X2")


def test_cards_are_interned_by_code_and_print_as_letter_and_value() -> None:
    cards, by_name = _intern()
    assert len(cards) == 8
    assert [str(c) for c in cards if c & 3] == ["X1", "X2", "X3", "Y1", "Y2", "Y3"]
    assert cards[4 + 2] == 6 and isinstance(cards[6], _Card) and repr(cards[6]) == "Card('Y2')"
    assert by_name["Y2"] is cards[6] and set(by_name) == {"X1", "X2", "X3", "Y1", "Y2", "Y3"}
    assert cards[4] == 0  # no card has code 4: a placeholder
    # A game's cards are its own: every game prints its own names.
    assert [str(c) for c in (MagicCard.parse("X7"), TakingCard.parse("S10"))] == ["X7", "S10"]
    assert str(TrickCard.parse("Y15")) == "Y15" and TrickCard.names is not MagicCard.names


def test_a_card_knows_its_suit_and_value_from_its_code() -> None:
    cards, _ = _intern()
    assert [(c.suit, c.value) for c in (cards[1], cards[7])] == [(_Suit.EX, 1), (_Suit.WHY, 3)]
    magic, taking, trick = MagicCard.parse("X7"), TakingCard.parse("S10"), TrickCard.parse("Y15")
    assert (magic.suit, magic.value) == (MagicSuit.STARS, 7)
    assert [s.letter for s in MagicSuit] == list("HSDCMTX") and magic.suit.label == "Stars"
    assert (_Suit.WHY.letter, _Suit(1), _Suit.WHY.label) == ("Y", _Suit.WHY, "Why")
    assert (taking.suit, taking.value, taking.dots) == (TakingSuit.SYLVA, 10, 0)
    assert (trick.colour, trick.suit, trick.value) == (Colour.YELLOW, Colour.YELLOW, 15)


@pytest.mark.parametrize("card", [MagicCard, TakingCard, TrickCard, _Card])
@pytest.mark.parametrize("text", ["x2", " X2", "X02", "Q1", "X2 ", "\x1b[31mX2", "X" * 200])
def test_a_card_is_read_exactly_as_written_or_refused_in_words(
    card: type[CodedCard[Any]], text: str
) -> None:
    _intern()
    with pytest.raises(
        InvalidMoveError, match=f"is not a card: write .* like '{card.example}'"
    ) as e:
        card.parse(text)
    assert "\x1b" not in str(e.value) and len(str(e.value)) < 140
    assert card.parse(card.example) is card.parse(card.example)


@pytest.mark.parametrize("card", [MagicCard, TakingCard, TrickCard])
def test_a_card_that_is_not_text_is_refused_in_words(card: type[CodedCard[Any]]) -> None:
    for value in (None, 7, b"X2", ["X2"]):
        with pytest.raises(InvalidMoveError, match="a card is written as a string like"):
            card.parse(value)
