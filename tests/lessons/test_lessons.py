"""The lessons of every game, through the one lesson runner (no screen)."""

from __future__ import annotations

from pathlib import Path

import pytest

from monstertrick.cli import main
from monstertrick.games import GAMES
from monstertrick.lessons import (
    LEARNER,
    Lesson,
    LessonSession,
    Progress,
    find_lesson,
    learner_name,
    lessons_of,
    stars_for,
)
from monstertrick.saves import SaveStore
from monstertrick.seating import parse_seats
from monstertrick.session import BotTurn, GameEnd, Handoff, Session, Turn

EVERY_LESSON = [
    pytest.param(game, lesson, id=f"{game}/{lesson.key}")
    for game in GAMES
    for lesson in lessons_of(game)
]


def test_every_game_has_three_to_six_lessons() -> None:
    for game in GAMES:
        lessons = lessons_of(game)
        assert 3 <= len(lessons) <= 6, game
        assert len({lesson.key for lesson in lessons}) == len(lessons)


@pytest.mark.parametrize(("game", "lesson"), EVERY_LESSON)
def test_every_lesson_played_by_its_taught_moves_meets_its_goal(game: str, lesson: Lesson) -> None:
    session = LessonSession.begin(game, lesson)
    assert not session.goal_met()
    for step in lesson.steps:
        assert session.play_to_learner() == step
        view = session.view(session.learner)
        legal = {str(a) for a in view.legal_actions}
        assert set(step.accept) <= legal, "the lesson accepts only moves the rules allow"
        answer = session.try_move(step.accept[0])
        assert answer.kind == "taught"
    assert session.finished
    assert session.goal_met()
    assert session.stars == 3


@pytest.mark.parametrize(("game", "lesson"), EVERY_LESSON)
def test_a_legal_move_that_is_not_the_lessons_is_refused_with_its_sentence(
    game: str, lesson: Lesson
) -> None:
    session = LessonSession.begin(game, lesson)
    step = session.play_to_learner()
    assert step is not None
    view = session.view(session.learner)
    others = [a for a in view.legal_actions if str(a) not in step.accept]
    if not others:
        # A lesson of a move the rules leave no legal alternative to (a payment, a suit
        # to follow): every legal move is the lesson's, and only the rules refuse.
        assert set(step.accept) == {str(a) for a in view.legal_actions}
        return
    before = session.rules.position(session.state)
    answer = session.try_move(str(others[0]))
    assert (answer.kind, answer.text) == ("other", step.other)
    assert session.rules.position(session.state) == before, "nothing was played"
    assert not session.finished
    assert session.try_move(step.accept[-1]).kind == "taught"
    assert session.stars == 2


def test_an_illegal_move_is_refused_with_the_rule() -> None:
    lesson = find_lesson("monster-trick", "take-over")
    session = LessonSession.begin("monster-trick", lesson)
    session.play_to_learner()
    view = session.view(session.learner)
    # G3 on trick 1 (purple): green has trick 2 of its own colour.
    assert "G3→1" not in {str(a) for a in view.legal_actions}
    expected = session.refusal(session.learner, session.rules.parse_action("G3→1"))
    assert expected is not None
    answer = session.try_move("G3→1")
    assert (answer.kind, answer.text) == ("illegal", expected)
    assert session.try_move("this is no move").kind == "illegal"
    # (text that names no move is no move tried, as a slip of the keys in the lines)
    assert session.tries == 1 and session.step == 0


def test_stars_by_par() -> None:
    assert [stars_for(t, 1) for t in (1, 2, 3, 4, 9)] == [3, 2, 2, 1, 1]
    assert [stars_for(t, 2) for t in (2, 3, 4, 5)] == [3, 2, 2, 1]


