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

The messages between a host and a seat (:mod:`monstertrick.net.protocol`) are written
and read here too: :meth:`Wire.encode` gives a message's JSON object (its ``type``
first), :meth:`Wire.message` reads one back, checked like the rest, the game's values in
it read as the game's types. A wire made without a door (``Wire()``) writes any of them
and reads the messages that hold no game value.

Encoding is a function of the value alone, so a seat's bytes depend on nothing but its
view: two games that differ only in what the seat cannot see send it the same bytes.
"""

from __future__ import annotations

import dataclasses
import json
import types
import typing
from collections.abc import Callable, Mapping, Sequence
from enum import Enum
from functools import cache
from typing import Any, Generic, TypeVar, Union

from ..errors import InvalidMoveError
from ..games.common.cards import CodedCard
from . import protocol
from .protocol import Message, Part

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
TYPE = "type"
"""The key that names a message's kind in its JSON object."""


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


_SCALARS = (bool, int, str, float)
"""The plain values sent as they are."""


@cache
def _is_dataclass(cls: type) -> bool:
    """Whether instances of ``cls`` are dataclasses (a class object itself is not one)."""
    return dataclasses.is_dataclass(cls) and not issubclass(cls, type)


@cache
def _written(cls: type) -> tuple[tuple[str, Any, bool], ...]:
    """A dataclass's fields as they are written: name, declared type, and whether it is
    left out when None (a message's field marked OMITTED)."""
    hints = _hints(cls)
    return tuple(
        (f.name, hints[f.name], bool(f.metadata.get("omitted"))) for f in dataclasses.fields(cls)
    )


@cache
def _members(tp: Any) -> tuple[Any, ...]:
    """The types of a union (the type itself for one that is not)."""
    if typing.get_origin(tp) in (Union, types.UnionType):
        return typing.get_args(tp)
    return (tp,)


Where = str | tuple["Where", object]
"""Where a value sits in what is read: a name, or a place in a container and the key or
index in it (joined into words only when something there is wrong: :func:`_place`)."""


def _place(where: Where) -> str:
    """``where`` in words: ``the message.seats[2].bid``."""
    parts: list[str] = []
    while isinstance(where, tuple):
        where, key = where
        parts.append(f"[{key}]" if isinstance(key, int) else f".{key}")
    return where + "".join(reversed(parts))


@cache
def _shape(tp: Any) -> tuple[str, Any]:
    """What reading a value of type ``tp`` takes, worked out once per type: ``union``
    (its members), ``none``, ``any``, ``record``, ``generic`` (its dataclass),
    ``sequence`` (its origin and arguments), ``enum``, ``card``, ``dataclass``, ``bool``,
    ``scalar``, or ``other``."""
    members = _members(tp)
    if len(members) > 1:
        return "union", members
    if tp is None or tp is type(None):
        return "none", None
    if tp is Any or tp is object:
        return "any", None
    origin = typing.get_origin(tp)
    if origin is dict:
        return "record", None
    if isinstance(origin, type) and dataclasses.is_dataclass(origin):
        return "generic", origin
    if origin is not None:
        return "sequence", (origin, typing.get_args(tp))
    if isinstance(tp, type) and issubclass(tp, Enum):
        return "enum", None
    if isinstance(tp, type) and issubclass(tp, CodedCard):
        return "card", None
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return "dataclass", None
    if tp is bool:
        return "bool", None
    if tp in (int, str, float):
        return "scalar", None
    return "other", None


