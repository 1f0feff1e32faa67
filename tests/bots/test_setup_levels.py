"""``--players "Ann, Cy:hard, Bob:easy"``: a level after a name seats a computer player."""

from __future__ import annotations

import pytest

from monstertrick.seating import Seat, SetupError, parse_seats


def test_levels_make_computer_seats() -> None:
    seating = parse_seats("Ann, Cy:hard, Bob:easy".split(","))
    assert seating.seats == (Seat("Ann"), Seat("Cy", bot="hard"), Seat("Bob", bot="easy"))
    assert seating.names == ("Ann", "Cy", "Bob")
    assert [s.is_human for s in seating.seats] == [True, False, False]


def test_levels_are_case_and_space_insensitive_and_may_fix_iterations() -> None:
    seating = parse_seats(["Ann", " Cy : Medium ", "Dee:hard:200"])
    assert seating.seats[1] == Seat("Cy", bot="medium")
    assert seating.seats[2] == Seat("Dee", bot="hard:200")


def test_plain_names_are_people_as_before() -> None:
    seating = parse_seats(["Ann", "Bob"], first="bob")
    assert seating.seats == (Seat("Ann"), Seat("Bob")) and seating.first == 1


def test_first_player_is_named_without_the_level() -> None:
    assert parse_seats(["Ann", "Cy:hard"], first="Cy").first == 1


@pytest.mark.parametrize(
    ("entries", "words"),
    [
        (["Ann", "Cy:expert"], "'expert' is not a computer player: choose easy, medium or hard"),
        (["Ann", "Cy:"], "write a level after the colon"),
        (["Ann", ":hard"], "a name cannot be empty"),
        (["Ann", "Cy:hard:0"], "hard:N"),
        (["Ann", "Cy:hard:1000000000"], "at most 100000 playouts"),
        (["Ann", "Cy:hard:100001"], "at most 100000 playouts"),
        (["Ann", "Cy:hard:11s"], "at most 10 seconds"),
        (["Ann", "Cy:hard:1e9s"], "at most 10 seconds"),
        (["Ann", "Cy:hard:nans"], "hard:N"),
        (["Ann", "ann:easy"], "two players are called"),
        (["Cy:hard"], "2 to 5 players"),
    ],
)
def test_bad_levels_are_refused_in_words(entries, words) -> None:
    with pytest.raises(SetupError, match=words):
        parse_seats(entries)


def test_the_largest_budgets_are_still_levels() -> None:
    seating = parse_seats(["Ann", "Cy:hard:100000", "Dee:hard:10s"])
    assert [s.bot for s in seating.seats] == [None, "hard:100000", "hard:10s"]


@pytest.mark.parametrize("spec", [5, None, ["hard"], "nonsense", "hard:1000000000", "hard:99s"])
def test_a_level_that_is_not_one_is_refused_in_words_whatever_its_type(spec) -> None:
    from monstertrick.games.monster_trick.bots import bot_level_problem, make_bot

    problem = bot_level_problem(spec)
    assert problem is not None and "\n" not in problem
    with pytest.raises(ValueError):
        make_bot(spec)


@pytest.mark.parametrize(
    "players",
    [
        "\x1b]0;TITLE\x07\x1b[2Jxxxxxxxxxxxxxxxxxxxx,Bob",  # too long and with escapes
        "\x1b[2J,Bob",
        "Ann,Bob:\x1b[2Jhard",
    ],
)
def test_play_never_echoes_control_characters_of_a_refused_name(players, capsys) -> None:
    from monstertrick.cli import main

    with pytest.raises(SystemExit) as info:
        main(["play", "--players", players])
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert "\x1b" not in err and "\x07" not in err and "\\x1b" in err


def test_play_never_echoes_control_characters_of_first(capsys) -> None:
    from monstertrick.cli import main

    with pytest.raises(SystemExit):
        main(["play", "--players", "Ann,Bob", "--first", "\x1b[2JZed"])
    err = capsys.readouterr().err
    assert "\x1b" not in err and "\\x1b[2JZed' is not one of the players" in err
