"""What happened at each step of a challenge, and by which rule."""

from collections.abc import Sequence

from rich.console import Group
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.reactive import reactive
from textual.widgets import Static

from larp.rules import Note


def note_line(note: Note) -> Text:
    """A note with its rule's id in a column of its own."""
    return Text.assemble((f"{note.rule:<11}", "bold"), note.text)


class NotesLog(VerticalScroll):
    """The notes it is given, newest at the bottom and in sight."""

    notes: reactive[tuple[Note, ...]] = reactive(())

    def compose(self) -> ComposeResult:
        yield Static()

    def watch_notes(self, notes: Sequence[Note]) -> None:
        self.query_one(Static).update(Group(*(note_line(note) for note in notes)))
        self.scroll_end(animate=False)

    def on_resize(self) -> None:
        """A terminal made smaller still shows the newest notes."""
        self.scroll_end(animate=False)
