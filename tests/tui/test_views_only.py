"""Screens draw from views: no screen, widget or computer-turn display reads the session's
whole game (``session.state``, hidden cards included). A private screen gets its seat's
view, a public one the public view; the rest comes from the session's public facts."""

from __future__ import annotations

import ast
from collections.abc import Callable
from pathlib import Path

import pytest

import monstertrick
from monstertrick.games.monster_taking import Play
from monstertrick.games.monster_trick.engine import Event
from monstertrick.seating import Seat, Seating
from monstertrick.session import BotTurn, GameEnd, RoundOver, Session

PACKAGE = Path(monstertrick.__file__).parent


def screen_files() -> list[Path]:
    """Every module of the terminal app and of each game's screens."""
    files = sorted((PACKAGE / "tui").rglob("*.py"))
    files += sorted(PACKAGE.glob("games/*/tui/**/*.py"))
    return files


def reads_of_the_state(source: str) -> list[int]:
    """The lines of ``source`` that read ``<...>session.state`` (or
    ``getattr(<...>session, "state")``), the session also under another name: a name
    given it (``s = self.session``) or a parameter typed ``Session``."""
    tree = ast.parse(source)
    names = {"session"}
    for node in ast.walk(tree):
        if isinstance(node, ast.arg) and node.annotation is not None:
            if ast.unparse(node.annotation).split(".")[-1].strip("'\"") == "Session":
                names.add(node.arg)

    def is_session(node: ast.expr) -> bool:
        return (isinstance(node, ast.Name) and node.id in names) or (
            isinstance(node, ast.Attribute) and node.attr == "session"
        )

    for node in ast.walk(tree):  # (names given the session, in any order)
        if isinstance(node, ast.Assign) and is_session(node.value):
            names.update(t.id for t in node.targets if isinstance(t, ast.Name))
        elif isinstance(node, ast.NamedExpr) and is_session(node.value):
            names.add(node.target.id)

    lines = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr == "state" and is_session(node.value):
            lines.append(node.lineno)
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id == "getattr"
            and len(node.args) >= 2
            and is_session(node.args[0])
            and isinstance(node.args[1], ast.Constant)
            and node.args[1].value == "state"
        ):
            lines.append(node.lineno)
    return sorted(lines)


def test_the_scan_covers_the_screens_of_every_game() -> None:
    files = {p.relative_to(PACKAGE).as_posix() for p in screen_files()}
    for game in ("monster_trick", "magic_trick", "monster_taking"):
        assert f"games/{game}/tui/table.py" in files
        assert f"games/{game}/tui/__init__.py" in files
    assert "tui/screens/base.py" in files
    assert "tui/app.py" in files


def test_the_scan_finds_every_way_of_reading_the_state() -> None:
    source = (
        "def f(self, session):\n"
        "    a = self.session.state.phase\n"
        "    b = session.state\n"
        "    c = getattr(self.session, 'state')\n"
        "    d = frame.state, self.session.view(0), session.public_view()\n"
        "def g(self, match: Session, other: 'monstertrick.session.Session'):\n"
        "    game = self.session\n"
        "    e = game.state, match.state.round, other.state\n"
        "    f = frame.game.state, self.view.state\n"
        "    if (s := self.app.session) is not None:\n"
        "        g = s.state\n"
    )
    assert reads_of_the_state(source) == [2, 3, 4, 8, 8, 8, 11]


def test_no_screen_reads_the_sessions_whole_game() -> None:
    reads = [
        f"{path.relative_to(PACKAGE)}:{line}"
        for path in screen_files()
        for line in reads_of_the_state(path.read_text(encoding="utf-8"))
    ]
    assert reads == [], "a screen draws from session.view(seat) or session.public_view()"


# ---------------------------------------------------------------------------- the facts
# What the screens ask the session instead of reading its whole game.


def all_bots(game: str, levels: tuple[str, ...], seed: int = 5) -> Session:
    seats = Seating(tuple(Seat(f"P{i}", level) for i, level in enumerate(levels)), 0)
    return Session.start(seats, seed=seed, game=game)


def step_until(session: Session, done: Callable[[Session], bool]) -> None:
    """Play the all-computer ``session`` on until ``done(session)`` (or its end)."""
    while not done(session):
        step = session.next_step()
        if isinstance(step, GameEnd):
            return
        if isinstance(step, BotTurn):
            session.bot_decision(step.seat)
        else:
            session.done()


def test_the_earlier_rounds_log_is_the_games_own_record_of_them() -> None:
    session = all_bots("monster-trick", ("easy", "easy", "easy"))
    assert session.earlier_logs() == []
    seen: list[list[object]] = []
    step_until(session, lambda s: isinstance(s.next_step(), RoundOver))
    seen.append(session.round_log())
    session.done()
    step_until(session, lambda s: s.public_view().round == 2 and len(s.round_log()) > 3)
    assert session.earlier_logs() == seen  # what the table saw in round 1, as it saw it
    assert all(isinstance(e, Event) for e in seen[0])  # (no hint taken: nothing else)


@pytest.mark.parametrize(
    ("game", "levels"),
    [("magic-trick", ("easy",) * 4), ("monster-taking", ("easy",) * 2)],
)
def test_every_games_earlier_chapters_are_what_the_table_saw(
    game: str, levels: tuple[str, ...]
) -> None:
    """A hand or a game of the match before the current one: its replay's events end
    with all that the table saw of it (after its deal's, where the replay has one)."""
    session = all_bots(game, levels)
    step_until(session, lambda s: isinstance(s.next_step(), RoundOver))
    seen = session.round_log()
    session.done()
    step_until(session, lambda s: s.public_view().chapter == 2 and len(s.round_log()) > 3)
    (earlier,) = session.earlier_logs()
    assert len(seen) > 20 and earlier[len(earlier) - len(seen) :] == seen
    assert len(earlier) - len(seen) <= 1


def test_the_outcome_is_the_finished_games_own() -> None:
    for game, levels in (
        ("monster-trick", ("easy", "easy")),
        ("magic-trick", ("easy", "easy", "easy", "easy")),
        ("monster-taking", ("easy", "easy")),
    ):
        session = all_bots(game, levels)
        assert session.outcome() is None
        session.play_to_end()
        assert session.outcome() == session.state.outcome() is not None


def test_a_refusal_is_the_rules_reason_and_changes_nothing() -> None:
    session = all_bots("monster-taking", ("easy", "easy"), seed=3)

    def must_follow(s: Session) -> bool:
        step = s.next_step()
        if not isinstance(step, BotTurn) or step.task != "play":
            return False
        view = s.view(step.seat)
        return len(view.legal_actions) < len(view.hand or ())

    step_until(session, must_follow)
    step = session.next_step()
    assert isinstance(step, BotTurn)
    view = session.view(step.seat)
    legal = {a.card for a in view.legal_actions}
    refused = next(c for c in view.hand if c not in legal)
    position, record = session.position, session.rules.to_record(session.state)
    reason = session.refusal(step.seat, Play(refused))
    assert reason == session.state.illegal_reason(Play(refused))
    assert reason is not None and "must follow" in reason
    assert session.refusal(step.seat, Play(next(iter(legal)))) is None
    assert (session.position, session.rules.to_record(session.state)) == (position, record)
