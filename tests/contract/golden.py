"""Golden outputs: seeded all-computer games of every game, played through the session
and saved, with what the shell makes of them (the saved record, ``replay --json``,
``replay`` and the saved-games summary). Any change to them is a change of behaviour: a
computer player deciding otherwise, a rule, the record format or a summary.

``python -m tests.contract.golden`` writes them again (only for a deliberate change,
said in the commit); ``test_golden.py`` plays them and compares, byte for byte.
"""

from __future__ import annotations

import contextlib
import io
import json
import sys
from pathlib import Path
from typing import Any

from monstertrick.cli import main
from monstertrick.saves import SaveStore
from monstertrick.seating import Seat, Seating
from monstertrick.session import Session

FOLDER = Path(__file__).with_name("golden")
NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve")
CASES: dict[str, tuple[str, tuple[str, ...], int]] = {
    f"{game}-{i}-seed{seed}": (game, levels, seed)
    for game, tables in {
        "monster-trick": [
            ("easy", "medium", "hard:50"),
            ("hard:50", "easy", "medium", "medium", "easy"),
            ("medium", "hard:50"),
        ],
        "magic-trick": [("easy", "medium", "hard:50", "medium")],
        "monster-taking": [("easy", "hard:50"), ("medium", "hard:50")],
    }.items()
    for i, levels in enumerate(tables)
    for seed in (1, 2)
}
"""Name: the game, the computer players' levels by seat, the seed (which also picks
who starts)."""

TIMES = ("created", "updated", "version")
"""The meta's fields that vary from run to run, masked."""


def _cli(*argv: str) -> str:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(list(argv))
    return f"{out.getvalue()}{err.getvalue()}exit status {status}\n"


def outputs(name: str, folder: Path) -> dict[str, Any]:
    """Play case ``name`` with its saves in ``folder``; what the shell makes of it."""
    game, levels, seed = CASES[name]
    store = SaveStore(folder)
    seats = tuple(Seat(NAMES[i], level) for i, level in enumerate(levels))
    session = Session.start(Seating(seats, seed % len(levels)), seed, store, game=game)
    session.play_to_end()
    assert session.save_path is not None
    path = Path(session.save_path)
    doc = json.loads(path.read_text(encoding="utf-8"))
    for key in TIMES:
        doc["meta"][key] = "-"
    plain = folder / "record.json"
    plain.write_text(json.dumps({k: v for k, v in doc.items() if k != "meta"}), encoding="utf-8")
    saved = store.glance(path)
    return {
        "record": doc,
        "replay --json": _cli("replay", "--json", str(plain)).replace(str(plain), "FILE"),
        "replay": _cli("replay", str(plain)).replace(str(plain), "FILE"),
        "summary": saved.summary(),
        "summary info": saved.info,
    }


def text(values: dict[str, Any]) -> str:
    return json.dumps(values, indent=1, sort_keys=True, ensure_ascii=False) + "\n"


def write_all(scratch: Path) -> None:
    FOLDER.mkdir(exist_ok=True)
    for name in CASES:
        (FOLDER / f"{name}.json").write_text(text(outputs(name, scratch / name)), encoding="utf-8")


if __name__ == "__main__":
    import tempfile

    with tempfile.TemporaryDirectory() as scratch:
        write_all(Path(scratch))
    print(f"wrote {len(CASES)} golden files in {FOLDER}", file=sys.stderr)
