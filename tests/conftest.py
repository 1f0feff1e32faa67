"""Fixtures and hooks for every test.

The suite runs on every core (pytest-xdist, ``-n auto`` in pyproject.toml; ``-n 0`` runs
it in one process). Each test has a data folder of its own, so tests never share files.
"""

from __future__ import annotations

import os
import re
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings

# No example has a time limit: on a loaded machine, or beside another worker, a slow
# example is no failure.
settings.register_profile("monstertrick", deadline=None)
settings.load_profile("monstertrick")


@pytest.fixture(autouse=True)
def monstertrick_home(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> Path:
    """Every test saves into a folder of its own, never into the user's data folder."""
    home = tmp_path_factory.mktemp("monstertrick-home")
    monkeypatch.setenv("MONSTERTRICK_HOME", str(home))
    return home


@pytest.fixture(autouse=True)
def release_saved_game_locks() -> Iterator[None]:
    """A test's games are closed when it ends, as they are when the app ends (the locks
    are per process, and a worker's tests share its process)."""
    yield
    from monstertrick.saves import release_all_locks

    release_all_locks()


@pytest.fixture(autouse=True)
def no_handoff_delay(monkeypatch: pytest.MonkeyPatch) -> None:
    """In this process, a handoff accepts Enter as soon as it is on screen, and in Magic
    Trick the next person's keys count at once (a key pressed before the screen appeared
    still never counts). Only the tests set this, on the classes, for their own process:
    the app started any other way (command line, environment, a test's subprocess)
    keeps the player's delay. The tests of the delay itself set theirs on top."""
    from monstertrick.games.magic_trick.tui.table import TableScreen
    from monstertrick.tui.screens.handoff import HandoffScreen

    monkeypatch.setattr(HandoffScreen, "ACCEPT_DELAY", 0)
    monkeypatch.setattr(TableScreen, "NEW_PLAYER_DELAY", 0)


@pytest.fixture(autouse=True)
def quick_idle(monkeypatch: pytest.MonkeyPatch) -> None:
    """Let Pilot notice an idle app sooner.

    Pilot waits after every key until the app has used almost no CPU for 1/50 s; a full
    game is a few hundred keys, so that wait alone costs tens of seconds. A 1/200 s
    window is still far longer than any message hop between key and screen. (A 1/1000 s
    window is not: a test then often looks before a screen has scrolled to its end or
    a worker has stopped.)
    """
    import textual._wait  # (Pilot reads these; Textual has no public setting for them)

    monkeypatch.setattr(textual._wait, "SLEEP_GRANULARITY", 1 / 200)
    monkeypatch.setattr(textual._wait, "SLEEP_IDLE", 1 / 200 / 20)


@pytest.fixture
async def served() -> AsyncIterator[Any]:
    """``await served(table[, limits], outbox=..., limiter=..., header_wait=...)``: the
    table's WebSocket served on loopback as the host serves it (its connections
    counted, its requests bounded in time: :func:`monstertrick.net.host.command.listen`), closed
    after the test, its computer players started; the address to join,
    ``ws://127.0.0.1:PORT/table``."""
    from monstertrick.net.guards import HostNames
    from monstertrick.net.host.command import listen
    from monstertrick.net.host.connections import make_app

    runners: list[Any] = []

    async def serve(table: Any, limits: Any = None, *, outbox: Any = None, **options: Any) -> str:
        app = make_app(table, HostNames.for_address("127.0.0.1"), limits, outbox)
        runner, port = await listen(app, "127.0.0.1", 0, **options)
        runners.append(runner)
        await table.advance()
        return f"ws://127.0.0.1:{port}/table"

    yield serve
    for runner in runners:
        await runner.cleanup()


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The slow tests first (a stable sort), so that no worker is left with one of them
    at the end while the others have finished."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)


# ---------------------------------------------------------------- unused snapshots
#
# In one process syrupy fails a run that leaves a snapshot file unused (a test renamed or
# removed); under pytest-xdist it cannot tell, so the controller checks it here: after a
# run of whole test modules, every SVG under a __snapshots__ folder must belong to a test
# that was collected.

_collected: set[str] = set()


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_node_collection_finished(node: object, ids: list[str]) -> None:
    _collected.update(ids)


def _whole_modules(config: pytest.Config) -> bool:
    """Whether every test of each collected module was run (no -k, -m, --deselect, no
    single test named on the command line)."""
    option = config.option
    return not (
        getattr(option, "keyword", "")
        or getattr(option, "markexpr", "")
        or getattr(option, "deselect", None)
        or getattr(option, "lf", False)
        or any("::" in arg for arg in config.args)
    )


def unused_snapshots(root: Path, collected: set[str]) -> list[Path]:
    """The snapshot files under ``root`` of collected modules that no collected test
    owns. A snapshot ``__snapshots__/test_mod/test_name[param].svg`` (``.1`` and so on
    for a test's later snapshots) belongs to ``test_mod.py::test_name[param]``."""
    modules = {nodeid.split("::", 1)[0] for nodeid in collected}
    owners = {
        nodeid.split("::", 1)[0] + "::" + nodeid.split("::", 1)[1].replace("::", ".")
        for nodeid in collected
        if "::" in nodeid
    }
    unused = []
    for svg in sorted(root.glob("**/__snapshots__/*/*.svg")):
        module = (svg.parent.parent.parent / f"{svg.parent.name}.py").relative_to(root).as_posix()
        if module not in modules:
            continue
        name = re.sub(r"\.\d+$", "", svg.stem)
        if f"{module}::{name}" not in owners:
            unused.append(svg)
    return unused


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    if os.environ.get("PYTEST_XDIST_WORKER") or not _collected:
        return  # a worker, or a run in one process (syrupy checks it itself)
    if not _whole_modules(session.config) or exitstatus not in (0, 1):
        return
    unused = unused_snapshots(session.config.rootpath, _collected)
    if unused:
        session.config.stash[_unused_key] = unused
        if not session.config.getoption("--snapshot-warn-unused", default=False):
            session.exitstatus = pytest.ExitCode.TESTS_FAILED


_unused_key = pytest.StashKey[list[Path]]()


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    unused = terminalreporter.config.stash.get(_unused_key, [])
    if unused:
        root = terminalreporter.config.rootpath
        terminalreporter.section("unused snapshots", red=True)
        for path in unused:
            terminalreporter.line(str(path.relative_to(root)))
        terminalreporter.line(
            f"{len(unused)} snapshot file(s) belong to no test: delete them, or run "
            "pytest -n 0 --snapshot-update"
        )
