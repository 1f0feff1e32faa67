"""Saved games on disk: atomic writes, history, damaged files, summaries."""

from __future__ import annotations

import errno
import json
import os
from pathlib import Path

import pytest

from monstertrick.cli import main
from monstertrick.games.monster_trick.engine import Phase, RecordError
from monstertrick.games.monster_trick.engine.record import to_record
from monstertrick.saves import (
    SaveError,
    SaveMeta,
    SaveStore,
    atomic_write,
    home,
    read_save,
    summarize,
)

from .games.monster_trick.test_record import played_game


def meta_for(game, seed: int = 5) -> SaveMeta:
    return SaveMeta(seats=[{"name": n, "bot": None} for n in game.players], seed=seed)


@pytest.fixture
def store(tmp_path: Path) -> SaveStore:
    return SaveStore(tmp_path / "home")


def test_home_is_monstertrick_home_when_set(monkeypatch, tmp_path) -> None:
    monkeypatch.setenv("MONSTERTRICK_HOME", str(tmp_path / "mt"))
    assert home() == tmp_path / "mt"
    monkeypatch.delenv("MONSTERTRICK_HOME")
    assert "monstertrick" in str(home())


def test_a_save_is_a_record_with_meta_that_replay_accepts(store, capsys) -> None:
    game = played_game(stop=50)
    path = store.save(store.new_path(), game, meta_for(game))
    doc = json.loads(path.read_text())
    assert doc["format"] == "monstertrick-record/1"
    assert doc["meta"]["seed"] == 5 and doc["meta"]["seats"][0] == {"name": "Ann", "bot": None}
    assert {"created", "updated", "version"} <= doc["meta"].keys()
    assert main(["replay", "--json", str(path)]) == 0
    assert json.loads(capsys.readouterr().out)["complete"] is False
    saved = read_save(path)
    assert to_record(saved.game) == to_record(game)
    assert saved.meta.seed == 5


def test_unfinished_games_are_listed_most_recent_first(store) -> None:
    a = played_game(seed=1, stop=10)
    b = played_game(seed=2, stop=20)
    pa = store.save(store.saves / "a.json", a, meta_for(a, 1))
    store.save(store.saves / "b.json", b, meta_for(b, 2))
    meta = read_save(pa).meta
    meta.updated = "2099-01-01T00:00:00+00:00"
    atomic_write(pa, json.dumps({**to_record(a), "meta": meta.to_json()}))
    games, damaged = store.unfinished()
    assert [g.path.name for g in games] == ["a.json", "b.json"]
    assert damaged == []
    assert "Ann, Bob, Cid" in games[0].summary()


def test_a_finished_game_moves_to_the_history(store) -> None:
    game = played_game()
    assert game.phase is Phase.GAME_OVER
    first = store.save(store.saves / "g.json", played_game(stop=100), meta_for(game))
    where = store.save(first, game, meta_for(game))
    assert where == store.history / "g.json" and where.exists() and not first.exists()
    assert store.unfinished() == ([], [])
    finished, _ = store.finished()
    assert len(finished) == 1 and finished[0].finished


@pytest.mark.parametrize(
    ("content", "words"),
    [
        (b"", "empty"),
        (b'{"format": "monstertrick-record/1", "players": ["A", "B"], "rou', "not valid JSON"),
        (b"\x00\x01 not json", "not valid JSON"),
        (
            b'{"format": "monstertrick-record/7", "players": ["A", "B"], "rounds": []}',
            "unknown record format",
        ),
    ],
)
def test_a_damaged_save_is_reported_moved_aside_and_never_deleted(store, content, words) -> None:
    good = played_game(stop=30)
    store.save(store.saves / "good.json", good, meta_for(good))
    store.saves.mkdir(parents=True, exist_ok=True)
    (store.saves / "bad.json").write_bytes(content)
    games, damaged = store.unfinished()
    assert [g.path.name for g in games] == ["good.json"]
    assert len(damaged) == 1 and words in damaged[0].reason
    assert damaged[0].path == store.damaged / "bad.json"
    assert damaged[0].path.read_bytes() == content
    assert not (store.saves / "bad.json").exists()


