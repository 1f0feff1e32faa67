"""Crash reports go under $MONSTERTRICK_HOME when it is set, never into the user's folders."""

from __future__ import annotations

from pathlib import Path

import platformdirs

from monstertrick.tui.app import crash_report_path


def test_a_crash_report_goes_under_monstertrick_home(monstertrick_home: Path, monkeypatch) -> None:
    def no_user_folder(*args, **kwargs):
        raise AssertionError("the user's log folder is used although MONSTERTRICK_HOME is set")

    monkeypatch.setattr(platformdirs, "user_log_dir", no_user_folder)
    monkeypatch.setattr(platformdirs, "user_log_path", no_user_folder)
    try:
        raise ValueError("something broke")
    except ValueError as exc:
        path = crash_report_path(exc)
    assert path is not None and path.parent == monstertrick_home / "logs"
    text = path.read_text()
    assert "ValueError: something broke" in text and "Traceback" in text


def test_without_monstertrick_home_crash_reports_go_to_the_user_log_folder(
    monkeypatch, tmp_path
) -> None:
    monkeypatch.delenv("MONSTERTRICK_HOME")
    monkeypatch.setattr(platformdirs, "user_log_dir", lambda *a, **k: str(tmp_path / "logdir"))
    monkeypatch.setattr(platformdirs, "user_log_path", lambda *a, **k: tmp_path / "logdir")
    path = crash_report_path(RuntimeError("x"))
    assert path is not None and path.parent == tmp_path / "logdir"


def test_two_crash_reports_in_the_same_second_overwrite_nothing(monstertrick_home: Path) -> None:
    first = crash_report_path(RuntimeError("one"))
    second = crash_report_path(RuntimeError("two"))
    assert first is not None and second is not None and first != second
    assert "one" in first.read_text() and "two" in second.read_text()
