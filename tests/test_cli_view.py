"""`monstertrick view FILE` opens the record of any game in that game's own viewer."""

from __future__ import annotations

from typing import Any

import pytest

from monstertrick.cli import main
from monstertrick.saves import SaveStore
from monstertrick.seating import parse_seats
from monstertrick.session import Session

MAGIC = ["Ann:easy", "Bob:easy", "Cid:easy", "Dee:easy"]


def view_options(monkeypatch: pytest.MonkeyPatch, path: str) -> dict[str, Any]:
    """What `monstertrick view PATH` asks the app for (the app is not run)."""
    seen: dict[str, Any] = {}
    monkeypatch.setattr("monstertrick.cli.run_app", lambda **kw: seen.update(kw) or 0)
    assert main(["view", path]) == 0
    return seen


async def test_view_opens_a_finished_magic_trick_game_in_its_viewer(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from monstertrick.games.magic_trick.tui.viewer import ViewerScreen
    from monstertrick.tui.app import GamesApp

    match = Session.start(
        parse_seats(MAGIC, game="magic-trick"), 2, SaveStore(), game="magic-trick"
    )
    match.play_to_end()
    options = view_options(monkeypatch, str(match.save_path))
    assert options["game"] == "magic-trick"
    app = GamesApp(**options)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ViewerScreen)
        assert app.screen.timeline[-1].state == match.state
        await pilot.press("q")
    assert app.return_code == 0


def test_view_still_refuses_an_unfinished_game_of_another_game(
    capsys: pytest.CaptureFixture[str],
) -> None:
    match = Session.start(
        parse_seats(["Ann", "Bob", "Cid", "Dee"], game="magic-trick"),
        2,
        SaveStore(),
        game="magic-trick",
    )
    seat, _ = match.rules.to_decide(match.state)
    match.apply(seat, match.simple_decision(seat))  # saved from the first decision
    assert main(["view", str(match.save_path)]) == 1
    err = capsys.readouterr().err
    assert "still secret" in err and "--reveal" in err
    assert "Monster Trick games only" not in err


@pytest.mark.parametrize(
    ("game", "names", "secret"),
    [
        ("magic-trick", ["Ann", "Bob", "Cid", "Dee"], "the values of the cards in its hands"),
        ("monster-taking", ["Ann", "Bob"], "its hands and face-down discards"),
        ("monster-trick", ["Ann", "Bob"], "its hands and VP rows"),
    ],
)
def test_the_refusal_of_an_unfinished_game_names_that_games_secrets(
    game: str, names: list[str], secret: str, capsys: pytest.CaptureFixture[str]
) -> None:
    match = Session.start(parse_seats(names, game=game), 2, SaveStore(), game=game)
    seat, _ = match.rules.to_decide(match.state)
    if match.rules.hidden_hands:
        match.pass_keyboard(seat)
    match.apply(seat, match.simple_decision(seat))
    assert main(["view", str(match.save_path)]) == 1
    err = " ".join(capsys.readouterr().err.split())
    assert f"is an unfinished game: {secret} are still secret" in err, err
    if game != "monster-trick":
        assert "VP row" not in err
