"""One test per rule of RULES.md, named after the rule. Slots in moves are written 1-4."""

from __future__ import annotations

import pytest

from monstertrick.games.monster_trick.engine import (
    Card,
    CardPlayed,
    Colour,
    GameOver,
    GameState,
    IllegalMoveError,
    InvalidMoveError,
    Move,
    Phase,
    RoundScored,
    TieBreak,
    TrickTakenOver,
    TrickWon,
    VPCardTurned,
    deal,
    decide_winners,
    deck,
    top_value,
    vp_scored,
)

from .helpers import NAMES, cards, game_with, play

# ---------------------------------------------------------------- players, cards, deck


@pytest.mark.parametrize(
    ("players", "top", "size"), [(2, 6, 24), (3, 9, 36), (4, 12, 48), (5, 15, 60)]
)
def test_deck_depends_on_number_of_players(players: int, top: int, size: int) -> None:
    d = deck(players)
    assert top_value(players) == top
    assert len(d) == size == len(set(d))
    assert {c.colour for c in d} == set(Colour)
    assert {c.value for c in d} == set(range(1, top + 1))


@pytest.mark.parametrize("players", [1, 6])
def test_game_is_for_two_to_five_players(players: int) -> None:
    with pytest.raises(ValueError, match="2 to 5 players"):
        GameState(NAMES[:1] * players, seed=1)


def test_card_is_written_colour_letter_and_value() -> None:
    assert str(Card.parse("G7")) == "G7"
    assert str(Card.parse("Y12")) == "Y12"
    assert Card.parse("P3").colour is Colour.PURPLE and Card.parse("P3").value == 3
    # exactly as written in records (RECORD_FORMAT.md): no lower case, no padding
    for bad in ("X7", "G0", "G16", "G", "", "G07", "7G", "y12", "p8", " B12", "G7 ", "A01"):
        with pytest.raises(InvalidMoveError):
            Card.parse(bad)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_each_round_the_whole_deck_is_dealt_twelve_cards_each(players: int) -> None:
    game = GameState(NAMES[:players], seed=42)
    hands = [game.hand(p) for p in range(players)]
    assert all(len(h) == 12 for h in hands)
    assert sorted(c for h in hands for c in h) == deck(players)


def test_same_seed_gives_same_deal_and_rounds_are_dealt_anew() -> None:
    assert deal(4, 9, 0) == deal(4, 9, 0)
    assert deal(4, 9, 0) != deal(4, 10, 0)
    assert deal(4, 9, 0) != deal(4, 9, 1)


def test_hands_are_sorted_by_colour_then_value() -> None:
    hand = GameState(NAMES[:3], seed=5).hand(0)
    assert list(hand) == sorted(hand, key=lambda c: (c.colour, c.value))


def test_vp_cards_per_round_are_123_246_369() -> None:
    game = game_with([], 2)
    assert game.vp_set == (1, 2, 3)
    _finish_round(game)
    game.next_chapter()
    assert game.vp_set == (2, 4, 6)
    for p in range(2):
        game.arrange(p, (6, 4, 2))
    _finish_round(game)
    game.next_chapter()
    assert game.vp_set == (3, 6, 9)


# ---------------------------------------------------------------- arranging


def test_arranging_comes_before_play_and_every_player_arranges() -> None:
    game = GameState(NAMES[:3], seed=3)
    assert game.phase is Phase.ARRANGING
    assert game.legal_moves() == []
    with pytest.raises(IllegalMoveError, match="every player has arranged"):
        game.play(Move.of(game.hand(0)[0], 0))
    game.arrange(2, (3, 1, 2))
    game.arrange(0, (1, 2, 3))
    assert game.phase is Phase.ARRANGING
    assert game.current_player == 1
    game.arrange(1, (2, 3, 1))
    assert game.phase is Phase.PLAYING
    assert game.current_player == 0


