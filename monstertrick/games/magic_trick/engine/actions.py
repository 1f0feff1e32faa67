"""Magic Trick's actions.

An :class:`Action` is an ``int``, interned, and never names a value: it plays or
sleeves the card at a *position* of the player's hand (the dealt hand order, 0-13), or
passes the sleeve step. Nobody, not even its holder, sees the value of a card in a hand,
so actions offered to a player can only point at positions.

An action prints, and :func:`parse_action` reads it back, in this notation:

* ``play N``: play the card at position N of the player's hand to the trick;
* ``sleeve N``: at the sleeve step, put the card at position N up the sleeve (the bid);
* ``pass``: at the sleeve step, keep the sleeve empty for now.

N counts the 14 dealt positions of the hand from 1 (the left end, the lowest values) to
14 (the right end); a position keeps its number when the cards around it leave the hand.
The words are lower case, separated by spaces.
"""

from __future__ import annotations

from enum import IntEnum

from ....errors import InvalidMoveError
from .cards import HAND_SIZE


class ActionKind(IntEnum):
    PLAY = 0
    SLEEVE = 1
    PASS = 2


class Action(int):
    """Play (0-13) or sleeve (14-27) the card at a hand position, or pass (28).

    Interned: ``Action.play(3) is Action.play(3)``. Prints as ``"play 4"``,
    ``"sleeve 4"`` (positions shown 1-based, left to right) or ``"pass"``.
    """

    __slots__ = ()

    @property
    def kind(self) -> ActionKind:
        return _KINDS[self]

    @property
    def position(self) -> int | None:
        """The hand position (0-13) it acts on; None for a pass."""
        return None if self == PASS_CODE else self % HAND_SIZE

    def __str__(self) -> str:
        if self == PASS_CODE:
            return "pass"
        verb = "play" if self < HAND_SIZE else "sleeve"
        return f"{verb} {self % HAND_SIZE + 1}"

    def __repr__(self) -> str:
        return f"Action({str(self)!r})"

    @staticmethod
    def play(position: int) -> Action:
        _check_position(position)
        return ACTIONS[position]

    @staticmethod
    def sleeve(position: int) -> Action:
        _check_position(position)
        return ACTIONS[HAND_SIZE + position]

    @staticmethod
    def of(code: object) -> Action:
        """The interned action of an action code (0-28)."""
        if not isinstance(code, int) or isinstance(code, bool) or not 0 <= code < NUM_ACTIONS:
            raise InvalidMoveError(f"{code!r} is not an action: actions are 0 to {PASS_CODE}")
        return ACTIONS[code]


def parse_action(text: object) -> Action:
    """The action written ``text`` as it prints: ``"play N"``, ``"sleeve N"`` (N the
    hand position from 1 to 14) or ``"pass"`` (the notation: see the module's first
    lines). Raises :class:`InvalidMoveError` saying why anything else is not an action."""
    words = text.split() if isinstance(text, str) else []
    if words == ["pass"]:
        return ACTIONS[PASS_CODE]
    if len(words) == 2 and words[0] in ("play", "sleeve"):
        number = words[1]
        if number.isascii() and number.isdigit():
            n = int(number) if len(number) <= 2 else 0
            if not 1 <= n <= HAND_SIZE:
                shown = number if len(number) <= 6 else number[:6] + "…"
                raise InvalidMoveError(
                    f"there is no card {shown} in a hand: write a position from 1 to {HAND_SIZE}"
                )
            return ACTIONS[n - 1 if words[0] == "play" else HAND_SIZE + n - 1]
    shown = repr(text)[:40] if isinstance(text, str) else type(text).__name__
    raise InvalidMoveError(
        f"{shown} is not an action: write 'play N' or 'sleeve N' (N a hand position "
        f"from 1 to {HAND_SIZE}), or 'pass'"
    )


def _check_position(position: object) -> None:
    if not isinstance(position, int) or isinstance(position, bool) or not 0 <= position < HAND_SIZE:
        raise InvalidMoveError(f"there is no hand position {position!r}: positions are 0 to 13")


PASS_CODE = 2 * HAND_SIZE
NUM_ACTIONS = PASS_CODE + 1
ACTIONS: list[Action] = [Action(code) for code in range(NUM_ACTIONS)]
_KINDS = [ActionKind.PLAY] * HAND_SIZE + [ActionKind.SLEEVE] * HAND_SIZE + [ActionKind.PASS]
PASS = ACTIONS[PASS_CODE]
