"""The package uses Textual through its public API.

No private module of Textual (``textual._time``, ``textual.widgets._select``) is imported
or reached, no private name is imported from it (``from textual import _time``), and no
class of the package reaches, sets or overrides a private member of the Textual class it
extends (``self._exception``, ``def _print_error_renderables``). The reaches no public API
can replace are in :data:`ALLOWED`, each with its reason; the list holds nothing else.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path

from textual.message import Message

from monstertrick.tui.clock import now

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "monstertrick"

#: ``"path: Class.member"`` or ``"path: module"``, and why it must stay.
ALLOWED: dict[str, str] = {
    "monstertrick/tui/app.py: GamesApp._exception": (
        "the crash report needs the exception that ended the app; Textual keeps it only "
        "in App._exception (its run_test re-raises it from there), and no public "
        "attribute, event or hook gives it"
    ),
}


def _private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def _textual(module: str) -> bool:
    return module == "textual" or module.startswith("textual.")


def _dotted(node: ast.expr) -> list[str] | None:
    """``a.b.c`` as ``["a", "b", "c"]``; None for any other expression."""
    parts: list[str] = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name):
        return None
    return [node.id, *reversed(parts)]


def _from_reaches(module: str, names: list[ast.alias], modules: dict[str, str]) -> Iterator[str]:
    """:func:`_module_reaches` of ``from module import names`` (Textual modules it
    imports go into ``modules``)."""
    if not _textual(module):
        return
    if any(_private(part) for part in module.split(".")):
        yield module
        return
    for alias in names:
        if _private(alias.name):
            yield f"{module}.{alias.name}"
        elif inspect.ismodule(getattr(importlib.import_module(module), alias.name)):
            modules[alias.asname or alias.name] = f"{module}.{alias.name}"


def _module_reaches(tree: ast.Module) -> Iterator[str]:
    """Private Textual modules and names imported, or reached through a module."""
    modules: dict[str, str] = {}  # a local name -> the Textual module it stands for
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if _textual(alias.name):
                    if any(_private(part) for part in alias.name.split(".")):
                        yield alias.name
                    if alias.asname:
                        modules[alias.asname] = alias.name
                    else:
                        modules[alias.name.split(".")[0]] = alias.name.split(".")[0]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            yield from _from_reaches(node.module, node.names, modules)
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute):
            parts = _dotted(node)  # (each reach once: where its first private part is)
            if parts and parts[0] in modules and _private(parts[-1]):
                if not any(_private(part) for part in parts[1:-1]):
                    yield ".".join([modules[parts[0]], *parts[1:]])


@cache
def _textual_members(base: type) -> frozenset[str]:
    """The private members a Textual class defines: in its body, or set on ``self``."""
    names = {name for name in vars(base) if _private(name)}
    try:
        source = inspect.getsource(base)
    except (OSError, TypeError):
        return frozenset(names)
    names.update(re.findall(r"\bself\.(_[A-Za-z0-9_]+)\s*(?::[^=\n]*)?=(?!=)", source))
    return frozenset(name for name in names if _private(name))


def _member_reaches(module: object, tree: ast.Module) -> Iterator[str]:
    """``Class.member`` for each private member of a Textual base class that a class of
    the package reaches on ``self`` or ``super()``, sets, or overrides."""
    for node in ast.walk(tree):
        if not isinstance(node, ast.ClassDef):
            continue
        cls = getattr(module, node.name, None)
        if not inspect.isclass(cls):
            continue
        bases = [b for b in cls.__mro__[1:] if _textual(b.__module__)]
        if not bases:
            continue
        used: set[str] = set()
        for inner in ast.walk(node):
            if isinstance(inner, ast.Attribute):
                receiver = inner.value
                if (isinstance(receiver, ast.Name) and receiver.id == "self") or (
                    isinstance(receiver, ast.Call)
                    and isinstance(receiver.func, ast.Name)
                    and receiver.func.id == "super"
                ):
                    used.add(inner.attr)
        for statement in node.body:
            if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef)):
                used.add(statement.name)
            elif isinstance(statement, ast.Assign):
                used.update(t.id for t in statement.targets if isinstance(t, ast.Name))
            elif isinstance(statement, ast.AnnAssign) and isinstance(statement.target, ast.Name):
                used.add(statement.target.id)
        for name in sorted(used):
            if _private(name) and any(name in _textual_members(b) for b in bases):
                yield f"{node.name}.{name}"


def _reaches() -> dict[str, int]:
    """Every private reach into Textual in the package, as ALLOWED names them."""
    found: dict[str, int] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        if path.name == "__main__.py":
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        name = ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
        module = importlib.import_module(name)
        for reach in [*_module_reaches(tree), *_member_reaches(module, tree)]:
            key = f"{rel}: {reach}"
            found[key] = found.get(key, 0) + 1
    return found


def test_the_package_reaches_no_private_part_of_textual_but_the_allowed() -> None:
    unexpected = sorted(set(_reaches()) - set(ALLOWED))
    assert not unexpected, (
        "private parts of Textual used (use its public API, or add the reach to ALLOWED "
        "with the reason no public API will do):\n" + "\n".join(unexpected)
    )


def test_every_allowed_private_reach_is_still_needed() -> None:
    assert sorted(set(ALLOWED) - set(_reaches())) == []


def test_the_scan_finds_each_kind_of_private_reach() -> None:
    # Each kind of reach the scan looks for, written out: it finds every one.
    source = (
        "import textual._time\n"
        "import textual as tx\n"
        "from textual import _wait, widgets\n"
        "from textual._time import get_time\n"
        "from textual.widgets._select import SelectOverlay\n"
        "tx._time.get_time()\n"
        "widgets._data_table.DataTable\n"
    )
    assert sorted(_module_reaches(ast.parse(source))) == [
        "textual._time",
        "textual._time",
        "textual._time",
        "textual._wait",
        "textual.widgets._data_table",
        "textual.widgets._select",
    ]
    members = ast.parse(
        "class A:\n"
        "    _exit_renderables = []\n"
        "    def _print_error_renderables(self):\n"
        "        super()._print_error_renderables()\n"
        "    def report(self):\n"
        "        return self._exception, self._own\n"
    )

    class A(importlib.import_module("textual.app").App[None]):
        pass

    module = type("Module", (), {"A": A})
    assert sorted(_member_reaches(module, members)) == [
        "A._exception",
        "A._exit_renderables",
        "A._print_error_renderables",
    ]


def test_the_key_clock_is_the_clock_of_textuals_messages() -> None:
    # A key counts if its time (Message.time) is not before a moment taken with
    # monstertrick.tui.clock.now: the two must be one clock.
    before = now()
    stamped = Message().time
    after = now()
    assert before <= stamped <= after