def test_arrangement_is_an_order_of_the_rounds_vp_cards() -> None:
    game = GameState(NAMES[:2], seed=3)
    for bad in [(1, 2), (1, 2, 2), (2, 4, 6), (1, 2, 3, 3), ("1", 2, 3)]:
        with pytest.raises(IllegalMoveError, match="1, 2 and 3"):
            game.arrange(0, bad)
    game.arrange(0, (3, 1, 2))
    with pytest.raises(IllegalMoveError, match="already arranged"):
        game.arrange(0, (1, 2, 3))
    assert len(game.legal_arrangements()) == 6


def test_arrangement_is_private() -> None:
    game = GameState(NAMES[:3], seed=3)
    game.arrange(0, (3, 1, 2))
    view = game.view(1)
    assert view.arrangement is None
    assert view.arranged == (True, False, False)
    assert view.revealed is None
    assert game.view(0).arrangement == (3, 1, 2)


# ---------------------------------------------------------------- turn order


def test_starting_player_plays_first_then_clockwise() -> None:
    game = game_with([], 3, first_player=1)
    order = []
    for _ in range(6):
        order.append(game.current_player)
        game.play(game.legal_moves()[0])
    assert order == [1, 2, 0, 1, 2, 0]


def test_starting_player_moves_left_each_round() -> None:
    game = GameState(NAMES[:3], seed=8, first_player=2)
    starters = []
    for _ in range(3):
        starters.append(game.starting_player)
        for p in range(3):
            game.arrange(p, game.vp_set)
        _finish_round(game)
        if game.phase is Phase.ROUND_OVER:
            game.next_chapter()
    assert starters == [2, 0, 1]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_a_round_is_twelve_turns_per_player_one_card_each(players: int) -> None:
    game = game_with([], players)
    turns = 0
    while game.phase is Phase.PLAYING:
        mover = game.current_player
        assert mover is not None
        size = len(game.hand(mover))
        game.play(game.legal_moves()[-1])
        assert len(game.hand(mover)) == size - 1
        turns += 1
    assert turns == 12 * players
    assert all(len(game.hand(p)) == 0 for p in range(players))
    assert game.phase is Phase.ROUND_OVER and game.current_player is None


def test_events_describe_themselves_in_words() -> None:
    game = game_with(["G2 G1", "G6 G5"], 2, arrange=[(1, 2, 3), (3, 2, 1)])
    events = play(game, "G2>1", "G6>1", "G1>1", "G5>1")
    names = ["Ann", "Bob"]
    text = [e.describe(names) for e in events]
    assert text == [
        "Ann opened trick 1 with G2.",
        "Bob played G6 on trick 1.",
        "Bob took trick 1 over from Ann.",
        "Ann played G1 on trick 1.",
        "Bob played G5 on trick 1.",
        "Bob won trick 1 (G2 G6 G1 G5): 1 trick this round.",
        "Bob turned up their left VP card: 3.",
    ]


# ---------------------------------------------------------------- the table


def test_opening_any_card_may_open_an_empty_slot() -> None:
    game = game_with(["G6 B1", "Y6"])
    assert game.legal_slots(Card.parse("G6")) == (0, 1, 2, 3)
    events = play(game, "G6>3")
    assert events == [CardPlayed(0, Card.parse("G6"), 2, True)]
    trick = game.table()[2]
    assert trick is not None and trick.lead is Colour.GREEN and trick.holder == 0


def test_a_colour_may_open_several_tricks_at_once() -> None:
    game = game_with(["G6 B1", "G5"])
    play(game, "G6>1", "G5>2")
    leads = [t.lead if t else None for t in game.table()]
    assert leads == [Colour.GREEN, Colour.GREEN, None, None]


def test_adding_a_card_of_the_opening_colour_is_always_allowed() -> None:
    game = game_with(["G6 B1", "G1"])
    play(game, "G6>1")
    assert 0 in game.legal_slots(Card.parse("G1"))
    play(game, "G1>1")
    assert game.table()[0].count == 2  # type: ignore[union-attr]


