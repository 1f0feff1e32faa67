"""The line mode's flow: a game at one keyboard as plain lines, written once for every
game over :class:`~monstertrick.seat_session.SeatSession` and the game's door.

Every line is labelled ("Event:", "Turn:", "Prompt:"...). Each time it waits for an
answer, the line before says so and starts with ``Prompt:``; a decision comes as a
numbered list of the legal choices in words (the door's ``action_words``), answered by
number or by the choice's name as the game prints it (``G7→2``, ``G7 2``). The rules'
refusal of a choice is said in the rules' words. Query commands (:data:`COMMANDS`) work
at any prompt; those about a seat's own cards only once that seat holds the keyboard.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from .. import flow
from ..errors import InvalidMoveError
from ..games import GAMES
from ..games.common.words import plural
from ..session import BotTurn, Handoff, HintTaken, Played, RoundOver, Turn

if TYPE_CHECKING:
    from ..games import SomeDoor
    from ..games.contract import Action, SomeView
    from ..review import Game, Review, Settings
    from ..seat_session import SeatSession

__all__ = ["COMMANDS", "LineMode", "plain", "rules_lines", "spoken"]

COMMANDS: tuple[tuple[str, str], ...] = (
    ("hand", "your cards (after a handoff, only to the person it named)"),
    ("table", "every open trick and what lies on the table"),
    ("turn", "whose turn it is, and what they decide"),
    ("scores", "tricks and points so far"),
    ("row", "your VP row and which card shows (Monster Trick)"),
    ("deduce", "what each card in a hand may be worth, from what all have seen (Magic Trick)"),
    ("last", "what the last decision did, and the last trick won"),
    ("log", "everything that happened this round, hand or game"),
    ("hint", "what the computer would choose for you"),
    ("rules", "the rules of the game"),
    ("review", "once the game is over: every person's decisions judged, and the luck"),
    ("mistakes", "after the review: choose again at each marked decision of a player"),
    ("repeat", "say the question and the choices again"),
    ("?", "this list"),
    ("quit", "stop here; the game is saved (Ctrl+D does the same)"),
)
_PRIVATE = frozenset({"hand", "row", "hint"})


@runtime_checkable
class _Described(Protocol):
    def describe(self, names: Sequence[str]) -> str: ...


def plain(text: str) -> str:
    """``text`` safe for a plain line: control and format characters (an escape
    sequence hidden in a name) shown as their code, never sent to the terminal."""
    out = []
    for ch in spoken(text):
        if unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co"):
            out.append(f"<U+{ord(ch):04X}>")
        elif 0x2500 <= ord(ch) <= 0x257F:  # box drawing: read out glyph by glyph
            out.append("-")
        else:
            out.append(ch)
    return "".join(out)


_NUMBERED = re.compile(r"\d+\. ")
_RANGE = re.compile(r"(\d)\u2013(\d)")
_SIGNED = re.compile(r"(?<![\w.+-])([-+])(?=\d)")


def spoken(text: str) -> str:
    """``text`` as a screen reader should say it: an arrow between a count and a score
    read as "for" (not "right arrow"), a range's dash as "to" ("0–7" is read "zero
    seven"), the dots mark as "dots" (read as nothing), and a sign before a number as a
    word (a speech synthesizer drops the minus of "-2")."""
    text = text.replace(" → ", " for ").replace("•", "dots").replace(" \u2212 ", " minus ")
    text = _RANGE.sub(r"\1 to \2", text)
    return _SIGNED.sub(lambda m: "minus " if m.group(1) == "-" else "plus ", text)


def rules_lines(text: str) -> list[str]:
    """A rules page (markdown) as lines to hear: a heading, a paragraph, a list item or
    a table row a line each (a paragraph's lines joined), their marks for the eye
    (emphasis, code, list and table marks) left out, and the Keys section (the app's
    keys) skipped."""
    out: list[str] = []
    keys = joining = False
    for raw in text.splitlines():
        line = raw.strip()
        heading = line.startswith("#")
        if heading:
            keys = line.lstrip("# ").strip().casefold() == "keys"
        if keys or not line or set(line) <= set("|-: "):
            joining = False
            continue
        item = line.startswith(("- ", "* ", "|")) or _NUMBERED.match(line) is not None
        line = line.lstrip("#").strip().removeprefix("- ").removeprefix("* ")
        line = line.replace("**", "").replace("`", "").replace(" · ", "; ")
        if raw.lstrip().startswith("|"):  # (a table's row: its cells)
            line = "; ".join(part.strip() for part in line.strip("|").split("|"))
        line = line.replace("|", "")  # (an absolute value's bars)
        if joining and not heading and not item:
            out[-1] = f"{out[-1]} {line}"
        else:
            out.append(line)
        joining = not heading and not raw.lstrip().startswith("|")
    return out


def _folded(text: str) -> str:
    """A choice's name as typed or printed, folded: case, arrows, dashes and commas
    count as spaces (``G7→2``, ``g7 2`` and ``G7->2`` are one)."""
    text = text.casefold().replace("->", " ").replace("→", " ")
    for mark in "-,;:()":
        text = text.replace(mark, " ")
    return " ".join(text.split())


class Quit(Exception):
    """The person ended the line mode (``quit``, or the end of the input)."""


class LineMode:
    """A game at one keyboard, told in lines: ``write`` takes each line (no newline),
    ``read`` gives each answer (None at the end of the input). ``table``: the session
    :meth:`run` drives through the flow (:mod:`monstertrick.flow`: the local session;
    its computer players decide there); ``review_settings``: the review's (its own by
    default, as the app's and ``monstertrick review``'s)."""

    def __init__(
        self,
        session: SeatSession,
        write: Callable[[str], None],
        read: Callable[[], str | None],
        table: flow.Driven[Action, SomeView] | None = None,
        review_settings: Settings | None = None,
    ) -> None:
        self.session = session
        self.table = table
        self.review_settings = review_settings
        self._write = write
        self._read = read
        self.door: SomeDoor = GAMES[session.game_key].load()
        self.last: list[str] = []
        self.question: list[str] = []
        self.reviewed: tuple[Game, Review] | None = None
        """The finished game and its review, once told (``mistakes`` retries from it)."""

    # ------------------------------------------------------------------ lines

    @property
    def streams(self) -> tuple[Callable[[str], None], Callable[[], str | None]]:
        """Where the lines go and where the answers come from (for a front end on the
        same lines: a lesson, a retried decision)."""
        return self._write, self._read

    def say(self, label: str, text: str) -> None:
        self._write(plain(f"{label}: {text}"))

    @property
    def names(self) -> tuple[str, ...]:
        return self.session.names

    def _events(self, events: Sequence[object]) -> list[str]:
        return [e.describe(self.names) for e in events if isinstance(e, _Described)]

    # ------------------------------------------------------------------ the flow

    def run(self) -> bool:
        """Play the table until the game ends (True) or the person stops (False)."""
        assert self.table is not None, "the line mode plays a table it drives"
        try:
            while True:
                need = flow.next_need(self.table)
                if isinstance(need, flow.Over):
                    self.game_end()
                    self.closing()
                    return True
                if isinstance(need, flow.Think):
                    self.told(self.table.apply(need.seat, need.choose()))
                elif isinstance(need.step, Handoff):
                    self.handoff(need.step.seat)
                elif isinstance(need.step, Played):
                    self.played(need.step)
                elif isinstance(need.step, RoundOver):
                    self.round_over(need.step.number)
                else:
                    self.turn(need.step.seat, need.step.task)
        except Quit:
            return False

    def handoff(self, seat: int) -> None:
        name = self.names[seat]
        if len(self.session.humans) > 1:
            self.say("Handoff", f"Pass the keyboard to {name}.")
        self.question = [f"{name}, press Enter when only you can hear."]
        self.prompt(None, self._enter)
        self.session.pass_keyboard(seat)
        since = self._events(self.session.since_last_turn(seat))
        for line in since:
            self.say("Since your last turn", line)

    def turn(self, seat: int, task: str) -> None:
        events = self.session.apply(seat, self.ask_choice(seat, task))
        self.told(events)

    def ask_choice(self, seat: int, task: str, again: bool = False) -> Action:
        """Ask ``seat`` for its decision (``task``): the legal choices as a numbered list
        (``again``: not said again, only the prompt: a choice was just refused), answered
        by number or name, the query commands meanwhile; the action chosen."""
        view = self.session.view(seat)
        actions = self.distinct(view)
        name = self.names[seat]
        chapter = self.door.chapter_name
        head = f"{name}, {chapter} {view.chapter}: {task}. Your choices:"
        choices = [f"{n}. {self.door.action_words(view, a)}" for n, a in enumerate(actions, 1)]
        if not again:
            self.say("Turn", head)
            for line in choices:
                self._write(plain(line))
        self.question = [head, *choices]
        answer: list[Action] = []

        def take(text: str) -> bool:
            action = self.choice(seat, actions, text)
            if action is None:
                return False
            answer.append(action)
            return True

        self.prompt(
            seat, take, ask="type a number and Enter, or the choice's name; ? for commands."
        )
        return answer[0]

    def distinct(self, view: SomeView) -> list[Action]:
        """The view's legal actions, one for each distinct decision (the door's
        ``same_decision``: a card onto any empty slot is one choice), in their order."""
        seen: set[object] = set()
        out = []
        for action in view.legal_actions:
            key = self.door.same_decision(view, action)
            if key not in seen:
                seen.add(key)
                out.append(action)
        return out

    def _enter(self, text: str) -> bool:
        """An answer to "press Enter": Enter alone (anything else is said to be no
        answer)."""
        if text:
            self.say("Problem", "press Enter alone to go on, or type ? for the commands.")
        return not text

    def choice(self, seat: int, actions: Sequence[Action], text: str) -> Action | None:
        """The action ``text`` names (a number or its name), or None after saying why
        it is not one."""
        if not text:
            self.say("Problem", f"type a number from 1 to {len(actions)}, then Enter.")
            return None
        if text.isdigit():
            number = int(text)
            if 1 <= number <= len(actions):
                return actions[number - 1]
            self.say("Problem", f"there is no choice {number}: choose 1 to {len(actions)}.")
            return None
        folded = _folded(text)
        for action in self.session.view(seat).legal_actions:
            if _folded(str(action)) == folded:
                return action
        action = self._parsed(text, actions)
        if isinstance(action, str):
            self.say("Problem", f"{action}. Type ? for the commands.")
            return None
        refusal = self.refused(seat, action)
        self.say("Problem", refusal if refusal else f"{text} is not one of the choices now.")
        return None

    def refused(self, seat: int, action: Action) -> str | None:
        """Why the rules refuse ``seat``'s ``action``, typed by name (None: they allow
        it); a lesson counts it (:mod:`monstertrick.lines.learn`)."""
        return self.session.refusal(seat, action)

    def _parsed(self, text: str, actions: Sequence[Action]) -> Action | str:
        """The action ``text`` writes, read by the game's door, its spaces standing for
        the marks the game prints between an action's parts (``G7 2`` for ``G7→2``);
        else why it is none, in the game's words."""
        marks = {ch for a in actions for ch in str(a) if not ch.isalnum() and not ch.isspace()}
        words = text.split()
        tries = [text, *(mark.join(words) for mark in sorted(marks))]
        problem = ""
        for attempt in tries:
            try:
                return self.door.parse_action(attempt)
            except (InvalidMoveError, ValueError) as exc:
                problem = problem or str(exc)
        return problem

    def told(self, events: Sequence[object]) -> None:
        lines = self._events(events)
        for line in lines:
            self.say("Event", line)
        self.last = lines

    def played(self, step: Played) -> None:
        seat = step.seat
        if step.private and self.session.can_take_back(seat):
            self.question = ["Press Enter to go on, or type undo to take it back."]
            undone: list[bool] = []

            def take(text: str) -> bool:
                if text.casefold() == "undo":
                    undone.append(True)
                    return True
                return self._enter(text)

            self.prompt(seat, take)
            if undone:
                self.session.take_back(seat)
                self.say("Undo", f"{self.names[seat]} took that back; choose again.")
                return
        self.session.done()

    def round_over(self, number: int) -> None:
        chapter = self.door.chapter_name
        self.say("End", f"{chapter.capitalize()} {number} is over.")
        for line in self.door.view_lines(self.session.public_view(), "scores"):
            self.say("Scores", line)
        if self.session.running:
            self.question = [f"Press Enter for the next {chapter}."]
            self.prompt(None, self._enter)
        self.session.done()

    def game_end(self) -> None:
        """The end, in the game's word for what is won (the game, or Monster Taking's
        match, as its end screens say), the standings in its score's name (a shared
        victory places each winner first) and the result."""
        outcome = self.session.outcome()
        self.say("End", f"The {self.door.arena_terms.unit} is over.")
        if outcome is not None:
            unit = GAMES[self.session.game_key].score_name
            ranked = sorted(range(len(self.names)), key=lambda s: -outcome.scores[s])
            for place, s in enumerate(ranked, 1):
                shown = 1 if s in outcome.winners else place
                self.say("Standing", f"{shown}. {self.names[s]}, {outcome.scores[s]} {unit}")
            self.say("Result", outcome.explain(self.names))
        self.say("Saved", self.saved_line())

    def closing(self) -> None:
        """After the final standings: the review on request, the commands meanwhile
        (Enter alone, or the end of the input, finishes)."""
        self.question = ["Type review for the review of this game, or press Enter to finish."]
        try:
            self.prompt(None, self._enter)
        except Quit:
            pass

    def tell_review(self) -> None:
        """The review of the finished game, of each person at the table (a game of
        computer players only: of every seat), in the words of ``monstertrick review``,
        one line per thought (nothing wrapped, no indents)."""
        from ..errors import RecordError
        from ..review import Game, ReviewCache, ReviewError, format_review, plan, review

        session = self.session
        if session.running:
            self.say("Review", "the review comes once the game is over: its secrets are kept.")
            return
        try:
            game = Game(session.finished_record())
        except (RecordError, ReviewError, ValueError) as exc:
            self.say("Review", f"this game cannot be reviewed: {exc}")
            return
        seats = session.humans or tuple(range(len(session.names)))
        decisions, deals = len(plan(game, seats)), game.chapters
        self.say(
            "Review",
            f"thinking over {plural(decisions, 'decision')} and {plural(deals, 'deal')}; "
            "this takes a while.",
        )
        result = review(game, seats, self.review_settings, cache=ReviewCache())
        for line in format_review(result, width=1 << 16).splitlines():
            if line.strip():
                self.say("Review", line.strip())
        self.reviewed = (game, result)
        more = (
            "; type mistakes to choose again at its marked decisions"
            if any(d.mark for d in result.decisions)
            else ""
        )
        self.say("Review", f"that is all of the review{more}.")

    def saved_line(self) -> str:
        """Where the finished game is kept."""
        error = self.session.save_error
        if error:
            return f"not saved: {error}"
        return "the game is in History (monstertrick, then History)."

    # ------------------------------------------------------------------ answers

    def prompt(self, seat: int | None, take: Callable[[str], bool], ask: str | None = None) -> None:
        """Ask until ``take`` accepts an answer, answering the query commands meanwhile
        (``seat``: whose private things they may ask for; None: nobody's)."""
        while True:
            last = self.question[-1] if ask is None else ask
            self.say("Prompt", last)
            text = self._read()
            if text is None:
                raise Quit
            text = text.strip()
            word = text.casefold()
            if word == "quit":
                raise Quit
            if word in dict(COMMANDS):
                self.query(word, seat)
                continue
            if take(text):
                return

    def query(self, word: str, seat: int | None) -> None:
        """Answer the query command ``word`` (``seat``: whose private things it may
        tell; None: nobody's)."""
        if word in _PRIVATE and seat is None:
            self.say("Private", "that is said only after a handoff, to the person it names.")
            return
        told = {
            "?": self._tell_commands,
            "repeat": self._tell_question,
            "turn": self._tell_turn,
            "last": self._tell_last,
            "log": self._tell_log,
            "rules": self._tell_rules,
            "review": self.tell_review,
            "mistakes": self.mistakes,
        }.get(word)
        if told is not None:
            told()
        elif word == "hint":
            assert seat is not None
            self.hint(seat)
        else:
            session = self.session
            view = session.view(seat) if seat is not None else session.public_view()
            lines = self.door.view_lines(view, word)
            for line in lines or [f"this game has no {word} to tell."]:
                self.say(word.capitalize(), line)

    def _tell_commands(self) -> None:
        for name, what in COMMANDS:
            self.say("Command", f"{name}: {what}")

    def _tell_question(self) -> None:
        for line in self.question:
            self._write(plain(line))

    def _tell_turn(self) -> None:
        view = self.session.public_view()
        step = self.session.next_step()
        chapter = f"{self.door.chapter_name} {view.chapter}"
        if isinstance(step, Turn | BotTurn | Handoff):
            text = f"{chapter}: {self.names[step.seat]} decides ({step.task})."
        else:
            text = f"{chapter}: nobody decides now."
        self.say("Whose turn", text)

    def _tell_last(self) -> None:
        for line in self.last or ["nothing has happened yet."]:
            self.say("Last", line)
        won = [e for e in self.session.round_log() if self.door.wins_a_trick(e)]
        if won and isinstance(won[-1], _Described):
            self.say("Last trick", won[-1].describe(self.names))

    def _tell_log(self) -> None:
        lines = [
            e.describe(self.names) if isinstance(e, (_Described, HintTaken)) else str(e)
            for e in self.session.round_log()
        ]
        for line in lines or ["nothing has happened yet."]:
            self.say("Log", line)

    def _tell_rules(self) -> None:
        """The game's rules page as lines to hear: its marks for the eye (emphasis,
        code, table rules) left out, and its Keys section, which is the app's (the line
        mode's commands are ``?``)."""
        text = (GAMES[self.session.game_key].folder / "rules.md").read_text(encoding="utf-8")
        for line in rules_lines(text):
            self.say("Rules", line)

    def mistakes(self) -> None:
        """Learn from your mistakes (:mod:`monstertrick.lines.mistakes`), once reviewed."""
        if self.reviewed is None:
            self.say(
                "Mistakes", "type review first, once the game is over: this retries its marks."
            )
            return
        from .mistakes import retry_mistakes

        retry_mistakes(self, *self.reviewed)

    def hint(self, seat: int) -> None:
        view = self.session.view(seat)
        self.say("Hint", "thinking, a few seconds.")
        options = self.session.hint(seat, view)
        self.session.note_hint(seat)
        for n, advice in enumerate(options[:3], 1):
            self.say(
                "Hint",
                f"{n}. {self.door.action_words(view, advice.action)}: "
                f"about {advice.chance:.0%} to win",
            )
        reason = self.session.hint_reason(view, options) if options else None
        if reason:
            self.say("Hint", f"Why: {reason}")