def test_the_lesson_shows_only_the_learners_view() -> None:
    lesson = find_lesson("monster-trick", "open-a-trick")
    session = LessonSession.begin("monster-trick", lesson)
    session.play_to_learner()
    view = session.view(session.learner)
    assert view.viewer == session.learner
    # the computer players' hands and rows are not in the learner's view
    assert not hasattr(view, "hands")


def test_progress_saved_and_read_back(tmp_path: Path) -> None:
    lesson, other = lessons_of("magic-trick")[:2]
    progress = Progress.load(tmp_path)
    assert progress.of("magic-trick", lesson) == 0
    assert progress.record("magic-trick", lesson, 2) is None
    assert progress.record("magic-trick", lesson, 1) is None  # (the best stars stay)
    again = Progress.load(tmp_path)
    assert again.problem is None
    assert again.of("magic-trick", lesson) == 2
    assert again.of("magic-trick", other) == 0
    again.record("magic-trick", lesson, 3)
    assert Progress.load(tmp_path).of("magic-trick", lesson) == 3
    assert not list(tmp_path.glob(".*.tmp")), "written atomically, nothing left over"


@pytest.mark.parametrize(
    "damage", [b"{not json", b'{"stars": {"x/y": 7}}', b"\xff\xfe", b"[]", b'{"stars": []}']
)
def test_a_damaged_progress_file_is_set_aside_with_a_message(tmp_path: Path, damage: bytes) -> None:
    (tmp_path / "lessons.json").write_bytes(damage)
    progress = Progress.load(tmp_path)
    assert progress.stars == {}
    assert progress.problem is not None and "moved to" in progress.problem
    aside = tmp_path / "lessons.damaged.json"
    assert aside.read_bytes() == damage, "kept as it was"
    assert not (tmp_path / "lessons.json").exists()
    lesson = lessons_of("monster-taking")[0]
    assert progress.record("monster-taking", lesson, 3) is None
    assert Progress.load(tmp_path).of("monster-taking", lesson) == 3


def test_learn_list(capsys: pytest.CaptureFixture[str], monstertrick_home: Path) -> None:
    lesson = lessons_of("monster-taking")[1]
    Progress.load(monstertrick_home).record("monster-taking", lesson, 2)
    assert main(["learn", "--list"]) == 0
    out = capsys.readouterr().out.splitlines()
    titles = [line for line in out if line and not line.startswith(" ")]
    assert titles == [g.title for g in GAMES.values()]
    for game in GAMES:
        start = out.index(GAMES[game].title) + 1
        rows = out[start : start + len(lessons_of(game))]
        for number, (row, each) in enumerate(zip(rows, lessons_of(game)), 1):
            assert row.startswith(f"  {number}. {each.key} ")
            assert row.endswith(each.title)
            done = game == "monster-taking" and each == lesson
            assert ("★★☆ 2/3" in row) is done
            assert ("not done" in row) is not done


def test_learn_list_of_one_game_with_a_damaged_file(
    capsys: pytest.CaptureFixture[str], monstertrick_home: Path
) -> None:
    (monstertrick_home / "lessons.json").write_text("garbage", encoding="utf-8")
    assert main(["learn", "--list", "--game", "magic-trick"]) == 0
    captured = capsys.readouterr()
    assert captured.out.splitlines()[0] == "Magic Trick"
    assert len(captured.out.splitlines()) == 1 + len(lessons_of("magic-trick"))
    assert "damaged" in captured.err
    assert (monstertrick_home / "lessons.damaged.json").read_text() == "garbage"


def test_learn_refuses_an_unknown_lesson(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["learn", "no-such-lesson\x1b[31m"]) == 2
    err = capsys.readouterr().err
    assert "no lesson" in err and "\x1b" not in err
    assert main(["learn", "--game", "magic-trick", "7"]) == 2
    err = capsys.readouterr().err
    assert "Magic Trick has no lesson '7'" in err and "read-the-backs" in err


