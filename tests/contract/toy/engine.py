"""Little Tricks, a toy trick-taking game that lives only in the tests: its rules, and
nothing else, written against the common contract (:mod:`monstertrick.games.contract`).

Twelve cards, two suits (``A`` and ``B``) of values 1 to 6. Each of two or three players
is dealt three cards face down; the rest stay out. The first player leads; the others
must follow the suit led if they can; the highest card of the suit led wins the trick,
and its winner leads the next. Two rounds (chapters) of three tricks; the most tricks
win, a tie shares the win. Pure: no I/O, no global random state.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from monstertrick.errors import IllegalMoveError, InvalidMoveError
from monstertrick.games.common.state import not_their_turn

SUITS = "AB"
VALUES = range(1, 7)
HAND_SIZE = 3
ROUNDS = 2


@dataclass(frozen=True, slots=True, order=True)
class Card:
    suit: str
    value: int

    def __str__(self) -> str:
        return f"{self.suit}{self.value}"


DECK = tuple(Card(s, v) for s in SUITS for v in VALUES)


@dataclass(frozen=True, slots=True)
class Play:
    """Play ``card`` (written ``play A3``)."""

    card: Card

    def __str__(self) -> str:
        return f"play {self.card}"


def parse_card(text: str) -> Card:
    for card in DECK:
        if str(card) == text:
            return card
    raise InvalidMoveError(f"{text[:20]!r} is not a card: write a suit (A or B) and 1 to 6")


def parse_action(text: str) -> Play:
    word, _, card = text.partition(" ")
    if word != "play":
        raise InvalidMoveError(f"{text[:20]!r} is not an action: write 'play' and a card")
    return Play(parse_card(card))


@dataclass(frozen=True, slots=True)
class Played:
    """An event: ``seat`` played ``card``."""

    seat: int
    card: Card

    def describe(self, names: Sequence[str]) -> str:
        return f"{names[self.seat]} played {self.card}."


@dataclass(frozen=True, slots=True)
class TrickTaken:
    seat: int

    def describe(self, names: Sequence[str]) -> str:
        return f"{names[self.seat]} took the trick."


Event = Played | TrickTaken


@dataclass(frozen=True, slots=True)
class Outcome:
    scores: tuple[int, ...]
    winners: tuple[int, ...]

    def explain(self, names: Sequence[str]) -> str:
        who = " and ".join(names[w] for w in self.winners)
        verb = "wins" if len(self.winners) == 1 else "share the win"
        return f"{who} {verb} with {max(self.scores)} tricks."


def deal(seed: int | str | None, chapter: int, players: int) -> list[list[Card]]:
    cards = list(DECK)
    random.Random(f"little-tricks/{seed}/{chapter}").shuffle(cards)
    return [sorted(cards[i * HAND_SIZE : (i + 1) * HAND_SIZE]) for i in range(players)]


@dataclass(frozen=True)
class View:
    """What ``viewer`` may know (None: everyone): their own hand, the others' counts."""

    viewer: int | None
    players: tuple[str, ...]
    chapter: int
    current_player: int | None
    hand: tuple[Card, ...] | None
    hand_sizes: tuple[int, ...]
    trick: tuple[tuple[int, Card], ...]
    played: tuple[tuple[int, Card], ...]
    """Every card played this round, in order, with who played it."""
    tricks: tuple[int, ...]
    totals: tuple[int, ...]
    """The tricks of the rounds before (and of this one, once it is over)."""
    legal_actions: tuple[Play, ...]
    decisions: int

    @property
    def deciders(self) -> tuple[int, ...]:
        return () if self.current_player is None else (self.current_player,)

    def decision_key(self) -> tuple[int, int | None]:
        return self.chapter, self.decisions


