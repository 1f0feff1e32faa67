"""Invariants over random games of 2-5 players (hypothesis)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from monstertrick.games.monster_trick.engine import (
    VP_SETS,
    Card,
    GameState,
    Phase,
    RoundScored,
    TrickWon,
    deck,
)

NAMES = ["Ann", "Bob", "Cid", "Dee", "Eve"]

games = st.tuples(
    st.integers(min_value=2, max_value=5),
    st.integers(min_value=0, max_value=2**32),
    st.integers(min_value=0, max_value=4),
)


def _play_game(n: int, seed: int, first: int, check) -> GameState:
    """Play a whole game with random arrangements and moves, calling ``check`` after
    every step with the game and the events of that step."""
    rng = random.Random(seed)
    game = GameState(NAMES[:n], seed=seed, first_player=first % n)
    while True:
        for p in rng.sample(range(n), n):
            check(game, game.arrange(p, rng.choice(game.legal_arrangements())))
        while game.phase is Phase.PLAYING:
            moves = game.legal_moves()
            assert moves, "a player always has a legal move"
            check(game, game.play(rng.choice(moves)))
        if game.phase is Phase.GAME_OVER:
            return game
        game.next_chapter()


@settings(max_examples=60, deadline=None)
@given(games)
def test_every_card_is_accounted_for_at_every_step(params) -> None:
    n, seed, first = params
    won: list[Card] = []

    def check(game: GameState, events) -> None:
        if game.phase is Phase.ARRANGING:
            won.clear()  # a new round: the whole deck is dealt again
        won.extend(c for e in events if isinstance(e, TrickWon) for c in e.cards)
        hands = [c for p in range(n) for c in game.hand(p)]
        table = [c for t in game.table() if t for c in t.cards]
        assert sorted(hands + table + won) == deck(n)

    _play_game(n, seed, first, check)


@settings(max_examples=60, deadline=None)
@given(games)
def test_holder_is_the_player_of_the_highest_opening_colour_card(params) -> None:
    n, seed, first = params

    def check(game: GameState, events) -> None:
        if game.phase is not Phase.PLAYING:
            return
        view = game.view(0)
        for trick in view.table:
            if trick is None:
                continue
            assert 1 <= trick.count <= 3, "a trick with 4 cards is complete and leaves the table"
            assert trick.cards[0].colour is trick.lead
            best = max((c for c in trick.cards if c.colour is trick.lead), key=lambda c: c.value)
            player = next(pc.player for pc in view.played if pc.card == best)
            assert trick.holder == player

    _play_game(n, seed, first, check)


@settings(max_examples=60, deadline=None)
@given(games)
def test_completed_tricks_have_four_cards_and_scores_come_from_the_vp_set(params) -> None:
    n, seed, first = params
    rounds: list[RoundScored] = []

    def check(game: GameState, events) -> None:
        for e in events:
            if isinstance(e, TrickWon):
                assert len(e.cards) == 4
            if isinstance(e, RoundScored):
                rounds.append(e)
                assert all(s == 0 or s in VP_SETS[e.round - 1] for s in e.scores)
                assert all((s == 0) == (t == 0) for t, s in zip(e.tricks, e.scores))
                assert sum(e.tricks) <= 12 * n // 4

    game = _play_game(n, seed, first, check)
    assert [r.round for r in rounds] == [1, 2, 3]
    outcome = game.outcome()
    assert outcome is not None
    assert all(0 <= t <= 18 for t in outcome.totals)
    assert outcome.totals == tuple(sum(r.scores[p] for r in rounds) for p in range(n))


@settings(max_examples=40, deadline=None)
@given(games)
def test_views_show_only_what_the_player_may_see(params) -> None:
    n, seed, first = params

    def check(game: GameState, events) -> None:
        for p in range(n):
            view = game.view(p)
            assert view.hand == game.hand(p)
            assert view.arrangement == game.arrangement(p)
            assert view.hand_sizes == tuple(len(game.hand(q)) for q in range(n))
            if game.phase in (Phase.ARRANGING, Phase.PLAYING):
                assert view.revealed is None
                for q in range(n):
                    face = view.face_up[q]
                    if face is not None:
                        arr = game.arrangement(q)
                        assert arr is not None and arr[face[0]] == face[1]
                    seen = view.vp_seen[q]
                    shown = min(view.tricks_won[q], 3)
                    assert all((v is not None) == (i < shown) for i, v in enumerate(seen))
                    if shown:
                        assert seen[:shown] == game.arrangement(q)[:shown]  # type: ignore[index]
            assert view.legal_moves == (
                tuple(game.legal_moves()) if game.current_player == p else ()
            )
        # a view never holds another player's cards: remove one's own hand and what
        # is public, and nothing of the others' hands remains
        v = game.view(0)
        others = {c for q in range(1, n) for c in game.hand(q)}
        visible = set(v.hand) | {c for t in v.table if t for c in t.cards}
        visible |= {pc.card for pc in v.played} | {m.card for m in v.legal_moves}
        assert not (visible & others)

    _play_game(n, seed, first, check)


@settings(max_examples=40, deadline=None)
@given(games)
def test_distinct_moves_merge_only_the_interchangeable_empty_slots(params) -> None:
    """The search's fast path: every legal move is kept, except that a card opening a
    trick does so once, in the first empty slot, since empty slots are interchangeable;
    and the bots' own merge from a view gives the same moves."""
    from monstertrick.games.monster_trick.bots.tactics import distinct_moves

    n, seed, first = params

    def check(game: GameState, events) -> None:
        if game.phase is not Phase.PLAYING:
            assert game.distinct_moves() == []
            return
        legal = game.legal_moves()
        merged = game.distinct_moves()
        empty = [s for s, t in enumerate(game.table()) if t is None]
        expected = [m for m in legal if m.slot not in empty[1:]]
        assert merged == expected
        assert {m.card for m in merged} == {m.card for m in legal}
        assert distinct_moves(game.view(game.current_player)) == merged

    _play_game(n, seed, first, check)


@settings(max_examples=40, deadline=None)
@given(games)
def test_interchangeable_cards_lead_to_the_same_game(params) -> None:
    """Whichever of two interchangeable cards a player plays, the game goes on the same:
    the same moves with the two cards swapped win the same tricks and score the same."""
    from monstertrick.games.monster_trick.engine import Move

    n, seed, first = params
    rng = random.Random(seed)
    game = GameState(NAMES[:n], seed=seed, first_player=first % n)
    for p in range(n):
        game.arrange(p, rng.choice(game.legal_arrangements()))
    pairs = 0
    while game.phase is Phase.PLAYING:
        mover = game.current_player
        assert mover is not None
        same = game.view(mover).interchangeable_cards()
        for card, rep in same.items():
            if card == rep:
                continue
            pairs += 1
            swap = {card: rep, rep: card}
            slot = rng.choice(game.legal_slots(card))
            a, b = game.clone(), game.clone()
            a.play(Move.of(card, slot))
            b.play(Move.of(rep, slot))
            while a.phase is Phase.PLAYING:
                m = rng.choice(a.legal_moves())
                a.play(m)
                b.play(Move.of(swap.get(m.card, m.card), m.slot))
                assert a.tricks_won() == b.tricks_won()
                assert [t and t.holder for t in a.table()] == [t and t.holder for t in b.table()]
            assert a.round_scores() == b.round_scores()
            break
        game.play(rng.choice(game.legal_moves()))
    assert pairs > 0 or n == 2
