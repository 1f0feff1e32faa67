"""The line mode (issue 57): every game played to the end in plain lines by a script
that reads only the lines and answers by number; nothing private said to the wrong
person at one keyboard; the switch; the app untouched with the mode off."""

from __future__ import annotations

import os
import random
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from monstertrick import cli
from monstertrick.games import GAMES
from monstertrick.lines import ENV, wanted
from monstertrick.lines.play import LineMode
from monstertrick.saves import SaveStore
from monstertrick.seating import parse_seats
from monstertrick.session import Session

#: A seeded game of each title against computer players, with one person.
TABLES = {
    "monster-trick": "Ann, Bob:easy, Cid:easy",
    "monster-taking": "Ann, Bob:easy",
    "magic-trick": "Ann, Bob:easy, Cid:easy, Dee:easy",
}

_CHOICE = re.compile(r"^(\d+)\. ")


def end_line(game: str) -> str:
    """The line mode's end, in the game's word for what is won (as its end screens)."""
    return "End: The match is over." if game == "monster-taking" else "End: The game is over."


_BOX = re.compile("[\u2500-\u257f]")


def answer(lines: list[str], rng: random.Random) -> str:
    """What a player who reads only the lines answers at a prompt: a number among the
    choices listed since the last turn line, when the prompt asks for one; else Enter."""
    if not lines[-1].startswith("Prompt: type a number"):
        return ""
    start = max(i for i, line in enumerate(lines) if line.startswith("Turn: "))
    count = sum(1 for line in lines[start:] if _CHOICE.match(line))
    assert count, "a decision without choices"
    return str(rng.randint(1, count))


