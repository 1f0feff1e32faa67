"""A table joined from several screens (``monstertrick.net.host.table``), on loopback: whole games
of every game played by headless screens, every message each screen receives checked
to hold its own seat's view and the public log only; screens that drop and rejoin, a
newer screen taking a seat, wrong codes and bad messages."""

from __future__ import annotations

import asyncio
import json
import random
from dataclasses import dataclass, field
from typing import Any

import aiohttp
import pytest

from monstertrick.net.guards import MessageLimits
from monstertrick.net.host.codes import FREE_TRIES, new_code
from monstertrick.net.host.table import TableHost
from monstertrick.net.protocol import CODE_ALPHABET, VERSION, normal_code
from monstertrick.net.wire import Wire
from monstertrick.seating import Seat, Seating
from monstertrick.session import Handoff, Session, Turn

TABLES = {
    "monster-trick": ["Ann", "Bob", "Cy:medium"],
    "magic-trick": ["Ann", "Bob", "Cy:medium", "Di:medium"],
    "monster-taking": ["Ann", "Bob"],
}


PUBLIC_KEYS = {"type", "public", "log", "earlier", "turn", "last", "pause", "at", "away"}
PUBLIC_KEYS |= {"covered", "over", "together"}
"""What every screen is sent alike: nothing in them is anyone's secret."""


def start(game: str, seed: int = 3) -> TableHost:
    seats = []
    for entry in TABLES[game]:
        name, _, bot = entry.partition(":")
        seats.append(Seat(name, bot or None))
    session = Session.start(Seating(tuple(seats), 0), seed, game=game)
    return TableHost(session)


@dataclass
class Player:
    """A headless screen: joins with a code and plays random legal actions of its view;
    with ``drop_after``, its connection drops after that many decisions and it joins
    again with the same code."""

    url: str
    code: str
    seed: int = 0
    drop_after: int | None = None
    until_chapter: int | None = None
    """Stop (close the connection) once the table's news is of this chapter."""
    received: list[dict[str, Any]] = field(default_factory=list)
    joins: int = 0

    async def play(self, http: aiohttp.ClientSession, wire: Wire[Any, Any, Any, Any, Any]) -> None:
        rng = random.Random(self.seed)
        decided = 0
        while True:
            self.joins += 1
            async with http.ws_connect(self.url) as ws:
                await ws.send_json({"type": "hello", "version": VERSION, "code": self.code})
                seat = None
                async for msg in ws:
                    data = json.loads(msg.data)
                    self.received.append(data)
                    if data["type"] == "welcome":
                        seat = data["seat"]
                    if data["type"] != "table":
                        continue
                    if data["over"]:
                        return
                    if self.until_chapter is not None and data["at"][0] >= self.until_chapter:
                        return
                    pause = data["pause"]
                    if pause is not None and seat in pause["waiting"]:
                        await ws.send_json({"type": "ready"})
                        continue
                    turn = data["turn"]
                    if turn is not None and turn["seat"] == seat:
                        if decided == self.drop_after and self.joins == 1:
                            break  # the connection drops: the seat waits for this screen
                        view = wire.view(data["view"])
                        action = rng.choice(list(view.legal_actions))
                        act = {"type": "act", "action": str(action), "at": data["at"]}
                        await ws.send_json(act)
                        decided += 1


@pytest.mark.parametrize("game", sorted(TABLES))
@pytest.mark.slow
async def test_a_whole_game_is_played_from_several_screens_each_sent_only_its_own_view(
    game: str, served: Any
) -> None:
    table = start(game)
    sent: list[tuple[int | None, dict[str, Any], str]] = []
    original = table.table_news

    def recorded(seat: int | None) -> Any:
        news = original(seat)
        message = table.wire.encode(news)
        truth = json.dumps(
            table.wire.encode(
                table.session.view(seat) if seat is not None else table.session.public_view()
            )
        )
        sent.append((seat, message, truth))
        return news

    table.table_news = recorded  # type: ignore[method-assign]
    url = await served(table)
    wire = table.wire
    players = [
        Player(url, code, seed, drop_after=3 if seat == 0 else None)
        for seed, (seat, code) in enumerate(sorted(table.codes.items()))
    ]
    async with aiohttp.ClientSession() as http:
        await asyncio.gather(*(p.play(http, wire) for p in players))
    assert table.session.state.is_over()
    assert {seat for seat, _, _ in sent} == set(table.codes)
    for _, message, truth in sent:
        # Exactly the seat's own view at that moment, and nothing but the public table.
        assert json.dumps(message["view"]) == truth
        sent_keys = set(message) - {"record"} | {"together"}  # (those two: at times)
        assert sent_keys == PUBLIC_KEYS | {"view", "since", "take_back"}
        assert ("record" in message) == message["over"]
    # Every screen saw the game to its end; the first dropped once, mid-game, and came
    # back to its seat as it was (the others saw it away meanwhile).
    for p in players:
        assert p.received[0]["type"] == "welcome" and p.received[-1]["over"] is True
        # The finished chapters' logs are sent on joining and when a chapter ends only.
        tables = [m for m in p.received if m["type"] == "table"]
        full = [m for m in tables if "earlier" in m]
        chapters = len(table.session.earlier_logs()) + 1
        assert 1 <= len(full) <= chapters + p.joins < len(tables)
    assert [p.joins for p in players] == [2] + [1] * (len(players) - 1)
    assert any(0 in m.get("away", ()) for _, m, _ in sent if not m["over"])