def test_off_colour_forbidden_while_a_slot_is_free() -> None:
    game = game_with(["G6 B1", "Y6"])
    play(game, "G6>1")
    with pytest.raises(IllegalMoveError, match="only be added off-colour.*slot 2 is still free"):
        play(game, "Y6>1")
    assert game.turn == 1 and Card.parse("Y6") in game.hand(1)


def test_off_colour_forbidden_while_a_trick_of_its_colour_is_open() -> None:
    game = game_with(["G12 Y1", "B12", "Y12", "P12"], 4)
    play(game, "G12>1", "B12>2", "Y12>3", "P12>4")  # no slot is free now
    with pytest.raises(IllegalMoveError, match="trick 3 was opened in yellow"):
        play(game, "Y1>1")
    assert game.legal_slots(Card.parse("Y1")) == (2,)
    play(game, "Y1>3")


def test_off_colour_allowed_only_when_the_card_has_no_other_place() -> None:
    # Seats 0-3 open green, blue, yellow, yellow; slots are full and no trick is purple.
    game = game_with(["G12 P5 G1", "B12 P6", "Y12", "Y11"], 4)
    play(game, "G12>1", "B12>2", "Y12>3", "Y11>4")
    purple = Card.parse("P5")
    assert game.legal_slots(purple) == (0, 1, 2, 3)
    # A green card has a green trick: it may not be added anywhere else,
    # even though the player also holds a purple card that could go anywhere.
    green = next(c for c in game.hand(0) if c.colour is Colour.GREEN)
    assert game.legal_slots(green) == (0,)
    with pytest.raises(IllegalMoveError, match="trick 1 was opened in green"):
        game.play(Move.of(green, 1))
    play(game, "P5>3")
    assert game.table()[2].cards == tuple(cards("Y12 P5"))  # type: ignore[union-attr]


def test_player_may_play_onto_their_own_trick() -> None:
    game = game_with(["G6 G5", "Y6 Y5"])
    play(game, "G6>1", "Y6>2", "G5>1")
    trick = game.table()[0]
    assert trick is not None and trick.cards == tuple(cards("G6 G5")) and trick.holder == 0


def test_card_not_in_hand_is_refused() -> None:
    game = game_with(["G6", "Y6"])
    with pytest.raises(IllegalMoveError, match="Y6 is not in Ann's hand"):
        play(game, "Y6>1")


def test_slot_out_of_range_is_refused() -> None:
    for slot in (4, -1):
        with pytest.raises(InvalidMoveError, match="no slot"):
            Move.of("G6", slot)


# ---------------------------------------------------------------- markers


def test_the_opener_holds_the_trick() -> None:
    game = game_with(["G2", "Y6"])
    play(game, "G2>1")
    assert game.table()[0].holder == 0  # type: ignore[union-attr]


def test_a_higher_card_of_the_opening_colour_takes_the_trick_over() -> None:
    game = game_with(["G2", "G6"])
    events = play(game, "G2>1", "G6>1")
    assert TrickTakenOver(0, 1, 0) in events
    assert game.table()[0].holder == 1  # type: ignore[union-attr]


def test_a_lower_card_of_the_opening_colour_does_not_take_over() -> None:
    game = game_with(["G5", "G4"])
    events = play(game, "G5>1", "G4>1")
    assert not any(isinstance(e, TrickTakenOver) for e in events)
    assert game.table()[0].holder == 0  # type: ignore[union-attr]


def test_off_colour_cards_never_take_a_trick() -> None:
    game = game_with(["G1 P1 Y1 B1", "G6 B6 P6 Y6 B5"], 2)
    # fill four slots, then seat 1 adds a high off-colour card
    play(game, "G1>1", "B6>2", "P1>3", "P6>4")
    # no empty slot; seat 0 plays Y1: no yellow trick, so it goes anywhere
    play(game, "Y1>4")
    events = play(game, "Y6>1")  # yellow has no yellow trick either: off-colour on green
    assert not any(isinstance(e, TrickTakenOver) for e in events)
    assert game.table()[0].holder == 0  # type: ignore[union-attr]


