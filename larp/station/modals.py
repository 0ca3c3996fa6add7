"""Questions the station asks in a modal: confirm, pick one, a number, a reason. Esc backs out."""

from collections.abc import Sequence
from typing import Any, Generic, TypeVar

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.suggester import SuggestFromList
from textual.validation import Integer
from textual.widgets import Button, Input, Label, OptionList, Static
from textual.widgets.option_list import Option
from larp.station.plain import plain

Answer = TypeVar("Answer")
QUESTION_HEIGHT = 0.8
"""The most of the terminal's height a question takes (modals.tcss: max-height 80%)."""
MOST_OPTIONS = 16
MOST_OPTIONS_SHORT = 3
"""The most and the fewest rows of choices a question shows at once (the rest scroll)."""


class Question(ModalScreen[Answer], Generic[Answer]):
    """A titled question over the screen; Esc answers None."""

    CSS_PATH = "modals.tcss"
    BINDINGS = [Binding("escape", "back", "Back", id="question.back")]
    HINT = "Enter to answer, Esc to go back"

    def __init__(self, title: str, prompt: str = "") -> None:
        super().__init__()
        self.question = title
        self.prompt = prompt

    def compose(self) -> ComposeResult:
        with Vertical(id="question"):
            yield Label(plain(self.question), id="question-title")
            if self.prompt:
                yield Static(plain(self.prompt), id="question-prompt")
            yield from self.answers()
            yield Static(self.HINT, id="question-hint")

    def answers(self) -> ComposeResult:
        yield from ()

    def on_mount(self) -> None:
        self.call_after_refresh(self.fit)

    def on_resize(self) -> None:
        self.call_after_refresh(self.fit)

    def fit(self) -> None:
        """The question, its prompt and hint stay in sight: a list too long for the terminal
        (80×24) scrolls within itself rather than the window scrolling the question away."""
        lists = self.query(OptionList)
        if not lists:
            return
        options, box = lists.first(), self.query_one("#question")
        room = int(self.size.height * QUESTION_HEIGHT) - box.styles.gutter.height
        used = sum(child.outer_size.height + child.styles.margin.height for child in box.children if child is not options)
        fitted = max(MOST_OPTIONS_SHORT, min(MOST_OPTIONS, room - used - options.styles.margin.height))
        if options.styles.max_height is None or options.styles.max_height.value != fitted:
            options.styles.max_height = fitted

    def action_back(self) -> None:
        self.dismiss(None)


class ConfirmScreen(Question[bool]):
    """Yes or no, for a step that can't be taken back."""

    BINDINGS = [
        Binding("y", "answer(True)", "Yes", id="confirm.yes"),
        Binding("n", "answer(False)", "No", id="confirm.no"),
    ]
    HINT = "y yes, n or Esc no"

    def __init__(self, title: str, prompt: str = "", yes: str = "Yes") -> None:
        super().__init__(title, prompt)
        self.yes = yes

    def answers(self) -> ComposeResult:
        with Horizontal(id="question-buttons"):
            yield Button(f"{self.yes} (y)", id="yes", variant="error")
            yield Button("No (n)", id="no")

    def on_mount(self) -> None:
        self.query_one("#no", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)

    def action_back(self) -> None:
        self.dismiss(False)


class PickScreen(Question[Any]):
    """One of a few named choices: arrows and Enter, or a click."""

    HINT = "↑↓ and Enter to choose, Esc to go back"

    def __init__(self, title: str, choices: Sequence[tuple[str, Any]], prompt: str = "") -> None:
        super().__init__(title, prompt)
        self.choices = list(choices)

    def answers(self) -> ComposeResult:
        yield OptionList(*(Option(plain(label), id=str(index)) for index, (label, _) in enumerate(self.choices)))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(self.choices[int(event.option.id)][1])


