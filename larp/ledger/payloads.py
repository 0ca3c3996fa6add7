"""What each kind of entry holds in its payload: checked on every entry a bundle brings in."""

from typing import Annotated, Literal, Union

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    TypeAdapter,
    create_model,
    model_validator,
)

from larp.ledger.entry import Kind
from larp.sheet import Chronicle, Sheet
from larp.sheet.transcript import AttributeName, ChallengeSpec


class Payload(BaseModel):
    model_config = ConfigDict(extra="forbid")


class StartingState(Payload):
    sheet: Sheet
    willpower: int = Field(ge=0)


class Opened(Payload):
    chronicle: Chronicle
    """The chronicle's settings (its characters are the starting states)."""
    characters: list[StartingState]


class Added(Payload):
    character: StartingState


class Changed(Payload):
    sheet: Sheet


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


PAYLOADS: dict[Kind, type[Payload]] = {
    Kind.OPENED: Opened,
    Kind.CLOSED: Closed,
    Kind.ADJUDICATION: Adjudication,
    Kind.REGAIN: Regain,
    Kind.CLOCK: ClockMoved,
    Kind.REVERSAL: Reversal,
    Kind.ADDED: Added,
    Kind.CHANGED: Changed,
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
