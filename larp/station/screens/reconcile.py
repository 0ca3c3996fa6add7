"""The night reconciled: anomalies first, then per character her start, her changes and her end.

The night is reconciled and its pages laid out in a worker, then scrolled as lines: a big
night's thousands of changes never hold the screen still, and coming back to the screen shows
them at once, unless the record changed meanwhile.
"""

from collections.abc import Callable
from itertools import chain

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.worker import get_current_worker

from larp.station.screens.base import StationScreen
from larp.station.widgets.laid_out import LaidOutLines, laid_out
from larp.station.widgets.reconciliation import Printout


class ReconcileScreen(StationScreen):
    """What the night record says happened to each character; what needs a Narrator's eye first."""

    CSS_PATH = "reconcile.tcss"
    AUTO_FOCUS = "#reconciliation"
    BINDINGS = [
        Binding("ctrl+r", "refresh", "Reconcile again", id="reconcile.again", tooltip="read the night record afresh"),
    ]

    printout: Printout | None = None
    pages = 1
    """How many pages are shown: the next comes in as the Narrator scrolls down to the last."""
    revision: int | None = None
    """The desk's revision last reconciled: back on the screen, the reconciliation stands unless the record changed."""
    width = 0
    """The width the pages shown were laid out at."""

    def __init__(self) -> None:
        super().__init__()
        self.shown: list = []
        """The lines of the pages shown (without what follows them)."""
        self.started = self.laid = 0
        """Lay-outs started, and the last one shown: only the latest one started is shown."""

    def body(self) -> ComposeResult:
        yield LaidOutLines(id="reconciliation")

    @property
    def view(self) -> LaidOutLines:
        return self.query_one(LaidOutLines)

    def on_mount(self) -> None:
        self.watch(self.view, "scroll_y", self.more_at_the_foot, init=False)

    def on_screen_resume(self) -> None:
        if self.station_closing:
            return
        if self.desk is None or self.desk.revision != self.revision:
            self.record_changed()

    def on_resize(self) -> None:
        self.call_after_refresh(self.fit_width)

    def action_refresh(self) -> None:
        self.record_changed()

    def record_changed(self) -> None:
        """Reconcile the night record afresh: the entries read here, the night folded and laid
        out in a worker, so that a long night never holds the screen still."""
        if self.desk is None:
            self.say(self.without_record())
            return
        reconciling = self.app.consult(self.desk.reconciler)
        if reconciling is None:
            return
        self.revision = self.desk.revision
        if self.printout is None:
            self.say(Text("Reconciling the night…", style="dim"))
        name = self.desk.chronicle.name
        self.start(lambda: Printout(reconciling(), name), 0, self.pages)

    def say(self, text: Text) -> None:
        self.view.show(laid_out([text], max(text.cell_len, 1)))

    def start(self, make: Callable[[], Printout], first: int, last: int) -> None:
        """Lay out pages `first` to `last` (not included) of the printout `make` gives, in a
        worker; once the view has a width to lay them out at."""
        width = self.view.width_to_lay_out
        if not width:
            self.call_after_refresh(self.start, make, first, last)
            return
        self.started += 1
        self.lay_out(make, first, last, width, self.started)

    @work(thread=True, exclusive=True, group="reconciling", exit_on_error=False)
    def lay_out(self, make: Callable[[], Printout], first: int, last: int, width: int, number: int) -> None:
        printout = make()
        last = max(1, min(last, printout.pages))
        lines = laid_out(chain.from_iterable(printout.page(page) for page in range(first, last)), width)
        after = laid_out([printout.after(last)], width)
        if not get_current_worker().is_cancelled:
            self.app.call_from_thread(self.show, number, printout, first, last, width, lines, after)

    def show(self, number: int, printout: Printout, first: int, last: int, width: int, lines: list, after: list) -> None:
        if number != self.started:
            return  # a later lay-out is under way
        self.laid = number
        view = self.view
        place = view.scroll_y / max(len(view.lines), 1)  # laid out again at another width: about the same place
        self.shown = (self.shown if first else []) + lines
        self.printout, self.pages, self.width = printout, last, width
        view.show(self.shown + after)
        if not first:
            view.scroll_to(y=round(place * len(view.lines)), animate=False, immediate=True)
        self.fit_width()
        self.call_after_refresh(self.more_at_the_foot)  # pages that don't fill the screen: the next at once

    def fit_width(self) -> None:
        """The screen resized: the pages shown laid out again at the width it has now."""
        printout = self.printout
        width = self.view.width_to_lay_out
        if printout is not None and width and width != self.width and self.laid == self.started:
            self.start(lambda: printout, 0, self.pages)

    def more_at_the_foot(self) -> None:
        """Scrolled down to the foot of the pages shown (or they don't fill the screen): the next page."""
        printout = self.printout
        view = self.view
        if printout is None or view.scroll_y < view.max_scroll_y or self.laid != self.started:
            return
        if self.pages < printout.pages:
            self.start(lambda: printout, self.pages, self.pages + 1)