def play_in_subprocess(
    argv: list[str], seed: int, env: dict[str, str], answers: int | None = None
) -> list[str]:
    """Run ``monstertrick`` with ``argv`` and play it by its lines alone, through its
    standard input and output (``answers``: only so many, then the input ends)."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "monstertrick", *argv],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
        text=True,
        encoding="utf-8",
    )
    assert proc.stdin is not None and proc.stdout is not None
    rng = random.Random(seed)
    lines: list[str] = []
    raw: list[str] = []
    for line in proc.stdout:
        raw.append(line)
        lines.append(line.rstrip("\n"))
        if line.startswith("Prompt: ") and not proc.stdin.closed:
            if answers is not None and answers <= 0:
                proc.stdin.close()
                continue
            proc.stdin.write(answer(lines, rng) + "\n")
            proc.stdin.flush()
            answers = None if answers is None else answers - 1
    if not proc.stdin.closed:
        proc.stdin.close()
    assert proc.wait() == 0, proc.stderr.read() if proc.stderr else ""
    return raw


@pytest.mark.parametrize("game", sorted(TABLES))
def test_a_script_reading_only_the_lines_finishes_each_game_by_numbers(
    game: str, tmp_path: Path
) -> None:
    env = {**os.environ, "MONSTERTRICK_HOME": str(tmp_path)}
    env.pop(ENV, None)
    argv = ["play", "--screen-reader", "--game", game, "--players", TABLES[game], "--seed", "5"]
    raw = play_in_subprocess(argv, seed=5, env=env)
    text = "".join(raw)
    lines = text.splitlines()
    assert lines[0].startswith("Screen reader mode: on, by --screen-reader;")
    assert "without --screen-reader" in lines[0]
    assert end_line(game) in lines
    # Every line labelled or a numbered choice; no box drawing, no escape byte.
    assert all(re.match(r"^([A-Z][a-z ]+: |\d+\. )", line) for line in lines), lines
    assert not _BOX.search(text)
    assert "\x1b" not in text
    # The game is in History, finished.
    store = SaveStore(tmp_path)
    finished = list(store.history.glob("*.json"))
    assert len(finished) == 1
    assert store.glance(finished[0]).finished


def test_a_game_stopped_by_the_end_of_the_input_is_resumed_in_lines_to_the_end(
    tmp_path: Path,
) -> None:
    env = {**os.environ, "MONSTERTRICK_HOME": str(tmp_path)}
    env.pop(ENV, None)
    argv = ["play", "--screen-reader", "--game", "monster-taking", "--players", "Ann, Bob:easy"]
    stopped = play_in_subprocess([*argv, "--seed", "2"], seed=2, env=env, answers=7)
    assert stopped[-1].startswith("End: stopped; the game is saved.")
    store = SaveStore(tmp_path)
    assert len(store.unfinished()[0]) == 1
    resumed = play_in_subprocess(["resume", "--screen-reader"], seed=3, env=env)
    assert "End: The match is over.\n" in resumed
    assert not store.unfinished()[0]
    assert len(store.finished()[0]) == 1


def test_the_setup_is_asked_in_lines_when_started_bare(tmp_path: Path) -> None:
    env = {**os.environ, "MONSTERTRICK_HOME": str(tmp_path), ENV: "1"}
    proc = subprocess.run(
        [sys.executable, "-m", "monstertrick"],
        input="9\n2\nAnn\nAnn, Bob:easy\n",
        capture_output=True,
        text=True,
        env=env,
        encoding="utf-8",
        check=False,
    )
    lines = proc.stdout.splitlines()
    assert proc.returncode == 0, proc.stderr
    assert lines[0].startswith(f"Screen reader mode: on, by {ENV}=1;")
    assert f"{ENV}=0" in lines[0]
    keys = list(GAMES)
    assert f"2. {GAMES[keys[1]].title}, " in lines[2 + 1]
    assert "Problem: type a number from the list." in lines
    problems = [line for line in lines if line.startswith("Problem: ")]
    assert len(problems) == 2  # (9 is no game; one player is too few)
    assert any(line.startswith(f"Game: {GAMES[keys[1]].title}; ") for line in lines)
    # The input ended at the first decision: stopped cleanly, nothing played, nothing saved.
    assert lines[-1] == "End: stopped before the first decision, so nothing was saved."
    assert not list((tmp_path / "saves").glob("*.json"))


# ---------------------------------------------------------------------------- in process


def _run(session: Session, reply: Callable[[list[str]], str | None]) -> tuple[list[str], bool]:
    lines: list[str] = []

    def read() -> str | None:
        return reply(lines)

    done = LineMode(session, lines.append, read, table=session).run()
    return lines, done


_CARD = re.compile(r"\b[A-Z]\d{1,2}\b")


QUERIES = ("hand", "row", "table", "log", "last", "scores")


@pytest.mark.parametrize(
    ("game", "players"),
    [("monster-trick", ["Ann", "Bob", "Cid:easy"]), ("monster-taking", ["Ann", "Bob"])],
)
def test_between_handoffs_no_other_persons_private_card_is_named(
    game: str, players: list[str]
) -> None:
    """Two people at one keyboard ask for their hand, VP row, the table, the log, the
    last move and the scores at every decision; from each handoff to the next (or to
    the public end of a round), no card of the other person's hand that no public
    event has named and no face-down discard of theirs is named, and no VP row is read
    out but one's own."""
    session = Session.start(parse_seats(players, game=game), 11, None, game=game)
    people = session.humans
    rng = random.Random(3)
    pending: list[str] = []
    turns = [0]
    # Per handoff: the seat at the keyboard, where its lines start, and per other
    # person their hand then and their face-down discards at the next handoff.
    segments: list[dict[str, Any]] = []

    def private(seat: int) -> tuple[set[str], set[str]]:
        view: Any = session.view(seat)
        hand = {str(c) for c in (view.hand or ())}
        hidden = {str(c) for c in (getattr(view, "discards", None) or ())}
        return hand, hidden

    def close() -> None:
        if segments:
            segment = segments[-1]
            segment["hidden"] = {o: private(o)[1] for o in segment["held"]}

    def reply(lines: list[str]) -> str:
        last = lines[-1]
        if last.endswith("press Enter when only you can hear."):
            close()
            seat = session.names.index(last[len("Prompt: ") :].split(",")[0])
            held = {o: private(o)[0] for o in people if o != seat}
            segments.append({"seat": seat, "start": len(lines), "held": held})
            return ""
        if last.startswith("Prompt: type a number"):
            seen = sum(1 for line in lines if line.startswith("Turn: "))
            if seen != turns[0]:
                turns[0] = seen
                pending[:] = QUERIES
            return pending.pop(0) if pending else answer(lines, rng)
        return ""

    lines, done = _run(session, reply)
    close()
    assert done
    assert len(segments) > 10
    assert any(line.startswith("Hand: ") for line in lines)
    ends = [s["start"] for s in segments[1:]] + [len(lines)]
    for segment, end in zip(segments, ends):
        start = segment["start"]
        cut = next((i for i in range(start, end) if lines[i].startswith("End: ")), end)
        said = lines[start:cut]
        # a card an event of this chapter has named (played, given, laid) is public
        # from then on (a new chapter deals the cards again)
        dealt = max((i for i in range(start) if lines[i].startswith("End: ")), default=0)
        played = {
            c
            for line in lines[dealt:cut]
            if line.startswith("Event: ")
            for c in _CARD.findall(line)
        }
        named = {c for line in said for c in _CARD.findall(line)}
        for other, held in segment["held"].items():
            secret = (held | segment["hidden"][other]) - played
            assert not named & secret, (session.names[segment["seat"]], named & secret)
        rows = [line for line in said if line.startswith("Row: ")]
        assert all(
            line.startswith("Row: Your VP row") or line == "Row: this game has no row to tell."
            for line in rows
        )
    if game == "monster-trick":
        assert any(line.startswith("Row: Your VP row: left ") for line in lines)


