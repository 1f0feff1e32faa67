"""The ``monstertrick`` command line.

Subcommands are built with argparse. ``replay`` and ``--help`` never import Textual: the
app is imported only when it is about to run (and textual-serve only when ``serve`` is
about to serve).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, TextIO

from . import __version__
from .games import DEFAULT_GAME, GAMES

if TYPE_CHECKING:
    from .saves import SavedGame
    from .seating import Seating


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="monstertrick",
        description="Trick-taking card games at one keyboard, or each person on their "
        "own screen (host, join): Monster Trick (2-5 players, the default), Monster "
        "Taking (2) and Magic Trick (4). Without a command, opens the start screen.",
    )
    parser.add_argument("--version", action="version", version=f"monstertrick {__version__}")
    _screen_reader_option(parser, dest="screen_reader_start")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    play = sub.add_parser(
        "play",
        help="start a game directly, skipping the setup form",
        description="Start a game directly, skipping the setup form.",
    )
    play.add_argument(
        "--players",
        required=True,
        metavar="NAMES",
        help='comma-separated names, in seat order, e.g. "Ann,Bob,Cid"; NAME:LEVEL makes a '
        "computer player: easy, medium, hard, hard:N (N playouts per decision, at most "
        '100000) or hard:Ss (S seconds per decision, at most 10), e.g. "Ann, Cy:hard, Bob:easy"',
    )
    _game_options(play)
    play.add_argument(
        "--pace",
        type=_pace,
        default=None,
        metavar="SECONDS",
        help="how long a computer player's move stays on screen (default 1; 0: no pause; "
        "Space skips ahead)",
    )

    _screen_reader_option(play)

    resume = sub.add_parser(
        "resume",
        help="continue a saved game (the most recent one without FILE), or play on from "
        "any decision of a finished one (--from N)",
        description="Continue an unfinished saved game: FILE, or the one played most "
        "recently. It opens on a handoff screen. With --from N, FILE is a finished game "
        "instead: a new game starts from its position after N decisions, the people in "
        "their seats and the computer players at their levels. It is saved as a new game "
        "(FILE is never changed), marked as a replay: not counted in profiles or deal "
        "packs.",
    )
    resume.add_argument("file", nargs="?", metavar="FILE", help="a saved game (.json)")
    resume.add_argument(
        "--from",
        dest="from_decision",
        type=_whole,
        default=None,
        metavar="N",
        help="play on from FILE's position after N decisions, counted from the first deal "
        "over every round (hand, game): the 'decision N of M' of each step in the replay "
        "viewer ('monstertrick view FILE', whose p key does the same); 0 is the first deal",
    )
    resume.add_argument(
        "--pace",
        type=_pace,
        default=None,
        metavar="SECONDS",
        help="how long a computer player's move stays on screen (default 1; 0: no pause)",
    )

    _screen_reader_option(resume)

    view = sub.add_parser(
        "view",
        help="step through a finished game, every hand shown",
        description="Step through a recorded game (of any of the games) move by move, "
        "showing every hand. An unfinished game is refused unless --reveal is given.",
    )
    view.add_argument("file", metavar="FILE", help="a game record or saved game (.json)")
    view.add_argument(
        "--reveal",
        action="store_true",
        help="show an unfinished game too, with what is still secret in it",
    )

    learn = sub.add_parser(
        "learn",
        help="learn to play: short lessons for each game, each with one goal",
        description="Learn to play by playing: short lessons on a fixed deal against easy "
        "computer players, each with one goal in a sentence and the keys of its move. A "
        "lesson waits for the move it teaches: any other move is answered with why, and "
        "counts against its stars (3 at par, 2 for up to two moves more, 1 otherwise). "
        "Escape leaves a lesson for the list. Without LESSON, opens the list of lessons "
        "(Enter starts one); after a game's last lesson, Enter starts a first game "
        "against easy computer players. Progress and stars are kept in the data folder "
        "(lessons.json).",
        epilog="examples: 'monstertrick learn' (the list), 'monstertrick learn --list' "
        "(printed, with your stars), 'monstertrick learn take-over' (one lesson by its "
        "name), 'monstertrick learn --game magic-trick 2' (by its number).",
    )
    learn.add_argument(
        "--game",
        choices=playable_games(),
        default=None,
        help="the game whose lessons to open or list (default: every game's)",
    )
    learn.add_argument(
        "--list",
        action="store_true",
        help="print every lesson, one a line under its game's title, with its stars",
    )
    learn.add_argument(
        "lesson",
        nargs="?",
        metavar="LESSON",
        help="open this lesson (its name, or its number with --game), e.g. take-over",
    )
    _screen_reader_option(learn)

    replay = sub.add_parser(
        "replay",
        help="replay game records and report their outcome",
        description="Replay monstertrick-record/1 files under the rules and report each "
        "outcome. Exit status: 0 all valid, 1 any invalid, 2 usage error.",
    )
    replay.add_argument("--json", action="store_true", help="one JSON object per file, per line")
    replay.add_argument("files", nargs="+", metavar="FILE", help="record files ('-' for stdin)")

    review = sub.add_parser(
        "review",
        help="review every decision of a finished game, from what the player knew",
        description="Review a finished game (a record or a saved game, of any of the "
        "games): every decision of the chosen players is judged by the hard player's "
        "search from that player's view at the time, with the chance to win each option "
        "gives, the chance given up and a mark (?! 5 points or more, ? 10, ?? 20; none "
        "within the search's noise), per player the agreement rate and the mean chance "
        "given up, and the luck of each deal. The review is kept in the saves folder, so "
        "a second look is instant. Exit status: 0 reviewed, 1 the file cannot be "
        "reviewed, 2 usage error.",
    )
    review.add_argument("file", metavar="FILE", help="a finished game's record (.json)")
    review.add_argument(
        "--player",
        action="append",
        default=[],
        metavar="NAME",
        help="review this player (may be repeated; default: every person, no computer player)",
    )
    review.add_argument("--json", action="store_true", help="print one JSON object")
    review.add_argument(
        "--every", action="store_true", help="list every decision, not only the marked ones"
    )
    review.add_argument(
        "--jobs", type=_positive, default=1, help="decisions reviewed at once, in processes"
    )
    review.add_argument(
        "--seed",
        type=int,
        default=1,
        help="the search's seed (default 1): the same seed, the same review",
    )
    review.add_argument(
        "--playouts",
        type=_at_most(MAX_REVIEW_PLAYOUTS),
        default=None,
        metavar="N",
        help="the search's playouts per option of a decision (default: the review's own)",
    )
    review.add_argument(
        "--luck-games",
        type=_at_most(MAX_LUCK_GAMES),
        default=None,
        metavar="N",
        help="the games played from each deal to judge its luck (default: the review's own)",
    )

    arena = sub.add_parser(
        "arena",
        help="play computer players against each other and report their strength",
        description="Play bot-only games without the UI and report per seat: win share "
        "(a shared win counts 1/k) with its 95%% Wilson score interval, the mean score per "
        "game (VP in Monster Trick, points in Magic Trick, games won per match in Monster "
        "Taking) with its interval, how often the seat made its prediction (Monster "
        "Trick: the round's VP card scored was the row's highest; Magic Trick: tricks "
        "taken equal to the bid), and decision times. For Monster Taking each arena game "
        "is a best-of-three match. Seats and the starting player rotate over the games. "
        "The same seed gives the same results with any --jobs (hard seats need hard:N "
        "for that).",
    )
    arena.add_argument(
        "--game",
        choices=list(GAMES),
        default=DEFAULT_GAME,
        help=f"the game (default {DEFAULT_GAME})",
    )
    arena.add_argument(
        "--seats",
        required=True,
        metavar="LEVELS",
        help="comma-separated levels, one per seat (Monster Trick 2 to 5, Magic Trick 4, "
        "Monster Taking 2): easy, medium, hard, hard:N (N playouts per decision, at most "
        "100000) or hard:Ss (S seconds per decision, at most 10), "
        "e.g. hard,medium,medium,medium",
    )
    arena.add_argument("--games", type=_positive, default=200, help="games to play (default 200)")
    arena.add_argument("--seed", type=int, default=1, help="the arena's seed (default 1)")
    arena.add_argument(
        "--jobs", type=_positive, default=1, help="games played at once, in processes (default 1)"
    )
    arena.add_argument("--json", action="store_true", help="print one JSON object")
    arena.add_argument(
        "--duplicate",
        action="store_true",
        help="play each deal once per seat, the seats rotated through the table, and "
        "report each seat's matchpoints (the share of the other results at the same deal "
        "and chair it beat, ties half), it and the win share with a 95%% interval over "
        "the deals; --games is rounded up to whole deals",
    )

    from .deal_command import add_deal_parser

    add_deal_parser(sub, _game_options, _listening_options, _pace, _screen_reader_option)

    serve = sub.add_parser(
        "serve",
        usage="monstertrick serve [-h] [--host HOST] [--port PORT] [--allow-host NAME]\n"
        "                          [--max-games N] [-- COMMAND ...]",
        help="serve the game to web browsers (needs monstertrick[web])",
        description="Serve the game to web browsers: every tab that opens the page gets "
        "a game process of its own, the start screen or, after --, the same fixed "
        "command (play, resume or view), e.g. "
        'monstertrick serve -- play --players "Ann, Bob:hard". Closing a tab ends its '
        "game; the autosave keeps it for Continue. There is no login and every tab "
        "shares one saves folder: keep the default 127.0.0.1 unless you trust the "
        "network. Only pages opened at one of this server's names are served (so that "
        "no other web site can reach it through a name of its own): 127.0.0.1, localhost "
        "and [::1]; with --host, also that address and, unless it is a loopback address, "
        "this machine's host name, NAME.local, its full name and any of its addresses; "
        "and every --allow-host NAME. A tab that sends too much, too fast, is closed; "
        "a closed tab or a stopped server ends its games. A tab draws the app's screens "
        "in the browser's terminal: it has no line mode for a screen reader (neither "
        "--screen-reader in the command, MONSTERTRICK_SCREEN_READER nor the saved setting "
        "switches it); for plain lines, host the game and join --screen-reader, or ssh "
        "CODE+lines@ADDRESS. "
        'Needs textual-serve: pip install "monstertrick[web]".',
    )
    _listening_options(serve, 8000, "serve pages opened at")
    serve.add_argument(
        "--max-games",
        type=_positive,
        default=16,
        metavar="N",
        help="at most N games (open tabs) at once (default 16)",
    )
    serve.add_argument(
        "app",
        nargs=argparse.REMAINDER,
        metavar="-- COMMAND",
        help="a monstertrick command every tab runs (play, resume or view, with its options)",
    )
    host = sub.add_parser(
        "host",
        help="host one game that each person joins from their own screen (needs "
        "monstertrick[table])",
        description="Host one game that each person joins from their own screen: a "
        "terminal (monstertrick join), a browser tab or an SSH client. Prints a join code "
        "for each person's seat and how to join; then what happens at the table. The "
        "game is saved after every decision: --resume reopens it with the same codes. "
        "Listens on 127.0.0.1 (this machine) unless told otherwise.",
    )
    host.add_argument(
        "--players",
        metavar="NAMES",
        help='comma-separated names, in seat order, as for play, e.g. "Ann, Bob, Cy:hard" '
        "(NAME:LEVEL is a computer player, played in the host)",
    )
    _game_options(host)
    host.add_argument(
        "--resume",
        nargs="?",
        const="",
        metavar="FILE",
        help="reopen a hosted game (FILE, or the unfinished game played most recently), "
        "with the codes it had",
    )
    _listening_options(host, 8100, "answer to")
    host.add_argument(
        "--ssh",
        type=_port,
        metavar="PORT",
        help="also let SSH clients join on PORT: ssh -p PORT CODE@ADDRESS, or "
        "CODE+lines@ADDRESS for plain lines for a screen reader (needs monstertrick[table])",
    )
    host.add_argument(
        "--pace",
        type=_pace,
        default=None,
        metavar="SECONDS",
        help="the pause after a computer player's move, so that screens can follow it (default 1)",
    )
    host.add_argument(
        "--json",
        action="store_true",
        help="first print one line of JSON: each seat's name and code, and where to join",
    )

    join = sub.add_parser(
        "join",
        help="join a hosted game's seat from this terminal (needs monstertrick[table])",
        description="Join a game hosted with monstertrick host, at ADDRESS (as the host "
        "printed it, e.g. 192.168.1.20:8100), for the seat of CODE; without CODE, the "
        "first screen asks for it. The watchers' code (or --watch) shows what everyone may see.",
    )
    join.add_argument("address", metavar="ADDRESS", help="the host's address, HOST:PORT")
    join.add_argument("code", nargs="?", metavar="CODE", help="your seat's code, e.g. K7QF-9XMB")
    _screen_reader_option(join)
    join.add_argument(  # the SSH door's own way to ask (CODE+lines as the user name)
        "--screen-reader-over-ssh", action="store_true", help=argparse.SUPPRESS
    )
    join.add_argument(
        "--watch",
        action="store_true",
        help="watch the table (what everyone may see), with any of its codes",
    )

    settings = sub.add_parser(
        "settings",
        help="show or change the saved settings (screen-reader on|off)",
        description="Show the saved settings, or change one: monstertrick settings "
        "screen-reader on starts every game in plain lines for a screen reader (as "
        "--screen-reader does) until settings screen-reader off. The --screen-reader flag "
        "and MONSTERTRICK_SCREEN_READER=1 or =0 come before the setting.",
    )
    settings.add_argument("name", nargs="?", choices=["screen-reader"], help="the setting")
    settings.add_argument("value", nargs="?", choices=["on", "off"], help="on or off")

    profile = sub.add_parser(
        "profile",
        help="each person's games, wins, rating and its trend, from the history",
        description="Per person and game, from every finished game in the history: games "
        "played, wins (a shared win counts 1/k), mean score, hit rate, a rating with its "
        "uncertainty (mu ± sigma, openskill's Plackett-Luce model, from each game's final "
        "placing; the computer levels are fixed anchors: easy 15, medium 25, hard 35), "
        "how it moved over the last games, and the agreement and chance given up per "
        "decision of the reviews kept. A damaged save is left out, with a line saying so; "
        "a game played on from a decision of another is not counted. Exit status: 0 shown "
        "or renamed, 1 no such person or the names file cannot be written, 2 usage error.",
    )
    profile.add_argument("name", nargs="?", metavar="NAME", help="only this person")
    profile.add_argument("--game", choices=list(GAMES), help="only this game")
    profile.add_argument("--json", action="store_true", help="print one JSON object")
    profile.add_argument(
        "--rename",
        nargs=2,
        metavar=("OLD", "NEW"),
        help="count OLD's games as NEW's from now on (merging the two if NEW has games too)",
    )
    return parser


def _listening_options(command: argparse.ArgumentParser, port: int, served: str) -> None:
    """Where a server listens, and the names it answers to."""
    command.add_argument(
        "--host",
        type=_host_name,
        default="127.0.0.1",
        help="the address to listen on (default 127.0.0.1: this machine only; 0.0.0.0: "
        "every address of this machine, for other devices)",
    )
    command.add_argument(
        "--port", type=_port, default=port, help=f"the port to listen on (default {port})"
    )
    command.add_argument(
        "--allow-host",
        type=_host_name,
        action="append",
        default=[],
        metavar="NAME",
        help=f"also {served} NAME (e.g. a name the router gives this machine); may be repeated",
    )


def _screen_reader_option(command: argparse.ArgumentParser, dest: str = "screen_reader") -> None:
    """``--screen-reader``: the game in plain lines (:mod:`monstertrick.lines`)."""
    command.add_argument(
        "--screen-reader",
        dest=dest,
        action="store_true",
        default=None,
        help="play in plain lines for a screen reader or a braille display: numbered "
        "choices, no boxes, no colour, nothing redrawn (also MONSTERTRICK_SCREEN_READER=1, "
        "=0 turns it off; or for good: monstertrick settings screen-reader on)",
    )


def _line_mode(args: argparse.Namespace) -> str | None:
    """What switched the line mode on (the flag over the environment variable), or
    None when it is off."""
    from .lines import wanted

    flag = getattr(args, "screen_reader", None) or args.screen_reader_start
    on, source = wanted(flag, saved=_saved_screen_reader)
    return source if on else None


def _saved_screen_reader() -> bool:
    """The saved setting of the line mode (a damaged settings file is set aside, and
    said so on stderr)."""
    from .settings import load

    settings, problem = load()
    if problem is not None:
        print(f"monstertrick: {problem}", file=sys.stderr)
    return settings.screen_reader


def run_settings(name: str | None, value: str | None) -> int:
    """``monstertrick settings [screen-reader on|off]``: show or change the saved
    settings."""
    from .lines import ENV
    from .settings import load, save, settings_path

    settings, problem = load()
    if problem is not None:
        print(f"monstertrick: {problem}", file=sys.stderr)
    if name is None:
        state = "on" if settings.screen_reader else "off"
        print(f"screen-reader: {state}   (in {settings_path()})")
        return 0
    if value is None:
        return _problem("say on or off: monstertrick settings screen-reader on")
    from dataclasses import replace

    try:
        path = save(replace(settings, screen_reader=value == "on"))
    except OSError as exc:
        return _problem(f"the settings could not be saved: {exc.strerror or exc}")
    if value == "on":
        print(
            "screen-reader: on. monstertrick now starts in plain lines for a screen reader; "
            f"--screen-reader and {ENV}=0 or =1 still come first. Saved in {path}."
        )
    else:
        print(f"screen-reader: off. Saved in {path}.")
    return 0


def run_lines(source: str, **options: Any) -> int:
    """The game in plain lines instead of the app's screens."""
    from .lines.start import run

    return run(source=source, **options)


