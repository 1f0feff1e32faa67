"""Monster Taking's lessons: data only, read by :mod:`monstertrick.lessons`.

You play Rex (easy); you are LEAD. Every lesson is dealt from a fixed seed and set up by
the moves of that deal's own game.
"""

from __future__ import annotations

from typing import Any

from ...lessons import Lesson, Step

PLAYERS = ("(you)", "Rex")
_STRENGTH = ("strength A9", "strength S8")
_TRICKS = (*_STRENGTH, "play S5", "play S1", "pay A2 S4", "play S6", "play S3", "pay I3")
_LOST_AQUA = (*_TRICKS, "play A8", "play A10")
"""Your A8 lost to Rex's A10: same suit, 2 dots against 0."""
_LOST_SYLVA = (
    *_LOST_AQUA,
    *("pay I3", "play A1", "play A2", "pay I9", "play S9", "play A7"),
)
"""Your S9 lost to Rex's A7 (Aqua is Highest): different suits, 1 dot against 3."""
_REX_LEADS_I7 = (*_LOST_SYLVA, "pay I4 S4", "play I7")


def _laid_a_10(view: Any) -> bool:
    return len(view.strength) == 1 and view.strength[0].value == 10


def _won_trick(view: Any) -> bool:
    return bool(view.tricks[-1].winner == 0)


def _paid(dots: int, face_down: bool) -> Any:
    def check(view: Any) -> bool:
        trick = view.tricks[-1]
        paid = sum(card.dots for card in trick.cards or ())
        return bool(paid == dots and trick.face_down is face_down)

    return check


_ALL_LEGAL = "Every set that pays the due total is allowed here."

LESSONS = (
    Lesson(
        key="suit-strength",
        title="Set the suit strength",
        goal="You are LEAD: lay a 10 face up, which no card beats, and its suit will be "
        "the Highest suit.",
        keys="Keys: ←/→ choose, Enter lays.",
        steps=(
            Step(
                ("strength I10", "strength S10"),
                "A lower card can be beaten by Rex's: lay a 10 (I10 or S10), and its "
                "suit is the Highest.",
            ),
        ),
        seed=1,
        players=PLAYERS,
        learned="Rex now lays a card of another suit: the higher value's suit is Highest, "
        "the other Middle, the third Lowest.",
        check=_laid_a_10,
    ),
    Lesson(
        key="follow-and-win",
        title="Follow and win a trick",
        goal="Rex led I7: you must follow Ignis, and only a higher Ignis card wins the "
        "trick — win it.",
        keys="Keys: ←/→ choose, Enter plays.",
        steps=(
            Step(
                ("play I9", "play I10"),
                "I5 and I6 are lower than I7 and lose the trick: follow with a higher Ignis card.",
            ),
        ),
        seed=1,
        players=PLAYERS,
        setup=_REX_LEADS_I7,
        learned="Same suit: the higher value wins; a card of another suit is allowed "
        "only when you have none of the led suit.",
        check=_won_trick,
    ),
    Lesson(
        key="pay-the-difference",
        title="Pay the exact difference",
        goal="Your A8 (2 dots) lost to Rex's A10 (0 dots): pay cards whose dots add up to "
        "exactly 2.",
        keys="Keys: ←/→ move, Space chooses a card, Enter pays.",
        steps=(Step(("pay I3", "pay I4 S4", "pay I4 S9", "pay S4 S9"), _ALL_LEGAL),),
        seed=1,
        players=PLAYERS,
        setup=_LOST_AQUA,
        learned="Same suit: the cards you pay go into Rex's hand, face up — whoever runs "
        "out of cards first loses.",
        check=_paid(2, False),
    ),
    Lesson(
        key="face-down",
        title="Discards face down",
        goal="Your S9 (1 dot) lost to A7 (3 dots) of another suit: pay exactly 2 dots; "
        "they go face down.",
        keys="Keys: ←/→ move, Space chooses a card, Enter pays.",
        steps=(Step(("pay I4 I9", "pay I4 S4", "pay I9 S4"), _ALL_LEGAL),),
        seed=1,
        players=PLAYERS,
        setup=_LOST_SYLVA,
        learned="Different suits: the cards paid are discarded face down, and Rex sees "
        "only how many.",
        check=_paid(2, True),
    ),
    Lesson(
        key="smallest-above",
        title="The smallest total above",
        goal="Rex's S7 beat your S1: you owe 1 dot, but no card of yours has exactly 1. "
        "Pay the smallest total above it, 2 dots.",
        keys="Keys: Space chooses, Enter pays.",
        steps=(Step(("pay A3", "pay S3"), _ALL_LEGAL),),
        seed=10,
        players=PLAYERS,
        setup=(
            *("strength I9", "strength A4", "play S9", "play S10", "pay A9", "play A6"),
            *("play A8", "pay S3", "play A1", "play A9", "pay A2", "play I5", "play I6"),
            *("pay A2 S4", "play A10", "play I1", "pay I2 S4", "play S7", "play S1"),
        ),
        learned="When no set makes the exact difference, the smallest total above it is "
        "paid; 0-dot cards are never paid.",
        check=_paid(2, False),
    ),
)
