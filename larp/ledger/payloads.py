"""What each kind of entry holds in its payload: checked on every entry a bundle brings in."""

from typing import Annotated, Any, Literal, Union

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    TypeAdapter,
    create_model,
    model_validator,
)

from larp.ledger.ending import CARRIABLE
from larp.ledger.entry import Kind
from larp.sheet import Chronicle
from larp.sheet.experience import ExperienceKind
from larp.sheet.table import AnySheet
from larp.sheet.transcript import AttributeName, ChallengeSpec


class Payload(BaseModel):
    model_config = ConfigDict(extra="forbid")


class StartingState(Payload):
    sheet: AnySheet
    willpower: int = Field(ge=0)
    wounds: int = Field(0, ge=0, le=999)
    """Health boxes filled as she starts (R-HEALTH-2: only where the chronicle carries wounds)."""


class Opened(Payload):
    chronicle: Chronicle
    """The chronicle's settings (its characters are the starting states)."""
    characters: list[StartingState]
    heard: list[str] | None = None
    """The between-games operations its starting states hold (an older record's: every one)."""
    written: list[tuple[str, str, int, str, int]] = []
    """Which operation set each field it holds: character, path, and the operation's place."""
    short: list[tuple[str, str]] = []
    """The purchases among those it holds that found nothing left to take: entry id and field."""
    tick: int = Field(0, ge=0, le=2**53)
    """Its place in the season's order (one more than any operation or opening its station held):
    the first opening of a night is the first in that order, never by a laptop's clock."""


class Added(Payload):
    character: StartingState


class XpOverride(Payload):
    """A cap passed over: who allowed it, and why."""

    who: str = Field(min_length=1)
    why: str = Field(min_length=1)


class XpLine(Payload):
    """A line of a character's experience history, as the sheet's history will hold it."""

    type: ExperienceKind
    change: float
    reason: str
    date: str
    override: XpOverride | None = None
    attended: int | None = Field(None, ge=1, description="the night whose attendance this awards")


class Experienced(Payload):
    character: str
    line: XpLine


class CheckedIn(Payload):
    character: str
    serial: int | None = Field(None, ge=0, description="the card read at the door; none: found by name")


class Changed(Payload):
    sheet: AnySheet
    experience: XpLine | None = None
    """A purchase: the line it writes in her experience history (spent, what it bought)."""


class BetweenGames(Payload):
    """A between-games operation on one character (larp.ledger.operations)."""

    character: Annotated[str, Field(min_length=1)] | StartingState
    """Her id; an older record's entry: the whole state she starts the next game with."""
    why: str
    file: str = ""
    """The chronicle folder's file the change came from, if it came from one."""
    line: XpLine | None = None
    """An experience line it adds (an award, a spend, a purchase)."""
    fields: dict[str, tuple[Any, Any]] = {}
    """Each field it changes, by path: from what, to what."""
    adds: bool = False
    """A purchase: its fields add to what she has."""
    once: bool = False
    """A purchase of a power bought each once: where she holds it already, it buys nothing."""
    joins: StartingState | None = None
    """A new character: her starting state."""
    tick: int = Field(0, ge=0, le=2**53)
    heard: dict[str, Annotated[int, Field(ge=0)]] = {}
    """Per station, the last entry of the night to come its station held when it wrote."""
    settles: bool = False
    """A conflict settled (`larp conflicts pick`): taken by a night under way without a note."""
    experience: XpLine | None = None
    """An older record's entry: the experience line it adds."""


class SpentPoints(Payload):
    abilities: dict[str, int]
    willpower: int


class Override(Payload):
    rule: str
    reason: str


class Result(Payload):
    """`larp resolve`'s result of one event, without its index, with the rules' notes."""

    winner: Literal["challenger", "defender"] | None
    throws: int
    successes: int | None
    lost: dict[str, list[str]]
    spent: dict[str, SpentPoints]
    regained: dict[str, list[str]] = {}
    override: Override | None = None
    notes: list[tuple[str, str]] = []


class LockHeld(Payload):
    challenger: str
    target: str
    category: str
    effect: str
    until: float


class Adjudication(Payload):
    challenge: ChallengeSpec
    """The challenge with every step, as transcript JSON: it can be replayed."""
    started: float
    """The game time the challenge started at (the five-minute rule counts from it)."""
    result: Result
    lock: LockHeld | None


class Regain(Payload):
    character: str
    category: AttributeName
    result: Result


class ClockMoved(Payload):
    action: Literal["hold", "resume", "advance"]
    minutes: float | None = Field(None, ge=0)

    @model_validator(mode="after")
    def _minutes_for_advance(self) -> "ClockMoved":
        if (self.action == "advance") != (self.minutes is not None):
            raise ValueError("an advance says how many minutes, and only an advance does")
        return self


class Reversal(Payload):
    reason: str = Field(min_length=1)


class Closed(Payload):
    pass


DamageKind = Literal["bashing", "lethal", "aggravated"]


