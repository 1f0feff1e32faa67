"""Learn from your mistakes in lines: after the line mode's ``review``, ``mistakes`` sets
each marked decision of a chosen player up again, from that player's view only, asks
for it again as a numbered list of the legal choices, and answers with the review's own
figures (:mod:`monstertrick.mistakes`: "Better: 41% instead of 26%.", "The same choice
as in the game"); ``best`` then says the review's best with its reason. Nothing of the
finished game changes; no hint is given while choosing again (it would be the answer).
"""

from __future__ import annotations

from collections.abc import Callable

from ..mistakes import Retry, answer, best_words, retries, session_at
from ..review import Game, Review
from .play import LineMode

__all__ = ["RetryLines", "retry_mistakes"]


class RetryLines(LineMode):
    """A marked decision asked again, in lines: the line mode's choices and commands, but
    no hint and no review while choosing."""

    def hint(self, seat: int) -> None:
        self.say("Hint", "no hint while you choose again: the answer says the review's best.")

    def tell_review(self) -> None:
        self.say("Review", "choose first: the answer gives the review's figures.")

    def mistakes(self) -> None:
        self.say("Mistakes", "you are choosing again at a marked decision now.")


def retry_mistakes(mode: LineMode, game: Game, review: Review) -> None:
    """Each marked decision of a player chosen among the reviewed ones (asked when there
    are several), set up again and answered, until the last or ``back``; then the
    question asked before is the question again."""
    question = mode.question
    try:
        _retry_all(mode, game, review)
    finally:
        mode.question = question


def _retry_all(mode: LineMode, game: Game, review: Review) -> None:
    seat = _whose(mode, game, review)
    todo = retries(game, review, seat)
    name = game.players[seat]
    if not todo:
        mode.say("Mistakes", f"{name} has no marked decision to choose again.")
        return
    for number, retry in enumerate(todo, 1):
        if not _again(mode, game, retry, number, len(todo)):
            mode.say("Mistakes", "back at the review.")
            return
    mode.say("Mistakes", f"that was {name}'s last marked decision; back at the review.")


def _whose(mode: LineMode, game: Game, review: Review) -> int:
    """The seat whose marks to retry: the one reviewed, or one chosen by number."""
    seats = sorted({d.seat for d in review.decisions})
    if len(seats) == 1:
        return seats[0]
    marks = {s: sum(1 for d in review.decisions if d.seat == s and d.mark) for s in seats}
    choices = [f"{n}. {game.players[s]}, {marks[s]} marked" for n, s in enumerate(seats, 1)]
    mode.say("Mistakes", "whose marked decisions? Only that person should listen then.")
    for line in choices:
        mode.streams[0](line)
    mode.question = [*choices, "type the person's number and Enter."]
    chosen: list[int] = []

    def take(text: str) -> bool:
        if text.isdigit() and 1 <= int(text) <= len(seats):
            chosen.append(seats[int(text) - 1])
            return True
        mode.say("Problem", f"type a number from 1 to {len(seats)}, then Enter.")
        return False

    mode.prompt(None, take)
    return chosen[0]


def _again(mode: LineMode, game: Game, retry: Retry, number: int, count: int) -> bool:
    """One marked decision chosen again and answered; False when the person goes back."""
    d = retry.decision
    seat = retry.seat
    name = game.players[seat]
    where = f"{game.door.chapter_name} {d.chapter}, decision {d.step + 1}"
    mode.say(
        "Mistakes",
        f"{number} of {count}: {name}, {where}, marked {retry.reviewed.mark}: you chose "
        f"{retry.reviewed.chosen} here.",
    )
    mode.question = [f"{name}, press Enter when only you can hear: the table as you saw it."]
    mode.prompt(None, _enter(mode))
    session = session_at(game, retry)
    lines = RetryLines(session, *mode.streams)
    for line in lines.door.view_lines(session.view(seat), "table"):
        lines.say("Table", line)
    reply = answer(game, retry, lines.ask_choice(seat, d.task))
    mode.say("Answer", reply.text)
    then = "for the next one" if number < count else "to go back to the review"
    mode.question = [
        f"Press Enter {then}; type best for the review's best and why, back for the review."
    ]
    went: list[bool] = []

    def take(text: str) -> bool:
        word = text.casefold()
        if word == "best":
            mode.say("Best", best_words(retry))
            return False
        if word in ("", "back"):
            went.append(word == "")
            return True
        mode.say("Problem", "press Enter, or type best or back.")
        return False

    mode.prompt(None, take)
    return went[0]


def _enter(mode: LineMode) -> Callable[[str], bool]:
    def take(text: str) -> bool:
        if text:
            mode.say("Problem", "press Enter alone to go on, or type ? for the commands.")
        return not text

    return take
