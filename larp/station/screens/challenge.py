"""A challenge step by step: only the keys the rules allow now, and what each step did, by rule."""

from collections.abc import Iterable

from textual import work
from textual.app import ComposeResult, SystemCommand
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll

from larp.rules import (
    CONCLUDE,
    ChallengeState,
    Move,
    Note,
    Offer,
    Phase,
    Side,
    game_time,
    outcome,
)
from larp.sheet.transcript import (
    Cancel,
    CancelStep,
    Cite,
    CiteStep,
    Declare,
    DeclareStep,
    Override,
    OverrideStep,
    RelentStep,
    Retest,
    RetestStep,
    Throw,
    ThrowStep,
)
from larp.station.modals import ConfirmScreen, NumberScreen, PickScreen, TextScreen
from larp.station.scan_catcher import HoldsScans
from larp.station.screens.base import StationScreen
from larp.station.screens.challenge_asking import AsksTheNarrator
from larp.station.widgets.challenge_odds import ChallengeOdds
from larp.station.widgets.challenge_view import RETEST_SOURCES, ChallengeView
from larp.station.widgets.fitted import Fitted
from larp.station.widgets.notes_log import NotesLog

SIGN_KEYS = {"rock": "r", "paper": "p", "scissors": "s", "bomb": "b"}
RETEST_KEYS = {"ability": ("Ability", "a"), "overbid": ("overbid", "o"), "willpower": ("Willpower", "w"), "other": ("power", "g")}
"""Each retest source offered, with the key that calls it."""


