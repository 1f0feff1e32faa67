"""Starting the line mode: ``monstertrick --screen-reader`` (the setup asked in lines),
``play --screen-reader`` and ``resume --screen-reader``. Saves as the app does: from
the first decision on, into History once the game is over."""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from typing import TextIO

from ..games import DEFAULT_GAME, GAMES
from ..lessons import Lesson
from ..saves import SavedGame, SaveStore, release_all_locks
from ..seating import Seating, SetupError, parse_seats
from ..session import Session
from . import announcement
from .play import LineMode, plain

__all__ = ["learn", "play", "play_session", "run", "streams"]


def streams(out: TextIO, inp: TextIO) -> tuple[Callable[[str], None], Callable[[], str | None]]:
    def write(line: str) -> None:
        out.write(line + "\n")
        out.flush()

    def read() -> str | None:
        try:
            text = inp.readline()
        except (EOFError, KeyboardInterrupt):
            return None
        return text if text else None

    return write, read


def run(
    *,
    source: str,
    seats: Seating | None = None,
    seed: int | None = None,
    game: str = DEFAULT_GAME,
    resume: SavedGame | None = None,
    play_on: tuple[SavedGame, int] | None = None,
    out: TextIO | None = None,
    inp: TextIO | None = None,
) -> int:
    """Play a game in lines on ``out`` and ``inp`` (standard output and input by
    default); 0 when it ends or the person stops (the game saved either way)."""
    write, read = streams(out or sys.stdout, inp or sys.stdin)
    write(plain(announcement(source)))
    store = SaveStore()
    try:
        if resume is not None:
            session = Session.resume(resume, store)
        elif play_on is not None:
            session = Session.play_on(play_on[0], play_on[1], store)
        else:
            if seats is None:
                chosen = setup(write, read)
                if chosen is None:
                    write("End: nothing was played, so nothing was saved.")
                    return 0
                if isinstance(chosen, str):  # (LEARN)
                    _learn(write, read)
                    return 0
                game, seats = chosen
            if seed is None:
                seed = random.SystemRandom().randrange(2**31)
            session = Session.start(seats, seed, store, game=game)
        play(session, write, read)
        return 0
    finally:
        release_all_locks()


def play_session(
    session: Session, write: Callable[[str], None], read: Callable[[], str | None]
) -> bool:
    """The game of ``session`` in lines, from its first line (the game and its seats):
    True once it is over, False when the person stops."""
    title = GAMES[session.game_key].title
    people = ", ".join(
        f"{n} (computer, {session.seating.seats[s].bot})" if session.is_bot(s) else n
        for s, n in enumerate(session.names)
    )
    write(plain(f"Game: {title}; seats in order: {people}."))
    return LineMode(session, write, read, table=session).run()


def play(session: Session, write: Callable[[str], None], read: Callable[[], str | None]) -> None:
    """Play ``session`` in lines to its end or until the person stops (then say whether
    it is saved)."""
    if not play_session(session, write, read):
        if session.save_path is not None and session.save_path.exists():
            write("End: stopped; the game is saved. monstertrick resume --screen-reader goes on.")
        else:
            write("End: stopped before the first decision, so nothing was saved.")


def learn(
    *,
    source: str,
    game: str | None = None,
    lesson: str | None = None,
    out: TextIO | None = None,
    inp: TextIO | None = None,
) -> int:
    """The lessons in lines (:mod:`monstertrick.lines.learn`): lesson ``lesson`` of
    ``game``, else the list of lessons; after a game's last, its first game in lines."""
    write, read = streams(out or sys.stdout, inp or sys.stdin)
    write(plain(announcement(source)))
    try:
        _learn(write, read, game, lesson)
        return 0
    finally:
        release_all_locks()


def _learn(
    write: Callable[[str], None],
    read: Callable[[], str | None],
    game: str | None = None,
    lesson: str | None = None,
) -> None:
    from . import learn as lines_learn

    def first_game(game: str, first: Lesson, name: str) -> None:
        seating = Seating(first.seats(name, "easy"), first.learner)
        seed = random.SystemRandom().randrange(2**31)
        write(
            "Learn: your first game against easy computer players: type hint on your "
            "turn for a hint, rules for the rules."
        )
        play(Session.start(seating, seed, SaveStore(), game=game), write, read)

    lines_learn.learn(write, read, game, lesson, first_game)


LEARN = "learn"
"""The setup's answer that opens the lessons instead of a game."""


def setup(
    write: Callable[[str], None], read: Callable[[], str | None]
) -> tuple[str, Seating] | str | None:
    """The game and the seats, asked in lines; :data:`LEARN` for the lessons, chosen
    after the games (None: the input ended)."""
    keys = list(GAMES)
    write("Setup: which game? Or learn to play, after the games.")
    for n, key in enumerate(keys, 1):
        facts = GAMES[key]
        count = facts.min_players if facts.min_players == facts.max_players else None
        players = (
            f"{count} players" if count else f"{facts.min_players} to {facts.max_players} players"
        )
        write(f"{n}. {facts.title}, {players}")
    write(f"{len(keys) + 1}. Learn to play: short lessons for each game, one goal each")
    while True:
        write("Prompt: type the game's number and Enter.")
        text = read()
        if text is None:
            return None
        text = text.strip()
        if text == str(len(keys) + 1):
            return LEARN
        if text.isdigit() and 1 <= int(text) <= len(keys):
            game = keys[int(text) - 1]
            break
        write("Problem: type a number from the list.")
    facts = GAMES[game]
    levels = ", ".join(facts.load().levels)
    write(
        f"Setup: the players of {facts.title} in seat order, {facts.min_players} to "
        f"{facts.max_players}, separated by commas. NAME:LEVEL seats a computer player; "
        f"its levels: {levels}. For example: Ann, Bob:easy"
    )
    while True:
        write("Prompt: type the players and Enter.")
        text = read()
        if text is None:
            return None
        try:
            return game, parse_seats([n.strip() for n in text.split(",")], game=game)
        except SetupError as exc:
            write(plain(f"Problem: {exc}."))