def test_a_private_question_before_the_handoff_is_not_answered() -> None:
    game = "monster-taking"
    session = Session.start(parse_seats(["Ann", "Bob"], game=game), 2, None, game=game)
    answers = iter(["hand", "row", "hint", ""])
    lines, done = _run(session, lambda lines: next(answers, None))
    assert not done
    before = lines[: next(i for i, line in enumerate(lines) if line.startswith("Turn: "))]
    assert lines[0] == "Handoff: Pass the keyboard to Ann."
    assert [line for line in before if line.startswith("Private: ")] == [
        "Private: that is said only after a handoff, to the person it names."
    ] * 3
    assert not any(line.startswith(("Hand: ", "Hint: ")) for line in before)


def test_an_illegal_answer_gets_the_rules_reason_and_a_name_is_an_answer() -> None:
    """A move typed by its name (a space for its arrow) that the rules refuse is
    answered with the rules' own reason; a legal one typed so is made."""
    game = "monster-trick"
    session = Session.start(parse_seats(["Ann", "Bob:easy"], game=game), 4, None, game=game)
    door = GAMES[game].load()
    state: Any = session.state
    typed: list[str] = []

    def reply(lines: list[str]) -> str | None:
        if not lines[-1].startswith("Prompt: type a number"):
            return ""
        if state.task == "arrange":
            return "1"
        if len(typed) >= 2:
            return None
        view: Any = session.view(0)
        if not typed:
            # a card Bob holds: no move of Ann's
            typed.append(f"{sorted(state.hand(1))[0]} 1")
        else:
            typed.append(str(view.legal_actions[0]).replace("→", " "))
        return typed[-1]

    lines, done = _run(session, reply)
    assert not done
    reason = session.refusal(0, door.parse_action(typed[0].replace(" ", "→")))
    assert reason
    assert f"Problem: {reason}" in lines
    card = typed[1].split()[0]
    assert any(line.startswith("Event: Ann ") and card in line for line in lines)


def test_the_end_of_the_input_stops_with_the_game_saved_and_resumable(tmp_path: Path) -> None:
    game = "monster-taking"
    store = SaveStore(tmp_path)
    session = Session.start(parse_seats(["Ann", "Bob:easy"], game=game), 8, store, game=game)
    answers = iter(["1", ""])
    _, done = _run(session, lambda lines: next(answers, None))
    assert not done
    saved, damaged = store.unfinished()
    assert len(saved) == 1 and not damaged
    resumed = Session.resume(saved[0], store)
    assert resumed.position == session.position


# ---------------------------------------------------------------------------- the switch


@pytest.mark.parametrize(
    ("flag", "env", "on"),
    [
        (None, None, False),
        (None, "1", True),
        (None, "0", False),
        (True, "0", True),  # the flag over the variable
        (True, None, True),
        (None, "maybe", False),
    ],
)
def test_the_flag_comes_before_the_variable(flag: bool | None, env: str | None, on: bool) -> None:
    environ = {} if env is None else {ENV: env}
    assert wanted(flag, environ)[0] is on


