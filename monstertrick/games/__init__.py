"""The games this table plays, registered in one place.

Like python-chess's variants and OpenSpiel's game registry: each game is a package under
``monstertrick/games/`` and one :class:`GameType` line below. The shell (CLI, replay,
saves, arena, start screen) knows a game only through its entry here and the package's
``GAME`` object, imported on first use so that ``monstertrick replay`` of one game never
loads another (nor Textual).

A game package provides, in its ``__init__``:

``GAME``
    the game's door, with no Textual: an instance of a subclass of
    :class:`~monstertrick.games.door.Door` typed with the game's state, action, event and
    view classes. The door is written once for every game on the verbs of the game's
    engine (:mod:`monstertrick.games.contract`: who may decide now, a decision checked
    for its seat, ``pop`` and the chapter's ``history``, chapters, views, the outcome),
    and so are the round's log, the earlier chapters' logs and the replay's timeline; a
    game fills in only its own facts (``key``, ``title``, ``hidden_hands``,
    ``totals_range``, ``arena_terms``, ``chapter_name``, ``chapters_key``,
    ``play_events``, ``deal_tasks``) and the little that differs: how a new game is
    dealt, its record codec (``replay``, ``describe``, ``to_record``, ``from_record``),
    ``parse_action``, its computer players (``make_bot(level)`` for a level of
    :mod:`monstertrick.levels`, and ``hard_player()`` whose ``advise`` gives a hint) and
    its world sampling (``sample_world``), where a chapter stands in words (``where``),
    and, if it has them, what its deals show, its arena hits and extra summary fields.
    Its parts live in the game's own modules (``engine``, ``bots``), imported by its
    door's methods when first needed;

and, if it can be played in the terminal app, a ``tui`` package whose ``SCREENS`` (a
:class:`~monstertrick.tui.game_screens.GameScreens`) the app finds by the game's key
(:func:`monstertrick.tui.game_screens.load_screens`): this registry knows nothing of the
terminal app.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from .contract import Action, SomeState, SomeView
    from .door import Door

# Named tuples rather than dataclasses: every command, ``--help`` too, loads this module,
# and importing dataclasses would add about a fifth to ``monstertrick --help``.


class ArenaResult(NamedTuple):
    """A finished game (or match) as the arena counts it, per seat of the table."""

    scores: tuple[int, ...]
    """The game's own score: VP, points, games won."""
    winners: tuple[int, ...]
    """After the game's tie-breaks; a shared win is split."""
    hits: tuple[int, ...]
    """How often each seat made its prediction (a round's highest VP card, a hand's bid)."""
    chances: int
    """Predictions per seat in a game (0: the game has none, and no hit rate)."""


class ArenaTerms(NamedTuple):
    """The words the arena's report uses for a game."""

    unit: str
    """What one arena game is: "game", or "match" for a best of three."""
    hit: str | None
    """The hit rate's name, e.g. "bid-hit rate"; None when the game has no prediction."""


class GameType(NamedTuple):
    """The facts of a game that the shell needs before loading it."""

    key: str
    """The record's ``game`` key and the CLI's ``--game`` value."""
    title: str
    min_players: int
    max_players: int
    package: str
    """The package that implements the game (imported on first use)."""
    about: str
    """What the game is, in a few words (the setup form's line under the game choice)."""
    score_name: str
    """What its final totals count, e.g. "VP" (History, the arena)."""
    secret: str
    """What an unfinished game keeps secret, as the subject of "are still secret" (the
    `view` command's refusal), e.g. "its hands and VP rows"."""
    theme_variables: Mapping[str, str]
    """Its cards' colours: defaults of theme variables (a theme may override them), which
    the terminal app's theme takes in before any game is loaded."""

    def load(self) -> SomeDoor:
        """The game package's ``GAME`` object, its door."""
        door: SomeDoor = importlib.import_module(self.package).GAME
        return door

    @property
    def folder(self) -> Path:
        """Where the game's package lives (found without importing it)."""
        spec = importlib.util.find_spec(self.package)
        assert spec is not None and spec.origin is not None
        return Path(spec.origin).parent


if TYPE_CHECKING:
    SomeDoor = Door[SomeState, Action, object, SomeView, SomeView]
    """Any game's door, as the shell knows it: through the contract alone."""

GAMES: dict[str, GameType] = {
    g.key: g
    for g in (
        GameType(
            "monster-trick",
            "Monster Trick",
            2,
            5,
            "monstertrick.games.monster_trick",
            about="predict how many tricks you win with your VP cards",
            score_name="VP",
            secret="its hands and VP rows",
            theme_variables={
                "card-blue": "#6ea8ff",
                "card-green": "#62d46a",
                "card-purple": "#c792ff",
                "card-yellow": "#ffd45e",
                "card-ink": "#111111",
                "card-back": "#6c6c7a",
            },
        ),
        GameType(
            "monster-taking",
            "Monster Taking",
            2,
            2,
            "monstertrick.games.monster_taking",
            about="a trick-taking duel: the first to win 2 games wins",
            score_name="games won",
            secret="its hands and face-down discards",
            theme_variables={
                "suit-ignis": "#ff7a5c",
                "suit-aqua": "#5cb8ff",
                "suit-sylva": "#6ad46a",
                "suit-ink": "#111111",
            },
        ),
        GameType(
            "magic-trick",
            "Magic Trick",
            4,
            4,
            "monstertrick.games.magic_trick",
            about="nobody sees the values in a hand, not even its holder",
            score_name="points",
            secret="the values of the cards in its hands",
            theme_variables={
                "magic-hearts": "#e03131",
                "magic-spades": "#868e96",
                "magic-diamonds": "#f59f00",
                "magic-clubs": "#2f9e44",
                "magic-moons": "#4dabf7",
                "magic-triangles": "#ae3ec9",
                "magic-stars": "#fcc419",
            },
        ),
    )
}
DEFAULT_GAME = "monster-trick"


def find_game(key: str) -> GameType:
    """The registered game called ``key`` (raises ``KeyError`` with the known names)."""
    try:
        return GAMES[key]
    except KeyError:
        raise KeyError(f"unknown game {key!r}: choose one of {', '.join(GAMES)}") from None
