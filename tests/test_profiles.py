"""Profiles and ratings: recomputed from the history exactly, the same by the module, by
``profile --json`` and by openskill itself on the final placings; damaged files left
out with a line; replays not counted; renames merge; hostile names are data."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from openskill.models import PlackettLuce

from monstertrick import cli
from monstertrick.games import GAMES
from monstertrick.profiles import (
    ALIASES,
    ANCHOR_SIGMA,
    ANCHORS,
    TREND,
    AliasError,
    Aliases,
    compute,
    load_aliases,
    placing,
    profiles,
    rename,
)
from monstertrick.saves import SaveStore, summarize

from .hostile_saves import CONTROL, edit, is_plain, rename_first_player, saved_game, summary_field
from .profile_games import evening, play_at_one_keyboard, play_game

# ---------------------------------------------------------------------- by hand


def from_scratch(history: Path, aliases: dict[str, str] | None = None) -> dict[str, Any]:
    """The ratings of the games in ``history``, recomputed here without the module: the
    files read as JSON, each game's placing from its results, openskill's Plackett-Luce
    model with its defaults, the computer levels held at their anchors. Per game key:
    {("person" or "computer", name): (mu, sigma, games)}."""
    aliases = aliases or {}
    model = PlackettLuce()
    found: list[tuple[str, str, dict[str, Any]]] = []
    for path in sorted(history.glob("*.json")):
        doc = json.loads(path.read_text(encoding="utf-8"))
        meta = doc["meta"]
        if "replay_of" in meta:
            continue
        found.append((meta["updated"], path.name, doc))
    found.sort(key=lambda f: (f[0], f[1]))
    ratings: dict[str, dict[tuple[str, str], Any]] = {}
    counts: dict[str, dict[tuple[str, str], int]] = {}
    for _, _, doc in found:
        key = doc.get("game", "monster-trick")
        summary = doc["meta"]["summary"]
        winners, totals = summary["winners"], summary["totals"]
        mine = ratings.setdefault(key, {})
        count = counts.setdefault(key, {})
        teams, ranks, who = [], [], []
        for seat, (name, info) in enumerate(zip(doc["players"], doc["meta"]["seats"])):
            entity = (
                ("computer", info["bot"]) if info["bot"] else ("person", aliases.get(name, name))
            )
            if entity[0] == "computer" and entity[1] in ANCHORS:
                rating = model.rating(mu=ANCHORS[entity[1]], sigma=ANCHOR_SIGMA)
            else:
                rating = mine.get(entity, model.rating())
            better = sum(
                (w in winners, totals[w]) > (seat in winners, totals[seat])
                for w in range(len(totals))
            )
            teams.append([rating])
            ranks.append(better + 1)
            who.append(entity)
            count[entity] = count.get(entity, 0) + 1
        for entity, (new,) in zip(who, model.rate(teams, ranks=ranks)):
            if not (entity[0] == "computer" and entity[1] in ANCHORS):
                mine[entity] = new
    return {
        key: {e: (r.mu, r.sigma, counts[key][e]) for e, r in mine.items()}
        for key, mine in ratings.items()
    }


def same(got: dict[str, Any], expected: dict[str, Any]) -> bool:
    """The same players in each game, with the same games and ratings (to rounding)."""
    assert got.keys() == expected.keys()
    for key in expected:
        assert got[key].keys() == expected[key].keys(), key
        for entity, (mu, sigma, games) in expected[key].items():
            assert got[key][entity][0] == pytest.approx(mu, rel=1e-12), (key, entity)
            assert got[key][entity][1] == pytest.approx(sigma, rel=1e-12), (key, entity)
            assert got[key][entity][2] == games, (key, entity)
    return True


def shown_ratings(doc: dict[str, Any]) -> dict[str, Any]:
    """The same, from ``profile --json`` (the computers that move, and the people)."""
    return {
        key: {
            **{
                ("person", p["name"]): (p["rating"]["mu"], p["rating"]["sigma"], p["games"])
                for p in g["people"]
            },
            **{
                ("computer", c["name"]): (c["rating"]["mu"], c["rating"]["sigma"], c["games"])
                for c in g["computers"]
                if not c["fixed"]
            },
        }
        for key, g in doc["games"].items()
    }


def profile_json(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, Any]:
    assert cli.main(["profile", "--json", *args]) == 0
    doc: dict[str, Any] = json.loads(capsys.readouterr().out)
    return doc


def test_the_ratings_shown_are_the_ratings_recomputed_from_the_history(
    monstertrick_home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    evening(SaveStore())
    shown = profile_json(capsys)
    assert shown == profiles().to_json()  # the command shows the module's result
    assert set(shown["games"]) == set(GAMES)  # every game, through the registry
    expected = from_scratch(monstertrick_home / "history")
    assert same(shown_ratings(shown), expected)
    assert any(e[0] == "computer" for e in expected["monster-trick"])  # hard:1 moves
    # The anchors never move, whatever their results.
    for g in shown["games"].values():
        for c in g["computers"]:
            if c["fixed"]:
                assert c["rating"] == {"mu": ANCHORS[c["name"]], "sigma": ANCHOR_SIGMA}


def test_a_rating_has_its_uncertainty_and_its_trend_over_the_last_games(
    capsys: pytest.CaptureFixture[str],
) -> None:
    store = SaveStore()
    for i in range(TREND + 2):
        play_game(
            store,
            "monster-taking",
            [("Ann", None), ("Bob", None)],
            seed=i,
            updated=f"2026-01-01T20:{i:02d}:00+00:00",
        )
    doc = profile_json(capsys, "Ann")
    (ann,) = doc["games"]["monster-taking"]["people"]
    assert ann["games"] == TREND + 2
    assert 0 < ann["rating"]["sigma"] < PlackettLuce().sigma  # games make it surer
    assert len(ann["trend"]) == TREND
    assert ann["trend"][-1] == ann["rating"]["mu"]
    # Each step of the trend is the rating after that game, recomputed from the games
    # up to it; the change is over the last TREND games.
    games = sorted(store.finished()[0], key=lambda g: g.meta.updated)

    def ann_after(n: int) -> float:
        (mine,) = [p for p in compute(games[:n]).games["monster-taking"].people if p.name == "Ann"]
        return mine.rating.mu

    assert ann["trend"] == pytest.approx([ann_after(n) for n in range(3, TREND + 3)], rel=1e-12)
    assert ann["change"] == pytest.approx(ann["rating"]["mu"] - ann_after(2), rel=1e-12)


def test_final_placings_share_a_place_when_tied() -> None:
    assert placing([0], [10, 7, 7, 3]) == [1, 2, 2, 4]
    assert placing([0, 2], [9, 5, 9]) == [1, 3, 1]
    # A tie-break decided the winner: the other with the same total comes second.
    assert placing([1], [8, 8, 2]) == [2, 1, 3]


def test_the_same_results_against_a_stronger_level_rate_a_person_higher(
    tmp_path: Path,
) -> None:
    after: dict[str, float] = {}
    for level in ("easy", "hard"):
        store = SaveStore(tmp_path / level)
        for i in range(3):  # the same games, only the level the meta says differs
            play_game(store, "monster-taking", [("Ann", None), ("Opp", level)], seed=i, by="easy")
        result = profiles(store.root)
        (ann,) = result.games["monster-taking"].people
        (opp,) = result.games["monster-taking"].computers
        assert (opp.name, opp.rating.mu, opp.fixed) == (level, ANCHORS[level], True)
        after[level] = ann.rating.mu
    assert after["hard"] > after["easy"]


def test_every_games_levels_are_anchors() -> None:
    for entry in GAMES.values():
        assert set(entry.load().levels) <= set(ANCHORS), entry.key


# ---------------------------------------------------------------------- left out


def test_a_damaged_file_is_left_out_with_a_line_and_the_rest_recomputed(
    monstertrick_home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    paths = evening(SaveStore(), games=2)
    broken = paths[1]
    broken.write_text('{"format": "monstertrick-record/1", "players": [', encoding="utf-8")
    shown = profile_json(capsys)
    assert not broken.exists()  # set aside by the saves, kept
    (left,) = shown["left_out"]
    assert Path(left["file"]).parent == monstertrick_home / "saves" / "damaged"
    assert "not valid JSON" in left["reason"]
    assert any(
        "Left out, damaged" in line and Path(left["file"]).name in line for line in shown["notes"]
    )
    expected = from_scratch(monstertrick_home / "history")
    assert same(shown_ratings(shown), expected)
    # The text says so too.
    assert cli.main(["profile"]) == 0
    assert "Left out, damaged" in capsys.readouterr().out


def test_a_game_played_on_from_a_decision_is_not_counted_but_a_packs_is(
    monstertrick_home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    store = SaveStore()
    seats = [("Ann", None), ("Bob", None)]
    play_game(store, "monster-taking", seats, seed=1, updated="2026-01-01T10:00:00+00:00")
    play_game(
        store,
        "monster-taking",
        seats,
        seed=2,
        updated="2026-01-01T11:00:00+00:00",
        extra={"pack": {"name": "p", "deal": 1}},
    )
    play_game(
        store,
        "monster-taking",
        seats,
        seed=3,
        updated="2026-01-01T12:00:00+00:00",
        extra={"replay_of": {"record": "x", "decision": 10}},
    )
    shown = profile_json(capsys)
    assert shown["games"]["monster-taking"]["games"] == 2
    assert {p["games"] for p in shown["games"]["monster-taking"]["people"]} == {2}
    assert shown["replays_left_out"] == 1
    assert same(shown_ratings(shown), from_scratch(monstertrick_home / "history"))


# ---------------------------------------------------------------------- names


def test_a_profile_renamed_merges_into_the_other(
    monstertrick_home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    store = SaveStore()
    for i, name in enumerate(["Ann", "Anna", "Ann"]):
        play_game(
            store,
            "monster-trick",
            [(name, None), ("Bob", None), ("Cy", "medium")],
            seed=i,
            updated=f"2026-01-01T20:0{i}:00+00:00",
        )
    assert cli.main(["profile", "--rename", "Anna", "Ann"]) == 0
    assert "merged" in capsys.readouterr().out
    shown = profile_json(capsys)
    people = {p["name"]: p for p in shown["games"]["monster-trick"]["people"]}
    assert set(people) == {"Ann", "Bob"}
    assert people["Ann"]["games"] == 3
    assert shown["aliases"] == {"Anna": "Ann"}
    expected = from_scratch(monstertrick_home / "history", {"Anna": "Ann"})
    assert same(shown_ratings(shown), expected)
    # The old name finds the profile; renaming back gives the person the old name.
    assert profile_json(capsys, "Anna")["games"]["monster-trick"]["people"][0]["name"] == "Ann"
    assert cli.main(["profile", "--rename", "Ann", "Anna"]) == 0
    capsys.readouterr()
    people = {p["name"]: p for p in profile_json(capsys)["games"]["monster-trick"]["people"]}
    assert set(people) == {"Anna", "Bob"} and people["Anna"]["games"] == 3
    assert load_aliases().names == {"Ann": "Anna"}


def test_renames_are_one_step_and_refuse_what_is_not_a_rename() -> None:
    a = Aliases().renamed("A", "B").renamed("B", "C")
    assert a.names == {"A": "C", "B": "C"}
    assert a.renamed("C", "A").names == {"B": "A", "C": "A"}
    with pytest.raises(AliasError):
        a.renamed("A", "C")  # already so
    with pytest.raises(AliasError):
        Aliases().renamed("A", "x" * 17)


def test_renaming_no_one_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    play_game(SaveStore(), "monster-taking", [("Ann", None), ("Bob", None)], seed=1)
    assert cli.main(["profile", "--rename", "Zed", "Ann"]) == 1
    assert "no one called 'Zed'" in capsys.readouterr().err
    assert cli.main(["profile", "Zed"]) == 1


@pytest.mark.parametrize(
    "content",
    [
        "not json",
        '{"format": "monstertrick-aliases/1", "aliases": {"A": "B", "B": "A"}}',
        '{"format": "monstertrick-aliases/1", "aliases": {"A": "\\u001b[2J"}}',
        '["a list"]',
    ],
)
def test_a_damaged_names_file_is_set_aside_with_a_message(
    monstertrick_home: Path, capsys: pytest.CaptureFixture[str], content: str
) -> None:
    play_game(SaveStore(), "monster-taking", [("A", None), ("B", None)], seed=1)
    (monstertrick_home / ALIASES).write_text(content, encoding="utf-8")
    shown = profile_json(capsys)
    assert not (monstertrick_home / ALIASES).exists()
    assert (monstertrick_home / "aliases.damaged.json").read_text(encoding="utf-8") == content
    assert "cannot be read" in shown["notes"][0] and "set aside" in shown["notes"][0]
    assert {p["name"] for p in shown["games"]["monster-taking"]["people"]} == {"A", "B"}
    # A rename after it writes a new file, the damaged one still kept.
    rename("A", "B")
    assert load_aliases().names == {"A": "B"}
    assert (monstertrick_home / "aliases.damaged.json").exists()


HOSTILE = ("[/]", "[@click=quit]Q", "[b]Bo", "$name")


def test_hostile_names_are_data_in_the_profiles(capsys: pytest.CaptureFixture[str]) -> None:
    store = SaveStore()
    play_game(store, "magic-trick", [(n, None) for n in HOSTILE], seed=4)
    shown = profile_json(capsys)
    assert {p["name"] for p in shown["games"]["magic-trick"]["people"]} == set(HOSTILE)
    assert cli.main(["profile"]) == 0
    text = capsys.readouterr().out
    for name in HOSTILE:
        assert name in text
    assert cli.main(["profile", "[/]"]) == 0
    assert "[/]" in capsys.readouterr().out
    # A name with terminal control is no name: refused, never printed as it is.
    assert cli.main(["profile", CONTROL[:16]]) == 1
    err = capsys.readouterr().err
    assert is_plain(err.replace("\n", "")) and "no one called" in err
    with pytest.raises(AliasError):
        rename("[/]", CONTROL[:16])


# ---------------------------------------------------------------------- at the table


def test_after_games_at_one_keyboard_each_persons_rating_is_shown_as_history_counts(
    monstertrick_home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    store = SaveStore()
    for seed, (key, names) in enumerate(
        [
            ("monster-trick", ["Ann", "Bob", "Cid"]),
            ("monster-taking", ["Ann", "Bob"]),
            ("monster-trick", ["Bob", "Cid", "Ann"]),
            ("magic-trick", ["Ann", "Bob", "Cid", "Dee"]),
        ]
    ):
        play_at_one_keyboard(store, key, names, seed)
    shown = profile_json(capsys)
    assert same(shown_ratings(shown), from_scratch(monstertrick_home / "history"))
    games, _ = store.finished()
    for key, g in shown["games"].items():
        history = {row.name: row for row in summarize([s for s in games if s.game_key == key])}
        assert {p["name"] for p in g["people"]} == set(history)
        for p in g["people"]:
            row = history[p["name"]]
            assert (p["games"], p["wins"], p["hints"]) == (row.games, row.wins, row.hints)
            assert p["mean_score"] == pytest.approx(row.mean_vp)
            if p["hit_rate"] is not None:
                assert p["hit_rate"] == pytest.approx(row.hit_rate)
            assert p["rating"]["sigma"] < PlackettLuce().sigma
        assert g["computers"] == []


def test_the_reviews_kept_give_agreement_and_chance_given_up_per_decision(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from monstertrick.records import check_format, parse_json, read_record_file
    from monstertrick.review import Game, ReviewCache, Settings, review

    store = SaveStore()
    path = play_game(store, "monster-taking", [("Ann", None), ("Bob", "easy")], seed=5)
    play_game(store, "monster-taking", [("Ann", None), ("Bob", "easy")], seed=6)  # none kept
    doc = check_format(parse_json(read_record_file(path)))
    kept = review(
        Game(doc), (0,), Settings(seed=1, playouts=2, luck_samples=1), cache=ReviewCache()
    )
    figures = kept.summary(0)
    assert figures.unforced > 0
    (ann,) = profile_json(capsys, "Ann")["games"]["monster-taking"]["people"]
    assert ann["games"] == 2
    assert ann["review"] == {
        "games": 1,
        "unforced": figures.unforced,
        "agreed": figures.agreed,
        "agreement": pytest.approx(figures.agreed / figures.unforced),
        "mean_given_up": pytest.approx(figures.mean_given_up),
    }
    assert cli.main(["profile", "Ann"]) == 0
    assert f"{figures.agreed / figures.unforced:.0%} agreed" in capsys.readouterr().out


@pytest.mark.parametrize("key", list(GAMES))
def test_saves_edited_by_hand_are_data_or_left_out(
    key: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Saves of every game edited as an attacker would, fingerprints recomputed."""
    fine = saved_game(key, finished=True, seed=1)
    edit(fine, everyone_a_person)
    edit(fine, rename_first_player("[b]x[/b]"))
    bad = saved_game(key, finished=True, seed=2)
    edit(bad, everyone_a_person)
    edit(bad, rename_first_player("\x1b]0;X\x07\x1b[2J"))
    lying = saved_game(key, finished=True, seed=3)
    edit(lying, everyone_a_person)
    edit(lying, summary_field("winners", [99]))  # rebuilt from the record
    shown = profile_json(capsys)
    assert shown["games"][key]["games"] == 2
    assert "[b]x[/b]" in {p["name"] for p in shown["games"][key]["people"]}
    assert len(shown["left_out"]) == 1 and "control" in shown["left_out"][0]["reason"]
    assert cli.main(["profile"]) == 0
    text = capsys.readouterr().out
    assert is_plain(text.replace("\n", "")) and "[b]x[/b]" in text


