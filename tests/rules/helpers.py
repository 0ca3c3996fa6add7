"""Building nights, challenges and steps for rule tests in a few words."""

from typing import Any

from pydantic import TypeAdapter

from larp.rules import Night, apply, run_challenge, start_challenge
from larp.sheet import HouseRules, Sheet
from larp.sheet.transcript import ChallengeSpec, Step

STEP = TypeAdapter(Step)

JANET = {
    "id": "janet",
    "name": "Janet",
    "traits": {
        "physical": {"Quick": 1, "Tough": 2},
        "social": {"Charismatic": 3, "Eloquent": 3, "Witty": 3},
        "mental": {"Clever": 2, "Alert": 2},
    },
    "negative": {"social": {"Callous": 1}},
    "abilities": {"Expression": 1, "Leadership": 2, "Dodge": 2},
    "willpower": 3,
    "retests": ["Luck"],
}
CODY = {
    "id": "cody",
    "name": "Cody",
    "traits": {
        "physical": {"Brawny": 2, "Quick": 1},
        "social": {"Impressive": 4, "Commanding": 3, "Dignified": 3},
        "mental": {"Perceptive": 2, "Alert": 2},
    },
    "negative": {"social": {"Tactless": 1}, "mental": {"Gullible": 2}},
    "abilities": {"Leadership": 1, "Dodge": 2, "Empathy": 1},
    "willpower": 4,
    "retests": ["Werewolf Strength"],
    "rage": 3,
    "gnosis": 2,
    "bomb": True,
}
JEN = {
    "id": "jen",
    "name": "Jen",
    "traits": {"mental": {"Wily": 3, "Intelligent": 3, "Clever": 4}, "social": {"Witty": 1}},
    "abilities": {"Investigation": 1},
    "willpower": 2,
}


def sheet(base: dict, **changes: Any) -> Sheet:
    return Sheet.model_validate({**base, **changes})


def night(*sheets: dict | Sheet, clock: float = 0.0, **house: Any) -> Night:
    cast = [s if isinstance(s, Sheet) else Sheet.model_validate(s) for s in (sheets or (JANET, CODY, JEN))]
    return Night.begin(cast, HouseRules(**house), clock=clock)


def side(character: str, trait: str | None = None, **more: Any) -> dict:
    return {"character": character, **({"trait": trait} if trait else {}), **more}


def spec(challenger: dict, defender: dict, *steps: dict, kind: str = "contested", category: str = "social", **more: Any) -> ChallengeSpec:
    return ChallengeSpec.model_validate(
        {
            "kind": kind,
            "category": category,
            "challenger": challenger,
            "defender": defender,
            "steps": list(steps),
            **more,
        }
    )


def throw(challenger: str, defender: str) -> dict:
    return {"throw": {"challenger": challenger, "defender": defender}}


def declare(who: str, total: int) -> dict:
    return {"declare": {"side": who, "total": total}}


def retest(who: str, source: str, name: str | None = None, total: int | None = None) -> dict:
    body: dict[str, Any] = {"side": who, "source": source}
    if name is not None:
        body["name"] = name
    if total is not None:
        body["total"] = total
    return {"retest": body}


def cancel(who: str, ability: str) -> dict:
    return {"cancel": {"side": who, "ability": ability}}


def cite(who: str, negative: str, risk: str | None = None) -> dict:
    return {"cite": {"side": who, "negative": negative, **({"risk": risk} if risk else {})}}


def play(the_night: Night, challenge: ChallengeSpec):
    """The night after the challenge, and its result."""
    return run_challenge(the_night, challenge)


def begin(the_night: Night, challenge: ChallengeSpec):
    """A challenge started, its steps not yet applied."""
    return start_challenge(the_night, challenge)[0]


def step(state, body: dict):
    """The state after one more step, given as transcript JSON."""
    return apply(state, STEP.validate_python(body))[0]
