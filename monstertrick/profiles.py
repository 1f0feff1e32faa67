"""Profiles: per person and game, the games played, wins, mean score, hit rate, a rating
with its uncertainty and its trend, and the figures of the reviews kept, all recomputed
from the history folder each time (nothing here is kept but the names file).

Written once for every registered game (:data:`monstertrick.games.GAMES`), from what the
saved-game lists already read (:meth:`~monstertrick.saves.SaveStore.finished`: each
save's checked summary and meta), with no Textual: the ``profile`` command and the
Profiles screen show the same :class:`Profiles`.

**The ratings.** Each game (Monster Trick, Magic Trick, Monster Taking) has its own
ratings, by openskill's Weng-Lin Plackett-Luce model with its default settings
(:data:`MODEL`: a newcomer starts at ``mu`` 25 with ``sigma`` 25/3). Every finished game
in the history counts once, in the order the games ended (their save's ``updated``
time, then the file name), from its final placing: the winners (after the game's own
tie-breaks) first, sharing first place, then the others by their totals, equal totals
sharing a place. A rating is shown as ``mu ± sigma``: the model's estimate of the
player's strength and its standard uncertainty, which shrinks as games are played.

**The computer levels are anchors.** A computer seat at a level is rated as that level
(never by its seat's name), with a fixed rating (:data:`ANCHORS`, ``sigma``
:data:`ANCHOR_SIGMA`): it takes part in each game's update, so beating ``hard`` moves a
person more than beating ``easy``, but its own rating never moves. The anchors pin the
scale, so that "Ann 27.1 ± 2.3, hard 35.0" says Ann is rated below the hard player. A
level with its own budget (``hard:200``) is no anchor: it is rated like a person.

**Left out.** A save that cannot be read is left out (and set aside by the saves, with
its reason, :class:`~monstertrick.saves.DamagedSave`); so is a game played on from a
decision of another (its meta has ``replay_of``): only games played from their deal
count. Where one person holds several seats of a game (two names merged), their best
seat counts and the others are left out of that game.

**Names.** A person is the name as typed, exactly. ``profile --rename OLD NEW`` writes
the names file (:data:`ALIASES` in the data folder, atomically) so that OLD's games count
as NEW's, merging two profiles when NEW already has games; a names file that cannot be
read is set aside beside it (never deleted) and said so, and the names are then as
typed.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from openskill.models import PlackettLuce, PlackettLuceRating

from .errors import RecordError
from .games import GAMES
from .levels import LevelError, parse_level
from .records import name_problem, parse_json, quote, read_record_file, shown
from .saves import DamagedSave, SavedGame, SaveStore, atomic_write, home

FORMAT = "monstertrick-profiles/1"
"""The ``format`` of ``profile --json``."""

MODEL = PlackettLuce()
"""openskill's Plackett-Luce model with its default settings (mu 25, sigma 25/3, beta
25/6, tau 25/300)."""

ANCHORS: Mapping[str, float] = {"easy": 15.0, "medium": 25.0, "hard": 35.0}
"""The fixed rating (``mu``) of each computer level, in every game. Chosen so that the
model's chance that medium wins against three easy, and hard against three medium, is
about the win share the arena measures for those tables in Monster Trick (51-67%,
benchmarks/README.md); a newcomer starts level with medium."""

ANCHOR_SIGMA = 1.0
"""The uncertainty the anchors take part in a game's update with (they are known)."""

TREND = 5
"""A rating's trend: how it moved over the person's last this many games."""

ALIASES = "aliases.json"
"""The names file, in the data folder: the renames."""

ALIAS_FORMAT = "monstertrick-aliases/1"

REPLAY_KEY = "replay_of"
"""The meta key of a game played on from a decision of another: it is not counted."""

MAX_ALIASES = 10_000
"""The most renames a names file may hold."""


# ---------------------------------------------------------------------- names


class AliasError(ValueError):
    """A rename that cannot be made, in words."""


