"""What the screens share."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar, Generic

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.content import Content
from textual.geometry import Offset
from textual.screen import Screen
from textual.timer import Timer
from textual.widget import Widget
from textual.widgets import Static
from typing_extensions import TypeVar

from ...seat_session import SeatSession
from ...seating import next_pace, pace_label
from .. import theme
from ..clock import now
from ..cursor import find
from ..messages import Advance, NewGame, TakeBack
from ..widgets import KeyBar

if TYPE_CHECKING:
    from ..widgets.panel import Panel
    from .hint import HintTerms


SessionT = TypeVar("SessionT", bound=SeatSession[Any, Any, Any, Any], default=SeatSession)
"""The seat as a screen knows it (:class:`~monstertrick.seat_session.SeatSession`, at one
keyboard or joined): the shell's screens know it through the game contract alone (its
defaults); a game's own screens name their game's, its views and actions typed as the
game's own."""

LOG_KEY = Binding("l", "log", "Log")
"""Opens (or closes) the game log beside the table: :meth:`GameScreen.log_panel`."""
NOT_THIS_LESSON = "Not this lesson's move: the bar above says why. Choose again."
"""The status line's answer to a legal move that the lesson does not teach."""

HINT_KEY = Binding("t", "hint", "Hint")
"""A person asks for a hint: :meth:`DecisionScreen.action_hint`."""
CARD_KEYS: list[BindingType] = [
    Binding("left", "cursor(-1)", "Card", key_display="←/→"),
    Binding("right", "cursor(1)", "Card", show=False),
]
"""←/→: the previous or the next card of a person's hand (the screen's ``action_cursor``)."""
HAND_END_KEYS: list[BindingType] = [
    Binding("home", "card_at(0)", "First card", show=False),
    Binding("end", "card_at(-1)", "Last card", show=False),
]
"""Home/End: the first or the last card of the hand (the screen's ``action_card_at``)."""
PASS_ON_KEYS: list[BindingType] = [
    Binding("enter", "pass_on(True)", "Pass on"),
    Binding("enter", "pass_on(False)", "Go on"),
]
"""Enter, once a person's decision is shown: "Pass on" when the next decision is another
person's after a handoff, else "Go on" (:class:`PersonTurnScreen`)."""
TAKE_BACK_KEY = Binding("u,backspace", "take_back", "Take back", key_display="u")
"""A person takes back their decision while its result is still private to them."""
SKIP_KEY = Binding("space", "skip", "Go on", key_display="Space")
"""Goes on at once from a computer player's move (:class:`ComputerTurnScreen`)."""
PACE_KEYS: list[BindingType] = [
    Binding("minus", "pace(-1)", "Pause", key_display="-/+"),
    Binding("plus,equals_sign", "pace(1)", "Pause", show=False),
]
"""A shorter or longer pause after each computer move."""
COMPUTER_TURN_KEYS: list[BindingType] = [SKIP_KEY, *PACE_KEYS, LOG_KEY]
"""The keys of a computer player's turn, in the order the key bar shows them.

The keys of the turn screens are written once, here; each screen lists the ones it uses in
its ``BINDINGS``, where its key bar shows them (Textual orders a key bar by the first
class that binds each key, so a base class's keys would always come first)."""


