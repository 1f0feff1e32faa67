"""The game state: one object that knows the phase, whose turn it is and every card.

Shaped like python-chess's ``Board`` and OpenSpiel's ``State``:

* an action is a :class:`Move` (a card into a slot) or an :class:`Arrange` (a player's VP
  row), both interned values that print (``"G7→2"``, ``"3-1-2"``) and parse back
  (:func:`parse_action`);
* :attr:`GameState.deciders` are the seats that may decide now: while arranging, every
  seat still to lay its VP row (the rows are laid secretly, in any order), else the
  player to play; :attr:`GameState.current_player` is the first of them;
* :meth:`GameState.legal_actions` lists the actions of the player to decide (the six VP
  rows while arranging, the moves while playing; :meth:`GameState.legal_moves` and
  :meth:`GameState.distinct_moves` are the moves alone, the searches' fast path);
* :meth:`GameState.apply` checks an action (of a seat given, or the current player's),
  carries it out and returns the events it caused, raising :class:`IllegalMoveError`
  with the reason in a player's words;
* :meth:`GameState.push` is the fast, unchecked path for simulations;
* :meth:`GameState.pop` undoes the last action of the round (a card with all it did, or
  the VP row laid last) and returns it, like python-chess's ``Board.pop()``;
  :meth:`GameState.history` says who made each decision of the round, in order;
* :meth:`GameState.view` is what one player may see; the UI and the bots read only that;
  :meth:`GameState.public_view` is what the whole table may see;
* :meth:`GameState.clone` is a cheap copy.

Each rule is written once, here: the VP card a count of tricks turns up and scores
(:func:`vp_position`), taking a trick over (:func:`takes_over`), the VP rows of a round
(:data:`VP_ORDERS`, :func:`is_vp_row`) and the final ranking (:func:`standings`); the
fast paths use tables built from these functions.

Internally hands are sorted lists of interned :class:`Card` ints, and the colours that
open the four slots are folded into one small integer (``_cfg``) that indexes a table of
legal slots per colour, so a move costs a handful of list operations.
"""

from __future__ import annotations

import random
from collections.abc import Container, Iterable, Sequence
from dataclasses import dataclass
from itertools import chain

from ...common.outcome import break_ties
from ...common.state import Table, not_their_turn
from .actions import (
    _ARRANGES,
    ARRANGEMENTS,
    MOVES,
    VP_ORDERS,
    Action,
    Arrange,
    Move,
    _shown,
)
from .cards import (
    CARDS,
    HAND_SIZE,
    MAX_PLAYERS,
    MIN_PLAYERS,
    NUM_ROUNDS,
    NUM_SLOTS,
    TRICK_SIZE,
    VP_SETS,
    Card,
    Colour,
    deck,
)
from .errors import IllegalMoveError, InvalidMoveError
from .events import (
    Arranged,
    CardPlayed,
    Event,
    GameOver,
    Outcome,
    RoundScored,
    TrickTakenOver,
    TrickWon,
    VPCardTurned,
)
from .views import Phase, PlayedCard, PlayerView, PublicView, TrickView

_PLAYING = Phase.PLAYING


_POW5 = (1, 5, 25, 125)
#: What opening a slot in a colour adds to the table configuration: _OPEN[colour][slot].
_OPEN = tuple(tuple((colour + 1) * _POW5[s] for s in range(4)) for colour in range(4))
_chain = chain.from_iterable