@dataclass
class Aliases:
    """The renames: each old name to the name it counts as now (one step: a new name is
    never itself renamed), and what was wrong with the names file, if anything."""

    names: dict[str, str] = field(default_factory=dict)
    problem: str | None = None
    """A line saying the names file could not be read and was set aside."""

    def resolve(self, name: str) -> str:
        return self.names.get(name, name)

    def renamed(self, old: str, new: str) -> Aliases:
        """These renames with ``old`` (and every name counted as it) counted as ``new``
        from now on; ``new`` may be a name that has games of its own (the two merge), or
        a name that was renamed into ``old`` (``old`` gives way to it). Raises
        :class:`AliasError`."""
        for label, name in (("old", old), ("new", new)):
            problem = name_problem(name)
            if problem is not None:
                raise AliasError(f"the {label} name: {problem}")
        person, target = self.resolve(old), self.resolve(new)
        if person == new:
            raise AliasError(f"{shown(old)} is already called {shown(new)}")
        if target == person:
            target = new  # new was one of person's old names: it is the name now
        names = {k: (target if v == person else v) for k, v in self.names.items() if k != target}
        names[person] = target
        if old != person:
            names[old] = target
        if len(names) > MAX_ALIASES:
            raise AliasError(f"the names file holds at most {MAX_ALIASES} renames")
        return Aliases(names)

    def to_json(self) -> dict[str, Any]:
        return {"format": ALIAS_FORMAT, "aliases": dict(sorted(self.names.items()))}


def aliases_path(root: Path | None = None) -> Path:
    return (root if root is not None else home()) / ALIASES


def check_aliases(raw: object) -> dict[str, str]:
    """The renames of a names file's content (untrusted); raises :class:`RecordError`
    saying what is wrong. Chains (A to B, B to C) are followed; a cycle is refused."""
    if not isinstance(raw, dict) or raw.get("format") != ALIAS_FORMAT:
        raise RecordError(f'not a names file (its "format" is not {ALIAS_FORMAT})')
    names = raw.get("aliases")
    if not isinstance(names, dict) or len(names) > MAX_ALIASES:
        raise RecordError(f'"aliases" must map at most {MAX_ALIASES} old names to new ones')
    for old, new in names.items():
        for name in (old, new):
            problem = name_problem(name)
            if problem is not None:
                raise RecordError(f"a rename of {quote(old)}: {problem}")
        if old == new:
            raise RecordError(f"{quote(old)} is renamed to itself")
    flat: dict[str, str] = {}
    for old in names:
        seen = {old}
        new = names[old]
        while new in names:
            if new in seen:
                raise RecordError(f"the renames of {quote(old)} go round in a circle")
            seen.add(new)
            new = names[new]
        flat[old] = new
    return flat


def load_aliases(root: Path | None = None) -> Aliases:
    """The renames in the names file (none if there is no file). A file that cannot be
    read is moved aside (``aliases.damaged.json``, never overwriting anything), and the
    :attr:`Aliases.problem` line says so: the names are then as typed."""
    path = aliases_path(root)
    if not os.path.lexists(path):
        return Aliases()
    try:
        return Aliases(check_aliases(parse_json(read_record_file(path, 1 << 20))))
    except RecordError as exc:
        reason = str(exc)
    target = _free(path.with_name("aliases.damaged.json"))
    try:
        os.replace(path, target)
        where = f"it was set aside, as it was, as {shown(str(target))}"
    except OSError as exc:
        where = f"it could not be set aside ({exc.strerror or exc}) and is left as it is"
    return Aliases(
        problem=f"The names file {shown(str(path))} cannot be read ({reason}): {where}; "
        "names count as typed until a profile is renamed again."
    )


def _free(path: Path) -> Path:
    k = 0
    target = path
    while os.path.lexists(target):
        k += 1
        target = path.with_name(f"{path.stem}.{k}{path.suffix}")
    return target


def rename(old: str, new: str, root: Path | None = None) -> Aliases:
    """Count ``old``'s games as ``new``'s from now on (merging the two profiles if
    ``new`` has games too), written to the names file atomically; returns the renames.
    Raises :class:`AliasError` (nothing written) or ``OSError``."""
    aliases = load_aliases(root).renamed(old, new)
    atomic_write(aliases_path(root), json.dumps(aliases.to_json(), indent=1) + "\n")
    return aliases


