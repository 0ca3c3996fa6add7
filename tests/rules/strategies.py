"""Hypothesis strategies: random sheets and random nights played by legal actions only."""

from hypothesis import strategies as st

from larp.rules import (
    CONCLUDE,
    Move,
    Night,
    RuleError,
    apply,
    finish,
    legal_actions,
    outcome,
    start_challenge,
)
from larp.sheet import ATTRIBUTES, Category, HouseRules, Sheet
from larp.sheet.health_rules import HealthRules
from larp.sheet.named_lists import ListTrait
from larp.sheet.transcript import (
    Cancel,
    CancelStep,
    ChallengeSpec,
    Cite,
    CiteStep,
    Declare,
    DeclareStep,
    Override,
    OverrideStep,
    Party,
    RelentStep,
    Retest,
    RetestStep,
    Static,
    Throw,
    ThrowStep,
)

TRAITS = ["Brawny", "Quick", "Tough", "Clever", "Witty", "Alert"]
NEGATIVES = ["Clumsy", "Callous", "Gullible"]
ABILITIES = ["Dodge", "Brawl", "Leadership"]
SOURCES = ["Luck", "Fortitude"]


def trait_counts(names=TRAITS, low=0):
    return st.dictionaries(st.sampled_from(names), st.integers(1, 3), min_size=low, max_size=3)


@st.composite
def sheets(draw, character_id: str) -> Sheet:
    return Sheet(
        id=character_id,
        name=character_id.title(),
        traits={c.value: draw(trait_counts(low=1)) for c in ATTRIBUTES},
        negative={c.value: draw(trait_counts(NEGATIVES)) for c in ATTRIBUTES},
        abilities=draw(st.dictionaries(st.sampled_from(ABILITIES), st.integers(1, 2), max_size=2)),
        willpower=draw(st.integers(0, 3)),
        rage=draw(st.integers(0, 2)),
        gnosis=draw(st.integers(0, 2)),
        retests=draw(st.lists(st.sampled_from(SOURCES), max_size=2, unique=True)),
        bomb=draw(st.booleans()),
        lists={"Health Levels": draw(health_levels)} if draw(st.booleans()) else {},
    )


LEVELS = ("Healthy", "Bruised", "Wounded", "Incapacitated", "Torpor")
health_levels = st.lists(st.integers(1, 3), min_size=1, max_size=5).map(
    lambda boxes: [ListTrait(name=name, rating=count) for name, count in zip(LEVELS, boxes)]
)
"""A sheet's own Health Levels (R-HEALTH-1): the first levels of Grapevine's, one to three boxes each."""
health_rules = st.builds(
    HealthRules,
    levels=st.sampled_from([{"Healthy": 1, "Bruised": 1, "Wounded": 1, "Incapacitated": 1}, HealthRules().levels]),
    penalties=st.sampled_from([{}, {"Bruised": -1, "Wounded": -2}, {"Healthy": -1, "Bruised": -3}]),
    out_of_play=st.sampled_from([(), ("Incapacitated", "Torpor")]),
)


house_rules = st.builds(
    HouseRules,
    rules_version=st.sampled_from([2, 3]),
    ability_adds_to_total=st.booleans(),
    equal_tie=st.sampled_from(["defender", "both-lose"]),
    ability_uses_per_challenge=st.sampled_from(["one", "one-each"]),
    bomb=st.booleans(),
    negative_miss_costs=st.booleans(),
    five_minute_rule_minutes=st.sampled_from([0, 5]),
    negative_citers=st.sampled_from(["initiator", "either"]),
    health=health_rules,
)


@st.composite
def nights(draw) -> Night:
    cast = [draw(sheets(f"c{i}")) for i in range(draw(st.integers(2, 4)))]
    return Night.begin(cast, draw(house_rules))


