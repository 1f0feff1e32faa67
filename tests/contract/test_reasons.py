"""A reason with every hint and every mark (:meth:`Door.reason`, the search's
:class:`~monstertrick.search.assess.Stats`), over every game and the toy game:

- a reason's figures are those of a recount over the very worlds the search played
  (each world read again at its end through the game's public verbs, not through the
  search's own tally);
- a reason names only what its player may see: no card held by another seat, no
  other seat's VP row, no value still hidden in a hand;
- every hint and every judged decision of a whole computer game has one;
- a review's JSON carries the counts behind the words, and the words read back are
  made again from them.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from monstertrick.games import GAMES
from monstertrick.games.common.words import of_deals, percent, plural
from monstertrick.games.door import Door
from monstertrick.review import Game, ReviewError, Settings, check_review, review
from monstertrick.search.assess import Stats, Watched

from . import toy

AnyDoor = Door[Any, Any, Any, Any, Any]
Tally = tuple[int, ...]


def door_of(key: str) -> AnyDoor:
    return GAMES[key].load()


def names_for(key: str) -> list[str]:
    game = GAMES[key]
    return [f"P{i}" for i in range(min(max(game.min_players, 3), game.max_players))]


# ---------------------------------------------------------------------- recounts

# Each game's world read again at the end of its round, through the game's public
# verbs (never the search adapter's tally): what the player of ``view`` ended with.


def trick_recount(view: Any, world: Any) -> Tally:
    return (world.public_view().tricks_won[view.player],)


def magic_recount(view: Any, world: Any) -> Tally:
    result = world.results()[-1]
    return result.bids[view.viewer], result.tricks[view.viewer]


def taking_recount(view: Any, world: Any) -> Tally:
    me = view.viewer
    # The next trick to be decided: the first of the view's without a winner, or a new one.
    k = next((i for i, t in enumerate(view.tricks) if t.winner is None), len(view.tricks))
    tricks = world.view(me).tricks
    if k < len(tricks) and tricks[k].winner is not None:
        won, dots = int(tricks[k].winner == me), tricks[k].owed
    else:
        won, dots = -1, 0
    result = world.results[-1]
    return won, dots, result.cards_left[me], int(result.order[0])


def toy_recount(view: Any, world: Any) -> Tally:
    return (world.tricks[view.viewer],)


RECOUNT: dict[str, Callable[[Any, Any], Tally]] = {
    "monster-trick": trick_recount,
    "magic-trick": magic_recount,
    "monster-taking": taking_recount,
    toy.KEY: toy_recount,
}


def figures(key: str, view: Any, action: Any, counts: Counter[Tally]) -> list[str]:
    """What the clause of ``action`` must say, worked out from a recount's ``counts``."""
    total = sum(counts.values())

    def share(test: Callable[[Tally], bool]) -> float:
        return sum(n for t, n in counts.items() if test(t)) / total

    def most(at: int) -> tuple[int, float]:
        by: Counter[int] = Counter()
        for t, n in counts.items():
            by[t[at]] += n
        top = max(by.values())
        value = min(v for v, n in by.items() if n == top)
        return value, top / total

    if key in ("monster-trick", toy.KEY) and not hasattr(action, "row"):
        tricks, often = most(0)
        return [plural(tricks, "trick"), of_deals(often)]
    if key == "monster-trick":
        from monstertrick.games.monster_trick.engine import vp_scored

        row = action.row
        return [
            f"scores its {max(row)}",
            of_deals(share(lambda t: vp_scored(t[0], row) == max(row))),
        ]
    if key == "magic-trick":
        mine = view.seats[view.viewer]
        if action.kind.name == "PLAY" and mine.bid is not None and mine.bid < mine.tricks:
            tricks, often = most(1)  # the bid is missed already: the tricks it ends on
            return [plural(tricks, "trick"), of_deals(often)]
        if action.kind.name == "SLEEVE":  # the bid it most often makes, as a share
            bid, often = most(0)
            return [
                f"bids {bid} in {percent(often)} of the deals",
                of_deals(share(lambda t: t[0] == t[1])),
            ]
        return [of_deals(share(lambda t: t[0] == t[1]))]
    from monstertrick.games.monster_taking import Pay, Play, Strength

    if isinstance(action, Strength):
        return [of_deals(share(lambda t: t[3] == action.card.suit))]
    if isinstance(action, Play):
        won, lost = share(lambda t: t[0] == 1), share(lambda t: t[0] == 0)
        return [
            f"wins the trick {of_deals(won)}"
            if won >= lost
            else f"loses the trick {of_deals(lost)}"
        ]
    assert isinstance(action, Pay)
    kept = len(view.hand) - len(action.cards)
    left = sum(t[2] * n for t, n in counts.items()) / total
    return [plural(kept, "card"), f"{left:.1f} in hand"]