# ---------------------------------------------------------------------- figures


@dataclass
class ReviewFigures:
    """A person's review figures over the games of theirs reviewed: the games, their
    unforced decisions, how many agreed with the review, the chance given up in all."""

    games: int = 0
    unforced: int = 0
    agreed: int = 0
    given_up: float = 0.0

    @property
    def agreement(self) -> float | None:
        return self.agreed / self.unforced if self.unforced else None

    @property
    def mean_given_up(self) -> float | None:
        """The mean chance to win given up per unforced decision (a fraction)."""
        return self.given_up / self.unforced if self.unforced else None

    def add(self, other: ReviewFigures) -> None:
        self.games += other.games
        self.unforced += other.unforced
        self.agreed += other.agreed
        self.given_up += other.given_up

    def cell(self) -> str:
        """``80% · 2.3``: the agreement and the mean chance given up per unforced
        decision, in points (at most ``len("100% · 100.0")`` wide); "—" for none."""
        if not self.unforced:
            return "—"
        return f"{self.agreed / self.unforced:.0%} · {self.given_up / self.unforced * 100:.1f}"

    def to_json(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "unforced": self.unforced,
            "agreed": self.agreed,
            "agreement": self.agreement,
            "mean_given_up": self.mean_given_up,
        }


def review_figures(
    games: Iterable[SavedGame], root: Path | None = None
) -> dict[tuple[str, str], ReviewFigures]:
    """Per game and person's name (as in the record), the figures of the reviews kept
    for ``games`` (each checked against its record before it counts; none is computed
    here)."""
    from .records import check_format
    from .review import Game, ReviewCache, ReviewError, people
    from .saves import fingerprint

    cache = ReviewCache(root)
    figures: dict[tuple[str, str], ReviewFigures] = {}
    for saved in games:
        try:
            doc = check_format(parse_json(read_record_file(saved.path)))
            if not cache.has(fingerprint(doc)):
                continue
            game = Game(doc)
        except (RecordError, ReviewError, OSError):
            continue
        kept = cache.kept(game)
        if kept is None:
            continue
        for seat in sorted(set(kept.seats) & set(people(doc, game.players))):
            summary = kept.summary(seat)
            row = figures.setdefault((game.key, summary.name), ReviewFigures())
            row.games += 1
            row.unforced += summary.unforced
            row.agreed += summary.agreed
            row.given_up += summary.mean_given_up * summary.unforced
    return figures


# ---------------------------------------------------------------------- ratings


@dataclass(frozen=True)
class Rating:
    mu: float
    sigma: float

    def __str__(self) -> str:
        return f"{self.mu:.1f} ± {self.sigma:.1f}"

    def to_json(self) -> dict[str, float]:
        return {"mu": self.mu, "sigma": self.sigma}


START = Rating(MODEL.mu, MODEL.sigma)
"""Where a person (or a level with its own budget) starts."""


@dataclass
class Profile:
    """One person's (or computer level's) figures in one game."""

    name: str
    computer: bool = False
    fixed: bool = False
    """A computer level rated as an anchor (its rating never moves)."""
    games: int = 0
    wins: float = 0.0
    """A shared victory counts 1/k."""
    total: float = 0.0
    """The sum of its final totals (the game's own score)."""
    made: int = 0
    scored: int = 0
    """Predictions made and counted (Monster Trick's hits), where the game has them."""
    hints: int = 0
    rating: Rating = START
    trend: list[float] = field(default_factory=list)
    """Its ``mu`` after each game, in order (its rating's history)."""
    review: ReviewFigures | None = None

    @property
    def mean_score(self) -> float:
        return self.total / self.games if self.games else 0.0

    @property
    def hit_rate(self) -> float | None:
        return self.made / self.scored if self.scored else None

    @property
    def change(self) -> float:
        """How far its rating moved over its last :data:`TREND` games."""
        if self.fixed or not self.trend:
            return 0.0
        before = self.trend[-TREND - 1] if len(self.trend) > TREND else START.mu
        return self.trend[-1] - before

    @property
    def recent(self) -> list[float]:
        """Its ``mu`` after each of its last :data:`TREND` games."""
        return [] if self.fixed else self.trend[-TREND:]

    def to_json(self) -> dict[str, Any]:
        doc: dict[str, Any] = {
            "name": self.name,
            "games": self.games,
            "wins": self.wins,
            "mean_score": self.mean_score,
            "hit_rate": self.hit_rate,
            "hints": self.hints,
            "rating": self.rating.to_json(),
            "trend": self.recent,
            "change": self.change,
            "review": self.review.to_json() if self.review is not None else None,
        }
        if self.computer:
            doc["fixed"] = self.fixed
            del doc["hints"], doc["review"]
        return doc


