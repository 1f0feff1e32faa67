"""``monstertrick deal``: make, play, host, import and score deal packs (and the daily
deal). The logic lives in :mod:`monstertrick.packs`; this is its command line. Textual is
imported only when a deal is about to be played at this keyboard."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .deal_limits import BASELINE_LEVEL, DAILY_DEALS, MAX_DEALS
from .games import DEFAULT_GAME, GAMES

if TYPE_CHECKING:
    from datetime import date

    from .packs import Pack
    from .saves import SaveStore
    from .seating import Seating
    from .session import Session

DAILY = "daily"
"""The word that stands for today's daily pack where a PACK file is asked for."""


def add_deal_parser(
    sub: Any,
    game_options: Callable[[argparse.ArgumentParser], None],
    listening_options: Callable[[argparse.ArgumentParser, int, str], None],
    pace: Callable[[str], float],
    screen_reader_option: Callable[[argparse.ArgumentParser], None] | None = None,
) -> None:
    """The ``deal`` command and its subcommands, on the CLI's subparsers
    (``screen_reader_option``: the CLI's ``--screen-reader``, on ``deal play``)."""
    deal = sub.add_parser(
        "deal",
        help="deal packs: the same deals for everyone, compared deal by deal (and the daily deal)",
        description="Deal packs: a pack is a small file of deals (seeds and who starts) "
        "that anyone can play, here or elsewhere; `deal scores` compares everyone who "
        "played a deal at the same seat (matchpoints: the share of the others you beat, "
        "ties half) and against the computer (hard). The daily deal is the same pack "
        "for everyone on the same date (UTC), with no server.",
    )
    deal_sub = deal.add_subparsers(dest="deal_command", metavar="SUBCOMMAND", required=True)
    games = list(GAMES)

    new = deal_sub.add_parser(
        "new",
        help="make a new pack of deals (a file to share)",
        description="Make a pack of new deals and write it to a file (by default "
        "pack-ID.json in this folder): send it to whoever should play the same deals.",
    )
    new.add_argument("--game", choices=games, default=DEFAULT_GAME, help="the game")
    new.add_argument(
        "--deals",
        type=_deals,
        default=DAILY_DEALS,
        metavar="N",
        help=f"deals (1 to {MAX_DEALS}, default {DAILY_DEALS})",
    )
    new.add_argument(
        "--seats",
        type=int,
        metavar="N",
        help="players at the table (default 4, or what the game has)",
    )
    new.add_argument("--title", default="", help="a title for the pack (at most 80 characters)")
    new.add_argument("-o", "--output", metavar="FILE", help="where to write it ('-': print it)")

    daily = deal_sub.add_parser(
        "daily",
        help="write the daily deal: today's pack, the same for everyone",
        description=f"Write the daily pack: {DAILY_DEALS} deals that are the same for everyone on "
        "the same date, from a fixed rule (the seeds are a hash of "
        "monstertrick-daily/GAME/SEATS/YYYY-MM-DD/i; README.md says it in full). "
        "'Today' is the date in UTC. `deal play daily` plays it directly.",
    )
    daily.add_argument("--game", choices=games, default=DEFAULT_GAME, help="the game")
    daily.add_argument("--seats", type=int, metavar="N", help="players (default 4, or the game's)")
    daily.add_argument(
        "--date", type=_date, metavar="YYYY-MM-DD", help="another day's pack (default: today, UTC)"
    )
    daily.add_argument("-o", "--output", metavar="FILE", help="where to write it ('-': print it)")

    play = deal_sub.add_parser(
        "play",
        help="play the deals of a pack at this keyboard",
        description="Play each deal of a pack in turn at this keyboard (a deal these "
        "players already finished is skipped; one left unfinished goes on). PACK is a "
        "pack file, or 'daily' for today's daily deal of --game for as many players as "
        "--players names.",
    )
    _pack_argument(play)
    play.add_argument(
        "--players",
        required=True,
        metavar="NAMES",
        help='comma-separated names, one per seat of the pack, as for play: "Ann, Cy:hard, Di:medium"',
    )
    play.add_argument("--deal", type=_positive, metavar="N", help="play deal N only")
    play.add_argument(
        "--pace",
        type=pace,
        default=None,
        metavar="SECONDS",
        help="how long a computer player's move stays on screen (default 1)",
    )
    play.add_argument(
        "--game",
        choices=games,
        default=DEFAULT_GAME,
        help="the game of 'daily' (default Monster Trick)",
    )
    if screen_reader_option is not None:
        screen_reader_option(play)

    host = deal_sub.add_parser(
        "host",
        help="host a deal of a pack for everyone's own screen (needs monstertrick[table])",
        description="Host one deal of a pack, as `monstertrick host` hosts a game: each "
        "person joins from their own screen with their seat's code. Without --deal, the "
        "first deal these players have not finished.",
    )
    _pack_argument(host)
    host.add_argument("--players", required=True, metavar="NAMES", help="names, as for play")
    host.add_argument("--deal", type=_positive, metavar="N", help="host deal N")
    host.add_argument(
        "--game",
        choices=games,
        default=DEFAULT_GAME,
        help="the game of 'daily' (default Monster Trick)",
    )
    listening_options(host, 8100, "answer to")
    host.add_argument("--pace", type=pace, default=None, metavar="SECONDS", help="as for host")
    host.add_argument("--json", action="store_true", help="first print the codes as JSON")

    imp = deal_sub.add_parser(
        "import",
        help="take in records of a pack played elsewhere",
        description="Take in finished games of a pack played on other machines (their "
        "records, from those machines' history). Each is checked: it must be a finished "
        "game of one of the pack's deals, dealt exactly so; anything else is refused with "
        "the reason. Exit status: 0 all taken in, 1 any refused.",
    )
    imp.add_argument(
        "--pack",
        metavar="PACK",
        help="the pack they are of (default: the pack each record names, if this machine knows it)",
    )
    imp.add_argument("files", nargs="+", metavar="FILE", help="game records (.json)")

    sc = deal_sub.add_parser(
        "scores",
        help="compare everyone who played a pack, deal by deal",
        description="Per deal and seat, each person's result and matchpoints (the share "
        "of the others who played that deal at that seat whom it beat, ties half), each "
        "person's pack total (the mean of their matchpoints), and the baseline: the "
        f"deal played by {BASELINE_LEVEL} in every seat (computed once, then kept). Games "
        "played on from another game's decision never count.",
    )
    _pack_argument(sc)
    sc.add_argument(
        "--game",
        choices=games,
        default=DEFAULT_GAME,
        help="the game of 'daily' (default Monster Trick)",
    )
    sc.add_argument(
        "--seats", type=int, metavar="N", help="the players of 'daily' (default 4, or the game's)"
    )
    sc.add_argument(
        "--baseline",
        default=BASELINE_LEVEL,
        metavar="LEVEL",
        help=f"the computer players of the baseline (default {BASELINE_LEVEL})",
    )
    sc.add_argument(
        "--jobs",
        type=_jobs,
        default=1,
        metavar="N",
        help="play the baseline's deals N at once, in processes (default 1)",
    )
    sc.add_argument("--json", action="store_true", help="print one JSON object")


