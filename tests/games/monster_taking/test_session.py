"""Monster Taking at one keyboard (:class:`~monstertrick.session.Session`): what the table
is asked to do, and what it is not."""

from __future__ import annotations

import random

from monstertrick.games.monster_taking import Pay, Play
from monstertrick.seating import parse_seats
from monstertrick.session import GameEnd, Handoff, Played, RoundOver, Session, Turn

GAME = "monster-taking"


def test_a_payment_from_an_empty_hand_is_made_by_itself() -> None:
    """The loser of a trick who played their last card has nothing to pay and nothing to
    choose (MONSTER_TAKING.md: they pay from what is left after playing; with no card
    left the game is over): no handoff and no screen asks them, the game's end comes
    next, and the record keeps the payment of nothing."""
    ended_so = taken_back = 0
    for seed in range(6):
        session = Session.start(parse_seats(["Ann", "Bob"], game=GAME), seed, game=GAME)
        rng = random.Random(seed)
        while not isinstance(step := session.next_step(), GameEnd):
            if isinstance(step, Handoff):
                assert step.task != "pay" or session.state.hand(step.seat), "asked to pay"
                session.pass_keyboard(step.seat)
            elif isinstance(step, RoundOver):
                last = session.state.log[-1].tricks[-1]
                assert last.winner is not None and last.pay is not None
                if last.pay == () and not session.state.hand(1 - last.winner):
                    ended_so += 1  # (the loser's hand was empty when it was to pay)
                session.done()
            elif isinstance(step, Played):
                session.done()
            else:
                assert isinstance(step, Turn)
                view = session.view(step.seat)
                assert step.task != "pay" or view.hand, "asked to pay from an empty hand"
                action = rng.choice(list(view.legal_actions))
                assert not (isinstance(action, Pay) and not view.hand)
                before = session.rules.to_record(session.state)
                session.apply(step.seat, action)
                if session.state.chapter_over() and isinstance(action, Play):
                    # (A card ends a game only with the payment made by itself after it.)
                    # Taken back, the card goes back with that payment.
                    assert session.can_take_back(step.seat)
                    session.take_back(step.seat)
                    assert session.rules.to_record(session.state) == before
                    assert session.next_step() == step
                    session.apply(step.seat, action)
                    taken_back += 1
    assert ended_so >= 2  # (the case is met, and each time made by itself)
    assert taken_back >= 2
