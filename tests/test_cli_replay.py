"""`monstertrick replay [--json] FILE...` as RECORD_FORMAT.md describes it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from monstertrick.cli import main
from monstertrick.engine.record import to_record

from .engine.test_record import played_game


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
        "version": write("version.json", json.dumps({**finished, "format": "monstertrick-record/2"})),
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
        "import monstertrick.serve\n"
        "for argv in (['replay', '--json', {!r}], ['--help'], ['serve', '--help']):\n"
        "    try:\n"
        "        main(argv)\n"
        "    except SystemExit:\n"
        "        pass\n"
        "assert 'textual' not in sys.modules, 'textual was imported'\n"
        "assert 'textual_serve' not in sys.modules, 'textual_serve was imported'\n"
        "print('ok')\n"
    ).format(str(files["finished"]))
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip().endswith("ok")


def test_python_dash_m_runs_the_command(files) -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "monstertrick", "replay", "--json", str(files["finished"])],
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["complete"] is True