def _game_options(command: argparse.ArgumentParser) -> None:
    """The options of a new game: which game, its seed, who starts."""
    command.add_argument(
        "--game",
        choices=playable_games(),
        default=DEFAULT_GAME,
        help=f"the game to play (default {DEFAULT_GAME})",
    )
    command.add_argument(
        "--seed", type=int, help="deal from this seed (the same seed, the same game)"
    )
    command.add_argument(
        "--first", metavar="NAME", help="who starts round 1 (default: the first name)"
    )


def _pace(text: str) -> float:
    from .seating import SetupError, parse_pace

    try:
        return parse_pace(text)
    except SetupError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _whole(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text} must be at least 1")
    return value


def _at_most(most: int) -> Callable[[str], int]:
    """An argument's reader: a whole number from 1 to ``most``."""

    def read(text: str) -> int:
        value = _positive(text)
        if value > most:
            raise argparse.ArgumentTypeError(f"{text} is more than {most}")
        return value

    return read


MAX_REVIEW_PLAYOUTS = 100_000
"""The most playouts per option ``review --playouts`` takes."""

MAX_LUCK_GAMES = 10_000
"""The most games from each deal ``review --luck-games`` takes."""


def _port(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port number") from None
    if not 1 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"{text} is not a port number (1 to 65535)")
    return value


