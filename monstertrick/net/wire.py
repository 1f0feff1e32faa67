"""A game's views, events and actions as JSON values, for a screen on another device:
what one seat is sent is that seat's view (or the public view) and the public events,
and what it sends back is an action as the game writes it. Written once for every
game, from its door's types alone (:class:`~monstertrick.games.door.Door`'s
``S, A, E, V, P``).

A view or an event is a frozen dataclass of plain values: ints, text, truth values,
None, enums (sent by name), cards (by name, ``"G7"``, read back with the card's own
``parse``), actions (as they print, read back with the game's ``parse_action``),
tuples, and other such dataclasses (sent as an object with their ``kind``, the class's
name, and their fields). :meth:`Wire.encode` gives the JSON value of one; the readers
(:meth:`Wire.view`, :meth:`Wire.public`, :meth:`Wire.event`, :meth:`Wire.action`)
take one back, checked against the type it must have: anything else (a missing or
extra field, a value of the wrong type, a card or action that is not one) raises
:class:`WireError` saying where. What comes over the wire is untrusted: nothing in it
is evaluated, imported or looked up beyond the game's own types.

Encoding is a function of the value alone, so a seat's bytes depend on nothing but its
view: two games that differ only in what the seat cannot see send it the same bytes.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable, Mapping, Sequence
from enum import Enum
from functools import cache
from typing import Any, Generic, TypeVar, Union

from ..errors import InvalidMoveError
from ..games.common.cards import CodedCard

if typing.TYPE_CHECKING:
    from ..games.contract import State, View
    from ..games.door import Door

S = TypeVar("S", bound="State[Any, Any, Any]")
A = TypeVar("A")
E = TypeVar("E")
V = TypeVar("V", bound="View[Any]")
P = TypeVar("P", bound="View[Any]")

MAX_ITEMS = 1000
"""The longest sequence a reader takes (a view's longest, a game's cards, is far shorter)."""

KIND = "kind"
"""The key that names a dataclass's class in its JSON object."""


class WireError(ValueError):
    """A JSON value that is not what it must be; the message says where and why."""


@cache
def _hints(cls: type) -> dict[str, Any]:
    """A dataclass's fields with their types, resolved (a generic base's type variables
    by the types the class gives them: ``class GameOver(SharedGameOver[Outcome])``)."""
    hints = typing.get_type_hints(cls)
    given: dict[Any, Any] = {}
    for klass in reversed(cls.__mro__):
        for base in getattr(klass, "__orig_bases__", ()):
            origin = typing.get_origin(base)
            params = getattr(origin, "__parameters__", ())
            given.update(zip(params, typing.get_args(base)))
    return {f.name: given.get(hints[f.name], hints[f.name]) for f in dataclasses.fields(cls)}


def _members(tp: Any) -> tuple[Any, ...]:
    """The types of a union (the type itself for one that is not)."""
    if typing.get_origin(tp) in (Union, types.UnionType):
        return typing.get_args(tp)
    return (tp,)


