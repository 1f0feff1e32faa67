"""Kill -9 an autosaving all-bot game at random moments: nothing is ever lost."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from monstertrick.games.monster_trick.engine import RecordError
from monstertrick.games.monster_trick.engine.record import to_record
from monstertrick.saves import SaveStore, read_save
from monstertrick.session import Session

from .autosave_worker import play_to_end, seating

WORKER = Path(__file__).with_name("autosave_worker.py")
ROOT = Path(__file__).resolve().parents[1]
LEVELS = "easy,medium,easy"
KILLS = 12


def moves_of(doc: dict) -> list[list[dict]]:
    return [r["moves"] for r in doc["rounds"]]


def is_prefix(part: dict, whole: dict) -> bool:
    """The saved game is the whole game cut short: same deals, arrangements so far and
    moves a prefix of the whole game's."""
    rounds, full = part["rounds"], whole["rounds"]
    if len(rounds) > len(full) or part["players"] != whole["players"]:
        return False
    for i, r in enumerate(rounds):
        f = full[i]
        last = i == len(rounds) - 1
        if r["hands"] != f["hands"]:
            return False
        if any(a is not None and a != b for a, b in zip(r["arrangements"], f["arrangements"])):
            return False
        if None in r["arrangements"] and (not last or r["moves"]):
            return False
        if r["moves"] != f["moves"][: len(r["moves"])] or (not last and r["moves"] != f["moves"]):
            return False
    return True


@pytest.mark.slow
def test_killing_the_game_at_any_moment_leaves_a_save_that_replays_and_resumes(tmp_path) -> None:
    rng = random.Random(2026)
    for attempt in range(KILLS):
        seed = 100 + attempt
        straight = Session.start(seating(LEVELS.split(",")), seed)
        play_to_end(straight)
        whole = to_record(straight.state)

        home = tmp_path / f"home{attempt}"
        env = {**os.environ, "MONSTERTRICK_HOME": str(home), "PYTHONPATH": str(ROOT)}
        proc = subprocess.Popen(
            [sys.executable, str(WORKER), str(seed), LEVELS],
            stdout=subprocess.PIPE,
            text=True,
            env=env,
        )
        assert proc.stdout is not None
        # let it make a random number of decisions (3 rounds x 39 steps), then kill it
        # while it goes on: the kill lands anywhere, writes included
        wanted = rng.randrange(1, 110)
        read = 0
        for _ in range(wanted):
            if not proc.stdout.readline():
                break
            read += 1
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        proc.stdout.close()

        store = SaveStore(home)
        saved_files = [p for p in (home / "saves").glob("*.json")] + [
            p for p in (home / "history").glob("*.json")
        ]
        if read < 2 and not saved_files:
            # only "started" was read: killed before the first decision, which is when
            # the save appears, so there is nothing to resume (and nothing left behind)
            assert not list(home.rglob("*.json")), f"attempt {attempt}"
            continue
        assert len(saved_files) == 1, f"attempt {attempt}: {saved_files}"
        leftovers = [p for p in (home / "saves").glob(".*.tmp")]
        saved = read_save(saved_files[0])  # replays cleanly, or this raises
        doc = to_record(saved.game)
        assert is_prefix(doc, whole), f"attempt {attempt}: the save is not a prefix of the game"
        for tmp in leftovers:
            # A temporary file the kill left behind is a write cut short (it does not
            # read as a save) or a whole save of this game that was never renamed.
            try:
                part = read_save(tmp)
            except RecordError:
                continue
            assert is_prefix(to_record(part.game), whole), f"attempt {attempt}: {tmp.name}"
        # The store sees the one game, nothing damaged, and never a temporary file.
        unfinished, damaged = store.unfinished()
        finished, _ = store.finished()
        assert not damaged, f"attempt {attempt}: {damaged}"
        assert [g.path.name for g in unfinished + finished] == [saved_files[0].name]

        resumed = Session.resume(saved, store)
        play_to_end(resumed)
        assert to_record(resumed.state) == whole, f"attempt {attempt}: resuming changed the game"