@pytest.mark.parametrize(
    ("argv", "env", "ran"),
    [
        (["play", "--players", "Ann,Bob"], None, "app"),
        (["play", "--players", "Ann,Bob"], "0", "app"),
        (["play", "--players", "Ann,Bob", "--screen-reader"], "0", "lines"),
        (["play", "--players", "Ann,Bob"], "1", "lines"),
        ([], None, "app"),
        (["--screen-reader"], None, "lines"),
        ([], "1", "lines"),
    ],
)
def test_the_app_runs_unless_the_mode_is_switched_on(
    monkeypatch: pytest.MonkeyPatch, argv: list[str], env: str | None, ran: str
) -> None:
    if env is None:
        monkeypatch.delenv(ENV, raising=False)
    else:
        monkeypatch.setenv(ENV, env)
    seen: list[str] = []
    monkeypatch.setattr(cli, "run_app", lambda **_: seen.append("app") or 0)
    monkeypatch.setattr(cli, "run_lines", lambda source, **_: seen.append("lines") or 0)
    assert cli.main(argv) == 0
    assert seen == [ran]


def test_a_decision_taken_back_is_asked_again_and_leaves_no_event_in_the_log() -> None:
    game = "monster-taking"
    session = Session.start(parse_seats(["Ann", "Bob:easy"], game=game), 9, None, game=game)
    answers = iter(["1", "undo", "log"])
    lines, done = _run(session, lambda lines: next(answers, None))
    assert not done
    turns = [i for i, line in enumerate(lines) if line.startswith("Turn: ")]
    assert len(turns) == 2
    first = lines[
        turns[0] : lines.index(
            "Prompt: type a number and Enter, or the choice's name; ? for commands."
        )
    ]
    again = lines[turns[1] : turns[1] + len(first)]
    assert again == first  # the same question, the same choices
    assert "Undo: Ann took that back; choose again." in lines
    assert not session.round_log()
    assert "Log: nothing has happened yet." in lines


def test_a_hostile_name_from_a_file_reaches_the_lines_as_text() -> None:
    """A name read from a damaged or hostile save may hold terminal control: each
    control character is said as its code, never sent (nor box drawing)."""
    from monstertrick.seating import Seat, Seating

    hostile = "A\x1b[2Jnn\u2502"
    seating = Seating((Seat(hostile), Seat("Bob", "easy")), 0)
    session = Session.start(seating, 1, None, game="monster-taking")
    answers = iter(["1", "", "table"])
    lines, _ = _run(session, lambda lines: next(answers, None))
    text = "\n".join(lines)
    assert "\x1b" not in text and not _BOX.search(text)
    assert "A<U+001B>[2Jnn-" in text


def test_a_hint_names_legal_choices_and_the_log_says_one_was_taken() -> None:
    game = "monster-taking"
    session = Session.start(parse_seats(["Ann", "Bob:easy"], game=game), 5, None, game=game)
    answers = iter(["hint", "log"])
    lines, _ = _run(session, lambda lines: next(answers, None))
    door = GAMES[game].load()
    view = session.view(0)
    words = {door.action_words(view, a) for a in view.legal_actions}
    hints = [line for line in lines if re.match(r"Hint: \d\. ", line)]
    assert hints
    assert all(line[len("Hint: 1. ") :].rsplit(":", 1)[0] in words for line in hints)
    assert any(line.startswith("Log: Ann took a hint for decision 1 of game 1") for line in lines)