def test_codes_are_easy_to_type_and_read_as_typed() -> None:
    codes = {new_code() for _ in range(200)}
    assert len(codes) == 200
    for code in codes:
        assert len(code) == 9 and code[4] == "-"
        assert set(code.replace("-", "")) <= set(CODE_ALPHABET)
        assert normal_code(code.lower().replace("-", " ")) == code
    for bad in (None, 7, "", "K7QF-9XM", "K7QF-9XMBB", "O0QF-9XMB", "K7QF-9XMB" * 10):
        assert normal_code(bad) is None


async def _join(url: str, code: object, version: object = VERSION) -> list[dict[str, Any]]:
    async with aiohttp.ClientSession() as http, http.ws_connect(url) as ws:
        await ws.send_json({"type": "hello", "version": version, "code": code})
        out = []
        async for msg in ws:
            out.append(json.loads(msg.data))
            if out[-1]["type"] in ("bye", "table"):
                break
        return out


async def test_a_wrong_code_or_version_is_told_why_and_later_tries_wait(served: Any) -> None:
    table = start("monster-taking")
    waited: list[float] = []

    async def wait(seconds: float) -> None:
        waited.append(seconds)

    table.wrong_wait = wait
    url = await served(table)
    for _ in range(FREE_TRIES):
        (bye,) = await _join(url, "2222-2222")
        assert bye == {
            "type": "bye",
            "why": "code",
            "reason": "that code is not one of this table's",
        }
    assert waited == []
    await _join(url, "not a code at all")
    assert len(waited) == 1
    (bye,) = await _join(url, table.codes[0], version=0)
    assert "update monstertrick" in bye["reason"]


async def test_a_screen_that_drops_rejoins_its_seat_as_it_was(served: Any) -> None:
    table = start("monster-taking")
    url = await served(table)
    first = await _join(url, table.codes[0])
    assert first[0]["type"] == "welcome" and first[0]["seat"] == 0
    # Gone: the other screen sees Ann away; back with the same code, the same table.
    watcher = await _join(url, table.watch_code)
    assert watcher[0]["seat"] is None and watcher[-1]["away"] == [0, 1]
    again = await _join(url, table.codes[0].lower())
    assert again[-1]["view"] == first[-1]["view"]


async def test_a_newer_screen_takes_the_seat_and_the_older_is_told_why(served: Any) -> None:
    table = start("monster-taking")
    url = await served(table)
    async with aiohttp.ClientSession() as http:
        old = await http.ws_connect(url)
        await old.send_json({"type": "hello", "version": VERSION, "code": table.codes[1]})
        assert (await old.receive_json())["type"] == "welcome"
        await _join(url, table.codes[1])
        seen = [json.loads(m.data) async for m in old]
        assert seen[-1] == {
            "type": "bye",
            "why": "replaced",
            "reason": "another screen joined with your code",
        }
        assert old.closed


