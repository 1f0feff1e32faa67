"""The Magic Trick game state: 4 hands of 13 tricks, from the first deal to the winner.

It keeps the contract of every game (:class:`monstertrick.games.contract.State`), shaped
like python-chess's ``Board`` and OpenSpiel's ``State``:

* :attr:`MagicTrickState.current_player` and :attr:`MagicTrickState.task` (``"play"``
  or ``"sleeve"``; :attr:`~MagicTrickState.phase` as an enum) say who acts and how
  (one seat at a time: :attr:`~MagicTrickState.deciders` holds it alone);
* a *chapter* is a hand: :attr:`~MagicTrickState.chapter` is its number,
  :meth:`~MagicTrickState.chapter_over` says its play is over and
  :meth:`~MagicTrickState.next_chapter` deals the next one;
* :meth:`MagicTrickState.legal_actions` lists that player's actions, sorted;
* :meth:`MagicTrickState.apply` checks an action, applies it and returns the events it
  caused, raising :class:`IllegalMoveError` with the reason in a player's words;
* :meth:`MagicTrickState.push` is the fast, unchecked path and :meth:`pop` undoes the
  last action exactly and returns it; :meth:`~MagicTrickState.history` lists the hand's
  decisions with who made them;
* :meth:`MagicTrickState.view` and :meth:`~MagicTrickState.public_view` are what
  everybody sees (there is nothing private; a seat's view also holds its actions when
  the decision is its own);
* :meth:`MagicTrickState.clone` is a cheap copy.

An action names a *position* of the dealt hand order, never a card: nobody, the holder
included, knows the value of a card in a hand. Internally each hand keeps its 14 dealt
cards (interned :class:`Card` ints) and a sorted list of the positions still held.
"""

from __future__ import annotations

import random
from bisect import insort
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from ....errors import IllegalMoveError
from ...common.outcome import break_ties
from ...common.state import Table, ValueEquality, not_their_turn
from .actions import ACTIONS, PASS_CODE, Action
from .cards import (
    DECK_SIZE,
    HAND_SIZE,
    NUM_HANDS,
    NUM_PLAYERS,
    NUM_SUITS,
    NUM_TRICKS,
    Card,
    Suit,
    deck,
    ordinal,
)
from .events import (
    CardPlayed,
    CardSleeved,
    Event,
    GameOver,
    HandDealt,
    HandScored,
    Outcome,
    SleevePassed,
    TrickWon,
)
from .views import (
    HandLog,
    HandResult,
    Phase,
    Place,
    PlayOption,
    SeatView,
    Spot,
    TrickCard,
    Turn,
    View,
)

_PLAY = Phase.PLAY
_SLEEVE = Phase.SLEEVE
_PLAYS_PER_HAND = NUM_PLAYERS * NUM_TRICKS
_SUIT_BIT = tuple(1 << (code >> 3) for code in range(DECK_SIZE))
_SUITS = tuple(Suit)
_POPCOUNT = tuple(bin(m).count("1") for m in range(1 << NUM_SUITS))


def deal(seed: int | str, hand_index: int) -> list[list[Card]]:
    """The seeded deal of one hand (0-based ``hand_index``): 14 cards per seat in hand
    order, by value, cards of equal value in the shuffled (random) order, never by suit."""
    rng = random.Random(f"magictrick/{seed}/{hand_index}")
    cards = deck()
    rng.shuffle(cards)
    return [sorted(cards[p * HAND_SIZE : (p + 1) * HAND_SIZE], key=_value) for p in range(4)]


def _value(card: Card) -> int:
    return card & 7


