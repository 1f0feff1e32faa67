"""Monster Trick's lessons: data only, read by :mod:`monstertrick.lessons`.

Every lesson is dealt for three players (you, Bob and Cid; Bob starts), from seed 1
(the last from seed 9), the computer players at the easy level, and set up by the moves
of that deal's own game.
"""

from __future__ import annotations

from typing import Any

from ...lessons import Lesson, Step

PLAYERS = ("(you)", "Bob", "Cid")
SEED = 1
_ROWS = ("1-3-2", "3-2-1", "3-2-1")
"""The VP rows laid at the deal (Bob's, Cid's and yours)."""
_OPENING = (*_ROWS, "P1→1", "G2→2")
"""Bob opens trick 1 with P1, Cid trick 2 with G2: your first card comes next."""
_ALL_OPEN = (*_OPENING, "P7→3", "Y4→4", "B8→3")
"""You opened trick 3 with P7, Bob trick 4 with Y4, and Cid put B8 on trick 3."""
_HOLDING_3 = (*_ALL_OPEN, "B5→1", "Y5→4", "P4→3")
"""Trick 3 has three cards and you hold it with P7."""


_THREE_TRICKS = (
    *("3-2-1", "1-3-2", "3-2-1", "Y6→1", "Y1→1", "G3→2", "G6→3", "P2→4", "P1→4", "B8→1"),
    *("G1→2", "Y7→1", "Y9→1", "B4→1", "P9→4", "B7→1", "Y8→1", "Y3→1", "G9→2", "Y4→1"),
    *("B1→2", "P7→2", "G2→3", "G7→3", "G4→3", "P5→2", "P3→4", "B6→3", "P6→4", "P8→4"),
    *("B9→3", "P4→2", "Y5→1", "B2→3", "G8→2"),
)
"""Dealt from seed 9: you have won 3 tricks (your row 3-2-1 shows its right card, the 1)
and hold trick 1 (Y3 Y4 Y5) with two cards left, B5 and Y2."""


def _moves(cards: str, slots: str) -> tuple[str, ...]:
    return tuple(f"{card}→{slot}" for card in cards.split() for slot in slots)


def _row_left_3(view: Any) -> bool:
    return view.arrangement is not None and view.arrangement[0] == 3


def _opened(view: Any) -> bool:
    return any(t is not None and t.holder == 0 and len(t.cards) == 1 for t in view.table)


def _took_over(view: Any) -> bool:
    return any(t is not None and t.holder == 0 for t in view.table[:2])


def _blue_played(view: Any) -> bool:
    last = view.played[-1]
    return bool(last.player == 0 and str(last.card).startswith("B"))


def _won(view: Any) -> bool:
    return bool(view.tricks_won[0] == 1)


def _fourth(view: Any) -> bool:
    return bool(view.tricks_won[0] == 4 and view.face_up[0] == (0, 3))


LESSONS = (
    Lesson(
        key="vp-row",
        title="Lay your VP row",
        goal="Left card scores with 1 trick, middle 2, right 3: expecting 1 trick, put "
        "your 3 on the left.",
        keys="Keys: → to the 3, Shift+← moves it, Enter lays the row.",
        steps=(
            Step(
                ("3-1-2", "3-2-1"),
                "That row has another card on the left: put the 3 on the left, where "
                "1 trick scores it.",
            ),
        ),
        seed=SEED,
        players=PLAYERS,
        first=1,
        learned="The row is secret, but each trick you win turns up the card your count "
        "of tricks scores: with 1 (or 4, or 7) tricks, your left card.",
        check=_row_left_3,
    ),
    Lesson(
        key="open-a-trick",
        title="Open a new trick",
        goal="Bob opened trick 1, Cid trick 2: open a new trick with any card, on an empty slot.",
        keys="Keys: ←/→ choose a card, 3 or 4 plays it there.",
        steps=(
            Step(
                _moves("B1 B5 B7 B9 G3 G5 G8 P2 P5 P7 P9 Y2", "34"),
                "That card goes onto a trick already open: this lesson opens a new one, "
                "on slot 3 or 4.",
            ),
        ),
        seed=SEED,
        players=PLAYERS,
        first=1,
        setup=_OPENING,
        learned="Your card opens the trick: its colour is the trick's lead colour, and "
        "you hold it for now.",
        check=_opened,
    ),
    Lesson(
        key="take-over",
        title="Take a trick over",
        goal="Take a trick over: play a higher card of its lead colour on trick 1 "
        "(purple, Bob's) or trick 2 (green, Cid's).",
        keys="Keys: ←/→ choose, 1 or 2 plays.",
        steps=(
            Step(
                (*_moves("P2 P5 P9", "1"), *_moves("G3 G5 G8", "2")),
                "That card does not take trick 1 or 2 over: play a higher purple card on "
                "trick 1 or a higher green card on trick 2.",
            ),
        ),
        seed=SEED,
        players=PLAYERS,
        first=1,
        setup=_ALL_OPEN,
        learned="The highest card of the lead colour holds the trick: your marker replaces theirs.",
        check=_took_over,
    ),
    Lesson(
        key="colour-rule",
        title="The colour rule",
        goal="No slot is empty and no trick leads blue, so a blue card may go on any "
        "trick: play one of your blue cards.",
        keys="Keys: ←/→ choose, 1-4 plays.",
        steps=(
            Step(
                _moves("B1 B7 B9", "1234"),
                "That card follows a trick of its own colour: this lesson is about your "
                "blue cards, which may go on any trick now.",
            ),
        ),
        seed=SEED,
        players=PLAYERS,
        first=1,
        setup=_HOLDING_3,
        learned="A card of another colour may join a trick only when it has no other "
        "place: no empty slot and no trick of its colour.",
        check=_blue_played,
    ),
    Lesson(
        key="win-a-trick",
        title="Complete a trick and win it",
        goal="You hold trick 3 with P7 and it has 3 cards: put a 4th card on it (purple, "
        "or blue: they may), and you win it.",
        keys="Keys: ←/→ choose, 3 plays.",
        steps=(
            Step(
                _moves("B1 B7 B9 P2 P5 P9", "3"),
                "That card goes on another trick: put the 4th card on trick 3, the one you hold.",
            ),
        ),
        seed=SEED,
        players=PLAYERS,
        first=1,
        setup=_HOLDING_3,
        learned="A trick's 4th card completes it: its holder wins it, and turns up the "
        "VP card that their count of tricks scores.",
        check=_won,
    ),
    Lesson(
        key="fourth-trick",
        title="The fourth trick",
        goal="You have won 3 tricks, so your right card (the 1) shows: complete trick 1, "
        "which you hold, for a 4th.",
        keys="Keys: → to your yellow card, 1 plays it.",
        steps=(
            Step(
                ("Y2→1",),
                "That does not win you a 4th trick: put Y2 on trick 1, the one you hold, "
                "as its 4th card.",
            ),
        ),
        seed=9,
        players=PLAYERS,
        first=1,
        setup=_THREE_TRICKS,
        learned="A 4th trick turns your left card up again (1, 4 or 7 tricks score it): "
        "now your 3 counts, not the 1.",
        check=_fourth,
    ),
)
