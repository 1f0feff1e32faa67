"""Learn from your mistakes (:mod:`monstertrick.mistakes`) over every game and the toy
game: each marked decision of a player is set up again as it stood, from that player's
view; a new choice is answered with the review's own chances (the same choice, better or
worse, or not tried), and the review's best comes with its reason."""

from __future__ import annotations

from typing import Any

from monstertrick.mistakes import answer, best_words, position, retries
from monstertrick.review import Game, Review, Settings, review

from . import toy

TINY = Settings(seed=1, playouts=3, luck_samples=1)


def marked_review(key: str) -> tuple[Game, Review, int]:
    """A reviewed game of ``easy`` players with a seat that has marked decisions."""
    from monstertrick.games import GAMES

    door = GAMES[key].load()
    game_entry = GAMES[key]
    names = [f"P{i}" for i in range(min(max(game_entry.min_players, 3), game_entry.max_players))]
    for seed in range(4, 40):
        state = door.new_state(names, seed, 0)
        door.play_to_end(state, [door.make_bot("easy")] * len(names), seed)
        game = Game(door.to_record(state))
        result = review(game, range(len(names)), TINY)
        seats = [
            s for s in range(len(names)) if any(d.seat == s and d.mark for d in result.decisions)
        ]
        if seats:
            return game, result, seats[0]
    raise AssertionError("no game of easy players with a marked decision")


def test_a_marked_decision_is_set_up_again_from_its_players_view(game_key: str) -> None:
    game, result, seat = marked_review(game_key)
    todo = retries(game, result, seat)
    assert todo and [r.reviewed.index for r in todo] == [
        d.index for d in result.decisions if d.seat == seat and d.mark
    ]
    door = game.door
    for retry in todo:
        state = position(game, retry)
        assert door.to_decide(state) == (seat, retry.decision.task) or seat in door.deciders(state)
        assert door.view(state, seat) == retry.view  # what the player saw, no more
        assert retry.decision.action in door.view(state, seat).legal_actions


def test_a_choice_made_again_is_answered_with_the_reviews_chances(game_key: str) -> None:
    game, result, seat = marked_review(game_key)
    for retry in retries(game, result, seat):
        d = retry.reviewed
        chosen = d.options[d.choice]
        same = answer(game, retry, retry.decision.action)
        assert same.kind == "same" and same.before == chosen.chance
        legal = {str(a): a for a in retry.view.legal_actions}
        best = d.options[0]
        better = answer(game, retry, legal[best.action])
        pct = f"{round(best.chance * 100)}%"
        assert better.chance == best.chance and pct in better.text
        assert better.kind in ("better", "even")  # a marked choice gave up some chance
        if better.kind == "better":
            assert better.text.startswith(f"Better: {pct} instead of {round(chosen.chance * 100)}%")
        tried = {game.same(retry.view, legal[o.action]) for o in d.options if o.action in legal}
        untried = [a for a in retry.view.legal_actions if game.same(retry.view, a) not in tried]
        if untried:
            assert answer(game, retry, untried[0]).kind == "untried"
        words = best_words(retry)
        assert words.startswith(f"The review's best: {best.action}, {pct}")
        if game_key != toy.KEY or d.reason:
            assert d.reason and f"Why: {d.reason}" in words


def test_the_finished_game_is_left_as_it_was(game_key: str) -> None:
    game, result, seat = marked_review(game_key)
    before: Any = game.door.to_record(game.final)
    for retry in retries(game, result, seat):
        position(game, retry).push(retry.view.legal_actions[0], None, seat)
    assert game.door.to_record(game.final) == before
