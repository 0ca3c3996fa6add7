"""One field for a scanned card, a name or an id, and the characters it might mean."""

from collections.abc import Sequence
from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.binding import Binding
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Input, OptionList
from textual.widgets.option_list import Option
from larp.station.plain import plain

if TYPE_CHECKING:
    from larp.sheet import Sheet


class LookupField(Widget):
    """A USB scanner types the card's text then Enter; a Narrator types a name or an id.

    Enter posts `Asked`; the screen asks the desk and gives back the matches with
    `offer`; picking one posts `Chosen`.
    """

    class Asked(Message):
        def __init__(self, field: "LookupField", text: str) -> None:
            super().__init__()
            self.field = field
            self.text = text

    class Chosen(Message):
        def __init__(self, field: "LookupField", character_id: str) -> None:
            super().__init__()
            self.field = field
            self.character_id = character_id

    BINDINGS = [
        Binding("down", "to_matches", "To the matches", id="lookup.to-matches", show=False, tooltip="from the field down to the other characters it matches"),
    ]

    DEFAULT_CSS = """
    LookupField {
        height: auto;
    }
    LookupField OptionList {
        height: auto;
        max-height: 8;
        display: none;
        border: round $secondary;
    }
    """

    def __init__(
        self, placeholder: str = "Scan a card, or type a name or id, then Enter", compact: bool = False, **kwargs
    ) -> None:
        super().__init__(**kwargs)
        self.placeholder = placeholder
        self.compact = compact

    def compose(self) -> ComposeResult:
        # Not selected when the cursor comes in: the first letters of a name or a card that
        # brought it here must not be replaced by the next.
        yield Input(placeholder=self.placeholder, compact=self.compact, select_on_focus=False)
        others = OptionList()
        others.border_title = "Also matching: ↓ and Enter to pick"
        yield others

    @property
    def input(self) -> Input:
        return self.query_one(Input)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        text = event.value.strip()
        if text:
            self.post_message(self.Asked(self, text))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.offer([])
        self.input.focus()
        self.post_message(self.Chosen(self, event.option.id))

    def action_to_matches(self) -> None:
        """↓ from the field goes to the first of the other matches, for Enter to pick it."""
        choices = self.query_one(OptionList)
        if choices.display and choices.option_count:
            choices.focus()
            choices.highlighted = 0

    def offer(self, sheets: Sequence["Sheet"]) -> None:
        """Show other characters the text might mean (none: hide the list)."""
        choices = self.query_one(OptionList)
        choices.set_options(Option(plain(f"{sheet.display_name}  ({sheet.id})"), id=sheet.id) for sheet in sheets)
        choices.display = bool(sheets)

    def clear(self) -> None:
        self.input.value = ""
        self.offer([])

    def focus(self, scroll_visible: bool = True) -> "LookupField":
        self.input.focus(scroll_visible)
        return self
