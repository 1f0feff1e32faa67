"""Learn from your mistakes: a review's marked decisions of one player, set up again for
that player to choose again, each answered with the review's own figures.

Written once for every game, through its door and the contract's verbs (as the review
is, :mod:`monstertrick.review`): a marked decision is set up again as the game stood
then (:func:`position`: the chapter played again from its deal up to that decision, the
true deal, since a reviewed game is finished and its secrets public) for a screen that
shows the player's own view only (a seat's turn screen draws from the view alone). The
player's new choice is found among the review's options by the door's
:meth:`~monstertrick.games.door.Door.same_decision` and compared with the choice made
in the game (:func:`answer`): "better: 41% instead of 26%", "the same choice", or, for an
option the review's search did not try, that it has no figure for it. The review's best
comes with its reason (:func:`best_words`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .games.contract import Action, SomeState, SomeView
from .review import Decision, DecisionReview, Game, Review

if TYPE_CHECKING:
    from .session import Session

__all__ = ["Answer", "Retry", "answer", "best_words", "position", "retries", "session_at"]


@dataclass(frozen=True)
class Retry:
    """A marked decision to choose again: the review's judgement of it and the decision
    as it was (its seat's view, the action chosen)."""

    reviewed: DecisionReview
    decision: Decision

    @property
    def seat(self) -> int:
        return self.decision.seat

    @property
    def view(self) -> SomeView:
        return self.decision.view


@dataclass(frozen=True)
class Answer:
    """How a new choice compares with the one made in the game: ``kind`` ``"same"`` (the
    same decision), ``"better"``, ``"worse"``, ``"even"`` (the same chance), or
    ``"untried"`` (an option the review's search did not try); the chances, the new
    choice's (None when untried) and the old one's; and the answer in words."""

    kind: str
    chance: float | None
    before: float
    text: str


def retries(game: Game, review: Review, seat: int) -> list[Retry]:
    """The marked decisions of ``seat`` in ``review`` of ``game``, in the game's order."""
    return [
        Retry(d, game.decisions[d.index]) for d in review.decisions if d.seat == seat and d.mark
    ]


def position(game: Game, retry: Retry) -> SomeState:
    """The game as it stood at ``retry``'s decision: its chapter at the deal, as truly
    dealt, and the decisions before it made again, each at its seat."""
    d = retry.decision
    state = game.at_deal(d.chapter, 0)
    for before in game.decisions:
        if before.chapter == d.chapter and before.step < d.step:
            state.push(before.action, None, before.seat)
    return state


def session_at(game: Game, retry: Retry) -> Session:
    """A session of its own at ``retry``'s decision (:func:`position`), its seat at the
    keyboard, for a front end to ask that seat again from its own view: nothing of it is
    saved, nothing is played on (every seat a person's, so no computer player moves)."""
    from .seating import Seat, Seating
    from .session import Session

    state = position(game, retry)
    door = game.door
    seats = tuple(Seat(n) for n in game.players)
    session: Session = Session(
        Seating(seats, door.first_seat(game.final)),
        0,
        state,
        game_key=game.key,
        log_round=door.round_number(state),
        round_end_shown=door.round_number(state) - 1,
    )
    log, session.seen = door.round_log(state)
    session.log = list(log)
    session.keyboard = retry.seat
    return session


def _pct(x: float) -> str:
    return f"{round(x * 100)}%"


def answer(game: Game, retry: Retry, action: Action) -> Answer:
    """How choosing ``action`` at ``retry``'s decision compares with the choice made in the
    game, by the review's chances to win (see the module)."""
    d = retry.reviewed
    view = retry.view
    chosen = d.options[d.choice]
    mine = game.same(view, action)
    before = chosen.chance
    if mine == game.same(view, retry.decision.action):
        return Answer("same", before, before, f"The same choice as in the game ({_pct(before)}).")
    legal = {str(a): a for a in view.legal_actions}
    for i, option in enumerate(d.options):
        found = legal.get(option.action)
        if found is None or game.same(view, found) != mine:
            continue
        now = option.chance
        best = " (the review's best)" if i == 0 else ""
        if _pct(now) == _pct(before):
            return Answer("even", now, before, f"As good: {_pct(now)}, as in the game{best}.")
        kind = "better" if now > before else "worse"
        return Answer(
            kind, now, before, f"{kind.capitalize()}: {_pct(now)} instead of {_pct(before)}{best}."
        )
    return Answer(
        "untried",
        None,
        before,
        f"The review did not try that one: no figure to compare with the {_pct(before)} "
        "of the game's choice.",
    )


def best_words(retry: Retry) -> str:
    """The review's best at ``retry``'s decision, its chance and its reason."""
    d = retry.reviewed
    best = d.options[0]
    text = f"The review's best: {best.action}, {_pct(best.chance)} to win."
    return f"{text} Why: {d.reason}" if d.reason else text