class GameScreen(Screen[None], Generic[SessionT]):
    """A screen of a running game.

    ``private_to`` is the seat whose private information the screen shows (their hand,
    their VP row), or None for a screen everyone may see.
    """

    private_to: int | None = None

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close_panel", "Close", show=False),
    ]

    PANEL_AFTER: ClassVar[str] = ""
    """Where a panel (a hint, a log) opens: after the widget this selects, in its parent;
    the screen has the class ``-with-panel`` meanwhile, for its styles to make room."""

    panel: Panel | None = None
    """The panel open on this screen, if any."""

    @property
    def gone(self) -> bool:
        """Whether the screen went before it came up: replaced at once (a computers'
        table moves on fast) or closed with the app. Its widgets may have gone with it,
        so its mount handler has nothing to show and returns at once."""
        app = self.app
        return not app.is_running or self not in app.screen_stack

    _advance_pending: bool
    _waiting_for_panel = False

    def open_panel(self, panel: Panel) -> None:
        """Open ``panel`` beside the table (closing any other one first)."""
        self.close_panel()
        anchor = self.query_one(self.PANEL_AFTER)
        parent = anchor.parent
        assert isinstance(parent, Widget)
        self.panel = panel
        parent.mount(panel, after=anchor)
        self.add_class("-with-panel", f"-with-{panel.kind}")
        panel.focus()
        self.refresh_bindings()

    def close_panel(self) -> None:
        """Close the open panel, if any (stopping what it was doing)."""
        panel = self.panel
        if panel is None:
            return
        self.panel = None
        stop = getattr(panel, "stop", None)
        if stop is not None:
            stop()
        panel.remove()
        self.remove_class("-with-panel", f"-with-{panel.kind}")
        self.refresh_bindings()
        if self._waiting_for_panel:
            self._waiting_for_panel = False
            self.advance_once()

    def toggle_panel(self, kind: str, make: Callable[[], Panel]) -> None:
        """The key of a ``kind`` of panel: open one (``make()``), or close it if it is
        the one open."""
        if self.panel is not None and self.panel.kind == kind:
            self.close_panel()
        else:
            self.open_panel(make())

    def action_close_panel(self) -> None:
        """Escape: close the open panel; with none, leave a decision set up again from a
        review (:mod:`.retry`), if this is one."""
        leave = getattr(self, "retry_leave", None)
        if self.panel is None and leave is not None:
            leave()
            return
        self.close_panel()

    def log_panel(self) -> Panel:
        """The game log of this screen's ``l`` key (:data:`LOG_KEY`)."""
        raise NotImplementedError

    def action_log(self) -> None:
        self.toggle_panel("log", self.log_panel)

    def action_scroll_since(self, pages: int) -> None:
        """PgUp/PgDn: scroll the list of this round's moves (``#since``) by a page."""
        for since in self.query("#since"):
            if pages < 0:
                since.scroll_page_up(animate=False)
            else:
                since.scroll_page_down(animate=False)

    def __init__(self, session: SessionT) -> None:
        super().__init__()
        self.session = session
        self._advanced = False
        self._advance_pending = False
        self.shown_at = float("inf")
        """When the screen last came on top (keys pressed before never count)."""

    def advance_once(self) -> None:
        """Tell the app this screen is done: once only, and only while it is on top (a
        timer may fire under the rules or the quit dialog: the game then goes on as
        soon as that closes)."""
        if self._advanced:
            return
        if self.app.screen is not self:
            self._advance_pending = True
            return
        self._advanced = True
        self._waiting_for_panel = False
        self.post_message(Advance(self))

    def rearm(self) -> None:
        """The screen shows a new step (a computer player's next turn): it tells the app
        once more when that one is done (:meth:`advance_once`)."""
        self._advanced = False
        self._advance_pending = False

    def advance_by_itself(self) -> None:
        """The game goes on without a key (a computer player's move has been shown for
        the pace; a pause with nobody at the table to press Enter), but not while a
        panel is open: the table is reading it, and the game goes on when it closes."""
        if self.panel is not None:
            self._waiting_for_panel = True
            return
        self.advance_once()

    def hold_keys(self, delay: float) -> None:
        """Let no key count for ``delay`` seconds from now (a double tap meant for the
        screen before, or a second player's early key, must not decide anything);
        :meth:`keys_accepted` is called when keys count again."""
        if delay <= 0:
            self.accept_keys()
            return
        self.shown_at = float("inf")
        self.set_timer(delay, self.accept_keys, name="hold-keys")

    def accept_keys(self) -> None:
        """Keys count from now on (the end of :meth:`hold_keys`)."""
        self.shown_at = now()
        self.keys_accepted()

    def keys_accepted(self) -> None:
        """Keys count again after :meth:`hold_keys`."""

    def keys_wait(self) -> float | None:
        """Seconds keys wait each time the screen comes on top (None: they count at once).
        (Textual calls every class's ``on_screen_resume``: a subclass says it here.)"""
        return None

    def on_screen_resume(self) -> None:
        self.shown_at = now()
        wait = self.keys_wait()
        if wait is not None:
            self.hold_keys(wait)
        if self._advance_pending:
            self._advance_pending = False
            self.advance_once()

    def on_key(self, event: events.Key) -> None:
        """A key pressed before this screen was on screen (a double tap meant for the
        screen before, still waiting in the queue) does nothing here."""
        if event.time < self.shown_at:
            event.stop()
            event.prevent_default()

    @property
    def names(self) -> tuple[str, ...]:
        return self.session.names

    def marked(self, top: Content) -> Content:
        """A game screen's top line, marked "replay ·" first when the game is played on
        from another one's decision (:attr:`Session.replay_mark`): never cut off."""
        if self.session.replay_mark is None:
            return top
        return Content.assemble(("replay", "bold reverse"), " · ", top)


