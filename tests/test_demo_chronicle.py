"""The demo chronicle under cards/ and its demo night: they load, keep their secrets, and agree.

`cards/` is what a first run of the station opens on; `cards/demo-night.json` is an evening of
that chronicle written as a transcript (docs/transcript.md), replaying the source's worked examples
(Janet and Cody's tie, Cody's Leadership retest, Jen's overbid). The transcript carries its own
copy of the sheets, so these tests hold the two copies equal.
"""

import json
import re
import tomllib
from pathlib import Path
from typing import get_args

import pytest

from larp.sheet import Category, load_chronicle, load_transcript
from larp.sheet.transcript import Kind, Party, Retest

ROOT = Path(__file__).resolve().parent.parent
CARDS = ROOT / "cards"
NIGHT = CARDS / "demo-night.json"
CREATURES = {"vampire", "werewolf", "changeling", "mortal"}

# Words that give away what a character is or hides; a card's public lines never use them.
SECRET_WORDS = {
    "secret", "secretly", "ghoul", "domitor", "boon", "oath", "true name", "sabbat", "prince",
    "harpy", "baroness", "freehold", "balefire", "caern", "sept", "pack", "kinfolk", "garou",
    "bane", "umbra", "gauntlet", "informant", "forged", "bribe", "money", "source", "confession",
    "stake", "dominate", "protean", "chicanery", "true faith", "razor claws", "pooka", "sidhe",
    "troll", "sluagh", "nosferatu", "gangrel", "toreador", "ventrue", "werewolf", "vampire",
}


@pytest.fixture(scope="module")
def chronicle():
    return load_chronicle(CARDS)


@pytest.fixture(scope="module")
def night():
    return load_transcript(NIGHT.read_text(encoding="utf-8"), str(NIGHT))


@pytest.fixture(scope="module")
def challenges(night):
    return [event.challenge for event in night.events if hasattr(event, "challenge")]


def key_of(one_key_model) -> str:
    """The key of a one-key event or step (`throw`, `retest`, `clock`, …)."""
    (key,) = type(one_key_model).model_fields
    return key


def words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9']+", text.lower())


def test_demo_chronicle_loads_with_every_creature(chronicle):
    assert chronicle.id == "ashes-of-alder-bay"
    assert len(chronicle.characters) >= 12
    creatures = [sheet.creature for sheet in chronicle.characters.values()]
    assert set(creatures) == CREATURES
    for creature in CREATURES:
        assert creatures.count(creature) >= 3, creature
    assert {"Willpower", "Rage", "Gnosis", "Glamour", "Banality"} <= set(chronicle.standalone)


def test_each_character_file_is_named_by_its_id():
    for path in CARDS.glob("*.toml"):
        if path.name != "chronicle.toml":
            assert tomllib.loads(path.read_text(encoding="utf-8"))["id"] == path.stem


def test_sheets_are_starting_characters_of_their_creature(chronicle):
    for sheet in chronicle.characters.values():
        assert sheet.name and sheet.player and sheet.lineage, sheet.id
        for category in ("physical", "social", "mental"):
            assert 5 <= sheet.traits.total(Category(category)) <= 13, (sheet.id, category)
        assert all(1 <= rating <= 3 for rating in sheet.abilities.values()), sheet.id
        assert 2 <= sheet.willpower <= 8, sheet.id
        werewolf = sheet.creature == "werewolf"
        assert (sheet.rage > 0 and sheet.gnosis > 0) == werewolf, sheet.id
        if sheet.creature == "changeling":
            assert set(sheet.standalone) == {"Glamour", "Banality"}, sheet.id
        assert set(sheet.standalone) <= set(chronicle.standalone), sheet.id
        assert sheet.retests, sheet.id


def test_bomb_is_on_and_granted_by_few_sheets(chronicle):
    assert chronicle.house_rules.bomb
    assert 2 <= sum(sheet.bomb for sheet in chronicle.characters.values()) <= 3


def test_worked_example_characters_match_the_source(chronicle):
    janet, cody, jen = (chronicle.characters[name] for name in ("janet", "cody", "jen"))
    assert janet.traits.total(Category.SOCIAL) == 9 and "Charismatic" in janet.traits.social
    assert {"Expression", "Leadership"} <= set(janet.abilities)
    assert cody.traits.total(Category.SOCIAL) == 10 and cody.traits.social["Impressive"] >= 2
    assert "Perceptive" in cody.traits.mental and "Leadership" in cody.abilities
    assert jen.traits.total(Category.MENTAL) == 10
    assert {"Intelligent", "Wily"} <= set(jen.traits.mental)


def test_public_lines_keep_the_notes_secret(chronicle):
    for sheet in chronicle.characters.values():
        assert sheet.public and sheet.notes.strip(), sheet.id
        public = " ".join(sheet.public)
        assert not any(line.strip().lower() in sheet.notes.lower() for line in sheet.public), sheet.id
        note_words, public_words = words(sheet.notes), words(public)
        shingles = {tuple(note_words[i : i + 6]) for i in range(len(note_words) - 5)}
        shared = [tuple(public_words[i : i + 6]) for i in range(len(public_words) - 5)]
        assert not shingles.intersection(shared), (sheet.id, shingles.intersection(shared))
        spoken = " " + " ".join(public_words) + " "
        leaks = {word for word in SECRET_WORDS if f" {word} " in spoken}
        assert not leaks, (sheet.id, leaks)