async def test_a_screen_sends_only_its_own_decisions_each_checked(served: Any) -> None:
    table = start("monster-taking")
    url = await served(table)
    seat, _ = table.session.rules.to_decide(table.session.state)
    other = 1 - seat
    before = table.session.state.clone()
    async with aiohttp.ClientSession() as http, http.ws_connect(url) as ws:
        await ws.send_json({"type": "hello", "version": VERSION, "code": table.codes[other]})
        await ws.receive_json()
        await ws.receive_json()
        legal = str(table.session.view(seat).legal_actions[0])
        tries: list[object] = [
            {"type": "act", "action": legal},  # the other seat's move: not theirs to make
            {"type": "act", "action": "play Z99"},
            {"type": "act", "action": 7},
            {"type": "move", "seat": seat},
            [1, 2],
        ]
        for data in tries:
            await ws.send_json(data)
            answer = await ws.receive_json()
            assert answer["type"] == "refused" and 0 < len(answer["reason"]) < 200, answer
        await ws.send_str("{not json")
        assert (await ws.receive_json())["type"] == "refused"
    assert table.session.state == before


async def test_an_illegal_or_stale_decision_is_answered_with_the_reason_and_not_applied(
    served: Any,
) -> None:
    table = start("monster-taking")
    url = await served(table)
    seat, _ = table.session.rules.to_decide(table.session.state)
    view = table.session.view(seat)
    mine = set(view.hand)
    not_mine = next(str(a) for a in _all_strength_plays() if a.card not in mine)
    async with aiohttp.ClientSession() as http, http.ws_connect(url) as ws:
        await ws.send_json({"type": "hello", "version": VERSION, "code": table.codes[seat]})
        await ws.receive_json()
        at = (await ws.receive_json())["at"]
        before = table.session.state.clone()
        await ws.send_json({"type": "act", "action": not_mine, "at": at})
        answer = await ws.receive_json()
        assert answer == {"type": "refused", "reason": f"{not_mine.split()[1]} is not in your hand"}
        # A decision made on a table that has moved on since is never applied.
        mine_now = str(view.legal_actions[0])
        await ws.send_json({"type": "act", "action": mine_now, "at": [at[0], at[1] - 1]})
        answer = await ws.receive_json()
        assert answer == {"type": "refused", "reason": "the table has moved on"}
        assert table.session.state == before
        await ws.send_json({"type": "act", "action": mine_now, "at": at})
        assert (await ws.receive_json())["type"] == "table"
        assert table.session.state != before


def _all_strength_plays() -> list[Any]:
    from monstertrick.games.monster_taking.engine.actions import Strength
    from monstertrick.games.monster_taking.engine.cards import FULL_DECK

    return [Strength(c) for c in FULL_DECK]


async def test_a_message_over_the_size_limit_closes_the_screen(served: Any) -> None:
    table = start("monster-taking")
    url = await served(table, MessageLimits(max_bytes=512))
    async with aiohttp.ClientSession() as http, http.ws_connect(url) as ws:
        await ws.send_str("x" * 2000)
        msg = await ws.receive()
        assert msg.type in (
            aiohttp.WSMsgType.CLOSE,
            aiohttp.WSMsgType.CLOSED,
            aiohttp.WSMsgType.CLOSING,
        )


async def test_a_page_of_another_site_or_another_name_is_refused(served: Any) -> None:
    table = start("monster-taking")
    url = await served(table)
    async with aiohttp.ClientSession() as http:
        with pytest.raises(aiohttp.WSServerHandshakeError) as info:
            await http.ws_connect(url, headers={"Origin": "http://evil.example"})
        assert info.value.status == 403
        with pytest.raises(aiohttp.WSServerHandshakeError) as info:
            await http.ws_connect(url, headers={"Host": "evil.example"})
        assert info.value.status == 421


