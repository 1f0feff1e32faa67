"""Under pytest-xdist the controller, not syrupy, finds snapshot files no test owns."""

from __future__ import annotations

from pathlib import Path

from .conftest import unused_snapshots


def test_a_snapshot_file_no_collected_test_owns_is_unused(tmp_path: Path) -> None:
    snaps = tmp_path / "tests" / "tui" / "__snapshots__" / "test_screens"
    other = tmp_path / "tests" / "__snapshots__" / "test_other"
    for folder in (snaps, other):
        folder.mkdir(parents=True)
    for name in ("test_a[80x24].svg", "test_a[80x24].1.svg", "TestX.test_b.svg", "test_gone.svg"):
        (snaps / name).write_text("<svg/>")
    (other / "test_c.svg").write_text("<svg/>")  # its module was not collected: not checked
    collected = {
        "tests/tui/test_screens.py::test_a[80x24]",
        "tests/tui/test_screens.py::TestX::test_b",
        "tests/tui/test_screens.py::test_d",
    }
    assert unused_snapshots(tmp_path, collected) == [snaps / "test_gone.svg"]
    assert unused_snapshots(tmp_path, collected | {"tests/tui/test_screens.py::test_gone"}) == []