@st.composite
def challenge_specs(draw, night: Night) -> ChallengeSpec:
    ids = list(night.characters)
    challenger, defender = draw(st.permutations(ids))[:2]
    kind = draw(st.sampled_from(["contested", "contested", "static", "simple", "streak", "race"]))
    category = draw(st.sampled_from(list(Category)))
    def party(cid: str, needs_trait: bool) -> Party:
        sheet_traits = night.characters[cid].sheet.traits.of(category)
        available = night.characters[cid].available(category) or sheet_traits  # exhausted: the rules refuse
        trait = draw(st.sampled_from(sorted(available))) if available and needs_trait else None
        abilities = sorted(night.characters[cid].sheet.abilities)
        ability = draw(st.sampled_from([None, *abilities]))
        return Party(character=cid, trait=trait, ability=ability, bonus=draw(st.integers(-1, 2)))
    first = party(challenger, category.is_attribute and kind != "simple")
    if kind in ("static", "simple") or (kind in ("streak", "race") and draw(st.booleans())):
        second = Static(static=0 if kind == "simple" else draw(st.integers(0, 8)))
    else:
        second = party(defender, True)
    return ChallengeSpec(
        kind=kind,
        category=category,
        challenger=first,
        defender=second,
        control=draw(st.booleans()),
        effect=draw(st.sampled_from(["sway", "strike", "search"])),
        win_outright=draw(st.booleans()),
        target=draw(st.integers(1, 3)) if kind == "race" else draw(st.sampled_from([None, 2])),
    )


def step_for(draw, state, offers):
    """A concrete step (or CONCLUDE) built from one of the offers."""
    moves = sorted({offer.move for offer in offers}, key=lambda m: m.value)
    move = draw(st.sampled_from(moves))
    mine = [offer for offer in offers if offer.move is move]
    if move is Move.THROW:
        signs = {offer.side.value: draw(st.sampled_from(offer.choices)) for offer in mine}
        return ThrowStep(throw=Throw(**signs))
    if move is Move.CONCLUDE:
        return CONCLUDE
    if move is Move.OVERRIDE:
        return OverrideStep(override=Override(rule="R-NIGHT-2", reason="the scene has changed"))
    offer = draw(st.sampled_from(mine))
    side = offer.side.value
    if move is Move.DECLARE:
        return DeclareStep(declare=Declare(side=side, total=draw(st.integers(0, offer.limit))))
    if move is Move.RELENT:
        return RelentStep(relent=side)
    if move is Move.CITE:
        return CiteStep(cite=Cite(side=side, negative=draw(st.sampled_from([*offer.choices, "Naive"]))))
    if move is Move.CANCEL:
        ability = draw(st.sampled_from([*offer.choices, *offer.unfit]))
        return CancelStep(cancel=Cancel(side=side, ability=ability, narrator_allows=_allows(offer, ability)))
    name = draw(st.sampled_from([*offer.choices, *offer.unfit])) if offer.choices or offer.unfit else None
    total = None
    figure_free = not state.tie_open and state.side(offer.side).declared is None  # else the figure stands
    if offer.source == "overbid" and figure_free and draw(st.booleans()):
        total = draw(st.integers(0, offer.limit))
    return RetestStep(retest=Retest(side=side, source=offer.source, name=name, total=total, narrator_allows=_allows(offer, name)))


def _allows(offer, name):
    """The Narrator's allowance that an Ability which does not fit needs (R-RT-1)."""
    return True if name in offer.unfit else None


def play_out(draw, night: Night, spec: ChallengeSpec, max_steps: int = 25):
    """Play a challenge by drawing among the legal actions only; every one must be accepted.

    Returns (night, result, final state, the spec with its steps), or None when the
    rules refuse to start it (an exhausted initiator).
    """
    try:
        state, _ = start_challenge(night, spec)
    except RuleError:
        return None
    for _ in range(max_steps):
        offers = legal_actions(state)
        if not offers:
            break
        state, _ = apply(state, step_for(draw, state, offers))
    while outcome(state) is None:  # out of steps: throw until the Narrator may conclude
        offers = legal_actions(state)
        if any(offer.move is Move.CONCLUDE for offer in offers):
            state, _ = apply(state, CONCLUDE)
        else:
            state, _ = apply(state, step_for(draw, state, [o for o in offers if o.move in (Move.THROW, Move.OVERRIDE)]))
    night, result = finish(night, state)
    return night, result, state, spec.model_copy(update={"steps": list(state.steps)})