class Seen:
    """One screen's connection, read message by message."""

    def __init__(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        self.ws = ws
        self.last: dict[str, Any] = {}

    async def next_table(self) -> dict[str, Any]:
        while True:
            data = await self.ws.receive_json()
            if data["type"] in ("table", "refused"):
                if data["type"] == "table":
                    self.last = data
                return data


async def _seat(http: aiohttp.ClientSession, url: str, code: str) -> Seen:
    ws = await http.ws_connect(url)
    await ws.send_json({"type": "hello", "version": VERSION, "code": code})
    assert (await ws.receive_json())["type"] == "welcome"
    seen = Seen(ws)
    await seen.next_table()
    return seen


async def test_a_decision_may_be_taken_back_until_the_next_player_acts(served: Any) -> None:
    table = start("monster-taking")
    url = await served(table)
    session = table.session
    async with aiohttp.ClientSession() as http:
        screens = [await _seat(http, url, table.codes[s]) for s in (0, 1)]
        await screens[0].next_table()  # (the other screen joined)
        first, _ = session.rules.to_decide(session.state)
        mover, other = screens[first], screens[1 - first]
        before = session.state.clone()
        action = str(session.view(first).legal_actions[0])
        at = mover.last["at"]
        await mover.ws.send_json({"type": "act", "action": action, "at": at})
        shown = await mover.next_table()
        assert shown["take_back"] is True and shown["last"]["seat"] == first
        assert shown["turn"]["seat"] == 1 - first  # the next player may already act
        assert (await other.next_table())["take_back"] is False
        # Taken back: the table is as it was, and everyone is told.
        await mover.ws.send_json({"type": "take-back"})
        back = await mover.next_table()
        assert session.state == before and back["at"] == at and back["take_back"] is False
        assert (await other.next_table())["last"] == {"seat": first, "took_back": True, "at": at}
        # Made again, then the next player acts: it stands.
        await mover.ws.send_json({"type": "act", "action": action, "at": at})
        await mover.next_table()
        after = (await other.next_table())["at"]
        reply = str(session.view(1 - first).legal_actions[0])
        await other.ws.send_json({"type": "act", "action": reply, "at": after})
        await other.next_table()
        await mover.next_table()
        await mover.ws.send_json({"type": "take-back"})
        refused = await mover.next_table()
        assert refused["type"] == "refused" and "moved on" in refused["reason"]
        for screen in screens:
            await screen.ws.close()


async def test_a_computer_player_plays_for_an_away_seat_until_its_person_returns(
    served: Any,
) -> None:
    table = start("monster-taking")
    url = await served(table)
    session = table.session
    with pytest.raises(ValueError):
        await table.cover(0, "no such level")
    async with aiohttp.ClientSession() as http:
        bob = await _seat(http, url, table.codes[1])
        # Ann is away: the computer plays her seat, the game goes on to Bob each time.
        await table.cover(0, "easy")
        for _ in range(6):
            while bob.last["turn"] is None or bob.last["turn"]["seat"] != 1:
                if bob.last["pause"] is not None and 1 in bob.last["pause"]["waiting"]:
                    await bob.ws.send_json({"type": "ready"})
                await bob.next_table()
            assert bob.last["covered"] == [0] and bob.last["away"] == [0]
            action = str(session.view(1).legal_actions[0])
            await bob.ws.send_json({"type": "act", "action": action, "at": bob.last["at"]})
            await bob.next_table()
        assert session.hints == [] and len(session.log) > 0
        # Ann comes back: the seat is hers again.
        ann = await _seat(http, url, table.codes[0])
        assert table.covered == {} and ann.last["covered"] == []
        await ann.ws.close()
        await bob.ws.close()


async def test_a_round_end_waits_for_every_person_present_to_go_on(served: Any) -> None:
    table = start("monster-taking")
    session = table.session
    # Play to the end of the first hand with nobody's screen joined.
    while not session.rules.round_over(session.state):
        seat, _ = session.rules.to_decide(session.state)
        step = session.next_step()
        if not isinstance(step, Turn):
            session.done() if not isinstance(step, Handoff) else session.pass_keyboard(seat)
            continue
        session.apply(seat, session.view(seat).legal_actions[0])
    url = await served(table)
    async with aiohttp.ClientSession() as http:
        ann = await _seat(http, url, table.codes[0])
        assert ann.last["pause"] == {"round": 1, "waiting": [0]} and ann.last["turn"] is None
        bob = await _seat(http, url, table.codes[1])
        assert bob.last["pause"]["waiting"] == [0, 1]
        await ann.ws.send_json({"type": "ready"})
        assert (await ann.next_table())["pause"]["waiting"] in ([1], [0, 1])
        await bob.ws.send_json({"type": "ready"})
        while bob.last["pause"] is not None:
            await bob.next_table()
        assert session.rules.round_number(session.state) == 2
        await ann.ws.close()
        await bob.ws.close()


async def test_any_code_may_watch_what_everyone_may_see_without_taking_the_seat(
    served: Any,
) -> None:
    table = start("monster-taking")
    url = await served(table)
    async with aiohttp.ClientSession() as http, http.ws_connect(url) as ws:
        hello = {"type": "hello", "version": VERSION, "code": table.codes[0], "watch": True}
        await ws.send_json(hello)
        welcome = await ws.receive_json()
        shown = await ws.receive_json()
        assert welcome["seat"] is None
        assert shown["view"] == shown["public"] == table.wire.encode(table.session.public_view())
        assert shown["away"] == [0, 1]  # (Ann's seat is still free for Ann)


async def test_the_vp_rows_are_laid_at_once_in_any_order_each_seat_asked_together(
    served: Any,
) -> None:
    """Monster Trick's rules have everyone lay their VP row secretly at the same time: a
    hosted table asks every person at once (each screen is told who decides together)
    and takes the rows in any order, the last in the rules' order first."""
    seats = (Seat("Ann"), Seat("Bob"), Seat("Cy"))
    session = Session.start(Seating(seats, 0), 5, game="monster-trick")
    table = TableHost(session)
    url = await served(table)
    order = session.deciders()
    assert len(order) == 3 and session.rules.to_decide(session.state)[1] == "arrange"
    async with aiohttp.ClientSession() as http:
        screens = [await _seat(http, url, table.codes[s]) for s in (0, 1, 2)]
        for seat, screen in enumerate(screens):
            while len(screen.last["away"]) > 0:  # (the others joined)
                await screen.next_table()
            assert screen.last["together"] == list(order), seat
            assert screen.last["turn"] == {"seat": order[0], "task": "arrange"}
        # The last the rules would ask lays their row first, then the others.
        for n, seat in enumerate(reversed(order)):
            row = str(session.view(seat).legal_actions[n])
            at = screens[seat].last["at"]
            await screens[seat].ws.send_json({"type": "act", "action": row, "at": at})
            shown = await screens[seat].next_table()
            assert shown["type"] == "table", shown
            assert shown["last"]["seat"] == seat and session.state.arrangement(seat) is not None
            for other in screens:
                if other is not screens[seat]:
                    await other.next_table()
        assert session.deciders() == (session.rules.to_decide(session.state)[0],)
        assert "together" not in screens[0].last  # (one seat decides: a card to play)
        for screen in screens:
            await screen.ws.close()


def test_a_resumed_table_asks_at_once_only_those_who_have_not_laid_their_row() -> None:
    seats = (Seat("Ann"), Seat("Bob"), Seat("Cy"))
    session = Session.start(Seating(seats, 0), 5, game="monster-trick")
    session.seat_a_screen_each()
    first, *_, last = session.deciders()
    session.apply(last, session.view(last).legal_actions[0])
    session.done()
    record = session.rules.to_record(session.state)
    resumed = Session(
        session.seating, 5, session.rules.from_record(record), game_key="monster-trick"
    )
    resumed.seat_a_screen_each()
    assert last not in resumed.deciders() and first in resumed.deciders()
    assert len(resumed.deciders()) == 2
    # At one keyboard the rows go in turn as before: one seat at a time.
    resumed.screen_each = False
    assert len(resumed.deciders()) == 1


async def test_a_screen_gone_while_the_others_lay_their_rows_comes_back_to_lay_its_own(
    served: Any,
) -> None:
    seats = (Seat("Ann"), Seat("Bob"), Seat("Cy"))
    session = Session.start(Seating(seats, 0), 5, game="monster-trick")
    table = TableHost(session)
    url = await served(table)
    order = session.deciders()
    gone = order[1]
    async with aiohttp.ClientSession() as http:
        screens = {s: await _seat(http, url, table.codes[s]) for s in (0, 1, 2)}
        for screen in screens.values():
            while screen.last["away"]:
                await screen.next_table()
        await screens.pop(gone).ws.close()  # (its connection dropped: killed, say)
        for seat, screen in screens.items():
            while gone not in screen.last["away"]:
                await screen.next_table()
            row = str(session.view(seat).legal_actions[0])
            await screen.ws.send_json({"type": "act", "action": row, "at": screen.last["at"]})
            assert (await screen.next_table())["type"] == "table"
            for other in screens.values():
                if other is not screen:
                    await other.next_table()
        assert session.state.arrangement(gone) is None
        back = await _seat(http, url, table.codes[gone])
        assert back.last["turn"] == {"seat": gone, "task": "arrange"}
        assert back.last["view"]["arrangement"] is None  # (its row still to lay)
        row = str(session.view(gone).legal_actions[0])
        await back.ws.send_json({"type": "act", "action": row, "at": back.last["at"]})
        assert (await back.next_table())["last"]["seat"] == gone
        assert session.state.arrangement(gone) is not None
        for screen in (*screens.values(), back):
            await screen.ws.close()