def test_a_save_that_fails_replay_is_damaged_with_round_and_move(store) -> None:
    doc = to_record(played_game(stop=60))
    doc["rounds"][0]["moves"][3] = dict(doc["rounds"][0]["moves"][0])
    store.saves.mkdir(parents=True)
    (store.saves / "cheat.json").write_text(json.dumps(doc))
    _, damaged = store.unfinished()
    assert damaged and damaged[0].reason.startswith("round 1, move 4")


def test_damaged_files_with_the_same_name_overwrite_nothing(store) -> None:
    store.saves.mkdir(parents=True)
    for content in (b"one", b"two"):
        (store.saves / "x.json").write_bytes(content)
        store.unfinished()
    kept = sorted(p.read_bytes() for p in store.damaged.iterdir())
    assert kept == [b"one", b"two"]


def test_an_interrupted_write_leaves_the_previous_save(store, monkeypatch) -> None:
    game = played_game(stop=20)
    path = store.save(store.saves / "g.json", game, meta_for(game))
    before = path.read_bytes()

    def broken_fsync(fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", broken_fsync)
    later = played_game(stop=40)
    with pytest.raises(SaveError, match="Saving failed: cannot write .*g.json.*No space left"):
        store.save(path, later, meta_for(later))
    assert path.read_bytes() == before
    left = [p.name for p in store.saves.iterdir() if p.name != ".g.json.lock"]  # the game is open
    assert left == ["g.json"], "no temporary file is left"


def test_an_unwritable_save_folder_gives_a_clear_error(tmp_path) -> None:
    root = tmp_path / "home"
    root.mkdir()
    (root / "saves").write_text("a file where the folder should be")
    store = SaveStore(root)
    game = played_game(stop=5)
    with pytest.raises(SaveError, match="Saving failed"):
        store.save(store.saves / "g.json", game, meta_for(game))
    assert store.unfinished() == ([], [])


def test_summary_per_name_counts_games_wins_mean_vp_and_hit_rate(store) -> None:
    for seed in (1, 2, 3):
        g = played_game(seed=seed)
        store.save(store.history / f"{seed}.json", g, meta_for(g, seed))
    finished, _ = store.finished()
    rows = {r.name: r for r in summarize(finished)}
    assert set(rows) == {"Ann", "Bob", "Cid"}
    assert all(r.games == 3 for r in rows.values())
    assert sum(r.wins for r in rows.values()) == pytest.approx(3)
    totals = {n: 0 for n in rows}
    hits = {n: 0 for n in rows}
    for saved in finished:
        out = saved.game.outcome()
        for p, n in enumerate(saved.game.players):
            totals[n] += out.totals[p]
            for log, (_, scores) in zip(saved.game.log, saved.game.round_results()):
                hits[n] += scores[p] == max(log.arrangements[p])
    for n, r in rows.items():
        assert r.mean_vp == pytest.approx(totals[n] / 3)
        assert r.hit_rate == pytest.approx(hits[n] / 9)


def test_hints_are_kept_in_the_meta_and_counted_per_name(store) -> None:
    g = played_game(seed=4)
    meta = meta_for(g, 4)
    meta.hints = [2, 0, 1]
    path = store.save(store.history / "4.json", g, meta)
    assert json.loads(path.read_text())["meta"]["hints"] == [2, 0, 1]
    finished, damaged = store.finished()
    assert damaged == [] and finished[0].meta.hints == [2, 0, 1]
    rows = {r.name: r for r in summarize(finished)}
    assert {n: r.hints for n, r in rows.items()} == dict(zip(g.players, [2, 0, 1]))
    # A game without hints writes none.
    plain = store.save(store.history / "5.json", played_game(seed=5), meta_for(g, 5))
    assert "hints" not in json.loads(plain.read_text())["meta"]


def test_a_read_only_save_folder_gives_a_clear_error_and_keeps_the_old_save(
    store, monkeypatch
) -> None:
    game = played_game(stop=10)
    path = store.save(store.saves / "g.json", game, meta_for(game))
    before = path.read_bytes()
    import tempfile

    def read_only(*args, **kwargs):
        raise OSError(errno.EROFS, "Read-only file system")

    monkeypatch.setattr(tempfile, "mkstemp", read_only)
    if os.geteuid() != 0:  # a real read-only folder where permissions bind
        monkeypatch.undo()
        store.saves.chmod(0o500)
    try:
        with pytest.raises(SaveError, match=r"Saving failed: cannot write .*g\.json"):
            store.save(path, played_game(stop=20), meta_for(game))
    finally:
        store.saves.chmod(0o700)
    assert path.read_bytes() == before


def test_files_that_are_too_large_or_not_regular_are_listed_as_damaged(store) -> None:
    from monstertrick.records import MAX_RECORD_BYTES

    good = played_game(stop=30)
    store.save(store.saves / "good.json", good, meta_for(good))
    (store.saves / "big.json").write_bytes(b" " * (MAX_RECORD_BYTES + 1))
    os.mkfifo(store.saves / "pipe.json")
    games, damaged = store.unfinished()
    assert [g.path.name for g in games] == ["good.json"]
    reasons = {d.path.name: d.reason for d in damaged}
    assert "too large" in reasons["big.json"]
    assert "not a regular file" in reasons["pipe.json"]


@pytest.mark.parametrize("command", ["view", "resume"])
def test_view_and_resume_refuse_what_is_not_a_record_file(command, tmp_path, capsys) -> None:
    from monstertrick.records import MAX_RECORD_BYTES

    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    big = tmp_path / "big.json"
    big.write_bytes(b" " * (MAX_RECORD_BYTES + 1))
    for path, words in (
        (fifo, "not a regular file"),
        (big, "too large"),
        ("/dev/zero", "not a regular file"),
    ):
        assert main([command, str(path)]) == 1
        err = capsys.readouterr().err
        assert words in err and str(path) in err


@pytest.mark.parametrize("command", ["view", "resume"])
@pytest.mark.parametrize("bad_name", ["\x1b]0;TITLE\x07\x1b[2J", "\ud800"])
def test_view_and_resume_refuse_a_name_breaking_the_names_rule(
    command, bad_name, tmp_path, capsys
) -> None:
    doc = to_record(played_game(stop=40))
    doc["players"][1] = bad_name
    path = tmp_path / "\x1b[31mred.json"
    path.write_text(json.dumps(doc))
    assert main([command, str(path)]) == 1
    err = capsys.readouterr().err
    assert "player 2: a player name cannot hold control or format characters" in err
    assert "\x1b" not in err and "\x07" not in err and "\ud800" not in err
    assert "\\x1b[31mred.json" in err


def test_the_save_writer_raises_only_save_error(store) -> None:
    from monstertrick.games.monster_trick.engine import GameState

    game = GameState(["\ud800", "Bob", "Cid"], seed=1)
    with pytest.raises(SaveError, match="Saving failed: .*cannot be written as UTF-8"):
        store.save(store.saves / "g.json", game, meta_for(game))
    good = played_game(stop=5)
    meta = meta_for(good)
    meta.extra["odd"] = object()
    with pytest.raises(SaveError, match="Saving failed"):
        store.save(store.saves / "h.json", good, meta)
    written = [p.name for p in store.saves.iterdir() if not p.name.endswith(".lock")]
    assert written == [], "no save and no temporary file"


def _save_with_meta(store: SaveStore, change) -> Path:
    game = played_game(stop=30)
    path = store.save(store.saves / "m.json", game, meta_for(game))
    doc = json.loads(path.read_text())
    change(doc["meta"])
    path.write_text(json.dumps(doc))
    return path


def _set(key, value):
    def change(meta):
        if value is KeyError:
            del meta[key]
        else:
            meta[key] = value

    return change


def _seat(index, **fields):
    def change(meta):
        seat = meta["seats"][index]
        for k, v in fields.items():
            if v is KeyError:
                del seat[k]
            else:
                seat[k] = v

    return change


BAD_META = {
    "level 5": (_seat(1, bot=5), "seat 2"),
    "level nonsense": (_seat(1, bot="nonsense"), "'nonsense' is not a computer player"),
    "huge hard:N": (_seat(2, bot="hard:1000000000"), "at most 100000 playouts"),
    "huge hard:Ss": (_seat(2, bot="hard:3600s"), "at most 10 seconds"),
    "seat without bot": (_seat(0, bot=KeyError), "seat 1"),
    "seat with an unknown key": (_seat(0, x=1), "seat 1"),
    "seat named differently": (_seat(0, name="Zed"), "seat 1"),
    "seat name not a string": (_seat(0, name=7), "seat 1"),
    "seat not an object": (lambda m: m["seats"].__setitem__(0, "Ann"), "seat 1"),
    "too few seats": (lambda m: m["seats"].pop(), "one seat per player"),
    "seats not a list": (_set("seats", {"Ann": None}), "one seat per player"),
    "no seats": (_set("seats", KeyError), "one seat per player"),
    "seed a string": (_set("seed", "5"), "seed"),
    "seed true": (_set("seed", True), "seed"),
    "seed a float": (_set("seed", 5.0), "seed"),
    "no seed": (_set("seed", KeyError), "seed"),
    "updated not a string": (_set("updated", 5), "updated"),
    "hints not a list": (_set("hints", 3), '"hints"'),
    "hints of the wrong length": (_set("hints", [1, 0]), '"hints"'),
    "a negative hint count": (_set("hints", [0, -1, 0]), '"hints"'),
    "a hint count that is not whole": (_set("hints", [0, 1.5, 0]), '"hints"'),
}


@pytest.mark.parametrize("case", BAD_META, ids=list(BAD_META))
def test_a_save_with_a_bad_meta_is_damaged_with_the_reason(store, capsys, case) -> None:
    change, words = BAD_META[case]
    path = _save_with_meta(store, change)
    before = path.read_bytes()
    with pytest.raises(RecordError, match=words):
        read_save(path)  # first: so that resume below never opens the game
    assert main(["resume", str(path)]) == 1
    err = capsys.readouterr().err
    assert "cannot be resumed" in err and words in err
    games, damaged = store.unfinished()
    assert games == []
    assert (
        len(damaged) == 1 and damaged[0].reason.startswith("meta: ") and words in damaged[0].reason
    )
    assert damaged[0].path.read_bytes() == before


def test_a_meta_that_is_not_an_object_is_damaged(store) -> None:
    game = played_game(stop=30)
    path = store.save(store.saves / "m.json", game, meta_for(game))
    doc = json.loads(path.read_text())
    for meta in (None, [], "x"):
        doc["meta"] = meta
        path.write_text(json.dumps(doc))
        with pytest.raises(RecordError, match="meta"):
            read_save(path)


def test_a_record_without_meta_reads_as_people_only(tmp_path) -> None:
    game = played_game(stop=30)
    path = tmp_path / "exported.json"
    path.write_text(json.dumps(to_record(game)))
    saved = read_save(path)
    assert saved.meta.seats == [{"name": n, "bot": None} for n in game.players]


def test_valid_levels_in_meta_are_kept(store) -> None:
    path = _save_with_meta(store, _seat(1, bot="hard:200"))
    assert read_save(path).meta.seats[1] == {"name": "Bob", "bot": "hard:200"}


# ----------------------------------------------------------------- every file is listed somewhere


def test_an_unfinished_game_in_the_history_goes_back_to_the_saves(store) -> None:
    game = played_game(stop=30)
    store.history.mkdir(parents=True)
    atomic_write(
        store.history / "u.json", json.dumps({**to_record(game), "meta": meta_for(game).to_json()})
    )
    finished, damaged = store.finished()
    assert finished == [] and damaged == []
    games, _ = store.unfinished()
    assert [g.path for g in games] == [store.saves / "u.json"]
    assert not (store.history / "u.json").exists()


def test_an_unfinished_game_in_the_history_that_cannot_move_is_listed_as_damaged(
    store, monkeypatch
) -> None:
    game = played_game(stop=30)
    store.history.mkdir(parents=True)
    path = store.history / "u.json"
    atomic_write(path, json.dumps({**to_record(game), "meta": meta_for(game).to_json()}))
    _refuse_moves(monkeypatch)
    finished, damaged = store.finished()
    assert finished == []
    assert [d.path for d in damaged] == [path] and "unfinished" in damaged[0].reason
    assert "Read-only" in damaged[0].reason


def _refuse_moves(monkeypatch) -> None:
    def read_only(*args, **kwargs):
        raise OSError(errno.EROFS, "Read-only file system")

    monkeypatch.setattr(os, "replace", read_only)
    monkeypatch.setattr(os, "rename", read_only)


def test_a_damaged_file_that_cannot_be_moved_is_listed_where_it_is(store, monkeypatch) -> None:
    store.saves.mkdir(parents=True)
    bad = store.saves / "bad.json"
    bad.write_text("{oops")
    _refuse_moves(monkeypatch)
    for _games, damaged in (store.unfinished(), store.finished()):
        assert [d.path for d in damaged] == [bad]
        assert "not valid JSON" in damaged[0].reason and "could not be moved" in damaged[0].reason
    assert bad.read_text() == "{oops"


def test_a_finished_game_in_the_saves_moves_to_a_new_history_folder(store) -> None:
    game = played_game()
    store.saves.mkdir(parents=True)
    atomic_write(
        store.saves / "f.json", json.dumps({**to_record(game), "meta": meta_for(game).to_json()})
    )
    assert not store.history.exists()
    assert store.unfinished() == ([], [])
    finished, _ = store.finished()
    assert [g.path for g in finished] == [store.history / "f.json"]


def test_a_finished_game_that_cannot_move_is_listed_in_the_history_where_it_is(
    store, monkeypatch
) -> None:
    game = played_game()
    store.saves.mkdir(parents=True)
    path = store.saves / "f.json"
    atomic_write(path, json.dumps({**to_record(game), "meta": meta_for(game).to_json()}))
    _refuse_moves(monkeypatch)
    assert store.unfinished() == ([], [])
    finished, damaged = store.finished()
    assert [g.path for g in finished] == [path] and damaged == []


def test_moving_a_finished_game_overwrites_nothing_in_the_history(store) -> None:
    game = played_game()
    text = json.dumps({**to_record(game), "meta": meta_for(game).to_json()})
    store.saves.mkdir(parents=True)
    store.history.mkdir(parents=True)
    atomic_write(store.saves / "f.json", text)
    (store.history / "f.json").write_text(text.replace('"seed": 5', '"seed": 6'))
    store.unfinished()
    finished, _ = store.finished()
    assert sorted(g.meta.seed for g in finished) == [5, 6]


def test_temporary_files_left_by_a_crash_are_removed_when_the_store_opens(store) -> None:
    game = played_game(stop=10)
    store.save(store.saves / "g.json", game, meta_for(game))
    old = store.saves / ".g.json.abc123.tmp"
    fresh = store.saves / ".g.json.def456.tmp"
    for tmp in (old, fresh):
        tmp.write_text("half a sa")
    an_hour_ago = old.stat().st_mtime - 3600
    os.utime(old, (an_hour_ago, an_hour_ago))
    SaveStore(store.root)
    assert not old.exists()
    assert fresh.exists(), "a temporary file being written right now is left alone"
    assert (store.saves / "g.json").exists()


# ----------------------------------------------------------------- one window per game

import subprocess  # noqa: E402
import sys  # noqa: E402

from monstertrick.saves import SaveLocked  # noqa: E402

HOLDER = (
    "import sys\n"
    "from pathlib import Path\n"
    "from monstertrick.saves import SaveLocked, SaveStore\n"
    "try:\n"
    "    SaveStore(Path(sys.argv[1])).lock(Path(sys.argv[2]))\n"
    "except SaveLocked as exc:\n"
    "    print('refused:', exc, flush=True)\n"
    "    raise SystemExit(0)\n"
    "print('locked', flush=True)\n"
    "sys.stdin.readline()  # holds the game open until told to close it\n"
)


class OtherWindow:
    """Another process with the game at ``path`` open (as another terminal's game is)."""

    def __init__(self, root: Path, path: Path) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-c", HOLDER, str(root), str(path)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        assert self.proc.stdout is not None
        self.answer = self.proc.stdout.readline().strip()

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait()

    def crash(self) -> None:
        self.proc.kill()
        self.proc.wait()
        assert self.proc.stdin is not None
        self.proc.stdin.close()


def test_a_game_open_in_another_window_cannot_be_opened_saved_or_deleted(store) -> None:
    game = played_game(stop=30)
    path = store.save(store.saves / "g.json", game, meta_for(game))
    store.unlock(path)  # this window closes it
    other = OtherWindow(store.root, path)
    try:
        assert other.answer == "locked"
        before = path.read_bytes()
        with pytest.raises(SaveLocked, match="open in another window"):
            store.lock(path)
        with pytest.raises(SaveError, match="open in another window"):
            store.save(path, played_game(stop=31), meta_for(game))
        with pytest.raises(SaveLocked):
            store.delete(path)
        assert path.read_bytes() == before
        games, damaged = store.unfinished()
        assert [g.path for g in games] == [path] and damaged == []
        assert store.locked_elsewhere(path)
    finally:
        other.close()
    assert not store.locked_elsewhere(path)
    store.lock(path)
    store.save(path, played_game(stop=31), meta_for(game))


def test_a_game_started_here_is_held_until_it_is_finished(store) -> None:
    game = played_game(stop=30)
    path = store.save(store.saves / "g.json", game, meta_for(game))
    other = OtherWindow(store.root, path)
    assert other.answer == "refused: this game is open in another window"
    other.proc.wait()
    finished = store.save(path, played_game(), meta_for(game))
    assert finished.parent == store.history
    assert not (store.saves / ".g.json.lock").exists()


def test_the_lock_of_a_window_that_crashed_is_gone(store) -> None:
    game = played_game(stop=30)
    path = store.save(store.saves / "g.json", game, meta_for(game))
    store.unlock(path)
    other = OtherWindow(store.root, path)
    assert other.answer == "locked" and store.locked_elsewhere(path)
    other.crash()
    assert (store.saves / ".g.json.lock").exists()  # left behind, but not held
    assert not store.locked_elsewhere(path)
    store.lock(path)


def test_resume_refuses_a_game_open_in_another_window(capsys) -> None:
    store = SaveStore()
    game = played_game(stop=30)
    path = store.save(store.new_path(), game, meta_for(game))
    store.unlock(path)
    other = OtherWindow(store.root, path)
    try:
        assert other.answer == "locked"
        assert main(["resume", str(path)]) == 1
        assert "this game is open in another window" in capsys.readouterr().err
        assert main(["resume"]) == 1
        assert "this game is open in another window" in capsys.readouterr().err
    finally:
        other.close()


def test_lock_files_of_games_that_are_gone_are_removed_when_the_store_opens(store) -> None:
    game = played_game(stop=10)
    kept = store.save(store.saves / "g.json", game, meta_for(game))
    store.unlock(kept)
    store.lock(kept)  # its lock file stays while it is open
    orphan = store.saves / ".gone.json.lock"
    orphan.write_text("")
    other = OtherWindow(store.root, store.saves / "elsewhere.json")
    try:
        assert other.answer == "locked"
        SaveStore(store.root)
        assert not orphan.exists()
        assert (store.saves / ".g.json.lock").exists()
        assert (store.saves / ".elsewhere.json.lock").exists(), "held by another window"
    finally:
        other.close()
