"""The door between the shell and a game, written once for every game.

The shell (the session, the saves, the arena, the CLI, the app) reaches a game only
through its door: a :class:`Door` whose type parameters are the game's state, action,
event and view classes, so the shell is checked against each game's own types. What
every game does alike is written here, on the verbs of :mod:`.contract` (who may decide
now, a decision checked for its seat and carried out, undo, where the game stands, the
computer players' randomness, the arena's result, the saved-game summary) and on the
chapters' histories: a chapter played again from its deal (:meth:`Door.chapter_steps`),
on which the round's log, the earlier chapters' logs and the replay's timeline
(:mod:`monstertrick.timeline`) are written once.

A game's package subclasses it with the small table of what is truly its own: its facts
(``key``, ``levels``, ``totals_range``, ``chapters_key``...), how a new game is dealt,
its record codec, its computer players and world sampling (``make_bot``,
``hard_player``, ``sample_world``: methods that import the game's own modules when first
needed, so that they are typed and checked), how it tells where a chapter stands in
words.

Like OpenSpiel's ``Game`` object beside its ``State``: the game's facts and factory,
while the state holds the rules. This module imports no game (finds none by name), nor
Textual.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from ..decisions import bot_rng
from ..records import record_text
from . import ArenaResult, ArenaTerms
from .common.state import not_their_turn
from .contract import Action, Bot, Outcome, State, StopCheck, View

if TYPE_CHECKING:
    from ..search.assess import Advice, Stats
    from ..search.player import SearchingPlayer

A = TypeVar("A", bound=Action)
E = TypeVar("E")
V = TypeVar("V", bound=View[Any])
S = TypeVar("S", bound=State[Any, Any, Any])
P = TypeVar("P", bound=View[Any])

__all__ = ["Door", "Replayed", "outcome_lines"]

Replayed = tuple[S, int | None, str, A | None, list[E]]
"""A step of a chapter played again (:meth:`Door.chapter_steps`): the game after it, who
decided, their task, what they decided (None for the deal), what happened."""


def outcome_lines(outcome: Outcome | None, names: Sequence[str]) -> list[str]:
    """The end of a record's description for people (``replay``): the totals and the
    result in words, or that the game is not finished."""
    if outcome is None:
        return ["  the game is not finished"]
    totals = ", ".join(f"{n} {v}" for n, v in zip(names, outcome.scores))
    return [f"  totals: {totals}", f"  {outcome.explain(names)}"]


class Door(Generic[S, A, E, V, P]):
    """What the shell asks of a game (``S`` its state, ``A`` its actions, ``E`` its
    events, ``V`` a seat's views, ``P`` the public view). A game's package makes one,
    ``GAME``, of a subclass that fills in the class attributes and the methods marked "a
    game's own" below."""

    # ------------------------------------------------------------------ its facts

    key: ClassVar[str]
    """The record's ``game`` key (as in the registry)."""
    title: ClassVar[str]
    hidden_hands: ClassVar[bool]
    """Whether a seat holds what others may not see (a hand, a VP row): a handoff then
    comes before each person's decision, and a decision may be taken back while its
    result is still private."""
    levels: ClassVar[tuple[str, ...]] = ("easy", "medium", "hard")
    """The computer players' levels offered at the table, weakest first."""
    state_type: ClassVar[type]
    """The class of this game's state (how the saves tell whose state they hold)."""
    totals_range: ClassVar[tuple[int, int]]
    """The range of a player's final total (a stored summary is checked against it)."""
    arena_terms: ClassVar[ArenaTerms]
    chapter_name: ClassVar[str]
    """What a chapter is called in words: "round", "hand", "game"."""
    play_events: ClassVar[tuple[type, ...] | None] = None
    """The events that tell the table what happened in play ("since your last turn");
    None: every event."""
    chapters_key: ClassVar[str]
    """The key of the record's list of chapters ("rounds", "hands", "games"): a record
    cut after a chapter is the game as that chapter ended."""
    deal_tasks: ClassVar[tuple[str, ...]] = ()
    """The tasks whose decisions at the start of a chapter a replay shows within its
    deal (Monster Trick's VP rows, laid before the first card): none, unless the game
    says so."""

    # ------------------------------------------------------------------ a game's own

    def new_state(self, names: Sequence[str], seed: int, first: int) -> S:
        """A new game for ``names``, dealt from ``seed``, ``first`` deciding first (the
        state's class called so, unless the game says otherwise)."""
        state: S = self.state_type(list(names), seed=seed, first_player=first)
        return state

    def first_seat(self, state: S) -> int:
        """The seat that decided first in the game's first chapter."""
        return state.first_player

    def parse_action(self, text: str) -> A:
        """The action written as ``text`` (as it prints); raises ``InvalidMoveError``
        saying what is wrong with anything else (a game gives its engine's function)."""
        raise NotImplementedError

    def replay(self, doc: object) -> dict[str, object]:
        """The ``replay --json`` result of a parsed record (raises ``RecordError``)."""
        raise NotImplementedError

    def describe(self, doc: object) -> str:
        """The replay outcome of a parsed record, for people (raises ``RecordError``)."""
        raise NotImplementedError

    def to_record(self, state: S, meta: Mapping[str, object] | None = None) -> dict[str, object]:
        """The record of the game as it stands (with its ``game`` key)."""
        raise NotImplementedError

    def record_text(self, state: S, meta: Mapping[str, object] | None = None) -> str:
        """The record of the game as it stands, as the text of a file (one chapter a
        line: :func:`monstertrick.records.record_text`)."""
        return record_text(self.to_record(state, meta))

    def from_record(self, doc: object, seed: int | str | None = None) -> S:
        """Replay a record (raises ``RecordError``); ``seed`` deals the later chapters,
        so a resumed game plays on as an uninterrupted one."""
        raise NotImplementedError

    def where(self, state: S) -> str:
        """Where a chapter in play stands, in words and nothing private (the saved-game
        lists: "round 2, Ann to play (5 of 24 cards played)")."""
        raise NotImplementedError

    def hits(self, state: S) -> tuple[tuple[int, ...], int]:
        """For the arena, of a finished game: how often each seat made its prediction,
        and the predictions per seat (0: the game has none)."""
        return (0,) * len(state.players), 0

    def summary_extra(self, state: S) -> dict[str, object]:
        """What the saved-game lists show beyond the common summary (plain JSON)."""
        return {}

    def deal_events(self, state: S) -> list[E]:
        """What the deal of the chapter ``state`` has just dealt shows in a replay ("hand
        2 is dealt"): nothing, unless the game says otherwise."""
        return []

    def distinct_advice(self, view: V, options: list[Advice[A]]) -> list[Advice[A]]:
        """A hint's options with the ones that are the same decision merged (the
        best-ranked kept): all of them, unless the game says otherwise."""
        return options

    def sample_world(self, view: V, rng: random.Random) -> S:
        """A whole game that ``view``'s seat cannot tell from the true one: what it may
        not see drawn with ``rng``, as the search samples its worlds and a review
        rebuilds a decision (a game gives its engine's, imported when first needed)."""
        raise NotImplementedError

    def make_bot(self, level: object) -> Bot[V, A]:
        """The computer player of a level (:mod:`monstertrick.levels`); raises
        ``ValueError`` in words for anything that is not one (a level may come from a
        file: it is not trusted to be text). A game gives its ``bots``' (imported when
        first needed, so that a game is loaded without its computer players)."""
        raise NotImplementedError

    def hard_player(self) -> SearchingPlayer[V, A]:
        """The hard player at its default level, whose analysis of a decision is a hint
        or a review's (a game gives its ``bots``', imported when first needed)."""
        raise NotImplementedError

    def same_decision(self, view: V, action: A) -> Hashable:
        """What ``action`` of ``view``'s seat amounts to: two actions with equal values
        are the same decision (a review finds a player's choice among the search's
        options by it): the action itself, unless the game says otherwise."""
        return action

    tally_fields: ClassVar[tuple[str, ...]] = ()
    """The names of the numbers of this game's tally: how a round its search played
    ended for the searching player (:data:`~monstertrick.search.assess.Tally`, counted
    per option as :class:`~monstertrick.search.assess.Stats`; a review's JSON names
    them so). () : the game tallies nothing, and its hints and marks have no reason."""

    def option_reason(self, view: V, action: A, stats: Stats) -> str | None:
        """What ``stats`` (of at least one world) say of ``action`` at ``view``'s
        decision, in a clause that begins with the action ("P9 keeps you on 2 tricks,
        scoring your middle card (6), in 61% of the deals"): only figures counted in
        ``stats`` and what ``view``'s seat may see. None: nothing to say (every game's,
        unless it says otherwise)."""
        return None

    def wins_a_trick(self, event: E) -> bool:
        """``event`` says who won a trick (the line mode's ``last`` tells the last one);
        False unless the game says otherwise."""
        return False

    def reason(self, view: V, options: Sequence[tuple[A, Stats | None]]) -> str | None:
        """The reason of a hint's suggestion or a review's verdict, in one sentence: the
        clause of each option (:meth:`option_reason`; a hint's suggestion and the next
        option, a review's best and the choice), joined; None when there is none (the
        game tallies nothing, or nothing was counted)."""
        clauses = [
            clause
            for action, stats in options
            if stats is not None and stats.worlds
            for clause in [self.option_reason(view, action, stats)]
            if clause
        ]
        if not clauses:
            return None
        if len(clauses) == 2 and alike(*(stats for _, stats in options)):
            # Two clauses that say the same: what tells the options apart is not counted.
            clauses.append(
                "the two end alike for you in every deal counted: what differs is how the others do"
            )
        text = "; ".join(clauses)
        return text[:1].upper() + text[1:] + "."

    # ------------------------------------------------------------------ the line mode

    def view_lines(self, view: V | P, topic: str) -> list[str]:
        """What ``view`` shows of ``topic`` as plain lines for the line mode
        (:mod:`monstertrick.lines`): "hand", "table", "scores" or "row" (a VP row); []
        when the game has none of it (a game gives its own words)."""
        return []

    def action_words(self, view: V, action: A) -> str:
        """``action``, one of ``view``'s legal actions, in words for the line mode's
        numbered choices: as it prints, unless the game says more."""
        return str(action)

    # ------------------------------------------------------------------ the flow

    def round_number(self, state: S) -> int:
        """The chapter in play (round, hand, game of the match), 1-based."""
        return state.chapter

    def round_over(self, state: S) -> bool:
        """The chapter's play is over (its end still to be shown, or the game over)."""
        return state.chapter_over()

    def is_over(self, state: S) -> bool:
        return state.is_over()

    def next_round(self, state: S) -> None:
        state.next_chapter()

    def to_decide(self, state: S) -> tuple[int, str]:
        """Who decides now, and what (the state's task: "play", "arrange"...): the first
        of the :meth:`deciders`, whom one keyboard asks first."""
        seat = state.current_player
        assert seat is not None, "nobody decides: the chapter or the game is over"
        return seat, state.task

    def deciders(self, state: S) -> tuple[int, ...]:
        """The seats that may decide now, each without seeing the others' choices (one
        seat in turn, or several at once: Monster Trick's VP rows); () when nobody does."""
        return state.deciders

    def automatic(self, state: S) -> A | None:
        """The decision to make now when the rules leave the seat nothing to choose nor
        to see (Monster Taking's payment from an empty hand): the session makes it by
        itself, with no handoff and no screen. None (every game's, unless it says
        otherwise): the seat decides."""
        return None

    def apply(self, state: S, seat: int, action: A) -> list[E]:
        """Carry out ``seat``'s decision, checked: raises ``IllegalMoveError`` with the
        reason (nothing changes) when it is not theirs to make (``seat`` is not one of the
        :meth:`deciders`) or the rules refuse it."""
        events: list[E] = state.apply(action, seat)
        return events

    def undo(self, state: S) -> A:
        """Undo the last decision of the chapter, and return it."""
        action: A = state.pop()
        return action

    def position(self, state: S) -> tuple[int, int]:
        """The chapter and the decisions made in it: changes with every decision (a
        computer player's answer for an older position is stale)."""
        return state.chapter, state.decisions

    def view(self, state: S, seat: int) -> V:
        view: V = state.view(seat)
        return view

    def public_view(self, state: S) -> P:
        """What everyone may see (a view whose ``viewer`` is None)."""
        view: P = state.public_view()
        return view

    def is_play_event(self, event: E) -> bool:
        return self.play_events is None or isinstance(event, self.play_events)

    # ------------------------------------------------------------------ the replay

    def chapter_end(self, state: S, chapter: int, seed: int | None = None) -> S:
        """A copy of the game as its chapter ``chapter`` ended (the current chapter: as
        it stands): the record cut after that chapter, read back. With ``seed``, the
        chapters after it are dealt from that seed (a game played on from there)."""
        if chapter == state.chapter and seed is None:
            copy: S = state.clone()
            return copy
        if not 1 <= chapter <= state.chapter:
            raise ValueError(f"there is no {self.chapter_name} {chapter} in this game yet")
        doc = self.to_record(state)
        chapters = doc[self.chapters_key]
        assert isinstance(chapters, list)
        doc[self.chapters_key] = chapters[:chapter]
        return self.from_record(doc, seed=seed)

    def chapter_start(self, state: S, chapter: int, seed: int | None = None) -> S:
        """A copy of the game at the deal of its chapter ``chapter``, as truly dealt: the
        chapter as it ended, its decisions taken back (``seed``: as for
        :meth:`chapter_end`)."""
        start = self.chapter_end(state, chapter, seed)
        while start.decisions:
            start.pop()
        return start

    def chapter_steps(self, state: S, chapter: int) -> Iterator[Replayed[S, A, E]]:
        """Chapter ``chapter`` of the game played again from its deal, step by step:
        first the deal (no seat, no task, no action, the :meth:`deal_events`), then each
        decision of its history made again at its seat: who decided, their task, what
        they decided, what happened. Each step's ``game`` is the game after it: one copy,
        changed by the next step (clone it to keep it)."""
        game = self.chapter_end(state, chapter)
        made = game.history()
        while game.decisions:
            game.pop()
        yield game, None, "", None, self.deal_events(game)
        for seat, action in made:
            task = game.task
            events: list[E] = []
            game.push(action, events, seat)
            yield game, seat, task, action, events

    def chapter_decisions(self, state: S) -> tuple[int, ...]:
        """How many decisions each chapter of the game holds so far (the current one:
        as it stands), from each chapter's :meth:`~.contract.State.history`."""
        counts = [len(self.chapter_end(state, c).history()) for c in range(1, state.chapter)]
        return (*counts, len(state.history()))

    def played_on(self, state: S, made: int, seed: int | None = None) -> S:
        """A new game from the position of ``state``'s game after ``made`` decisions,
        counted from the first deal over every chapter (the count a replay viewer gives
        each step): the chapter they end in as it stood then, its later decisions taken
        back (:meth:`~.contract.State.pop`); where they end a chapter, the next one as
        truly dealt (its end was seen). The chapters after it are dealt from ``seed``.
        Raises ``ValueError`` in words when there is no such position to play on from:
        ``made`` below 0, or not below the decisions made so far (nothing is left to
        decide after the last)."""
        counts = self.chapter_decisions(state)
        total = sum(counts)
        if not 0 <= made < total:
            raise ValueError(
                f"there is no decision {made} to play on from: this game has "
                f"{total} decisions, so play on from 0 (its first deal) to {total - 1}"
                if total
                else "this game has no decisions to play on from"
            )
        before = 0
        for chapter, count in enumerate(counts, start=1):
            if made < before + count:
                game = self.chapter_end(state, chapter, seed)
                while game.decisions > made - before:
                    game.pop()
                return game
            before += count
        raise AssertionError("unreachable: made is below the total")

    def round_log(self, state: S) -> tuple[list[E], dict[int, int]]:
        """The events of the current chapter so far, and how much of them each seat had
        seen at its last decision (for a resumed game): the chapter's history made again
        on a copy (:meth:`chapter_steps`)."""
        log: list[E] = []
        seen: dict[int, int] = {}
        if state.chapter_over():
            return log, seen
        steps = self.chapter_steps(state, state.chapter)
        next(steps)  # (the deal: what it shows is no decision's)
        for _, seat, _, _, events in steps:
            assert seat is not None
            log.extend(events)
            seen[seat] = len(log)
        return log, seen

    def earlier_logs(self, state: S) -> list[list[E]]:
        """The events of each chapter before the current one, as a replay shows them
        (:meth:`chapter_steps`: the deal's events, then every decision's)."""
        return [
            [e for *_, events in self.chapter_steps(state, chapter) for e in events]
            for chapter in range(1, state.chapter)
        ]

    # ------------------------------------------------------------------ the arena

    def arena_result(self, state: S) -> ArenaResult:
        """A finished game (or match) for the arena: scores, winners, and the hits."""
        outcome = state.outcome()
        assert outcome is not None, "the game is not over"
        hits, chances = self.hits(state)
        return ArenaResult(tuple(outcome.scores), tuple(outcome.winners), hits, chances)

    # ------------------------------------------------------------------ computer players

    def decide(
        self, bot: Bot[V, A], view: V, seat: int, seed: int, stop: StopCheck | None = None
    ) -> A:
        """The computer player's decision from ``seat``'s view; its randomness from the
        seed and the position only (:meth:`View.decision_key`), so a resumed game plays
        on as an uninterrupted one."""
        self._check_turn(view, seat)
        return bot.choose(view, bot_rng(seed, *view.decision_key(), seat), stop)

    def hint(self, view: V, seat: int, seed: int, stop: StopCheck | None = None) -> list[Advice[A]]:
        """The hard player's analysis of ``seat``'s decision from its view, for a hint:
        the options as :class:`~monstertrick.search.assess.Advice` (the chance to win
        each gives, the game's points after it on average, the search's noise), best
        first; randomness as in :meth:`decide`; ``stop`` cuts the search short."""
        self._check_turn(view, seat)
        hard = self.hard_player()
        options = hard.advise(view, bot_rng(seed, *view.decision_key(), seat), stop)
        return self.distinct_advice(view, options)

    def review_advice(
        self,
        view: V,
        seat: int,
        seed: int,
        playouts: int,
        chosen: A,
        stop: StopCheck | None = None,
    ) -> list[Advice[A]]:
        """The hard player's analysis of ``seat``'s decision from its view, for a
        review of a decision already made (``chosen``): as :meth:`hint`, but ``playouts``
        per option instead of a time, so that the same seed gives the same numbers, and
        the options as the search tried them (not merged: see :meth:`same_decision`).
        A game whose search tries only some of the legal actions tries ``chosen`` too
        (:meth:`review_include`)."""
        self._check_turn(view, seat)
        hard = self.hard_player()
        rng = bot_rng(seed, *view.decision_key(), seat)
        include = self.review_include(chosen)
        options = hard.advise(view, rng, stop, playouts=playouts, include=include)
        return self.game_chances(view, options)

    def game_chances(self, view: V, options: list[Advice[A]]) -> list[Advice[A]]:
        """A review's options with their chances to win the whole game (or match): as
        the search gives them, unless its chances are of a part of it."""
        return options

    def review_include(self, chosen: A) -> A | None:
        """What a review asks the hard player's ``advise`` to try beyond what a hint
        tries: nothing, unless the game's search tries only some actions (it then asks
        it to try ``chosen`` too)."""
        return None

    def play_to_end(self, state: S, bots: Sequence[Bot[V, A]], seed: int) -> None:
        """Play ``state`` on to the end of the game, ``bots[seat]`` deciding for each seat
        (their randomness as in :meth:`decide`), every chapter's end passed at once."""
        while not state.is_over():
            if state.chapter_over():
                state.next_chapter()
                continue
            seat, _ = self.to_decide(state)
            self.apply(state, seat, self.decide(bots[seat], self.view(state, seat), seat, seed))

    @staticmethod
    def _check_turn(view: View[Any], seat: int) -> None:
        """Raise ``IllegalMoveError`` unless ``seat`` is one of ``view``'s deciders."""
        if seat not in view.deciders:
            raise not_their_turn(view.players, seat)

    # ------------------------------------------------------------------ the saves

    def summary(self, state: S) -> dict[str, object]:
        """What the saved-game lists show, as plain JSON values: ``players``, ``round``
        (the chapter), ``where`` (nothing private), ``over``, ``winners`` and ``totals``
        once over, and what the game adds (:meth:`summary_extra`)."""
        outcome = state.outcome()
        if outcome is not None:
            where = "finished"
        elif state.chapter_over():
            where = f"{self.chapter_name} {state.chapter} over"
        else:
            where = self.where(state)
        summary: dict[str, object] = {
            "players": list(state.players),
            "round": state.chapter,
            "where": where,
            "over": outcome is not None,
            "winners": list(outcome.winners) if outcome is not None else None,
            "totals": list(outcome.scores) if outcome is not None else None,
        }
        summary.update(self.summary_extra(state))
        return summary


def alike(*stats: Stats | None) -> bool:
    """Each of ``stats`` counted one and the same tally in every world: the options end
    the same for the player whatever the deal."""
    tallies = {counts[0][0] if len(counts := s.counts) == 1 else None for s in stats if s}
    return len(tallies) == 1 and None not in tallies and all(s is not None for s in stats)
