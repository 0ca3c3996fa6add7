"""A change made in larp goes back into the element it came from, touching only what changed,
and Grapevine's own loader reads it back: awards and purchases (with an `<experience>` or a
list made when missing), `lastmodified`, the rows of a changed Trait, stored running totals,
Tempers notes, a nameless character, Negative lists made in larp."""

from larp.sheet.character import TraitList
from tests.grapevine.handmade import NOW, award, changed, exported, gex, imported, lines_of, listed, loaded, purchase

BARE = gex(
    '  <vampire name="Bare" clan="Toreador" willpower="3" status="Active" lastmodified="1/2/2004 3:04:05 PM">',
    *listed("Physical", '<trait name="Quick"/>'),
    "  </vampire>",
    '  <mortal name="Still" willpower="2" status="Active" lastmodified="1/2/2004 3:04:05 PM"/>',
)


def test_an_award_and_a_purchase_go_back_when_the_file_held_no_experience_and_no_list():
    chronicle = imported(BARE).chronicle
    sheet = chronicle.characters["bare"]
    sheet = sheet.model_copy(update={"experience": award(sheet, 5)})
    chronicle = changed(chronicle, "bare", experience=purchase(sheet, 2, "Dodge"), abilities={"Dodge": 1})
    back = loaded(exported(chronicle))[0]
    assert back.experience["earned"] == 5 and back.experience["unspent"] == 3
    assert [(e["type"], e["change"], e["earned"], e["unspent"]) for e in back.experience["entries"]] == [
        (0, 5, 5, 5), (3, 2, 5, 3)]
    assert back.lists["Abilities"] == {"attributes": {"name": "Abilities", "abc": "yes", "display": "1"},
                                       "rows": [("Dodge", "1", "")]}
    assert back.lists["Physical"]["rows"] == [("Quick", "1", "")]


def test_a_list_made_in_larp_goes_where_grapevine_writes_it():
    chronicle = imported(BARE).chronicle
    chronicle = changed(chronicle, "bare", negative=TraitList(social={"Naive": 1}),
                        traits=TraitList(physical={"Quick": 1}, mental={"Clever": 2}))
    text = exported(chronicle).decode("cp1252")
    element = text[text.index("<vampire"):text.index("</vampire>")]
    assert element.index('name="Physical"') < element.index('name="Mental"') < element.index('name="Negative Social"')
    assert '<traitlist name="Negative Social" abc="yes" negative="yes" display="1">' in element


def test_lastmodified_is_set_on_a_character_changed_in_larp_only():
    chronicle = changed(imported(BARE).chronicle, "bare", willpower=4)
    bare, still = loaded(exported(chronicle))
    assert bare.attributes["lastmodified"] == NOW == "2026-11-28 14:05:09"
    assert bare.attributes["willpower"] == "4"
    assert still.attributes["lastmodified"] == "1/2/2004 3:04:05 PM"


ODD_ROWS = gex(
    '  <werewolf name="Odd" tribe="Get of Fenris" willpower="5" rage="3" status="Active">',
    *listed("Physical", '<trait name="Ferocious" val="0"/>', '<trait name="Quick"/>',
            '<trait name="Quick" note="second"/>', '<trait name="Tough" val="1 or 4"/>', '<trait name="Wiry" val="2.5"/>'),
    "  </werewolf>",
)


def test_a_purchase_touches_only_the_rows_of_the_trait_bought():
    chronicle = imported(ODD_ROWS).chronicle
    sheet = chronicle.characters["odd"]
    assert sheet.traits.physical == {"Quick": 2, "Wiry": 2}
    physical = {**sheet.traits.physical, "Brawny": 1, "Quick": 3}
    data = exported(changed(chronicle, "odd", traits=TraitList(physical=physical)))
    rows = loaded(data)[0].lists["Physical"]["rows"]
    assert rows == [("Brawny", "1", ""), ("Ferocious", "0", ""), ("Quick", "1", ""), ("Quick", "2", "second"),
                    ("Tough", "1 or 4", ""), ("Wiry", "2.5", "")]
    written = lines_of(data)
    for line in (b'      <trait name="Ferocious" val="0"/>', b'      <trait name="Tough" val="1 or 4"/>',
                 b'      <trait name="Wiry" val="2.5"/>', b'      <trait name="Quick"/>'):
        assert line in written


