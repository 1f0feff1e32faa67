"""``monstertrick review``: text and JSON on stdout, clear messages and exit codes for what
cannot be reviewed, the players chosen, and the review kept for a second look."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from monstertrick import cli
from monstertrick.games import GAMES
from monstertrick.review import FORMAT

FAST = ["--playouts", "4", "--luck-games", "4"]


def record(key: str, players: int, seed: int, bots: tuple[int, ...] = ()) -> dict[str, Any]:
    door = GAMES[key].load()
    names = ["Ann", "Bob", "Cid", "Dee"][:players]
    state = door.new_state(names, seed, 0)
    door.play_to_end(state, [door.make_bot("medium")] * players, seed)
    seats = [{"name": n, "bot": "medium" if i in bots else None} for i, n in enumerate(names)]
    doc: dict[str, Any] = door.to_record(state, {"seats": seats, "seed": seed})
    return doc


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("MONSTERTRICK_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def write(tmp_path: Path, doc: object, name: str = "game.json") -> str:
    path = tmp_path / name
    path.write_text(json.dumps(doc) if not isinstance(doc, str) else doc)
    return str(path)


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = cli.main(["review", *args])
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize(
    ("key", "players"), [("monster-trick", 3), ("magic-trick", 4), ("monster-taking", 2)]
)
def test_a_review_in_words_fits_80_columns(
    key: str, players: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, record(key, players, 1, bots=tuple(range(1, players))))
    status, out, err = run([path, "--every", *FAST], capsys)
    assert status == 0 and err == ""  # no progress bar: stderr is not a terminal
    whole = "match" if key == "monster-taking" else "game"  # what is won
    assert out.startswith(f"Review of a {whole} of {GAMES[key].title}")
    assert f"chance to win the {whole} at each deal" in out
    assert "Ann:" in out and "Bob:" not in out  # the person only, by default
    assert "agreed with the review" in out and "Luck:" in out
    assert all(len(line) <= 80 for line in out.splitlines())


def test_a_review_of_five_long_names_fits_80_columns(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    door = GAMES["monster-trick"].load()
    names = ["Alexandria Smith", "Bartholomew Jone", "Christopher Lee", "Dominique Ferrar"]
    names.append("Evangeline Moss")
    state = door.new_state(names, 3, 0)
    door.play_to_end(state, [door.make_bot("easy")] * 5, 3)
    path = write(tmp_path, door.to_record(state))
    status, out, _ = run([path, "--player", names[0], "--every", *FAST], capsys)
    assert status == 0
    assert all(len(line) <= 80 for line in out.splitlines()), max(out.splitlines(), key=len)
    for name in names:  # every name in the title and at each deal, none cut
        assert out.count(name) >= 4


def test_a_chance_of_none_or_all_of_the_games_from_a_deal_is_said_as_a_bound() -> None:
    """0 of 32 games won from a deal is not a chance of 0%: the review says it is under
    11% (95% sure, a Wilson interval), and what such a bound means."""
    from monstertrick.review import Luck, Review, Settings, format_review, luck_text

    luck = Luck(1, (0.0, 1.0, 0.5, 1 / 32), (0.0, 0.0, 0.09, 0.03), 32)
    assert [luck_text(luck, p) for p in range(4)] == ["<11%", ">89%", "50%", "3%"]
    assert luck_text(Luck(1, (0.0,), (0.0,), 4), 0) == "<49%"  # 4 games say little
    players = ("Ann", "Bob", "Cid", "Dee")
    review = Review("monster-trick", players, "0" * 64, Settings(), (0, 1), [], [luck])
    text = format_review(review)
    assert "  chance to win the game at each deal (round 1 on): <11%" in text
    assert "  round 1: Ann <11%, Bob >89%, Cid 50%, Dee 3%" in text
    assert "(<11%: lost all 32, so under 11%, 95% sure; >89%: won all)" in text
    calm = Luck(1, (0.25, 0.25, 0.25, 0.25), (0.1,) * 4, 32)
    assert "lost all" not in format_review(Review(*review_args(review), [], [calm]))


def review_args(review: Any) -> tuple[Any, ...]:
    return (review.game, review.players, review.record, review.settings, review.seats)


def test_every_seat_of_a_monster_trick_game_is_reviewed_with_its_own_vp_rows(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Rounds 2 and 3 begin at seats 1 and 2; the rows differ per seat. Each VP row
    reviewed is the one its seat laid out, and every card is judged with the rows the
    record holds (the view of each decision shows its seat's own row)."""
    doc = record("monster-trick", 3, 4, bots=(0, 1, 2))
    rows = [r["arrangements"] for r in doc["rounds"]]
    assert all(len({tuple(row) for row in r}) > 1 for r in rows)
    path = write(tmp_path, doc)
    players = ["--player", "Ann", "--player", "Bob", "--player", "Cid"]
    status, out, _ = run([path, "--every", "--json", *players, *FAST], capsys)
    assert status == 0
    decisions = json.loads(out)["decisions"]
    laid = {(d["chapter"], d["seat"]): d["chosen"] for d in decisions if d["task"] == "arrange"}
    assert laid == {
        (r, seat): "-".join(map(str, row))
        for r, rnd in enumerate(rows, 1)
        for seat, row in enumerate(rnd)
    }
    assert len(decisions) == 3 * (3 + 36)
    from monstertrick.review import Game

    for d in Game(doc).decisions:
        assert d.view.arrangement in (None, tuple(rows[d.chapter - 1][d.seat]))