class Damage(Payload):
    """Health boxes marked on a character's track (or healed, `amount` below 0)."""

    target: str
    kind: DamageKind
    amount: int = Field(ge=-50, le=50)


class Die(Payload):
    face: int = Field(ge=1, le=10)
    did: str
    """What the die did: a success, cancelled a success, was rerolled, nothing…"""
    rule: str


class Rolled(Payload):
    """What the dice decided, die by die, with the rules behind it."""

    successes: int
    outcome: str
    """success, failure, botch, dramatic failure, exceptional success…"""
    dice: list[Die]
    notes: list[tuple[str, str]] = []
    initiative: int | None = None
    """An Initiative roll: the die plus the Initiative modifier."""


class Pool(Payload):
    said: str
    """The pool as the Narrator named it: "Dexterity + Firearms + 2", or a number."""
    traits: list[tuple[str, int]] = []
    modifier: int = 0
    reasons: list[tuple[str, int, str]] = []
    """What else added or took dice: (what, dice, rule), as Willpower +3, wound penalty -1."""
    dice: int
    """The dice rolled before rerolls, every option counted (a chance die: 0 or less)."""


class Roll(Payload):
    system: Literal["storyteller", "storytelling"]
    character: str | None
    """Whose pool it is (None: a pool given as a number, for nobody on the sheets)."""
    action: str = ""
    """What the roll is for: "shoot the carjacker", "Initiative", "attack on the Ridden Guard"."""
    pool: Pool
    difficulty: int | None = Field(None, ge=2, le=10)
    again: int | None = Field(None, ge=8, le=11)
    """Storytelling: 10, 9 or 8-again (11: no rerolls)."""
    options: dict[str, bool | int | str | None] = {}
    faces: list[int]
    """Every die as it fell, in order, rerolls included."""
    source: Literal["typed", "station"]
    seed: int | None = None
    result: Rolled
    willpower_spent: int = Field(0, ge=0, le=1)
    damage: Damage | None = None


class Wound(Payload):
    """Boxes filled on a Mind's Eye Theatre character's Health Levels (R-HEALTH-2), or emptied
    where `boxes` is below 0."""

    target: str
    boxes: int = Field(ge=-50, le=50)


class HealthMarked(Payload):
    """Damage on a tabletop Health track, or a wound on Mind's Eye Theatre Health Levels."""

    damage: Damage | None = None
    wound: Wound | None = None
    reason: str = ""

    @model_validator(mode="after")
    def _one_track(self) -> "HealthMarked":
        if (self.damage is None) == (self.wound is None):
            raise ValueError("a health entry marks damage on a tabletop track or a wound on Health Levels, one of them")
        return self


class Ended(Payload):
    """The event's close of a night: where the next one starts, and what the close read."""

    next: int = Field(ge=2)
    refresh: Literal["full", "keep"]
    """The chronicle's `willpower_refresh` the starting Willpower was figured by."""
    read: dict[str, int]
    """Per station, the number of its last entry of the night the close read: any later entry
    of the night is late (written before its station heard of the close)."""
    characters: list[StartingState]


class Carried(Payload):
    """A late entry of a closed night, brought into this one whole (an adjudication without its
    five-minute lock, which held in its own night's game time)."""

    entry: str = Field(pattern=r"^[0-9a-f]{32}$")
    night: int = Field(ge=1)
    kind: Literal[tuple(kind.value for kind in CARRIABLE)]
    payload: dict

    @model_validator(mode="after")
    def _payload_of_its_kind(self) -> "Carried":
        PAYLOADS[Kind(self.kind)].model_validate(self.payload)
        return self


PAYLOADS: dict[Kind, type[Payload]] = {
    Kind.OPENED: Opened,
    Kind.CLOSED: Closed,
    Kind.ADJUDICATION: Adjudication,
    Kind.REGAIN: Regain,
    Kind.CLOCK: ClockMoved,
    Kind.REVERSAL: Reversal,
    Kind.ADDED: Added,
    Kind.CHANGED: Changed,
    Kind.BETWEEN: BetweenGames,
    Kind.ROLL: Roll,
    Kind.HEALTH: HealthMarked,
    Kind.ENDED: Ended,
    Kind.CARRIED: Carried,
    Kind.EXPERIENCE: Experienced,
    Kind.CHECKIN: CheckedIn,
}


class Line(Payload):
    """An entry as a line of a bundle; `kind` and `payload` are added per kind below."""

    id: str = Field(pattern=r"^[0-9a-f]{32}$")
    station: str
    seq: int = Field(ge=1)
    narrator: str
    game_time: float = Field(ge=0)
    wall_time: str
    summary: str
    characters: list[str]
    reverses: str | None


ENTRY_LINE = TypeAdapter(
    Annotated[
        Union[
            tuple(
                create_model(f"{kind.name.title()}Line", __base__=Line, kind=(Literal[kind.value], ...), payload=(model, ...))
                for kind, model in PAYLOADS.items()
            )
        ],
        Field(discriminator="kind"),
    ]
)
"""Checks a bundle's entry line whole, its payload by its kind, in one pass."""