def test_holder_taking_over_their_own_trick_changes_nothing() -> None:
    game = game_with(["G2 G6", "Y6"])
    events = play(game, "G2>1", "Y6>2", "G6>1")
    assert not any(isinstance(e, TrickTakenOver) for e in events)
    assert game.table()[0].holder == 0  # type: ignore[union-attr]


# ---------------------------------------------------------------- completing a trick


def test_a_trick_is_complete_at_its_fourth_card_with_two_players() -> None:
    game = game_with(["G2 G1", "G6 G5"], 2)
    events = play(game, "G2>1", "G6>1", "G1>1")
    assert not any(isinstance(e, TrickWon) for e in events)
    events = play(game, "G5>1")
    won = [e for e in events if isinstance(e, TrickWon)]
    assert won == [TrickWon(1, 0, tuple(cards("G2 G6 G1 G5")), 1)]
    assert game.table()[0] is None
    assert game.tricks_won() == (0, 1)


@pytest.mark.parametrize("players", [3, 5])
def test_a_trick_is_complete_at_its_fourth_card_with_more_players(players: int) -> None:
    game = GameState(NAMES[:players], seed=11)
    for p in range(players):
        game.arrange(p, game.vp_set)
    counts = []
    while game.phase is Phase.PLAYING:
        events = game.play(game.legal_moves()[-1])
        counts.extend(len(e.cards) for e in events if isinstance(e, TrickWon))
    assert counts and set(counts) == {4}


def test_completing_a_trick_does_not_change_turn_order() -> None:
    game = game_with(["G2 G1", "G6 G5"], 2)
    play(game, "G2>1", "G6>1", "G1>1", "G5>1")  # seat 1 completes and wins
    assert game.current_player == 0


def test_vp_card_turns_up_on_each_trick_won_cycling_left_middle_right() -> None:
    highs = "G6 G5 G4 B6 B5 B4 P6 P5 P4 Y6 Y5 Y4"
    game = game_with([highs, ""], 2, arrange=[(3, 1, 2), (1, 2, 3)])
    assert game.view(1).face_up == (None, None)
    turned = []
    for c in "GBPY":
        # seat 0 opens high and adds high; seat 1 adds low: seat 0 wins each trick
        for e in play(game, f"{c}6>1", f"{c}1>1", f"{c}5>1", f"{c}2>1"):
            if isinstance(e, VPCardTurned):
                turned.append((e.player, e.position, e.value))
        if c == "G":
            assert game.view(1).face_up == ((0, 3), None)
    assert turned == [(0, 0, 3), (0, 1, 1), (0, 2, 2), (0, 0, 3)]
    assert game.view(1).face_up[0] == (0, 3)


def test_vp_cards_once_face_up_have_been_seen_by_everyone() -> None:
    highs = "G6 G5 G4 B6 B5 B4 P6 P5 P4 Y6 Y5 Y4"
    game = game_with([highs, ""], 2, arrange=[(3, 1, 2), (1, 2, 3)])
    assert game.view(1).vp_seen[0] == (None, None, None)
    play(game, "G6>1", "G1>1", "G5>1", "G2>1")
    assert game.view(1).vp_seen[0] == (3, None, None)
    play(game, "B6>1", "B1>1", "B5>1", "B2>1")
    # the left card is face down again, but everyone saw it
    assert game.view(1).face_up[0] == (1, 1)
    assert game.view(1).vp_seen[0] == (3, 1, None)
    assert game.view(0).vp_seen[1] == (None, None, None)