@dataclass
class GameProfiles:
    """The profiles of one game: its people (best rated first) and its computer levels."""

    key: str
    games: int = 0
    """The games rated."""
    people: list[Profile] = field(default_factory=list)
    computers: list[Profile] = field(default_factory=list)

    @property
    def title(self) -> str:
        return GAMES[self.key].title if self.key in GAMES else self.key

    @property
    def score_name(self) -> str:
        return GAMES[self.key].score_name if self.key in GAMES else "points"

    def to_json(self) -> dict[str, Any]:
        return {
            "title": self.title,
            "score": self.score_name,
            "games": self.games,
            "people": [p.to_json() for p in self.people],
            "computers": [c.to_json() for c in self.computers],
        }


@dataclass
class Profiles:
    """Every game's profiles (in the registry's order), and what was left out."""

    games: dict[str, GameProfiles] = field(default_factory=dict)
    damaged: list[DamagedSave] = field(default_factory=list)
    replays: int = 0
    """Games played on from a decision of another, not counted."""
    aliases: Aliases = field(default_factory=Aliases)

    def notes(self) -> list[str]:
        """The lines that say what was left out, and why."""
        lines = [] if self.aliases.problem is None else [self.aliases.problem]
        if self.replays:
            lines.append(
                f"{self.replays} game(s) played on from a decision of another are not counted."
            )
        for d in self.damaged:
            lines.append(f"Left out, damaged: {shown(str(d.path))}: {d.reason}")
        return lines

    def of(self, name: str) -> Profiles:
        """Only the person called ``name`` (or renamed so), with every game's levels."""
        person = self.aliases.resolve(name)
        games = {
            key: GameProfiles(
                g.key, g.games, [p for p in g.people if p.name == person], g.computers
            )
            for key, g in self.games.items()
            if any(p.name == person for p in g.people)
        }
        return Profiles(games, self.damaged, self.replays, self.aliases)

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "model": {
                "name": "PlackettLuce",
                "mu": MODEL.mu,
                "sigma": MODEL.sigma,
                "beta": MODEL.beta,
                "tau": MODEL.tau,
            },
            "anchors": {level: {"mu": mu, "sigma": ANCHOR_SIGMA} for level, mu in ANCHORS.items()},
            "games": {key: g.to_json() for key, g in self.games.items()},
            "aliases": dict(sorted(self.aliases.names.items())),
            "left_out": [{"file": str(d.path), "reason": d.reason} for d in self.damaged],
            "replays_left_out": self.replays,
            "notes": self.notes(),
        }


def placing(winners: Sequence[int], totals: Sequence[float]) -> list[int]:
    """Each seat's final place (1 is first): the winners first, sharing first place,
    then the others by their totals, highest first; equal places are shared."""
    keys = [(0 if p in winners else 1, -t) for p, t in enumerate(totals)]
    return [1 + sum(other < mine for other in keys) for mine in keys]


def level_label(level: str) -> str:
    """A computer seat's level as the profiles name it: as the level grammar writes it
    (``hard``, ``hard:200``)."""
    word = level.strip().lower().partition(":")[0].strip()
    try:
        return str(parse_level(level, (word,), searching=(word,)))
    except LevelError:
        return level.strip().lower()


