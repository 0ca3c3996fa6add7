"""The projection of a night (starting sheets plus entries) is what `larp resolve` computes."""

import json

from hypothesis import HealthCheck, given, settings, strategies as st

from larp.desk import Desk, DeskError
from larp.ledger import Kind, Tonight
from larp.rules import replay
from larp.sheet import ATTRIBUTES, Chronicle
from larp.sheet.loading import load_transcript
from tests.ledger.helpers import WallClock, clock, contest, open_desk, regaining
from tests.rules.strategies import challenge_specs, house_rules, sheets, step_for

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def play_at_the_desk(draw, desk: Desk) -> None:
    """One event, as a Narrator would play it at the desk; what the rules refuse is skipped."""
    roll = draw(st.integers(0, 8))
    try:
        if roll == 0:
            desk.regain(draw(st.sampled_from(sorted(desk.night().characters))), draw(st.sampled_from(ATTRIBUTES)))
        elif roll == 1:
            desk.advance(draw(st.sampled_from([1, 2.5, 5])))
        elif roll == 2:
            desk.wound(draw(st.sampled_from(sorted(desk.night().characters))), draw(st.integers(-3, 8)))
        else:
            state, _ = desk.start(draw(challenge_specs(desk.night())))
            for _ in range(25):
                offers = desk.offers(state)
                if not offers:
                    break
                state, _ = desk.step(state, step_for(draw, state, offers))
            desk.commit(state)
    except DeskError:
        pass


def events_of(entries) -> list[tuple[object, dict]]:
    """Each entry that is a transcript event, with that event: what any entry gives to replay."""
    events = []
    for entry in sorted(entries, key=lambda e: e.order):
        if entry.kind is Kind.ADJUDICATION:
            events.append((entry, {"challenge": entry.payload["challenge"]}))
        elif entry.kind is Kind.REGAIN:
            events.append((entry, {"regain": {"character": entry.payload["character"], "category": entry.payload["category"]}}))
        elif entry.kind is Kind.HEALTH:
            wound = entry.payload["wound"]
            events.append((entry, {"wound": {"character": wound["target"], "boxes": wound["boxes"]}}))
        elif entry.kind is Kind.CLOCK and entry.payload["action"] == "advance":
            events.append((entry, {"clock": {"advance_minutes": entry.payload["minutes"]}}))
    return events


def replayed(house_rules, cast, entries):
    """`larp resolve` over the events the entries hold, each entry with its result there."""
    pairs = events_of(entries)
    text = json.dumps(
        {"house_rules": house_rules.model_dump(), "characters": [s.model_dump() for s in cast], "events": [e for _, e in pairs]}
    )
    resolved = replay(load_transcript(text))
    return resolved, [(entry, result) for (entry, _), result in zip(pairs, resolved.results) if entry.kind not in (Kind.CLOCK, Kind.HEALTH)]


@SETTINGS
@given(st.data())
def test_the_projection_of_a_random_night_equals_larp_resolve_over_its_events(data):
    rules = data.draw(house_rules)
    cast = [data.draw(sheets(f"c{i}")) for i in range(data.draw(st.integers(2, 4)))]
    chronicle = Chronicle(id="random", name="Random", house_rules=rules, characters={s.id: s for s in cast})
    desk = Desk.open(":memory:", chronicle, station="hall", now=WallClock())
    for _ in range(data.draw(st.integers(1, 8))):
        play_at_the_desk(data.draw, desk)

    entries = desk.entries()
    resolved, decided = replayed(rules, cast, entries)
    assert desk.night().to_json() == resolved.night.to_json()
    assert Tonight.of(reversed(entries)).night(0).to_json() == resolved.night.to_json()
    for entry, result in decided:
        assert entry.result.to_json(0) == result.to_json(0)


def test_a_recorded_night_replays_to_the_same_results(tmp_path):
    """Each entry keeps the spec with every step and the result: replaying them gives the results back."""
    events = [
        contest("janet", "Quick", "cody", "Brawny", ("rock", "scissors")),
        clock(5),
        contest("cody", "Tough", "janet", "Tough", ("rock", "rock")),
        regaining("janet", "physical"),
    ]
    desk = open_desk(tmp_path, now=WallClock())
    for event in events:
        desk.record(event)
    starts = [state.sheet for state in desk.tonight.starts.values()]
    resolved, decided = replayed(desk.night().rules, starts, desk.entries())
    assert [entry.kind for entry, _ in decided] == [Kind.ADJUDICATION, Kind.ADJUDICATION, Kind.REGAIN]
    for entry, result in decided:
        assert entry.result.to_json(0) == result.to_json(0)
    assert desk.night().to_json() == resolved.night.to_json()