def _pack_argument(command: argparse.ArgumentParser) -> None:
    command.add_argument(
        "pack", metavar="PACK", help="a pack file (.json), or 'daily' for today's daily deal"
    )


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{shown(text, 20)!r} is not a whole number") from None
    if not 1 <= value <= MAX_DEALS:
        raise argparse.ArgumentTypeError(f"{text} is not a deal number (1 to {MAX_DEALS})")
    return value


def _jobs(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{shown(text, 20)!r} is not a whole number") from None
    if not 1 <= value <= 64:
        raise argparse.ArgumentTypeError(f"{text} is not a number of processes (1 to 64)")
    return value


def _deals(text: str) -> int:
    return _positive(text)


def _date(text: str) -> date:
    from datetime import date

    try:
        return date.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"{shown(text, 20)!r} is not a date: write YYYY-MM-DD"
        ) from None


def shown(text: str, limit: int = 200) -> str:
    """Text from outside for a message, escaped (:func:`monstertrick.records.shown`)."""
    from .records import shown as escaped

    return escaped(text, limit)


def _problem(message: str) -> int:
    print(f"monstertrick: {message}", file=sys.stderr)
    return 1


def run_deal(
    parser: argparse.ArgumentParser, args: argparse.Namespace, lines: str | None = None
) -> int:
    """``monstertrick deal ...``: its exit status (``lines``: what switched the line mode
    on for ``deal play``, None when it is off)."""
    from .packs import PackError, daily_pack, new_pack

    try:
        command = args.deal_command
        if command == "new":
            try:
                pack = new_pack(args.game, args.deals, args.seats, title=args.title)
            except PackError as exc:
                parser.error(str(exc))
            return _write(pack, args.output, f"pack-{pack.id}.json")
        if command == "daily":
            try:
                pack = daily_pack(args.game, args.date, args.seats)
            except PackError as exc:
                parser.error(str(exc))
            day = pack.title.rsplit(" ", 1)[-1]
            table = "" if args.seats is None else f"{pack.seats}p-"
            return _write(pack, args.output, f"daily-{pack.game}-{table}{day}.json")
        if command == "import":
            return _import(args.pack, args.files)
        seats = getattr(args, "seats", None)
        if command != "scores":  # (today's daily deal for as many players as are named)
            seats = len(args.players.split(","))
        pack = _load(args.pack, args.game, seats)
        if command == "scores":
            return _scores(parser, pack, args.baseline, as_json=args.json, jobs=args.jobs)
        seating = _seating(parser, pack, args.players)
        if command == "host":
            return _host(pack, seating, args)
        return _play(pack, seating, args.deal, _Keyboard(args.pace, lines))
    except PackError as exc:
        return _problem(str(exc))


