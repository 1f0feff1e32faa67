"""A game in progress as the app runs it: the engine's state plus what the table saw.

This module never imports Textual. It holds the :class:`GameState`, the public events of
the round (for the game log and "since your last turn") and where each player last
looked. Every rule question goes to the engine.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ..bots import Bot, StopCheck, bot_rng, make_bot
from ..engine import (
    CardPlayed,
    Event,
    GameState,
    Move,
    Phase,
    PlayerView,
    TrickTakenOver,
    TrickWon,
    VPCardTurned,
)
from ..saves import SavedGame, SaveError, SaveMeta, SaveStore
from ..setup import Seat, Seating
from ..timeline import Timeline

#: Events that tell the table what happened in play (shown in "since your last turn").
PLAY_EVENTS = (CardPlayed, TrickTakenOver, TrickWon, VPCardTurned)

Decision = tuple[int, int, int] | Move
"""What a player decides: a VP order (arranging) or a move (playing)."""


@dataclass
class Match:
    """One game at the table: the seating, the seed and the engine's state."""

    seating: Seating
    seed: int
    game: GameState
    log: list[Event] = field(default_factory=list)
    """Public events of the current round, in order."""
    log_round: int = 1
    seen: dict[int, int] = field(default_factory=dict)
    """Per player, how much of ``log`` they had seen when they last played."""
    round_end_shown: int = 0
    """The last round whose results the table has seen."""
    store: SaveStore | None = None
    """Where the game is autosaved after every decision (None: not saved)."""
    save_path: Path | None = None
    meta: SaveMeta | None = None
    save_error: str | None = None
    """Why the last autosave failed, in words (None when it worked)."""
    bots: dict[int, Bot] = field(default_factory=dict, repr=False)
    """The computer players met so far, per seat (made from their level when first
    needed; a test may seat its own)."""

    @classmethod
    def start(cls, seating: Seating, seed: int, store: SaveStore | None = None) -> Match:
        """A new game. Nothing is written yet: the save appears with the first decision,
        so a game nobody played (a page loaded and closed) leaves no file behind."""
        game = GameState(list(seating.names), seed=seed, first_player=seating.first)
        match = cls(seating, seed, game, log_round=game.round, store=store)
        if store is not None:
            match.save_path = store.new_path()
            match.meta = SaveMeta(
                seats=[{"name": s.name, "bot": s.bot} for s in seating.seats], seed=seed
            )
        return match

    @classmethod
    def resume(cls, saved: SavedGame, store: SaveStore | None = None) -> Match:
        """Go on with a saved game, with the public log of its current round rebuilt."""
        game = saved.game
        seats = tuple(Seat(s["name"], s.get("bot")) for s in saved.meta.seats)
        match = cls(
            Seating(seats, game.first_player),
            saved.meta.seed,
            game,
            log_round=game.round,
            round_end_shown=game.round - 1,
            store=store,
            save_path=saved.path,
            meta=saved.meta,
        )
        if game.phase in (Phase.ARRANGING, Phase.PLAYING):
            n = game.num_players
            for frame in Timeline.of(game).frames:
                if frame.round != game.round:
                    continue
                match.log.extend(frame.events)
                if frame.step > 0:
                    mover = (game.starting_player + frame.step - 1) % n
                    match.seen[mover] = len(match.log)
        return match

    def autosave(self) -> None:
        """Save the game as it stands; a failure is kept in ``save_error``, never raised."""
        if self.store is None or self.save_path is None or self.meta is None:
            return
        try:
            self.save_path = self.store.save(self.save_path, self.game, self.meta)
            self.save_error = None
        except SaveError as exc:
            self.save_error = str(exc)

    @property
    def names(self) -> tuple[str, ...]:
        return self.game.players

    def view(self, player: int) -> PlayerView:
        return self.game.view(player)

    def _record(self, events: list[Event]) -> None:
        if self.game.round != self.log_round:
            self.log = []
            self.seen = {}
            self.log_round = self.game.round
        self.log.extend(events)

    def arrange(self, player: int, order: tuple[int, int, int]) -> list[Event]:
        events = self.game.arrange(player, order)
        self._record(events)
        self.autosave()
        return events

    def play(self, move: Move) -> list[Event]:
        """Play a move for the player to move (raises IllegalMoveError, nothing changes)."""
        player = self.game.current_player
        events = self.game.play(move)
        self._record(events)
        if player is not None:
            self.seen[player] = len(self.log)
        self.autosave()
        return events

    def next_round(self) -> None:
        self.game.next_round()
        self.log = []
        self.seen = {}
        self.log_round = self.game.round
        self.autosave()

    def since_last_turn(self, player: int) -> list[Event]:
        """Public play events since ``player`` last played this round."""
        if self.log_round != self.game.round:
            return []
        start = self.seen.get(player, 0)
        return [e for e in self.log[start:] if isinstance(e, PLAY_EVENTS)]

    def round_log(self) -> list[Event]:
        return list(self.log) if self.log_round == self.game.round else []

    @property
    def running(self) -> bool:
        return self.game.phase is not Phase.GAME_OVER

    # ------------------------------------------------------------------ computer players

    @property
    def position(self) -> tuple[int, str, int]:
        """Where the game stands: round, phase and cards played (changes with every
        decision)."""
        game = self.game
        arranged = sum(game.arrangement(p) is not None for p in range(game.num_players))
        return (game.round, game.phase.value, game.turn + arranged)

    def is_bot(self, player: int) -> bool:
        return not self.seating.seats[player].is_human

    @property
    def humans(self) -> tuple[int, ...]:
        """The seats played by people, in seat order."""
        return tuple(p for p, s in enumerate(self.seating.seats) if s.is_human)

    def bot(self, player: int) -> Bot:
        """The computer player of a bot seat."""
        bot = self.bots.get(player)
        if bot is None:
            level = self.seating.seats[player].bot
            if level is None:
                raise ValueError(f"{self.names[player]} is a person, not a computer player")
            bot = self.bots[player] = make_bot(level)
        return bot

    def decide(
        self, player: int, view: PlayerView | None = None, stop: StopCheck | None = None
    ) -> Decision:
        """What the bot at ``player`` does now, from its view only; changes nothing.

        Its randomness comes from the seed and the position (:func:`bot_rng`), so a
        resumed game plays on exactly as an uninterrupted one. ``view`` may be taken
        beforehand (a worker thread then reads nothing else of the game).
        """
        if view is None:
            view = self.game.view(player)
        bot = self.bot(player)
        if view.phase is Phase.ARRANGING:
            rng = bot_rng(self.seed, view.round, None, player)
            return bot.choose_arrangement(view, rng, stop)
        if view.current_player != player:
            raise ValueError(f"it is not {self.names[player]}'s turn")
        rng = bot_rng(self.seed, view.round, len(view.played), player)
        return bot.choose_move(view, rng, stop)

    def apply(self, player: int, decision: Decision) -> list[Event]:
        """Carry out a decision through :meth:`arrange` or :meth:`play` (which autosave)."""
        if isinstance(decision, Move):
            if self.game.current_player != player:
                raise ValueError(f"it is not {self.names[player]}'s turn")
            return self.play(decision)
        return self.arrange(player, decision)

    def bot_decision(self, player: int, stop: StopCheck | None = None) -> Decision:
        """Let the bot at ``player`` decide and carry it out (the headless path)."""
        decision = self.decide(player, stop=stop)
        self.apply(player, decision)
        return decision
