"""Crash reports go under $MONSTERTRICK_HOME when it is set, never into the user's folders."""

from __future__ import annotations

from pathlib import Path

import platformdirs

from monstertrick.tui.crash import crash_report_path


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


def _run_crashing(monkeypatch, capfd) -> tuple[int, str, str]:
    """``monstertrick`` (tui.app.run) with its first screen failing: headless at 80x24;
    the exit status, and what it wrote to stdout and stderr."""
    from textual.app import App

    from monstertrick.tui.app import GamesApp, run
    from monstertrick.tui.screens.start import StartScreen

    def headless(app, *args, **kwargs):
        return App.run(app, headless=True, size=(80, 24))

    def broken(self):
        raise RuntimeError("broken on purpose")

    monkeypatch.setattr(GamesApp, "run", headless)
    monkeypatch.setattr(StartScreen, "on_mount", broken)
    code = run()
    out, err = capfd.readouterr()
    return code, out, err


def test_a_crash_in_the_app_is_saved_to_a_file_and_the_player_is_told_where(
    monstertrick_home: Path, monkeypatch, capfd
) -> None:
    code, out, err = _run_crashing(monkeypatch, capfd)
    assert code == 1
    [path] = (monstertrick_home / "logs").glob("crash-*.txt")
    assert err == (
        f"Monster Trick stopped because of an internal error (sorry). The details are in {path}.\n"
    )
    assert "Traceback" not in out + err and "broken on purpose" not in out + err
    text = path.read_text()
    assert "Traceback" in text and "RuntimeError: broken on purpose" in text
    assert "in broken" in text  # the frame that raised


def test_with_textuals_debug_feature_the_traceback_is_shown_and_no_file_is_written(
    monstertrick_home: Path, monkeypatch, capfd
) -> None:
    monkeypatch.setenv("TEXTUAL", "debug")
    code, _, err = _run_crashing(monkeypatch, capfd)
    assert code == 1
    assert "broken on purpose" in err and "internal error (sorry)" not in err
    assert not list(monstertrick_home.glob("logs/crash-*.txt"))
