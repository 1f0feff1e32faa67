"""Deal packs: the same deals for everyone, each result's matchpoints against the others
who played that deal at that seat, the computer's baseline, the daily deal, the import
of records played elsewhere; a damaged or hostile pack is data, never a crash."""

from __future__ import annotations

import hashlib
import json
import os
import random
import subprocess
import sys
from dataclasses import dataclass
from datetime import date, datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from monstertrick import packs
from monstertrick.cli import main
from monstertrick.games import GAMES
from monstertrick.packs import Deal, Pack, PackError, PackGame
from monstertrick.saves import SaveMeta, SaveStore

from .pack_games import drive, play_deal

GAME_TABLES = {
    "monster-trick": ["Ann", "Cy:easy", "Di:easy"],
    "monster-taking": ["Ann", "Cy:easy"],
    "magic-trick": ["Ann", "Cy:easy", "Di:easy", "Eve:easy"],
}
CONTROL = "\x1b[2J\x07"


def small_pack(game: str = "monster-taking", deals: int = 2, seed: int = 5) -> Pack:
    seats = len(GAME_TABLES[game])
    return packs.new_pack(game, deals, seats, rng=random.Random(seed))


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    try:
        code = main(args)
    except SystemExit as exc:  # (a usage error)
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


# ---------------------------------------------------------------------------- matchpoints


def test_matchpoints_are_the_share_of_the_others_beaten_ties_half() -> None:
    assert packs.matchpoints([5, 3, 3]) == [1.0, 0.25, 0.25]
    assert packs.matchpoints([4, 4]) == [0.5, 0.5]
    assert packs.matchpoints([1, 2, 3, 4]) == pytest.approx([0.0, 1 / 3, 2 / 3, 1.0])
    assert packs.matchpoints([7]) == [None]  # nobody else: nothing to compare
    assert packs.matchpoints([]) == []


@given(st.lists(st.integers(-20, 20), min_size=2, max_size=8))
def test_matchpoints_of_a_field_add_up_to_half_of_it(results: list[int]) -> None:
    points = packs.matchpoints(results)
    assert all(p is not None and 0 <= p <= 1 for p in points)
    # Each pair shares one point between its two results (a tie: half each).
    assert sum(p for p in points if p is not None) * (len(results) - 1) == pytest.approx(
        len(results) * (len(results) - 1) / 2
    )


@dataclass
class _Outcome:
    scores: tuple[int, ...]


@dataclass
class _State:
    players: tuple[str, ...]
    final: tuple[int, ...]

    def outcome(self) -> _Outcome:
        return _Outcome(self.final)


def _game(deal: int, players: list[str], final: list[int], day: str, bots: dict[int, str]) -> Any:
    seats = [{"name": n, "bot": bots.get(s)} for s, n in enumerate(players)]
    meta = SaveMeta(seats=seats, seed=0, created=day)
    return PackGame(deal, _State(tuple(players), tuple(final)), meta, f"{day}.json", day)  # type: ignore[arg-type]