class DecisionScreen(GameScreen[SessionT]):
    """A screen on which ``seat`` decides: a person on their own screen, or a computer
    player watched by the table. The app shows the decision's result on it
    (:meth:`show_result`), or, for a person's decision the rules refuse, the reason
    (:meth:`refuse`)."""

    seat: int
    result: list[object] | None = None
    """The decision's result once it is made (what it did), None until then."""

    STATUS: ClassVar[str] = "#status"
    """The status line: what to do, or what a decision did (:meth:`say`)."""

    def show_result(self, events: list[object]) -> None:
        raise NotImplementedError

    def cursor_spot(self) -> Offset | None:
        """Where the terminal cursor goes while nothing has the focus: the status line,
        which says what to do or what the decision did (a person's screen points at
        what they choose while they choose)."""
        for status in self.query(self.STATUS):
            return find(status)
        return None

    def say(self, text: Content | str, *, error: bool = False) -> None:
        """Put ``text`` on the status line (in the error style with ``error``)."""
        status = self.query_one(self.STATUS, Static)
        status.set_class(error, "-error")
        status.update(text if isinstance(text, Content) else Content(text))

    def refuse(self, reason: str) -> None:
        """The decision was not allowed: say why; nothing changed."""

    def not_this_lesson(self) -> None:
        """A legal move that the lesson on this screen does not teach: no rule broken, so
        not "Not allowed"; the lesson's bar above says why (nothing changed)."""
        self.say(NOT_THIS_LESSON, error=True)

    def next_turn(self, seat: int, viewer: int | None) -> bool:
        """Show computer player ``seat``'s turn on this same screen (as seen by
        ``viewer``, see :class:`~monstertrick.session.BotTurn`); False when this screen
        cannot."""
        return False

    def step_pace(self, step: int) -> None:
        """``+``/``-`` on a computer player's turn: the next longer or shorter pause,
        said in a short notice (the screen shows it again as it redraws)."""
        session = self.session
        session.pace = next_pace(session.pace, step)
        self.notify(
            f"Pause after a computer move: {pace_label(session.pace)}", timeout=2, markup=False
        )

    # A person's turn screen binds ``t`` to ``hint`` (shown while :meth:`hint_ready`)
    # and says its actions in :meth:`hint_terms`.

    hint_goal = "to win the game"
    """What a hint's chances are the chances of."""

    offers_hint = True
    """Whether this screen offers a hint at all: not on a decision set up again from a
    review (:mod:`.retry`), where the hint would give the answer away."""

    def hint_ready(self) -> bool:
        """Whether the person may ask for a hint now (their decision is still open)."""
        return False

    def hint_words(self, action: Any) -> str:
        """An action of this screen's decision in a player's words ("play G7 on trick 2")."""
        return str(action)

    def hint_terms(self) -> HintTerms[Any]:
        """How this screen's hint says things (:class:`~.hint.HintTerms`)."""
        from .hint import HintTerms

        return HintTerms(self.hint_words, self.hint_goal)

    def action_hint(self) -> None:
        if self.panel is not None and self.panel.kind == "hint":
            self.close_panel()
        elif self.offers_hint and self.hint_ready():
            from .hint import HintPanel

            self.open_panel(HintPanel(self.session, self.seat, self.hint_terms()))

    def result_shown(self) -> None:
        """A decision's result is on this screen: a hint open for it closes (it was for
        the position before), a log shows it."""
        panel = self.panel
        if panel is not None and panel.kind == "hint":
            self.close_panel()
        elif panel is not None:
            panel.update_content()