def test_the_review_at_the_final_standings_is_the_reviews_own_text_in_plain_lines(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At the end, ``review`` tells the review of the people of the game (not of the
    computer players) in ``monstertrick review``'s words, a labelled line each, no
    indent, no box drawing; asked during the game, it says it comes at the end."""
    from monstertrick.review import Game, ReviewCache, Settings, format_review, review

    monkeypatch.setenv("MONSTERTRICK_HOME", str(tmp_path))
    game = "monster-taking"
    tiny = Settings(seed=1, playouts=2, luck_samples=1)
    session = Session.start(parse_seats(["Ann", "Bob:easy"], game=game), 6, None, game=game)
    rng = random.Random(6)
    asked = {"during": False, "after": 0}

    def reply(lines: list[str]) -> str | None:
        last = lines[-1]
        if last.startswith("Prompt: type a number") and not asked["during"]:
            asked["during"] = True
            return "review"
        if last.startswith("Prompt: Type review for the review"):
            asked["after"] += 1
            return "review" if asked["after"] == 1 else ""
        return answer(lines, rng)

    lines: list[str] = []
    mode = LineMode(session, lines.append, lambda: reply(lines), table=session)
    mode.review_settings = tiny
    assert mode.run()
    assert asked["after"] == 2  # asked again after the review; Enter finished
    assert "Review: the review comes once the game is over: its secrets are kept." in lines
    end = lines.index(end_line(game))
    told = [line for line in lines[end:] if line.startswith("Review: ")]
    expected = review(Game(session.finished_record()), (0,), tiny, cache=ReviewCache())
    text = [t.strip() for t in format_review(expected, width=1 << 16).splitlines() if t.strip()]
    assert told[1:-1] == [f"Review: {t}" for t in text]
    assert any(line.startswith("Review: Ann: ") for line in told)
    assert not any(line.startswith("Review: Bob: ") for line in told)  # a computer player
    assert not any(_BOX.search(line) or "  " in line for line in told)
    assert lines[-1].startswith("Prompt: Type review")


def test_magic_tricks_table_tells_every_hands_suits_in_order_and_no_value_in_a_hand() -> None:
    """A sighted player sees the backs of every hand (each card's suit and place), never a
    value still in a hand: the line mode's table says the same."""
    door = GAMES["magic-trick"].load()
    state = door.new_state(["Ann", "Bob", "Cid", "Dee"], 5, 0)
    view = door.view(state, 0)
    lines = door.view_lines(view, "table")
    for name, seat in zip(view.players, view.seats):
        (said,) = [line for line in lines if line.startswith(f"{name}:")]
        in_hand = [s for s in seat.spots if s.place.name == "HAND"]
        assert in_hand, "a hand at the start holds cards"
        suits = re.findall(r"(\d+) ([A-Z][a-z]+)", said.split("holds, by position and suit:")[1])
        assert suits == [(str(s.position + 1), s.suit.label) for s in in_hand]
        assert re.search(r"\b[A-Z]{1,2}\d+\b", said) is None, said  # (no card by its value)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_last_tells_the_last_trick_won_as_the_log_says_it(game: str) -> None:
    """``last`` says the last trick won this round (its line in the log), once one is."""
    players = {"monster-trick": "Ann, Bob:easy, Cid:easy", "monster-taking": "Ann, Bob:easy"}
    names = players.get(game, "Ann, Bob:easy, Cid:easy, Dee:easy").split(", ")
    session = Session.start(parse_seats(names, game=game), 3, None, game=game)
    door = GAMES[game].load()
    asked: list[int] = []

    def reply(lines: list[str]) -> str | None:
        if not lines[-1].startswith("Prompt:"):
            return ""
        won = [e for e in session.round_log() if door.wins_a_trick(e)]
        if won and not asked:
            asked.append(len(lines))
            return "last"
        if asked and len(asked) == 1:
            asked.append(len(lines))
            return "quit"
        return "" if "ress Enter" in lines[-1] else "1"

    lines, _ = _run(session, reply)
    assert asked, "a trick was won"
    said = [line for line in lines[asked[0] :] if line.startswith("Last trick: ")]
    won = [e for e in session.round_log() if door.wins_a_trick(e)]
    assert said == [f"Last trick: {won[-1].describe(session.names)}"]  # type: ignore[attr-defined]


def test_a_choice_that_stands_for_cards_alike_names_each_and_any_of_them_is_typed() -> None:
    """Monster Trick's cards that play alike are one numbered choice: the choice names
    every card it stands for, and typing another of them by name plays that one."""
    game = "monster-trick"
    session = Session.start(parse_seats(["Ann", "Bob:easy"], game=game), 2, None, game=game)
    typed: list[tuple[str, list[str], int]] = []

    def reply(lines: list[str]) -> str | None:
        if not lines[-1].startswith("Prompt: type a number"):
            return ""
        if typed:
            return None
        view: Any = session.view(0)
        if view.phase.name != "PLAYING":
            return "1"
        same = view.interchangeable_cards()
        groups = [[c for c in view.hand if same[c] == same[k]] for k in set(same.values())]
        alike = max(groups, key=len)
        assert len(alike) > 1, "seed 2 gives Ann cards that play alike at her first card"
        move = next(a for a in view.legal_actions if a.card == alike[-1])
        typed.append((f"{alike[-1]} {move.slot + 1}", [str(c) for c in alike], len(lines)))
        return typed[-1][0]

    lines, done = _run(session, reply)
    assert not done and typed
    text, alike, asked = typed[0]
    start = max(i for i, line in enumerate(lines[:asked]) if line.startswith("Turn: Ann"))
    choices = [line for line in lines[start:asked] if _CHOICE.match(line)]
    merged = [line for line in choices if alike[0] in line]
    assert merged and all(all(card in line for card in alike) for line in merged), (alike, choices)
    assert not [line for line in choices if alike[-1] in line and alike[0] not in line]
    played = [line for line in lines[asked:] if line.startswith("Event: Ann ")]
    assert played and alike[-1] in played[0] and alike[0] not in played[0], (text, played)


def test_deal_play_plays_a_packs_deals_in_lines_to_the_end(tmp_path: Path) -> None:
    """``deal play --screen-reader``: each deal in lines, what ``deal play`` says between
    deals a labelled line too, the games in History as the pack's."""
    from monstertrick import packs

    env = {**os.environ, "MONSTERTRICK_HOME": str(tmp_path)}
    env.pop(ENV, None)
    pack = packs.new_pack("monster-taking", 2, None)
    pack_file = tmp_path / "pack.json"
    pack_file.write_text(pack.text())
    argv = ["deal", "play", str(pack_file), "--players", "Ann, Bob:easy", "--screen-reader"]
    raw = play_in_subprocess(argv, seed=4, env=env)
    lines = "".join(raw).splitlines()
    assert lines[0].startswith("Screen reader mode: on, by --screen-reader;")
    assert "Deal: deal 1 of 2." in lines and "Deal: deal 2 of 2." in lines
    assert lines.count("End: The match is over.") == 2
    assert "Prompt: deal 1 is over. Press Enter for deal 2, or type quit." in lines
    assert all(re.match(r"^([A-Z][a-z ]+: |\d+\. )", line) for line in lines), lines
    games, left = packs.pack_games(pack, SaveStore(tmp_path).root)
    assert sorted(g.deal for g in games) == [0, 1] and left == []


@pytest.mark.parametrize(
    ("argv", "env", "source"),
    [
        ([], None, None),
        (["--screen-reader"], None, "--screen-reader"),
        (["--screen-reader"], "0", "--screen-reader"),
        ([], "1", f"{ENV}=1"),
        ([], "0", None),
    ],
)
def test_deal_play_takes_the_line_modes_switch(
    monkeypatch: pytest.MonkeyPatch, argv: list[str], env: str | None, source: str | None
) -> None:
    from monstertrick import deal_command

    if env is None:
        monkeypatch.delenv(ENV, raising=False)
    else:
        monkeypatch.setenv(ENV, env)
    monkeypatch.setattr(cli, "_saved_screen_reader", lambda: False)
    seen: list[str | None] = []
    monkeypatch.setattr(
        deal_command, "run_deal", lambda _p, _a, lines=None: seen.append(lines) or 0
    )
    assert cli.main(["deal", "play", "daily", "--players", "Ann, Bob:easy", *argv]) == 0
    assert seen == [source]


@pytest.mark.parametrize("game", sorted(TABLES))
def test_every_line_reads_aloud_without_marks_for_the_eye(game: str) -> None:
    """Heard through a speech synthesizer (espeak-ng), an arrow is "right arrow", a
    minus before a number is dropped, a range's dash and a bullet are not read, markdown
    marks are read out: no line of a whole game, its queries and its rules says any of
    them; the rules' Keys section (the app's keys) is left out."""
    session = Session.start(parse_seats(TABLES[game].split(", "), game=game), 7, None, game=game)
    rng = random.Random(1)
    asked = ["rules", "?", *QUERIES * 3]

    def reply(lines: list[str]) -> str | None:
        if lines[-1].startswith("Prompt: type a number") and asked:
            return asked.pop(0)
        return answer(lines, rng)

    lines, done = _run(session, reply)
    assert done
    marks = re.compile(r"[→←↑↓·•`|–−]|\*\*|(^|[\s(;:])[-+]\d|\b1 tricks\b")
    assert not [line for line in lines if marks.search(line)][:3]
    rules = [line for line in lines if line.startswith("Rules: ")]
    assert len(rules) > 8 and not any("Ctrl+Q" in line or "Enter" in line for line in rules)
    if game == "monster-taking":
        hand = next(line for line in lines if line.startswith("Hand: "))
        assert re.match(r"Hand: (Ignis|Aqua|Sylva) [IAS]\d+[ ,]", hand), hand