class ChallengeScreen(AsksTheNarrator, HoldsScans, StationScreen):
    """Holds the challenge between the desk's steps; the desk decides, this screen asks and shows."""

    CSS_PATH = "challenge.tcss"
    BINDINGS = [
        Binding("r", "throw('rock')", "Rock", id="challenge.rock", tooltip="a sign: the challenger's first, then the defender's"),
        Binding("p", "throw('paper')", "Paper", id="challenge.paper", tooltip="a sign"),
        Binding("s", "throw('scissors')", "Scissors", id="challenge.scissors", tooltip="a sign"),
        Binding("b", "throw('bomb')", "Bomb", id="challenge.bomb", tooltip="a sign, where the chronicle and the sheet allow it (R-CH-4)"),
        Binding("backspace", "take_back", "Take back", id="challenge.take-back", tooltip="the challenger's sign, before the defender's is typed"),
        Binding("l", "relent", "Relent", id="challenge.relent", tooltip="the defender gives in before the first throw: nobody loses a Trait (R-CH-2)"),
        Binding("n", "cite", "Cite", id="challenge.cite", tooltip="cite a Negative Trait of the target before the first throw (R-NEG-1)"),
        Binding("d", "declare", "Declare", id="challenge.declare", tooltip="a side declares its total, less than the true one if the player likes (R-TIE-3)"),
        Binding("a", "retest('ability')", "Ability", id="challenge.ability-retest", tooltip="the loser spends an Ability for a retest (R-RT-1)"),
        Binding("o", "retest('overbid')", "Overbid", id="challenge.overbid", tooltip="the loser risks a second Trait, at twice the opponent's total (R-RT-3)"),
        Binding("w", "retest('willpower')", "Willpower", id="challenge.willpower-retest", tooltip="the defender spends Willpower against control of the character's will (R-RT-4)"),
        Binding("g", "retest('other')", "Power", id="challenge.other-retest", tooltip="a retest from a Gift, Merit or power on the sheet (R-RT-5)"),
        Binding("c", "cancel", "Cancel", id="challenge.cancel", tooltip="the opponent cancels an Ability retest with an Ability (R-RT-1)"),
        Binding("f", "defensive", "Defensive", id="challenge.defensive", tooltip="before the first throw: name whose action is the more defensive, which wins an equal tie (R-TIE-4)"),
        Binding("v", "override", "Override", id="challenge.override", tooltip="let the challenge through the five-minute rule, with a reason (R-NIGHT-2)"),
        Binding("enter", "done", "Done", id="challenge.done", tooltip="the loser declines to retest: the challenge ends (R-RT-6)"),
        Binding("enter", "record", "Record", id="challenge.record", tooltip="write the challenge into the night record"),
        Binding("escape", "abandon", "Abandon", id="challenge.abandon", tooltip="leave the challenge unrecorded (asks first)"),
        Binding("escape", "close", "Sheets", id="challenge.close", tooltip="back to the sheets"),
    ]

    def __init__(self, state: ChallengeState, notes: Iterable[Note]) -> None:
        super().__init__()
        self.state = state
        self.notes = list(notes)
        """Every note of the challenge so far: they go into the entry with it."""
        self.offers: list[Offer] = []
        self.pending: str | None = None
        self.entry = None

    def body(self) -> ComposeResult:
        with Vertical(id="challenge-body"):
            with Vertical(id="challenge-main"):
                with VerticalScroll(id="challenge-scroll"):
                    yield ChallengeView(id="challenge")
                yield ChallengeOdds(id="odds")
                yield Fitted(id="prompt")
            yield NotesLog(id="notes")

    def on_mount(self) -> None:
        self.query_one(NotesLog).border_title = "What happened, by rule"
        self.app.unrecorded = self
        self.show()

    def on_unmount(self) -> None:
        if self.app.unrecorded is self:
            self.app.unrecorded = None

    # Showing.

    def show(self) -> None:
        """Ask the desk what is legal now, and give the view the state."""
        if self.entry is None:
            self.offers = self.app.consult(self.desk.offers, self.state) or []
        view = self.query_one(ChallengeView)
        view.state = self.state
        view.pending = self.pending
        view.decided = outcome(self.state)
        self.query_one(ChallengeOdds).show_odds(self.state, self.app.consult(self.desk.odds, self.state))
        self.query_one("#prompt", Fitted).show(self.prompt())
        self.query_one(NotesLog).notes = tuple(self.notes)
        self.refresh_bindings()

    def prompt(self) -> str:
        """What the Narrator may do now, in a sentence or two."""
        state = self.state
        if self.entry is not None:
            return "Esc goes back to the sheets."
        if state.phase is Phase.BLOCKED:
            return (
                f"The five-minute rule refuses this challenge until game time {game_time(state.lock.until)}. "
                "v overrides it (the reason is recorded); Esc abandons it."
            )
        if state.phase is Phase.OVER:
            return "The challenge is over. Enter records it in the night record; Esc abandons it."
        if self.pending is not None:
            return f"{state.defender.name}'s sign: {self.sign_keys(Side.DEFENDER)}. Backspace takes back the first sign."
        said = []
        if state.phase is Phase.RETEST:
            said.append("A retest: both throw again")
            for offer in self.offered(Move.CANCEL):
                said.append(f"{state.side(offer.side).name} may first cancel it with an Ability (c)")
        for side in (state.challenger, state.defender):
            keys = [
                "{} ({}{})".format(*RETEST_KEYS[offer.source], ", bound to fail: costs a Trait" if self.overbid_fails(offer) else "")
                for offer in self.offered(Move.RETEST)
                if offer.side is side.side
            ]
            if keys:
                said.append(f"{side.name} lost the throw and may retest ({', '.join(keys)})")
        if self.offered(Move.THROW):
            said.append(f"{state.challenger.name}'s sign first: {self.sign_keys(Side.CHALLENGER)}")
        if self.desk.can_name_defensive(state):
            said.append(f"f names the more defensive action (now {self.defensive_name()}'s)")
        if self.offered(Move.CONCLUDE):
            said.append("Enter ends the challenge")
        return ". ".join(said) + "." if said else ""

    def sign_keys(self, side: Side) -> str:
        signs = [choice for offer in self.offered(Move.THROW) if offer.side is side for choice in offer.choices]
        return ", ".join(f"{SIGN_KEYS[sign]} {sign}" for sign in signs)

    def offered(self, move: Move, source: str | None = None) -> list[Offer]:
        return [offer for offer in self.offers if offer.move is move and (source is None or offer.source == source)]

    # What the footer offers: only what the rules allow now.

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        recorded = self.entry is not None
        if action == "close":
            return recorded
        if action == "abandon":
            return not recorded
        if recorded:
            return action not in CHALLENGE_ACTIONS
        if action == "throw":
            side = Side.CHALLENGER if self.pending is None else Side.DEFENDER
            return any(parameters[0] in offer.choices for offer in self.offered(Move.THROW) if offer.side is side)
        if action == "take_back":
            return self.pending is not None
        if self.pending is not None and action in CHALLENGE_ACTIONS:
            return False
        if action == "record":
            return self.state.phase is Phase.OVER
        if action == "defensive":
            return self.desk.can_name_defensive(self.state)
        if action in OFFERING:
            move, *source = OFFERING[action](parameters)
            return bool(self.offered(move, *source))
        return True

    # Steps.

    def take(self, step) -> None:
        """Send a step to the desk; a refusal (told in a notification) leaves the challenge as it was."""
        taken = self.app.consult(self.desk.step, self.state, step)
        if taken is not None:
            self.state, notes = taken
            self.notes += notes
        self.show()

    def action_throw(self, sign: str) -> None:
        if self.pending is None:
            self.pending = sign
            self.show()
            return
        first, self.pending = self.pending, None
        self.take(ThrowStep(throw=Throw(challenger=first, defender=sign)))

    def action_take_back(self) -> None:
        self.pending = None
        self.show()

    def action_relent(self) -> None:
        self.take(RelentStep(relent="defender"))

    def action_done(self) -> None:
        self.take(CONCLUDE)

    async def side_of(self, offers: list[Offer], question: str) -> Offer | None:
        """The offer to take: the only one, or the side the Narrator picks."""
        if len(offers) <= 1:
            return offers[0] if offers else None
        return await self.app.push_screen_wait(
            PickScreen(question, [(self.state.side(offer.side).name, offer) for offer in offers])
        )

    def overbid_fails(self, offer: Offer) -> str:
        """Why an overbid offered is bound to fail, or "": the highest total she may state is less
        than twice the opponent's figure, so it costs the second Trait at once (R-RT-3)."""
        opponent = self.state.side(offer.side.other)
        if offer.source != "overbid" or offer.limit is None or offer.limit >= 2 * opponent.figure:
            return ""
        return (
            f"{self.state.side(offer.side).name} can state at most {offer.limit}, less than twice "
            f"{opponent.name}'s {opponent.figure}: the overbid is bound to fail and costs the second Trait at once (R-RT-3)."
        )

    @work(exclusive=True)
    async def action_declare(self) -> None:
        offer = await self.side_of(self.offered(Move.DECLARE), "Who declares a total?")
        if offer is None:
            return
        side = self.state.side(offer.side)
        speech = self.state.characters[side.character].sheet.speech
        total = await self.app.push_screen_wait(
            NumberScreen(
                f"{side.name} declares a total",
                f"{side.name}'s true total is {offer.limit}. {speech.subject.capitalize()} {speech.verb('may')} declare less, never more, and the figure "
                "stands for the rest of the challenge (R-TIE-3).",
                default=offer.limit,
                maximum=offer.limit,
            )
        )
        if total is not None:
            self.take(DeclareStep(declare=Declare(side=offer.side.value, total=total)))

    @work(exclusive=True)
    async def action_cite(self) -> None:
        offer = await self.side_of(self.offered(Move.CITE), "Who cites a Negative Trait?")
        if offer is None:
            return
        citer = self.state.side(offer.side)
        target = self.state.side(offer.side.other)
        real = " and ".join(offer.choices)
        what = f"Negative {'Trait is' if len(offer.choices) == 1 else 'Traits are'} {real}" if real else "Negative Traits: none"
        negative = await self.app.push_screen_wait(
            TextScreen(
                f"{citer.name} cites a Negative Trait of {target.name}",
                f"For the Narrator's eyes: {target.name}'s {self.state.category.value.title()} "
                f"{what}. A citation that misses costs {citer.name} a Trait at risk (R-NEG-2).",
                placeholder="the Negative Trait the player names",
                suggestions=offer.choices,
            )
        )
        if negative is not None:
            self.take(CiteStep(cite=Cite(side=offer.side.value, negative=negative)))

    @work(exclusive=True)
    async def action_retest(self, source: str) -> None:
        offer = await self.side_of(self.offered(Move.RETEST, source), f"Who calls a retest with {RETEST_SOURCES[source]}?")
        if offer is None:
            return
        side = self.state.side(offer.side)
        name = total = allows = None
        doomed = self.overbid_fails(offer)
        if source == "ability":
            picked = await self.ability_of(offer, f"{side.name}: Which Ability?")
            if picked is None:
                return
            name, allows = picked[0], picked[1] or None
        elif source == "other" or offer.choices:
            title = "Which power?" if source == "other" else "Which second Trait is risked?"
            name = await self.choice_of(offer, f"{side.name}: {title}", prompt=doomed)
            if name is None:
                return
        if source == "overbid":
            opponent = self.state.side(offer.side.other)
            total = await self.app.push_screen_wait(
                NumberScreen(
                    f"{side.name} overbids",
                    doomed
                    or f"{side.name} states a total. At least {2 * opponent.figure} (twice {opponent.name}'s "
                    f"{opponent.figure}) means a new throw; less, and the gamble fails (R-RT-3).",
                    default=side.figure,
                    maximum=offer.limit,
                )
            )
            if total is None:
                return
        self.take(RetestStep(retest=Retest(side=offer.side.value, source=source, name=name, total=total, narrator_allows=allows)))

    @work(exclusive=True)
    async def action_cancel(self) -> None:
        offer = await self.side_of(self.offered(Move.CANCEL), "Who cancels the retest?")
        if offer is None:
            return
        picked = await self.ability_of(offer, f"{self.state.side(offer.side).name} cancels with which Ability?")
        if picked is not None:
            self.take(CancelStep(cancel=Cancel(side=offer.side.value, ability=picked[0], narrator_allows=picked[1] or None)))

    @work(exclusive=True)
    async def action_override(self) -> None:
        reason = await self.app.push_screen_wait(
            TextScreen(
                "Override the five-minute rule",
                f"This challenge is barred until game time {game_time(self.state.lock.until)}. The override and its reason "
                "go into the night record (R-NIGHT-2).",
                placeholder="why the Narrator lets it through",
            )
        )
        if reason is not None:
            self.take(OverrideStep(override=Override(rule="R-NIGHT-2", reason=reason)))

    def action_record(self) -> None:
        entry = self.app.consult(self.desk.commit, self.state, self.notes)
        if entry is None:
            return
        self.entry = entry
        self.app.unrecorded = None
        self.query_one(ChallengeView).recorded_as = entry.short_id  # said in the result: no toast over the rules
        self.show()

    @work(exclusive=True)
    async def action_abandon(self) -> None:
        if await self.app.push_screen_wait(
            ConfirmScreen("Abandon this challenge?", "Nothing of it goes into the night record.", yes="Abandon")
        ):
            self.dismiss()

    def action_close(self) -> None:
        self.dismiss()

    def word_before(self, key: str) -> str | None:
        """A letter that is no step now, typed after the challenger's sign, makes a word of both:
        "ro" is the start of a name, not a throw waiting for its second sign."""
        word = super().word_before(key)
        if word is not None and self.pending is not None and len(key) == 1 and key.islower():
            word, self.pending = SIGN_KEYS[self.pending], None
            self.show()
        return word

    @property
    def closes_when_left(self) -> bool:
        return self.entry is not None

    def card_scanned(self, sheet) -> None:
        if self.entry is not None:  # recorded: the next card is the next sheet
            self.app.open_sheet(sheet.id)
            return
        self.notify(
            f"That is {sheet.display_name}'s card or name: no step was taken. Finish this challenge "
            "(or Esc to abandon it) before looking up another sheet.",
            title="A card or a name during a challenge",
            severity="warning",
        )

    def commands(self) -> Iterable[SystemCommand]:
        if self.entry is None:
            yield SystemCommand("Abandon the challenge", "Leave it unrecorded", self.action_abandon)


OFFERING = {
    "relent": lambda parameters: (Move.RELENT,),
    "cite": lambda parameters: (Move.CITE,),
    "declare": lambda parameters: (Move.DECLARE,),
    "retest": lambda parameters: (Move.RETEST, parameters[0]),
    "cancel": lambda parameters: (Move.CANCEL,),
    "override": lambda parameters: (Move.OVERRIDE,),
    "done": lambda parameters: (Move.CONCLUDE,),
}
"""Each step action, and the offer of `legal_actions` that allows it."""

CHALLENGE_ACTIONS = {"throw", "take_back", "record", "defensive", *OFFERING}
