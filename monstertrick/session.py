"""A game at the table from the deal to the final standings, with no screen at all.

The session owns the flow of a game: whose decision comes next, when the keyboard must
be handed over, when a computer player thinks, the public pauses (a move's result, a
round's end), autosave after every decision, take-back, and the public log. It knows
the game only through its registered game package (:mod:`monstertrick.games`).

A front-end (the Textual app, an all-bot run, a test) asks :meth:`Session.next_step`
what happens next and answers with one of:

* :meth:`Session.apply` — every decision, a person's or a computer player's;
* :meth:`Session.pass_keyboard` — the person named by a :class:`Handoff` is at the
  keyboard;
* :meth:`Session.done` — a :class:`Played` or :class:`RoundOver` pause was seen;
* :meth:`Session.take_back` — a person takes back their last decision while it is
  still private to them.

What each step needs of whoever drives the session is :mod:`monstertrick.flow`'s to say,
once for every front-end.

This module never imports Textual.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, cast

from typing_extensions import TypeVar

from .errors import IllegalMoveError
from .games import DEFAULT_GAME, GAMES
from .games.contract import Action, Bot, Outcome, SomeState, SomeView, State, StopCheck, View
from .saves import SavedGame, SaveError, SaveMeta, SaveStore
from .seating import Seat, Seating

if TYPE_CHECKING:
    from .games.door import Door
    from .search.assess import Advice

S = TypeVar("S", bound=State[Any, Any, Any], default=SomeState)
A = TypeVar("A", bound=Action, default=Action)
E = TypeVar("E", default=object)
V = TypeVar("V", bound=View[Any], default=SomeView)
P = TypeVar("P", bound=View[Any], default=SomeView)

# ---------------------------------------------------------------------------- steps


@dataclass(frozen=True)
class Handoff:
    """The keyboard goes to ``seat`` (a person) before their private ``task``."""

    seat: int
    task: str


@dataclass(frozen=True)
class Turn:
    """``seat`` (a person) decides ``task``: in private, known to be at the keyboard; or,
    in a game where nothing is private (the door's ``hidden_hands`` is False), in front
    of everyone, with no handoff before."""

    seat: int
    task: str


@dataclass(frozen=True)
class BotTurn:
    """``seat`` (a computer player) decides ``task``. ``viewer`` is the only person at
    the table, when they are known to be at the keyboard: their own hand may stay in
    view; otherwise only public information may be shown."""

    seat: int
    task: str
    viewer: int | None


@dataclass(frozen=True)
class Played:
    """What ``seat``'s decision did. ``private``: it was a person's, shown on their own
    screen (they may still take it back); otherwise a computer player's, or a decision
    in a game where nothing is private, seen by everyone at once (no take-back)."""

    seat: int
    events: tuple[Any, ...]
    """The game's events (of whichever game the session plays)."""
    private: bool


@dataclass(frozen=True)
class HintTaken:
    """A person asked the computer for a hint for one decision: the table's log says so,
    and for which (never what the hint was, which only that person saw). ``task`` is
    the decision's (the game's word: "play", "arrange"...), ``at`` the position it was
    to be made at (chapter, decisions made in it before), ``chapter`` what a chapter
    is called ("round"). One per decision is logged, however many hints it got."""

    player: int
    task: str = ""
    at: tuple[int, int] = (0, 0)
    chapter: str = ""

    def describe(self, names: Sequence[str]) -> str:
        name = names[self.player]
        if not self.chapter:
            return f"{name} took a hint."
        chapter, made = self.at
        task = f" ({self.task})" if self.task else ""
        return f"{name} took a hint for decision {made + 1} of {self.chapter} {chapter}{task}."


@dataclass(frozen=True)
class RoundOver:
    """Round (or hand, or game of a match) ``number`` is over: every row is revealed."""

    number: int


@dataclass(frozen=True)
class GameEnd:
    """The final standings."""


Step = Handoff | Turn | BotTurn | Played | RoundOver | GameEnd


class TakeBackRefused(ValueError):
    """A decision that may no longer be taken back: the message says why."""


# ---------------------------------------------------------------------------- session


@dataclass
class Session(Generic[S, A, E, V, P]):
    """One game at the table: the seating, the seed and the game's state.

    Typed by the game's door (:class:`~monstertrick.games.door.Door`): ``S`` its state,
    ``A`` its actions, ``E`` its events, ``V`` a seat's views, ``P`` the public
    view. A session made from a game's
    key at run time (:meth:`start`, :meth:`resume`) is a ``Session`` of any game; a
    game's own screens may name its types.
    """

    seating: Seating
    seed: int
    state: S
    """The game's own state (for Monster Trick, a :class:`~monstertrick.games.monster_trick.engine.GameState`)."""
    game_key: str = DEFAULT_GAME
    store: SaveStore | None = None
    """Where the game is autosaved after every decision (None: not saved)."""
    save_path: Path | None = None
    meta: SaveMeta | None = None
    save_error: str | None = None
    """Why the last autosave failed, in words (None when it worked)."""
    log: list[E | HintTaken] = field(default_factory=list)
    """Public events of the current round, in order."""
    log_round: int = 1
    seen: dict[int, int] = field(default_factory=dict)
    """Per seat, how much of ``log`` they had seen when they last decided."""
    round_end_shown: int = 0
    """The last round whose end the table has seen."""
    pace: float = 0.0
    """Seconds a computer player's move stays on screen in a front-end (0: none)."""
    keyboard: int | None = None
    """The person known to be at the keyboard (None: nobody yet, or not known)."""
    screen_each: bool = False
    """How the table is seated: one keyboard passed from person to person (False), or a
    screen for each person (True: a hosted table). The handoffs are the session's
    business alone: with a screen each there are none, and the people the rules let
    decide at once (:meth:`deciders`) may decide in any order."""
    pending: Played | None = None
    """A decision's result that the table has not seen to its end yet."""
    hints: list[int] = field(default_factory=list)
    """Per seat, the hints its person took in this game (kept in the save's meta)."""
    bots: dict[int, Bot[V, A]] = field(default_factory=dict, repr=False)
    """The computer players met so far, per seat (a test may seat its own)."""
    aids: set[str] = field(default_factory=set)
    """The table's aids switched on (e.g. Magic Trick's deduction aid): they stay on from
    screen to screen until switched off (not saved)."""
    _undo: tuple[int, int, dict[int, int], A, int] | None = field(default=None, repr=False)
    """Seat, log length and ``seen`` before the decision that may be taken back, the
    decision, and how many decisions were made by themselves after it."""
    _taken_back: tuple[int, A] | None = field(default=None, repr=False)
    """The seat and decision last taken back, until the next decision."""

    # ------------------------------------------------------------------ creation

    @functools.cached_property
    def rules(self) -> Door[S, A, E, V, P]:
        """The game package's door (``GAME``): everything this session asks the game
        (looked up once: a session's game never changes)."""
        # The registry knows every game through the contract alone; this session's game
        # is the one its state was made by.
        return cast("Door[S, A, E, V, P]", GAMES[self.game_key].load())

    @classmethod
    def start(
        cls,
        seating: Seating,
        seed: int,
        store: SaveStore | None = None,
        *,
        game: str = DEFAULT_GAME,
    ) -> Session:
        """A new game. It is saved from its first decision on (a game nobody played
        leaves no save behind)."""
        rules = GAMES[game].load()
        state = rules.new_state(seating.names, seed, seating.first)
        humans = [p for p, s in enumerate(seating.seats) if s.is_human]
        session = Session(
            seating,
            seed,
            state,
            game_key=game,
            store=store,
            log_round=rules.round_number(state),
            keyboard=humans[0] if len(humans) == 1 else None,
        )
        if store is not None:
            session.save_path = store.new_path()
            session.meta = SaveMeta(
                seats=[{"name": s.name, "bot": s.bot} for s in seating.seats], seed=seed
            )
        return session

    @classmethod
    def resume(cls, saved: SavedGame, store: SaveStore | None = None) -> Session:
        """Go on with a saved game, with the public log of its current round rebuilt.

        Nobody is known to be at the keyboard: the game opens on a handoff (or a public
        screen), even with a single person playing.
        """
        return cls._reopened(saved.game, saved.game_key, saved.meta, store, saved.path)

    @classmethod
    def play_on(cls, saved: SavedGame, made: int, store: SaveStore | None = None) -> Session:
        """A new game from the finished game ``saved`` after ``made`` decisions (counted
        over every chapter, as the replay viewer numbers them): the people in their
        seats, the computer players at their levels, the later chapters dealt from the
        game's seed (:mod:`monstertrick.playon`). It is a new save, marked as a replay
        in its meta, saved from its first decision on; the original is never written.

        As a resumed game, it opens on a handoff (or a public screen): nobody is known
        to be at the keyboard. Raises :class:`~monstertrick.playon.PlayOnError` (in
        words) when there is no such position to play on from."""
        from .playon import check_play_on, replay_meta

        state = check_play_on(saved, made)
        meta = replay_meta(saved, made)
        path = store.new_path() if store is not None else None
        return cls._reopened(state, saved.game_key, meta, store, path)

    @classmethod
    def _reopened(
        cls,
        state: SomeState,
        key: str,
        meta: SaveMeta,
        store: SaveStore | None,
        path: Path | None,
    ) -> Session:
        """A game taken up where ``state`` stands (resumed, or played on from a finished
        one), with the public log of its current chapter rebuilt and nobody known to be
        at the keyboard."""
        rules = GAMES[key].load()
        seats = tuple(Seat(s["name"], s.get("bot")) for s in meta.seats)
        number = rules.round_number(state)
        session = Session(
            Seating(seats, rules.first_seat(state)),
            meta.seed,
            state,
            game_key=key,
            store=store,
            save_path=path,
            meta=meta,
            log_round=number,
            round_end_shown=number - 1,
        )
        log, session.seen = rules.round_log(state)
        session.log = list(log)
        session.hints = list(meta.hints)
        events: list[Any] = []
        if session._automatic(events):  # (a record that stops right before one)
            session._record(events)
            session.autosave()
        return session

    # ------------------------------------------------------------------ facts

    @property
    def names(self) -> tuple[str, ...]:
        return self.seating.names

    @property
    def humans(self) -> tuple[int, ...]:
        """The seats played by people, in seat order."""
        return self.seating.humans

    def is_bot(self, seat: int) -> bool:
        return self.seating.is_bot(seat)

    @property
    def replay_mark(self) -> str | None:
        """How the game's screens mark a game played on from another one ("replay from
        decision 10 — not counted"); None for a game that is no replay."""
        from .playon import replay_mark

        return replay_mark(self.meta) if self.meta is not None else None

    @property
    def away_seats(self) -> tuple[int, ...]:
        """The people away from the table (at a hosted table: with no screen joined;
        at one keyboard, nobody)."""
        return ()

    @property
    def covered_seats(self) -> tuple[int, ...]:
        """The away people a computer player plays for meanwhile (a hosted table's)."""
        return ()

    @property
    def running(self) -> bool:
        return not self.rules.is_over(self.state)

    def finished_record(self) -> dict[str, object]:
        """The game's record once it is over (its secrets are public then: its review
        reads it); a game still running has none to give (:class:`ValueError`)."""
        if self.running:
            raise ValueError("the game is not over: its record is not public yet")
        return self.rules.to_record(self.state)

    def view(self, seat: int) -> V:
        """What ``seat`` may see now."""
        return self.rules.view(self.state, seat)

    def public_view(self) -> P:
        """What everybody may see now."""
        return self.rules.public_view(self.state)

    @property
    def position(self) -> tuple[int, int]:
        """Where the game stands; changes with every decision (a computer player's
        answer for an older position is stale)."""
        return self.rules.position(self.state)

    def since_last_turn(self, seat: int) -> list[E]:
        """Public play events since ``seat`` last decided, this round."""
        if self.log_round != self.rules.round_number(self.state):
            return []
        rules = self.rules
        return [
            e
            for e in self.log[self.seen.get(seat, 0) :]
            if not isinstance(e, HintTaken) and rules.is_play_event(e)
        ]

    def round_log(self) -> list[E | HintTaken]:
        """The public events of the current round."""
        return list(self.log) if self.log_round == self.rules.round_number(self.state) else []

    def earlier_logs(self) -> list[list[E]]:
        """The events of each chapter (round, hand, game of the match) before the current
        one (:meth:`~monstertrick.games.door.Door.earlier_logs`): every one of them was
        seen by the whole table (a finished round's VP rows are revealed at its end)."""
        return self.rules.earlier_logs(self.state)

    def outcome(self) -> Outcome | None:
        """The game's final result once it is over (None before): public, shown to the
        whole table."""
        return self.state.outcome()

    def refusal(self, seat: int, action: A) -> str | None:
        """Why the rules would refuse ``seat``'s ``action`` now, in a player's words, or
        None when they allow it. Changes nothing: a person's screen asks it about its own
        decision before it is made (the reason is the one a refused decision gets)."""
        try:
            self.rules.apply(self.state.clone(), seat, action)
        except IllegalMoveError as exc:
            return str(exc)
        return None

    # ------------------------------------------------------------------ the flow

    def next_step(self) -> Step:
        """What happens next. Asking changes nothing (but a finished round the table
        has seen makes way for the next one)."""
        if self.pending is not None:
            return self.pending
        rules = self.rules
        state = self.state
        number = rules.round_number(state)
        if rules.round_over(state) and self.round_end_shown < number:
            return RoundOver(number)
        if rules.is_over(state):
            return GameEnd()
        if rules.round_over(state):
            self._next_round()
            return self.next_step()
        seat, task = rules.to_decide(state)
        if self.is_bot(seat):
            single = len(self.humans) == 1
            return BotTurn(seat, task, self.keyboard if single else None)
        if self.keyboard != seat and self.rules.hidden_hands and not self.screen_each:
            return Handoff(seat, task)
        return Turn(seat, task)

    def deciders(self) -> tuple[int, ...]:
        """The seats that may decide now: at one keyboard, the one the next step asks
        (the rules' first); with a screen each, every seat the rules let decide now,
        each without seeing the others' choices (Monster Trick's VP rows, laid at
        once); () while nobody does."""
        rules, state = self.rules, self.state
        if self.screen_each:
            over = rules.round_over(state) or rules.is_over(state)
            return () if over else rules.deciders(state)
        step = self.next_step()
        return (step.seat,) if isinstance(step, Turn | BotTurn | Handoff) else ()

    def seat_a_screen_each(self) -> None:
        """Seat the table with a screen for each person (a hosted table): no handoffs
        from now on, and the people the rules let decide at once decide in any order."""
        self.screen_each = True

    def pass_keyboard(self, seat: int) -> None:
        """The person a :class:`Handoff` named has the keyboard now."""
        step = self.next_step()
        if not isinstance(step, Handoff) or step.seat != seat:
            raise ValueError(f"{self.names[seat]} is not the one to take the keyboard now")
        self.keyboard = seat

    def done(self) -> None:
        """The table has seen the current :class:`Played` or :class:`RoundOver` pause."""
        step = self.next_step()
        if isinstance(step, Played):
            # The keyboard stays with whoever holds it: the next person's private screen
            # comes after a handoff only if it is someone else.
            self.pending = None
            self._undo = None
        elif isinstance(step, RoundOver):
            self.round_end_shown = step.number
            if len(self.humans) > 1:
                self.keyboard = None  # anyone may have pressed Enter on a public screen

    def apply(self, seat: int, action: A) -> list[E]:
        """Carry out ``seat``'s decision (a person's or a computer player's), autosave,
        and make its result the next step. Raises the game's ``IllegalMoveError`` (with
        the reason in words; nothing changes) for a decision not allowed now."""
        step = self.next_step()
        if not isinstance(step, (Turn, BotTurn)) or seat not in self.deciders():
            raise ValueError(f"it is not {self.names[seat]}'s decision now")
        before = (seat, len(self.log), dict(self.seen), action)
        events = self.rules.apply(self.state, seat, action)
        made = self._automatic(events)
        self._taken_back = None
        self._record(events)
        self.seen[seat] = len(self.log)
        human = not self.is_bot(seat)
        private = human and self.rules.hidden_hands
        if human:
            self.keyboard = seat  # (where nothing is private, the last to decide)
        self.pending = Played(seat, tuple(events), private=private)
        self._undo = (*before, made) if private else None
        self.autosave()
        return events

    def _automatic(self, events: list[E]) -> int:
        """Make the decisions that follow and that the rules leave nobody to choose
        (:meth:`~monstertrick.games.door.Door.automatic`: Monster Taking's payment from
        an empty hand), adding their events to ``events``; how many were made. They
        come with the decision before them: no handoff, no screen, no turn for anyone."""
        rules, state = self.rules, self.state
        made = 0
        while not rules.round_over(state) and (action := rules.automatic(state)) is not None:
            seat, _ = rules.to_decide(state)
            events.extend(rules.apply(state, seat, action))
            made += 1
        return made

    def to_decide(self) -> tuple[int, str] | None:
        """The seat and task to decide next, past a decision's result the table may
        still be looking at; None while a round's end is shown or once the game is over."""
        rules, state = self.rules, self.state
        if rules.round_over(state) or rules.is_over(state):
            return None
        return rules.to_decide(state)

    def hands_over_next(self) -> bool:
        """Whether the next decision is another person's, made after a handoff: a
        person's result screen then says "pass the keyboard on" (else "go on")."""
        decider = self.to_decide() if self.rules.hidden_hands else None
        if decider is None:
            return False
        seat = decider[0]
        return not self.is_bot(seat) and seat != self.keyboard

    def can_take_back(self, seat: int) -> bool:
        """Whether ``seat`` may still take back their last decision: only until the
        table moves on from its result (nobody else has seen anything of it)."""
        return (
            self._undo is not None
            and self._undo[0] == seat
            and isinstance(self.pending, Played)
            and self.pending.private
            and self.pending.seat == seat
        )

    def take_back(self, seat: int) -> None:
        """Undo ``seat``'s last decision, which is still private to them; the autosave
        follows (the record never holds a taken-back move)."""
        if not self.can_take_back(seat):
            raise TakeBackRefused(
                f"{self.names[seat]} can no longer take that back: the game has moved on"
            )
        assert self._undo is not None
        _, length, seen, action, made = self._undo
        for _ in range(1 + made):  # (with the decisions made by themselves after it)
            self.rules.undo(self.state)
        del self.log[length:]
        self.seen = seen
        self.pending = None
        self._undo = None
        self._taken_back = (seat, action)
        self.autosave()

    def taken_back(self, seat: int) -> A | None:
        """The decision ``seat`` just took back, while it is theirs to make again (their
        screen starts from it: a VP row as it was laid); otherwise None."""
        if self._taken_back is None or self._taken_back[0] != seat:
            return None
        step = self.next_step()
        if not isinstance(step, Turn) or step.seat != seat:
            return None
        return self._taken_back[1]

    def _next_round(self) -> None:
        self.rules.next_round(self.state)
        self.log = []
        self.seen = {}
        self.log_round = self.rules.round_number(self.state)
        self.autosave()

    def _record(self, events: list[E]) -> None:
        number = self.rules.round_number(self.state)
        if number != self.log_round:
            self.log = []
            self.seen = {}
            self.log_round = number
        self.log.extend(events)

    # ------------------------------------------------------------------ saving

    def autosave(self) -> None:
        """Save the game as it stands; a failure is kept in ``save_error``, never raised."""
        if self.store is None or self.save_path is None or self.meta is None:
            return
        try:
            self.save_path = self.store.save(
                self.save_path, self.state, self.meta, key=self.game_key
            )
            self.save_error = None
        except SaveError as exc:
            self.save_error = str(exc)

    # ------------------------------------------------------------------ computer players

    def bot(self, seat: int) -> Bot[V, A]:
        """The computer player of a bot seat (made from its level when first needed)."""
        bot = self.bots.get(seat)
        if bot is None:
            level = self.seating.seats[seat].bot
            if level is None:
                raise ValueError(f"{self.names[seat]} is a person, not a computer player")
            bot = self.bots[seat] = self.rules.make_bot(level)
        return bot

    def decide(self, seat: int, view: V | None = None, stop: StopCheck | None = None) -> A:
        """What the computer player at ``seat`` decides now, from its view only; changes
        nothing. Its randomness comes from the seed and the position, so a resumed game
        plays on exactly as an uninterrupted one. ``view`` may be taken beforehand (a
        worker thread then reads nothing else of the game)."""
        if view is None:
            view = self.view(seat)
        return self.rules.decide(self.bot(seat), view, seat, self.seed, stop)

    def hint(
        self, seat: int, view: V | None = None, stop: StopCheck | None = None
    ) -> list[Advice[A]]:
        """What the hard search would choose for the person at ``seat``, from their view
        only: options, best first, each an :class:`~monstertrick.search.assess.Advice`
        (its estimated chance of winning, the game's points after it on average, and
        the search's noise). Changes nothing (:meth:`note_hint` counts a hint taken).
        ``view`` may be taken beforehand, as for :meth:`decide`."""
        if view is None:
            view = self.view(seat)
        return list(self.rules.hint(view, seat, self.seed, stop))

    def hint_reason(self, view: V, options: Sequence[Advice[A]]) -> str | None:
        """Why a hint suggests what it does, in a line drawn from what its search
        counted (:meth:`~monstertrick.games.door.Door.reason`): the suggestion's outcome
        over the sampled deals (the other options' chances and points are listed below
        it); None when the game says nothing. From ``view`` (the seat's own, the
        hint's) only."""
        return self.rules.reason(view, [(o.action, o.stats) for o in options[:1]])

    def note_hint(self, seat: int) -> bool:
        """The person at ``seat`` took a hint on their turn: counted with the game (the
        save's meta, shown in History: the decisions that got a hint) and noted in the
        public log, once per decision (a second hint for the same decision changes
        nothing). Whether it was news."""
        step = self.next_step()
        mine = isinstance(step, Turn | BotTurn) and seat in self.deciders()
        if not mine or self.is_bot(seat):
            raise ValueError(f"it is not {self.names[seat]}'s decision now")
        assert isinstance(step, Turn | BotTurn)
        noted = HintTaken(seat, step.task, self.position, self.rules.chapter_name)
        if noted in self.log:
            return False
        if len(self.hints) != len(self.names):
            self.hints = [0] * len(self.names)
        self.hints[seat] += 1
        self.log.append(noted)
        self.seen[seat] = len(self.log)
        if self.meta is not None:
            self.meta.hints = list(self.hints)
        return True

    def simple_decision(self, seat: int) -> A:
        """The easiest computer player's decision for ``seat`` (when a bot fails)."""
        return self.rules.decide(
            self.rules.make_bot("easy"), self.view(seat), seat, self.seed, None
        )

    def bot_decision(self, seat: int, stop: StopCheck | None = None) -> A:
        """Let the computer player at ``seat`` decide and carry it out (headless)."""
        decision = self.decide(seat, stop=stop)
        self.apply(seat, decision)
        return decision

    def play_to_end(self) -> None:
        """Play an all-computer game (or the rest of one) to the final standings, with
        every public pause seen at once: the arena's and the tests' path."""
        from .flow import Person, run

        need = run(self)
        if isinstance(need, Person):
            raise ValueError(f"{self.names[need.step.seat]} is a person: the game waits for them")


if TYPE_CHECKING:
    from .seat_session import SeatSession

    def _keeps_the_protocol(session: Session) -> SeatSession:
        return session  # (checked by mypy: one keyboard's session is a seat as screens know it)
