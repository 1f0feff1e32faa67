"""One level grammar, with the same limits, for every game and every way in: the
games' ``make_bot``, ``play --players``, ``arena --seats``, ``serve -- play ...`` and a
saved game's ``bot`` (tests/test_saves_hostile.py). A level that is not one is refused
in words, never with a traceback, and never thinks for hours."""

from __future__ import annotations

import random

import pytest

import monstertrick.cli as cli
import monstertrick.net.transports.serve as serve_module
from monstertrick.cli import main
from monstertrick.games import GAMES
from monstertrick.seating import parse_seats
from monstertrick.session import BotTurn, Session

GAME_KEYS = list(GAMES)
PEOPLE = {"monster-trick": "Ann,Bob", "monster-taking": "Ann", "magic-trick": "Ann,Bob,Cid"}
"""People to seat beside one computer player, for a table of the right size."""
OTHERS = {"monster-trick": "easy", "monster-taking": "", "magic-trick": "easy,easy,easy"}
"""Arena seats beside the one tested, for a table of the right size."""

NOT_TEXT = [5, 1.5, True, None, ["hard"], {"hard": 200}]
OUT_OF_LIMITS = [
    ("hard:1000000000", "at most 100000 playouts"),
    ("hard:100001", "at most 100000 playouts"),
    ("hard:" + "9" * 5000, "at most 100000 playouts"),
    ("hard:11s", "at most 10 seconds"),
    ("hard:1e9s", "at most 10 seconds"),
    ("hard:0", "hard:N"),
    ("hard:0s", "hard:N"),
    ("hard:-5", "hard:N"),
    ("hard:1_000", "hard:N"),
    ("hard:+5", "hard:N"),
    ("hard:nans", "hard:N"),
    ("hard:infs", "hard:N"),
    ("hard:", "hard:N"),
    ("medium:3", "medium takes no budget"),
    ("expert", "is not a computer player: choose easy, medium or hard"),
    ("", "is not a computer player"),
]
WITHIN_LIMITS = ["easy", "Medium", " hard ", "hard:1", "hard:100000", "hard:10s", "hard:0.05s"]


@pytest.mark.parametrize("spec", NOT_TEXT, ids=repr)
@pytest.mark.parametrize("key", GAME_KEYS)
def test_a_level_that_is_not_text_is_refused_in_words_by_every_game(key: str, spec) -> None:
    with pytest.raises(ValueError, match="a computer player's level is a word") as info:
        GAMES[key].load().make_bot(spec)
    assert "\n" not in str(info.value)


@pytest.mark.parametrize(("spec", "words"), OUT_OF_LIMITS, ids=[s[:20] for s, _ in OUT_OF_LIMITS])
@pytest.mark.parametrize("key", GAME_KEYS)
def test_a_level_out_of_limits_is_refused_in_words_by_every_game(key, spec, words) -> None:
    with pytest.raises(ValueError, match=words.replace("(", r"\(")) as info:
        GAMES[key].load().make_bot(spec)
    assert "\n" not in str(info.value) and len(str(info.value)) < 200


@pytest.mark.parametrize("spec", WITHIN_LIMITS)
@pytest.mark.parametrize("key", GAME_KEYS)
def test_the_same_levels_are_accepted_by_every_game(key: str, spec: str) -> None:
    bot = GAMES[key].load().make_bot(spec)
    assert bot.name == spec.strip().lower()


@pytest.mark.parametrize("key", GAME_KEYS)
def test_a_time_budget_plays_in_every_game(key: str) -> None:
    """``hard:Ss`` is a hard player with a time budget in every game (a tiny one here:
    the search always allows one playout)."""
    seats = [f"P{i}:easy" for i in range(GAMES[key].min_players)]
    seats[0] = "P0:hard:0.001s"
    session = Session.start(parse_seats(seats, game=key), 5, game=key)
    made = 0
    while made < 3:
        step = session.next_step()
        if isinstance(step, BotTurn):
            session.bot_decision(step.seat)  # checked by the game: a legal decision
            made += 1
        else:
            session.done()
    assert session.bot(0).name == "hard:0.001s"


