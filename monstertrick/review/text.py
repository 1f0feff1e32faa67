"""A review in words: a player's figures, a decision in a line or two with its reason,
a deal's luck, and the whole review for people (:func:`format_review`)."""

from __future__ import annotations

import math
import textwrap
from collections.abc import Sequence

from ..arena import counted, wilson
from ..games import GAMES
from ..games.common.words import plural
from .model import LUCK_POLICY, MARKS, DecisionReview, Luck, Review


def _pct(x: float) -> str:
    return f"{round(x * 100)}%"


def _points(x: float) -> str:
    return f"{x * 100:.1f}"


WIDTH = 80
"""The widest line of a review in words."""


def luck_text(luck: Luck, seat: int) -> str:
    """``seat``'s chance to win at the deal of ``luck``, as a review shows it: in whole
    percents, except when the seat lost (won) every one of the games played from the
    deal: then not "0%" ("100%"), which says it could not happen, but the bound those
    games leave it under (over), 95% sure (a Wilson interval, as the arena's): "<11%"
    after 32 games lost."""
    chance, n = luck.chances[seat], luck.samples
    if chance <= 0:
        return f"<{math.ceil(wilson(0, n)[1] * 100)}%"
    if chance >= 1:
        return f">{math.floor(wilson(n, n)[0] * 100)}%"
    return _pct(chance)


def _extreme(luck: Luck) -> bool:
    """Whether some seat's chance at this deal is said as a bound (:func:`luck_text`)."""
    return any(c <= 0 or c >= 1 for c in luck.chances)


def describe_decision(
    review: Review, d: DecisionReview, chapter_name: str, *, width: int = WIDTH
) -> list[str]:
    """A decision in a line or two of at most 76 columns (80 once indented under a
    player's figures), then its reason, wrapped as wide (``width``: the widest line
    once indented)."""
    lines = _decision_head(review, d, chapter_name)
    if d.reason:
        lines += textwrap.wrap(
            f"why: {d.reason}", width - 4, initial_indent=" " * 8, subsequent_indent=" " * 10
        )
    return lines


def _decision_head(review: Review, d: DecisionReview, chapter_name: str) -> list[str]:
    name = review.players[d.seat]
    task = "" if d.chosen.startswith(d.task) else f"{d.task} "
    head = f"{chapter_name} {d.chapter} #{d.step + 1} {name}: {task}{_clip(d.chosen, 20)}"
    if d.forced:
        return [f"{head} (forced)"]
    v = d.verdict
    chosen = d.options[d.choice]
    line = f"{head} {_pct(chosen.chance)}"
    if v.kind == "best":
        return [f"{line}, the best"]
    best = d.options[0]
    line += f"{' ' + v.mark if v.mark else ''}"
    best_text = f"best {_clip(best.action, 20)} {_pct(best.chance)}"
    if v.kind == "equal":
        return [line, f"{'':8}about equal to the {best_text}"]
    if v.noise is None:
        gave = f"gave up {_points(v.given_up)} points (too little measured to mark)"
    else:
        gave = f"gave up {_points(v.given_up)} ±{_points(2 * v.noise)} points"
    return [line, f"{'':8}{best_text}: {gave}"]


def _clip(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def _wrap(head: str, parts: Sequence[str], indent: int, width: int = WIDTH) -> list[str]:
    """``head`` and ``parts`` joined by commas in lines of at most ``width`` columns,
    the lines after the first indented by ``indent``."""
    lines = [head]
    for i, part in enumerate(parts):
        piece = part + ("," if i < len(parts) - 1 else "")
        if len(lines[-1]) + 1 + len(piece) > width and lines[-1].strip():
            lines.append(" " * indent + piece)
        else:
            lines[-1] += ("" if lines[-1].endswith(" ") else " ") + piece
    return lines


def format_review(review: Review, *, every: bool = False, width: int = WIDTH) -> str:
    """A review for people, in lines of at most ``width`` (80) columns: per player the
    figures and the decisions that mattered most, then the luck of each deal, then the
    marked decisions (``every``: every decision). The line mode asks for lines as wide
    as they come (``width`` very large: one line per thought, nothing wrapped)."""
    entry = GAMES[review.game]
    door = entry.load()
    chapter = door.chapter_name
    whole = door.arena_terms.unit  # what is won: the game, or Monster Taking's match
    lines = _wrap(f"Review of a {whole} of {entry.title}:", list(review.players), 2, width)
    lines += [
        f"(seed {review.settings.seed}, {review.settings.playouts} playouts per option; "
        f"chances to win the {whole} in %)",
        "",
    ]
    by_index = {d.index: d for d in review.decisions}
    for seat in review.seats:
        s = review.summary(seat)
        lines.append(f"{s.name}: {plural(s.decisions, 'decision')}, {s.unforced} unforced")
        if s.unforced:
            assert s.agreement is not None
            lines.append(
                f"  agreed with the review: {_pct(s.agreement)} ({s.agreed} of {s.unforced})"
            )
            lines.append(
                f"  chance to win the {whole} given up: {_points(s.mean_given_up)} points per "
                "decision"
            )
        marks = ", ".join(f"{s.marks[m]} {m}" for _, m in MARKS)
        lines.append(f"  marks: {marks}")
        if review.luck:
            deals = [luck_text(luck, seat) for luck in review.luck]
            head = f"  chance to win the {whole} at each deal ({chapter} 1 on):"
            lines += _wrap(head, deals, 4, width)
        if s.mattered:
            lines.append("  mattered most:")
            for i in s.mattered:
                lines.extend(
                    "    " + t for t in describe_decision(review, by_index[i], chapter, width=width)
                )
        lines.append("")
    if review.luck:
        lines.append(f"Luck: each player's chance to win the {whole} at each deal")
        samples = counted(review.luck[0].samples, whole)
        lines.append(f"({samples} played from each deal, {LUCK_POLICY} playing every seat)")
        for luck in review.luck:
            chances = [
                f"{review.players[p]} {luck_text(luck, p)}" for p in range(len(review.players))
            ]
            lines += _wrap(f"  {chapter} {luck.chapter}:", chances, 4, width)
        if any(_extreme(luck) for luck in review.luck):
            n = review.luck[0].samples
            low, high = (luck_text(Luck(0, (x,), (0.0,), n), 0) for x in (0.0, 1.0))
            lines.append(f"  ({low}: lost all {n}, so under {low[1:]}, 95% sure; {high}: won all)")
        lines.append("")
    shown = [d for d in review.decisions if every or d.mark]
    lines.append("Every decision:" if every else "Marked decisions:")
    if not shown:
        lines.append("  none")
    for d in shown:
        lines.extend("  " + t for t in describe_decision(review, d, chapter, width=width))
    return "\n".join(lines) + "\n"