class PersonTurnScreen(DecisionScreen[SessionT]):
    """A person's own decision, made with the keyboard. Its result stays on the screen
    until Enter goes on (:data:`PASS_ON_KEYS`); until then, where the game keeps it
    private, ``u`` takes it back (:data:`TAKE_BACK_KEY`). ``t`` asks for a hint
    (:data:`HINT_KEY`) while :meth:`hint_ready`.

    A game's screen lists the keys it uses in its ``BINDINGS``, answers its own actions
    in ``check_action`` before this one's, and shows a result with :meth:`result_prompt`.
    """

    PRIVATE: ClassVar[bool] = True
    """Whether the screen shows what only this person may see (their hand): a game where
    nothing is private says False."""

    def __init__(self, session: SessionT, seat: int) -> None:
        super().__init__(session)
        self.seat = seat
        if self.PRIVATE:
            self.private_to = seat
        self.result = None

    def refuse(self, reason: str) -> None:
        self.say(f"Not allowed: {reason}.", error=True)

    def result_prompt(self) -> str:
        """What the person does once their decision's result is shown: go on (or pass
        the keyboard on), or take it back while they may."""
        session = self.session
        after = "pass the keyboard on" if session.hands_over_next() else "go on"
        if session.can_take_back(self.seat):
            return f"Press Enter to {after}, or u to take it back."
        return f"Press Enter to {after}."

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "hint":
            return self.offers_hint and self.hint_ready()
        if action == "pass_on":
            return self.result is not None and parameters == (self.session.hands_over_next(),)
        if action == "take_back":
            return self.result is not None and self.session.can_take_back(self.seat)
        return True

    def action_pass_on(self, hand_over: bool = True) -> None:
        if self.result is not None:
            self.advance_once()

    def action_take_back(self) -> None:
        if self.result is not None and self.session.can_take_back(self.seat):
            self.post_message(TakeBack(self.seat))


class ComputerTurnScreen(DecisionScreen[SessionT]):
    """A computer player's turn (``seat``), watched by the table.

    The app's worker thinks while the screen says "Cy is thinking…"; then the screen
    shows what the move did for the session's pace (Space goes on at once, ``-``/``+``
    change the pace: :data:`COMPUTER_TURN_KEYS`) and tells the app it is done. The next
    computer player's turn comes on the same screen when it is seen by the same
    ``viewer`` (:meth:`next_turn`): the only person at the table, known to be at the
    keyboard, whose own hand may stay in view; None shows only what everyone may see.

    A game's screen draws the turn in :meth:`show_turn`.
    """

    def __init__(self, session: SessionT, seat: int, viewer: int | None = None) -> None:
        super().__init__(session)
        self.seat = seat
        self.viewer = viewer
        self.private_to = viewer
        self.result = None
        self._timer: Timer | None = None

    def show_turn(self) -> None:
        """Draw the turn as it stands: whose it is, the move once made, the pace."""
        raise NotImplementedError

    def shown_events(self, events: list[object]) -> list[object]:
        """The events of a move that the screen shows (all of them unless it says)."""
        return list(events)

    def next_turn(self, seat: int, viewer: int | None) -> bool:
        if viewer != self.viewer:
            return False
        self.seat = seat
        self.result = None
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        self.rearm()
        self.show_turn()
        self.refresh_bindings()
        return True

    def show_result(self, events: list[object]) -> None:
        """The move is made: show it for the pace, then go on."""
        self.result = self.shown_events(events)
        self.show_turn()
        self.refresh_bindings()
        pace = self.session.pace
        if pace <= 0:
            self.advance_by_itself()
        else:
            self._timer = self.set_timer(pace, self.advance_by_itself)

    def computer_player(self) -> str:
        """The end of the top line: whose turn it is and the pause after each move (a
        person deciding on their own screen, at a hosted table: who it is, or that they
        are away)."""
        session = self.session
        if session.is_bot(self.seat):
            return f" · computer player · pause {pace_label(session.pace)}"
        if self.seat in session.covered_seats:
            return " · away: a computer player plays meanwhile"
        if self.seat in session.away_seats:
            return " · away"
        return " · on their own screen"

    def thinking(self) -> Content:
        """The status line while the computer player (or, at a hosted table, the
        person on their own screen) decides; while that person is away, that the table
        waits for them (or that a computer player decides for them meanwhile)."""
        session = self.session
        if session.is_bot(self.seat):
            doing = " is thinking…"
        elif self.seat in session.covered_seats:
            doing = " is away: a computer player decides for them meanwhile…"
        elif self.seat in session.away_seats:
            doing = " is away: the table waits for them to come back."
        else:
            doing = " is deciding…"
        return Content.assemble(theme.player(self.seat, self.names[self.seat], bold=True), doing)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "skip":
            return self.result is not None
        return True

    def action_skip(self) -> None:
        if self.result is not None:
            self.advance_once()

    def action_pace(self, step: int) -> None:
        self.step_pace(step)
        self.show_turn()