def test_face_up_vp_card_is_public_and_others_stay_hidden() -> None:
    game = game_with(["G2 G1", "G6 G5"], 2, arrange=[(1, 2, 3), (3, 2, 1)])
    play(game, "G2>1", "G6>1", "G1>1", "G5>1")
    for viewer in (0, 1):
        view = game.view(viewer)
        assert view.face_up == (None, (0, 3))
        assert view.tricks_won == (0, 1)
    assert game.view(0).arrangement == (1, 2, 3)


# ---------------------------------------------------------------- scoring


@pytest.mark.parametrize(
    ("tricks", "scored"),
    [(0, 0), (1, 30), (2, 10), (3, 20), (4, 30), (5, 10), (6, 20), (7, 30), (12, 20)],
)
def test_score_is_vp_card_at_position_tricks_minus_one_mod_three(tricks: int, scored: int) -> None:
    assert vp_scored(tricks, (30, 10, 20)) == scored


def test_round_scores_use_tricks_won_and_ignore_incomplete_tricks() -> None:
    game = game_with([], 2, arrange=[(3, 1, 2), (2, 3, 1)])
    events = _finish_round(game)
    scored = [e for e in events if isinstance(e, RoundScored)]
    assert len(scored) == 1
    tricks = scored[0].tricks
    assert sum(tricks) <= 6
    assert scored[0].scores == (vp_scored(tricks[0], (3, 1, 2)), vp_scored(tricks[1], (2, 3, 1)))
    assert game.phase is Phase.ROUND_OVER
    assert game.view(0).revealed == ((3, 1, 2), (2, 3, 1))


def test_game_has_three_rounds_then_game_over() -> None:
    game = GameState(NAMES[:2], seed=4)
    for r in range(3):
        for p in range(2):
            game.arrange(p, game.vp_set)
        events = _finish_round(game)
        if r < 2:
            assert game.phase is Phase.ROUND_OVER
            game.next_chapter()
    assert game.phase is Phase.GAME_OVER
    assert any(isinstance(e, GameOver) for e in events)
    with pytest.raises(IllegalMoveError, match="game is over"):
        game.next_chapter()
    assert all(t <= 18 for t in game.totals())


def test_highest_total_wins() -> None:
    outcome = decide_winners([(1, 3), (2, 2), (3, 6)])
    assert outcome.totals == (6, 11) and outcome.winners == (1,)
    assert outcome.tie_break is TieBreak.NONE


def test_tie_is_broken_by_round_three() -> None:
    outcome = decide_winners([(1, 4, 0), (2, 2, 0), (6, 3, 0)])
    assert outcome.totals == (9, 9, 0) and outcome.winners == (0,)
    assert outcome.tie_break is TieBreak.ROUND3
    assert "round 3" in outcome.explain(["Ann", "Bob", "Cid"])


def test_tie_is_then_broken_by_round_two() -> None:
    outcome = decide_winners([(3, 1), (2, 4), (3, 3)])
    assert outcome.winners == (1,) and outcome.tie_break is TieBreak.ROUND2


def test_still_tied_players_share_the_victory() -> None:
    outcome = decide_winners([(1, 1, 2), (4, 4, 2), (6, 6, 3)])
    assert outcome.winners == (0, 1) and outcome.tie_break is TieBreak.SHARED
    assert "share the victory" in outcome.explain(["Ann", "Bob", "Cid"])


# ---------------------------------------------------------------- rulebook examples


def _example_table() -> GameState:
    """Rulebook example 1: A opened G8 and still holds it, B opened G7, C took a Y1
    trick over with Y4, one slot is empty. Seats: A=0, B=1, C=2, D=3."""
    game = game_with(["G8 G3 P6", "G7 G1 B9", "G2 Y4", "Y1 P5"], 4)
    play(game, "G8>1", "G7>2", "G2>1", "Y1>3", "G3>1", "G1>2", "Y4>3")
    table = game.table()
    assert table[0].holder == 0 and table[1].holder == 1 and table[2].holder == 2  # type: ignore[union-attr]
    assert table[3] is None
    return game