def decisions(key: str, seed: int, every: int) -> list[Any]:
    """Views of unforced decisions of a game of ``medium`` players: every ``every``-th
    decision, and the first of each task."""
    door = door_of(key)
    state = door.new_state(names_for(key), seed, 0)
    bot = door.make_bot("medium")
    out: list[Any] = []
    tasks: set[str] = set()
    k = 0
    while not door.is_over(state):
        if door.round_over(state):
            door.next_round(state)
            continue
        seat, task = door.to_decide(state)
        view = door.view(state, seat)
        classes = {door.same_decision(view, a) for a in view.legal_actions}
        if len(classes) > 1:
            if task not in tasks or k % every == 0:
                out.append(view)
                tasks.add(task)
            k += 1
        door.apply(state, seat, door.decide(bot, view, seat, seed))
    return out


@pytest.mark.parametrize("seed", [3])
def test_a_reasons_figures_are_a_recount_of_the_worlds_the_search_played(
    game_key: str, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    door = door_of(game_key)
    recount = RECOUNT[game_key]
    seen: list[tuple[Any, Tally]] = []
    view_now: list[Any] = []
    rewards = Watched.rewards

    def spy(self: Watched[Any, Any], world: Any) -> Any:
        out = rewards(self, world)
        if self.root is not None:
            seen.append((self.root, recount(view_now[0], world)))
        return out

    monkeypatch.setattr(Watched, "rewards", spy)
    checked = 0
    for view in decisions(game_key, seed, every=5)[:12]:
        seen.clear()
        view_now[:] = [view]
        options = door.hard_player().advise(view, random.Random(seed), playouts=20)
        by_root: dict[Any, Counter[Tally]] = {}
        for root, tally in seen:
            by_root.setdefault(root, Counter())[tally] += 1
        for o in options:
            if o.visits:
                assert o.stats is not None
                assert dict(o.stats.counts) == dict(by_root[o.action]), o.action
                assert o.stats.worlds == o.visits  # one tally a world the option was played in
        for o in options[:2]:
            assert o.stats is not None
            clause = door.option_reason(view, o.action, o.stats)
            assert clause is not None
            for figure in figures(game_key, view, o.action, by_root[o.action]):
                assert figure in clause, (figure, clause)
            checked += 1
        reason = door.reason(view, [(o.action, o.stats) for o in options[:2]])
        assert reason is not None and reason.endswith(".")
    assert checked >= 4


def test_a_reason_speaks_of_a_share_of_the_deals_counted() -> None:
    stats = Stats.of([(2,), (2,), (3,), (1,), (2,)])
    assert stats.worlds == 5
    assert stats.most(lambda t: t[0]) == (2, 0.6)
    assert stats.share(lambda t: t[0] >= 2) == pytest.approx(0.8)
    assert stats.mean(lambda t: t[0], given=lambda t: t[0] > 1) == pytest.approx(9 / 4)
    assert percent(0.6) == "60%" and of_deals(0.6) == "in 60% of the deals"
    with pytest.raises(ValueError, match="no world"):
        Stats.of([]).most(lambda t: t[0])


# ---------------------------------------------------------------------- what may be seen


CARD_TOKENS = {
    "monster-trick": re.compile(r"\b[BGPY]\d{1,2}\b"),
    "monster-taking": re.compile(r"\b[IAS](?:10|[1-9])\b"),
    "magic-trick": re.compile(r"\b[HSDCMTX][0-7]\b"),
    toy.KEY: re.compile(r"\b[A-Z]\d{1,2}\b"),
}


def hidden_from(key: str, state: Any, seat: int) -> list[str]:
    """What ``seat`` may not see of ``state``, as a reason would write it."""
    n = len(state.players)
    if key == "magic-trick":  # every value still in a hand, the seat's own too
        return [str(c) for p in range(n) for c in state.hand(p)]
    if key == "monster-taking":
        mine = set(state.hand(seat))
        public = set()
        for t in state.view(seat).tricks:
            public |= {t.lead, *([t.follow] if t.follow is not None else []), *(t.cards or ())}
        secret = {c for c in state.hand(1 - seat) if c not in public}
        return [str(c) for c in secret - mine] + [str(c) for c in state.discards(1 - seat)]
    if key == "monster-trick":
        hidden = [str(c) for p in range(n) if p != seat for c in state.hand(p)]
        # Another seat's row, unless it is one the seat may lay itself (its own option).
        options = {getattr(a, "row", None) for a in state.view(seat).legal_actions}
        for p in range(n):
            row = state.arrangement(p)
            if p != seat and row is not None and row not in options:
                hidden.append("·".join(map(str, row)))
        return hidden
    return [str(c) for p in range(n) if p != seat for c in state.hands[p]]


def whole_game_hints(key: str, seed: int) -> tuple[int, list[str]]:
    """Every unforced decision of a whole game of ``medium`` players given a hint (a
    short search): how many, and what is wrong with them (no reason, or a reason that
    names what its player may not see)."""
    door = door_of(key)
    state = door.new_state(names_for(key), seed, 0)
    bot = door.make_bot("medium")
    wrong: list[str] = []
    hints = 0
    tokens = CARD_TOKENS[key]
    while not door.is_over(state):
        if door.round_over(state):
            door.next_round(state)
            continue
        seat, _ = door.to_decide(state)
        view = door.view(state, seat)
        if len({door.same_decision(view, a) for a in view.legal_actions}) > 1:
            asked = [0]

            def stop(asked: list[int] = asked) -> bool:  # about 100 iterations
                asked[0] += 1
                return asked[0] > 6

            options = door.hint(view, seat, seed, stop)
            reason = door.reason(view, [(o.action, o.stats) for o in options[:2]])
            hints += 1
            if reason is None:
                wrong.append(f"no reason at {door.where(state)}")
            else:
                found = set(tokens.findall(reason)) | {
                    h for h in hidden_from(key, state, seat) if "·" in h and h in reason
                }
                leaked = found & set(hidden_from(key, state, seat))
                if leaked:
                    wrong.append(f"{sorted(leaked)} in {reason!r}")
        door.apply(state, seat, door.decide(bot, view, seat, seed))
    return hints, wrong


@pytest.mark.slow
def test_every_hint_of_a_whole_game_has_a_reason_naming_only_what_its_player_sees(
    game_key: str,
) -> None:
    hints, wrong = whole_game_hints(game_key, 5)
    assert hints >= 5
    assert not wrong, wrong[:3]


def test_the_scan_finds_a_hidden_card_in_a_reason() -> None:
    # The scan can fail: a clause naming the other player's card is caught.
    key = "monster-taking"
    door = door_of(key)
    state = door.new_state(names_for(key), 2, 0)
    other = str(state.hand(1)[0])
    hidden = set(hidden_from(key, state, 0))
    assert set(CARD_TOKENS[key].findall(f"you pay {other}")) & hidden == {other}


# ---------------------------------------------------------------------- the review


TINY = Settings(seed=1, playouts=3, luck_samples=1)


def reviewed(key: str, seed: int) -> tuple[Game, Any]:
    door = door_of(key)
    state = door.new_state(names_for(key), seed, 0)
    door.play_to_end(state, [door.make_bot("easy")] * len(state.players), seed)
    game = Game(door.to_record(state))
    return game, review(game, range(len(game.players)), TINY)


@pytest.mark.slow
def test_every_judged_decision_of_a_whole_game_has_a_reason(game_key: str) -> None:
    game, result = reviewed(game_key, 4)
    judged = [d for d in result.decisions if not d.forced]
    assert len(judged) >= 5 and (any(d.mark for d in judged) or game_key == toy.KEY)
    assert all(d.reason for d in judged), next(d for d in judged if not d.reason)
    assert all(d.reason is None for d in result.decisions if d.forced)
    tokens = CARD_TOKENS[game_key]
    for d in judged:
        view = game.decisions[d.index].view
        assert d.reason is not None
        legal = {str(a): a for a in view.legal_actions}
        # The words are the door's, of the best option and the choice (or the next).
        pair = [d.options[0], d.options[d.choice] if d.choice else d.options[1]]
        expected = door_of(game_key).reason(
            view, [(legal[o.action], o.stats) for o in pair if o.action in legal]
        )
        assert d.reason == expected
        if game_key == "magic-trick":
            assert not tokens.findall(d.reason)  # no value still in a hand


def test_a_reviews_json_carries_the_counts_behind_its_words(game_key: str) -> None:
    game, result = reviewed(game_key, 6)
    raw = result.to_json()
    fields = door_of(game_key).tally_fields
    assert raw["tally"] == list(fields)
    judged = [d for d in raw["decisions"] if not d["forced"]]
    assert judged
    for d in judged:
        for o in d["options"]:
            if o["visits"]:
                assert o["stats"] is not None
                assert all(set(c) == {*fields, "worlds"} for c in o["stats"])
                assert sum(c["worlds"] for c in o["stats"]) == o["visits"]
    back = check_review(raw, game)
    assert [d.reason for d in back.decisions] == [d.reason for d in result.decisions]
    # The words read back are made from the counts, never taken from the file.
    d = next(d for d in raw["decisions"] if d["reason"])
    d["reason"] = "[red]anything[/]"
    assert check_review(raw, game).decisions[raw["decisions"].index(d)].reason != d["reason"]


def test_a_kept_review_of_the_version_before_the_counts_is_computed_again(
    tmp_path: Path,
) -> None:
    """A review kept by version 2 (format 1: no counts behind its words) is not used:
    computed again, it comes back with its reasons."""
    from monstertrick.review import KEPT, ReviewCache

    game, result = reviewed("monster-trick", 6)
    cache = ReviewCache(tmp_path)
    review(game, [0], TINY, cache=cache)
    path = cache.path(game.fingerprint, TINY)
    raw = json.loads(path.read_text())
    old = dict(raw, kept=KEPT - 1, format="monstertrick-review/1")
    old.pop("tally")
    for d in old["decisions"]:
        d.pop("reason")
        for o in d["options"]:
            o.pop("stats")
    path.write_text(json.dumps(old))
    assert cache.load(game, TINY) is None
    again = review(game, [0], TINY, cache=cache)
    assert all(d.reason for d in again.decisions if not d.forced)
    assert json.loads(path.read_text())["kept"] == KEPT


@pytest.mark.parametrize(
    "damage",
    [
        "more worlds than visits",
        "a field missing",
        "a tally twice",
        "a count of none",
        "not a number",
        "not a list",
    ],
)
def test_an_options_damaged_counts_are_refused(damage: str) -> None:
    game, result = reviewed("monster-taking", 6)
    raw = result.to_json()
    option = next(o for d in raw["decisions"] for o in d["options"] if o["stats"])
    counts = option["stats"]
    if damage == "more worlds than visits":
        counts[0]["worlds"] += option["visits"]
    elif damage == "a field missing":
        counts[0].pop("dots")
    elif damage == "a tally twice":
        counts.append(dict(counts[0]))
    elif damage == "a count of none":
        counts[0]["worlds"] = 0
    elif damage == "not a number":
        counts[0]["left"] = "3"
    else:
        option["stats"] = {"worlds": 3}
    with pytest.raises(ReviewError, match="stats"):
        check_review(raw, game)


@pytest.mark.parametrize("value", [-7, 10**12, 99])
def test_counts_no_search_could_make_never_crash_the_review_read_back(
    game_key: str, value: int
) -> None:
    game, result = reviewed(game_key, 6)
    raw = result.to_json()
    fields = door_of(game_key).tally_fields
    for d in raw["decisions"]:
        for o in d["options"]:
            for count in o["stats"] or ():
                for f in fields:
                    count[f] = value
                break  # (one tally changed per option: the others stay distinct)
    try:
        back = check_review(raw, game)
    except ReviewError as exc:
        assert "stats" in str(exc)
    else:
        assert all(isinstance(d.reason, str | None) for d in back.decisions)


@pytest.mark.parametrize("game_key", sorted(GAMES))
def test_two_options_that_end_alike_in_every_deal_say_the_difference_is_not_theirs(
    game_key: str,
) -> None:
    """A review's best and its choice that both ended one and the same way for the player
    in every world counted read alike: the reason says so, instead of two clauses that
    differ in nothing."""
    door = door_of(game_key)
    state = door.new_state(names_for(game_key), 3, 0)
    seat, _ = door.to_decide(state)
    view = door.view(state, seat)
    first, second = list(state.legal_actions())[:2]
    same = Stats(((tuple(0 for _ in door.tally_fields), 5),))
    other = Stats(((tuple(1 for _ in door.tally_fields), 5),))
    alike = door.reason(view, [(first, same), (second, same)])
    assert alike is not None and "the two end alike for you in every deal counted" in alike
    unlike = door.reason(view, [(first, same), (second, other)])
    assert unlike is not None and "end alike" not in unlike