def test_a_trait_given_up_loses_its_rows_and_nothing_else():
    chronicle = imported(ODD_ROWS).chronicle
    data = exported(changed(chronicle, "odd", traits=TraitList(physical={"Wiry": 2})))
    assert loaded(data)[0].lists["Physical"]["rows"] == [("Ferocious", "0", ""), ("Tough", "1 or 4", ""),
                                                          ("Wiry", "2.5", "")]


STORED = gex(
    '  <mortal name="Kept" willpower="2" status="Active">',
    '    <experience unspent="7" earned="20">',
    '      <entry date="1/1/2003" change="20" type="0" reason="Start" earned="100" unspent="90"/>',
    '      <entry date="1/2/2003" change="0" type="7" reason="Odd" earned="100" unspent="90"/>',
    "    </experience>",
    "  </mortal>",
)


def test_stored_running_totals_and_an_unknown_type_are_kept_and_new_entries_follow_them():
    """Grapevine keeps what is stored; a new entry's totals follow the last stored ones
    (`PropogateChange`), the character's totals are the sheet's."""
    chronicle = imported(STORED).chronicle
    sheet = chronicle.characters["kept"]
    data = exported(changed(chronicle, "kept", experience=award(sheet, 3)))
    assert lines_of(STORED)[4:6] == lines_of(data)[4:6]
    back = loaded(data)[0].experience
    assert [(e["type"], e["earned"], e["unspent"]) for e in back["entries"]] == [(0, 100, 90), (7, 100, 90), (0, 103, 93)]
    assert (back["earned"], back["unspent"]) == (23, 10)


TEMPERED = gex(
    '  <various name="Strange" class="Hit-Mark" status="Active">',
    *listed("Tempers", '<trait name="Essence" val="3" note="the Curse"/>',
            '<trait name="Willpower" val="5" note="from the Curse"/>', attributes='abc="yes" display="2"'),
    "  </various>",
)


def test_a_various_characters_tempers_notes_stay_when_the_sheet_changes():
    chronicle = imported(TEMPERED).chronicle
    data = exported(changed(chronicle, "strange", willpower=6, rage=2))
    assert loaded(data)[0].lists["Tempers"]["rows"] == [
        ("Essence", "3", "the Curse"), ("Rage", "2", ""), ("Willpower", "6", "from the Curse")]


def test_a_nameless_character_goes_back_nameless():
    data = gex('  <mortal willpower="2" status="Active"/>')
    chronicle = imported(data).chronicle
    assert list(chronicle.characters) == ["character"]
    assert "name" not in loaded(exported(changed(chronicle, "character", willpower=3)))[0].attributes
    assert exported(chronicle) == data


def test_negative_lists_of_a_character_made_in_larp_say_they_are_negative():
    chronicle = imported(gex()).chronicle
    from larp.sheet.character import Sheet

    made = Sheet(id="new", name="New", creature="vampire", traits=TraitList(physical={"Quick": 1}),
                 negative=TraitList(physical={"Clumsy": 1}))
    chronicle = chronicle.model_copy(update={"characters": {"new": made}})
    back = loaded(exported(chronicle))[0]
    assert back.lists["Negative Physical"]["attributes"]["negative"] == "yes"
    assert back.lists["Negative Physical"]["rows"] == [("Clumsy", "1", "")]
    assert back.lists["Negative Social"]["attributes"]["negative"] == "yes"


def test_a_retirement_changes_the_status_and_lastmodified_only():
    chronicle = changed(imported(BARE).chronicle, "bare", status="retired", status_reason="moved away")
    data = exported(chronicle)
    bare = loaded(data)[0]
    assert (bare.attributes["status"], bare.attributes["lastmodified"]) == ("Retired", NOW)
    assert lines_of(data)[3:] == lines_of(BARE)[3:]


def test_a_character_made_in_larp_without_a_name_goes_out_under_her_id():
    from larp.sheet.character import Sheet

    chronicle = imported(gex()).chronicle.model_copy(update={"characters": {"om": Sheet(id="om", traits=TraitList())}})
    assert loaded(exported(chronicle))[0].attributes["name"] == "om"
