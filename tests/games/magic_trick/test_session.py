"""Magic Trick through the headless session: bots to the end, a save resumed, take-back
of a play and of a sleeve step, and nothing in a hand ever shown."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from monstertrick.games import GAMES
from monstertrick.games.magic_trick import (
    GAME,
    Action,
    MagicTrickState,
    Phase,
    to_record,
)
from monstertrick.saves import SaveStore, read_save
from monstertrick.seating import Seat, Seating
from monstertrick.session import (
    BotTurn,
    GameEnd,
    Handoff,
    Played,
    RoundOver,
    Session,
    TakeBackRefused,
    Turn,
)

from .helpers import card_names, cards_in, in_hand_cards

BOTS = ("easy", "medium", "easy", "medium")


def seating(levels: tuple[str | None, ...], first: int = 0) -> Seating:
    return Seating(tuple(Seat(f"P{i}", lvl) for i, lvl in enumerate(levels)), first)


def bot_step(session: Session) -> bool:
    """One decision of an all-bot game, with the pauses before it seen; False at the end."""
    while not isinstance(step := session.next_step(), GameEnd):
        if isinstance(step, BotTurn):
            session.bot_decision(step.seat)
            return True
        assert isinstance(step, (Played, RoundOver))
        session.done()
    return False


def decisions(session: Session, limit: int | None = None) -> int:
    n = 0
    while (limit is None or n < limit) and bot_step(session):
        n += 1
    return n


def test_the_registry_loads_this_door() -> None:
    assert GAMES["magic-trick"].load() is GAME


def test_an_all_bot_game_plays_to_the_end() -> None:
    session = Session.start(seating(BOTS, first=2), seed=4, game="magic-trick")
    session.play_to_end()
    state: MagicTrickState = session.state
    assert not session.running and state.is_over()
    assert len(state.results()) == 4
    outcome = state.outcome()
    assert outcome is not None and outcome.scores == state.totals()
    assert isinstance(session.next_step(), GameEnd)
    # Hand 4's events stay in the log until the game is closed.
    assert session.log_round == 4 and session.log


def test_tasks_are_play_and_the_sleeve_step() -> None:
    session = Session.start(seating(BOTS), seed=8, game="magic-trick")
    tasks = set()
    while not isinstance(step := session.next_step(), GameEnd):
        if isinstance(step, BotTurn):
            tasks.add(step.task)
            phase = session.state.phase
            assert step.task == ("sleeve" if phase is Phase.SLEEVE else "play")
            session.bot_decision(step.seat)
        else:
            session.done()
    assert tasks == {"play", "sleeve"}


def test_positions_change_with_every_decision() -> None:
    session = Session.start(seating(BOTS), seed=12, game="magic-trick")
    seen = [session.position]
    while bot_step(session):
        seen.append(session.position)
    assert len(seen) == len(set(seen))


def test_the_round_log_rebuilds_the_sessions_log_at_every_decision() -> None:
    session = Session.start(seating(BOTS), seed=21, game="magic-trick")
    checked = 0
    while bot_step(session):
        if session.state.phase in (Phase.PLAY, Phase.SLEEVE):
            assert GAME.round_log(session.state) == (session.log, session.seen)
            checked += 1
    assert checked > 200


# Seed 11 from seat 1: a sleeve step pending after decisions 1 and 37, hand 1 over after
# 64 (its end not seen yet), hands 2 and 3 under way after 80 and 151.
@pytest.mark.parametrize("stop", [1, 2, 37, 64, 80, 151])
def test_a_resumed_game_plays_on_exactly_like_an_uninterrupted_one(
    tmp_path: Path, stop: int
) -> None:
    straight = Session.start(seating(BOTS, first=1), seed=11, game="magic-trick")
    total = decisions(straight)
    assert total > stop
    store = SaveStore(tmp_path)
    first = Session.start(seating(BOTS, first=1), seed=11, store=store, game="magic-trick")
    decisions(first, stop)
    assert first.save_path is not None
    doc = json.loads(first.save_path.read_text())
    assert doc["game"] == "magic-trick"
    store.unlock(first.save_path)  # the first window is closed
    saved = read_save(first.save_path)
    assert saved.game_key == "magic-trick"
    assert to_record(saved.game) == to_record(first.state)
    resumed = Session.resume(saved, store)
    assert resumed.game_key == "magic-trick"
    assert resumed.position == first.position
    if first.state.phase is Phase.HAND_OVER:
        assert resumed.next_step() == RoundOver(1)  # the hand's end is shown again
    if first.state.phase in (Phase.PLAY, Phase.SLEEVE):
        # The public log of the hand is rebuilt as the table saw it.
        assert resumed.log == first.log and resumed.seen == first.seen
    assert decisions(resumed) == total - stop
    assert resumed.state.is_over()
    assert to_record(resumed.state) == to_record(straight.state)
    assert resumed.state == straight.state
    finished, damaged = store.finished()
    assert damaged == [] and [g.game_key for g in finished] == ["magic-trick"]


# ---------------------------------------------------------------------------- take-back


def person_turn(session: Session, seat: int = 0) -> Turn:
    """Let the bots play until the person at ``seat`` has a decision in private."""
    while True:
        step = session.next_step()
        if isinstance(step, Turn):
            assert step.seat == seat
            return step
        if isinstance(step, Handoff):
            session.pass_keyboard(step.seat)
        elif isinstance(step, BotTurn):
            session.bot_decision(step.seat)
        elif isinstance(step, GameEnd):
            raise AssertionError("the game ended before the person's turn")
        else:
            session.done()


def test_no_handoff_even_between_four_people() -> None:
    """Nothing is private: a person's turn comes with no handoff, whoever played before."""
    session = Session.start(seating((None, None, None, None)), seed=6, game="magic-trick")
    turns = 0
    while turns < 40:
        step = session.next_step()
        assert not isinstance(step, Handoff)
        if isinstance(step, Turn):
            session.apply(step.seat, session.view(step.seat).legal_actions[0])
            turns += 1
        else:
            session.done()
    assert session.keyboard is not None  # the last person to decide


