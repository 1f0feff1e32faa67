"""Build exact positions for rule tests: hands by hand, moves written "G8>1"."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any

from monstertrick.games.monster_trick.engine import Arrange, Card, GameState, Move, Phase, deck

NAMES = ["Ann", "Bob", "Cid", "Dee", "Eve"]


def cards(text: str) -> list[Card]:
    return [Card.parse(t) for t in text.split()]


def game_with(
    hands: Sequence[str],
    num_players: int | None = None,
    *,
    first_player: int = 0,
    arrange: Iterable[Sequence[int]] | None = None,
    seed: int | None = 1,
) -> GameState:
    """A game whose round-1 hands start with the given cards; the rest of the deck is
    dealt in order to fill each hand to 12. Everyone arranges (default: VP set order)."""
    n = num_players or len(hands)
    given = [cards(h) for h in hands] + [[] for _ in range(n - len(hands))]
    used = {c for h in given for c in h}
    rest = [c for c in deck(n) if c not in used]
    full = []
    for h in given:
        need = 12 - len(h)
        full.append(h + rest[:need])
        rest = rest[need:]
    game = GameState(NAMES[:n], hands=full, first_player=first_player, seed=seed)
    orders = list(arrange) if arrange is not None else [game.vp_set] * n
    for p, order in enumerate(orders):
        game.arrange(p, order)
    return game


def move(text: str) -> Move:
    """``"G8>1"``: card G8 to slot 1 as players count (1-4)."""
    card, slot = text.split(">")
    return Move.of(card, int(slot) - 1)


def play(game: GameState, *moves: str) -> list:
    events: list = []
    for m in moves:
        events.extend(game.play(move(m)))
    return events


def random_step(target: Any, rng: random.Random) -> None:
    """One random decision for a :class:`GameState`, or for a
    :class:`~monstertrick.session.Session` (through its steps, as a front-end does:
    pauses are seen, handoffs accepted, then one random legal decision applied)."""
    from monstertrick.session import GameEnd, Handoff, Played, RoundOver, Session

    if isinstance(target, Session):
        while True:
            step = target.next_step()
            if isinstance(step, (Played, RoundOver)):
                target.done()
            elif isinstance(step, Handoff):
                target.pass_keyboard(step.seat)
            elif isinstance(step, GameEnd):
                raise ValueError("the game is over")
            else:
                break
        game = target.state
        if game.phase is Phase.ARRANGING:
            action: Any = Arrange.of(rng.choice(game.legal_arrangements()))
        else:
            action = rng.choice(game.legal_moves())
        target.apply(step.seat, action)
        return
    game = target
    if game.phase is Phase.ROUND_OVER:
        game.next_chapter()
    elif game.phase is Phase.ARRANGING:
        game.arrange(game.current_player, rng.choice(game.legal_arrangements()))
    elif game.phase is Phase.PLAYING:
        game.play(rng.choice(game.legal_moves()))
    else:
        raise ValueError("the game is over")


def random_position(n: int, seed: int, first: int, steps: int) -> tuple[GameState, random.Random]:
    """A random game of ``n`` players after ``steps`` random decisions (fewer if it ends
    first), and the generator that made them."""
    rng = random.Random(seed)
    game = GameState(NAMES[:n], seed=seed, first_player=first % n)
    for _ in range(steps):
        if game.phase is Phase.GAME_OVER:
            break
        random_step(game, rng)
    return game, rng