def _load(text: str, game: str, seats: int | None = None) -> Pack:
    """The pack a PACK argument names (a file, or ``daily``: today's daily pack of
    ``game`` for ``seats``, if the game is played by that many), kept on this machine."""
    from pathlib import Path

    from .packs import PackError, daily_pack, read_pack, remember
    from .saves import SaveStore

    if text == DAILY and not Path(text).exists():
        facts = GAMES[game]
        fits = seats is not None and facts.min_players <= seats <= facts.max_players
        pack = daily_pack(game, seats=seats if fits else None)
    else:
        try:
            pack = read_pack(text)
        except PackError as exc:
            raise PackError(f"{shown(text)} is not a deal pack: {exc}") from None
    try:
        remember(pack, SaveStore().root)
    except OSError:
        pass  # (the pack is still played; records of it are then imported with --pack)
    return pack


def _write(pack: Pack, output: str | None, default: str) -> int:
    from pathlib import Path

    from .packs import PackError, read_pack, remember
    from .saves import SaveStore, atomic_write

    text = pack.text()
    if output == "-":
        sys.stdout.write(text)
        return 0
    target = Path(output if output is not None else default)
    label = shown(str(target))
    try:
        if target.exists() or target.is_symlink():
            try:
                same = read_pack(target) == pack
            except PackError:
                same = False
            if not same:
                return _problem(f"{label} already exists: choose another file with -o FILE")
        else:
            atomic_write(target, text)
        remember(pack, SaveStore().root)
    except OSError as exc:
        return _problem(f"cannot write {label}: {exc.strerror or exc}")
    print(f"{label}: {pack.describe()}")
    players = ", ".join(f"Name{i + 1}" for i in range(pack.seats))
    print(f'Play it with: monstertrick deal play {label} --players "{players}"')
    return 0


def _seating(parser: argparse.ArgumentParser, pack: Pack, players: str) -> Seating:
    from .packs import PackError, seating_for
    from .seating import SetupError, parse_seats

    try:
        seating = parse_seats([n.strip() for n in players.split(",")], game=pack.game)
        return seating_for(pack, 0, seating)
    except (SetupError, PackError) as exc:
        parser.error(str(exc))