class Wire(Generic[S, A, E, V, P]):
    """The JSON of one game's views, events and actions, made from its door."""

    def __init__(self, door: Door[S, A, E, V, P]) -> None:
        args = _door_types(type(door))
        self._state, self._action, self._event, self._view, self._public = args
        self._actions = tuple(t for t in _members(self._action) if isinstance(t, type))
        self._parse: Callable[[str], Any] = door.parse_action

    # ------------------------------------------------------------------ writing

    def encode(self, value: object, tp: Any = None) -> Any:
        """The JSON value of a view, an event, an action or any part of one (``tp``: the
        type it is declared with, where known: a field declared a plain ``int`` is sent
        as a number, whatever int it holds)."""
        if tp in (int, float, str) and isinstance(value, tp) and not isinstance(value, bool):
            return tp(value)
        if isinstance(value, self._actions):
            return str(value)
        if isinstance(value, Enum):
            return value.name
        if isinstance(value, CodedCard):
            return str(value)
        if dataclasses.is_dataclass(value) and not isinstance(value, type):
            out: dict[str, Any] = {KIND: type(value).__name__}
            for name, declared in _hints(type(value)).items():
                out[name] = self.encode(getattr(value, name), declared)
            return out
        if isinstance(value, tuple | list):
            args = typing.get_args(tp) if typing.get_origin(tp) in (tuple, list, Sequence) else ()
            if len(args) == len(value) and Ellipsis not in args:
                return [self.encode(v, t) for v, t in zip(value, args)]
            each = args[0] if args else None
            return [self.encode(v, each) for v in value]
        if value is None or type(value) in (bool, int, str, float):
            return value
        raise TypeError(f"a {type(value).__name__} is not sent over the wire")

    # ------------------------------------------------------------------ reading

    def view(self, data: object) -> V:
        """A seat's view, read back."""
        view: V = self.decode(self._view, data)
        return view

    def public(self, data: object) -> P:
        """The public view, read back."""
        public: P = self.decode(self._public, data)
        return public

    def event(self, data: object) -> E:
        """A public event, read back."""
        event: E = self.decode(self._event, data)
        return event

    def action(self, data: object) -> A:
        """An action, read back (as the game writes it: ``"play A7"``)."""
        action: A = self.decode(self._action, data)
        return action

    def decode(self, tp: Any, data: object, where: str = "the message") -> Any:
        """``data`` read back as a value of type ``tp``; :class:`WireError` if it is
        not one."""
        members = _members(tp)
        if len(members) > 1:
            return self._union(members, data, where)
        if tp is None or tp is type(None):
            if data is not None:
                raise WireError(f"{where}: expected nothing, got {_shown(data)}")
            return None
        if tp is Any or tp is object:
            raise WireError(f"{where}: a value of no fixed type is not read")
        origin = typing.get_origin(tp)
        if origin is not None:
            return self._sequence(tp, origin, data, where)
        if tp in self._actions:
            return self._read_action(tp, data, where)
        if isinstance(tp, type) and issubclass(tp, Enum):
            if not isinstance(data, str) or data not in tp.__members__:
                raise WireError(f"{where}: {_shown(data)} is not a {tp.__name__}")
            return tp[data]
        if isinstance(tp, type) and issubclass(tp, CodedCard):
            try:
                return tp.parse(data)
            except InvalidMoveError as exc:
                raise WireError(f"{where}: {exc}") from None
        if isinstance(tp, type) and dataclasses.is_dataclass(tp):
            return self._dataclass(tp, data, where)
        if tp is bool:
            if not isinstance(data, bool):
                raise WireError(f"{where}: expected true or false, got {_shown(data)}")
            return data
        if tp in (int, str, float):
            if type(data) is not tp and not (tp is float and type(data) is int):
                raise WireError(f"{where}: expected {tp.__name__}, got {_shown(data)}")
            return data
        raise WireError(f"{where}: a {tp!r} is not read")

    def _union(self, members: Sequence[Any], data: object, where: str) -> Any:
        if data is None and type(None) in members:
            return None
        if isinstance(data, Mapping):
            # A dataclass of the union: the one its kind names.
            for member in members:
                if isinstance(member, type) and member.__name__ == data.get(KIND):
                    return self.decode(member, data, where)
            raise WireError(f"{where}: {_shown(data.get(KIND))} is not a kind expected here")
        problems = []
        for member in members:
            if member is type(None):
                continue
            try:
                return self.decode(member, data, where)
            except WireError as exc:
                problems.append(str(exc))
        raise WireError(
            problems[0] if len(problems) == 1 else f"{where}: {_shown(data)} fits no type"
        )

    def _sequence(self, tp: Any, origin: Any, data: object, where: str) -> Any:
        if origin not in (tuple, list, Sequence):
            raise WireError(f"{where}: a {tp!r} is not read")
        if not isinstance(data, list):
            raise WireError(f"{where}: expected a list, got {_shown(data)}")
        if len(data) > MAX_ITEMS:
            raise WireError(f"{where}: a list of more than {MAX_ITEMS} items")
        args = typing.get_args(tp)
        if origin is tuple and not (len(args) == 2 and args[1] is Ellipsis):
            if len(data) != len(args):
                raise WireError(f"{where}: expected {len(args)} items, got {len(data)}")
            return tuple(
                self.decode(t, d, f"{where}[{i}]") for i, (t, d) in enumerate(zip(args, data))
            )
        items = [self.decode(args[0], d, f"{where}[{i}]") for i, d in enumerate(data)]
        return items if origin is list else tuple(items)

    def _dataclass(self, tp: type, data: object, where: str) -> Any:
        if not isinstance(data, Mapping):
            raise WireError(f"{where}: expected a {tp.__name__}, got {_shown(data)}")
        if data.get(KIND) != tp.__name__:
            raise WireError(f"{where}: expected a {tp.__name__}, got {_shown(data.get(KIND))}")
        hints = _hints(tp)
        extra = set(data) - set(hints) - {KIND}
        if extra:
            raise WireError(f"{where}: a {tp.__name__} has no {_shown(sorted(extra)[0])}")
        missing = [name for name in hints if name not in data]
        if missing:
            raise WireError(f"{where}: a {tp.__name__} needs its {missing[0]}")
        fields = {name: self.decode(t, data[name], f"{where}.{name}") for name, t in hints.items()}
        try:
            return tp(**fields)
        except (TypeError, ValueError) as exc:
            raise WireError(f"{where}: not a {tp.__name__}: {exc}") from None

    def _read_action(self, tp: type, data: object, where: str) -> Any:
        if not isinstance(data, str):
            raise WireError(f"{where}: an action is written as text, not {_shown(data)}")
        try:
            action = self._parse(data)
        except InvalidMoveError as exc:
            raise WireError(f"{where}: {exc}") from None
        if not isinstance(action, tp):
            raise WireError(f"{where}: {_shown(data)} is not a {tp.__name__}")
        return action


def _door_types(cls: type) -> tuple[Any, ...]:
    """A door class's ``S, A, E, V, P``: the types it subclasses ``Door`` with."""
    from ..games.door import Door

    for klass in cls.__mro__:
        for base in getattr(klass, "__orig_bases__", ()):
            if typing.get_origin(base) is Door:
                return typing.get_args(base)
    raise TypeError(f"{cls.__name__} is not a Door of given types")


def _shown(value: object) -> str:
    """A value from the wire, for a message: its repr, at most 30 characters."""
    text = repr(value)
    return text if len(text) <= 30 else text[:26] + "…"
