"""Benchmarks of the game in a browser (a script, not a test), with the browser tests' tools.

``monstertrick serve -- play --players Ann,Bob --seed 1`` runs on 127.0.0.1 with a scratch
saves folder; Debian's headless Chromium, driven by Playwright, opens the page again and
again (a new tab each time, closed at the end of the run):

1. Page open to first screen: from asking the tab to open the page to the arrival of the
   WebSocket frame that completes "Pass the keyboard to Ann" (a new game process per tab,
   Python's and Textual's start included).
2. Key to update: on the arrange screen, ``Right`` and ``Left`` in turn; from the key
   press to the arrival of the next frame of the app's output in the page.

Times are taken in this process when Playwright delivers the page's events. Medians with
a confidence interval of the median from order statistics (95%, or the
whole range with its coverage when there are too few values).

    .venv/bin/python benchmarks/web.py [--runs 9] [--presses 40] [--screenshot FILE]
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.web.browser import (  # noqa: E402
    ARRANGE_ANN,
    HANDOFF_TO_ANN,
    Screen,
    chromium,
    missing,
    serving,
    wait_until,
)

PLAY = ["play", "--players", "Ann,Bob", "--seed", "1"]


def median_interval(values: list[float], level: float = 0.95) -> tuple[float, float, float]:
    """A distribution-free confidence interval of the median: the order statistics
    x(k) and x(n+1-k) with the largest k whose coverage is at least ``level`` (the
    whole range when there are too few values for that), and its coverage."""
    xs = sorted(values)
    n = len(xs)

    def coverage(k: int) -> float:  # 1 - 2 P(B < k), B ~ Binomial(n, 1/2)
        return 1 - 2 * sum(math.comb(n, i) for i in range(k)) / 2**n

    best = 1
    for k in range(1, (n + 1) // 2 + 1):
        if coverage(k) >= level:
            best = k
    return xs[best - 1], xs[n - best], coverage(best)


def p95(values: list[float]) -> float:
    xs = sorted(values)
    return xs[min(len(xs) - 1, round(0.95 * (len(xs) - 1)))]


def settle(screen: Screen, quiet: float = 0.1, timeout: float = 5) -> None:
    """Wait until the page has had no output for ``quiet`` seconds, so that a key's
    time is not taken from a frame the previous key caused."""

    def calm() -> bool:
        count = len(screen.frames)
        screen.pause(quiet)
        return len(screen.frames) == count

    wait_until(calm, timeout, "the screen to settle", pause=screen.pause)


def ms(x: float) -> str:
    return f"{x * 1000:.1f} ms"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9, help="page opens (default 9)")
    parser.add_argument("--presses", type=int, default=40, help="keys timed per page (default 40)")
    parser.add_argument(
        "--screenshot", type=Path, help="save a PNG of the first handoff, as the browser shows it"
    )
    args = parser.parse_args()
    reason = missing()
    if reason is not None:
        print(f"cannot run: {reason}", file=sys.stderr)
        return 2

    first_screen: list[float] = []
    key_update: list[float] = []
    with tempfile.TemporaryDirectory(prefix="monstertrick-web-") as tmp:
        home, log = Path(tmp) / "home", Path(tmp) / "serve.log"
        with chromium() as browser, serving(PLAY, home, log) as server:
            for run in range(args.runs):
                screen = Screen.open(browser, server.url)
                shown = screen.wait_for(HANDOFF_TO_ANN)
                first_screen.append(shown - screen.opened)
                if run == 0 and args.screenshot is not None:
                    screen.pause(1.0)  # let xterm.js paint the canvas and the intro fade
                    screen.page.screenshot(path=str(args.screenshot))
                screen.focus()
                screen.press_until("Enter", ARRANGE_ANN)
                for i in range(args.presses):
                    settle(screen)
                    key = "ArrowRight" if i % 2 == 0 else "ArrowLeft"
                    key_update.append(screen.next_update(key))
                screen.close()
                wait_until(lambda: not server.game_processes(), 20, "the tab's game to end")
            status = server.stop()
        if status != 0:
            print(f"the server stopped with status {status}", file=sys.stderr)
            return 1

    lo, hi, cover = median_interval(first_screen)
    print(
        f"page open -> first screen (handoff), {len(first_screen)} page opens: "
        f"median {ms(statistics.median(first_screen))} "
        f"({cover:.0%} CI {ms(lo)} to {ms(hi)}), "
        f"min {ms(min(first_screen))}, max {ms(max(first_screen))}"
    )
    lo, hi, cover = median_interval(key_update)
    print(
        f"key -> update (arrange screen), {len(key_update)} presses: "
        f"median {ms(statistics.median(key_update))} "
        f"({cover:.0%} CI {ms(lo)} to {ms(hi)}), p95 {ms(p95(key_update))}"
    )
    if args.screenshot is not None:
        print(f"screenshot: {args.screenshot}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