def _finished_by(pack: Pack, store: SaveStore, seating: Seating) -> set[int]:
    """The deals these players (by name, at these seats) have finished here."""
    from .packs import history_games

    games, _ = history_games(pack, store.root)
    return {g.deal for g in games if tuple(g.state.players) == seating.names}


def _unfinished(pack: Pack, index: int, store: SaveStore, seating: Seating) -> Session | None:
    """The unfinished game of this deal with these players, opened (None: none)."""
    from .errors import RecordError
    from .packs import pack_of_meta
    from .saves import SaveLocked
    from .session import Session

    games, _ = store.unfinished()
    for saved in games:
        if pack_of_meta(saved.meta.extra) != (pack.id, index):
            continue
        if tuple(saved.players) != seating.names:
            continue
        try:
            store.lock(saved.path)
            opened = store.open(saved)
        except (SaveLocked, RecordError):
            continue
        return Session.resume(opened, store)
    return None


class _Keyboard:
    """How the deals are played at this keyboard: in the app's screens, or in plain lines
    (``lines``: what switched the line mode on), where what ``deal play`` says between
    deals is a labelled line too."""

    def __init__(self, pace: float | None, lines: str | None = None) -> None:
        self.pace = pace
        self.lines = lines
        self.write: Callable[[str], None] = lambda _line: None
        self.read: Callable[[], str | None] = lambda: None
        if lines is not None:
            from .lines import announcement
            from .lines.play import plain
            from .lines.start import streams

            self.write, self.read = streams(sys.stdout, sys.stdin)
            self.write(plain(announcement(lines)))

    def tell(self, text: str) -> None:
        if self.lines is None:
            print(text, file=sys.stderr)
        else:
            from .lines.play import plain

            self.write(plain(f"Deal: {text}."))

    def play(self, session: Session) -> int:
        if self.lines is None:
            return _run_app(session, self.pace)
        from .lines.start import play_session

        play_session(session, self.write, self.read)
        return 0

    def go_on(self, done: int, upcoming: int) -> bool:
        """Whether to go on to deal ``upcoming`` after deal ``done`` (asked only of a
        person at a terminal, or in lines)."""
        if self.lines is not None:
            self.write(
                f"Prompt: deal {done} is over. Press Enter for deal {upcoming}, or type quit."
            )
            answer = self.read()
            return answer is not None and answer.strip().casefold() != "quit"
        if not sys.stdin.isatty():
            return True
        try:
            input(f"Deal {done} is over. Enter: deal {upcoming}; Ctrl+C: stop. ")
        except (EOFError, KeyboardInterrupt):
            print(file=sys.stderr)
            return False
        return True


def _play(pack: Pack, seating: Seating, only: int | None, keyboard: _Keyboard) -> int:
    """Each deal in turn at this keyboard (the app, run once per deal, or the lines)."""
    from .packs import start_session
    from .saves import SaveStore

    store = SaveStore()
    count = len(pack.deals)
    if only is not None and only > count:
        return _problem(f"the pack has deals 1 to {count}, not {only}")
    indexes = [only - 1] if only is not None else list(range(count))
    done = _finished_by(pack, store, seating) if only is None else set()
    todo = [i for i in indexes if i not in done]
    keyboard.tell(pack.describe())
    for i in sorted(done):
        keyboard.tell(f"deal {i + 1}: already played by these players (skipped)")
    for n, index in enumerate(todo):
        session = _unfinished(pack, index, store, seating)
        going_on = " (going on with its saved game)" if session else ""
        keyboard.tell(f"deal {index + 1} of {count}{going_on}")
        if session is None:
            session = start_session(pack, index, seating, store)
        code = keyboard.play(session)
        if code != 0 or session.running:
            keyboard.tell(
                f"deal {index + 1} is not finished; `monstertrick deal play` with the same "
                "players goes on with it"
            )
            return code
        if n + 1 < len(todo) and not keyboard.go_on(index + 1, todo[n + 1] + 1):
            return 0
    keyboard.tell("See how everyone did: monstertrick deal scores PACK")
    return 0