def deal_problem(hands: Sequence[Sequence[Card]]) -> str | None:
    """Why ``hands`` is not a deal (4 hands of 14 in value order, exactly the deck)."""
    if len(hands) != NUM_PLAYERS:
        return f"a deal has {NUM_PLAYERS} hands, not {len(hands)}"
    for p, hand in enumerate(hands):
        if len(hand) != HAND_SIZE:
            return f"hand {p + 1} has {len(hand)} cards instead of {HAND_SIZE}"
        for i in range(1, HAND_SIZE):
            if hand[i] & 7 < hand[i - 1] & 7:
                return f"hand {p + 1} is not in value order: {hand[i - 1]} comes before {hand[i]}"
    seen: set[int] = set()
    dup = []
    for hand in hands:
        for c in hand:
            if c in seen:
                dup.append(str(c))
            seen.add(c)
    if dup:
        return "dealt twice: " + " ".join(dup)
    return None


def score_hand(bid: int, tricks: int, suits: int) -> tuple[int, bool]:
    """The score of one player's hand and whether it earned the prestige bonus."""
    if bid == tricks:
        prestige = suits == bid
        return (5 if prestige else 3), prestige
    return -abs(bid - tricks), False


def decide_winners(results: Iterable[HandResult]) -> Outcome:
    """Totals and winners: highest total; ties go to the most prestige bonuses; then shared."""
    hands = list(results)
    totals = tuple(sum(r.scores[p] for r in hands) for p in range(NUM_PLAYERS))
    prestige = tuple(sum(r.prestige[p] for r in hands) for p in range(NUM_PLAYERS))
    winners, depth = break_ties((totals, prestige))
    return Outcome(totals, prestige, winners, Outcome.chain[depth])