def _host_name(text: str) -> str:
    from .net.guards import host_name

    if host_name(text) is None:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a host name or address (e.g. 192.168.1.20, table.local)"
        )
    return text[1:-1] if text.startswith("[") else text  # [::1] is ::1 to listen on


def playable_games() -> list[str]:
    """The registered games that have screens (a ``tui`` package), by key."""
    from .games import GAMES
    from .tui import has_screens

    return [key for key in GAMES if has_screens(key)]


def _seats(parser: argparse.ArgumentParser, args: argparse.Namespace) -> Seating:
    """The seating of ``play``'s --players and --first (a usage error if invalid)."""
    from .seating import SetupError, parse_seats

    names = [n.strip() for n in args.players.split(",")]
    try:
        return parse_seats(names, first=args.first, game=args.game)
    except SetupError as exc:
        parser.error(str(exc))


def _served_command(parser: argparse.ArgumentParser, app: Sequence[str]) -> list[str]:
    """The command after ``serve --``, checked now with this module's own parser, so
    that a usage error is reported once here rather than in every browser tab."""
    from .net.transports.serve import SERVABLE

    command = list(app[1:] if app[:1] == ["--"] else app)
    if not command:
        return command
    if command[0] not in SERVABLE:
        parser.error(
            f"serve runs one of {', '.join(SERVABLE)} in every tab, not {command[0]!r} "
            '(e.g. monstertrick serve -- play --players "Ann,Bob")'
        )
    own = build_parser()
    args = own.parse_args(command)
    if getattr(args, "screen_reader", False):  # (view has no line mode switch)
        parser.error(
            "a browser tab draws the app's screens, not plain lines: leave out "
            "--screen-reader (for a screen reader: monstertrick host, then join "
            "--screen-reader, or ssh CODE+lines@ADDRESS)"
        )
    if args.command == "play":
        _seats(own, args)
    problem = None
    if args.command == "view":
        problem = _viewable(args.file, reveal=args.reveal)
    elif args.command == "resume" and args.from_decision is not None:
        problem = _played_on(args.file, args.from_decision)
    elif args.command == "resume":
        problem = _resumable(args.file)
    if isinstance(problem, str):
        parser.error(problem)
    return command


