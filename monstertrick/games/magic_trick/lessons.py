"""Magic Trick's lessons: data only, read by :mod:`monstertrick.lessons`.

You play Bea, Cal and Dot (easy), dealt from seed 1; you begin the hand. Your hand's
backs, left to right: Clubs, Diamonds, Stars, Diamonds, Spades, Stars, Diamonds, Clubs,
Spades, Hearts, Triangles, Clubs, Stars, Diamonds.
"""

from __future__ import annotations

from typing import Any

from ...lessons import Lesson, Step

PLAYERS = ("(you)", "Bea", "Cal", "Dot")
_FIRST_PLAY = ("play 8",)
"""You led your 8th card (C4)."""
_SLEEVED = (
    *(*_FIRST_PLAY, "sleeve 7", "play 9", "sleeve 7", "play 4", "pass", "play 8", "pass"),
    *("play 11", "play 8", "sleeve 6", "play 13", "pass"),
)
"""Your D4 (7th card) is up your sleeve; Bea led D6, Cal played D3, Dot M6."""
_DOT_LEADS_HEART = (
    *(*_SLEEVED, "play 14", "play 11", "play 3", "play 7", "play 11", "sleeve 5"),
    *("play 6", "play 2", "play 11", "play 12", "play 2", "play 9", "play 8", "play 2"),
    "play 9",
)
"""Dot leads H3."""


def _played_position(position: int) -> Any:
    def check(view: Any) -> bool:
        spot = view.seats[0].spots[position - 1]
        return bool(spot.card is not None and spot.place.value == "played")

    return check


def _bid(view: Any) -> bool:
    return view.seats[0].bid is not None


def _won(view: Any) -> bool:
    return bool(view.seats[0].tricks == 1)


LESSONS = (
    Lesson(
        key="read-the-backs",
        title="What the backs tell you",
        goal="Every back shows its card's suit (H: Hearts), and Hearts are trump: lead "
        "your only Heart, the 10th card.",
        keys="Keys: ←/→ or Home/End choose, Enter plays.",
        steps=(
            Step(
                ("play 10",),
                "That back shows another suit: find your Heart (the 10th card) and lead it.",
            ),
        ),
        seed=1,
        players=PLAYERS,
        learned="Nobody sees a value in a hand, not even you: it shows once the card is played.",
        check=_played_position(10),
    ),
    Lesson(
        key="sleeve-bid",
        title="The sleeve bid",
        goal="You led C4. Now bid: put a card up your sleeve; its value, shown to all, is "
        "how many tricks you mean to win.",
        keys="Keys: ←/→ choose, Enter sleeves.",
        steps=(
            Step(
                tuple(f"sleeve {n}" for n in (1, 2, 3, 4, 5, 6, 7, 9, 10, 11, 12, 13, 14)),
                "Passing leaves your bid for later: this lesson bids now, with a card up "
                "your sleeve.",
            ),
        ),
        seed=1,
        players=PLAYERS,
        setup=_FIRST_PLAY,
        learned="Win exactly as many tricks as your bid for 3 points (5 with as many "
        "suits); otherwise lose the difference.",
        check=_bid,
    ),
    Lesson(
        key="follow-suit",
        title="Follow suit",
        goal="Dot led a Heart: you must follow suit, and your only Heart is the 10th "
        "card — play it.",
        keys="Keys: Enter plays.",
        steps=(Step(("play 10",), "Only your Heart may be played now."),),
        seed=1,
        players=PLAYERS,
        setup=_DOT_LEADS_HEART,
        learned="You must follow the led suit while you hold it; the backs tell everyone "
        "whether you do.",
        check=_played_position(10),
    ),
    Lesson(
        key="deduce-a-value",
        title="Deduce a value",
        goal="Bea led D6. Your hand is sorted: a Diamond right of your sleeved D4 is "
        "above 4, and D5 is Bea's bid. Win with it.",
        keys="Keys: ←/→ choose, Enter plays.",
        steps=(
            Step(
                ("play 14",),
                "Diamonds left of your D4 (7th card) are worth 4 or less and cannot beat "
                "D6: play the one right of it.",
            ),
        ),
        seed=1,
        players=PLAYERS,
        setup=_SLEEVED,
        learned="A card's place in the sorted hand bounds its value, for all alike: d "
        "at the table (deduce in screen reader mode) shows what is worked out.",
        check=_won,
    ),
)