def everyone_a_person(doc: dict[str, Any]) -> None:
    for seat in doc["meta"]["seats"]:
        seat["bot"] = None


def test_one_person_at_two_seats_of_a_game_counts_once_at_the_best_place(
    monstertrick_home: Path,
) -> None:
    store = SaveStore()
    seats = [("Ann", None), ("Anna", None), ("Bob", None)]
    path = play_game(store, "monster-trick", seats, seed=8)
    rename("Anna", "Ann")
    result = profiles()
    people = {p.name: p for p in result.games["monster-trick"].people}
    assert set(people) == {"Ann", "Bob"} and people["Ann"].games == 1
    info = json.loads(path.read_text(encoding="utf-8"))["meta"]["summary"]
    places = placing(info["winners"], info["totals"])
    best = min((0, 1), key=lambda p: places[p])
    assert people["Ann"].total == info["totals"][best]
    # Rated as a game of two: Ann at her best seat, and Bob.
    model = PlackettLuce()
    (a,), (b,) = model.rate([[model.rating()], [model.rating()]], ranks=[places[best], places[2]])
    assert people["Ann"].rating.mu == pytest.approx(a.mu, rel=1e-12)
    assert people["Bob"].rating.mu == pytest.approx(b.mu, rel=1e-12)


def test_the_help_names_the_anchors_as_they_are(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        cli.main(["profile", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    anchors = ", ".join(f"{level} {mu:g}" for level, mu in ANCHORS.items())
    assert f"the computer levels are fixed anchors: {anchors})" in text
