"""The hops of one remote decision (a script, not a test): the calls into the package from
a joined seat's screen posting its decision to the host applying it and the seat's
screen showing the result.

In one process and one event loop: a host (:class:`TableHost`) of Monster Taking for
Ann and Bob served on loopback (as ``monstertrick host`` serves it), and Ann's screen, a
headless ``JoinApp`` (``run_test``, 80x24, pace 0); Bob is away (no screen: nothing else
is drawn). Once Ann's first turn is on her screen and the app is idle, the profiler is
switched on (``sys.setprofile``, this thread only: no computer player thinks), her
first legal decision is posted (``Decided``), and the profiler is switched off once her
seat holds the host's next table and the app is idle again. Every call of a function
of the package (its files) is counted; the table gives how many distinct functions ran,
how many calls there were in all, how many times a session's ``next_step`` ran (the
host's session, the seat's), how many times the rules were asked whose turn it is (the
door's ``to_decide`` and ``deciders``), and how
many times the rules applied a decision (the door's ``apply``) and on a clone (a
state's ``clone``).

    .venv/bin/python benchmarks/hops.py [--json] [--calls]

``--calls`` also lists every function of the package that ran, with its count. The
script reads only names that exist before and after the flow driver, so the same script
measures both (``PYTHONPATH=/other/checkout`` runs it on another checkout's package).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from collections import Counter
from pathlib import Path
from types import FrameType
from typing import Any

import monstertrick
from monstertrick.net.guards import HostNames
from monstertrick.net.host.command import listen
from monstertrick.net.host.connections import make_app
from monstertrick.net.host.table import TableHost
from monstertrick.net.seat.app import JoinApp
from monstertrick.net.seat.session import RemoteSession
from monstertrick.seating import Seat, Seating
from monstertrick.session import Session, Turn
from monstertrick.tui.messages import Decided

PACKAGE = str(Path(monstertrick.__file__).parent)
WAIT = 30.0


class Calls:
    """The package's functions called while on, by module and qualified name."""

    def __init__(self) -> None:
        self.counts: Counter[str] = Counter()

    def profile(self, frame: FrameType, event: str, _arg: object) -> None:
        if event != "call":
            return
        code = frame.f_code
        if code.co_filename.startswith(PACKAGE):
            module = code.co_filename[len(PACKAGE) + 1 :].removesuffix(".py").replace("/", ".")
            self.counts[f"{module}:{code.co_qualname}"] += 1

    def of(self, *names: str) -> int:
        """Calls of the functions whose qualified name ends with one of ``names``."""
        return sum(n for key, n in self.counts.items() if key.split(":")[1].endswith(names))

    def figures(self) -> dict[str, int]:
        counts = self.counts
        return {
            "distinct functions": len(counts),
            "calls in all": sum(counts.values()),
            "next_step (the host's session)": self.of("Session.next_step")
            - self.of("RemoteSession.next_step"),
            "next_step (the seat's)": self.of("RemoteSession.next_step"),
            "the rules asked whose turn": self.of("Door.to_decide", "Door.deciders"),
            "rules applied": self.of("Door.apply"),
            "on a clone": self.of(".clone") - self.of("Session.clone"),
        }


async def until(check: Any, pilot: Any, what: str) -> None:
    async def wait() -> None:
        while not check():
            await pilot.pause(0.01)

    await asyncio.wait_for(wait(), WAIT)


async def measure(calls: Calls) -> None:
    seats = (Seat("Ann"), Seat("Bob"))
    table = TableHost(Session.start(Seating(seats, 0), 4, game="monster-taking"))
    runner, port = await listen(
        make_app(table, HostNames.for_address("127.0.0.1"), None, None), "127.0.0.1", 0
    )
    await table.advance()
    url = f"ws://127.0.0.1:{port}/table"
    app = JoinApp(url, url.removeprefix("ws://").removesuffix("/table"), table.codes[0], pace=0)
    try:
        async with app.run_test(size=(80, 24)) as pilot:

            def my_turn() -> bool:
                session = app.session
                return (
                    isinstance(session, RemoteSession)
                    and isinstance(session.next_step(), Turn)
                    and app.screen.is_mounted
                    and getattr(app.screen, "seat", None) == 0
                )

            await until(my_turn, pilot, "Ann's first turn")
            await pilot.pause()
            session = app.session
            assert isinstance(session, RemoteSession)
            before = session.position
            action = next(iter(session.view(0).legal_actions))
            sys.setprofile(calls.profile)
            try:
                app.post_message(Decided(0, action))
                await until(lambda: session.position != before, pilot, "the host's answer")
                await pilot.pause()
            finally:
                sys.setprofile(None)
    finally:
        await runner.cleanup()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--calls", action="store_true", help="list every function that ran")
    args = parser.parse_args()
    calls = Calls()
    asyncio.run(measure(calls))
    figures = calls.figures()
    if args.json:
        print(json.dumps(figures))
    else:
        width = max(map(len, figures))
        for name, value in figures.items():
            print(f"{name:<{width}}  {value:>6}")
    if args.calls:
        for key, n in sorted(calls.counts.items(), key=lambda kv: (-kv[1], kv[0])):
            print(f"{n:>6}  {key}")


if __name__ == "__main__":
    main()