def test_the_json_review(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, record("monster-taking", 2, 2, bots=(1,)))
    status, out, _ = run([path, "--json", "--player", "Bob", "--player", "Ann", *FAST], capsys)
    assert status == 0
    doc = json.loads(out)
    assert doc["format"] == FORMAT and doc["game"] == "monster-taking"
    assert doc["seats"] == [0, 1] and [s["name"] for s in doc["summary"]] == ["Ann", "Bob"]
    assert doc["playouts"] == 4 and doc["seed"] == 1
    for d in doc["decisions"]:
        assert d["mark"] in ("", "?!", "?", "??")
        assert d["verdict"] in ("forced", "best", "equal", "worse")
        if d["forced"]:
            assert d["options"] == [] and d["mark"] == ""
        else:
            assert d["options"][d["choice"]]["action"] and d["best"] == d["options"][0]["action"]
    assert len(doc["luck"]) == len(json.loads(Path(path).read_text())["games"])
    assert all(luck["samples"] == 4 for luck in doc["luck"])  # --luck-games 4


@pytest.mark.parametrize("games", ["0", "10001", "many"])
def test_luck_games_out_of_bounds_are_refused(
    games: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, record("monster-taking", 2, 2))
    with pytest.raises(SystemExit) as stopped:
        cli.main(["review", path, "--luck-games", games])
    assert stopped.value.code == 2 and "--luck-games" in capsys.readouterr().err


def test_a_second_look_is_kept_and_a_damaged_cache_is_not_trusted(
    tmp_path: Path, home: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = write(tmp_path, record("monster-trick", 3, 3, bots=(1, 2)))
    status, first, _ = run([path, "--json", *FAST], capsys)
    kept = list((home / "reviews").glob("*.json"))
    assert status == 0 and len(kept) == 1
    kept[0].write_text(kept[0].read_text().replace('"chance": 0', '"chance": 7'))

    status, again, _ = run([path, "--json", *FAST], capsys)
    assert status == 0 and again == first  # recomputed, the same
    calls: list[object] = []
    monkeypatch.setattr("monstertrick.review.compute.review_decision", lambda *a: calls.append(a))
    status, third, _ = run([path, "--json", *FAST], capsys)
    assert status == 0 and third == first and not calls  # from the cache


def test_what_cannot_be_reviewed_is_said(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    door = GAMES["monster-trick"].load()
    unfinished = door.to_record(door.new_state(["Ann", "Bob"], 1, 0))
    cases = {
        "missing.json": None,
        "bad.json": "{not json",
        "unfinished.json": unfinished,
        "other.json": {"format": "something/2"},
    }
    for name, doc in cases.items():
        path = str(tmp_path / name) if doc is None else write(tmp_path, doc, name)
        status, out, err = run([path, *FAST], capsys)
        assert status == 1 and out == ""
        assert err.startswith(f"monstertrick: {path} cannot be reviewed: ")
    status, _, err = run([write(tmp_path, unfinished, "u.json")], capsys)
    assert "still secret" in err


def test_players_that_are_not_there_and_games_without_people(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, record("monster-taking", 2, 4, bots=(0, 1)))
    status, out, err = run([path, *FAST], capsys)
    assert status == 2 and out == "" and "--player" in err
    status, out, err = run([path, "--player", "Zed\x1b[2J", *FAST], capsys)
    assert status == 2 and out == "" and "no player" in err and "\x1b" not in err


@pytest.mark.parametrize(
    ("key", "players"), [("monster-trick", 3), ("magic-trick", 4), ("monster-taking", 2)]
)
def test_the_json_review_carries_the_counts_behind_each_reason(
    key: str, players: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, record(key, players, 2))
    status, out, _ = run([path, "--json", "--player", "Ann", *FAST], capsys)
    assert status == 0
    doc = json.loads(out)
    assert doc["format"] == "monstertrick-review/2"
    fields = GAMES[key].load().tally_fields
    assert doc["tally"] == list(fields) and fields
    judged = [d for d in doc["decisions"] if not d["forced"]]
    assert judged and all(d["reason"] for d in judged)
    for d in judged:
        for o in d["options"]:
            if o["visits"]:
                assert sum(c["worlds"] for c in o["stats"]) == o["visits"]
    # and the words, marked decisions with their reason in the review for people
    status, text, _ = run([path, "--player", "Ann", *FAST], capsys)
    marked = [d for d in judged if d["mark"]]
    assert status == 0 and text.count("why: ") >= len(marked)