class MagicTrickState(ValueEquality, Table[Phase]):
    """A game of Magic Trick: 4 players, 4 hands."""

    __slots__ = (
        "_hand",
        "_starter",
        "_deal",
        "_suit",
        "_live",
        "_count",
        "_sleeve",
        "_tc",
        "_ts",
        "_tp",
        "_lead",
        "_best",
        "_best_seat",
        "_tricks",
        "_captured",
        "_last",
        "_to_move",
        "_after",
        "_plays",
        "_history",
        "_results",
        "_past",
    )

    def __init__(
        self,
        players: Sequence[str],
        *,
        seed: int | str | None = None,
        first_player: int = 0,
        deal: Sequence[Sequence[Card]] | None = None,
    ) -> None:
        """Start a game with hand 1 dealt: from ``deal`` if given, else from ``seed``.

        Later hands are dealt from ``seed`` by :meth:`next_chapter` (or given to it).
        """
        self._open(
            players,
            range(NUM_PLAYERS, NUM_PLAYERS + 1),
            seed,
            first_player,
            deal,
            game="Magic Trick",
        )
        self._hand = -1
        self._results: list[HandResult] = []
        self._past: list[HandLog] = []
        self._start_hand(deal)

    # ------------------------------------------------------------------ basics

    @property
    def num_players(self) -> int:
        return NUM_PLAYERS

    @property
    def chapter(self) -> int:
        """The current hand, 1-based: a chapter of the game is a hand."""
        return self._hand + 1

    @property
    def decisions(self) -> int:
        """The decisions made in this hand so far (plays and sleeve steps): what
        :meth:`pop` can take back."""
        return len(self._history)

    @property
    def starter(self) -> int:
        """Who led the first trick of this hand."""
        return self._starter

    step = Table.phase
    """The phase: play or sleeve (or the hand or game is over)."""

    @property
    def task(self) -> str:
        """What the current player decides: ``"play"`` a card or ``"sleeve"`` one (or
        pass); ``""`` when nobody decides (the hand or the game is over)."""
        phase = self._phase
        return "play" if phase is _PLAY else "sleeve" if phase is _SLEEVE else ""

    @property
    def current_player(self) -> int | None:
        """The seat to act, or None when the hand or the game is over."""
        return self._to_move if self._phase is _PLAY or self._phase is _SLEEVE else None

    @property
    def deciders(self) -> tuple[int, ...]:
        """The seats that may decide now: the current player alone (none when the hand or
        the game is over)."""
        return (self._to_move,) if self._phase is _PLAY or self._phase is _SLEEVE else ()

    @property
    def plays(self) -> int:
        """Cards played so far this hand (0-52)."""
        return self._plays

    @property
    def trick_number(self) -> int:
        """The trick in progress or about to be led, 1-based (13 at most)."""
        return min(self._plays // NUM_PLAYERS + 1, NUM_TRICKS)

    def chapter_over(self) -> bool:
        """The hand's play is over (its end still to be shown, or the game over)."""
        return self._phase is Phase.HAND_OVER or self._phase is Phase.GAME_OVER

    def is_over(self) -> bool:
        return self._phase is Phase.GAME_OVER

    def dealt(self, player: int) -> tuple[Card, ...]:
        """The player's 14 dealt cards in hand order (full knowledge: not for players)."""
        return tuple(self._deal[player])

    def in_hand(self, player: int) -> tuple[int, ...]:
        """The positions still in the player's hand (public)."""
        return tuple(self._live[player])

    def hand(self, player: int) -> tuple[Card, ...]:
        """The cards still in the player's hand (full knowledge: not for players)."""
        d = self._deal[player]
        return tuple(d[i] for i in self._live[player])

    def sleeved(self, player: int) -> Card | None:
        pos = self._sleeve[player]
        return self._deal[player][pos] if pos >= 0 else None

    def bids(self) -> tuple[int | None, ...]:
        return tuple(self._deal[p][s] & 7 if s >= 0 else None for p, s in enumerate(self._sleeve))

    def tricks_won(self) -> tuple[int, ...]:
        return tuple(self._tricks)

    def captured(self, player: int) -> tuple[Suit, ...]:
        mask = self._captured[player]
        return tuple(s for s in _SUITS if mask >> s & 1)

    def current_trick(self) -> tuple[TrickCard, ...]:
        return tuple(TrickCard(p, i, c) for p, i, c in zip(self._ts, self._tp, self._tc))

    @property
    def led_suit(self) -> Suit | None:
        return _SUITS[self._lead] if self._lead >= 0 else None

    def results(self) -> tuple[HandResult, ...]:
        """The scored hands."""
        return tuple(self._results)

    def totals(self) -> tuple[int, ...]:
        return tuple(sum(r.scores[p] for r in self._results) for p in range(NUM_PLAYERS))

    def outcome(self) -> Outcome | None:
        """Scores (the totals), winners and the tie-break applied, once the game is over."""
        if self._phase is not Phase.GAME_OVER:
            return None
        return decide_winners(self._results)

    def past_hands(self) -> tuple[HandLog, ...]:
        """The hands before the current one."""
        return tuple(self._past)

    def current_log(self) -> HandLog:
        """The current hand so far: its deal and its turns."""
        return HandLog(tuple(tuple(h) for h in self._deal), self.turns())

    def turns(self) -> tuple[Turn, ...]:
        """The turns of this hand so far (the last one may await its sleeve step)."""
        out: list[Turn] = []
        deal_ = self._deal
        for entry in self._history:
            action = entry[0]
            p = entry[1]
            if action < HAND_SIZE:
                auto = entry[8]
                if auto >= 0:
                    out.append(Turn(p, action, deal_[p][action], auto, deal_[p][auto], True))
                else:
                    out.append(Turn(p, action, deal_[p][action]))
            elif action != PASS_CODE:
                t = out[-1]
                pos = action - HAND_SIZE
                out[-1] = Turn(t.player, t.position, t.card, pos, deal_[p][pos], False)
        return tuple(out)

    # ------------------------------------------------------------------ hands

    def _start_hand(self, hands: Sequence[Sequence[Card]] | None) -> None:
        self._hand += 1
        if hands is None:
            if self._seed is None:
                raise ValueError("this game has no seed: give the deal of the next hand")
            dealt = deal(self._seed, self._hand)
        else:
            problem = deal_problem(hands)
            if problem is not None:
                raise ValueError(problem)
            dealt = [list(h) for h in hands]
        self._starter = (self._first + self._hand) % NUM_PLAYERS
        self._deal: list[list[Card]] = dealt
        self._suit: list[list[int]] = [[c >> 3 for c in h] for h in dealt]
        self._live: list[list[int]] = [list(range(HAND_SIZE)) for _ in range(NUM_PLAYERS)]
        counts = []
        for h in dealt:
            cnt = [0] * NUM_SUITS
            for c in h:
                cnt[c >> 3] += 1
            counts.append(cnt)
        self._count: list[list[int]] = counts
        self._sleeve = [-1] * NUM_PLAYERS
        self._tc: list[Card] = []
        self._ts: list[int] = []
        self._tp: list[int] = []
        self._lead = -1
        self._best = -1
        self._best_seat = -1
        self._tricks = [0] * NUM_PLAYERS
        self._captured = [0] * NUM_PLAYERS
        self._last: tuple[tuple[Card, ...], tuple[int, ...], tuple[int, ...], int] | None = None
        self._to_move = self._starter
        self._after = -1
        self._phase = _PLAY
        self._plays = 0
        self._history: list[tuple[Any, ...]] = []

    def next_chapter(
        self, hands: Sequence[Sequence[Card]] | None = None, events: list[Event] | None = None
    ) -> None:
        """Deal the next hand (from the seed, or the given deal ``hands``); pass a list as
        ``events`` to collect what happened (:class:`HandDealt`).

        Raises :class:`IllegalMoveError` unless the hand is over and the game is not, and
        ``ValueError`` for ``hands`` that are not a deal (the game then stays as it was).
        """
        if self._phase is not Phase.HAND_OVER:
            raise IllegalMoveError(
                "the game is over: there is no next hand"
                if self._phase is Phase.GAME_OVER
                else "the next hand is dealt only when this one is over"
            )
        log = self.current_log()
        hand = self._hand
        try:
            self._start_hand(hands)
        except ValueError:
            self._hand = hand
            raise
        self._past.append(log)
        if events is not None:
            events.append(HandDealt(self._hand + 1, self._starter))

    def _end_hand(self, events: list[Event] | None) -> None:
        bids = tuple(self._deal[p][self._sleeve[p]] & 7 for p in range(NUM_PLAYERS))
        tricks = tuple(self._tricks)
        suits = tuple(_POPCOUNT[m] for m in self._captured)
        scored = [score_hand(b, t, s) for b, t, s in zip(bids, tricks, suits)]
        result = HandResult(
            bids, tricks, suits, tuple(s for s, _ in scored), tuple(p for _, p in scored)
        )
        self._results.append(result)
        last = self._hand == NUM_HANDS - 1
        self._phase = Phase.GAME_OVER if last else Phase.HAND_OVER
        if events is not None:
            events.append(
                HandScored(self._hand + 1, bids, tricks, suits, result.scores, result.prestige)
            )
            if last:
                events.append(GameOver(decide_winners(self._results)))

    # ------------------------------------------------------------------ actions

    def legal_actions(self) -> list[Action]:
        """The actions of the player to move, sorted (plays, then sleeves, then pass)."""
        phase = self._phase
        if phase is _PLAY:
            p = self._to_move
            lead = self._lead
            if lead >= 0 and self._count[p][lead]:
                su = self._suit[p]
                return [ACTIONS[i] for i in self._live[p] if su[i] == lead]
            return [ACTIONS[i] for i in self._live[p]]
        if phase is _SLEEVE:
            out = [ACTIONS[HAND_SIZE + i] for i in self._live[self._to_move]]
            out.append(ACTIONS[PASS_CODE])
            return out
        return []

    def is_legal(self, action: int) -> bool:
        return self.illegal_reason(action) is None

    def illegal_reason(self, action: int, *, name: str | None = None) -> str | None:
        """Why ``action`` is not allowed for the player to move, or None if it is.

        Written to that player ("you hold a Moon, so you must follow Moons"), or about
        them when ``name`` is given ("Ann holds a Moon, so they must follow Moons");
        never naming the value of a card in a hand.
        """
        act = Action.of(action)
        phase = self._phase
        if phase is Phase.HAND_OVER:
            return "the hand is over: the next hand must be dealt first"
        if phase is Phase.GAME_OVER:
            return "the game is over"
        you, your = ("you", "your") if name is None else ("they", "their")
        subject = name or "you"
        has, holds = ("have", "hold") if name is None else ("has", "holds")
        p = self._to_move
        pos = act.position
        if pos is not None:
            if self._sleeve[p] == pos:
                return f"{your} {ordinal(pos + 1)} card is up {your} sleeve"
            if pos not in self._live[p]:
                return f"{your} {ordinal(pos + 1)} card has already been played"
        if phase is _PLAY:
            if act >= HAND_SIZE:
                if self._sleeve[p] >= 0:
                    return f"{subject} already {has} a card up {your} sleeve this hand"
                return f"a card goes up a sleeve only after a play, and {subject} must play first"
            assert pos is not None
            lead = self._lead
            suit = self._suit[p][pos]
            if lead >= 0 and suit != lead and self._count[p][lead]:
                led = _SUITS[lead]
                return (
                    f"{your} {ordinal(pos + 1)} card is a {_SUITS[suit].singular}, but "
                    f"{subject} {holds} a {led.singular}, so {you} must follow {led.label}"
                )
            return None
        # The sleeve step.
        if act < HAND_SIZE:
            return f"{subject} {has} played this turn: now a card goes up {your} sleeve, or a pass"
        return None

    def apply(self, action: int, seat: int | None = None) -> list[Event]:
        """Check and apply an action of the player to move (``seat``, if given, must be
        theirs); return what happened."""
        if seat is not None and seat not in self.deciders:
            raise not_their_turn(self._names, seat)
        reason = self.illegal_reason(action)
        if reason is not None:
            raise IllegalMoveError(reason)
        events: list[Event] = []
        self.push(ACTIONS[action], events)
        return events

    def push(self, action: int, events: list[Event] | None = None, seat: int | None = None) -> None:
        """Apply a legal action of the player to move without checking it (the fast path
        for simulations; ``seat`` is theirs, one seat decides at a time).

        Pass a list as ``events`` to collect what happened.
        """
        p = self._to_move
        if action < HAND_SIZE:
            pos: int = action
            card = self._deal[p][pos]
            live = self._live[p]
            live.remove(pos)
            suit = card >> 3
            count = self._count[p]
            count[suit] -= 1
            prev_lead = lead = self._lead
            if lead < 0:
                lead = self._lead = suit
            key = (card & 7) + (16 if suit == 0 else 8 if suit == lead else 0)
            prev_best = self._best
            prev_best_seat = self._best_seat
            if key > prev_best:
                self._best = key
                self._best_seat = p
            tc = self._tc
            tc.append(card)
            self._ts.append(p)
            self._tp.append(pos)
            self._plays += 1
            if events is not None:
                events.append(CardPlayed(p, pos, card, prev_lead < 0))
            prev_last = self._last
            prev_cap = -1
            if len(tc) == NUM_PLAYERS:
                w = self._best_seat
                prev_cap = self._captured[w]
                self._tricks[w] += 1
                self._captured[w] = (
                    prev_cap
                    | _SUIT_BIT[tc[0]]
                    | _SUIT_BIT[tc[1]]
                    | _SUIT_BIT[tc[2]]
                    | _SUIT_BIT[tc[3]]
                )
                self._last = (tuple(tc), tuple(self._ts), tuple(self._tp), w)
                self._tc = []
                self._ts = []
                self._tp = []
                self._lead = -1
                self._best = -1
                self._best_seat = -1
                after = w
                if events is not None:
                    events.append(
                        TrickWon(w, tuple(tc), self._tricks[w], _POPCOUNT[self._captured[w]])
                    )
            else:
                after = p + 1 if p < 3 else 0
            auto = -1
            if self._sleeve[p] < 0:
                if len(live) == 1:
                    auto = live.pop()
                    self._sleeve[p] = auto
                    count[self._suit[p][auto]] -= 1
                    if events is not None:
                        events.append(CardSleeved(p, auto, self._deal[p][auto], True))
                else:
                    self._phase = _SLEEVE
                    self._after = after
                    self._history.append(
                        (
                            action,
                            p,
                            prev_lead,
                            prev_best,
                            prev_best_seat,
                            prev_last,
                            prev_cap,
                            False,
                            auto,
                        )
                    )
                    return
            ended = self._plays == _PLAYS_PER_HAND
            self._history.append(
                (action, p, prev_lead, prev_best, prev_best_seat, prev_last, prev_cap, ended, auto)
            )
            if ended:
                self._end_hand(events)
            else:
                self._to_move = after
            return
        # The sleeve step: sleeve a card, or pass.
        if action != PASS_CODE:
            pos = action - HAND_SIZE
            self._live[p].remove(pos)
            self._count[p][self._suit[p][pos]] -= 1
            self._sleeve[p] = pos
            if events is not None:
                events.append(CardSleeved(p, pos, self._deal[p][pos], False))
        elif events is not None:
            events.append(SleevePassed(p))
        self._history.append((action, p))
        self._phase = _PLAY
        self._to_move = self._after
        self._after = -1

    def history(self) -> tuple[tuple[int, Action], ...]:
        """The decisions of this hand so far, each with the seat that made it, in order
        (what :meth:`pop` takes back, last first): the plays and the sleeve steps, a
        sleeve filled by itself being no decision."""
        return tuple((entry[1], ACTIONS[entry[0]]) for entry in self._history)

    def pop(self) -> Action:
        """Undo the last action of this hand exactly and return it: a play (with the
        sleeve it filled by itself, if it did) or a sleeve step.

        Raises :class:`IllegalMoveError` when no action has been taken in this hand
        (undo never goes back past :meth:`next_chapter`).
        """
        if not self._history:
            raise IllegalMoveError("there is nothing to undo in this hand")
        entry = self._history.pop()
        action: int = entry[0]
        p: int = entry[1]
        if action >= HAND_SIZE:
            if action != PASS_CODE:
                pos = action - HAND_SIZE
                insort(self._live[p], pos)
                self._count[p][self._suit[p][pos]] += 1
                self._sleeve[p] = -1
            self._after = self._to_move
            self._to_move = p
            self._phase = _SLEEVE
            return ACTIONS[action]
        _, _, prev_lead, prev_best, prev_best_seat, prev_last, prev_cap, ended, auto = entry
        if ended:
            self._results.pop()
        if auto >= 0:
            insort(self._live[p], auto)
            self._count[p][self._suit[p][auto]] += 1
            self._sleeve[p] = -1
        if prev_cap >= 0:
            cards, seats, positions, w = self._last  # type: ignore[misc]
            self._tricks[w] -= 1
            self._captured[w] = prev_cap
            self._tc = list(cards[:-1])
            self._ts = list(seats[:-1])
            self._tp = list(positions[:-1])
            self._last = prev_last
        else:
            self._tc.pop()
            self._ts.pop()
            self._tp.pop()
        self._lead = prev_lead
        self._best = prev_best
        self._best_seat = prev_best_seat
        insort(self._live[p], action)
        self._count[p][self._suit[p][action]] += 1
        self._plays -= 1
        self._to_move = p
        self._after = -1
        self._phase = _PLAY
        return ACTIONS[action]

    def action_string(self, action: int) -> str:
        """An action in words for the player to move (no value: nobody knows it)."""
        act = Action.of(action)
        pos = act.position
        if pos is None:
            return "keep the sleeve empty for now"
        p = self._to_move
        card = f"your {ordinal(pos + 1)} card (a {_SUITS[self._suit[p][pos]].singular})"
        return f"play {card}" if act < HAND_SIZE else f"put {card} up your sleeve"

    # ------------------------------------------------------------------ views

    def view(self, seat: int) -> View:
        """What ``seat`` sees: what everybody sees, and its legal actions when the
        decision is its own."""
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < NUM_PLAYERS:
            raise ValueError(f"there is no seat {seat!r}: seats are 0 to {NUM_PLAYERS - 1}")
        return self._view(seat)

    def public_view(self) -> View:
        """What everybody sees (a spectator, a log): the view made for nobody, with no
        legal actions."""
        return self._view(None)

    def _view(self, seat: int | None) -> View:
        deal_ = self._deal
        seats = []
        for p in range(NUM_PLAYERS):
            live = set(self._live[p])
            sl = self._sleeve[p]
            spots = []
            for i, c in enumerate(deal_[p]):
                if i in live:
                    spots.append(Spot(i, _SUITS[c >> 3], Place.HAND, None))
                elif i == sl:
                    spots.append(Spot(i, _SUITS[c >> 3], Place.SLEEVE, c))
                else:
                    spots.append(Spot(i, _SUITS[c >> 3], Place.PLAYED, c))
            seats.append(
                SeatView(
                    name=self._names[p],
                    spots=tuple(spots),
                    bid=deal_[p][sl] & 7 if sl >= 0 else None,
                    tricks=self._tricks[p],
                    captured=self.captured(p),
                )
            )
        plays: tuple[PlayOption, ...] = ()
        if self._phase is _PLAY:
            p = self._to_move
            options = []
            for i in self._live[p]:
                reason = self.illegal_reason(ACTIONS[i])
                options.append(PlayOption(i, _SUITS[self._suit[p][i]], reason is None, reason))
            plays = tuple(options)
        last = self._last
        return View(
            viewer=seat,
            players=self._names,
            first_player=self._first,
            hand=self._hand + 1,
            starter=self._starter,
            phase=self._phase,
            current_player=self.current_player,
            seats=tuple(seats),
            trick=self.current_trick(),
            led=self.led_suit,
            last_trick=(
                tuple(TrickCard(s, i, c) for c, s, i in zip(last[0], last[1], last[2]))
                if last is not None
                else ()
            ),
            last_winner=last[3] if last is not None else None,
            trick_number=self.trick_number,
            turns=self.turns(),
            results=tuple(self._results),
            past=tuple(self._past),
            plays=plays,
            legal_actions=(
                tuple(self.legal_actions())
                if seat is not None and seat == self.current_player
                else ()
            ),
        )

    # ------------------------------------------------------------------ copies

    def clone(self) -> MagicTrickState:
        """An independent copy (cheap enough for thousands of simulations)."""
        other = MagicTrickState.__new__(MagicTrickState)
        other._names = self._names
        other._first = self._first
        other._seed = self._seed
        other._hand = self._hand
        other._starter = self._starter
        other._deal = self._deal  # never mutated within a hand
        other._suit = self._suit
        other._live = [h[:] for h in self._live]
        other._count = [c[:] for c in self._count]
        other._sleeve = self._sleeve[:]
        other._tc = self._tc[:]
        other._ts = self._ts[:]
        other._tp = self._tp[:]
        other._lead = self._lead
        other._best = self._best
        other._best_seat = self._best_seat
        other._tricks = self._tricks[:]
        other._captured = self._captured[:]
        other._last = self._last
        other._to_move = self._to_move
        other._after = self._after
        other._phase = self._phase
        other._plays = self._plays
        other._history = self._history[:]
        other._results = self._results[:]
        other._past = self._past[:]
        return other

    def key(self) -> tuple[Any, ...]:
        """Everything the state holds, as a comparable value (undo history included)."""
        return tuple(getattr(self, name) for name in _KEY)

    def __repr__(self) -> str:
        return (
            f"<MagicTrickState {', '.join(self._names)}: hand {self._hand + 1}, "
            f"{self._phase.value}, {self._plays} cards played>"
        )


_KEY = Table.__slots__ + MagicTrickState.__slots__


if TYPE_CHECKING:  # mypy checks that the state keeps the contract of every game
    from ...contract import State

    _CONTRACT: type[State[Action, Event, View]] = MagicTrickState

__all__ = [
    "MagicTrickState",
    "deal",
    "deal_problem",
    "decide_winners",
    "score_hand",
]
