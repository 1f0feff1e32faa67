"""Benchmarks of the terminal app (a script, not a test).

1. Launch: wall time from starting a Python process to the app's first interactive
   screen (the first handoff of ``monstertrick play``, and the start screen of a bare
   ``monstertrick``), against a minimal Textual app (one Static) measured the same way
   in the same run; the ratios are the figures to watch. The commands that never load
   Textual (``monstertrick --help``, ``monstertrick replay --json``) are timed in the
   same rounds, against a Python that does nothing. The rounds interleave the commands
   (one of each, then again), so that a change in the machine's load hits them alike;
   ``--against DIR`` times another checkout's launches (e.g. of main) in the same
   rounds. The package's modules are compiled first, as an installed package's are.
2. Key press to repaint on the 5-player table screen: a key event is posted to the app
   and the time until the screen hands its next update to the driver (``App._display``)
   is measured; median and p95.

    .venv/bin/python benchmarks/tui.py [--runs 7] [--presses 200] [--against DIR] [--no-compile]
"""

from __future__ import annotations

import argparse
import asyncio
import compileall
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


# ---------------------------------------------------------------------- child processes


#: The apps timed to their first screen: (what it is, the screen to wait for).
APPS = {
    "minimal": ("minimal Textual app", None),
    "play": ("monstertrick play", "HandoffScreen"),
    "start": ("monstertrick", "StartScreen"),
}


def child(kind: str) -> None:
    """Run one app headless until its first screen is ready, then exit."""
    if kind == "minimal":
        from textual.app import App, ComposeResult
        from textual.widgets import Static

        class Minimal(App[None]):
            def compose(self) -> ComposeResult:
                yield Static("Hello")

        app: object = Minimal()
    else:
        from monstertrick.seating import parse_seats
        from monstertrick.tui.app import GamesApp

        if kind == "play":
            app = GamesApp(seats=parse_seats(["Ann", "Bob", "Cid"]), seed=1)
        else:
            app = GamesApp()
    first = APPS[kind][1]

    async def ready(pilot: object) -> None:
        await pilot.pause()  # type: ignore[attr-defined]
        if first is not None:
            assert type(pilot.app.screen).__name__ == first  # type: ignore[attr-defined]
        pilot.app.exit()  # type: ignore[attr-defined]

    app.run(headless=True, size=(80, 24), auto_pilot=ready)  # type: ignore[attr-defined]


def record_file(folder: Path) -> Path:
    """A finished 5-player Monster Trick game's record (for ``replay``)."""
    from monstertrick.games.monster_trick.engine.record import to_record
    from monstertrick.seating import parse_seats
    from monstertrick.session import Session

    match = Session.start(parse_seats([f"{n}:easy" for n in ("A", "B", "C", "D", "E")]), 1)
    match.play_to_end()
    path = folder / "record.json"
    path.write_text(json.dumps(to_record(match.state)))
    return path


#: The commands that never load Textual, timed against a Python that does nothing.
COMMANDS = {
    "python": ("python -c pass", None),
    "help": ("monstertrick --help", ["--help"]),
    "replay": ("monstertrick replay", ["replay", "--json"]),
}


def command(name: str, record: Path) -> list[str]:
    if name in APPS:
        return [sys.executable, str(Path(__file__).resolve()), "--child", name]
    args = COMMANDS[name][1]
    if args is None:
        return [sys.executable, "-c", "pass"]
    return [
        sys.executable,
        "-m",
        "monstertrick",
        *args,
        *([str(record)] if "replay" in args else []),
    ]


Times = dict[tuple[str, str], list[tuple[float, float]]]
"""Per (launch, checkout), each run's wall time and processor time (user + system)."""


def launch_times(
    runs: int, record: Path, trees: dict[str, Path], *, compile_first: bool = True
) -> Times:
    """The yardsticks (the minimal app, the bare Python) run once a round; every other
    launch once per checkout."""
    import resource  # (POSIX)

    for folder in trees.values():
        if compile_first:
            # As an installed package is (an editable checkout under
            # PYTHONDONTWRITEBYTECODE would compile every module at every launch).
            compileall.compile_dir(folder / "monstertrick", quiet=1)
    first = next(iter(trees))
    todo = [
        (name, tree)
        for name in (*APPS, *COMMANDS)
        for tree in ((first,) if name in ("minimal", "python") else tuple(trees))
    ]

    def used() -> float:
        children = resource.getrusage(resource.RUSAGE_CHILDREN)
        return children.ru_utime + children.ru_stime

    times: Times = {launch: [] for launch in todo}
    for _ in range(runs):
        for name, tree in todo:
            # Each checkout's own package first on the path (before an editable install),
            # run from elsewhere (``python -m`` puts the working folder first).
            env = {**os.environ, "PYTHONPATH": str(trees[tree])}
            cpu, start = used(), time.perf_counter()
            subprocess.run(
                command(name, record),
                check=True,
                env=env,
                cwd=record.parent,
                stdout=subprocess.DEVNULL,
            )
            times[name, tree].append((time.perf_counter() - start, used() - cpu))
    return times


