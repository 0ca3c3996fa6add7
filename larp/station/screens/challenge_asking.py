"""What the challenge screen asks the Narrator beyond a step's side.

Which Ability a retest or a cancel spends: the one named for the challenge first, then those
the chronicle lists for the category, each with the points left; one that does not fit is
taken only once the Narrator says she allows it (R-RT-1). Whose action is the more defensive,
which wins an equal tie (R-TIE-4).
"""

from textual import work

from larp.rules import ChallengeState, Move, Offer
from larp.station.modals import ConfirmScreen, PickScreen
from larp.words import a


class AsksTheNarrator:
    """For the challenge screen: `state`, `notes`, `desk`, `app` and `show` are the screen's."""

    state: ChallengeState

    def defensive_name(self) -> str:
        """The name of the side whose action is the more defensive now (R-TIE-4)."""
        state = self.state
        return state.challenger.name if state.spec.defensive == "challenger" else state.defender.name


    async def choice_of(self, offer: Offer, title: str, prompt: str = "") -> str | None:
        """The name to use: the only choice, or the one the Narrator picks."""
        if offer.move is Move.CANCEL or offer.source == "ability":
            choices = [(self.ability_label(pick), pick.name) for pick in self.desk.ability_picks(self.state, offer)]
        else:
            choices = [(choice, choice) for choice in offer.choices]
        if len(choices) == 1 and not offer.unfit:
            return choices[0][1]
        return await self.app.push_screen_wait(PickScreen(title, choices, prompt=prompt))

    async def ability_of(self, offer: Offer, title: str, prompt: str = "") -> tuple[str, bool] | None:
        """The Ability picked, and whether the Narrator allows it though it does not fit the
        category (asked first); None where she picks none or does not allow it."""
        name = await self.choice_of(offer, title, prompt)
        if name is None:
            return None
        if name not in offer.unfit:
            return name, False
        category = self.state.category.value.title()
        allows = await self.app.push_screen_wait(
            ConfirmScreen(
                f"{name} in {a(category)} challenge?",
                f"The chronicle does not list {name} among the Abilities that fit {a(category)} challenge (R-RT-1). "
                "Allowed, it is spent all the same, and the record says the Narrator allowed it.",
                yes="Allow it",
            )
        )
        return (name, True) if allows else None

    def ability_label(self, pick) -> str:
        said = f"{pick.name} · {pick.left} left"
        if pick.named:
            said += " · named for this challenge"
        if pick.fits:
            return said
        if pick.serves is None:
            return f"{said} · fits no category: the Narrator must allow it"
        return f"{said} · {a(pick.serves.value.title())} Ability: the Narrator must allow it"

    @work(exclusive=True)
    async def action_defensive(self) -> None:
        state = self.state
        named = await self.app.push_screen_wait(
            PickScreen(
                "Whose action is the more defensive?",
                [(f"{state.defender.name}'s, the responder's (as by default)", "defender"), (f"{state.challenger.name}'s, the initiator's", "challenger")],
                prompt="On equal totals the more defensive action wins (R-TIE-4): the initiator's where she flees, hides or holds a door.",
            )
        )
        if named is not None:
            taken = self.app.consult(self.desk.name_defensive, state, named)
            if taken is not None:
                self.state, notes = taken
                self.notes += notes
            self.show()