class SearchPickScreen(Question[Any]):
    """One of many named choices, found by typing: each word typed narrows the list, ↑↓ move
    in it and Enter takes the one lit (the first, unless moved); nothing is taken that the list
    does not hold."""

    HINT = "Type to narrow, ↑↓ and Enter to choose, Esc to go back"
    BINDINGS = [Binding("down", "move(1)", show=False), Binding("up", "move(-1)", show=False)]

    def __init__(self, title: str, choices: Sequence[tuple[str, Any]], prompt: str = "", placeholder: str = "") -> None:
        super().__init__(title, prompt)
        self.choices = list(choices)
        self.placeholder = placeholder
        self.shown: list[int] = list(range(len(self.choices)))

    def answers(self) -> ComposeResult:
        yield Input(placeholder=self.placeholder, max_length=200)
        yield OptionList(*self._options(), id="search-choices")

    def _options(self) -> list[Option]:
        return [Option(plain(self.choices[index][0]), id=str(index)) for index in self.shown]

    def on_input_changed(self, event: Input.Changed) -> None:
        words = event.value.casefold().split()
        self.shown = [i for i, (label, _) in enumerate(self.choices) if all(w in label.casefold() for w in words)]
        options = self.query_one(OptionList)
        options.clear_options()
        options.add_options(self._options())
        options.highlighted = 0 if self.shown else None

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one(OptionList).highlighted = 0 if self.shown else None
        self.query_one(Input).focus()

    def action_move(self, step: int) -> None:
        options = self.query_one(OptionList)
        if self.shown:
            here = options.highlighted or 0
            options.highlighted = max(0, min(len(self.shown) - 1, here + step))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        highlighted = self.query_one(OptionList).highlighted
        if highlighted is None or not self.shown:
            self.notify("Nothing in the list holds what is typed: type less, or Esc to go back.", severity="warning")
            return
        self.dismiss(self.choices[self.shown[highlighted]][1])

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(self.choices[int(event.option.id)][1])


class TypedScreen(Question[Answer]):
    """An answer typed into one field and given with Enter."""

    def field(self) -> Input:
        raise NotImplementedError

    def answers(self) -> ComposeResult:
        yield self.field()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        answer = self.read(event.value)
        if answer is not None:
            self.dismiss(answer)

    def read(self, text: str) -> Answer | None:
        raise NotImplementedError


class NumberScreen(TypedScreen[int]):
    """A whole number between `minimum` and `maximum`."""

    def __init__(self, title: str, prompt: str = "", default: int = 0, maximum: int = 999, minimum: int = 0) -> None:
        super().__init__(title, prompt)
        self.default = default
        self.minimum = minimum
        self.maximum = maximum

    def field(self) -> Input:
        return Input(
            str(self.default),
            type="integer",
            validators=[Integer(minimum=self.minimum, maximum=self.maximum)],
            select_on_focus=True,
        )

    def read(self, text: str) -> int | None:
        try:
            number = int(text)
        except ValueError:
            number = None
        if number is None or not self.minimum <= number <= self.maximum:
            self.notify(f"Give a whole number from {self.minimum} to {self.maximum}.", severity="warning")
            return None
        return number


class TextScreen(TypedScreen[str]):
    """A few words: a reason for the record, or a name, with suggestions to complete."""

    def __init__(
        self, title: str, prompt: str = "", placeholder: str = "", suggestions: Sequence[str] = (), value: str = ""
    ) -> None:
        super().__init__(title, prompt)
        self.placeholder = placeholder
        self.suggestions = list(suggestions)
        self.value = value

    def field(self) -> Input:
        suggester = SuggestFromList(self.suggestions, case_sensitive=False) if self.suggestions else None
        return Input(self.value, placeholder=self.placeholder, suggester=suggester, max_length=500, select_on_focus=True)

    def read(self, text: str) -> str | None:
        text = text.strip()
        if not text:
            self.notify("Type something first, or Esc to go back.", severity="warning")
            return None
        return text


class NarratorScreen(TextScreen):
    """The Narrator's name, asked when the station opens: every entry carries it, so it must be given."""

    HINT = "Enter to give it"

    def __init__(self, value: str = "") -> None:
        super().__init__(
            "Who is the Narrator at this station?",
            "Every entry of the night record carries the Narrator's name.",
            placeholder="your name",
            value=value,
        )

    def action_back(self) -> None:
        self.notify("Type your name, then Enter: every entry of the night record carries it.", severity="warning")
