"""The exact value of what is left of a game, both hands seen (for search bots' endings).

Both players play perfectly to win the current game of the match: a depth-first
minimax (negamax: one player's worth is one minus the other's) with alpha-beta pruning
over the engine's own legal actions (every legal payment too), carried out with
:meth:`~.state.MatchState.push` and undone with :meth:`~.state.MatchState.pop`, so the
rules are never written twice and the state is left exactly as it was. Good moves are
tried first (a follower's cheapest win or cheapest loss, a payment of the fewest and
weakest cards) so that the window of won, drawn and lost games closes early.
"""

from __future__ import annotations

from .cards import DOTS
from .state import MatchState, Phase

__all__ = ["SOLVE_LIMIT", "solve"]

SOLVE_LIMIT = 3000
""":func:`solve` gives up after visiting this many positions."""

_PLAY = Phase.PLAY
_PAY = Phase.PAY
_GAME_OVER = Phase.GAME_OVER
_MATCH_OVER = Phase.MATCH_OVER


class _TooBig(Exception):
    """The solution would visit more than the limit's positions."""


def solve(state: MatchState, seat: int, limit: int = SOLVE_LIMIT) -> float | None:
    """What the current game of ``state`` is worth to ``seat`` when both players play
    it perfectly from here, seeing both hands: 1 won, 0.5 drawn, 0 lost; None if that
    takes more than ``limit`` positions. ``state`` is left as it was; it must be in a
    game's tricks (after the strength cards), or over."""
    left = [limit]
    push = state.push
    pop = state.pop

    def value(me: int, alpha: float, beta: float) -> float:
        """What the game is worth to ``me``, the player to act (negamax: the other
        player's worth is one minus it, their window the mirror of ``me``'s)."""
        phase = state._phase
        if phase is _GAME_OVER or phase is _MATCH_OVER:
            winner = state._results[-1].winner
            return 0.5 if winner is None else (1.0 if winner == me else 0.0)
        left[0] -= 1
        if left[0] < 0:
            raise _TooBig
        actions = state.legal_actions()
        if len(actions) > 1:
            rank = state._rank
            if phase is _PAY:

                def cost(a: object) -> tuple[int, int]:
                    cards: tuple[int, ...] = a.cards  # type: ignore[attr-defined]
                    return (len(cards), sum((c & 15) + 6 * (2 - rank[c >> 4]) for c in cards))

                actions.sort(key=cost)
            elif phase is _PLAY and state._led >= 0:
                led = state._led
                suit = led >> 4
                dots = DOTS[led]

                def reply(a: object) -> int:
                    c: int = a.card  # type: ignore[attr-defined]
                    d = abs(DOTS[c] - dots)
                    wins = c > led if c >> 4 == suit else rank[c >> 4] < rank[suit]
                    return -(10 + d) if wins else d

                actions.sort(key=reply)
        best = 0.0
        for a in actions:
            push(a)
            try:
                over = state._phase is _GAME_OVER or state._phase is _MATCH_OVER
                if over or state._to_move == me:
                    v = value(me, alpha, beta)
                else:
                    v = 1.0 - value(1 - me, 1.0 - beta, 1.0 - alpha)
            finally:
                pop()
            if v > best:
                best = v
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        break
        return best

    mover = state._to_move
    try:
        worth = value(mover, 0.0, 1.0)
    except _TooBig:
        return None
    return worth if mover == seat else 1.0 - worth
