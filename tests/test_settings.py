"""The saved settings (``settings.json`` in the data folder): the screen-reader setting,
set by ``monstertrick settings screen-reader on|off``, after the flag and the variable;
a damaged file set aside with a message, never read out."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from monstertrick import cli
from monstertrick.lines import ENV, SETTING, announcement, wanted
from monstertrick.settings import DAMAGED_NAME, FILE, Settings, load, save


@pytest.mark.parametrize(
    ("flag", "env", "saved", "on", "source"),
    [
        (None, None, False, False, ""),
        (None, None, True, True, SETTING),
        (None, "0", True, False, ""),  # the variable over the setting
        (None, "1", False, True, f"{ENV}=1"),
        (True, "0", False, True, "--screen-reader"),  # the flag over both
        (None, "maybe", True, True, SETTING),  # a variable that says neither
    ],
)
def test_the_flag_comes_before_the_variable_and_the_variable_before_the_setting(
    flag: bool | None, env: str | None, saved: bool, on: bool, source: str
) -> None:
    asked: list[bool] = []

    def setting() -> bool:
        asked.append(True)
        return saved

    environ = {} if env is None else {ENV: env}
    assert wanted(flag, environ, setting) == (on, source)
    # the file is read only when neither the flag nor the variable decides
    assert bool(asked) == (not flag and env not in ("0", "1"))


def test_the_first_line_says_the_setting_turned_it_on_and_how_to_turn_it_off() -> None:
    line = announcement(SETTING)
    assert line.startswith("Screen reader mode: on, by the saved setting;")
    assert "monstertrick settings screen-reader off" in line


def test_settings_screen_reader_on_and_off_is_kept_and_switches_the_start(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("MONSTERTRICK_HOME", str(tmp_path))
    monkeypatch.delenv(ENV, raising=False)
    seen: list[str] = []
    monkeypatch.setattr(cli, "run_app", lambda **_: seen.append("app") or 0)
    monkeypatch.setattr(cli, "run_lines", lambda source, **_: seen.append(source) or 0)
    assert load() == (Settings(screen_reader=False), None)
    assert cli.main(["settings", "screen-reader", "on"]) == 0
    assert json.loads((tmp_path / FILE).read_text()) == {"screen_reader": True}
    assert cli.main(["play", "--players", "Ann,Bob"]) == 0
    assert cli.main([]) == 0
    monkeypatch.setenv(ENV, "0")
    assert cli.main([]) == 0
    monkeypatch.delenv(ENV)
    assert cli.main(["settings"]) == 0
    assert "screen-reader: on" in capsys.readouterr().out
    assert cli.main(["settings", "screen-reader", "off"]) == 0
    assert cli.main([]) == 0
    assert seen == [SETTING, SETTING, "app", "app"]
    assert load() == (Settings(screen_reader=False), None)
    assert sorted(p.name for p in tmp_path.iterdir()) == [FILE]  # no temporary file left


def test_settings_without_on_or_off_is_a_usage_problem(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("MONSTERTRICK_HOME", str(tmp_path))
    assert cli.main(["settings", "screen-reader"]) == 1
    assert "say on or off" in capsys.readouterr().err
    assert not (tmp_path / FILE).exists()


@pytest.mark.parametrize(
    "content",
    [
        b"[1",
        b"\xff\xfe",
        b"[]",
        b'{"screen_reader": "yes"}',
        b'{"screen_reader": 1, "x": "\x1b[2J"}',
        b" " * (70 * 1024),
    ],
)
def test_a_damaged_settings_file_is_set_aside_with_a_message_and_the_defaults_used(
    tmp_path: Path, content: bytes
) -> None:
    (tmp_path / FILE).write_bytes(content)
    settings, problem = load(tmp_path)
    assert settings == Settings()
    assert problem is not None and "set aside" in problem
    assert "\x1b" not in problem  # (nothing of the file is said)
    assert not (tmp_path / FILE).exists()
    assert (tmp_path / DAMAGED_NAME).read_bytes() == content
    # a second damaged file does not overwrite the first one set aside
    (tmp_path / FILE).write_bytes(content)
    assert load(tmp_path)[1] is not None
    assert (tmp_path / DAMAGED_NAME).read_bytes() == content
    assert (tmp_path / "settings.damaged.1.json").read_bytes() == content
    # and saving afterwards writes a good file again
    save(Settings(screen_reader=True), tmp_path)
    assert load(tmp_path) == (Settings(screen_reader=True), None)


def test_the_bare_start_with_the_setting_on_says_so_first_and_a_damaged_file_on_stderr(
    tmp_path: Path,
) -> None:
    env = {**os.environ, "MONSTERTRICK_HOME": str(tmp_path)}
    env.pop(ENV, None)
    save(Settings(screen_reader=True), tmp_path)
    proc = subprocess.run(
        [sys.executable, "-m", "monstertrick"],
        input="",
        capture_output=True,
        text=True,
        env=env,
        encoding="utf-8",
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    first = proc.stdout.splitlines()[0]
    assert first.startswith("Screen reader mode: on, by the saved setting;")
    assert "settings screen-reader off" in first
    (tmp_path / FILE).write_text("{not json")
    proc = subprocess.run(
        [sys.executable, "-m", "monstertrick", "play", "--screen-reader", "--players", "A,B"],
        input="",
        capture_output=True,
        text=True,
        env=env,
        encoding="utf-8",
        check=False,
    )
    # the flag decides: the damaged file is not even read
    assert proc.returncode == 0 and (tmp_path / FILE).exists()
    assert "settings file" not in proc.stderr
