"""A key for every field of a challenge's setup, so that no field is Tabs away: the Effect, the
difficulty, the wins needed, the control of the will, and each side's bid Trait, Ability named
and bonus Traits (a second press goes to the defender's)."""

from textual.binding import Binding
from textual.widget import Widget
from textual.widgets import Checkbox, Input, Select
from textual.widgets._select import SelectOverlay

from larp.station.widgets.lookup_field import LookupField
from larp.station.widgets.party_form import PartyForm

FIELD_BINDINGS = [
    Binding("ctrl+e", "effect", "Effect", id="setup.effect", priority=True, tooltip="type what the challenger attempts (the Effect field)"),
    Binding("ctrl+n", "side_field('who')", "Who", id="setup.who", show=False, priority=True, tooltip="the defender's lookup; again, the challenger's"),
    Binding("ctrl+b", "side_field('bid')", "Bid Trait", id="setup.bid", show=False, priority=True, tooltip="the challenger's bid Trait, its list open; again, the defender's"),
    Binding("ctrl+a", "side_field('ability')", "Ability", id="setup.ability", show=False, priority=True, tooltip="the challenger's Ability named, its list open; again, the defender's"),
    Binding("ctrl+f", "side_field('bonus')", "Bonus Traits", id="setup.bonus", show=False, priority=True, tooltip="the challenger's bonus Traits; again, the defender's"),
    Binding("ctrl+d", "difficulty", "Difficulty", id="setup.difficulty", priority=True, tooltip="the difficulty of a static, simple or extended test"),
    Binding("ctrl+r", "wins", "Wins needed", id="setup.wins", priority=True, tooltip="a race: the winning throws needed; a streak: its cap"),
    Binding("ctrl+t", "control", "Control", id="setup.control", show=False, priority=True, tooltip="tick or untick: the effect controls the defender's will (a simple test: win outright)"),
]
SIDE_FIELDS = {"bid": ".trait", "ability": ".ability", "bonus": ".bonus"}
"""Each field of a side, by the name its key gives (`who`, the lookup, besides)."""


class FieldKeys:
    """The setup screen's keys to its fields (a mixin of ChallengeSetupScreen). Each moves the
    cursor at once (`set_focus`), not after the keys already typed: `^r 3` puts 3 in Wins needed."""

    def check_field_key(self, action: str) -> bool | None:
        """Whether a field key applies now (the field is shown); None for another action."""
        if action not in ("difficulty", "wins") or not self.query("#kind"):
            return None  # before the fields are composed, every key is as it was declared
        if action == "difficulty":
            return self.query_one("#defender", PartyForm).kind != "contested"
        if action == "wins":
            return self.query_one("#kind", Select).value in ("streak", "race")
        return None

    def action_effect(self) -> None:
        self.set_focus(self.query_one("#effect", Input))

    def action_difficulty(self) -> None:
        self.set_focus(self.query_one("#defender .difficulty", Input))

    def action_wins(self) -> None:
        self.set_focus(self.query_one("#target", Input))

    def action_control(self) -> None:
        shown = [box for box in self.query(Checkbox) if box.display]
        for box in shown:
            box.toggle()
            self.set_focus(box)

    def action_side_field(self, field: str) -> None:
        """The challenger's field; pressed again (the keys are already there), the defender's;
        a list opens, a side with nothing to bid or name is passed by."""
        forms = [form for form in self.query(PartyForm) if self.field_of(form, field).display and not self.field_of(form, field).disabled]
        if field == "who":
            forms.reverse()  # the defender is the one still to find
        if not forms:
            return
        current = next((form for form in forms if self.field_of(form, field).has_focus or self.field_of(form, field).has_focus_within), None)
        form = forms[(forms.index(current) + 1) % len(forms)] if current is not None else forms[0]
        widget = self.field_of(form, field)
        self.set_focus(widget)  # at once: the keys typed next go there, however fast they come
        if isinstance(widget, Select):
            widget.expanded = True
            if widget.is_blank() and len(widget._options) > 1:  # on the first real choice, not on "no Ability"
                widget.query_one(SelectOverlay).select(1)

    @staticmethod
    def field_of(form: PartyForm, field: str) -> Widget:
        if field == "who":
            return form.query_one(LookupField).input
        return form.query_one(SIDE_FIELDS[field])
