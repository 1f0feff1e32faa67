"""Learn from your mistakes in the app: from a review, ``x`` sets each marked decision of
a player up again on the game's own turn screen, from that player's view; choosing again
is answered with the review's figures, ``b`` shows the review's best with its reason,
and nothing of the finished game changes."""

from __future__ import annotations

from pathlib import Path

import pytest

from monstertrick.games import GAMES
from monstertrick.mistakes import answer, best_words, retries
from monstertrick.review import Game
from monstertrick.tui.messages import Decided
from monstertrick.tui.screens.base import DecisionScreen
from monstertrick.tui.screens.retry import RetryAnswer, RetryNotice
from monstertrick.tui.screens.review import ReviewScreen

from .helpers import make_match, screen_text
from .test_review import app_with, record_of, reviewed


@pytest.mark.parametrize("size", [(80, 24)])
async def test_x_in_a_review_sets_a_marked_decision_up_again_and_answers_with_its_figures(
    monstertrick_home: Path, size: tuple[int, int]
) -> None:
    session = make_match(("Ann", "Bob"), 3, rounds_done=3)
    record = record_of(session)
    app = app_with(session)
    async with app.run_test(size=size) as pilot:
        await pilot.press("r")
        screen = await reviewed(pilot)
        assert isinstance(screen, ReviewScreen) and screen.review is not None
        seat = screen.retry_seat()
        assert seat is not None
        game = Game(record)
        todo = retries(game, screen.review, seat)
        assert todo and all(r.reviewed.mark for r in todo)
        await pilot.press("x")
        await pilot.pause()
        notice = app.screen
        assert isinstance(notice, RetryNotice)
        name = session.names[seat]
        assert f"only {name} should look" in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        turn = app.screen
        assert isinstance(turn, DecisionScreen) and turn.seat == seat
        # The turn screen shows the player's own view of the decision, as it was.
        assert turn.session.view(seat) == todo[0].view  # type: ignore[attr-defined]
        legal = {str(a): a for a in todo[0].view.legal_actions}
        best = legal[todo[0].reviewed.options[0].action]
        turn.post_message(Decided(seat, best))
        await pilot.pause()
        reply = app.screen
        assert isinstance(reply, RetryAnswer)
        expected = answer(game, todo[0], best)
        assert expected.kind in ("better", "even") and expected.text in screen_text(app)
        assert "instead of" in expected.text or "As good" in expected.text
        await pilot.press("b")
        await pilot.pause()
        assert best_words(todo[0]).split(" Why:")[0] in screen_text(app)
        assert "Why:" in screen_text(app)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ReviewScreen)
    # The finished game is as it was.
    assert GAMES[session.game_key].load().to_record(session.state) == record


async def test_escape_on_the_turn_screen_goes_back_to_the_review(monstertrick_home: Path) -> None:
    app = app_with(make_match(("Ann", "Bob"), 3, rounds_done=3))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        await reviewed(pilot)
        await pilot.press("x")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, DecisionScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ReviewScreen)


async def test_a_refused_choice_is_said_and_nothing_answers_it(monstertrick_home: Path) -> None:
    app = app_with(make_match(("Ann", "Bob"), 3, rounds_done=3))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        screen = await reviewed(pilot)
        seat = screen.retry_seat()
        await pilot.press("x")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        turn = app.screen
        assert isinstance(turn, DecisionScreen) and seat is not None
        from monstertrick.games.monster_trick.engine import Move

        view = turn.session.view(seat)  # type: ignore[attr-defined]
        illegal = [
            Move.of(c, s)
            for c in view.hand
            for s in range(4)
            if Move.of(c, s) not in view.legal_moves
        ]
        turn.post_message(Decided(1 - seat, view.legal_moves[0]))  # not theirs: ignored
        await pilot.pause()
        assert app.screen is turn
        assert illegal  # (this position has slots a card may not go to)
        turn.post_message(Decided(seat, illegal[0]))
        await pilot.pause()
        assert app.screen is turn  # refused on the turn screen: no answer


@pytest.mark.parametrize("key", ["monster-trick", "magic-trick", "monster-taking"])
@pytest.mark.slow
async def test_every_game_sets_its_marked_decisions_up_again(
    monstertrick_home: Path, key: str
) -> None:
    from monstertrick.seating import parse_seats
    from monstertrick.session import Session

    count = {"monster-trick": 3, "magic-trick": 4, "monster-taking": 2}[key]
    seats = parse_seats([f"{n}:easy" for n in ("Ann", "Bob", "Cid", "Dee")[:count]])
    session = Session.start(seats, 5, game=key)
    session.play_to_end()
    app = app_with(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        screen = await reviewed(pilot)
        seat = screen.retry_seat()
        assert seat is not None and screen.review is not None
        game = Game(record_of(session))
        first = retries(game, screen.review, seat)[0]
        await pilot.press("x")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        turn = app.screen
        assert isinstance(turn, DecisionScreen) and turn.seat == seat
        assert turn.session.view(seat) == first.view  # type: ignore[attr-defined]
        # No hint while choosing again (it would give the answer away): not offered on
        # the key bar, and t opens nothing.
        assert "Hint" not in screen_text(app)
        assert not turn.check_action("hint", ())
        await pilot.press("t")
        await pilot.pause()
        assert turn.panel is None
        turn.post_message(Decided(seat, first.decision.action))
        await pilot.pause()
        assert isinstance(app.screen, RetryAnswer)
        assert "The same choice as in the game" in screen_text(app)


async def test_names_that_look_like_markup_stay_as_typed(monstertrick_home: Path) -> None:
    from .test_names_are_data import HOSTILE

    session = make_match(list(HOSTILE), 3, rounds_done=3)
    app = app_with(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        screen = await reviewed(pilot)
        seat = screen.retry_seat()
        assert seat is not None
        await pilot.press("x")
        await pilot.pause()
        assert isinstance(app.screen, RetryNotice)
        assert f"only {HOSTILE[seat]} should look" in screen_text(app)
