"""Benchmarks of the terminal app (a script, not a test).

1. Launch: wall time from starting a Python process to the app's first interactive
   screen (the first handoff of ``monstertrick play``), against a minimal Textual app
   (one Static) measured the same way in the same run; the ratio is the figure to watch.
2. Key press to repaint on the 5-player table screen: a key event is posted to the app
   and the time until the screen hands its next update to the driver (``App._display``)
   is measured; median and p95.

    .venv/bin/python benchmarks/tui.py [--runs 7] [--presses 200]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


# ---------------------------------------------------------------------- child processes


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
        from monstertrick.tui.app import MonsterTrickApp
        from monstertrick.tui.screens.handoff import HandoffScreen

        app = MonsterTrickApp(seats=parse_seats(["Ann", "Bob", "Cid"]), seed=1)

    async def ready(pilot: object) -> None:
        await pilot.pause()  # type: ignore[attr-defined]
        if kind != "minimal":
            assert isinstance(pilot.app.screen, HandoffScreen)  # type: ignore[attr-defined]
        pilot.app.exit()  # type: ignore[attr-defined]

    app.run(headless=True, size=(80, 24), auto_pilot=ready)  # type: ignore[attr-defined]


def launch_times(runs: int) -> dict[str, list[float]]:
    times: dict[str, list[float]] = {"minimal": [], "monstertrick": []}
    for _ in range(runs):
        for kind in ("minimal", "monstertrick"):
            start = time.perf_counter()
            subprocess.run([sys.executable, __file__, "--child", kind], check=True, cwd=ROOT)
            times[kind].append(time.perf_counter() - start)
    return times


# ---------------------------------------------------------------------- repaint latency


async def repaint_latencies(presses: int, size: tuple[int, int]) -> list[float]:
    from textual import events

    from monstertrick.games.monster_trick.tui.table import TableScreen
    from monstertrick.tui.app import MonsterTrickApp
    from monstertrick.tui.screens.handoff import HandoffScreen

    sys.path.insert(0, str(ROOT))
    from tests.tui.helpers import make_match

    match = make_match(("Ann", "Bob", "Cid", "Dee", "Eve"), 8, moves=23)
    app = MonsterTrickApp(session=match)
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
    parser.add_argument("--child", choices=("minimal", "monstertrick"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    # The games a benchmark starts are autosaved: keep them out of the user's data folder.
    os.environ.setdefault("MONSTERTRICK_HOME", tempfile.mkdtemp(prefix="monstertrick-bench-"))
    if args.child:
        child(args.child)
        return
    times = launch_times(args.runs)
    minimal = statistics.median(times["minimal"])
    ours = statistics.median(times["monstertrick"])
    print(f"launch to first interactive screen, median of {args.runs} (headless, 80x24):")
    print(f"  minimal Textual app   {minimal * 1000:7.0f} ms")
    print(f"  monstertrick play     {ours * 1000:7.0f} ms")
    print(f"  ratio                 {ours / minimal:7.2f}x")
    for size in ((80, 24), (120, 40)):
        lat = asyncio.run(repaint_latencies(args.presses, size))
        print(
            f"key press -> repaint, 5-player table, {size[0]}x{size[1]}, {len(lat)} presses: "
            f"median {statistics.median(lat) * 1000:.1f} ms, p95 {p95(lat) * 1000:.1f} ms"
        )


if __name__ == "__main__":
    main()
