"""A review of a finished game: every decision of the chosen players judged from what
that player knew, with the search's noise said, and the luck of each deal apart.

Written once for every game, through its door (:class:`~monstertrick.games.door.Door`)
and the contract's verbs only:

- **The decisions.** The record is replayed chapter by chapter (a record cut after
  chapter ``c`` ends at that chapter's last decision; :meth:`State.pop` takes the
  chapter back to its deal, :meth:`State.push` makes it again). At each decision of a
  chosen seat the review takes that seat's view (:meth:`Door.view`) and nothing else:
  the hard player's search (:meth:`Door.review_advice`) samples worlds that agree with
  the view, never with the true deal, for a fixed number of playouts per option, its
  randomness drawn from the review's seed and the position (the same seed, the same
  review). Options that are the same decision (:meth:`Door.same_decision`: Monster
  Trick's interchangeable cards, its empty slots) are one option, the best-ranked kept.
- **The verdict.** The best option is the search's first; the chance given up is the
  best option's chance to win minus the chosen one's (their difference measured on
  the worlds both were tried on where the search pairs its options), never below 0. A
  choice within :data:`~monstertrick.search.assess.Z` standard errors of the best is
  *about equal* (:attr:`~monstertrick.search.assess.Advice.about_equal`) and counts as
  no chance given up; a forced decision (one option, up to sameness) is not searched.
  Otherwise the mark: ``?!`` from 5 points of win chance given up, ``?`` from 10, ``??``
  from 20 (as chess reviews mark an inaccuracy, a mistake and a blunder), counted on
  the chance given up beyond the search's noise (less ``Z`` standard errors of it: what
  the search is about 95% sure of), so that two seeds give the same mark to at least
  90% of decisions.
- **The reason.** Each judged decision has a sentence of reason drawn from what the
  search counted over the worlds it sampled (each option's
  :class:`~monstertrick.search.assess.Stats`, in the game's words:
  :meth:`Door.reason`): the best option's outcome, and the choice's (or, when the
  choice was the best, the next option's). The review's JSON carries the counts behind
  it, each option's ``stats``; read back, the words are made again from them.
- **Per player**: the agreement rate (unforced decisions whose choice was the best or
  about equal), the mean chance given up per unforced decision, the marks, and the
  decisions that gave up the most.
- **Luck**, apart from skill: each seat's chance to win the game at each deal, before
  any decision of that chapter, with the cards as they were truly dealt (a finished
  game's secrets are public) and every seat played by the same policy (the game's
  ``medium`` player), the later chapters dealt afresh in each sample. Everyone plays
  alike there, so what differs between the seats is the cards (and the standings so
  far, from the second deal on).

A game that is not over is not reviewed: its secrets are not yet public.

:func:`review_steps` yields each decision's review as it is computed (a screen shows
marks as they come; ``stop`` or closing the generator cancels), :func:`review` runs it
to the end. :class:`ReviewCache` keeps a review beside the saves, keyed by the record's
fingerprint and the settings, checked like a stored summary when read back (never
trusted), and only of this version (:data:`KEPT`).
"""

from .compute import (
    Step,
    chapter_luck,
    decision_reason,
    plan,
    review,
    review_decision,
    review_steps,
)
from .kept import MAX_REVIEW_BYTES, ReviewCache, check_review
from .model import (
    FORMAT,
    KEPT,
    LUCK_POLICY,
    LUCK_SAMPLES,
    MARKS,
    PLAYOUTS,
    SEED,
    TOP,
    Decision,
    DecisionReview,
    Game,
    Luck,
    OptionReview,
    PlayerSummary,
    Review,
    ReviewError,
    Settings,
    Verdict,
    judge,
    mark_of,
    people,
)
from .text import WIDTH, describe_decision, format_review, luck_text

__all__ = [
    "FORMAT",
    "KEPT",
    "LUCK_POLICY",
    "LUCK_SAMPLES",
    "MARKS",
    "MAX_REVIEW_BYTES",
    "PLAYOUTS",
    "SEED",
    "TOP",
    "WIDTH",
    "Decision",
    "DecisionReview",
    "Game",
    "Luck",
    "OptionReview",
    "PlayerSummary",
    "Review",
    "ReviewCache",
    "ReviewError",
    "Settings",
    "Step",
    "Verdict",
    "chapter_luck",
    "check_review",
    "decision_reason",
    "describe_decision",
    "format_review",
    "judge",
    "luck_text",
    "mark_of",
    "people",
    "plan",
    "review",
    "review_decision",
    "review_steps",
]