@pytest.mark.parametrize("key", ["monster-taking", "magic-trick"])
def test_hard_n_decides_as_before(key: str) -> None:
    """``hard:N`` is the same player as it was: N playouts, the game's own search."""
    door = GAMES[key].load()
    bots = __import__(door.__class__.__module__ + ".bots", fromlist=["HardBot"])
    seats = [f"P{i}:easy" for i in range(GAMES[key].min_players)]
    session = Session.start(parse_seats(seats, game=key), 9, game=key)
    step = session.next_step()
    while not isinstance(step, BotTurn):
        session.done()
        step = session.next_step()
    view = session.view(step.seat)
    ours = door.make_bot("hard:40").analyse(view, random.Random(3))
    theirs = bots.HardBot(40).analyse(view, random.Random(3))
    assert ours == theirs


# ---------------------------------------------------------------------- every way in


@pytest.fixture
def nothing_runs(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The app, the arena and the server are not started: the test sees only whether
    the command line let the level through."""
    ran: list[str] = []
    monkeypatch.setattr(cli, "run_app", lambda **_: ran.append("app") or 0)
    monkeypatch.setattr(cli, "run_arena", lambda *a, **k: ran.append("arena") or 0)
    monkeypatch.setattr(serve_module, "serve", lambda *a, **k: ran.append("serve") or 0)
    return ran


def _code(argv: list[str]) -> int:
    try:
        return main(argv)
    except SystemExit as exc:
        return int(exc.code or 0)


def _ways_in(key: str, spec: str) -> dict[str, list[str]]:
    players = f"{PEOPLE[key]},Cy:{spec}"
    seats = ",".join(s for s in (spec, OTHERS[key] or "easy") if s)
    if key == "monster-taking":
        seats = f"{spec},easy"
    return {
        "play": ["play", "--game", key, "--players", players],
        "arena": ["arena", "--game", key, "--seats", seats],
        "serve": ["serve", "--", "play", "--game", key, "--players", players],
    }


@pytest.mark.parametrize("way", ["play", "arena", "serve"])
@pytest.mark.parametrize(
    ("spec", "words"),
    [("hard:1000000000", "at most 100000 playouts"), ("hard:99s", "at most 10 seconds")],
)
@pytest.mark.parametrize("key", GAME_KEYS)
def test_every_way_in_refuses_a_level_out_of_limits_in_words(
    key, spec, words, way, nothing_runs, capsys
) -> None:
    assert _code(_ways_in(key, spec)[way]) == 2
    err = capsys.readouterr().err
    assert words in err and "Traceback" not in err
    assert nothing_runs == []


@pytest.mark.parametrize("way", ["play", "arena", "serve"])
@pytest.mark.parametrize("spec", ["hard:100000", "hard:10s", "hard:0.3s"])
@pytest.mark.parametrize("key", GAME_KEYS)
def test_every_way_in_accepts_the_same_levels(key, spec, way, nothing_runs) -> None:
    assert _code(_ways_in(key, spec)[way]) == 0
    assert nothing_runs == [{"play": "app"}.get(way, way)]


@pytest.mark.parametrize("spec", ["ismcts:20", "pimc:0.02s", "ismcts", "pimc:7"])
@pytest.mark.parametrize("key", GAME_KEYS)
def test_the_arena_seats_the_yardsticks_of_every_game_the_table_does_not(
    key, spec, nothing_runs, capsys
) -> None:
    assert _code(_ways_in(key, spec)["arena"]) == 0
    assert nothing_runs == ["arena"]
    assert _code(_ways_in(key, spec)["play"]) == 2
    assert "not a level of the table" in capsys.readouterr().err
    assert nothing_runs == ["arena"]
