"""The lessons in the line mode: every lesson of every game played through in lines by a
reader who answers by number from the lines, its goal met and its stars kept; another
legal move answered with the lesson's sentence; the next lesson offered, and after a
game's last, its first game in lines."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from monstertrick.games import GAMES
from monstertrick.lessons import LessonSession, Progress, lessons_of, star_text
from monstertrick.lines import ENV
from monstertrick.lines.learn import learn

_CHOICE = re.compile(r"^(\d+)\. (.*)$")
GAMES_WITH_LESSONS = [g for g in GAMES if lessons_of(g)]


def monstertrick_lines(args: list[str], given: str, env: dict[str, str]) -> list[str]:
    """The lines ``monstertrick ARGS`` writes with ``given`` as its input (it must
    end well)."""
    proc = subprocess.run(
        [sys.executable, "-m", "monstertrick", *args],
        input=given,
        capture_output=True,
        text=True,
        env=env,
        encoding="utf-8",
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    return proc.stdout.splitlines()


def choices(lines: list[str]) -> dict[str, str]:
    """The numbered choices listed since the last ``Turn:`` line: words to number."""
    start = max(i for i, line in enumerate(lines) if line.startswith("Turn: "))
    found = (_CHOICE.match(line) for line in lines[start:])
    return {m.group(2): m.group(1) for m in found if m}


class Teacher:
    """A reader told each lesson's taught move in the words the lines say it (the door's
    ``action_words`` in a twin of the lesson, played by the same moves): they answer
    with the number of the line that says it."""

    def __init__(self, game: str) -> None:
        self.game = game
        self.twin: LessonSession | None = None

    def words(self, title: str) -> set[str]:
        lesson = next(one for one in lessons_of(self.game) if one.title == title)
        if self.twin is None or self.twin.the_lesson != lesson or self.twin.finished:
            self.twin = LessonSession.begin(self.game, lesson)
        twin = self.twin
        twin.play_to_learner()
        view = twin.view(twin.learner)
        step = lesson.steps[twin.step]
        door = twin.rules
        legal = {str(a): a for a in view.legal_actions}
        return {door.action_words(view, legal[text]) for text in step.accept if text in legal}

    def taught(self, text: str) -> None:
        assert self.twin is not None
        self.twin.try_move(text)


def run_flow(
    game: str | None, reply: Callable[[list[str]], str | None], key: str | None = None
) -> tuple[list[str], list[tuple[str, str]]]:
    lines: list[str] = []
    started: list[tuple[str, str]] = []

    def first_game(game: str, lesson: object, name: str) -> None:
        started.append((game, name))

    learn(lines.append, lambda: reply(lines), game, key, first_game)
    return lines, started


def lesson_title(lines: list[str]) -> str:
    last = [line for line in lines if line.startswith("Lesson: ")][-1]
    return last.split(": ", 2)[2].rstrip(".")


@pytest.mark.parametrize("game", GAMES_WITH_LESSONS)
def test_every_lesson_of_a_game_played_in_lines_by_its_taught_moves(
    game: str, monstertrick_home: Path
) -> None:
    teacher = Teacher(game)
    state = {"prompts": 0}

    def reply(lines: list[str]) -> str | None:
        state["prompts"] += 1
        assert state["prompts"] < 500, "the lessons never end"
        last = lines[-1]
        assert last.startswith("Prompt: ")
        if last.startswith("Prompt: type a number"):
            listed = choices(lines)
            words = teacher.words(lesson_title(lines))
            numbers = [listed[w] for w in words if w in listed]
            assert numbers, f"the taught move is not among the choices: {words} {listed}"
            lesson = next(x for x in lessons_of(game) if x.title == lesson_title(lines))
            assert teacher.twin is not None
            teacher.taught(lesson.steps[teacher.twin.step].accept[0])
            return numbers[0]
        if "first game" in last:
            return ""  # play the first game
        return ""  # the first lesson not done; the next lesson

    lines, started = run_flow(game, reply)
    lessons = lessons_of(game)
    assert started == [(game, "Learner")], "after the last lesson, the first game"
    told = [line for line in lines if line.startswith("Lesson: ")]
    assert [t.split(": ", 2)[2] for t in told] == [f"{x.title}." for x in lessons]
    for lesson in lessons:
        assert f"Goal: {lesson.goal}" in lines
    stars = [line for line in lines if line.startswith("Stars: ")]
    assert len(stars) == len(lessons) and all(
        s.startswith(f"Stars: {star_text(3)}, ") for s in stars
    )
    assert len([line for line in lines if line.startswith("Goal met: ")]) == len(lessons)
    assert not any(line.startswith(("Not this lesson's move", "Problem")) for line in lines)
    assert any(line.startswith("Table: ") for line in lines)
    assert any("last lesson of" in line for line in lines)
    assert any("type hint on your turn" in line for line in lines)
    progress = Progress.load()
    assert [progress.of(game, lesson) for lesson in lessons] == [3] * len(lessons)


@pytest.mark.parametrize("game", GAMES_WITH_LESSONS)
def test_a_reader_trying_numbers_gets_the_lessons_sentence_and_finishes(
    game: str, monstertrick_home: Path
) -> None:
    """A reader with nothing but the lines, trying each choice in turn from the first:
    every other legal move is answered with the step's sentence, never made; each
    lesson ends with its goal met, and its stars (fewer) are kept."""
    tried: dict[str, int] = {}

    def reply(lines: list[str]) -> str | None:
        last = lines[-1]
        if last.startswith("Prompt: type a number"):
            start = max(i for i, line in enumerate(lines) if line.startswith("Turn: "))
            key = f"{len(lines[:start])}"
            tried[key] = tried.get(key, 0) + 1
            assert tried[key] <= len(choices(lines)), "every choice refused"
            return str(tried[key])
        if "first game" in last:
            return "quit"
        return ""

    lines, started = run_flow(game, reply)
    assert started == []
    assert lines[-1] == "End: stopped; the lessons done keep their stars."
    sentences = {step.other for lesson in lessons_of(game) for step in lesson.steps}
    refused = [line for line in lines if line.startswith("Not this lesson's move: ")]
    assert {r.split(": ", 1)[1] for r in refused} <= sentences
    progress = Progress.load()
    assert all(progress.of(game, lesson) >= 1 for lesson in lessons_of(game))
    if refused:
        assert any(progress.of(game, lesson) < 3 for lesson in lessons_of(game))


def test_another_legal_move_is_answered_with_the_sentence_and_asked_again(
    monstertrick_home: Path,
) -> None:
    lesson = lessons_of("monster-trick")[0]  # lay your VP row: 3 on the left
    answers = iter(["1", "repeat", "3-2-1", "again"])

    def reply(lines: list[str]) -> str | None:
        return next(answers, None)

    lines, _ = run_flow("monster-trick", reply, lesson.key)
    refused = lines.index(f"Not this lesson's move: {lesson.steps[0].other}")
    # No list said again after the refusal (nothing redrawn), only the prompt; repeat
    # says it again.
    assert lines[refused + 1].startswith("Prompt: type a number")
    assert lines[refused + 2] == "Learner, round 1: arrange. Your choices:"
    assert any(line.startswith("Goal met: ") for line in lines)
    assert [line for line in lines if line.startswith("Stars: ")] == [
        f"Stars: {star_text(2)}, 2 moves, par 1."
    ]
    assert lines.count(f"Lesson: Monster Trick, lesson 1 of 6: {lesson.title}.") == 2
    assert lines[-1] == "End: stopped; the lessons done keep their stars."
    assert Progress.load().of("monster-trick", lesson) == 2


def test_an_illegal_move_by_name_is_answered_with_the_rule(monstertrick_home: Path) -> None:
    lesson = next(x for x in lessons_of("monster-trick") if x.key == "take-over")
    session = LessonSession.begin("monster-trick", lesson)
    session.play_to_learner()
    rule = session.refusal(session.learner, session.rules.parse_action("G3→1"))
    answers = iter(["G3 1"])
    lines, _ = run_flow("monster-trick", lambda _: next(answers, None), lesson.key)
    assert f"Problem: {rule}" in lines


def test_an_illegal_move_by_name_counts_toward_the_stars_as_in_the_app(
    monstertrick_home: Path,
) -> None:
    """One rule in both front ends (the app's: tests/tui/test_lessons_tui.py's
    test_monster_trick_lesson_through_the_app): every move tried counts, the rules'
    refusals too; what names no move (no such choice, no such card) does not."""
    lesson = next(x for x in lessons_of("monster-trick") if x.key == "open-a-trick")
    # B1 onto trick 2 or 1: the colour rule refuses both (slots 3 and 4 are empty);
    # P2 onto trick 1: legal, not this lesson's; 99 and Q9 name no move; B1 opens trick 3.
    answers = iter(["B1 2", "99", "Q9 3", "B1 1", "P2 1", "B1 3"])
    lines, _ = run_flow("monster-trick", lambda _: next(answers, None), lesson.key)
    assert sum(line.startswith("Problem: B1 cannot go on") for line in lines) == 2
    assert any(line.startswith("Goal met: ") for line in lines)
    assert [line for line in lines if line.startswith("Stars: ")] == [
        f"Stars: {star_text(1)}, 4 moves, par 1."
    ]
    assert Progress.load().of("monster-trick", lesson) == 1


def test_learn_screen_reader_on_the_command_line_and_the_start(tmp_path: Path) -> None:
    env = {**os.environ, "MONSTERTRICK_HOME": str(tmp_path)}
    env.pop(ENV, None)
    lesson = lessons_of("magic-trick")[0]
    args = ["learn", "--screen-reader", "--game", "magic-trick", "1"]
    lines = monstertrick_lines(args, "quit\n", env)
    assert lines[0].startswith("Screen reader mode: on, by --screen-reader;")
    assert (
        f"Lesson: Magic Trick, lesson 1 of {len(lessons_of('magic-trick'))}: "
        f"{lesson.title}." in lines
    )
    # The variable switches it on as for play; the start's setup offers the lessons.
    lines = monstertrick_lines([], f"{len(GAMES) + 1}\n1\n", {**env, ENV: "1"})
    assert f"{len(GAMES) + 1}. Learn to play: short lessons for each game, one goal each" in lines
    assert "Learn: the lessons, with your stars." in lines
    first = lessons_of(GAMES_WITH_LESSONS[0])[0]
    assert any(line.startswith("Lesson: ") and first.title in line for line in lines)
    assert lines[-1] == "End: stopped; the lessons done keep their stars."


def test_the_deduce_lesson_in_lines_says_where_the_sleeved_card_came_from(
    monstertrick_home: Path,
) -> None:
    """Magic Trick's goal counts from the sleeved card's place in the hand ("a Diamond
    right of your sleeved D4"): the lines say that place, as the screen's row shows it."""
    answers = iter(["quit"])
    lines, _ = run_flow("magic-trick", lambda _: next(answers, None), "deduce-a-value")
    mine = next(line for line in lines if line.startswith("Table: Learner: "))
    assert mine.startswith("Table: Learner: sleeve 4 (D4, from position 7), ")


@pytest.mark.parametrize("how", ["variable", "setting"])
def test_learn_in_lines_by_the_variable_or_the_saved_setting(tmp_path: Path, how: str) -> None:
    env = {**os.environ, "MONSTERTRICK_HOME": str(tmp_path)}
    env.pop(ENV, None)
    if how == "variable":
        env[ENV] = "1"
    else:
        on = [sys.executable, "-m", "monstertrick", "settings", "screen-reader", "on"]
        assert subprocess.run(on, env=env, capture_output=True, check=False).returncode == 0
    lines = monstertrick_lines(["learn", "--game", "monster-taking"], "", env)
    source = f"{ENV}=1" if how == "variable" else "the saved setting"
    assert lines[0].startswith(f"Screen reader mode: on, by {source};")
    assert lines[1:3] == ["Learn: the lessons, with your stars.", "Learn: Monster Taking"]
    assert lines[-1] == "End: stopped; the lessons done keep their stars."