def _run_app(session: Session, pace: float | None) -> int:
    from .tui.app import MonsterTrickApp, run_app

    app = MonsterTrickApp(session=session, pace=pace, game=session.game_key)
    return run_app(app)


def _host(pack: Pack, seating: Seating, args: argparse.Namespace) -> int:
    from .packs import start_session
    from .saves import SaveStore
    from .seating import DEFAULT_PACE

    if not any(seat.is_human for seat in seating.seats):
        return _problem("a hosted game needs at least one person (NAME without :LEVEL)")
    try:
        import aiohttp  # noqa: F401
    except ImportError:
        return _problem('hosting a table needs aiohttp: pip install "monstertrick[table]"')
    from .net.host.command import run_host
    from .net.host.table import TableHost

    store = SaveStore()
    count = len(pack.deals)
    if args.deal is not None:
        if args.deal > count:
            return _problem(f"the pack has deals 1 to {count}, not {args.deal}")
        index = args.deal - 1
    else:
        done = _finished_by(pack, store, seating)
        left = [i for i in range(count) if i not in done]
        if not left:
            return _problem("these players have finished every deal of the pack")
        index = left[0]
    print(f"{pack.describe()}: deal {index + 1} of {count}", file=sys.stderr)
    session = _unfinished(pack, index, store, seating) or start_session(pack, index, seating, store)
    pace = DEFAULT_PACE if args.pace is None else args.pace
    table = TableHost(session, pace=pace)
    return run_host(
        table,
        host=args.host,
        port=args.port,
        ssh_port=None,
        allow_hosts=args.allow_host,
        as_json=args.json,
    )


def _import(pack_file: str | None, files: list[str]) -> int:
    from pathlib import Path

    from .packs import PackError, import_record
    from .saves import SaveStore

    root = SaveStore().root
    pack = _load(pack_file, DEFAULT_GAME) if pack_file is not None else None
    status = 0
    for name in files:
        label = shown(name)
        try:
            got, game, new = import_record(Path(name), root, pack)
        except PackError as exc:
            print(f"{label}: refused: {exc}", file=sys.stderr)
            status = 1
            continue
        except OSError as exc:
            print(f"{label}: cannot be kept: {exc.strerror or exc}", file=sys.stderr)
            status = 1
            continue
        people = ", ".join(shown(game.state.players[s], 16) for s in game.people) or "no person"
        what = "taken in" if new else "already here"
        print(f"{label}: deal {game.deal + 1} of {shown(got.title_or_id, 60)} ({people}): {what}")
    return status


def _scores(
    parser: argparse.ArgumentParser, pack: Pack, level: str, *, as_json: bool, jobs: int = 1
) -> int:
    import json

    from .packs import (
        PackError,
        baselines,
        check_baseline_level,
        format_scores,
        pack_games,
        scores,
    )
    from .saves import SaveStore

    try:
        check_baseline_level(pack.game, level)
    except PackError as exc:
        parser.error(f"--baseline: {exc}")
    root = SaveStore().root
    games, left = pack_games(pack, root)
    progress = _Progress() if sys.stderr.isatty() else None
    base = baselines(pack, root, level, progress, jobs)
    if progress is not None:
        progress.close()
    report = scores(pack, games, base, level=level, left_out=left)
    if as_json:
        print(json.dumps(report))
    else:
        print(format_scores(report), end="")
    return 0


class _Progress:
    """The baseline being played, on a terminal's stderr."""

    def __init__(self) -> None:
        self.shown = False

    def __call__(self, done: int, total: int) -> None:
        if done < total:
            sys.stderr.write(f"\rplaying the baseline: {done} of {total} deals done...")
            sys.stderr.flush()
            self.shown = True

    def close(self) -> None:
        if self.shown:
            sys.stderr.write("\r\033[K")
            sys.stderr.flush()