class Wire(Generic[S, A, E, V, P]):
    """The JSON of one game's views, events and actions, made from its door."""

    def __init__(self, door: Door[S, A, E, V, P] | None = None) -> None:
        self._parse: Callable[[str], Any] | None = None
        self._actions: tuple[type, ...] = ()
        self._given: dict[Any, Any] = {}
        if door is None:
            return  # (no game: messages without a game's values only)
        args = _door_types(type(door))
        self._state, self._action, self._event, self._view, self._public = args
        self._actions = tuple(t for t in _members(self._action) if isinstance(t, type))
        self._parse = door.parse_action
        self._given = {
            protocol.ACTION: self._action,
            protocol.VIEW: self._view,
            protocol.PUBLIC: self._public,
            protocol.EVENT: self._event,
        }

    # ------------------------------------------------------------------ writing

    def encode(self, value: object, tp: Any = None) -> Any:
        """The JSON value of a view, an event, an action or any part of one (``tp``: the
        type it is declared with, where known: a field declared a plain ``int`` is sent
        as a number, whatever int it holds)."""
        if value is None or type(value) in _SCALARS:
            return value
        if tp in (int, float, str) and isinstance(value, tp) and not isinstance(value, bool):
            return tp(value)
        if isinstance(value, self._actions):
            return str(value)
        if isinstance(value, Enum):
            return value.name
        if isinstance(value, CodedCard):
            return str(value)
        if isinstance(value, Message | Part):
            cls: type = type(value)
            out: dict[str, Any] = {TYPE: value.TYPE} if isinstance(value, Message) else {}
            for name, declared, omitted in _written(cls):
                item = getattr(value, name)
                if item is not None or not omitted:
                    out[name] = self.encode(item, declared)
            return out
        kind: type = type(value)
        if _is_dataclass(kind):
            out = {KIND: kind.__name__}
            for name, declared, _ in _written(kind):
                out[name] = self.encode(getattr(value, name), declared)
            return out
        if isinstance(value, dict):  # (a record: JSON already)
            return value
        if isinstance(value, tuple | list):
            args = typing.get_args(tp) if typing.get_origin(tp) in (tuple, list, Sequence) else ()
            if len(args) == len(value) and Ellipsis not in args:
                return [self.encode(v, t) for v, t in zip(value, args)]
            each = args[0] if args else None
            return [self.encode(v, each) for v in value]
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

    def text(self, message: Message) -> str:
        """A message's JSON text, as it goes over the wire."""
        return json.dumps(self.encode(message))

    def message(self, data: object, kinds: Sequence[type[Message]]) -> Message:
        """A message of one of ``kinds``, read back from its JSON value (its ``type``
        names which); :class:`WireError` if it is not one."""
        if not isinstance(data, Mapping):
            raise WireError(f"a message is a JSON object, not {_shown(data)}")
        for kind in kinds:
            if data.get(TYPE) == kind.TYPE:
                message: Message = self.decode(kind, data)
                return message
        raise WireError(f"{_shown(data.get(TYPE))} is not a message expected here")

    def decode(self, tp: Any, data: object, where: Where = "the message") -> Any:
        """``data`` read back as a value of type ``tp``; :class:`WireError` if it is
        not one."""
        if isinstance(tp, TypeVar):
            if tp not in self._given:
                raise WireError(f"{_place(where)}: a game's value is not read without its game")
            tp = self._given[tp]
        shape, detail = _shape(tp)
        if shape == "scalar":
            if type(data) is not tp and not (tp is float and type(data) is int):
                raise WireError(f"{_place(where)}: expected {tp.__name__}, got {_shown(data)}")
            return data
        if shape == "union":
            return self._union(detail, data, where)
        if shape == "none":
            if data is not None:
                raise WireError(f"{_place(where)}: expected nothing, got {_shown(data)}")
            return None
        if shape == "any":
            raise WireError(f"{_place(where)}: a value of no fixed type is not read")
        if shape == "record":  # (a record: the game reads it back itself)
            if not isinstance(data, dict) or not all(isinstance(k, str) for k in data):
                raise WireError(f"{_place(where)}: expected an object, got {_shown(data)}")
            return data
        if shape == "generic":
            return self.decode(detail, data, where)  # (a generic part: Decided[EVENT])
        if shape == "sequence":
            origin, args = detail
            return self._sequence(tp, origin, args, data, where)
        if tp in self._actions:
            return self._read_action(tp, data, where)
        return self._plain(tp, shape, data, where)

    def _plain(self, tp: Any, shape: str, data: object, where: Where) -> Any:
        """:meth:`decode` of a type that is neither a union, a generic nor an action:
        an enum, a card, a dataclass, or a plain value."""
        if shape == "enum":
            if not isinstance(data, str) or data not in tp.__members__:
                raise WireError(f"{_place(where)}: {_shown(data)} is not a {tp.__name__}")
            return tp[data]
        if shape == "card":
            try:
                return tp.parse(data)
            except InvalidMoveError as exc:
                raise WireError(f"{_place(where)}: {exc}") from None
        if shape == "dataclass":
            return self._dataclass(tp, data, where)
        if shape == "bool":
            if not isinstance(data, bool):
                raise WireError(f"{_place(where)}: expected true or false, got {_shown(data)}")
            return data
        raise WireError(f"{_place(where)}: a {tp!r} is not read")

    def _union(self, members: Sequence[Any], data: object, where: Where) -> Any:
        members = [m for t in members for m in _members(self._given.get(t, t))]
        if data is None and type(None) in members:
            return None
        if isinstance(data, Mapping) and KIND not in data:
            for member in members:
                if typing.get_origin(member) is dict:  # (a record)
                    return self.decode(member, data, where)
            parts = [m for m in members if isinstance(m, type) and issubclass(m, Part)]
            parts += [
                m
                for m in members
                if isinstance(typing.get_origin(m), type) and issubclass(typing.get_origin(m), Part)
            ]
            if parts:  # (a part of a message: the one whose fields it has)
                problems = []
                for part in parts:
                    try:
                        return self.decode(part, data, where)
                    except WireError as exc:
                        problems.append(str(exc))
                raise WireError(
                    problems[0] if len(problems) == 1 else f"{_place(where)}: fits no part"
                )
        if isinstance(data, Mapping):
            # A dataclass of the union: the one its kind names.
            for member in members:
                if isinstance(member, type) and member.__name__ == data.get(KIND):
                    return self.decode(member, data, where)
            raise WireError(
                f"{_place(where)}: {_shown(data.get(KIND))} is not a kind expected here"
            )
        problems = []
        for member in members:
            if member is type(None):
                continue
            try:
                return self.decode(member, data, where)
            except WireError as exc:
                problems.append(str(exc))
        raise WireError(
            problems[0] if len(problems) == 1 else f"{_place(where)}: {_shown(data)} fits no type"
        )

    def _sequence(
        self, tp: Any, origin: Any, args: tuple[Any, ...], data: object, where: Where
    ) -> Any:
        if origin not in (tuple, list, Sequence):
            raise WireError(f"{_place(where)}: a {tp!r} is not read")
        if not isinstance(data, list):
            raise WireError(f"{_place(where)}: expected a list, got {_shown(data)}")
        if len(data) > MAX_ITEMS:
            raise WireError(f"{_place(where)}: a list of more than {MAX_ITEMS} items")
        if origin is tuple and not (len(args) == 2 and args[1] is Ellipsis):
            if len(data) != len(args):
                raise WireError(f"{_place(where)}: expected {len(args)} items, got {len(data)}")
            return tuple(self.decode(t, d, (where, i)) for i, (t, d) in enumerate(zip(args, data)))
        each = args[0]
        items = [self.decode(each, d, (where, i)) for i, d in enumerate(data)]
        return items if origin is list else tuple(items)

    def _dataclass(self, tp: type, data: object, where: Where) -> Any:
        if not isinstance(data, Mapping):
            raise WireError(f"{_place(where)}: expected a {tp.__name__}, got {_shown(data)}")
        key = KIND
        if issubclass(tp, Message):
            key = TYPE
            if data.get(TYPE) != tp.TYPE:
                raise WireError(
                    f"{_place(where)}: expected a {tp.TYPE}, got {_shown(data.get(TYPE))}"
                )
        elif issubclass(tp, Part):
            key = ""
        elif data.get(KIND) != tp.__name__:
            raise WireError(
                f"{_place(where)}: expected a {tp.__name__}, got {_shown(data.get(KIND))}"
            )
        hints = _hints(tp)
        extra = set(data) - set(hints) - {key}
        if extra:
            raise WireError(f"{_place(where)}: a {tp.__name__} has no {_shown(sorted(extra)[0])}")
        # A message's field with a default may be left out (and one marked OMITTED is).
        optional = _optional(tp) if tp.__module__ == protocol.__name__ else set()
        missing = [name for name in hints if name not in data and name not in optional]
        if missing:
            raise WireError(f"{_place(where)}: a {tp.__name__} needs its {missing[0]}")
        fields = {
            name: self.decode(t, data[name], (where, name))
            for name, t in hints.items()
            if name in data
        }
        if optional:
            fields.update(
                (f.name, None)
                for f in dataclasses.fields(tp)
                if f.name not in data
                and f.metadata.get("omitted")
                and f.default is dataclasses.MISSING
            )
        try:
            return tp(**fields)
        except (TypeError, ValueError) as exc:
            raise WireError(f"{_place(where)}: not a {tp.__name__}: {exc}") from None

    def _read_action(self, tp: type, data: object, where: Where) -> Any:
        if not isinstance(data, str):
            raise WireError(f"{_place(where)}: an action is written as text, not {_shown(data)}")
        assert self._parse is not None  # (an action type comes from the door)
        try:
            action = self._parse(data)
        except InvalidMoveError as exc:
            raise WireError(f"{_place(where)}: {exc}") from None
        if not isinstance(action, tp):
            raise WireError(f"{_place(where)}: {_shown(data)} is not a {tp.__name__}")
        return action


@cache
def _optional(cls: type) -> frozenset[str]:
    """The fields of a message that may be left out: those with a default, and those
    marked :data:`~monstertrick.net.protocol.OMITTED`."""
    return frozenset(
        f.name
        for f in dataclasses.fields(cls)
        if f.default is not dataclasses.MISSING or f.metadata.get("omitted")
    )


PLAIN: Wire[Any, Any, Any, Any, Any] = Wire()
"""A wire of no game: for the messages that hold no game's value."""


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
