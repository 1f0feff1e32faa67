"""Determinization: full match states consistent with what one seat has seen.

OpenSpiel calls this ``ResampleFromInfostate``. From ``view.viewer``'s seat the cards
whose place is unknown are the opponent's hand, the opponent's face-down discards and
the DECK; their sizes are public. What the seat knows about them:

* cards the seat gave the opponent (same-suit payments, face up) went to the opponent's
  hand; unless played since, each is still there or was among a later face-down discard
  of the opponent (the seat cannot tell which);
* a void: when the opponent did not follow the led suit, they held no card of it at that
  moment. A card dealt to them (or received before) cannot be of that suit if it was
  still in their hand then; cards they received later may be;
* the DECK (4 cards) was never in anyone's hand; the opponent's face-down discards were
  in their hand until the payment that discarded them.

Each hidden card gets a place (hand, one of the discards, DECK) that keeps all of this
true, chosen at random: the most constrained places are filled first (the hand, then the
discards from the latest, then the DECK), which is exact for dealt cards (their allowed
places are nested) and retried when received cards get in the way; if random filling
keeps failing, a bipartite matching finds a consistent assignment. Two things a payment
reveals are not used: that a face-down discard had to be a legal payment (its total), and
what a payment says about the dots left in the payer's hand. A sampled world may
therefore hold discards that break the payment rule; its view is exactly the seat's.

The world is rebuilt by replaying the current game (unchecked) from the deal that the
sampled places imply, so it has the undo history of this game; earlier games keep only
their results (such a world has no record: :func:`~.record.to_record` refuses it).
``determinize(view, rng).view(view.viewer) == view`` always holds.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from .actions import PAY_NOTHING, PLAYS, STRENGTHS, Action, Pay
from .cards import FULL_DECK, Card
from .state import MatchState
from .views import GameLog, PlayerView

__all__ = ["Determinizer", "determinize"]

_TRIES = 30


@dataclass(frozen=True, slots=True)
class _Place:
    """Where hidden cards go: ``size`` of them, allowed by ``allowed``."""

    name: str
    """One of "hand", "deck" and "discard"."""
    size: int
    trick: int
    """The trick whose payment it is (discards), else -1."""
    allowed: frozenset[Card]


class Determinizer:
    """Samples full states consistent with one view; the analysis is done once."""

    __slots__ = ("view", "_places", "_hidden", "_me", "_opp")

    def __init__(self, view: PlayerView) -> None:
        if view.viewer is None or view.hand is None or view.discards is None:
            raise ValueError("determinize a seat's view, not the public view")
        self.view = view
        me = view.viewer
        opp = 1 - me
        self._me = me
        self._opp = opp
        tricks = view.tricks
        # Cards whose place the seat knows: own hand and discards, strength and played
        # cards; the last face-up transfer of each given card says who received it.
        known: set[Card] = set(view.hand) | set(view.discards) | set(view.strength)
        played: set[Card] = set(view.strength)
        last_to: dict[Card, tuple[int, int]] = {}
        for i, t in enumerate(tricks):
            played.add(t.lead)
            if t.follow is not None:
                played.add(t.follow)
            if t.cards is not None and not t.face_down and t.winner is not None:
                for c in t.cards:
                    last_to[c] = (t.winner, i)
        known |= played
        received = {c: i for c, (seat, i) in last_to.items() if seat == opp and c not in played}
        known_not_opp = known - set(received)
        dealt_hidden = [c for c in FULL_DECK if c not in known_not_opp and c not in received]
        # Voids: (trick index, suit) where the opponent did not follow.
        voids: list[tuple[int, int]] = []
        for i, t in enumerate(tricks):
            if t.follow is not None and t.leader == me and t.follow >> 4 != t.lead >> 4:
                voids.append((i, t.lead >> 4))
        now = len(tricks)

        def fits(card: Card, arrive: int, leave: int) -> bool:
            suit = card >> 4
            return not any(s == suit and arrive <= i <= leave for i, s in voids)

        def allowed(leave: int) -> frozenset[Card]:
            ok = [c for c in dealt_hidden if fits(c, 0, leave)]
            ok += [c for c, r in received.items() if r < leave and fits(c, r + 1, leave)]
            return frozenset(ok)

        places = [_Place("hand", view.hand_sizes[opp], -1, allowed(now))]
        for i in range(len(tricks) - 1, -1, -1):
            t = tricks[i]
            if t.face_down and t.paid and t.winner == me:
                places.append(_Place("discard", t.paid, i, allowed(i)))
        places.append(_Place("deck", view.deck_size, -1, frozenset(dealt_hidden)))
        hidden = dealt_hidden + sorted(received)
        if sum(p.size for p in places) != len(hidden):
            raise ValueError(
                "the view is inconsistent: "
                f"{sum(p.size for p in places)} hidden places for {len(hidden)} hidden cards"
            )
        self._places = places
        self._hidden = hidden

    def _assign(self, rng: random.Random) -> list[list[Card]]:
        places = self._places
        for _ in range(_TRIES):
            free = set(self._hidden)
            chosen: list[list[Card]] = []
            for place in places:
                pool = sorted(free & place.allowed)
                if len(pool) < place.size:
                    break
                pick = rng.sample(pool, place.size)
                free.difference_update(pick)
                chosen.append(pick)
            else:
                return chosen
        return self._match(rng)

    def _match(self, rng: random.Random) -> list[list[Card]]:
        """A consistent assignment by bipartite matching (Kuhn), in a random order."""
        slots = [k for k, place in enumerate(self._places) for _ in range(place.size)]
        cards = self._hidden[:]
        rng.shuffle(cards)
        owner: dict[int, Card] = {}

        def augment(card: Card, seen: set[int]) -> bool:
            for s in order:
                if s in seen or card not in self._places[slots[s]].allowed:
                    continue
                seen.add(s)
                if s not in owner or augment(owner[s], seen):
                    owner[s] = card
                    return True
            return False

        order = list(range(len(slots)))
        for card in cards:
            rng.shuffle(order)
            if not augment(card, set()):
                raise ValueError("the view is inconsistent: no deal fits what was seen")
        chosen: list[list[Card]] = [[] for _ in self._places]
        for s, card in owner.items():
            chosen[slots[s]].append(card)
        return chosen

    def _dealt(
        self, opp_hand: set[Card], discards: dict[int, list[Card]]
    ) -> tuple[list[set[Card]], list[tuple[Card, ...] | None]]:
        """The game undone backwards from today's hands to the deal: the hands dealt, and
        each trick's payment (None: none made)."""
        view = self.view
        me, opp = self._me, self._opp
        assert view.hand is not None
        hands: list[set[Card]] = [set(), set()]
        hands[me] = set(view.hand)
        hands[opp] = opp_hand
        pays: list[tuple[Card, ...] | None] = []
        for i in range(len(view.tricks) - 1, -1, -1):
            t = view.tricks[i]
            pay: tuple[Card, ...] | None = None
            if t.paid is not None and t.winner is not None:
                loser = 1 - t.winner
                if t.face_down:
                    pay = t.cards if loser == me else tuple(discards.get(i, ()))
                else:
                    pay = t.cards
                    hands[t.winner].difference_update(pay or ())
                hands[loser].update(pay or ())
            pays.append(pay)
            if t.follow is not None:
                hands[1 - t.leader].add(t.follow)
            hands[t.leader].add(t.lead)
        pays.reverse()
        for k, card in enumerate(view.strength):
            hands[view.lead if k == 0 else 1 - view.lead].add(card)
        return hands, pays

    def sample(self, rng: random.Random) -> MatchState:
        """A full state consistent with the view, the hidden cards placed by ``rng``."""
        view = self.view
        assert view.hand is not None and view.discards is not None
        chosen = self._assign(rng)
        opp_hand: set[Card] = set()
        deck: list[Card] = []
        discards: dict[int, list[Card]] = {}
        for place, cards in zip(self._places, chosen):
            if place.name == "hand":
                opp_hand.update(cards)
            elif place.name == "deck":
                deck.extend(cards)
            else:
                discards[place.trick] = sorted(cards)
        hands, pays = self._dealt(opp_hand, discards)
        world = MatchState(
            view.players,
            first_lead=view.lead,
            cards=([sorted(hands[0]), sorted(hands[1])], sorted(deck)),
        )
        earlier = view.results[: view.chapter - 1]
        wins = [0, 0]
        for r in earlier:
            if r.winner is not None:
                wins[r.winner] += 1
        world._first = earlier[0].lead if earlier else view.lead
        world._results = list(earlier)
        world._wins = wins
        world._logs = [GameLog(r.lead, ((), ()), (), [], []) for r in earlier] + [world._log]
        world._seed = rng.getrandbits(64)
        world._sampled = True
        push = world.push
        for action in _actions(view, pays):
            push(action)
        return world


def _actions(view: PlayerView, pays: list[tuple[Card, ...] | None]) -> list[Action]:
    """The actions of the game in ``view`` so far, the payments as sampled (``pays``)."""
    actions: list[Action] = [STRENGTHS[c] for c in view.strength]
    for t, pay in zip(view.tricks, pays):
        actions.append(PLAYS[t.lead])
        if t.follow is not None:
            actions.append(PLAYS[t.follow])
        if pay is not None:
            actions.append(Pay(pay) if pay else PAY_NOTHING)
    return actions


def determinize(view: PlayerView, rng: random.Random) -> MatchState:
    """A full match state consistent with ``view``, hidden cards placed at random.

    ``determinize(view, rng).view(view.viewer) == view`` always holds.
    """
    return Determinizer(view).sample(rng)