def test_no_take_back_everyone_saw_the_card(tmp_path: Path) -> None:
    """A played card's value is seen by everyone at once, and so is a sleeved one's:
    neither can go back into a hand."""
    store = SaveStore(tmp_path)
    session = Session.start(
        seating((None, "easy", "medium", "easy")), seed=6, store=store, game="magic-trick"
    )
    step = person_turn(session)
    assert step.task == "play"
    session.apply(0, session.view(0).legal_actions[-1])
    played = session.next_step()
    assert isinstance(played, Played) and not played.private
    assert not session.can_take_back(0)
    with pytest.raises(TakeBackRefused):
        session.take_back(0)
    session.done()
    step = person_turn(session)
    assert step.task == "sleeve"
    session.apply(0, session.view(0).legal_actions[0])
    assert not session.can_take_back(0)
    assert session.state.sleeved(0) is not None


def test_a_wrong_decision_is_refused_in_words_and_changes_nothing() -> None:
    from monstertrick.errors import IllegalMoveError

    session = Session.start(seating((None, "easy", "easy", "easy")), seed=3, game="magic-trick")
    person_turn(session)
    before = to_record(session.state)
    with pytest.raises(IllegalMoveError, match="sleeve"):
        session.apply(0, Action.sleeve(0))  # sleeving comes only after a play
    assert to_record(session.state) == before
    assert isinstance(session.next_step(), Turn)


# ---------------------------------------------------------------------------- leaks


def check_nothing_in_a_hand_shows(session: Session) -> None:
    state: MagicTrickState = session.state
    hidden = in_hand_cards(state)
    hidden_names = {str(c) for c in hidden}
    views = [session.view(p) for p in range(4)] + [session.public_view()]
    for view in views:
        # The earlier hands are all face up and hold the same 56 cards: leave them out.
        this_hand = dataclasses.replace(view, past=())
        assert not set(cards_in(this_hand)) & hidden
        assert not card_names(repr(this_hand)) & hidden_names
    for event in session.log:
        assert not card_names(event.describe(session.names)) & hidden_names
    step = session.next_step()
    if isinstance(step, Played):
        for event in step.events:
            assert not card_names(event.describe(session.names)) & hidden_names


@pytest.mark.parametrize("seed", [1, 2])
def test_no_view_and_no_logged_event_shows_a_card_in_a_hand(seed: int) -> None:
    session = Session.start(seating(BOTS, first=seed % 4), seed=seed, game="magic-trick")
    checks = 0
    while not isinstance(step := session.next_step(), GameEnd):
        check_nothing_in_a_hand_shows(session)
        checks += 1
        if isinstance(step, BotTurn):
            session.bot_decision(step.seat)
        else:
            session.done()
    assert checks > 4 * 52 * 2


def test_a_resumed_log_shows_no_card_in_a_hand(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    first = Session.start(seating(BOTS), seed=31, store=store, game="magic-trick")
    decisions(first, 70)
    assert first.save_path is not None
    store.unlock(first.save_path)
    resumed = Session.resume(read_save(first.save_path), store)
    assert resumed.log
    check_nothing_in_a_hand_shows(resumed)
