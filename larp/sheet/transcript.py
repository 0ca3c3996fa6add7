"""The adjudication transcript: the input contract of `larp resolve` (docs/transcript.md).

Events and steps are objects with exactly one key; the key says what they are.
"""

from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, Discriminator, Field, Strict, Tag, model_validator

from larp.sheet.categories import Category
from larp.sheet.character import CharacterId, Flag, Frozen, Name, Sheet, Whole
from larp.sheet.house_rules import HouseRules

SideName = Literal["challenger", "defender"]
SignName = Literal["rock", "paper", "scissors", "bomb"]
Kind = Literal["contested", "static", "simple", "streak", "race"]
AttributeName = Literal["physical", "social", "mental"]


def _single_key(value: Any) -> str | None:
    """The key of a one-key object: from JSON, or from a model already validated."""
    if isinstance(value, dict):
        return next(iter(value)) if len(value) == 1 else None
    fields = type(value).model_fields if isinstance(value, BaseModel) else {}
    return next(iter(fields)) if len(fields) == 1 else None


def one_of(*members: tuple[str, type], what: str) -> Any:
    """A union of one-key objects told apart by their key."""
    keys = ", ".join(key for key, _ in members)
    tagged = tuple(Annotated[model, Tag(key)] for key, model in members)
    return Annotated[
        Union[tagged],
        Discriminator(
            _single_key,
            custom_error_type="one_key",
            custom_error_message=f"{what} must be an object with exactly one key, one of: {keys}",
        ),
    ]


class Party(Frozen):
    """A character's side of a challenge (R-CH-1)."""

    character: CharacterId
    trait: Name | None = Field(None, description="the bid Trait (physical, social, mental)")
    ability: Name | None = Field(None, description="the Ability named for the challenge (R-TIE-2)")
    bonus: Whole = Field(0, ge=-99, le=99, description="bonus Traits, negative for a penalty (R-TRAIT-5)")


class Static(Frozen):
    """A static difficulty of N Traits; its throws are the Narrator's (R-TIE-4: it defends)."""

    static: Whole = Field(ge=0, le=99)


def _party_or_static(value: Any) -> str:
    return "static" if isinstance(value, Static) or (isinstance(value, dict) and "static" in value) else "party"


Defender = Annotated[
    Annotated[Party, Tag("party")] | Annotated[Static, Tag("static")],
    Discriminator(_party_or_static),
]


class Throw(Frozen):
    challenger: SignName
    defender: SignName


class Declare(Frozen):
    side: SideName
    total: Whole = Field(ge=0, le=999)


class Cite(Frozen):
    side: SideName
    negative: Name
    risk: Name | None = None


NarratorAllows = Literal[True] | None
"""`true`: the Narrator allows an Ability the chronicle does not list for the category (R-RT-1)."""


class Retest(Frozen):
    side: SideName
    source: Literal["ability", "overbid", "willpower", "other"]
    name: Name | None = None
    total: Whole | None = Field(None, ge=0, le=999)
    narrator_allows: NarratorAllows = Field(None, description="R-RT-1: an Ability that does not fit, allowed")

    @model_validator(mode="after")
    def _named(self) -> "Retest":
        if self.source in ("ability", "other") and self.name is None:
            raise ValueError(f"a retest from source {self.source!r} needs a name")
        if self.source != "overbid" and self.total is not None:
            raise ValueError("only an overbid states a total")
        if self.source != "ability" and self.narrator_allows is not None:
            raise ValueError("only an Ability retest is allowed by the Narrator: narrator_allows")
        return self


class Cancel(Frozen):
    side: SideName
    ability: Name
    narrator_allows: NarratorAllows = Field(None, description="R-RT-1: an Ability that does not fit, allowed")


class Override(Frozen):
    rule: Literal["R-NIGHT-2"]
    reason: Annotated[str, Field(min_length=1, max_length=500)]


class ThrowStep(Frozen):
    throw: Throw


class DeclareStep(Frozen):
    declare: Declare


class RelentStep(Frozen):
    relent: SideName


class CiteStep(Frozen):
    cite: Cite


class RetestStep(Frozen):
    retest: Retest


class CancelStep(Frozen):
    cancel: Cancel


class OverrideStep(Frozen):
    override: Override


Step = one_of(
    ("throw", ThrowStep),
    ("declare", DeclareStep),
    ("relent", RelentStep),
    ("cite", CiteStep),
    ("retest", RetestStep),
    ("cancel", CancelStep),
    ("override", OverrideStep),
    what="a step",
)


class ChallengeSpec(Frozen):
    """Who challenges whom, in what, for what effect, and the steps as they happened."""

    kind: Kind
    category: Category
    challenger: Party
    defender: Defender
    control: Flag = Field(False, description="the effect would alter the defender's will (R-RT-4)")
    effect: str = ""
    win_outright: Flag = Field(False, description="simple tests: a tie fails (R-SIMPLE-1)")
    target: Whole | None = Field(None, ge=1, le=99, description="race: wins needed; streak: the cap")
    defensive: SideName | None = Field(
        None, description="R-TIE-4: the side whose action is the more defensive, which wins an equal tie; the defender if left out"
    )
    steps: list[Step] = []

    @model_validator(mode="after")
    def _fits_kind(self) -> "ChallengeSpec":
        static = type(self.defender) is Static
        if self.kind == "contested" and static:
            raise ValueError("a contested challenge needs a character as defender")
        if self.kind in ("static", "simple") and not static:
            raise ValueError(f"a {self.kind} challenge has a static difficulty as defender: {{\"static\": N}}")
        if self.kind == "race" and self.target is None:
            raise ValueError("a race needs a target: the winning throws needed")
        if self.category.is_attribute:
            if self.challenger.trait is None and self.kind != "simple":
                raise ValueError("the challenger names a bid Trait in a physical, social or mental challenge")
        else:
            for side in (self.challenger, self.defender):
                if isinstance(side, Party) and side.trait is not None:
                    raise ValueError(f"no Trait is named in a {self.category.value} challenge")
        return self


class Regain(Frozen):
    character: CharacterId
    category: AttributeName


class Clock(Frozen):
    advance_minutes: Annotated[float, Strict()] = Field(ge=0, le=24 * 60)


class Wound(Frozen):
    """Wounds filled on her Health Levels (R-HEALTH-2), or healed where `boxes` is below 0."""

    character: CharacterId
    boxes: Annotated[int, Strict()] = Field(ge=-50, le=50)

    @model_validator(mode="after")
    def _some(self) -> "Wound":
        if not self.boxes:
            raise ValueError("a wound marks at least one box, or heals at least one (below 0)")
        return self


class ChallengeEvent(Frozen):
    challenge: ChallengeSpec


class RegainEvent(Frozen):
    regain: Regain


class ClockEvent(Frozen):
    clock: Clock


class WoundEvent(Frozen):
    wound: Wound


Event = one_of(
    ("challenge", ChallengeEvent),
    ("regain", RegainEvent),
    ("clock", ClockEvent),
    ("wound", WoundEvent),
    what="an event",
)


class Transcript(Frozen):
    """One night's adjudications, to replay (docs/transcript.md)."""

    house_rules: HouseRules = HouseRules()
    characters: list[Sheet]
    events: list[Event]