def main(argv: Sequence[str] | None = None) -> int:
    try:
        try:
            return _main(argv)
        finally:
            sys.stdout.flush()  # here, where a closed pipe is caught, not as Python exits
    except BrokenPipeError:
        # Whoever read the output stopped reading (``monstertrick replay ... | head -1``):
        # end quietly, as a program the closed pipe ends, with nothing more to say.
        _drop_output()
        return BROKEN_PIPE


BROKEN_PIPE = 141
"""The exit status after the reader of the output went away (128 + SIGPIPE, as the
shell reports a program that the closed pipe ended)."""


def _drop_output() -> None:
    """Point standard output and error at the null device, so that nothing left in their
    buffers is written (and fails again) as the interpreter exits."""
    import os

    try:
        null = os.open(os.devnull, os.O_WRONLY)
    except OSError:
        return
    for stream in (sys.stdout, sys.stderr):
        try:
            os.dup2(null, stream.fileno())
        except (OSError, ValueError, AttributeError):  # not a real file (a test's capture)
            pass
    os.close(null)


def _main(argv: Sequence[str] | None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command == "replay":
        return run_replay(args.files, as_json=args.json, out=sys.stdout, err=sys.stderr)
    if args.command == "review":
        return run_review(
            args.file,
            players=args.player,
            as_json=args.json,
            every=args.every,
            jobs=args.jobs,
            seed=args.seed,
            playouts=args.playouts,
            luck_games=args.luck_games,
        )
    if args.command == "arena":
        from .arena import check_seats

        try:
            specs = check_seats(args.seats.split(","), args.game)
        except ValueError as exc:
            parser.error(str(exc))
        return run_arena(
            specs,
            args.games,
            seed=args.seed,
            jobs=args.jobs,
            as_json=args.json,
            game=args.game,
            duplicate=args.duplicate,
        )
    if args.command == "deal":
        from .deal_command import run_deal

        lines = _line_mode(args) if args.deal_command == "play" else None
        return run_deal(parser, args, lines)
    if args.command == "play":
        seats = _seats(parser, args)
        lines = _line_mode(args)
        if lines is not None:
            return run_lines(lines, seats=seats, seed=args.seed, game=args.game)
        return run_app(seats=seats, seed=args.seed, pace=args.pace, game=args.game)
    if args.command == "serve":
        command = _served_command(parser, args.app)
        from .net.transports.serve import serve

        return serve(
            command,
            host=args.host,
            port=args.port,
            allow_hosts=args.allow_host,
            max_games=args.max_games,
        )
    if args.command == "host":
        return run_hosting(parser, args)
    if args.command == "join":
        from .lines import OVER_SSH

        lines = OVER_SSH if args.screen_reader_over_ssh else _line_mode(args)
        return run_join(parser, args.address, args.code, watch=args.watch, lines=lines)
    return _main_rest(parser, args)


def _main_rest(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """The commands of :func:`_main` on saved games, the settings, the lessons and the
    profiles; without a command, the app (or the line mode)."""
    if args.command == "resume" and args.from_decision is not None:
        if args.file is None:
            parser.error("--from N plays on from a finished game: say which (resume FILE --from N)")
        return run_play_on(args.file, args.from_decision, pace=args.pace, lines=_line_mode(args))
    if args.command == "resume":
        return run_resume(args.file, pace=args.pace, lines=_line_mode(args))
    if args.command == "settings":
        return run_settings(args.name, args.value)
    if args.command == "view":
        return run_view(args.file, reveal=args.reveal)
    if args.command == "learn":
        return run_learn(args.game, args.lesson, listing=args.list, lines=_line_mode(args))
    if args.command == "profile":
        if args.rename and (args.name or args.game or args.json):
            parser.error("--rename OLD NEW takes no NAME, --game nor --json")
        if args.rename:
            return run_rename(*args.rename)
        return run_profile(args.name, game=args.game, as_json=args.json)
    lines = _line_mode(args) if args.command is None else None
    if lines is not None:
        return run_lines(lines)
    return run_app()


def run_hosting(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """``monstertrick host``: a new table, or one reopened with ``--resume``."""
    from .net.host.command import new_table, resumed_table, run_host
    from .saves import SaveLocked, SaveStore
    from .seating import DEFAULT_PACE

    pace = DEFAULT_PACE if args.pace is None else args.pace
    store = SaveStore()
    resumed = None
    if args.resume is not None:
        if args.players is not None:
            parser.error("--resume reopens a game with its own players: leave out --players")
        saved = _resumable(args.resume or None)
        if isinstance(saved, str):
            return _problem(saved)
        try:
            store.lock(saved.path)  # held while the table is open, never two writers
        except SaveLocked as exc:
            return _problem(f"that game cannot be reopened: {exc}; close it there first")
        table, resumed = resumed_table(saved, store, pace)
    else:
        if args.players is None:
            parser.error('say who plays: --players "Ann, Bob, Cy:hard" (or --resume)')
        seats = _seats(parser, args)
        if not any(seat.is_human for seat in seats.seats):
            parser.error("a hosted game needs at least one person (NAME without :LEVEL)")
        from .tui.app import new_seed

        seed = new_seed() if args.seed is None else args.seed
        table = new_table(seats, seed, args.game, store, pace)
    return run_host(
        table,
        host=args.host,
        port=args.port,
        ssh_port=args.ssh,
        allow_hosts=args.allow_host,
        as_json=args.json,
        resumed=resumed,
    )


def run_join(
    parser: argparse.ArgumentParser,
    address: str,
    code: str | None,
    *,
    watch: bool = False,
    lines: str | None = None,
) -> int:
    """``monstertrick join``: one seat of a hosted game on this terminal."""
    from .net.protocol import normal_code
    from .net.seat.session import table_url

    url = table_url(address)
    if url is None:
        parser.error(
            f"{shown_text(address)} is not an address to join: HOST:PORT, e.g. 127.0.0.1:8100"
        )
    if code is not None and normal_code(code) is None:
        parser.error(
            f"{shown_text(code)} is not a join code: eight letters and digits, like K7QF-9XMB"
        )
    try:
        import aiohttp  # noqa: F401
    except ImportError:
        return _problem('joining a table needs aiohttp: pip install "monstertrick[table]"')
    given = normal_code(code) if code is not None else None
    if lines is not None:
        from .net.seat.lines import run_join_lines

        return run_join_lines(url, given, lines, watch=watch)
    from .net.seat.app import run_join as run

    return run(url, address, given, watch=watch)


def shown_text(text: str) -> str:
    from .records import shown

    return repr(shown(text, 60))


def _problem(message: str) -> int:
    print(f"monstertrick: {message}", file=sys.stderr)
    return 1


def run_resume(file: str | None, *, pace: float | None = None, lines: str | None = None) -> int:
    from .records import shown
    from .saves import SaveLocked, SaveStore

    saved = _resumable(file)
    if isinstance(saved, str):
        return _problem(saved)
    try:
        SaveStore().lock(saved.path)  # held while the game is open, never two writers
    except SaveLocked as exc:
        label = shown(file if file is not None else str(saved.path))
        return _problem(f"{label} cannot be resumed: {exc}; close it there first")
    if lines is not None:
        return run_lines(lines, resume=saved)
    return run_app(resume=saved, pace=pace)


def run_play_on(
    file: str, made: int, *, pace: float | None = None, lines: str | None = None
) -> int:
    """``resume FILE --from N``: a new game from the finished game FILE after N
    decisions, marked as a replay."""
    saved = _played_on(file, made)
    if isinstance(saved, str):
        return _problem(saved)
    if lines is not None:
        return run_lines(lines, play_on=(saved, made))
    return run_app(play_on=(saved, made), pace=pace)


def _played_on(file: str | None, made: int) -> SavedGame | str:
    """The finished game ``resume FILE --from N`` plays on from, or why it cannot."""
    from pathlib import Path

    from .errors import RecordError
    from .playon import PlayOnError, check_play_on
    from .records import shown
    from .saves import read_save

    if file is None:
        return "--from N plays on from a finished game: say which (resume FILE --from N)"
    try:
        saved = read_save(Path(file))
    except RecordError as exc:
        return f"{shown(file)} cannot be played on from: {exc}"
    if not saved.finished:
        return (
            f"{shown(file)} is not finished: continue it with 'monstertrick resume "
            f"{shown(file)}' (a game is played on from a decision once it is over)"
        )
    try:
        check_play_on(saved, made)
    except PlayOnError as exc:
        return f"{shown(file)} cannot be played on from decision {made}: {exc}"
    return saved


def _resumable(file: str | None) -> SavedGame | str:
    """The saved game ``resume [FILE]`` continues (FILE, or the unfinished game played
    most recently), or why there is none."""
    from pathlib import Path

    from .errors import RecordError
    from .records import shown
    from .saves import SaveStore, read_save

    store = SaveStore()
    if file is None:
        games, damaged = store.unfinished()
        for d in damaged:
            print(f"damaged save {shown(str(d.path))}: {d.reason}", file=sys.stderr)
        if not games:
            return (
                f"no unfinished games in {shown(str(store.saves))}; start one with 'monstertrick'"
            )
        file = str(games[0].path)
        try:
            saved = store.open(games[0])  # replayed now, only this one
        except RecordError as exc:
            return f"{shown(file)} cannot be resumed: {exc}"
    else:
        try:
            saved = read_save(Path(file))
        except RecordError as exc:
            return f"{shown(file)} cannot be resumed: {exc}"
    if saved.finished:  # (a listed save whose summary said it was not)
        return f"{shown(file)} is a finished game: watch it with 'monstertrick view {shown(file)}'"
    return saved


def run_view(file: str, *, reveal: bool) -> int:
    saved = _viewable(file, reveal=reveal)
    if isinstance(saved, str):
        return _problem(saved)
    # in that game's own viewer, whose p plays on from a step (with the save's seats)
    return run_app(view=saved.game, game=saved.game_key, viewed=saved)


def _viewable(file: str, *, reveal: bool) -> SavedGame | str:
    """The game ``view FILE`` shows, or why it cannot."""
    from pathlib import Path

    from .errors import RecordError
    from .records import shown
    from .saves import read_save

    try:
        saved = read_save(Path(file))
    except RecordError as exc:
        return f"{shown(file)} cannot be shown: {exc}"
    if not saved.finished and not reveal:
        return (
            f"{shown(file)} is an unfinished game: {GAMES[saved.game_key].secret} are "
            "still secret, so the viewer will not show them. Continue it with 'monstertrick "
            "resume', or add --reveal to show everything anyway."
        )
    return saved


def run_learn(
    game: str | None, lesson: str | None, *, listing: bool, lines: str | None = None
) -> int:
    """``learn``: the list of lessons printed, or the app on the lessons (or on one);
    in lines when ``lines`` says what switched the line mode on."""
    from .lessons import Progress, find_lesson, lessons_of, list_text

    games = [game] if game is not None else [g for g in playable_games() if lessons_of(g)]
    if listing:
        progress = Progress.load()
        if progress.problem:
            print(f"monstertrick: {progress.problem}", file=sys.stderr)
        print(list_text(progress, games))
        return 0
    if lesson is not None:
        found = None
        for key in games:
            try:
                found = (key, find_lesson(key, lesson).key)
            except KeyError as exc:
                problem = str(exc.args[0])
            else:
                break
        if found is None:
            if game is None:
                problem = f"there is no lesson {shown_text(lesson)}: see monstertrick learn --list"
            print(f"monstertrick learn: {problem}", file=sys.stderr)
            return 2
        if lines is not None:
            return _learn_in_lines(lines, *found)
        return run_app(learn=found)
    if lines is not None:
        return _learn_in_lines(lines, game, None)
    return run_app(learn=(game, None))


def _learn_in_lines(source: str, game: str | None, lesson: str | None) -> int:
    from .lines.start import learn

    return learn(source=source, game=game, lesson=lesson)


def run_app(**options: object) -> int:
    from .tui.app import run

    return run(**options)  # type: ignore[arg-type]


def run_arena(
    specs: Sequence[str],
    games: int,
    *,
    seed: int,
    jobs: int,
    as_json: bool,
    game: str = DEFAULT_GAME,
    duplicate: bool = False,
) -> int:
    """Play the arena with a progress bar on stderr; print the report on stdout."""
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    from .arena import format_report, run

    console = Console(stderr=True)
    progress = Progress(
        TextColumn("arena"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=console,
        transient=console.is_terminal,  # in a log file, the last state stays
    )
    if duplicate:
        games = -(-games // len(specs)) * len(specs)  # (whole deals)
    with progress:
        task = progress.add_task("games", total=games)
        report = run(
            specs,
            games,
            seed=seed,
            jobs=jobs,
            game=game,
            progress=lambda done: progress.update(task, completed=done),
            duplicate=duplicate,
        )
    if as_json:
        print(json.dumps(report))
    else:
        print(format_report(report, seed=seed))
    return 0


def run_profile(name: str | None, *, game: str | None = None, as_json: bool = False) -> int:
    """The profiles of the history (of one person, of one game) on stdout."""
    from .profiles import format_profiles, profiles
    from .records import name_problem, shown

    result = profiles()
    if game is not None:
        result.games = {k: g for k, g in result.games.items() if k == game}
    if name is not None:
        problem = name_problem(name)
        mine = result.of(name)
        if problem is not None or not mine.games:
            where = f" in {GAMES[game].title}" if game is not None else ""
            known = sorted({p.name for g in result.games.values() for p in g.people})
            listed = ", ".join(shown(n, 16) for n in known) if known else "none yet"
            return _problem(
                f"no one called {shown_text(name)} has finished a game{where} (people: {listed})"
            )
        result = mine
    if as_json:
        print(json.dumps(result.to_json(), ensure_ascii=False))
    else:
        print(format_profiles(result), end="")
    return 0


def run_rename(old: str, new: str) -> int:
    """Rename a profile (merging it into another): the names file is written."""
    from .profiles import AliasError, load_aliases, profiles, rename

    before = profiles(with_reviews=False)
    for problem in [before.aliases.problem] if before.aliases.problem else []:
        print(f"monstertrick: {problem}", file=sys.stderr)
    known = {p.name for g in before.games.values() for p in g.people}
    person = load_aliases().resolve(old)
    if person not in known:
        return _problem(f"no one called {shown_text(old)} has finished a game: nothing to rename")
    try:
        rename(old, new)
    except AliasError as exc:
        return _problem(str(exc))
    except OSError as exc:
        return _problem(f"the names file cannot be written: {exc.strerror or exc}")
    merged = " (merged with the games already under that name)" if new in known else ""
    print(f"{shown_text(old)} is now {shown_text(new)}{merged}.")
    return 0


def run_review(
    file: str,
    *,
    players: Sequence[str] = (),
    as_json: bool = False,
    every: bool = False,
    jobs: int = 1,
    seed: int = 1,
    playouts: int | None = None,
    luck_games: int | None = None,
) -> int:
    """Review a finished game; the review on stdout, progress on stderr (a terminal's)."""
    from .errors import RecordError
    from .records import check_format, parse_json, read_record_file, shown
    from .review import (
        LUCK_SAMPLES,
        PLAYOUTS,
        Game,
        ReviewCache,
        ReviewError,
        Settings,
        format_review,
        people,
        review,
    )

    label = shown(file)
    try:
        doc = check_format(parse_json(read_record_file(file)))
        game = Game(doc)
    except (RecordError, ReviewError) as exc:
        return _problem(f"{label} cannot be reviewed: {exc}")
    if players:
        unknown = [n for n in players if n not in game.players]
        if unknown:
            print(
                f"monstertrick: no player {shown(unknown[0])} in {label} (its players: "
                f"{', '.join(game.players)})",
                file=sys.stderr,
            )
            return 2
        seats = tuple(p for p, n in enumerate(game.players) if n in players)
    else:
        seats = people(doc, game.players)
        if not seats:
            print(
                f"monstertrick: every player of {label} is a computer player: name the "
                "ones to review with --player",
                file=sys.stderr,
            )
            return 2
    settings = Settings(
        seed=seed, playouts=playouts or PLAYOUTS, luck_samples=luck_games or LUCK_SAMPLES
    )
    with _progress("review") as progress:
        result = review(game, seats, settings, jobs=jobs, progress=progress, cache=ReviewCache())
    if as_json:
        print(json.dumps(result.to_json()))
    else:
        print(format_review(result, every=every), end="")
    return 0


class _progress:
    """A progress bar on stderr while a long task runs, only when stderr is a terminal;
    used as ``with _progress(label) as update: update(done, total)``."""

    def __init__(self, label: str) -> None:
        from rich.console import Console

        self.console = Console(stderr=True)
        self.label = label
        self.bar: Any = None
        self.task: Any = None

    def __enter__(self) -> Callable[[int, int], None]:
        if self.console.is_terminal:
            from rich.progress import (
                BarColumn,
                MofNCompleteColumn,
                Progress,
                TextColumn,
                TimeElapsedColumn,
            )

            self.bar = Progress(
                TextColumn(self.label),
                BarColumn(),
                MofNCompleteColumn(),
                TimeElapsedColumn(),
                console=self.console,
                transient=True,
            )
            self.bar.__enter__()
        return self.update

    def update(self, done: int, total: int) -> None:
        if self.bar is None:
            return
        if self.task is None:
            self.task = self.bar.add_task(self.label, total=total)
        self.bar.update(self.task, completed=done, total=total)

    def __exit__(self, *exc: object) -> None:
        if self.bar is not None:
            self.bar.__exit__(None, None, None)


def run_replay(files: Sequence[str], *, as_json: bool, out: TextIO, err: TextIO) -> int:
    """Replay each record (of any registered game) and report its outcome."""
    from .errors import RecordError
    from .games import GAMES
    from .records import game_of, parse_json, read_record_file, read_record_stream, shown

    status = 0
    for name in files:
        label = shown(name)
        outcome: dict[str, object] | str | RecordError
        try:
            if name == "-":
                data = read_record_stream(sys.stdin.buffer)
            else:
                data = read_record_file(name)
            doc = parse_json(data)
            game = GAMES[game_of(doc)].load()
            outcome = game.replay(doc) if as_json else game.describe(doc)
        except RecordError as exc:
            outcome = exc
        if isinstance(outcome, RecordError):
            status = 1
            if as_json:
                error = {"message": str(outcome), "round": outcome.round, "move": outcome.move}
                print(json.dumps({"error": error}), file=out)
            else:
                print(f"{label}: {outcome}", file=err)
        elif as_json:
            print(json.dumps(outcome), file=out)
        else:
            print(f"{label}: {outcome}", file=out)
    out.flush()
    return status


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
