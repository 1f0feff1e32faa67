"""The state of a Monster Taking match: one object that knows the phase, whose decision it
is and every card.

It keeps the contract of every game (:mod:`monstertrick.games.contract`), shaped like
python-chess's ``Board`` and OpenSpiel's ``State``:

* :attr:`MatchState.current_player` is the seat that decides now (one at a time:
  :attr:`MatchState.deciders` holds it alone) and :attr:`MatchState.task` what it
  decides (``"strength"``: a suit-strength card, ``"play"``: a card to lead or follow,
  ``"pay"``: a payment);
* :meth:`MatchState.legal_actions` lists that seat's actions, sorted;
* :meth:`MatchState.apply` checks an action, applies it and returns the events it caused,
  raising :class:`IllegalMoveError` with the reason in a player's words;
* :meth:`MatchState.push` is the fast, unchecked path; :meth:`MatchState.pop` undoes the
  last action of the current game exactly and returns it; :meth:`MatchState.history`
  lists the game's decisions with who made them;
* :meth:`MatchState.view` is what one seat may see, :meth:`MatchState.public_view` what
  everybody sees; the UI and the bots read only those.

A chapter is one game of the match: it ends in :attr:`Phase.GAME_OVER`;
:meth:`MatchState.next_chapter` deals the next one (from the match's seed, or from the
cards given) until a player has won 2 games (:attr:`Phase.MATCH_OVER`). Hands are sorted
lists of interned :class:`Card` ints.

Actions print in a short notation that :func:`parse_action` reads back: ``strength A7``
(a suit-strength card), ``play A7`` (a card led or followed), ``pay I9 A8`` (the cards
paid, in card order: Ignis, Aqua, Sylva, each by value) or ``pay nothing``.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ....errors import IllegalMoveError
from ...common.state import Table, ValueEquality, not_their_turn
from .actions import PAY_NOTHING, PLAYS, STRENGTHS, Action, Pay, Play, Strength
from .cards import (
    CARDS,
    DECK_SIZE,
    DOTS,
    FULL_DECK,
    HAND_SIZE,
    WINS_NEEDED,
    Card,
    Suit,
    cards_text,
    deal,
)
from .events import (
    CardPlayed,
    Event,
    GameOver,
    MatchOver,
    Paid,
    StrengthLaid,
    SuitsRanked,
    TrickWon,
)
from .payments import legal_payments, payment_due, payment_problem, payment_total
from .views import GameLog, GameResult, Outcome, Phase, PlayerView, TrickLog, TrickView

_STRENGTH = Phase.STRENGTH
_PLAY = Phase.PLAY
_PAY = Phase.PAY
_GAME_OVER = Phase.GAME_OVER
_MATCH_OVER = Phase.MATCH_OVER
_SUITS = tuple(Suit)


_TASKS = {_STRENGTH: "strength", _PLAY: "play", _PAY: "pay"}
"""The word of the contract for each phase in which someone decides."""

# ---------------------------------------------------------------------- the state

_LEAD_ENTRY = ("L",)
_FOLLOW_ENTRY = ("F",)


class MatchState(ValueEquality, Table[Phase]):
    """A match of Monster Taking, from the first deal until a player has won 2 games."""

    __slots__ = (
        "_wins",
        "_results",
        "_logs",
        "_log",
        "_lead",
        "_to_move",
        "_hands",
        "_rank",
        "_order",
        "_tricks",
        "_led",
        "_discards",
        "_received",
        "_history",
        "_sampled",
    )

    def __init__(
        self,
        players: Sequence[str],
        *,
        seed: int | str | None = None,
        first_lead: int = 0,
        cards: tuple[Sequence[Sequence[Card]], Sequence[Card]] | None = None,
    ) -> None:
        """Start a match: game 1 is dealt and its LEAD lays a strength card.

        Give ``seed`` to deal every game from it, or ``cards`` (the two hands and the
        DECK) to deal game 1 by hand (later games then need cards too, or a seed).
        """
        names = self._open(
            players,
            range(2, 3),
            seed,
            first_lead,
            cards,
            game="Monster Taking",
            first_is="the first LEAD",
        )
        self._names: tuple[str, str] = (names[0], names[1])
        self._wins = [0, 0]
        self._results: list[GameResult] = []
        self._logs: list[GameLog] = []
        self._history: list[tuple[Any, ...]] = []
        self._sampled = False
        self._start_game(first_lead, cards)

    # ------------------------------------------------------------------ basics

    @property
    def first_lead(self) -> int:
        """The LEAD of the match's first game (the :attr:`first_player`)."""
        return self._first

    @property
    def chapter(self) -> int:
        """The current game of the match, 1-based."""
        return len(self._logs)

    @property
    def decisions(self) -> int:
        """The decisions made in this game of the match so far: what :meth:`pop` can
        take back."""
        return len(self._history)

    @property
    def lead(self) -> int:
        """This game's LEAD."""
        return self._lead

    @property
    def current_player(self) -> int | None:
        """The seat that decides now; None between games and when the match is over."""
        if self._phase is _GAME_OVER or self._phase is _MATCH_OVER:
            return None
        return self._to_move

    @property
    def deciders(self) -> tuple[int, ...]:
        """The seats that may decide now: the current player alone (none between games
        and when the match is over)."""
        if self._phase is _GAME_OVER or self._phase is _MATCH_OVER:
            return ()
        return (self._to_move,)

    @property
    def task(self) -> str:
        """What the current player decides: ``"strength"`` (a suit-strength card),
        ``"play"`` (a card to lead or follow) or ``"pay"``; ``""`` between games and when
        the match is over."""
        return _TASKS.get(self._phase, "")

    @property
    def order(self) -> tuple[Suit, Suit, Suit] | None:
        """The suits of this game, Highest first (None until both strength cards)."""
        if self._order is None:
            return None
        a, b, c = self._order
        return (_SUITS[a], _SUITS[b], _SUITS[c])

    @property
    def led(self) -> Card | None:
        """The card led to the open trick, or None."""
        return CARDS[self._led] if self._led >= 0 else None

    def hand(self, seat: int) -> tuple[Card, ...]:
        """A seat's hand, sorted (full knowledge: use :meth:`view` for a player)."""
        return tuple(self._hands[seat])

    def discards(self, seat: int) -> tuple[Card, ...]:
        """A seat's face-down discards this game (full knowledge)."""
        return tuple(self._discards[seat])

    @property
    def deck(self) -> tuple[Card, ...]:
        """This game's DECK (full knowledge)."""
        return self._log.deck

    def tricks_won(self) -> tuple[int, int]:
        return (self._tricks[0], self._tricks[1])

    @property
    def wins(self) -> tuple[int, int]:
        return (self._wins[0], self._wins[1])

    @property
    def results(self) -> tuple[GameResult, ...]:
        """The finished games."""
        return tuple(self._results)

    @property
    def log(self) -> tuple[GameLog, ...]:
        """Every game so far as records store them."""
        return tuple(self._logs)

    @property
    def owed(self) -> int | None:
        """``d`` of the trick waiting for its payment, or None."""
        if self._phase is _PAY:
            return self._log.tricks[-1].owed
        return None

    def chapter_over(self) -> bool:
        """The current game is over (the next one still to be dealt, or the match over)."""
        return self._phase is _GAME_OVER or self._phase is _MATCH_OVER

    def is_over(self) -> bool:
        """The match is decided."""
        return self._phase is _MATCH_OVER

    def outcome(self) -> Outcome | None:
        """The match winner and games won, once the match is over."""
        if self._phase is not _MATCH_OVER:
            return None
        winner = 0 if self._wins[0] >= WINS_NEEDED else 1
        return Outcome(self.wins, (winner,), tuple(r.winner for r in self._results))

    def game_result(self) -> GameResult | None:
        """The result of the game just finished (phases GAME_OVER and MATCH_OVER)."""
        if self._phase is _GAME_OVER or self._phase is _MATCH_OVER:
            return self._results[-1]
        return None

    def next_lead(self) -> int:
        """LEAD of the next game: the loser of this one; after a draw the non-LEAD."""
        winner = self._results[-1].winner if self._results else None
        return 1 - self._lead if winner is None else 1 - winner

    # ------------------------------------------------------------------ games

    def _start_game(
        self, lead: int, cards: tuple[Sequence[Sequence[Card]], Sequence[Card]] | None
    ) -> None:
        if cards is None:
            if self._seed is None:
                raise ValueError("this match has no seed: give the cards for the next game")
            hands, deck = deal(self._seed, len(self._logs))
        else:
            hands, deck = check_cards(cards)
        self._lead = lead
        self._phase = _STRENGTH
        self._to_move = lead
        self._hands = [hands[0], hands[1]]
        self._rank = [0, 0, 0]
        self._order: tuple[int, int, int] | None = None
        self._tricks = [0, 0]
        self._led = -1
        self._discards: list[list[Card]] = [[], []]
        self._received: list[list[Card]] = [[], []]
        self._log = GameLog(lead, (tuple(hands[0]), tuple(hands[1])), tuple(deck), [], [])
        self._logs.append(self._log)

    def next_chapter(
        self, cards: tuple[Sequence[Sequence[Card]], Sequence[Card]] | None = None
    ) -> None:
        """Deal the next game (from the seed, or the given hands and DECK); the game
        before can no longer be undone."""
        if self._phase is not _GAME_OVER:
            raise IllegalMoveError(
                "the match is over: there is no next game"
                if self._phase is _MATCH_OVER
                else "the next game is dealt when this one is over"
            )
        self._start_game(self.next_lead(), cards)
        self._history = []

    # ------------------------------------------------------------------ actions

    def legal_actions(self) -> list[Action]:
        """The actions of the seat that decides now, sorted by card (or by payment)."""
        phase = self._phase
        hand = self._hands[self._to_move]
        if phase is _PLAY:
            led = self._led
            if led >= 0:
                suit = led >> 4
                same: list[Action] = [PLAYS[c] for c in hand if c >> 4 == suit]
                if same:
                    return same
            return [PLAYS[c] for c in hand]
        if phase is _PAY:
            owed = self._log.tricks[-1].owed
            return [Pay(p) for p in legal_payments(hand, owed or 0)]
        if phase is _STRENGTH:
            if self._log.strength:
                suit = self._log.strength[0] >> 4
                return [STRENGTHS[c] for c in hand if c >> 4 != suit]
            return [STRENGTHS[c] for c in hand]
        return []

    def payment_due(self) -> int | None:
        """The dots the loser must pay now (``rules.md``, "Payment": exactly ``d`` when their
        cards can make it, else the smallest total above, else all their dotted cards);
        None outside a payment. Any set of dotted cards with this total is legal."""
        if self._phase is not _PAY:
            return None
        return payment_total(self._hands[self._to_move], self._log.tricks[-1].owed or 0)

    def payment_problem(self, cards: Sequence[Card]) -> str | None:
        """Why the loser may not pay ``cards`` now, in their words, or None if they may
        (the checker a screen uses while cards are being picked)."""
        return self.illegal_reason(Pay(tuple(cards)))

    def is_legal(self, action: Action) -> bool:
        return self.illegal_reason(action) is None

    def illegal_reason(self, action: Action) -> str | None:
        """Why ``action`` is not allowed for the seat that decides now, or None."""
        phase = self._phase
        if phase is _MATCH_OVER:
            return "the match is over"
        if phase is _GAME_OVER:
            return "this game is over: the next one must be dealt first"
        hand = self._hands[self._to_move]
        if isinstance(action, Strength):
            if phase is not _STRENGTH:
                return f"the suit strength is already decided: it is time to {_doing(phase)}"
            return self._strength_problem(action.card, hand)
        if isinstance(action, Play):
            if phase is not _PLAY:
                return f"no card is played now: it is time to {_doing(phase)}"
            return self._play_problem(action.card, hand)
        if isinstance(action, Pay):
            if phase is not _PAY:
                return f"nothing is paid now: it is time to {_doing(phase)}"
            return payment_problem(hand, action.cards, self._log.tricks[-1].owed or 0)
        return f"{action!r} is not an action of Monster Taking"

    def _strength_problem(self, card: Card, hand: list[Card]) -> str | None:
        """Why laying ``card`` for the suit strength is not allowed, or None."""
        if card not in hand:
            return f"{_card(card)} is not in your hand"
        if self._log.strength:
            first = self._log.strength[0]
            if first >> 4 == card >> 4:
                label = _SUITS[card >> 4].label
                return (
                    f"LEAD laid {first}, {_article(label)} {label} card: yours must be "
                    "of a different suit"
                )
        return None

    def _play_problem(self, card: Card, hand: list[Card]) -> str | None:
        """Why playing ``card`` to the trick is not allowed, or None."""
        if card not in hand:
            return f"{_card(card)} is not in your hand"
        led = self._led
        if led >= 0 and card >> 4 != led >> 4:
            suit = led >> 4
            if any(c >> 4 == suit for c in hand):
                label = _SUITS[suit].label
                return f"you hold {_article(label)} {label} card, so you must follow {label}"
        return None

    def apply(self, action: Action, seat: int | None = None) -> list[Event]:
        """Check and apply an action of the seat that decides now (``seat``, if given,
        must be it); return what happened."""
        if seat is not None and seat not in self.deciders:
            raise not_their_turn(self._names, seat)
        reason = self.illegal_reason(action)
        if reason is not None:
            raise IllegalMoveError(reason)
        events: list[Event] = []
        self.push(action, events)
        return events

    def push(
        self, action: Action, events: list[Event] | None = None, seat: int | None = None
    ) -> None:
        """Apply a legal action of the seat that decides now without checking it (the
        fast path for simulations; ``seat`` is that seat, one decides at a time).

        Pass a list as ``events`` to collect what happened.
        """
        p = self._to_move
        cls = type(action)
        if cls is Play:
            card: Card = action.card  # type: ignore[union-attr]
            self._hands[p].remove(card)
            led = self._led
            tricks = self._log.tricks
            if led < 0:
                self._led = card
                tricks.append(TrickLog(p, card))
                self._to_move = 1 - p
                self._history.append(_LEAD_ENTRY)
                if events is not None:
                    events.append(CardPlayed(p, card, True))
                return
            leader = 1 - p
            if led >> 4 == card >> 4:
                winner = leader if led > card else p
            else:
                rank = self._rank
                winner = leader if rank[led >> 4] < rank[card >> 4] else p
            owed = DOTS[led] - DOTS[card]
            if owed < 0:
                owed = -owed
            tricks[-1] = TrickLog(leader, CARDS[led], card, winner, owed)
            self._tricks[winner] += 1
            self._phase = _PAY
            self._to_move = 1 - winner
            self._history.append(_FOLLOW_ENTRY)
            if events is not None:
                events.append(CardPlayed(p, card, False))
                events.append(TrickWon(winner, (CARDS[led], card), self._tricks[winner], owed))
        elif cls is Pay:
            self._push_pay(p, action.cards, events)  # type: ignore[union-attr]
        else:
            self._push_strength(p, action.card, events)  # type: ignore[union-attr]

    def _push_pay(self, p: int, paid: tuple[Card, ...], events: list[Event] | None) -> None:
        """:meth:`push` of a payment of ``p``."""
        hand = self._hands[p]
        winner = 1 - p
        tricks = self._log.tricks
        trick = tricks[-1]
        for c in paid:
            hand.remove(c)
        same = trick.lead >> 4 == trick.follow >> 4  # type: ignore[operator]
        if paid:
            if same:
                other = self._hands[winner]
                for c in paid:
                    insort(other, c)
                self._received[winner].extend(paid)
            else:
                self._discards[p].extend(paid)
        tricks[-1] = TrickLog(trick.leader, trick.lead, trick.follow, winner, trick.owed, paid)
        self._led = -1
        if events is not None:
            events.append(Paid(p, len(paid), paid if same else None))
        if hand and self._hands[winner]:
            self._phase = _PLAY
            self._to_move = winner
            self._history.append(("P", False))
        else:
            self._history.append(("P", True))
            self._end_game(events)

    def _push_strength(self, p: int, card: Card, events: list[Event] | None) -> None:
        """:meth:`push` of a card ``p`` lays for the suit strength."""
        self._hands[p].remove(card)
        strength = self._log.strength
        strength.append(card)
        self._history.append(("S", p))
        if events is not None:
            events.append(StrengthLaid(p, card))
        if len(strength) == 1:
            self._to_move = 1 - p
            return
        a, b = strength
        if b & 15 > a & 15:
            high, middle = b >> 4, a >> 4
        else:
            high, middle = a >> 4, b >> 4
        low = 3 - high - middle
        self._order = (high, middle, low)
        rank = [0, 0, 0]
        rank[middle] = 1
        rank[low] = 2
        self._rank = rank
        self._phase = _PLAY
        self._to_move = self._lead
        if events is not None:
            events.append(SuitsRanked((_SUITS[high], _SUITS[middle], _SUITS[low])))

    def _end_game(self, events: list[Event] | None) -> None:
        sizes = (len(self._hands[0]), len(self._hands[1]))
        tricks = (self._tricks[0], self._tricks[1])
        winner: int | None
        if sizes[0] == 0 and sizes[1] == 0:
            winner = None if tricks[0] == tricks[1] else (0 if tricks[0] > tricks[1] else 1)
        else:
            winner = 1 if sizes[0] == 0 else 0
        order = self.order
        assert order is not None
        self._results.append(GameResult(self._lead, order, tricks, sizes, winner))
        over = False
        if winner is not None:
            self._wins[winner] += 1
            over = self._wins[winner] >= WINS_NEEDED
        self._phase = _MATCH_OVER if over else _GAME_OVER
        if events is not None:
            events.append(GameOver(len(self._logs), winner, tricks, sizes))
            if over:
                assert winner is not None
                events.append(MatchOver(winner, self.wins))

    def history(self) -> tuple[tuple[int, Action], ...]:
        """The decisions of this game of the match so far, each with the seat that made
        it, in order (what :meth:`pop` takes back, last first)."""
        log = self._log
        strength = iter(log.strength)
        tricks = iter(log.tricks)
        trick: TrickLog | None = None
        made: list[tuple[int, Action]] = []
        for entry in self._history:
            kind = entry[0]
            if kind == "S":
                made.append((entry[1], STRENGTHS[next(strength)]))
            elif kind == "L":
                trick = next(tricks)
                made.append((trick.leader, PLAYS[trick.lead]))
            elif kind == "F":
                assert trick is not None and trick.follow is not None
                made.append((1 - trick.leader, PLAYS[trick.follow]))
            else:  # "P": the loser of the trick pays
                assert trick is not None and trick.winner is not None and trick.pay is not None
                made.append((1 - trick.winner, Pay(trick.pay) if trick.pay else PAY_NOTHING))
        return tuple(made)

    def pop(self) -> Action:
        """Undo the last action of the current game exactly and return it; raises
        :class:`IllegalMoveError` when there is none (a game's deal is not undone)."""
        if not self._history:
            raise IllegalMoveError("there is nothing to undo in this game")
        entry = self._history.pop()
        kind = entry[0]
        tricks = self._log.tricks
        if kind == "L":
            trick = tricks.pop()
            insort(self._hands[trick.leader], trick.lead)
            self._led = -1
            self._to_move = trick.leader
            return PLAYS[trick.lead]
        if kind == "F":
            trick = tricks[-1]
            follower = 1 - trick.leader
            assert trick.follow is not None and trick.winner is not None
            insort(self._hands[follower], trick.follow)
            self._tricks[trick.winner] -= 1
            tricks[-1] = TrickLog(trick.leader, trick.lead)
            self._phase = _PLAY
            self._to_move = follower
            return PLAYS[trick.follow]
        if kind == "P":
            trick = tricks[-1]
            assert trick.pay is not None and trick.winner is not None
            winner = trick.winner
            loser = 1 - winner
            paid = trick.pay
            if entry[1]:
                result = self._results.pop()
                if result.winner is not None:
                    self._wins[result.winner] -= 1
            if paid:
                if trick.same_suit:
                    other = self._hands[winner]
                    for c in paid:
                        other.remove(c)
                    del self._received[winner][-len(paid) :]
                else:
                    del self._discards[loser][-len(paid) :]
            hand = self._hands[loser]
            for c in paid:
                insort(hand, c)
            tricks[-1] = TrickLog(trick.leader, trick.lead, trick.follow, winner, trick.owed)
            self._led = trick.lead
            self._phase = _PAY
            self._to_move = loser
            return Pay(paid) if paid else PAY_NOTHING
        # "S": a strength card
        seat = entry[1]
        card = self._log.strength.pop()
        insort(self._hands[seat], card)
        self._order = None
        self._rank = [0, 0, 0]
        self._phase = _STRENGTH
        self._to_move = seat
        return STRENGTHS[card]

    # ------------------------------------------------------------------ views

    def view(self, seat: int) -> PlayerView:
        """What ``seat`` may see now."""
        return self._view(seat)

    def public_view(self) -> PlayerView:
        """What everybody at the table may see now (no hand, no discard, no DECK)."""
        return self._view(None)

    def _view(self, seat: int | None) -> PlayerView:
        tricks = []
        for t in self._log.tricks:
            face_down = t.follow is not None and not t.same_suit
            if t.pay is None:
                cards = None
            elif not face_down or (seat is not None and t.winner == 1 - seat):
                cards = t.pay  # given face up, or discarded by the viewer
            else:
                cards = None
            tricks.append(
                TrickView(
                    t.leader,
                    t.lead,
                    t.follow,
                    t.winner,
                    t.owed,
                    None if t.pay is None else len(t.pay),
                    face_down,
                    cards,
                )
            )
        hand = discards = received = None
        if seat is not None:
            hand = tuple(self._hands[seat])
            discards = tuple(self._discards[seat])
            held = set(hand)
            received = tuple(c for c in self._received[seat] if c in held)
        return PlayerView(
            viewer=seat,
            players=self._names,
            phase=self._phase,
            chapter=len(self._logs),
            lead=self._lead,
            current_player=self.current_player,
            hand=hand,
            discards=discards,
            received=received,
            hand_sizes=(len(self._hands[0]), len(self._hands[1])),
            discard_counts=(len(self._discards[0]), len(self._discards[1])),
            deck_size=DECK_SIZE,
            strength=tuple(self._log.strength),
            order=self.order,
            tricks=tuple(tricks),
            tricks_won=self.tricks_won(),
            wins=self.wins,
            results=tuple(self._results),
            legal_actions=(
                tuple(self.legal_actions())
                if seat is not None and seat == self.current_player
                else ()
            ),
            payment=(
                payment_due(self._hands[seat], self._log.tricks[-1].owed or 0)
                if seat is not None and seat == self.current_player and self._phase is _PAY
                else None
            ),
        )

    # ------------------------------------------------------------------ copies

    def clone(self) -> MatchState:
        """An independent copy (cheap enough for thousands of simulations)."""
        other = MatchState.__new__(MatchState)
        other._names = self._names
        other._first = self._first
        other._seed = self._seed
        other._wins = self._wins[:]
        other._results = self._results[:]
        other._logs = [g.copy() for g in self._logs]
        other._log = other._logs[-1]
        other._lead = self._lead
        other._phase = self._phase
        other._to_move = self._to_move
        other._hands = [self._hands[0][:], self._hands[1][:]]
        other._rank = self._rank[:]
        other._order = self._order
        other._tricks = self._tricks[:]
        other._led = self._led
        other._discards = [self._discards[0][:], self._discards[1][:]]
        other._received = [self._received[0][:], self._received[1][:]]
        other._history = self._history[:]
        other._sampled = self._sampled
        return other

    def key(self) -> tuple[Any, ...]:
        """Everything the state holds, as a comparable value (undo history included)."""
        return (
            self._names,
            self._first,
            self._seed,
            tuple(self._wins),
            tuple(self._results),
            tuple(g.key() for g in self._logs),
            self._lead,
            self._phase,
            self._to_move,
            tuple(map(tuple, self._hands)),
            tuple(self._rank),
            self._order,
            tuple(self._tricks),
            self._led,
            tuple(map(tuple, self._discards)),
            tuple(map(tuple, self._received)),
            tuple(e[0] for e in self._history),
        )

    def __repr__(self) -> str:
        return (
            f"<MatchState {self._names[0]} v {self._names[1]}: game {len(self._logs)}, "
            f"{self._phase.value}, wins {self._wins[0]}-{self._wins[1]}>"
        )


