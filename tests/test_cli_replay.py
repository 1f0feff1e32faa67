"""`monstertrick replay [--json] FILE...` as RECORD_FORMAT.md describes it."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from monstertrick.cli import main
from monstertrick.games.monster_trick.engine.record import to_record

from .games.monster_trick.test_record import played_game


@pytest.fixture
def files(tmp_path: Path) -> dict[str, Path]:
    def write(name: str, content: str) -> Path:
        p = tmp_path / name
        p.write_text(content)
        return p

    finished = to_record(played_game())
    partial = to_record(played_game(stop=50))
    bad_move = json.loads(json.dumps(finished))
    bad_move["rounds"][1]["moves"][6] = dict(bad_move["rounds"][1]["moves"][2])
    return {
        "finished": write("finished.json", json.dumps(finished)),
        "partial": write("partial.json", json.dumps(partial)),
        "bad_move": write("bad_move.json", json.dumps(bad_move)),
        "not_json": write("not_json.json", "{oops"),
        "empty": write("empty.json", ""),
        "version": write(
            "version.json", json.dumps({**finished, "format": "monstertrick-record/2"})
        ),
    }


def run(capsys, *args: str) -> tuple[int, str, str]:
    try:
        code = main(list(args))
    except SystemExit as exc:
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def test_json_prints_one_line_per_file_in_argument_order(capsys, files) -> None:
    code, out, _ = run(capsys, "replay", "--json", str(files["partial"]), str(files["finished"]))
    assert code == 0
    lines = [json.loads(line) for line in out.splitlines()]
    assert [line["complete"] for line in lines] == [False, True]
    game = played_game()
    assert lines[1]["totals"] == list(game.outcome().totals)  # type: ignore[union-attr]
    assert lines[1]["winners"] == list(game.outcome().winners)  # type: ignore[union-attr]
    assert lines[0]["rounds"][-1]["scores"] is None


def test_an_invalid_record_gives_an_error_line_and_exit_status_1(capsys, files) -> None:
    code, out, _ = run(capsys, "replay", "--json", str(files["bad_move"]), str(files["finished"]))
    assert code == 1
    first, second = (json.loads(line) for line in out.splitlines())
    assert first["error"]["round"] == 2 and first["error"]["move"] == 7
    assert first["error"]["message"].startswith("round 2, move 7: ")
    assert second["complete"] is True


@pytest.mark.parametrize("name", ["not_json", "empty", "version"])
def test_unreadable_records_name_no_round(capsys, files, name) -> None:
    code, out, _ = run(capsys, "replay", "--json", str(files[name]))
    assert code == 1
    err = json.loads(out)["error"]
    assert err["round"] is None and err["move"] is None and err["message"]


@pytest.mark.parametrize("constant", ["Infinity", "-Infinity", "NaN"])
def test_a_number_json_has_not_is_refused_even_inside_meta(capsys, tmp_path, constant) -> None:
    record = to_record(played_game())
    text = json.dumps({**record, "meta": {"seed": 1}}).replace('"seed": 1', f'"seed": {constant}')
    path = tmp_path / "odd.json"
    path.write_text(text)
    code, out, _ = run(capsys, "replay", "--json", str(path))
    assert code == 1
    message = json.loads(out)["error"]["message"]
    assert message == f"not valid JSON: {constant} is not a JSON number"


def test_a_missing_file_is_an_invalid_record_not_a_traceback(capsys, tmp_path) -> None:
    code, out, _ = run(capsys, "replay", "--json", str(tmp_path / "nope.json"))
    assert code == 1
    assert "cannot read" in json.loads(out)["error"]["message"]


def test_readable_report_for_people(capsys, files) -> None:
    code, out, err = run(capsys, "replay", str(files["finished"]), str(files["partial"]))
    assert code == 0 and err == ""
    assert "round 3:" in out and "totals:" in out and ("wins" in out or "share" in out)
    assert "unfinished" in out and "not finished" in out
    assert "Ann" in out and "tricks" in out


def test_errors_go_to_stderr_naming_file_round_and_move(capsys, files) -> None:
    code, out, err = run(capsys, "replay", str(files["bad_move"]))
    assert code == 1 and out == ""
    assert f"{files['bad_move']}: round 2, move 7:" in err
    assert "Traceback" not in err


def test_usage_errors_exit_with_status_2(capsys) -> None:
    assert run(capsys, "replay")[0] == 2
    assert run(capsys, "replay", "--bogus", "x")[0] == 2
    assert run(capsys, "nonsense")[0] == 2


def test_replay_and_help_do_not_import_textual(files) -> None:
    code = (
        "import sys\n"
        "from monstertrick.cli import main\n"
        "import monstertrick.net.transports.serve\n"
        "for argv in (['replay', '--json', {!r}], ['--help'], ['serve', '--help']):\n"
        "    try:\n"
        "        main(argv)\n"
        "    except SystemExit:\n"
        "        pass\n"
        "assert 'textual' not in sys.modules, 'textual was imported'\n"
        "assert 'textual_serve' not in sys.modules, 'textual_serve was imported'\n"
        "print('ok')\n"
    ).format(str(files["finished"]))
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip().endswith("ok")


def test_python_dash_m_runs_the_command(files) -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "monstertrick", "replay", "--json", str(files["finished"])],
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["complete"] is True


# ----------------------------------------------------------------- what is not a record file


def test_a_file_over_the_size_limit_is_refused_and_later_files_are_still_reported(
    capsys, files, tmp_path
) -> None:
    from monstertrick.records import MAX_RECORD_BYTES

    big = tmp_path / "big.json"
    big.write_bytes(files["finished"].read_bytes() + b" " * MAX_RECORD_BYTES)
    code, out, err = run(capsys, "replay", str(big), str(files["finished"]))
    assert code == 1
    assert f"{big}: " in err and "too large" in err and "Traceback" not in err
    assert "totals:" in out


def test_a_device_is_not_read_at_all(capsys, files) -> None:
    code, out, _ = run(capsys, "replay", "--json", "/dev/zero", str(files["finished"]))
    assert code == 1
    first, second = (json.loads(line) for line in out.splitlines())
    assert "not a regular file" in first["error"]["message"]
    assert second["complete"] is True


def test_a_fifo_or_a_folder_is_refused_without_waiting(capsys, files, tmp_path) -> None:
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    code, out, _ = run(capsys, "replay", "--json", str(fifo), str(tmp_path), str(files["finished"]))
    assert code == 1
    lines = [json.loads(line) for line in out.splitlines()]
    assert "not a regular file" in lines[0]["error"]["message"]
    assert "not a regular file" in lines[1]["error"]["message"]
    assert lines[2]["complete"] is True


class EndlessZeros(io.RawIOBase):
    """A standard input that never ends (like ``< /dev/zero``); counts what was read."""

    def __init__(self) -> None:
        self.given = 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:  # type: ignore[override]
        n = len(buffer)
        buffer[:n] = bytes(n)
        self.given += n
        return n


def test_standard_input_is_read_up_to_the_limit_only(capsys, monkeypatch, files) -> None:
    from monstertrick.records import MAX_RECORD_BYTES

    raw = EndlessZeros()
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BufferedReader(raw)))
    code, out, _ = run(capsys, "replay", "--json", "-", str(files["finished"]))
    assert code == 1
    first, second = (json.loads(line) for line in out.splitlines())
    assert "too large" in first["error"]["message"]
    assert second["complete"] is True
    assert raw.given <= MAX_RECORD_BYTES + 2 * io.DEFAULT_BUFFER_SIZE


def test_standard_input_within_the_limit_is_replayed(capsys, monkeypatch, files) -> None:
    data = files["finished"].read_bytes()
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data)))
    code, out, _ = run(capsys, "replay", "--json", "-")
    assert code == 0 and json.loads(out)["complete"] is True


# ----------------------------------------------------------------- names are data

ESCAPES = "\x1b]0;TITLE\x07\x1b[2J"


def record_with_players(tmp_path: Path, file: str, names: list[str]) -> Path:
    doc = to_record(played_game())
    doc["players"] = names
    path = tmp_path / file
    path.write_text(json.dumps(doc))  # ensure_ascii: a lone surrogate is written \ud800
    return path


@pytest.mark.parametrize("as_json", [False, True])
@pytest.mark.parametrize("bad_name", [ESCAPES, "\ud800", "Ann\u202e"])
def test_a_name_breaking_the_names_rule_is_a_clear_error_never_shown(
    capsys, files, tmp_path, bad_name, as_json
) -> None:
    bad = record_with_players(tmp_path, "bad.json", ["Ann", bad_name, "Cid"])
    args = ["replay", *(["--json"] if as_json else []), str(bad), str(files["finished"])]
    code, out, err = run(capsys, *args)
    assert code == 1
    for text in (out, err):
        assert "\x1b" not in text and "\x07" not in text and "\ud800" not in text
        assert "\u202e" not in text and "Traceback" not in text
    if as_json:
        first, second = (json.loads(line) for line in out.splitlines())
        assert first["error"]["message"].startswith("player 2: ")
        assert second["complete"] is True
    else:
        assert f"{bad}: player 2: a player name cannot hold control or format characters" in err
        assert "totals:" in out


def test_names_that_look_like_markup_are_printed_literally(capsys, tmp_path) -> None:
    path = record_with_players(tmp_path, "m.json", ["[/]", "[@click=quit]Q", "[b]Cid"])
    code, out, _ = run(capsys, "replay", str(path))
    assert code == 0
    assert "[/], [@click=quit]Q, [b]Cid" in out and "[@click=quit]Q  " in out


def test_file_names_with_control_characters_are_shown_escaped(capsys, files, tmp_path) -> None:
    odd = tmp_path / f"odd{ESCAPES}.json"
    odd.write_text("{oops")
    code, out, err = run(capsys, "replay", str(odd))
    assert code == 1
    assert "\x1b" not in err and "\\x1b" in err and "not valid JSON" in err


def test_a_file_name_that_is_not_utf8_does_not_break_the_report(files, tmp_path) -> None:
    name = os.fsdecode(bytes(tmp_path) + b"/r\xff.json")
    Path(name).write_bytes(files["finished"].read_bytes())
    proc = subprocess.run(
        [sys.executable, "-m", "monstertrick", "replay", name],
        capture_output=True,
        env={**os.environ, "PYTHONIOENCODING": "utf-8"},
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    assert b"totals:" in proc.stdout and b"\\udcff" in proc.stdout


@pytest.mark.parametrize("as_json", [False, True], ids=["text", "json"])
def test_a_reader_that_stops_early_ends_replay_quietly(files, as_json: bool) -> None:
    """``monstertrick replay FILE... | head -1``: the reader goes away after a line;
    replay ends at once with nothing on stderr (no BrokenPipeError traceback) and the
    status of a program the closed pipe ended (128 + SIGPIPE). Far more output than a
    pipe holds, so that writing it must meet the closed pipe."""
    flags = ["--json"] if as_json else []
    proc = subprocess.Popen(
        [sys.executable, "-m", "monstertrick", "replay", *flags, *[str(files["finished"])] * 400],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert proc.stdout is not None and proc.stderr is not None
    first = proc.stdout.readline()
    proc.stdout.close()
    err = proc.stderr.read()
    proc.stderr.close()
    assert proc.wait() == 141
    assert err == b""
    assert first.startswith(b'{"complete"' if as_json else str(files["finished"]).encode())