class PauseScreen(GameScreen[SessionT]):
    """A public pause at the end of chapter ``number`` (a round, a hand, a game of a
    match): Enter goes on.

    Without people at the table the game goes on by itself after ``PACES`` times the
    session's pace, so an all-computer game can be watched to the end.
    """

    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter", "continue", "Continue")]
    PACES = 3

    def __init__(self, session: SessionT, number: int) -> None:
        super().__init__(session)
        self.number = number

    def go_on_hint(self, chapter: str, end: str = "the final standings") -> Static:
        """What Enter does: deal the next ``chapter`` ("Press Enter to deal round 3."),
        or, once the game is over, show its ``end``."""
        text = (
            f"Press Enter for {end}."
            if not self.session.running
            else f"Press Enter to deal {chapter} {self.number + 1}."
        )
        return Static(Content(text), classes="hint")

    def on_mount(self) -> None:
        if self.gone:
            return
        if not self.session.humans:
            pace = self.session.pace * self.PACES
            if pace <= 0:
                self.call_later(self.advance_by_itself)
            else:
                self.set_timer(pace, self.advance_by_itself)

    def action_continue(self) -> None:
        self.advance_once()


class ChapterEndScreen(PauseScreen[SessionT]):
    """The end of a chapter in one table: a title ("Round 2 of 6 is over"), the chapter's
    :meth:`table`, the rule that scored it, and what Enter does."""

    CHAPTER: ClassVar[str]
    """What a chapter is called ("round")."""
    CHAPTERS: ClassVar[int]
    """How many chapters the game has."""
    RULE: ClassVar[str]
    """How the table's scores came about, in a line or two."""
    IDS: ClassVar[tuple[str, str]]
    """The ids of the screen's box and of its table (the game's styles name them)."""

    def table(self) -> Content:
        """The chapter's results, a line a player under a heading."""
        raise NotImplementedError

    def compose(self) -> ComposeResult:
        box, table = self.IDS
        title = f"{self.CHAPTER.capitalize()} {self.number} of {self.CHAPTERS} is over"
        with Vertical(id=box):
            yield Static(self.marked(Content(title)), classes="title")
            yield Static(self.table(), id=table)
            yield Static(Content(self.RULE), classes="hint")
            yield self.go_on_hint(self.CHAPTER)
        yield KeyBar()


class FinalScreen(GameScreen[SessionT]):
    """The final standings of any game: ``r`` reviews it, ``n`` sets up a new game, ``q``
    quits."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("r", "review", "Review"),
        Binding("n", "new_game", "New game"),
        Binding("q", "quit", "Quit"),
    ]

    def keys_hint(self, what: str = "game") -> Static:
        """The line that says the keys: the review, a new ``what`` (a game, a match), or
        quit."""
        keys = Content(f"Press r to review the {what}, n for a new {what}, q to quit.")
        mark = self.session.replay_mark
        if mark is not None:  # (a game played on from another one's decision)
            keys = Content.assemble((f"This {what} is a {mark}.", "bold"), "\n", keys)
        return Static(keys, classes="hint")

    def action_review(self) -> None:
        """The review of the game just finished: of every person at the table (a game
        of computer players only: of every seat)."""
        from .review import ReviewScreen

        session = self.session
        if session.running:  # (never: this screen comes once the game is over)
            return
        doc = session.finished_record()
        seats = session.humans or tuple(range(len(session.names)))
        settings = getattr(self.app, "review_settings", None)
        self.app.push_screen(
            ReviewScreen(doc, seats, settings=settings, title=", ".join(session.names))
        )

    def action_new_game(self) -> None:
        self.post_message(NewGame())

    def action_quit(self) -> None:
        self.app.exit(0)
