"""What a Narrator reads is right to the letter: counts in the right number, articles, a
character spoken of by her sheet's pronouns (or `they`), and each message once seen wrong."""

import json
from datetime import datetime, timezone
from fractions import Fraction

import pytest

from larp.event.live import SyncStatus
from larp.rules.dice.odds import storyteller_odds, storytelling_odds
from larp.rules.dice.storyteller import StorytellerOptions
from larp.sheet import Sheet
from larp.words import Pronouns, a, are, counted, plural
from tests.ledger.helpers import contest, larp, regaining, transcript, write_chronicle


@pytest.mark.parametrize(
    "count, noun, said",
    [(1, "entry", "1 entry"), (0, "entry", "0 entries"), (2, "die", "2 dice"), (1, "die", "1 die"),
     (3, "Ability", "3 Abilities"), (2, "card", "2 cards"), (1.5, "point", "1.5 points"), (2, "class", "2 classes")],
)
def test_a_count_takes_its_noun_in_the_right_number(count, noun, said):
    assert counted(count, noun) == said


def test_the_verb_after_a_count_agrees_with_it():
    assert [are(n) for n in (0, 1, 2)] == ["are", "is", "are"]
    assert plural("day") == "days" and plural("story") == "stories"


@pytest.mark.parametrize(
    "noun, said",
    [("Ability", "an Ability"), ("Trait", "a Trait"), ("Occult retest", "an Occult retest"),
     ("unique power", "a unique power"), ("hour", "an hour"), ("one-shot", "a one-shot")],
)
def test_a_noun_takes_the_article_its_sound_asks_for(noun, said):
    assert a(noun) == said


def test_a_character_is_spoken_of_by_the_pronouns_on_her_sheet_and_else_they():
    with_pronouns = Sheet(id="wick", name="Wick", pronouns="he/him", traits={"physical": {"Quick": 1}})
    without = Sheet(id="ruth", name="Ruth", traits={"physical": {"Quick": 1}})
    neo = Sheet(id="sam", name="Sam", pronouns="xe/xem/xyr", traits={})
    assert (with_pronouns.speech.subject, with_pronouns.speech.possessive, with_pronouns.speech.verb("has")) == ("he", "his", "has")
    assert (without.speech.subject, without.speech.object, without.speech.verb("has"), without.speech.verb("regains")) == ("they", "them", "have", "regain")
    assert (neo.speech.subject, neo.speech.object, neo.speech.possessive) == ("xe", "xem", "xyr")
    assert Pronouns.said("She/Her").subject == "she"


def test_one_entry_waiting_is_said_in_the_singular():
    since = datetime(2026, 11, 25, 21, 42, tzinfo=timezone.utc)
    assert "1 entry waiting" in SyncStatus(online=False, since=since, waiting=1).text()
    assert "online, 2 entries waiting" == SyncStatus(online=True, since=None, waiting=2).text()


def test_a_refused_record_says_how_many_events_before_it_were_recorded_in_the_right_number(tmp_path, capsys):
    """`the 0 before it are recorded` was once printed; now nothing, or the count in words."""
    chronicle = write_chronicle(tmp_path / "chronicle", ids=("janet", "cody"))
    first = tmp_path / "first.json"
    first.write_text(json.dumps(transcript([regaining("janet", "physical")], ("janet", "cody"))))
    assert larp(capsys, "record", first, "--chronicle", chronicle)[0] == 0
    for events, said in (
        ([regaining("janet", "physical")], "nothing before it was recorded"),
        ([contest("janet", "Quick", "cody", "Brawny", ("rock", "scissors")), regaining("janet", "physical")], "the 1 event before it is recorded"),
    ):
        again = tmp_path / "again.json"
        again.write_text(json.dumps(transcript(events, ("janet", "cody"))))
        status, _, err = larp(capsys, "record", again)
        assert status == 3 and said in err


def test_storyteller_odds_call_four_successes_exceptional_and_five_phenomenal():
    """D-ST-4 (seed 001's table): 4 is exceptional, 5 or more phenomenal; the Storytelling
    System's exceptional success is 5 or more (D-SG-8)."""
    odds = storyteller_odds(6, StorytellerOptions(difficulty=6))
    assert odds.exceptional == odds.at_least(4) and odds.phenomenal == odds.at_least(5)
    found = odds.to_json()
    assert found["exceptional"]["exact"] == str(odds.at_least(4)) and found["phenomenal"]["exact"] == str(odds.at_least(5))
    told = storytelling_odds(6)
    assert told.exceptional == told.at_least(5) and "phenomenal" not in told.to_json()
    assert isinstance(told.exceptional, Fraction)


@pytest.mark.parametrize(
    "folder, options, said",
    [
        ("storytelling", ["--difficulty", "7"], "--difficulty is not an option of the Storytelling System, this chronicle's dice: its own are --again, --rote, --specialty"),
        ("storyteller", ["--again", "9", "--rote"], "--again, --rote are not options of the Storyteller System, this chronicle's dice: its own is --difficulty"),
    ],
)
def test_a_roll_refuses_the_options_of_the_other_dice_system_naming_its_own(tmp_path, capsys, folder, options, said):
    from pathlib import Path

    chronicle = Path(__file__).resolve().parents[1] / "cards" / folder
    status, out, err = larp(capsys, "roll", "5", "--chronicle", chronicle, "--db", tmp_path / "r.sqlite3", "--station", "hall", "--narrator", "Ann", *options)
    assert status != 0 and said in err and out == ""