def counted(saved: SavedGame) -> bool:
    """Whether a finished game counts: over, with results, and not a replay."""
    info = saved.info
    return (
        bool(info.get("over"))
        and isinstance(info.get("winners"), list)
        and isinstance(info.get("totals"), list)
        and REPLAY_KEY not in saved.meta.extra
    )


def in_order(games: Iterable[SavedGame]) -> list[SavedGame]:
    """Games in the order they count: as they ended, then by file name."""
    return sorted(games, key=lambda g: (g.meta.updated, g.path.name, str(g.path)))


def _seats(saved: SavedGame, aliases: Aliases) -> list[tuple[bool, str]]:
    """Per seat: whether a computer plays it, and whom it counts for (a person's name,
    renames applied, or a computer's level)."""
    seats = saved.meta.seats
    out: list[tuple[bool, str]] = []
    for p, name in enumerate(saved.players):
        bot = seats[p].get("bot") if p < len(seats) else None
        if isinstance(bot, str):
            out.append((True, level_label(bot)))
        else:
            out.append((False, aliases.resolve(name)))
    return out


def compute(
    games: Iterable[SavedGame],
    damaged: Sequence[DamagedSave] = (),
    aliases: Aliases | None = None,
    *,
    reviews: Mapping[tuple[str, str], ReviewFigures] | None = None,
) -> Profiles:
    """The profiles of these finished games (see the module's docstring)."""
    aliases = aliases if aliases is not None else Aliases()
    result = Profiles(damaged=list(damaged), aliases=aliases)
    by_game: dict[str, list[SavedGame]] = {}
    for saved in games:
        if REPLAY_KEY in saved.meta.extra:
            result.replays += 1
        elif counted(saved):
            by_game.setdefault(saved.game_key, []).append(saved)
    for key in [k for k in GAMES if k in by_game] + sorted(k for k in by_game if k not in GAMES):
        result.games[key] = _rate_game(key, in_order(by_game[key]), aliases)
    for (key, name), figures in (reviews or {}).items():
        game = result.games.get(key)
        person = aliases.resolve(name)
        for p in game.people if game is not None else []:
            if p.name == person:
                if p.review is None:
                    p.review = ReviewFigures()
                p.review.add(figures)
    return result


def _rate_game(key: str, games: Sequence[SavedGame], aliases: Aliases) -> GameProfiles:
    people: dict[str, Profile] = {}
    computers: dict[str, Profile] = {}
    ratings: dict[tuple[bool, str], PlackettLuceRating] = {}
    for saved in games:
        winners: list[int] = saved.info["winners"]
        totals: list[int] = saved.info["totals"]
        hits = saved.info.get("hits")
        places = placing(winners, totals)
        chosen: dict[tuple[bool, str], int] = {}
        teams: list[tuple[tuple[bool, str], int]] = []
        for p, who in enumerate(_seats(saved, aliases)):
            computer, name = who
            if computer and name in ANCHORS:
                teams.append((who, p))  # every seat of an anchor plays as the anchor
            elif who not in chosen or places[p] < places[chosen[who]]:
                chosen[who] = p  # one seat per person: the best
        teams += list(chosen.items())
        teams.sort(key=lambda t: t[1])
        for who, p in teams:
            computer, name = who
            book = computers if computer else people
            row = book.setdefault(name, Profile(name, computer, computer and name in ANCHORS))
            row.games += 1
            if p in winners:
                row.wins += 1 / len(winners)
            row.total += totals[p]
            if isinstance(hits, list) and p < len(hits):
                row.made += hits[p][0]
                row.scored += hits[p][1]
            hints = saved.meta.hints
            row.hints += hints[p] if p < len(hints) and not computer else 0
        if len(teams) < 2:
            continue  # one person at every seat: nobody to be rated against
        before = [[rating_of(who, ratings)] for who, _ in teams]
        after = MODEL.rate(before, ranks=[places[p] for _, p in teams])
        for (who, _), (new,) in zip(teams, after):
            computer, name = who
            row = (computers if computer else people)[name]
            if not row.fixed:
                ratings[who] = new
                row.rating = Rating(new.mu, new.sigma)
                row.trend.append(new.mu)
    for row in computers.values():
        if row.fixed:
            row.rating = Rating(ANCHORS[row.name], ANCHOR_SIGMA)
    ranked = sorted(people.values(), key=lambda r: (-r.rating.mu, r.name))
    levels = sorted(computers.values(), key=lambda r: (-r.rating.mu, r.name))
    return GameProfiles(key, len(games), ranked, levels)