def _build_legal_table() -> list[tuple[tuple[int, ...], ...]]:
    """For each table configuration, the legal slots of a card of each colour.

    A configuration is ``sum((lead[s] + 1) * 5**s)`` with ``lead[s] == -1`` for an
    empty slot. This is the colour rule of RULES.md, written once.
    """
    table = []
    for cfg in range(5**NUM_SLOTS):
        leads = [(cfg // _POW5[s]) % 5 - 1 for s in range(NUM_SLOTS)]
        per_colour = []
        for colour in range(4):
            own = tuple(s for s in range(NUM_SLOTS) if leads[s] < 0 or leads[s] == colour)
            per_colour.append(own or tuple(s for s in range(NUM_SLOTS) if leads[s] >= 0))
        table.append(tuple(per_colour))
    return table


_LEGAL = _build_legal_table()


def distinct_slots(slots: Iterable[int], empty: Container[int]) -> tuple[int, ...]:
    """``slots`` (one card's legal slots, in order) with equivalent ones merged: the
    ``empty`` slots are interchangeable — a card opens the same new trick in any of
    them — so only the first empty one is kept. What a search needs to consider."""
    out: list[int] = []
    opened = False
    for s in slots:
        if s in empty:
            if opened:
                continue
            opened = True
        out.append(s)
    return tuple(out)


def _build_distinct_table() -> list[tuple[tuple[int, ...], ...]]:
    """:data:`_LEGAL` with equivalent slots merged (:func:`distinct_slots`)."""
    table = []
    for cfg, per_colour in enumerate(_LEGAL):
        empty = {s for s in range(NUM_SLOTS) if (cfg // _POW5[s]) % 5 == 0}
        table.append(tuple(distinct_slots(slots, empty) for slots in per_colour))
    return table


_DISTINCT = _build_distinct_table()

#: Per table configuration, per card code, the card's legal moves (filled lazily).
_LEGAL_MOVES: list[list[tuple[Move, ...]] | None] = [None] * len(_LEGAL)
#: The same with equivalent moves merged (filled lazily).
_DISTINCT_MOVES: list[list[tuple[Move, ...]] | None] = [None] * len(_LEGAL)


def _moves_table(
    cfg: int,
    slots: list[tuple[tuple[int, ...], ...]],
    cache: list[list[tuple[Move, ...]] | None],
) -> list[tuple[Move, ...]]:
    """Per card code, its moves in configuration ``cfg`` from a table of slots per
    colour (:data:`_LEGAL` or :data:`_DISTINCT`), built once into ``cache``."""
    table = cache[cfg]
    if table is None:
        per_colour = slots[cfg]
        table = [tuple(MOVES[code][s] for s in per_colour[code >> 4]) for code in range(64)]
        cache[cfg] = table
    return table


VP_POSITION_RULE = "(tricks − 1) mod 3"
"""The scoring rule of :func:`vp_position`, in the words the screens show."""


def vp_position(tricks: int) -> int | None:
    """Which VP card (0 left, 1 middle, 2 right) a count of tricks scores; None for 0.

    This is the rule ``(tricks - 1) mod 3`` of RULES.md, written once: the face-up VP
    card after a trick and the card scored at the end of a round are both at this
    position.
    """
    return (tricks - 1) % 3 if tricks > 0 else None


def vp_scored(tricks: int, arrangement: Sequence[int]) -> int:
    """The VP a player scores with ``tricks`` tricks and this VP row (0 for no trick)."""
    pos = vp_position(tricks)
    return 0 if pos is None else arrangement[pos]


def tricks_scoring(position: int, most: int) -> tuple[int, ...]:
    """The trick counts from 1 to ``most`` that score the VP card at ``position``."""
    return tuple(t for t in range(1, most + 1) if vp_position(t) == position)


def row_scoring(target: int, vps: Sequence[int]) -> tuple[int, int, int]:
    """The VP row that scores the highest of ``vps`` with ``target`` tricks, the middle
    one with one trick more and the lowest with one trick less (``target`` >= 1)."""
    low, mid, high = sorted(vps)
    row = [0, 0, 0]
    # One trick less scores the same position as two more (target + 2 is never 0).
    for tricks, value in ((target, high), (target + 1, mid), (target + 2, low)):
        pos = vp_position(tricks)
        assert pos is not None
        row[pos] = value
    return (row[0], row[1], row[2])


def is_vp_row(row: Sequence[object], vps: Sequence[int]) -> bool:
    """Is ``row`` an order of the VP cards ``vps`` (three ints, each card once)?"""
    return (
        len(row) == 3 and all(type(v) is int for v in row) and sorted(row) == sorted(vps)  # type: ignore[type-var]
    )


def takes_over(card: int, lead: int, high: int) -> bool:
    """Does ``card`` take over a trick opened in colour ``lead`` whose highest card of
    that colour has value ``high``? Only a higher card of the opening colour does."""
    return card >> 4 == lead and card & 15 > high


#: The cards that take a trick over, per opening colour and highest value so far
#: (``card in _TAKERS[lead][high]``): :func:`takes_over` as a table for the fast paths.
_TAKERS: tuple[tuple[frozenset[int], ...], ...] = tuple(
    tuple(frozenset(c for c in range(64) if takes_over(c, lead, high)) for high in range(16))
    for lead in range(4)
)


def standing_key(round_scores: Sequence[Sequence[int]], player: int) -> tuple[int, int, int]:
    """How RULES.md ranks players: total, then round 3, then round 2 (lower is better)."""
    total = sum(r[player] for r in round_scores)
    r3 = round_scores[2][player] if len(round_scores) > 2 else 0
    r2 = round_scores[1][player] if len(round_scores) > 1 else 0
    return (-total, -r3, -r2)


def standings(round_scores: Iterable[Sequence[int]]) -> tuple[int, ...]:
    """The seats from first to last place by :func:`standing_key` (tied seats in seat
    order)."""
    rounds = [tuple(r) for r in round_scores]
    return tuple(sorted(range(len(rounds[0])), key=lambda p: (standing_key(rounds, p), p)))


def deal(num_players: int, seed: int | str, round_index: int) -> list[list[Card]]:
    """The seeded deal of one round: the same seed and round give the same hands."""
    rng = random.Random(f"monstertrick/{seed}/{round_index}")
    draw = rng.random
    cards = deck(num_players)
    cards.sort(key=lambda _card: draw())
    return [sorted(cards[p * HAND_SIZE : (p + 1) * HAND_SIZE]) for p in range(num_players)]


_PublicFields = tuple[
    tuple[str, ...],
    Phase,
    int,
    int,
    int | None,
    tuple[int, int, int],
    tuple[bool, ...],
    tuple[int, ...],
    tuple[TrickView | None, ...],
    tuple[PlayedCard, ...],
    tuple[int, ...],
    tuple[tuple[int, int] | None, ...],
    tuple[tuple[int | None, int | None, int | None], ...],
    tuple[tuple[int, ...], ...],
    tuple[tuple[int, int, int], ...] | None,
]
"""The values of :class:`PublicView`'s fields, in their order."""


class GameState(Table[Phase]):
    """A game of Monster Trick from the first deal to the final standings."""

    __slots__ = (
        "_n",
        "_round",
        "_starter",
        "_to_move",
        "_turn",
        "_hands",
        "_arr",
        "_cards",
        "_lead",
        "_high",
        "_holder",
        "_cfg",
        "_tricks",
        "_log",
        "_moves",
        "_results",
        "_arranged",
        "_order",
    )

    def __init__(
        self,
        players: Sequence[str],
        *,
        seed: int | str | None = None,
        first_player: int = 0,
        hands: Sequence[Sequence[Card]] | None = None,
    ) -> None:
        """Start a game: round 1 is dealt and players are arranging.

        Give ``seed`` to deal every round from it, or ``hands`` to deal round 1 by hand
        (later rounds then need hands too, or a seed).
        """
        names = self._open(
            players,
            range(MIN_PLAYERS, MAX_PLAYERS + 1),
            seed,
            first_player,
            hands,
            game="Monster Trick",
        )
        self._n = len(names)
        self._round = -1
        self._results: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
        self._log: list[RoundLog] = []
        self._start_round(hands)

    # ------------------------------------------------------------------ basics

    @property
    def num_players(self) -> int:
        return self._n

    @property
    def round(self) -> int:
        """The current round, 1-based."""
        return self._round + 1

    @property
    def starting_player(self) -> int:
        return self._starter

    @property
    def vp_set(self) -> tuple[int, int, int]:
        return VP_SETS[self._round]

    @property
    def current_player(self) -> int | None:
        """Who must act: the player to play, or the next player still to arrange
        (clockwise from the starting player: see :meth:`lay_rows` for a record's); None
        when the round or game is over."""
        if self._phase is Phase.PLAYING:
            return self._to_move
        if self._phase is Phase.ARRANGING:
            for p in self._order:
                if self._arr[p] is None:
                    return p
        return None

    @property
    def deciders(self) -> tuple[int, ...]:
        """The seats that may decide now: while arranging, every seat still to lay its VP
        row, in turn order from the round's starting player (the rows are laid secretly,
        in any order; one keyboard asks for them in this order); while playing, the
        player to play; none when the round or the game is over."""
        phase = self._phase
        if phase is _PLAYING:
            return (self._to_move,)
        if phase is Phase.ARRANGING:
            arr = self._arr
            return tuple(p for p in self._order if arr[p] is None)
        return ()

    @property
    def task(self) -> str:
        """What the current player decides: ``"arrange"`` (their VP row) or ``"play"`` (a
        card); ``""`` when nobody does (the round or the game is over). Every seat of
        :attr:`deciders` decides the same."""
        phase = self._phase
        return "play" if phase is _PLAYING else "arrange" if phase is Phase.ARRANGING else ""

    @property
    def chapter(self) -> int:
        """The round in play, 1-based: the part of the game the table pauses after."""
        return self._round + 1

    @property
    def decisions(self) -> int:
        """The decisions made in this round so far (VP rows laid out and cards played):
        what :meth:`pop` can take back."""
        return self._turn + sum(a is not None for a in self._arr)

    @property
    def turn(self) -> int:
        """Cards played so far this round."""
        return self._turn

    def hand(self, player: int) -> tuple[Card, ...]:
        """A player's hand, sorted (full knowledge: use :meth:`view` for a player)."""
        return tuple(self._hands[player])

    def arrangement(self, player: int) -> tuple[int, int, int] | None:
        return self._arr[player]

    def tricks_won(self) -> tuple[int, ...]:
        return tuple(self._tricks)

    def table(self) -> tuple[TrickView | None, ...]:
        """The four slots: an open trick (with who played each card) or None."""
        return self._table(self._played())

    def _played(self) -> list[PlayedCard]:
        n = self._n
        played = []
        who = self._starter
        for m in self._moves:
            played.append(PlayedCard(who, m.card, m.slot))
            who = who + 1 if who + 1 < n else 0
        return played

    def _table(self, played: Sequence[PlayedCard]) -> tuple[TrickView | None, ...]:
        by_slot: list[list[int]] = [[], [], [], []]
        for pc in played:
            by_slot[pc.slot].append(pc.player)
        return tuple(
            TrickView(
                s,
                tuple(self._cards[s]),
                Colour(self._lead[s]),
                self._holder[s],
                tuple(by_slot[s][-len(self._cards[s]) :]),
            )
            if self._lead[s] >= 0
            else None
            for s in range(NUM_SLOTS)
        )

    def face_up(self, player: int) -> tuple[int, int] | None:
        """``(position, value)`` of the player's face-up VP card, or None."""
        pos = vp_position(self._tricks[player])
        arr = self._arr[player]
        if pos is None or arr is None:
            return None
        return (pos, arr[pos])

    def vp_seen(self, player: int) -> tuple[int | None, int | None, int | None]:
        """The player's VP cards that have been face up this round (None: not yet)."""
        arr = self._arr[player]
        shown = min(self._tricks[player], 3)
        if arr is None:
            return (None, None, None)
        return (
            arr[0] if shown > 0 else None,
            arr[1] if shown > 1 else None,
            arr[2] if shown > 2 else None,
        )

    def round_scores(self) -> tuple[tuple[int, ...], ...]:
        return tuple(scores for _, scores in self._results)

    def round_results(self) -> tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]:
        """``(tricks, scores)`` per finished round."""
        return tuple(self._results)

    def totals(self) -> tuple[int, ...]:
        return tuple(sum(s[p] for _, s in self._results) for p in range(self._n))

    def chapter_over(self) -> bool:
        """The round's play is over (its scores still to be shown, or the game over)."""
        return self._phase is Phase.ROUND_OVER or self._phase is Phase.GAME_OVER

    def is_over(self) -> bool:
        return self._phase is Phase.GAME_OVER

    def outcome(self) -> Outcome | None:
        """Totals, winners and the tie-break applied, once the game is over."""
        if self._phase is not Phase.GAME_OVER:
            return None
        return decide_winners([s for _, s in self._results])

    @property
    def log(self) -> tuple[RoundLog, ...]:
        """What happened, round by round: deals, VP rows and moves (for records)."""
        return tuple(self._log)

    # ------------------------------------------------------------------ rounds

    def _start_round(self, hands: Sequence[Sequence[Card]] | None) -> None:
        self._round += 1
        n = self._n
        if hands is None:
            if self._seed is None:
                raise ValueError("this game has no seed: give the hands for the next round")
            dealt = deal(n, self._seed, self._round)
        else:
            dealt = check_deal(n, hands)
        self._phase = Phase.ARRANGING
        self._starter = (self._first + self._round) % n
        self._to_move = self._starter
        self._turn = 0
        self._hands = [list(h) for h in dealt]
        self._arr: list[tuple[int, int, int] | None] = [None] * n
        self._arranged: list[int] = []
        """Who arranged, in the order they did (for :meth:`pop`)."""
        self._order = self._clockwise()
        """The order in which the seats are asked for their VP rows."""
        self._cards: list[list[Card]] = [[], [], [], []]
        self._lead = [-1, -1, -1, -1]
        self._high = [0, 0, 0, 0]
        self._holder = [-1, -1, -1, -1]
        self._cfg = 0
        self._tricks = [0] * n
        self._moves: list[Move] = []
        self._log.append(RoundLog(tuple(tuple(h) for h in dealt), self._arr, self._moves))

    def next_chapter(self, hands: Sequence[Sequence[Card]] | None = None) -> None:
        """Deal the next round (from the seed, or the given hands)."""
        if self._phase is not Phase.ROUND_OVER:
            raise IllegalMoveError(
                "the next round can only be dealt when this round is over"
                if self._phase is not Phase.GAME_OVER
                else "the game is over: there is no next round"
            )
        self._start_round(hands)

    def legal_arrangements(self) -> list[tuple[int, int, int]]:
        """The six orders of this round's VP cards, as rows."""
        return list(VP_ORDERS[self._round])

    def arrange(self, player: int, order: Sequence[int]) -> list[Event]:
        """Lay out ``player``'s VP cards left to right, e.g. ``(3, 1, 2)``: checked, like
        :meth:`apply`, but for any player still to arrange, in any order (the rules have
        them arrange at the same time; play asks for the rows one by one,
        :attr:`current_player`)."""
        if self._phase is not Phase.ARRANGING:
            raise IllegalMoveError("VP cards are arranged before the first card of a round")
        if not isinstance(player, int) or not 0 <= player < self._n:
            raise IllegalMoveError(f"there is no player {player!r} at this table")
        name = self._names[player]
        if self._arr[player] is not None:
            raise IllegalMoveError(f"{name} has already arranged their VP cards this round")
        vps = VP_SETS[self._round]
        got = tuple(order)
        if not is_vp_row(got, vps):
            raise IllegalMoveError(
                f"{name} must lay out the VP cards {vps[0]}, {vps[1]} and {vps[2]} "
                f"once each, not {', '.join(map(str, got)) or 'nothing'}"
            )
        events: list[Event] = []
        self._lay(player, (got[0], got[1], got[2]), events)
        return events

    def lay_rows(self, rows: Sequence[Sequence[int] | None]) -> list[Event]:
        """Lay out a round's VP rows as its record keeps them, one per seat (None for a
        seat still to arrange), checked like :meth:`arrange`, before anything else of
        the round: in the order play asks for them, clockwise from the starting player.
        So a game read from its record is the game played: :meth:`pop` takes the rows
        back last first, each seat then the one to decide (and when only some rows are
        laid, those seats are asked first, then the others clockwise)."""
        if self._phase is not Phase.ARRANGING or self._arranged:
            raise IllegalMoveError("a record's VP rows are laid out before anything else")
        if len(rows) != self._n:
            raise IllegalMoveError(f"a round has one VP row per player ({self._n})")
        seats = self._clockwise()
        self._order = tuple(sorted(seats, key=lambda p: rows[p] is None))
        events: list[Event] = []
        for p in self._order:
            row = rows[p]
            if row is not None:
                events += self.arrange(p, row)
        return events

    def _clockwise(self) -> tuple[int, ...]:
        """The seats clockwise from the round's starting player: the order in which
        play asks for the VP rows."""
        return tuple((self._starter + i) % self._n for i in range(self._n))

    def _lay(self, player: int, row: tuple[int, int, int], events: list[Event] | None) -> None:
        """Lay out ``player``'s VP row, unchecked."""
        self._arr[player] = row
        self._arranged.append(player)
        if None not in self._arr:
            self._phase = Phase.PLAYING
        if events is not None:
            events.append(Arranged(player))

    # ------------------------------------------------------------------ actions

    def legal_actions(self) -> Sequence[Action]:
        """The actions of the player to decide (:attr:`current_player`): the six
        arrangements of this round's VP cards while arranging (:data:`ARRANGEMENTS`), the
        legal moves while playing (:meth:`legal_moves`); none once the round is over."""
        if self._phase is Phase.ARRANGING:
            return ARRANGEMENTS[self._round]
        return self.legal_moves()

    def apply(self, action: Action, seat: int | None = None) -> list[Event]:
        """Check and carry out a decision of ``seat`` (by default the current player): a
        VP row while arranging (of any seat still to lay one), a move while playing;
        return what happened. Raises :class:`IllegalMoveError` with the reason in a
        player's words (nothing changes) when the rules do not allow it or it is not
        ``seat``'s decision, :class:`InvalidMoveError` for something that is not an
        action at all."""
        if seat is not None and seat != self.current_player:
            self._check_decider(seat)
            if isinstance(action, Arrange):
                return self.arrange(seat, action.row)
        if isinstance(action, Move):
            return self.play(action)
        if not isinstance(action, Arrange):
            raise InvalidMoveError(
                f"{_shown(action)} is not an action of Monster Trick: give a Move or an Arrange"
            )
        player = self.current_player
        if player is None:
            raise IllegalMoveError(
                "the game is over"
                if self._phase is Phase.GAME_OVER
                else "the round is over: VP cards are arranged once the next one is dealt"
            )
        if self._phase is not Phase.ARRANGING:
            raise IllegalMoveError("VP cards are arranged before the first card of a round")
        return self.arrange(player, action.row)

    def _check_decider(self, seat: int) -> None:
        """Raise :class:`IllegalMoveError` unless ``seat`` may decide now."""
        if seat in self.deciders:
            return
        if self._phase is Phase.ARRANGING and seat in range(self._n):
            name = self._names[seat]
            raise IllegalMoveError(f"{name} has already arranged their VP cards this round")
        raise not_their_turn(self._names, seat)

    # ------------------------------------------------------------------ moves

    def legal_moves(self) -> list[Move]:
        """The moves of the player to move, by card (colour, value) then slot."""
        if self._phase is not _PLAYING:
            return []
        table = _LEGAL_MOVES[self._cfg] or _moves_table(self._cfg, _LEGAL, _LEGAL_MOVES)
        return list(_chain(map(table.__getitem__, self._hands[self._to_move])))

    def distinct_moves(self) -> list[Move]:
        """The legal moves with equivalent ones merged (a card opening any empty slot is
        one move, in the first: :func:`distinct_slots`), in :meth:`legal_moves`' order:
        the fast path for searches."""
        if self._phase is not _PLAYING:
            return []
        table = _DISTINCT_MOVES[self._cfg] or _moves_table(self._cfg, _DISTINCT, _DISTINCT_MOVES)
        return list(_chain(map(table.__getitem__, self._hands[self._to_move])))

    def legal_slots(self, card: Card) -> tuple[int, ...]:
        """The slots a card of this colour may go to now (whoever holds it)."""
        return _LEGAL[self._cfg][card >> 4]

    def is_legal(self, move: Move) -> bool:
        return self.illegal_reason(move) is None

    def illegal_reason(self, move: Move) -> str | None:
        """Why ``move`` is not allowed for the player to move, or None if it is."""
        if self._phase is not Phase.PLAYING:
            if self._phase is Phase.ARRANGING:
                return "no card can be played until every player has arranged their VP cards"
            if self._phase is Phase.ROUND_OVER:
                return "the round is over: no more cards are played in it"
            return "the game is over"
        card, slot = move.card, move.slot
        name = self._names[self._to_move]
        if card not in self._hands[self._to_move]:
            return f"{card} is not in {name}'s hand"
        if not 0 <= slot < NUM_SLOTS:
            return f"there is no slot {slot + 1}: the table has slots 1 to 4"
        legal = _LEGAL[self._cfg][card >> 4]
        if slot in legal:
            return None
        colour = Colour(card >> 4).label
        lead = Colour(self._lead[slot]).label
        empty = [s for s in range(NUM_SLOTS) if self._lead[s] < 0]
        if empty:
            why = f"slot {empty[0] + 1} is still free"
        else:
            why = f"trick {legal[0] + 1} was opened in {colour}"
        return (
            f"{card} cannot go on the {lead} trick {slot + 1}: a card may only be added "
            f"off-colour when it has no other place, and {why}"
        )

    def play(self, move: Move) -> list[Event]:
        """Check and apply a move of the player to move; return what happened (:meth:`apply`
        for a move)."""
        reason = self.illegal_reason(move)
        if reason is not None:
            raise IllegalMoveError(reason)
        events: list[Event] = []
        self.push(move, events)
        return events

    def push(
        self, action: Action, events: list[Event] | None = None, seat: int | None = None
    ) -> None:
        """Carry out a legal action of ``seat`` (by default the player to decide) without
        checking it (the fast path for simulations): a VP row is laid for ``seat``.

        Pass a list as ``events`` to collect what happened.
        """
        if type(action) is Arrange:
            player = self.current_player if seat is None else seat
            assert player is not None, "nobody is to arrange"
            self._lay(player, action.row, events)
            return
        move: Move = action
        card = move.card
        slot = move.slot
        p = self._to_move
        self._hands[p].remove(card)
        colour = card >> 4
        leads = self._lead
        lead = leads[slot]
        if lead < 0:
            leads[slot] = colour
            self._high[slot] = card & 15
            self._holder[slot] = p
            self._cards[slot].append(card)
            self._cfg += _OPEN[colour][slot]
            if events is not None:
                events.append(CardPlayed(p, card, slot, True))
        else:
            cards = self._cards[slot]
            cards.append(card)
            if events is not None:
                events.append(CardPlayed(p, card, slot, False))
            if card in _TAKERS[lead][self._high[slot]]:
                self._high[slot] = card & 15
                if self._holder[slot] != p:
                    if events is not None:
                        events.append(TrickTakenOver(slot, p, self._holder[slot]))
                    self._holder[slot] = p
            if len(cards) == TRICK_SIZE:
                winner = self._holder[slot]
                self._tricks[winner] += 1
                self._cards[slot] = []
                leads[slot] = -1
                self._cfg -= _OPEN[lead][slot]
                if events is not None:
                    won = self._tricks[winner]
                    events.append(TrickWon(winner, slot, tuple(cards), won))
                    face_up = self.face_up(winner)
                    assert face_up is not None
                    events.append(VPCardTurned(winner, *face_up))
        self._moves.append(move)
        turn = self._turn + 1
        self._turn = turn
        if turn == self._n * HAND_SIZE:
            self._end_round(events)
        else:
            self._to_move = p + 1 if p + 1 < self._n else 0

    def _end_round(self, events: list[Event] | None) -> None:
        tricks = tuple(self._tricks)
        scores = tuple(vp_scored(t, arr) for t, arr in zip(tricks, self._arr))  # type: ignore[arg-type]
        self._results.append((tricks, scores))
        last = self._round == NUM_ROUNDS - 1
        self._phase = Phase.GAME_OVER if last else Phase.ROUND_OVER
        if events is not None:
            events.append(RoundScored(self._round + 1, tricks, scores))
            if last:
                events.append(GameOver(decide_winners([s for _, s in self._results])))

    # ------------------------------------------------------------------ undo

    def history(self) -> tuple[tuple[int, Action], ...]:
        """The decisions of this round so far, each with the seat that made it, in the
        order they were made: the VP rows as they were laid, then the cards played (what
        :meth:`pop` takes back, last first)."""
        arr = self._arr
        made: list[tuple[int, Action]] = []
        for p in self._arranged:
            row = arr[p]
            assert row is not None
            made.append((p, _ARRANGES[row]))
        n = self._n
        who = self._starter
        for move in self._moves:
            made.append((who, move))
            who = who + 1 if who + 1 < n else 0
        return tuple(made)

    def pop(self) -> Action:
        """Undo the last action of this round and return it: the last card played (with
        all it did: take-overs, a trick won, a VP card turned, the round scored) or, before
        the first card, the VP row laid out last (whoever laid it). Undo never goes back past
        :meth:`next_chapter`: with nothing left to undo in this round it raises
        :class:`IllegalMoveError`.
        """
        if self._moves:
            moves = self._moves[:]
            last = moves.pop()
            if self._phase is not _PLAYING:
                self._results.pop()
            # Deal the round again and play it up to the move before: push is the rules.
            self._hands[:] = [list(h) for h in self._log[-1].hands]
            self._cards = [[], [], [], []]
            self._lead = [-1, -1, -1, -1]
            self._high = [0, 0, 0, 0]
            self._holder = [-1, -1, -1, -1]
            self._cfg = 0
            self._tricks = [0] * self._n
            self._to_move = self._starter
            self._turn = 0
            self._phase = _PLAYING
            self._moves.clear()  # the round log holds this very list
            for move in moves:
                self.push(move)
            return last
        if self._arranged:
            player = self._arranged.pop()
            row = self._arr[player]
            assert row is not None
            self._arr[player] = None
            self._phase = Phase.ARRANGING
            return Arrange.of(row)
        raise IllegalMoveError(
            f"there is nothing to undo in round {self._round + 1}: no VP row has been laid "
            "out and no card played yet (undo never goes back to an earlier round)"
        )

    # ------------------------------------------------------------------ views

    def _public(self) -> _PublicFields:
        """The fields of :class:`PublicView`, in order, shared by both views."""
        n = self._n
        over = self._phase in (Phase.ROUND_OVER, Phase.GAME_OVER)
        played = self._played()
        revealed: tuple[tuple[int, int, int], ...] | None = None
        if over:
            revealed = tuple(a for a in self._arr if a is not None)
        return (
            self._names,
            self._phase,
            self._round + 1,
            self._starter,
            self.current_player,
            VP_SETS[self._round],
            tuple(a is not None for a in self._arr),
            tuple(len(h) for h in self._hands),
            self._table(played),
            tuple(played),
            tuple(self._tricks),
            tuple(self.face_up(p) for p in range(n)),
            tuple(self.vp_seen(p) for p in range(n)),
            self.round_scores(),
            revealed,
        )

    def public_view(self) -> PublicView:
        """What everyone at the table may see now (no hand, no hidden VP card)."""
        return PublicView(*self._public())

    def view(self, player: int) -> PlayerView:
        """What ``player`` may see now."""
        return PlayerView(
            *self._public(),
            player=player,
            hand=tuple(self._hands[player]),
            arrangement=self._arr[player],
            legal_moves=tuple(self.legal_moves()) if self._to_move == player else (),
        )

    # ------------------------------------------------------------------ copies

    def clone(self) -> GameState:
        """An independent copy (cheap enough for thousands of simulations)."""
        other = GameState.__new__(GameState)
        other._names = self._names
        other._n = self._n
        other._first = self._first
        other._seed = self._seed
        other._round = self._round
        other._phase = self._phase
        other._starter = self._starter
        other._to_move = self._to_move
        other._turn = self._turn
        other._hands = [h[:] for h in self._hands]
        other._arr = self._arr[:]
        other._arranged = self._arranged[:]
        other._order = self._order
        other._cards = [c[:] for c in self._cards]
        other._lead = self._lead[:]
        other._high = self._high[:]
        other._holder = self._holder[:]
        other._cfg = self._cfg
        other._tricks = self._tricks[:]
        other._results = self._results[:]
        other._moves = self._moves[:]
        other._log = self._log[:-1] + [RoundLog(self._log[-1].hands, other._arr, other._moves)]
        return other

    def __repr__(self) -> str:
        return (
            f"<GameState {', '.join(self._names)}: round {self._round + 1}, "
            f"{self._phase.value}, turn {self._turn}>"
        )


@dataclass(slots=True)
class RoundLog:
    """One round as a record stores it: the deal, the VP rows, the moves."""

    hands: tuple[tuple[Card, ...], ...]
    arrangements: list[tuple[int, int, int] | None]
    moves: list[Move]


def check_deal(num_players: int, hands: Sequence[Sequence[Card]]) -> list[list[Card]]:
    """Check that ``hands`` deal exactly the round's deck, 12 cards each; sort them."""
    if len(hands) != num_players:
        raise ValueError(f"a deal needs {num_players} hands, not {len(hands)}")
    for p, h in enumerate(hands):
        if len(h) != HAND_SIZE:
            raise ValueError(f"hand {p + 1} has {len(h)} cards instead of {HAND_SIZE}")
    everything = sorted(c for h in hands for c in h)
    expected = deck(num_players)
    if everything != expected:
        extra = sorted(set(everything) - set(expected))
        missing = sorted(set(expected) - set(everything))
        dup = sorted({c for c in everything if everything.count(c) > 1})
        parts = []
        if extra:
            parts.append("not in this deck: " + " ".join(map(str, extra)))
        if dup:
            parts.append("dealt twice: " + " ".join(map(str, dup)))
        if missing:
            parts.append("missing: " + " ".join(map(str, missing)))
        raise ValueError(f"the hands are not the {num_players}-player deck ({'; '.join(parts)})")
    return [sorted(CARDS[c] for c in h) for h in hands]


def decide_winners(round_scores: Iterable[Sequence[int]]) -> Outcome:
    """Totals and winners after the tie-breaks of RULES.md (round 3, then round 2)."""
    rounds = [tuple(r) for r in round_scores]
    n = len(rounds[0])
    totals = tuple(sum(r[p] for r in rounds) for p in range(n))
    keys = [standing_key(rounds, p) for p in range(n)]
    winners, depth = break_ties([[-key[i] for key in keys] for i in range(3)])
    return Outcome(totals, winners, Outcome.chain[depth])
