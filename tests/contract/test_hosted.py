"""Every game, and the toy game, hosted at a table of two people's screens on loopback
into its second chapter: what a hosted table asks of a game (views, the wire, the
history of finished chapters, a round's end and readiness) is the contract's alone."""

from __future__ import annotations

import asyncio
from typing import Any

import aiohttp

from monstertrick.games import GAMES
from monstertrick.net.host.table import TableHost
from monstertrick.seating import Seat, Seating
from monstertrick.session import Session

from ..web.test_table import Player


def two_people(key: str) -> Seating:
    """Two people (Ann and Bob), and easy computer players for the other seats the game
    needs."""
    names = ["Ann", "Bob", "Cy", "Di", "Ed"][: max(2, GAMES[key].min_players)]
    return Seating(tuple(Seat(n, None if i < 2 else "easy") for i, n in enumerate(names)), 0)


async def test_a_game_is_hosted_into_its_second_chapter_with_the_first_told(
    game_key: str, served: Any
) -> None:
    table = TableHost(Session.start(two_people(game_key), 5, game=game_key))
    url = await served(table)
    players = [
        Player(url, code, seed, until_chapter=2)
        for seed, (_, code) in enumerate(sorted(table.codes.items()))
    ]
    async with aiohttp.ClientSession() as http:
        await asyncio.gather(*(p.play(http, table.wire) for p in players))
    session = table.session
    assert session.position[0] == 2 and not session.state.is_over()
    earlier = session.earlier_logs()
    assert len(earlier) == 1 and earlier[0]  # the first chapter's events, from its history
    told = [table.wire.encode(e) for e in earlier[0]]
    for p in players:
        tables = [m for m in p.received if m["type"] == "table"]
        assert tables[0]["at"][0] == 1 and tables[-1]["at"][0] == 2
        # The first news of the second chapter tells the first chapter's events whole.
        first_of_two = next(m for m in tables if m["at"][0] == 2)
        assert first_of_two["earlier"] == [told]