def test_a_small_packs_scores_are_the_matchpoints_worked_out_by_hand() -> None:
    pack = Pack("monster-trick", 3, (Deal(11, 0), Deal(12, 1)))
    games = [
        # Deal 1: Ann, Bob and Cid at seat 1 (12, 15, 12 VP); Ann again later (not counted).
        _game(0, ["Ann", "X", "Y"], [12, 3, 4], "2026-11-01", {1: "easy", 2: "easy"}),
        _game(0, ["Bob", "X", "Y"], [15, 3, 4], "2026-11-02", {1: "easy", 2: "easy"}),
        _game(0, ["Cid", "X", "Y"], [12, 3, 4], "2026-11-03", {1: "easy", 2: "easy"}),
        _game(0, ["Ann", "X", "Y"], [18, 3, 4], "2026-11-04", {1: "easy", 2: "easy"}),
        # Deal 2: Ann and Bob at seat 2 (9 and 7), Dee alone at seat 3 (7).
        _game(1, ["X", "Ann", "Dee"], [1, 9, 7], "2026-11-05", {0: "easy"}),
        _game(1, ["X", "Bob", "Y"], [1, 7, 2], "2026-11-06", {0: "easy", 2: "easy"}),
    ]
    baseline = [(13, 0, 0), (0, 9, 6)]
    report = packs.scores(pack, games, baseline, level="hard:9")
    seat1 = report["deals"][0]["seats"][0]
    # By hand: Bob beats Ann and Cid (2 of 2); Ann ties Cid and loses to Bob (0.5 of 2).
    assert [(r["player"], r["score"], r["matchpoints"]) for r in seat1["results"]] == [
        ("Bob", 15, 1.0),
        ("Ann", 12, 0.25),
        ("Cid", 12, 0.25),
    ]
    assert [r["vs_baseline"] for r in seat1["results"]] == ["above", "below", "below"]
    assert seat1["baseline"] == 13 and seat1["baseline_matchpoints"] == round(2 / 3, 4)
    seat2 = report["deals"][1]["seats"][1]
    assert [(r["player"], r["matchpoints"], r["vs_baseline"]) for r in seat2["results"]] == [
        ("Ann", 1.0, "equal"),
        ("Bob", 0.0, "below"),
    ]
    assert seat2["baseline_matchpoints"] == 0.75  # ties Ann (a half), beats Bob
    seat3 = report["deals"][1]["seats"][2]
    assert [(r["player"], r["matchpoints"], r["vs_baseline"]) for r in seat3["results"]] == [
        ("Dee", None, "above")
    ]
    assert seat3["baseline_matchpoints"] == 0.0
    # Pack totals: the mean over the results that had others to be compared with.
    totals = {p["player"]: (p["mean"], p["results"], p["scored"]) for p in report["players"]}
    assert totals == {
        "Ann": ((0.25 + 1.0) / 2, 2, 2),
        "Bob": ((1.0 + 0.0) / 2, 2, 2),
        "Cid": (0.25, 1, 1),
        "Dee": (None, 1, 0),
    }
    assert [p["player"] for p in report["players"]] == ["Ann", "Bob", "Cid", "Dee"]
    # The baseline over the three seats that people played, against them.
    assert report["baseline"]["mean"] == round((2 / 3 + 0.75 + 0.0) / 3, 4)
    assert report["baseline"]["results"] == 3
    assert report["baseline"]["level"] == "hard:9"
    assert [lo["reason"] for lo in report["left_out"]] == [
        "Ann played deal 1 at seat 1 before: only the first time counts"
    ]
    text = packs.format_scores(report)
    assert "(hard:9)" in text and "Baseline: each deal played by hard:9 in every seat" in text
    ranking = text.split("Pack total")[1]
    assert ranking.index("Ann") < ranking.index("Bob") < ranking.index("(hard:9)")
    assert ranking.index("(hard:9)") < ranking.index("Cid") < ranking.index("Dee")


# ---------------------------------------------------------------------------- packs


@pytest.mark.parametrize("game", list(GAMES))
def test_a_pack_round_trips_through_its_file_and_its_id_is_its_content(
    game: str, tmp_path: Path
) -> None:
    pack = packs.new_pack(game, 4, rng=random.Random(1), title="Club night")
    path = tmp_path / "p.json"
    path.write_text(pack.text())
    assert packs.read_pack(path) == pack
    assert pack.seats == packs.default_seats(game)
    assert [d.first for d in pack.deals] == [i % pack.seats for i in range(4)]
    # The title is no part of what decides the cards; a seed is.
    assert Pack(game, pack.seats, pack.deals, "Another").id == pack.id
    changed = Pack(game, pack.seats, (Deal(pack.deals[0].seed + 1, 0), *pack.deals[1:]))
    assert changed.id != pack.id


@pytest.mark.parametrize("game", list(GAMES))
def test_a_pack_game_is_found_in_history_and_scored_with_its_baseline(game: str) -> None:
    pack = small_pack(game, deals=1)
    names = GAME_TABLES[game]
    path = play_deal(pack, 0, names)
    doc = json.loads(path.read_text())
    assert doc["meta"]["pack"] == {"id": pack.id, "deal": 0}
    assert path.parent.name == "history"
    games, left = packs.pack_games(pack, SaveStore().root)
    assert [(g.deal, g.people) for g in games] == [(0, (0,))] and left == []
    base = packs.baselines(pack, SaveStore().root, "hard:3")
    # The baseline is the deal played by that level in every seat.
    assert base == [packs.play_baseline(pack, 0, "hard:3")]
    report = packs.scores(pack, games, base, level="hard:3")
    (result,) = report["deals"][0]["seats"][0]["results"]
    state = games[0].state
    outcome = state.outcome()
    assert outcome is not None
    assert result["player"] == "Ann" and result["score"] == outcome.scores[0]
    assert result["with"] == [f"{n.split(':')[0]} (easy)" for n in names[1:]]