def test_rulebook_example_1_where_cards_may_go() -> None:
    game = _example_table()
    assert game.legal_slots(Card.parse("G10")) == (0, 1, 3)
    assert game.legal_slots(Card.parse("Y9")) == (2, 3)
    assert game.legal_slots(Card.parse("P9")) == (3,)


def test_rulebook_example_2_off_colour_fourth_card_goes_to_the_holder() -> None:
    game = _example_table()
    play(game, "P5>4", "P6>4")  # D opens the last slot in purple; A plays elsewhere
    assert game.legal_slots(Card.parse("B9")) == (0, 1, 2, 3)
    events = play(game, "B9>1")
    assert TrickWon(0, 0, tuple(cards("G8 G2 G3 B9")), 1) in events
    assert game.table()[0] is None


def test_rulebook_example_3_four_tricks_score_left_five_score_middle() -> None:
    assert vp_scored(4, (2, 3, 1)) == 2
    assert vp_scored(5, (2, 3, 1)) == 3
    # and in real rounds, as the engine scores them
    seen = set()
    for seed in range(200):
        game = GameState(NAMES[:3], seed=seed)
        for p in range(3):
            game.arrange(p, (2, 3, 1))
        events = _finish_round(game)
        rs = next(e for e in events if isinstance(e, RoundScored))
        for t, s in zip(rs.tricks, rs.scores):
            if t in (4, 5):
                assert s == {4: 2, 5: 3}[t]
                seen.add(t)
        if seen == {4, 5}:
            break
    assert seen == {4, 5}


# ---------------------------------------------------------------- helpers


def _finish_round(game: GameState) -> list:
    events: list = []
    while game.phase is Phase.PLAYING:
        events.extend(game.play(game.legal_moves()[0]))
    return events


def test_distinct_slots_keep_one_empty_slot_and_every_open_trick() -> None:
    from monstertrick.games.monster_trick.engine import distinct_slots

    # Slots 1 and 3 are empty: opening in either is the same move; tricks 0 and 2 stay.
    assert distinct_slots((0, 1, 2, 3), {1, 3}) == (0, 1, 2)
    assert distinct_slots((1, 3), {1, 3}) == (1,)
    assert distinct_slots((0, 2), {1, 3}) == (0, 2)
    assert distinct_slots((), {0, 1, 2, 3}) == ()


def test_cards_with_no_card_left_to_compare_between_them_are_interchangeable() -> None:
    from monstertrick.games.monster_trick.engine import interchangeable

    g2, g4, g5, g6, g9, b12 = cards("G2 G4 G5 G6 G9 B12")
    g3, g7, g8 = cards("G3 G7 G8")
    # G5 and G6 touch; G7 and G8 may still be in play, so G9 stands apart.
    assert interchangeable([g9, g6, g5], set()) == {g5: g5, g6: g5, g9: g9}
    # Once G7 and G8 can never be compared again, the three are one card.
    assert interchangeable([g5, g6, g9], {g7, g8}) == {g5: g5, g6: g5, g9: g5}
    # Only cards of one colour merge, however close their values.
    assert interchangeable([g2, g4, b12], {g3}) == {g2: g2, g4: g2, b12: b12}


def test_a_card_between_is_in_play_while_it_is_the_highest_of_its_trick() -> None:
    """Ann holds G2 and G4 while Bob's G3 leads a green trick (G4 would take it over, G2
    would not); once Bob's G5 takes the trick over, G3 is never compared again."""
    game = game_with(["G2 G4 B1 B2", "G3 G5 G1 G6"], first_player=1)
    g2, g4 = cards("G2 G4")

    def ann() -> dict:
        return game.view(0).interchangeable_cards()

    assert ann()[g4] == g4, "G3 is in Bob's hand"
    play(game, "G3>1")
    assert ann()[g4] == g4, "G3 is the highest card of the green trick"
    play(game, "B1>2", "G5>1")
    assert ann()[g4] == g2