if TYPE_CHECKING:
    from ... import contract

    def _keeps_the_contract(state: MatchState, view: PlayerView, outcome: Outcome) -> None:
        """What mypy checks: the state, its views and its outcome speak the contract."""
        _state: contract.State[Action, Event, PlayerView] = state
        _view: contract.View[Action] = view
        _outcome: contract.Outcome = outcome
        _actions: tuple[contract.Action, ...] = (STRENGTHS[0], PLAYS[0], PAY_NOTHING)


def _doing(phase: Phase) -> str:
    return {
        _STRENGTH: "lay a card for the suit strength",
        _PLAY: "play a card",
        _PAY: "pay for the lost trick",
    }.get(phase, "deal the next game")


def _article(word: str) -> str:
    return "an" if word[0] in "AEIOU" else "a"


def _card(card: object) -> str:
    return str(card) if isinstance(card, Card) else repr(card)


def check_cards(
    cards: tuple[Sequence[Sequence[Card]], Sequence[Card]],
) -> tuple[list[list[Card]], list[Card]]:
    """Check a deal: two hands of 13 and a DECK of 4, together the 30 cards; sort them."""
    hands, deck = cards
    if len(hands) != 2:
        raise ValueError(f"a deal has 2 hands, not {len(hands)}")
    for seat, h in enumerate(hands):
        if len(h) != HAND_SIZE:
            raise ValueError(f"hand {seat + 1} has {len(h)} cards instead of {HAND_SIZE}")
    if len(deck) != DECK_SIZE:
        raise ValueError(f"the DECK has {len(deck)} cards instead of {DECK_SIZE}")
    everything = [c for h in hands for c in h] + list(deck)
    if sorted(everything) != list(FULL_DECK):
        dup = sorted({c for c in everything if everything.count(c) > 1})
        missing = sorted(set(FULL_DECK) - set(everything))
        parts = []
        if dup:
            parts.append("dealt twice: " + cards_text(dup))
        if missing:
            parts.append("missing: " + cards_text(missing))
        raise ValueError(f"the hands and DECK are not the 30 cards ({'; '.join(parts)})")
    return [sorted(CARDS[c] for c in hands[0]), sorted(CARDS[c] for c in hands[1])], sorted(
        CARDS[c] for c in deck
    )