def rating_of(
    who: tuple[bool, str], ratings: Mapping[tuple[bool, str], PlackettLuceRating]
) -> PlackettLuceRating:
    """The rating a player takes into a game: an anchor's fixed one, else its last."""
    computer, name = who
    if computer and name in ANCHORS:
        return MODEL.rating(mu=ANCHORS[name], sigma=ANCHOR_SIGMA)
    found = ratings.get(who)
    return found if found is not None else MODEL.rating()


def profiles(root: Path | None = None, *, with_reviews: bool = True) -> Profiles:
    """Everyone's profiles, recomputed from the history under ``root`` (the data
    folder by default): the saves' own reading of it (damaged files set aside there,
    with their reason), the names file, and the reviews kept."""
    store = SaveStore(root)
    games, damaged = store.finished()
    aliases = load_aliases(store.root)
    figures = review_figures([g for g in games if counted(g)], store.root) if with_reviews else {}
    return compute(games, damaged, aliases, reviews=figures)


# ---------------------------------------------------------------------- words


SPARKS = "▁▂▃▄▅▆▇█"


def sparkline(values: Sequence[float]) -> str:
    """A rating's recent values as a little line of bars (the lowest ▁, the highest █)."""
    if not values:
        return ""
    low, high = min(values), max(values)
    if high - low < 1e-9:
        return SPARKS[3] * len(values)
    return "".join(SPARKS[round((v - low) / (high - low) * (len(SPARKS) - 1))] for v in values)


def change_text(profile: Profile) -> str:
    """``▲ +1.8``, ``▼ -0.4`` or ``= 0.0``: the trend in signs, never in colour alone."""
    if profile.fixed:
        return "fixed"
    d = profile.change
    if d >= 0.05:
        return f"▲ +{d:.1f}"
    if d <= -0.05:
        return f"▼ {d:.1f}"
    return "= 0.0"


def rating_text(profile: Profile) -> str:
    if profile.fixed:
        return f"{profile.rating.mu:.1f} fixed"
    return str(profile.rating)


def wins_text(wins: float) -> str:
    return f"{wins:g}" if wins == int(wins) else f"{wins:.2f}"


def format_profiles(result: Profiles) -> str:
    """The profiles as text for a terminal (names escaped where they hold anything
    that is not printable; they follow the names rule anyway)."""
    lines: list[str] = []
    if not result.games:
        lines.append("No finished games in the history yet.")
    for g in result.games.values():
        lines.append(f"{g.title} ({g.games} game{'s' if g.games != 1 else ''} rated)")
        lines.append(
            f"  {'name':<16} {'games':>5} {'wins':>6} {'mean':>6} {'hits':>5}  "
            f"{'rating':<12} {f'last {TREND}':<14} review"
        )
        for p in g.people:
            hit = f"{p.hit_rate:.0%}" if p.hit_rate is not None else "—"
            review = "—"
            if p.review is not None and p.review.unforced:
                review = (
                    f"{p.review.agreement:.0%} agreed, "
                    f"{(p.review.mean_given_up or 0) * 100:.1f} points given up per decision"
                )
            trend = f"{change_text(p)} {sparkline(p.recent)}"
            lines.append(
                f"  {shown(p.name):<16} {p.games:>5} {wins_text(p.wins):>6} "
                f"{p.mean_score:>6.1f} {hit:>5}  {rating_text(p):<12} {trend:<14} {review}"
            )
        levels = ", ".join(f"{c.name} {rating_text(c)}" for c in g.computers)
        if levels:
            lines.append(f"  computer levels: {levels}")
        lines.append(f"  (mean: {g.score_name} per game; rating: mu ± sigma)")
        lines.append("")
    lines.extend(result.notes())
    return "\n".join(lines).rstrip("\n") + "\n"