class LittleTricks:
    """The whole game: every hand, the round so far and the rounds before."""

    def __init__(
        self,
        names: Sequence[str],
        seed: int | str | None = None,
        first_player: int = 0,
        hands: Sequence[Sequence[Card]] | None = None,
    ) -> None:
        if not 2 <= len(names) <= 3:
            raise ValueError("Little Tricks is for 2 or 3 players")
        self.players = tuple(names)
        self.seed = seed
        self.first_player = first_player
        self.deals: list[list[list[Card]]] = []
        self.actions: list[list[Play]] = []
        self.totals = [0] * len(names)
        self._start(hands)

    # ------------------------------------------------------------------ the round

    def _start(self, hands: Sequence[Sequence[Card]] | None) -> None:
        n = len(self.players)
        deal_now = (
            [sorted(h) for h in hands]
            if hands is not None
            else deal(self.seed, len(self.deals) + 1, n)
        )
        self.deals.append(deal_now)
        self.actions.append([])
        self.hands = [list(h) for h in deal_now]
        self.trick: list[tuple[int, Card]] = []
        self.played: list[tuple[int, Card]] = []
        self.tricks = [0] * n
        self.leader = (self.first_player + len(self.deals) - 1) % n
        self.to_move: int | None = self.leader

    @property
    def chapter(self) -> int:
        return len(self.deals)

    @property
    def decisions(self) -> int:
        return len(self.actions[-1])

    @property
    def task(self) -> str:
        return "play" if self.to_move is not None else ""

    @property
    def current_player(self) -> int | None:
        return self.to_move

    @property
    def deciders(self) -> tuple[int, ...]:
        return () if self.to_move is None else (self.to_move,)

    def chapter_over(self) -> bool:
        return self.to_move is None

    def is_over(self) -> bool:
        return self.chapter_over() and self.chapter == ROUNDS

    def next_chapter(self, hands: Sequence[Sequence[Card]] | None = None) -> None:
        if not self.chapter_over() or self.is_over():
            raise IllegalMoveError("a new round is dealt only when one is over and the game is not")
        self._start(hands)

    def outcome(self) -> Outcome | None:
        if not self.is_over():
            return None
        best = max(self.totals)
        return Outcome(tuple(self.totals), tuple(p for p, t in enumerate(self.totals) if t == best))

    # ------------------------------------------------------------------ decisions

    def legal_actions(self) -> list[Play]:
        seat = self.to_move
        if seat is None:
            return []
        hand = self.hands[seat]
        if self.trick:
            led = self.trick[0][1].suit
            follow = [c for c in hand if c.suit == led]
            if follow:
                return [Play(c) for c in follow]
        return [Play(c) for c in hand]

    def illegal_reason(self, action: object) -> str | None:
        if self.to_move is None:
            return "the round is over"
        if not isinstance(action, Play):
            return f"{action!r} is not an action of Little Tricks"
        if action.card not in self.hands[self.to_move]:
            return f"{action.card} is not in {self.players[self.to_move]}'s hand"
        if action not in self.legal_actions():
            return f"{self.players[self.to_move]} must follow suit"
        return None

    def apply(self, action: Play, seat: int | None = None) -> list[Event]:
        if seat is not None and seat != self.to_move:
            raise not_their_turn(self.players, seat)
        reason = self.illegal_reason(action)
        if reason is not None:
            raise IllegalMoveError(reason)
        events: list[Event] = []
        self.push(action, events)
        return events

    def push(
        self, action: Play, events: list[Event] | None = None, seat: int | None = None
    ) -> None:
        seat = self.to_move  # (one seat decides at a time: the ``seat`` given is it)
        assert seat is not None
        self.hands[seat].remove(action.card)
        self.trick.append((seat, action.card))
        self.played.append((seat, action.card))
        self.actions[-1].append(action)
        if events is not None:
            events.append(Played(seat, action.card))
        n = len(self.players)
        if len(self.trick) < n:
            self.to_move = (seat + 1) % n
            return
        led = self.trick[0][1].suit
        winner = max((c.value, s) for s, c in self.trick if c.suit == led)[1]
        self.tricks[winner] += 1
        self.trick = []
        if events is not None:
            events.append(TrickTaken(winner))
        if any(self.hands):
            self.to_move = winner
            return
        self.to_move = None
        for p, t in enumerate(self.tricks):
            self.totals[p] += t

    def history(self) -> tuple[tuple[int, Play], ...]:
        return tuple((seat, Play(card)) for seat, card in self.played)

    def pop(self) -> Play:
        done = self.actions[-1]
        if not done:
            raise IllegalMoveError("there is nothing to undo in this round")
        last = done[-1]
        if self.to_move is None:  # the round was scored: unscore it
            for p, t in enumerate(self.tricks):
                self.totals[p] -= t
        hands = self.deals.pop()
        self.actions.pop()
        self._start(hands)
        for action in done[:-1]:
            self.push(action)
        return last

    def clone(self) -> LittleTricks:
        other = LittleTricks.__new__(LittleTricks)
        other.players = self.players
        other.seed = self.seed
        other.first_player = self.first_player
        other.deals = [[list(h) for h in d] for d in self.deals]
        other.actions = [list(a) for a in self.actions]
        other.totals = list(self.totals)
        other.hands = [list(h) for h in self.hands]
        other.trick = list(self.trick)
        other.played = list(self.played)
        other.tricks = list(self.tricks)
        other.leader = self.leader
        other.to_move = self.to_move
        return other

    # ------------------------------------------------------------------ views

    def view(self, seat: int) -> View:
        return self._view(seat)

    def public_view(self) -> View:
        return self._view(None)

    def _view(self, seat: int | None) -> View:
        mine = seat is not None and seat == self.to_move
        return View(
            viewer=seat,
            players=self.players,
            chapter=self.chapter,
            current_player=self.to_move,
            hand=tuple(self.hands[seat]) if seat is not None else None,
            hand_sizes=tuple(len(h) for h in self.hands),
            trick=tuple(self.trick),
            played=tuple(self.played),
            tricks=tuple(self.tricks),
            totals=tuple(self.totals),
            legal_actions=tuple(self.legal_actions()) if mine else (),
            decisions=self.decisions,
        )


def sample_world(view: View, rng: random.Random) -> LittleTricks:
    """A world the viewer cannot tell from the true one: the cards they have not seen
    dealt at random to the others, each with as many as they hold."""
    assert view.viewer is not None and view.hand is not None
    seen = set(view.hand) | {card for _, card in view.played}
    unseen = [c for c in DECK if c not in seen]
    rng.shuffle(unseen)
    hands: list[list[Card]] = []
    for p, size in enumerate(view.hand_sizes):
        if p == view.viewer:
            hands.append(list(view.hand))
        else:
            hands.append(sorted(unseen[:size]))
            del unseen[:size]
    world = LittleTricks.__new__(LittleTricks)
    world.players = view.players
    world.seed = None
    world.first_player = 0
    world.hands = hands
    # This round's deal as the world has it: each hand with the cards it played.
    played: list[list[Card]] = [[] for _ in view.players]
    for seat, card in view.played:
        played[seat].append(card)
    world.deals = [[] for _ in range(view.chapter - 1)]
    world.deals.append([sorted(h + p) for h, p in zip(hands, played)])
    world.actions = [[] for _ in range(view.chapter - 1)]
    world.actions.append([Play(c) for _, c in view.played])
    world.trick = list(view.trick)
    world.played = list(view.played)
    world.tricks = list(view.tricks)
    world.leader = view.trick[0][0] if view.trick else (view.current_player or 0)
    world.to_move = view.current_player
    world.totals = list(view.totals)
    return world
