"""Every real Grapevine file imports, and each character shows what Grapevine shows for it."""

from collections import Counter

import pytest

from larp.grapevine.folder import read_file
from tests.grapevine.samples import all_files, expected, need_samples, sample, shown, xml_files

pytestmark = need_samples

TOTALS = {"vampire": 220, "changeling": 70, "werewolf": 57, "mortal": 45, "various": 33, "wraith": 31,
          "mage": 14, "fera": 6, "hunter": 2, "kueijin": 2, "demon": 2, "mummy": 2}
"""SOURCES.md: the 17 XML files at crapvine's HEAD hold 484 characters of all 12 types."""


def test_the_crapvine_files_hold_484_characters_of_all_twelve_types():
    found = Counter()
    for path in sorted(sample("crapvine").glob("*.g*")):
        if ".bin." not in path.name:
            found.update(sheet.creature for sheet in read_file(path).chronicle.characters.values())
    assert found == TOTALS
    assert sum(found.values()) == 484


@pytest.mark.parametrize("path", xml_files(), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_each_character_shows_what_grapevine_shows(path):
    """Type, Willpower, Trait totals per category, Negative Traits, Abilities, experience."""
    sheets = list(read_file(path).chronicle.characters.values())
    assert [shown(sheet) for sheet in sheets] == expected(path)


@pytest.mark.parametrize("path", all_files(), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_sample_imports_or_is_refused_with_a_message(path):
    from larp.grapevine import GrapevineError

    try:
        read_file(path)
    except GrapevineError as error:
        assert "binary" in str(error) and path.read_bytes()[2:6] == b"GVBE"


def test_a_character_read_by_hand_caer_various():
    """Grapevine's own creation entry says 'Created 7/7/6 with 5 Abilities': the sheet agrees."""
    sheet = read_file(sample("crapvine/caer_various.gex")).chronicle.characters["caer-various"]
    assert (sheet.traits.total("physical"), sheet.traits.total("social"), sheet.traits.total("mental")) == (7, 7, 6)
    assert sum(sheet.abilities.values()) == 5
    assert sheet.traits.physical == {"Fierce": 1, "Robust": 3, "Rugged": 2, "Vicious": 1}
    assert sheet.negative.mental == {"Shortsighted": 2}
    assert (sheet.creature, sheet.lineage, sheet.willpower, sheet.rage, sheet.gnosis) == ("various", "Hit-Mark", 1, 1, 1)
    assert sheet.standalone == {"Essence": 1}
    assert (sheet.experience.earned, sheet.experience.unspent) == (0, -13)
    assert [(e.type, e.change) for e in sheet.experience.history] == [("spent", 13), ("comment", 0)]
    assert sheet.status_reason == "Grapevine status: Withering"
    assert '<trait name="Fomori Taints: Brainwashed" val="3"/>' in sheet.kept["grapevine"] and sheet.kept["attributes"]["id"] == "hehehe"


def test_every_kind_of_experience_entry_is_read():
    """player_chronicle_full_xp.gv3 holds each of Grapevine's seven entry types."""
    chronicle = read_file(sample("crapvine/player_chronicle_full_xp.gv3")).chronicle
    kinds = {entry.type for sheet in chronicle.characters.values() for entry in sheet.experience.history}
    assert kinds == {"earned", "deducted", "set", "spent", "refund", "set unspent", "comment"}


def test_a_werewolf_and_a_changeling_bring_their_standalone_traits():
    chronicle = read_file(sample("crapvine/one_of_each.gex")).chronicle
    werewolf = next(s for s in chronicle.characters.values() if s.creature == "werewolf")
    changeling = next(s for s in chronicle.characters.values() if s.creature == "changeling")
    assert (werewolf.rage, werewolf.gnosis, werewolf.willpower) == (3, 3, 3)
    assert changeling.standalone == {"Glamour": 4, "Banality": 3}
    assert {"Glamour", "Banality"} <= set(chronicle.standalone)


def test_files_with_no_character_keep_what_they_hold():
    imported = read_file(sample("grapevine-evolved/Rotes.gex"))
    assert imported.chronicle.characters == {}
    assert imported.others == {"rote": 201}
    assert imported.chronicle.kept["before"].count("<rote ") == 201


def test_ids_are_readable_unique_and_stable():
    first = read_file(sample("crapvine/vampires_sabbat.gex")).chronicle.characters
    again = read_file(sample("crapvine/vampires_sabbat.gex")).chronicle.characters
    assert list(first) == list(again)
    assert len(set(first)) == 95
    assert all(cid == cid.lower() and " " not in cid for cid in first)


@pytest.mark.parametrize("name", ["vampires_camarilla.gex", "vampires_sabbat.gex"])
def test_the_windows_1252_originals_give_the_same_characters(name):
    """The first commits of two files hold raw 0x85 bytes and no encoding declaration."""
    original = read_file(sample(f"crapvine-eb80c9f/{name}")).chronicle.characters.values()
    mended = read_file(sample(f"crapvine/{name}")).chronicle.characters.values()
    assert [shown(sheet) for sheet in original] == [shown(sheet) for sheet in mended]
    assert any("\u2026" in str(sheet.model_dump()) for sheet in original)