def test_the_baseline_is_kept_and_played_again_when_its_file_is_damaged(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    pack = small_pack(deals=2)
    root = SaveStore().root
    first = packs.baselines(pack, root, "hard:3")
    kept = root / "packs" / pack.id / "baseline-hard-3.json"
    assert kept.exists()

    def no_play(*_args: object) -> tuple[int, ...]:
        raise AssertionError("played again")

    monkeypatch.setattr(packs, "play_baseline", no_play)
    assert packs.baselines(pack, root, "hard:3") == first
    monkeypatch.undo()
    for damage in ("{not json", '{"deals": {"0": [99, "x"]}}', json.dumps([1, 2])):
        kept.write_text(damage)
        assert packs.baselines(pack, root, "hard:3") == first


def test_a_deal_played_on_from_another_game_never_counts() -> None:
    pack = small_pack(deals=1)
    path = play_deal(pack, 0, GAME_TABLES["monster-taking"])
    doc = json.loads(path.read_text())
    doc["meta"]["replay_of"] = {"file": "x.json", "decision": 10}
    path.write_text(json.dumps(doc))
    games, left = packs.pack_games(pack, SaveStore().root)
    assert games == []
    assert len(left) == 1 and "played on from another game" in left[0].reason


# ---------------------------------------------------------------------------- the daily deal


def test_the_daily_deal_follows_its_documented_rule() -> None:
    day = date(2026, 12, 2)
    pack = packs.daily_pack("monster-trick", day)
    assert pack.seats == 4 and len(pack.deals) == packs.DAILY_DEALS
    for i, deal in enumerate(pack.deals):
        text = f"monstertrick-daily/monster-trick/4/2026-12-02/{i}".encode()
        assert deal.seed == int.from_bytes(hashlib.sha256(text).digest()[:8], "big")
        assert deal.first == i % 4
    assert pack.title == "Daily deal 2026-12-02"


@pytest.mark.parametrize("game", list(GAMES))
def test_the_daily_deal_differs_from_day_to_day_and_game_to_game(game: str) -> None:
    day = date(2026, 12, 2)
    packs_of_days = [packs.daily_pack(game, day + timedelta(days=k)) for k in range(5)]
    seeds = {d.seed for p in packs_of_days for d in p.deals}
    assert len(seeds) == 5 * packs.DAILY_DEALS
    assert len({p.id for p in packs_of_days}) == 5
    others = [packs.daily_pack(g, day).deals for g in GAMES if g != game]
    assert all(o != packs.daily_pack(game, day).deals for o in others)


def test_today_is_the_date_in_utc_wherever_the_machine_is() -> None:
    late_in_new_york = datetime(2026, 12, 2, 22, 30, tzinfo=timezone(timedelta(hours=-5)))
    early_in_tokyo = datetime(2026, 12, 3, 12, 30, tzinfo=timezone(timedelta(hours=9)))
    assert packs.today(late_in_new_york) == packs.today(early_in_tokyo) == date(2026, 12, 3)


@pytest.mark.parametrize("game", list(GAMES))
def test_the_daily_deal_is_the_same_on_another_machine_for_the_same_date(
    game: str, tmp_path: Path
) -> None:
    here = packs.daily_pack(game, date(2026, 12, 2)).text()
    env = {
        **os.environ,
        "TZ": "Pacific/Kiritimati",  # UTC+14: already another day there, most of the time
        "LANG": "tr_TR.UTF-8",
        "LC_ALL": "tr_TR.UTF-8",
        "PYTHONHASHSEED": "12345",
        "MONSTERTRICK_HOME": str(tmp_path / "elsewhere"),
    }
    command = [sys.executable, "-m", "monstertrick", "deal", "daily", "--game", game]
    proc = subprocess.run(
        [*command, "--date", "2026-12-02", "-o", "-"],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == here
    # And "today" there is today in UTC here (unless the date changes in between).
    before = packs.daily_pack(game).text()
    proc = subprocess.run(
        [*command, "-o", "-"], capture_output=True, text=True, env=env, check=False
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout in (before, packs.daily_pack(game).text())


def test_deal_daily_writes_the_file_and_play_daily_names_the_same_pack(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, _ = run(["deal", "daily", "--game", "magic-trick", "--date", "2026-12-02"], capsys)
    assert code == 0
    written = tmp_path / "daily-magic-trick-2026-12-02.json"
    assert packs.read_pack(written) == packs.daily_pack("magic-trick", date(2026, 12, 2))
    assert "deal play" in out
    # A second time: the same file is there, and nothing else is overwritten.
    assert run(["deal", "daily", "--game", "magic-trick", "--date", "2026-12-02"], capsys)[0] == 0
    code, _, err = run(
        ["deal", "daily", "--date", "2026-12-02", "-o", str(written)], capsys
    )  # (Monster Trick's: another pack)
    assert code == 1 and "already exists" in err


# ---------------------------------------------------------------------------- import


def test_import_takes_in_a_record_of_the_pack_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    pack = small_pack()
    pack_file = tmp_path / "pack.json"
    pack_file.write_text(pack.text())
    elsewhere = SaveStore(tmp_path / "bob")
    record = play_deal(pack, 1, ["Bob", "Cy:easy"], store=elsewhere)
    # Here, the pack is not known yet: the record names it, but it needs --pack.
    code, _, err = run(["deal", "import", str(record)], capsys)
    assert code == 1 and f"of pack {pack.id}, which this machine does not know" in err
    code, out, _ = run(["deal", "import", "--pack", str(pack_file), str(record)], capsys)
    assert code == 0 and "deal 2 of" in out and "(Bob): taken in" in out
    code, _, err = run(["deal", "import", str(pack_file)], capsys)  # (the pack itself)
    assert code == 1 and "refused: not a game record: unknown record format" in err
    code, out, _ = run(["deal", "scores", str(pack_file), "--baseline", "hard:2"], capsys)
    assert "Deal 1 (seat 1 starts)\n  nobody has played it yet" in out
    code, out, _ = run(["deal", "import", str(record)], capsys)  # now it is known
    assert code == 0 and "already here" in out
    games, _ = packs.pack_games(pack, SaveStore().root)
    assert [(g.deal, g.state.players[0]) for g in games] == [(1, "Bob")]


def _record(pack: Pack, index: int, tmp_path: Path, names: list[str] | None = None) -> Path:
    store = SaveStore(tmp_path / f"other-{random.random()}")
    return play_deal(pack, index, names or ["Bob", "Cy:easy"], store=store)


_EDITS = iter(range(10**6))


def _edited(path: Path, change: Any) -> Path:
    """A copy of the record at ``path`` (a file of its own) with ``change`` made."""
    doc = json.loads(path.read_text())
    change(doc)
    target = path.with_name(f"edited-{next(_EDITS)}-{path.name}")
    target.write_text(json.dumps(doc))
    return target


def rename_first(name: str) -> Any:
    def change(doc: dict[str, Any]) -> None:
        doc["players"][0] = name
        doc["meta"]["seats"][0]["name"] = name

    return change


def test_import_refuses_a_record_that_is_not_the_packs_deal_and_says_why(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pack = small_pack()
    pack_file = tmp_path / "pack.json"
    pack_file.write_text(pack.text())
    good = _record(pack, 0, tmp_path)
    other_pack = small_pack(seed=99)
    stranger = _record(other_pack, 0, tmp_path)

    def says_deal(index: int) -> Any:
        return lambda doc: doc["meta"]["pack"].update(deal=index)

    def claims_this_pack(doc: dict[str, Any]) -> None:
        doc["meta"]["pack"] = {"id": pack.id, "deal": 0}

    cases = {
        # It says deal 2, but it was played on deal 1's cards.
        _edited(good, says_deal(1)): "not deal 2 of the pack: ",
        _edited(good, says_deal(7)): "it says deal 8, but the pack has deals 1 to 2",
        _edited(good, says_deal(10**40)): "it says a deal number, but the pack has deals 1 to 2",
        # Another pack's game that claims to be of this one: its cards give it away.
        _edited(stranger, claims_this_pack): "not deal 1 of the pack: its game 1 was not dealt as",
        stranger: f"a game of another pack ({other_pack.id})",
        _edited(good, lambda d: d["meta"].update(replay_of={"decision": 3})): "played on from",
        _edited(good, lambda d: d["meta"].update(pack="deal one")): "is not a pack id",
        # A name that would turn the terminal's text round is refused (never shown).
        _edited(good, rename_first("\u202eAnn")): "cannot hold control or format characters",
        _edited(good, rename_first("Ann\x1b[2J")): "cannot hold control or format characters",
    }
    assert len(cases) == 9
    for path, reason in cases.items():
        code, _, err = run(["deal", "import", "--pack", str(pack_file), str(path)], capsys)
        assert code == 1, reason
        assert reason in err, (reason, err)
        assert "Traceback" not in err and "\x1b" not in err and "\u202e" not in err
    # A record without the pack's mark is matched by its cards alone.
    plain = _edited(good, lambda d: d.pop("meta"))
    code, out, _ = run(["deal", "import", "--pack", str(pack_file), str(plain)], capsys)
    assert code == 0 and "deal 1 of" in out
    no_mark = _edited(stranger, lambda d: d.pop("meta"))
    code, _, err = run(["deal", "import", "--pack", str(pack_file), str(no_mark)], capsys)
    assert code == 1 and "not a game of any deal of the pack" in err


def test_import_refuses_an_unfinished_game_and_one_of_another_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pack = small_pack()
    pack_file = tmp_path / "pack.json"
    pack_file.write_text(pack.text())
    from monstertrick.seating import parse_seats

    store = SaveStore(tmp_path / "b")
    session = packs.start_session(pack, 0, parse_seats(["Bob", "Cy:easy"], game=pack.game), store)
    drive(session, stop_after=3)
    assert session.save_path is not None
    code, _, err = run(["deal", "import", "--pack", str(pack_file), str(session.save_path)], capsys)
    assert code == 1 and "the game is not finished" in err
    magic = packs.new_pack("magic-trick", 1, rng=random.Random(3))
    other = play_deal(magic, 0, GAME_TABLES["magic-trick"], store=SaveStore(tmp_path / "c"))
    code, _, err = run(["deal", "import", "--pack", str(pack_file), str(other)], capsys)
    assert code == 1 and "a game of Magic Trick, not of this pack's Monster Taking" in err


# ---------------------------------------------------------------------------- hostile input

HOSTILE_PACKS: dict[str, bytes | str] = {
    "empty": "",
    "not JSON": "{deals: [",
    "not UTF-8": b'{"format": "\xff"}',
    "a list": "[1, 2, 3]",
    "no format": '{"game": "monster-trick"}',
    "another format": '{"format": "monstertrick-pack/9"}',
    "a record": '{"format": "monstertrick-record/1"}',
    "unknown game": '{"format": "monstertrick-pack/1", "game": "chess", "seats": 2, "deals": []}',
    "seats as text": '{"format": "monstertrick-pack/1", "game": "monster-trick", "seats": "4"}',
    "a huge table": '{"format": "monstertrick-pack/1", "game": "monster-trick", "seats": 1e400}',
    "too many seats": '{"format": "monstertrick-pack/1", "game": "magic-trick", "seats": 5}',
    "no deals": '{"format": "monstertrick-pack/1", "game": "monster-trick", "seats": 4, "deals": []}',
    "a huge seed": '{"format": "monstertrick-pack/1", "game": "monster-trick", "seats": 4, '
    '"deals": [{"seed": 99999999999999999999999999999999999999}]}',
    "a negative seed": '{"format": "monstertrick-pack/1", "game": "monster-trick", "seats": 4, '
    '"deals": [{"seed": -1}]}',
    "a seed true": '{"format": "monstertrick-pack/1", "game": "monster-trick", "seats": 4, '
    '"deals": [{"seed": true}]}',
    "nobody starts": '{"format": "monstertrick-pack/1", "game": "monster-trick", "seats": 4, '
    '"deals": [{"seed": 1, "first": 4}]}',
    "a deal that is text": '{"format": "monstertrick-pack/1", "game": "monster-trick", '
    '"seats": 4, "deals": ["seed 1"]}',
    "a changed seed": '{"format": "monstertrick-pack/1", "id": "000000000000", '
    '"game": "monster-trick", "seats": 4, "deals": [{"seed": 1}]}',
    "NaN": '{"format": "monstertrick-pack/1", "game": "monster-trick", "seats": NaN}',
    "deep": "[" * 100000 + "]" * 100000,
    "too large": '{"title": "' + "x" * 70000 + '"}',
    "a title of markup and control": json.dumps(
        {
            "format": "monstertrick-pack/1",
            "title": "[bold red]" + "\x1b[2J" * 30,
            "game": "monster-trick",
            "seats": 4,
            "deals": [{"seed": 1}],
        }
    ),
}


@pytest.mark.parametrize("what", list(HOSTILE_PACKS))
def test_a_damaged_or_hostile_pack_is_refused_in_words(
    what: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / f"{CONTROL}pack.json"
    data = HOSTILE_PACKS[what]
    path.write_bytes(data if isinstance(data, bytes) else data.encode())
    for command in (
        ["scores"],
        ["play", "--players", "Ann,Bob,Cid,Dee"],
        ["host", "--players", "A,B"],
    ):
        code, out, err = run(["deal", command[0], str(path), *command[1:]], capsys)
        assert code in (1, 2), (what, command, err)
        assert "Traceback" not in err and "\x1b" not in err + out and "\x07" not in err + out
        assert "is not a deal pack: " in err or "usage:" in err, err
    code, _, err = run(["deal", "import", "--pack", str(path), str(path)], capsys)
    assert code == 1 and "Traceback" not in err and "\x1b" not in err


def test_a_folder_or_a_missing_file_is_no_pack(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for path in (tmp_path, tmp_path / "missing.json"):
        code, _, err = run(["deal", "scores", str(path)], capsys)
        assert code == 1 and "is not a deal pack" in err


@given(
    st.recursive(
        st.none() | st.booleans() | st.integers() | st.floats() | st.text(),
        lambda inner: st.lists(inner) | st.dictionaries(st.text(), inner),
        max_leaves=20,
    ),
    st.fixed_dictionaries(
        {"format": st.just("monstertrick-pack/1")},
        optional={
            "game": st.sampled_from([*GAMES, "chess"]) | st.integers(),
            "seats": st.integers(-3, 7) | st.text(),
            "deals": st.lists(
                st.fixed_dictionaries(
                    {},
                    optional={
                        "seed": st.integers(-5, 2**66) | st.floats(),
                        "first": st.integers(-1, 6) | st.none(),
                    },
                ),
                max_size=4,
            ),
            "title": st.text(max_size=90) | st.integers(),
            "id": st.text(max_size=13),
        },
    ),
)
def test_any_json_is_a_pack_or_refused_with_a_pack_error(junk: Any, shaped: dict[str, Any]) -> None:
    for doc in (junk, shaped):
        try:
            pack = packs.pack_from_json(doc)
        except PackError as exc:
            assert str(exc)
        else:
            assert packs.pack_from_json(json.loads(pack.text())) == pack


def test_hostile_names_and_titles_are_shown_as_text(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pack = Pack("monster-taking", 2, small_pack().deals, "[link=http://x]Club[/link]" + CONTROL)
    pack_file = tmp_path / "pack.json"
    pack_file.write_text(pack.text())
    play_deal(pack, 0, ["[bold]Ann[/]", "Cy:easy"])
    code, out, err = run(["deal", "scores", str(pack_file), "--baseline", "hard:2"], capsys)
    assert code == 0, err
    assert "[bold]Ann[/]" in out and "[link=http://x]Club[/link]" in out
    assert "\x1b" not in out and "\x07" not in out and "\\x1b" in out
    code, out, _ = run(["deal", "scores", str(pack_file), "--baseline", "hard:2", "--json"], capsys)
    report = json.loads(out)
    assert report["players"][0]["player"] == "[bold]Ann[/]"
    assert "\x1b" not in out  # (JSON escapes it)


def test_a_damaged_record_in_the_packs_folders_is_left_out_with_the_reason(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pack = small_pack()
    pack_file = tmp_path / "pack.json"
    pack_file.write_text(pack.text())
    play_deal(pack, 0, ["Ann", "Cy:easy"])
    folder = packs.imported_folder(pack, SaveStore().root)
    folder.mkdir(parents=True)
    (folder / "broken.json").write_text('{"format": "monstertrick-record/1", "game": 5')
    code, out, err = run(["deal", "scores", str(pack_file), "--baseline", "hard:2"], capsys)
    assert code == 0, err
    assert "left out imported/broken.json: not valid JSON" in out
    assert "Ann" in out


# ---------------------------------------------------------------------------- deal play


def test_deal_play_plays_each_deal_in_turn_and_skips_the_ones_already_played(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from monstertrick import deal_command

    pack = small_pack(deals=3)
    pack_file = tmp_path / "pack.json"
    pack_file.write_text(pack.text())
    played: list[tuple[int | None, int]] = []

    def app(session: Any, pace: float | None) -> int:
        ref = packs.pack_of_meta(session.meta.extra)
        assert ref is not None and ref[0] == pack.id
        played.append((ref[1], session.seed))
        drive(session, stop_after=None if len(played) != 2 else 2)  # (stops in deal 2)
        return 0

    monkeypatch.setattr(deal_command, "_run_app", app)
    args = ["deal", "play", str(pack_file), "--players", "Ann, Cy:easy"]
    code, _, err = run(args, capsys)
    assert code == 0 and "deal 2 is not finished" in err
    assert played == [(0, pack.deals[0].seed), (1, pack.deals[1].seed)]
    code, _, err = run(args, capsys)  # deal 1 skipped, deal 2 goes on with its save
    assert code == 0
    assert "deal 1: already played" in err and "going on with its saved game" in err
    assert played[2:] == [(1, pack.deals[1].seed), (2, pack.deals[2].seed)]
    games, left = packs.pack_games(pack, SaveStore().root)
    assert sorted(g.deal for g in games) == [0, 1, 2] and left == []
    code, _, err = run(["deal", "play", str(pack_file), "--players", "Ann,Bob,Cid"], capsys)
    assert code == 2 and "players, not 3" in err


def test_deal_new_writes_a_pack_to_share(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, _ = run(
        ["deal", "new", "--game", "monster-trick", "--deals", "5", "--seats", "3"], capsys
    )
    assert code == 0
    (written,) = tmp_path.glob("pack-*.json")
    pack = packs.read_pack(written)
    assert (pack.game, pack.seats, len(pack.deals)) == ("monster-trick", 3, 5)
    assert written.name == f"pack-{pack.id}.json" and pack.id in out
    assert packs.known_pack(pack.id, SaveStore().root) == pack
    code, _, err = run(["deal", "new", "--game", "magic-trick", "--seats", "3"], capsys)
    assert code == 2 and "Magic Trick is for 4 players, not 3" in err
    code, _, err = run(["deal", "new", "--deals", "101"], capsys)
    assert code == 2 and "1 to 100" in err


# ---------------------------------------------------------------------------- done when


def test_two_people_play_the_same_three_deal_pack_on_different_days_and_are_ranked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ann plays the pack on her machine one day, Bob on his the next (computer players
    standing in for both of them); Bob's records are imported on Ann's machine, and
    ``deal scores`` ranks them deal by deal against each other and against hard."""
    monkeypatch.chdir(tmp_path)
    code, _, _ = run(["deal", "new", "--deals", "3", "--seats", "3", "-o", "pack.json"], capsys)
    assert code == 0
    pack = packs.read_pack(tmp_path / "pack.json")
    for deal in range(3):
        play_deal(
            pack, deal, ["Ann", "Cy:medium", "Di:medium"], stand_in="medium", day="2026-12-01"
        )
    bobs = SaveStore(tmp_path / "bobs-machine")
    records = [
        play_deal(
            pack,
            deal,
            ["Bob", "Cy:medium", "Di:medium"],
            stand_in="easy",
            store=bobs,
            day="2026-12-02",
        )
        for deal in range(3)
    ]
    code, out, err = run(["deal", "import", *map(str, records)], capsys)
    assert code == 0, err
    assert out.count("(Bob): taken in") == 3
    code, out, err = run(["deal", "scores", "pack.json", "--json", "--baseline", "hard:20"], capsys)
    assert code == 0, err
    report = json.loads(out)
    assert report["baseline"]["level"] == "hard:20"
    baseline = packs.baselines(pack, None, "hard:20")
    totals: dict[str, float] = {"Ann": 0.0, "Bob": 0.0}
    for deal, got in zip(range(3), report["deals"]):
        seat = got["seats"][0]
        scores = {r["player"]: r["score"] for r in seat["results"]}
        assert set(scores) == {"Ann", "Bob"}
        assert seat["baseline"] == baseline[deal][0]
        for r in seat["results"]:
            other = scores["Bob" if r["player"] == "Ann" else "Ann"]
            mine = r["score"]
            assert r["matchpoints"] == (1.0 if mine > other else 0.5 if mine == other else 0.0)
            assert r["vs_baseline"] == (
                "above"
                if mine > seat["baseline"]
                else "equal"
                if mine == seat["baseline"]
                else "below"
            )
            totals[r["player"]] += r["matchpoints"] / 3
        assert got["seats"][1]["results"] == []  # (computer players are no results)
    ranked = [p["player"] for p in report["players"]]
    assert sorted(ranked, key=lambda n: -totals[n]) == ranked or totals["Ann"] == totals["Bob"]
    assert {p["player"]: p["mean"] for p in report["players"]} == {
        n: round(v, 4) for n, v in totals.items()
    }
    code, text, _ = run(["deal", "scores", "pack.json", "--baseline", "hard:20"], capsys)
    assert code == 0
    for n in ("Deal 1", "Deal 2", "Deal 3", "Ann", "Bob", "(hard:20)", "Pack total"):
        assert n in text


def test_deal_host_hosts_the_next_deal_these_players_have_not_finished(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    pytest.importorskip("aiohttp")
    pack = small_pack(deals=2)
    pack_file = tmp_path / "pack.json"
    pack_file.write_text(pack.text())
    play_deal(pack, 0, ["Ann", "Cy:easy"])
    hosted: list[Any] = []

    def run_host(table: Any, **options: Any) -> int:
        hosted.append((table, options))
        return 0

    monkeypatch.setattr("monstertrick.net.host.command.run_host", run_host)
    code, _, err = run(["deal", "host", str(pack_file), "--players", "Ann, Cy:easy"], capsys)
    assert code == 0, err
    ((table, options),) = hosted
    session = table.session
    assert packs.pack_of_meta(session.meta.extra) == (pack.id, 1)
    assert session.seed == pack.deals[1].seed and session.seating.first == pack.deals[1].first
    assert options["host"] == "127.0.0.1" and sorted(table.codes) == [0]
    code, _, err = run(["deal", "host", str(pack_file), "--players", "Ann:easy, Cy:easy"], capsys)
    assert code == 1 and "at least one person" in err


def test_the_baseline_is_a_level_that_plays_the_same_everywhere(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pack_file = tmp_path / "pack.json"
    pack_file.write_text(small_pack().text())
    for level, reason in (("hard:2s", "not a time"), ("expert", "is not a computer player")):
        code, _, err = run(["deal", "scores", str(pack_file), "--baseline", level], capsys)
        assert code == 2 and reason in err, err


def test_deal_play_daily_deals_todays_pack_for_the_players_named(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from monstertrick import deal_command

    seeds: list[int] = []

    def app(session: Any, pace: float | None) -> int:
        seeds.append(session.seed)
        return 1  # (quit at once)

    monkeypatch.setattr(deal_command, "_run_app", app)
    args = ["deal", "play", "daily", "--players", "Ann, Cy:easy, Di:easy"]
    code, _, _ = run(args, capsys)
    assert code == 1
    assert seeds[0] in (
        packs.daily_pack("monster-trick", seats=3).deals[0].seed,
        packs.daily_pack("monster-trick", packs.today() - timedelta(days=1), 3).deals[0].seed,
    )
    code, _, _ = run(
        ["deal", "play", "daily", "--game", "monster-taking", "--players", "A,B"], capsys
    )
    assert seeds[1] in (
        packs.daily_pack("monster-taking").deals[0].seed,
        packs.daily_pack("monster-taking", packs.today() - timedelta(days=1)).deals[0].seed,
    )


@pytest.mark.parametrize("game", list(GAMES))
def test_a_game_of_other_cards_is_refused_in_every_game(game: str, tmp_path: Path) -> None:
    pack, other = small_pack(game, deals=1, seed=1), small_pack(game, deals=1, seed=2)
    path = play_deal(other, 0, GAME_TABLES[game], stand_in="easy", store=SaveStore(tmp_path))
    doc = json.loads(path.read_text())
    doc["meta"]["pack"] = {"id": pack.id, "deal": 0}
    chapter = GAMES[game].load().chapter_name
    with pytest.raises(PackError, match=f"its {chapter} 1 was not dealt as deal 1 of the pack"):
        packs.check_record(pack, doc)
    doc["meta"]["pack"]["id"] = other.id
    assert packs.check_record(other, doc).deal == 0


def test_a_pack_game_played_on_from_a_decision_is_refused_and_never_scored(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from monstertrick.saves import read_save
    from monstertrick.session import Session

    pack = small_pack(deals=1)
    pack_file = tmp_path / "pack.json"
    pack_file.write_text(pack.text())
    store = SaveStore()
    original = play_deal(pack, 0, ["Ann", "Cy:easy"], store=store)
    replay = Session.play_on(read_save(original), 4, store)
    drive(replay, "easy")
    assert replay.save_path is not None and not replay.running
    store.unlock(replay.save_path)
    # The same cards, and legal moves on them: only its mark says it is a replay.
    code, _, err = run(["deal", "import", "--pack", str(pack_file), str(replay.save_path)], capsys)
    assert code == 1 and "played on from another game's decision" in err
    games, _ = packs.pack_games(pack, store.root)
    assert [g.label for g in games] == [f"history/{original.name}"]


def test_the_baseline_played_in_processes_is_the_same(tmp_path: Path) -> None:
    pack = small_pack(deals=3)
    told: list[tuple[int, int]] = []
    alone = packs.baselines(pack, None, "hard:3")
    assert packs.baselines(pack, tmp_path, "hard:3", lambda *a: told.append(a), jobs=2) == alone
    assert told == [(0, 3), (1, 3), (2, 3), (3, 3)]
    told.clear()
    assert packs.baselines(pack, tmp_path, "hard:3", lambda *a: told.append(a)) == alone
    assert told == [(3, 3)]  # (kept: nothing played again)