def print_launches(times: Times, runs: int, trees: dict[str, Path]) -> None:
    """Medians of wall and processor time, each with its ratio to the yardstick's in
    the first checkout (on a busy machine the processor time is the steadier)."""
    first = next(iter(trees))

    def median(name: str, tree: str, clock: int) -> float:
        return statistics.median(run[clock] for run in times[name, tree])

    groups = (
        ("launch to first interactive screen (headless, 80x24)", APPS, "minimal"),
        ("command line (no Textual)", COMMANDS, "python"),
    )
    for title, group, yardstick in groups:
        print(f"{title}, median of {runs}, ms and ratio:")
        print(f"  {'':22s}" + "".join(f"{tree:>32s}" for tree in trees))
        print(
            (f"  {'':22s}" + f"{'wall ms':>11s}{'':7s}{'cpu ms':>7s}{'':7s}" * len(trees)).rstrip()
        )
        base = [median(yardstick, first, clock) for clock in (0, 1)]
        for name, (label, _) in group.items():
            cells = "".join(
                f"{median(name, tree, clock) * 1000:{width}.0f} "
                f"{median(name, tree, clock) / base[clock]:5.2f}x"
                for tree in trees
                if (name, tree) in times
                for clock, width in ((0, 11), (1, 7))
            )
            print(f"  {label:22s}{cells}")


# ---------------------------------------------------------------------- repaint latency


async def repaint_latencies(presses: int, size: tuple[int, int]) -> list[float]:
    from textual import events

    from monstertrick.games.monster_trick.tui.table import TableScreen
    from monstertrick.tui.app import GamesApp
    from monstertrick.tui.screens.handoff import HandoffScreen

    sys.path.insert(0, str(ROOT))
    from tests.tui.helpers import make_match

    match = make_match(("Ann", "Bob", "Cid", "Dee", "Eve"), 8, moves=23)
    app = GamesApp(session=match)
    HandoffScreen.ACCEPT_DELAY = 0  # the handoff's guard against double taps is not timed here
    shown: list[float] = []
    original = app._display

    def display(screen: object, renderable: object) -> None:
        if renderable is not None:
            shown.append(time.perf_counter())
        original(screen, renderable)  # type: ignore[arg-type]

    app._display = display  # type: ignore[method-assign]
    latencies: list[float] = []
    async with app.run_test(size=size) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        for i in range(presses):
            key = "right" if (i // 3) % 2 == 0 else "left"
            shown.clear()
            start = time.perf_counter()
            app.post_message(events.Key(key, None))
            while not shown:
                await asyncio.sleep(0)
                if time.perf_counter() - start > 2:
                    raise RuntimeError("no repaint within 2 s")
            latencies.append(shown[0] - start)
            await pilot.pause()
    return latencies


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7, help="launches of each app")
    parser.add_argument("--presses", type=int, default=200, help="key presses timed")
    parser.add_argument(
        "--against",
        type=Path,
        metavar="DIR",
        help="also time the launches of another checkout (e.g. of main) in the same rounds",
    )
    parser.add_argument(
        "--no-compile",
        action="store_true",
        help="do not compile the package first (under PYTHONDONTWRITEBYTECODE=1 and without "
        "__pycache__ folders, every launch then compiles the modules it imports)",
    )
    parser.add_argument("--child", choices=tuple(APPS), help=argparse.SUPPRESS)
    args = parser.parse_args()
    # The games a benchmark starts are autosaved: keep them out of the user's data folder.
    os.environ.setdefault("MONSTERTRICK_HOME", tempfile.mkdtemp(prefix="monstertrick-bench-"))
    if args.child:
        child(args.child)
        return
    trees = {"this checkout": ROOT}
    if args.against is not None:
        trees["against"] = args.against.resolve()
    with tempfile.TemporaryDirectory() as folder:
        times = launch_times(
            args.runs, record_file(Path(folder)), trees, compile_first=not args.no_compile
        )
    print_launches(times, args.runs, trees)
    for size in ((80, 24), (120, 40)):
        lat = asyncio.run(repaint_latencies(args.presses, size))
        print(
            f"key press -> repaint, 5-player table, {size[0]}x{size[1]}, {len(lat)} presses: "
            f"median {statistics.median(lat) * 1000:.1f} ms, p95 {p95(lat) * 1000:.1f} ms"
        )


if __name__ == "__main__":
    main()
