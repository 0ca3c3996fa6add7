"""The options of a roll, as the chronicle's dice system has them: the difficulty (Storyteller),
or 10-, 9- or 8-again, rote and Specialty (Storytelling); Willpower and the circumstances' dice."""

from dataclasses import replace

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Checkbox, Input, Label, Select

from larp.desk import RollCall

AGAIN = [("10-again", 10), ("9-again", 9), ("8-again", 8)]


def whole(text: str, default: int) -> int:
    """A number typed, or the default while the field is empty (or holds a lone minus)."""
    try:
        return int(text)
    except ValueError:
        return default


class RollOptions(Horizontal):
    """The fields; `call(base)` reads them into the roll called."""

    def __init__(self, system: str, modifier: int = 0, **kwargs) -> None:
        super().__init__(**kwargs)
        self.system = system
        self.modifier = modifier

    def compose(self) -> ComposeResult:
        if self.system == "storyteller":
            yield Label("Difficulty")
            yield Input("6", type="integer", max_length=2, id="difficulty", compact=True, select_on_focus=True)
            yield Checkbox("Willpower: a success", id="willpower", compact=True)
        else:
            yield Select(AGAIN, value=10, allow_blank=False, id="again", compact=True)
            yield Checkbox("Rote", id="rote", compact=True)
            yield Checkbox("Specialty", id="specialty", compact=True)
            yield Checkbox("Willpower +3", id="willpower", compact=True)
        yield Label("Dice ±")
        yield Input(str(self.modifier or ""), placeholder="0", type="integer", max_length=3, id="modifier", compact=True, select_on_focus=True)

    def call(self, base: RollCall) -> RollCall:
        """The roll called with these options, `base` giving the rest (pool, roller, an attack's terms)."""
        chosen = {
            "willpower": self.query_one("#willpower", Checkbox).value,
            "modifier": whole(self.query_one("#modifier", Input).value, 0),
        }
        if self.system == "storyteller":
            chosen["difficulty"] = whole(self.query_one("#difficulty", Input).value, 6)
        else:
            chosen["again"] = self.query_one("#again", Select).value
            chosen["rote"] = self.query_one("#rote", Checkbox).value
            chosen["specialty"] = self.query_one("#specialty", Checkbox).value
        return replace(base, **chosen)

    def spent(self) -> None:
        """Willpower went on the roll just made: the next one spends none unless asked."""
        self.query_one("#willpower", Checkbox).value = False
