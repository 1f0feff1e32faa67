"""The arena: reproducible with any number of jobs, fair seating, the report's shape."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from monstertrick import arena
from monstertrick.cli import main

SEATS = ["hard:4", "medium", "easy"]
KEYS = {
    "bot",
    "win_share",
    "win_ci95",
    "mean_score",
    "score_ci95",
    "hit_rate",
    "decision_ms_median",
    "decision_ms_p95",
}


def without_times(report: dict) -> dict:
    return {
        "games": report["games"],
        "seats": [
            {k: v for k, v in s.items() if not k.startswith("decision_ms")} for s in report["seats"]
        ],
    }


def test_the_same_seed_gives_the_same_results_with_any_jobs() -> None:
    one = arena.run(SEATS, 4, seed=3, jobs=1)
    two = arena.run(SEATS, 4, seed=3, jobs=2)
    assert without_times(one) == without_times(two)
    other = arena.run(SEATS, 4, seed=4, jobs=1)
    assert without_times(other) != without_times(one)


def test_a_resumed_run_plays_only_the_games_it_lacks_and_they_come_out_the_same() -> None:
    whole = list(arena.results(["hard:4", "medium"], 5, seed=3, game="monster-taking"))
    rest = list(arena.results(["hard:4", "medium"], 5, seed=3, game="monster-taking", skip={0, 3}))
    assert len(rest) == 3
    assert [(r.score, r.win) for r in rest] == [(whole[g].score, whole[g].win) for g in (1, 2, 4)]


def test_seats_and_the_starting_player_rotate() -> None:
    for n in range(2, 6):
        placements = set()
        for g in range(n * n):
            chairs, first = arena.seating(n, g)
            assert sorted(chairs) == list(range(n))
            placements.add((chairs[first], tuple(chairs)))
        # Every seat starts equally often, from every chair.
        starts = [chairs_first for chairs_first, _ in placements]
        assert all(starts.count(s) == n for s in range(n))


def test_one_game_accounts_for_every_seat() -> None:
    result = arena.play_game(["medium", "easy", "medium", "easy"], seed=1, index=5)
    assert sum(result.win) == pytest.approx(1.0)
    assert all(0 <= vp <= 18 for vp in result.score)
    assert result.chances == 3 and all(0 <= h <= 3 for h in result.hits)
    assert all(len(t) == 3 + 36 for t in result.decision_ms)


def test_arena_json_output(capsys) -> None:
    assert main(["arena", "--seats", "hard:3,medium,easy,easy", "--games", "2", "--json"]) == 0
    out = capsys.readouterr().out
    report = json.loads(out)
    assert report["games"] == 2
    assert report["game"] == "monster-trick" and report["score"] == "VP"
    assert [s["bot"] for s in report["seats"]] == ["hard:3", "medium", "easy", "easy"]
    for s in report["seats"]:
        assert set(s) == KEYS
        assert 0 <= s["win_share"] <= 1 and 0 <= s["hit_rate"] <= 1
        lo, hi = s["score_ci95"]
        assert lo <= s["mean_score"] <= hi
        assert s["decision_ms_median"] <= s["decision_ms_p95"]
    assert sum(s["win_share"] for s in report["seats"]) == pytest.approx(1.0, abs=1e-3)


def test_arena_table_output(capsys) -> None:
    assert main(["arena", "--seats", "medium,easy", "--games", "2", "--seed", "5"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "Monster Trick: 2 games, seed 5"
    assert "win share" in lines[1] and "hit rate" in lines[1] and "p95 ms" in lines[1]
    assert lines[2].split()[:2] == ["1", "medium"] and lines[3].split()[:2] == ["2", "easy"]


def test_magic_trick_arena_counts_points_and_bids(capsys) -> None:
    args = ["arena", "--game", "magic-trick", "--seats", "hard:2,medium,easy,easy"]
    assert main([*args, "--games", "2", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert (report["game"], report["unit"], report["hit"]) == (
        "magic-trick",
        "game",
        "bid-hit rate",
    )
    assert [s["bot"] for s in report["seats"]] == ["hard:2", "medium", "easy", "easy"]
    assert sum(s["win_share"] for s in report["seats"]) == pytest.approx(1.0, abs=1e-3)
    for s in report["seats"]:
        assert 0 <= s["hit_rate"] <= 1
        lo, hi = s["score_ci95"]
        assert lo <= s["mean_score"] <= hi


def test_a_magic_trick_game_counts_four_hands_of_bids() -> None:
    from monstertrick.games import GAMES
    from monstertrick.seating import Seat, Seating
    from monstertrick.session import Session

    session = Session.start(
        Seating(tuple(Seat(n, "easy") for n in "ABCD"), 0), 9, game="magic-trick"
    )
    session.play_to_end()
    result = GAMES["magic-trick"].load().arena_result(session.state)
    hands = session.state.results()
    assert result.chances == len(hands) == 4
    assert result.hits == tuple(sum(h.tricks[p] == h.bids[p] for h in hands) for p in range(4))
    assert result.scores == session.state.outcome().scores


def test_monster_taking_arena_plays_matches(capsys) -> None:
    assert (
        main(["arena", "--game", "monster-taking", "--seats", "medium,easy", "--games", "4"]) == 0
    )
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "Monster Taking: 4 matches, seed 1"
    assert "mean games won" in lines[1] and "hit rate" not in lines[1]
    report = arena.run(["medium", "easy"], 4, game="monster-taking")
    assert report["unit"] == "match" and report["hit"] is None
    for s in report["seats"]:
        assert s["hit_rate"] is None
        assert 0 <= s["mean_score"] <= 2
    # Every match is won by one player, with two games.
    assert sum(s["win_share"] for s in report["seats"]) == pytest.approx(1.0)


@pytest.mark.parametrize(
    "args",
    [
        ["--game", "magic-trick", "--seats", "easy,easy,easy"],
        ["--game", "monster-taking", "--seats", "easy,easy,easy"],
        ["--game", "chess", "--seats", "easy,easy"],
        ["--seats", "hard,expert"],
        ["--seats", "medium"],
        ["--seats", "easy,easy,easy,easy,easy,easy"],
        ["--seats", "easy,easy", "--games", "0"],
        ["--seats", "easy,easy", "--jobs", "x"],
    ],
)
def test_arena_usage_errors(args, capsys) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["arena", *args])
    assert exc.value.code == 2


def test_arena_does_not_import_textual() -> None:
    code = (
        "import sys\n"
        "from monstertrick.cli import main\n"
        "main(['arena', '--seats', 'medium,easy', '--games', '1', '--json'])\n"
        "assert 'textual' not in sys.modules, 'textual was imported'\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["games"] == 1


def test_win_shares_have_a_wilson_interval_of_real_width_after_a_few_games(capsys) -> None:
    """After 2 games a seat that won both (or none) still has a wide interval, never
    "100% [100%, 100%]"."""
    assert main(["arena", "--seats", "medium,easy,easy", "--games", "2", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    for s in report["seats"]:
        lo, hi = s["win_ci95"]
        assert 0 <= lo <= s["win_share"] <= hi <= 1
        assert hi - lo > 0.3, s
    assert any(s["win_share"] in (0.0, 1.0) for s in report["seats"])


def test_the_wilson_interval() -> None:
    # Known values: 50 of 100, 2 of 2, 0 of 2.
    assert arena.wilson(50, 100) == pytest.approx((0.4038, 0.5962), abs=1e-4)
    assert arena.wilson(2, 2) == pytest.approx((0.3424, 1.0), abs=1e-4)
    assert arena.wilson(0, 2) == pytest.approx((0.0, 0.6576), abs=1e-4)
    for games in (1, 2, 5, 40):
        for wins in [w / 2 for w in range(2 * games + 1)]:  # shared wins count halves
            lo, hi = arena.wilson(wins, games)
            assert 0 <= lo < wins / games < hi <= 1 or (lo < hi and wins in (0, games))
            # Symmetric: the losses' interval is the wins' one turned round.
            assert arena.wilson(games - wins, games) == pytest.approx((1 - hi, 1 - lo))
    # More games, a narrower interval around the same share.
    widths = [hi - lo for lo, hi in (arena.wilson(0.3 * n, n) for n in (10, 100, 1000))]
    assert widths == sorted(widths, reverse=True)


def test_the_interval_of_a_mean_score_of_identical_games_is_not_a_point() -> None:
    """Three games of 18 VP tell nothing of the spread: not "[18.00, 18.00]", but what a
    score within the game's range (0 to 18) allows; scores that vary keep the normal
    approximation."""
    from monstertrick.arena import SeatStats, wilson

    same = SeatStats("hard", (0, 18), score=[18, 18, 18], win=[1.0] * 3)
    lo, hi = same.to_json()["score_ci95"]
    assert hi == 18 and lo == pytest.approx(18 * wilson(3, 3)[0], abs=1e-3) and lo < 12
    one = SeatStats("easy", (0, 18), score=[6], win=[0.0]).to_json()["score_ci95"]
    assert one[0] < 6 < one[1]
    varied = SeatStats("easy", (0, 18), score=[4, 6, 8], win=[0.0] * 3).to_json()["score_ci95"]
    assert varied == [
        pytest.approx(6 - 1.96 * 2 / 3**0.5, abs=1e-3),
        pytest.approx(6 + 2.263, abs=1e-3),
    ]


# ---------------------------------------------------------------------------- duplicate


def test_duplicate_rotations_put_every_seat_in_every_chair_of_a_deal_once() -> None:
    for n in range(2, 6):
        for deal in range(2 * n):
            rotations = [arena.duplicate_seating(n, deal, r) for r in range(n)]
            assert {first for _, first in rotations} == {deal % n}  # one starter per deal
            for chairs, _ in rotations:
                assert sorted(chairs) == list(range(n))
            for chair in range(n):
                assert sorted(chairs[chair] for chairs, _ in rotations) == list(range(n))
        # The starting chair goes round from deal to deal.
        assert {arena.duplicate_seating(n, d, 0)[1] for d in range(n)} == set(range(n))


def _result(score: list[int]) -> arena.GameResult:
    n = len(score)
    return arena.GameResult(score, [0.0] * n, [0] * n, 0, [[] for _ in range(n)])


def test_a_deals_matchpoints_by_hand() -> None:
    # Two seats: in rotation 0 seat 1 holds chair 1's cards (and scores 2 to seat 2's 0
    # in chair 2); in rotation 1 they swap, and seat 1 scores 1 in chair 2 to seat 2's
    # 1 in chair 1. Chair 1: seat 1's 2 beats seat 2's 1. Chair 2: seat 1's 1 beats 0.
    assert arena.deal_matchpoints([_result([2, 0]), _result([1, 1])]) == [1.0, 0.0]
    # Three seats, rotation r puts seat (c + r) % 3 in chair c. Chair 0 holds seat 0, 1,
    # 2 in rotations 0, 1, 2; chair 1 seats 1, 2, 0; chair 2 seats 2, 0, 1.
    rotations = [_result([5, 3, 3]), _result([4, 4, 1]), _result([2, 2, 2])]
    # Chair 0: seat 0 scored 5 (r0), seat 1 scored 4 (r1), seat 2 scored 2 (r2):
    #   shares 1, 0.5, 0. Chair 1: seat 1 3 (r0), seat 2 1 (r1), seat 0 2 (r2): 1, 0, 0.5.
    # Chair 2: seat 2 3 (r0), seat 0 4 (r1), seat 1 2 (r2): 0.5, 1, 0.
    expected = [(1 + 0.5 + 1) / 3, (0.5 + 1 + 0) / 3, (0 + 0 + 0.5) / 3]
    assert arena.deal_matchpoints(rotations) == pytest.approx(expected)


def test_the_duplicate_arena_reports_matchpoints_over_whole_deals(capsys) -> None:
    args = ["arena", "--duplicate", "--seats", "hard:3,medium,easy", "--games", "5"]
    assert main([*args, "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["duplicate"] is True and report["deals"] == 2 and report["games"] == 6
    for s in report["seats"]:
        lo, hi = s["matchpoints_ci95"]
        assert 0 <= lo <= s["matchpoints"] <= hi <= 1
        lo, hi = s["win_ci95"]
        assert 0 <= lo <= s["win_share"] <= hi <= 1
    # Each deal shares out half a point per seat of the table.
    assert sum(s["matchpoints"] for s in report["seats"]) == pytest.approx(1.5, abs=1e-3)
    assert main(args) == 0
    lines = capsys.readouterr().out.splitlines()
    assert (
        lines[0]
        == "Monster Trick: 6 games (duplicate: 2 deals, each once per seat rotation), seed 1"
    )
    assert "matchpoints" in lines[1] and lines[-1].startswith("matchpoints: ")


def test_every_rotation_of_a_duplicate_deal_is_dealt_the_same_cards(monkeypatch) -> None:
    played: list[tuple[int, list[int], int]] = []

    def play(specs, deal_seed, chairs, first, game):
        played.append((deal_seed, list(chairs), first))
        return _result([0] * len(specs))

    monkeypatch.setattr(arena, "play_seated", play)
    deals = list(arena.duplicate_results(["medium", "easy", "easy"], 2, seed=4))
    assert [len(rotations) for rotations in deals] == [3, 3]
    for d in range(2):
        rotations = played[3 * d : 3 * d + 3]
        # The plain arena's deal of game d, in every rotation, with the same starter.
        assert {(seed, first) for seed, _, first in rotations} == {(arena.game_seed(4, d), d % 3)}
        assert [chairs for _, chairs, _ in rotations] == [[0, 1, 2], [1, 2, 0], [2, 0, 1]]