def test_demo_night_carries_the_chronicle_sheets_and_house_rules(chronicle, night):
    assert {sheet.id: sheet for sheet in night.characters} == chronicle.characters
    assert night.house_rules == chronicle.house_rules


def test_demo_night_uses_every_kind_category_and_retest(night, challenges):
    assert len(night.events) >= 24 and len(challenges) >= 20
    assert {challenge.kind for challenge in challenges} == set(get_args(Kind))
    assert {challenge.category for challenge in challenges} == set(Category)
    steps = [step for challenge in challenges for step in challenge.steps]
    sources = {step.retest.source for step in steps if hasattr(step, "retest")}
    assert sources == set(get_args(Retest.model_fields["source"].annotation))
    kinds_of_step = {key_of(step) for step in steps}
    assert kinds_of_step == {"throw", "declare", "relent", "cite", "retest", "cancel", "override"}
    kinds_of_event = {key_of(event) for event in night.events}
    assert kinds_of_event == {"challenge", "regain", "clock"}
    assert all(challenge.effect.strip() for challenge in challenges)


def test_demo_night_cites_one_negative_trait_that_hits_and_one_that_misses(night, challenges):
    sheets = {sheet.id: sheet for sheet in night.characters}
    hits = []
    for challenge in challenges:
        for step in challenge.steps:
            if hasattr(step, "cite"):
                target = sheets[challenge.defender.character]
                hits.append(step.cite.negative in target.negative.of(challenge.category))
    assert True in hits and False in hits


def test_demo_night_throws_the_bomb_only_for_sheets_that_grant_it(night, challenges):
    sheets = {sheet.id: sheet for sheet in night.characters}
    bombers = set()
    for challenge in challenges:
        for step in challenge.steps:
            if hasattr(step, "throw"):
                for side in ("challenger", "defender"):
                    if getattr(step.throw, side) == "bomb":
                        party = getattr(challenge, side)
                        assert isinstance(party, Party) and sheets[party.character].bomb
                        bombers.add(party.character)
    assert bombers


def test_demo_night_defensive_willpower_only_against_control(challenges):
    for challenge in challenges:
        for step in challenge.steps:
            if hasattr(step, "retest") and step.retest.source == "willpower":
                assert challenge.control and step.retest.side == "defender"


def test_demo_night_replays_the_source_worked_examples():
    raw = json.loads(NIGHT.read_text(encoding="utf-8"))
    challenges = [event["challenge"] for event in raw["events"] if "challenge" in event]

    def between(challenger, defender):
        return [
            c for c in challenges
            if c["challenger"]["character"] == challenger and c["defender"].get("character") == defender
        ]

    def plain(challenge):
        return challenge["steps"]

    def bids(challenge):
        return challenge["challenger"]["trait"], challenge["defender"]["trait"]

    tie, retest = between("janet", "cody")
    assert bids(tie) == bids(retest) == ("Charismatic", "Impressive")
    assert plain(tie) == [
        {"throw": {"challenger": "paper", "defender": "paper"}},
        {"declare": {"side": "challenger", "total": 9}},
        {"declare": {"side": "defender", "total": 8}},
    ]
    assert plain(retest) == [
        {"throw": {"challenger": "rock", "defender": "scissors"}},
        {"retest": {"side": "defender", "source": "ability", "name": "Leadership"}},
        {"throw": {"challenger": "rock", "defender": "paper"}},
    ]
    (overbid,) = between("cody", "jen")
    assert bids(overbid) == ("Perceptive", "Wily")
    assert plain(overbid) == [
        {"throw": {"challenger": "scissors", "defender": "paper"}},
        {"retest": {"side": "defender", "source": "overbid", "name": "Intelligent", "total": 10}},
        {"throw": {"challenger": "paper", "defender": "scissors"}},
    ]


def test_demo_night_replays_without_a_refusal_and_as_the_source_tells_it(night, challenges):
    """The rules engine accepts every step; the worked examples end as the source says."""
    from larp.rules.resolving import replay

    results = replay(night).to_json()["results"]
    assert len(results) == len(night.events)
    by_pair: dict[tuple[str, str], list[dict]] = {}
    for event, result in zip(night.events, results):
        if hasattr(event, "challenge") and isinstance(event.challenge.defender, Party):
            pair = (event.challenge.challenger.character, event.challenge.defender.character)
            by_pair.setdefault(pair, []).append(result)
    tie, retest = by_pair["janet", "cody"]
    assert (tie["winner"], tie["lost"]) == ("challenger", {"cody": ["Impressive"]})
    assert (retest["winner"], retest["lost"]) == ("defender", {"janet": ["Charismatic"]})
    assert retest["spent"] == {"cody": {"abilities": {"Leadership": 1}, "willpower": 0}}
    (overbid,) = by_pair["cody", "jen"]
    assert (overbid["winner"], overbid["lost"]) == ("defender", {"cody": ["Perceptive"]})
