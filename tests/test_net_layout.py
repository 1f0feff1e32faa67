"""The networking lives in ``monstertrick/net/`` alone: no module elsewhere serves or
joins a table (it may ask the net package to, and probe whether its dependencies are
installed)."""

from __future__ import annotations

import ast
from pathlib import Path

import monstertrick

PACKAGE = Path(monstertrick.__file__).parent
NET = PACKAGE / "net"
#: What serves or joins: the web and SSH libraries, sockets, asyncio's servers.
NETWORKING = ("aiohttp", "asyncssh", "socket", "socketserver", "http.server", "websockets")
SERVING = ("start_server", "create_server", "open_connection", "ws_connect")


def _networking_used(path: Path) -> list[str]:
    """What of the networking ``path`` uses, beyond a bare ``import aiohttp`` probe
    (an import whose name is never used after it)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: list[str] = []
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith(NETWORKING):
            found.append(f"from {node.module} import")
        elif isinstance(node, ast.Import):
            names.update(a.asname or a.name for a in node.names if a.name.startswith(NETWORKING))
        elif isinstance(node, ast.Attribute) and node.attr in SERVING:
            found.append(node.attr)
    used = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and n.id in names}
    found.extend(f"{name} used" for name in sorted(used))
    return found


def test_no_module_outside_net_serves_or_joins_a_table() -> None:
    outside = [p for p in sorted(PACKAGE.rglob("*.py")) if NET not in p.parents]
    assert len(outside) > 50  # (the whole package, not an empty glob)
    used = {str(p.relative_to(PACKAGE)): got for p in outside if (got := _networking_used(p))}
    assert used == {}


def test_the_check_finds_what_the_net_package_itself_uses() -> None:
    # The same check over the net package's own modules finds the server and the client.
    net = {p.name for p in NET.rglob("*.py") if _networking_used(p)}
    assert {"lines.py", "command.py"} <= net