def test_the_hint_agrees_with_the_lesson() -> None:
    lesson = find_lesson("monster-taking", "follow-and-win")
    session = LessonSession.begin("monster-taking", lesson)
    session.play_to_learner()
    options = session.hint(session.learner, stop=lambda: True)
    assert options
    assert {str(o.action) for o in options} <= set(lesson.steps[0].accept)


def test_the_lesson_runner_needs_no_textual() -> None:
    import subprocess
    import sys

    code = (
        "import sys, monstertrick.lessons as m\n"
        "for g in m.GAMES:\n"
        "    s = m.LessonSession.begin(g, m.lessons_of(g)[0]); s.play_to_learner()\n"
        "    s.try_move(m.lessons_of(g)[0].steps[0].accept[0])\n"
        "assert not [n for n in sys.modules if n.split('.')[0] == 'textual'], 'textual'\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr


# ---------------------------------------------------------------------------- a newcomer's
# reading of a lesson: the learner's name, the opening, the keys


def finished_game(names: list[str], store: SaveStore, seed: int = 2) -> None:
    """A finished Monster Taking game in the history, its person's moves the simplest."""
    session = Session.start(parse_seats(names, game="monster-taking"), seed, store)
    while not isinstance(step := session.next_step(), GameEnd):
        if isinstance(step, Turn):
            session.apply(step.seat, session.simple_decision(step.seat))
        elif isinstance(step, Handoff):
            session.pass_keyboard(step.seat)
        elif isinstance(step, BotTurn):
            session.bot_decision(step.seat)
        else:
            session.done()
    assert session.save_path is not None
    store.unlock(session.save_path)


@pytest.mark.parametrize(("game", "lesson"), EVERY_LESSON)
def test_the_learner_has_a_name_the_games_third_person_lines_read_right(
    game: str, lesson: Lesson
) -> None:
    session = LessonSession.begin(game, lesson)
    assert session.names[session.learner] == LEARNER != "You"
    session.try_move(lesson.steps[0].accept[0])
    lines = " ".join(e.describe(session.names) for e in session.log if hasattr(e, "describe"))
    assert session.names[session.learner] in lines
    assert "You " not in lines, "no 'You arranges' nor 'You led H6 (their 10th card)'"


def test_the_learner_is_named_after_the_most_recent_person_in_the_history(
    monstertrick_home: Path,
) -> None:
    store = SaveStore()
    assert learner_name() == LEARNER, "nobody in the history: the neutral name"
    finished_game(["Rex:easy", "Zoe"], store)
    assert learner_name() == "Zoe", "the person, not the computer player"
    session = LessonSession.begin("monster-trick", lessons_of("monster-trick")[0], "Zoe")
    assert session.names[session.learner] == "Zoe"
    # A name a computer player of the lesson has is not taken: Rex is Monster Taking's.
    lesson = lessons_of("monster-taking")[0]
    assert LessonSession.begin("monster-taking", lesson, "Rex").names == (LEARNER, "Rex")
    assert LessonSession.begin("monster-taking", lesson, "\x1b[31m").names == (LEARNER, "Rex")


@pytest.mark.parametrize(("game", "lesson"), EVERY_LESSON)
def test_a_lesson_opens_on_the_learners_decision_with_nothing_since_a_last_turn(
    game: str, lesson: Lesson
) -> None:
    session = LessonSession.begin(game, lesson)
    step = session.next_step()
    # The computer players' opening moves are made at once, as the setup is: nothing
    # to wait for (no computer turn, no pause) before the learner's first move.
    assert isinstance(step, Turn) and step.seat == session.learner
    assert session.since_last_turn(session.learner) == [], "the learner had no last turn"


@pytest.mark.parametrize(("game", "lesson"), EVERY_LESSON)
def test_every_lesson_says_the_keys_of_its_move(game: str, lesson: Lesson) -> None:
    # (a newcomer is not refused a move, and a star, for not knowing the keys)
    assert lesson.keys.startswith("Keys: ") and len(lesson.keys) > len("Keys: ")
