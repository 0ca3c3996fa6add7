"""A character's other lists and text fields are read into the sheet's named lists and
fields, as Grapevine's own loader reads them, and a change made to them in larp goes back out
as Grapevine writes it, touching nothing else, and reads back the same."""

import pytest

from larp.grapevine.creatures import MAPPED, RENAMED
from larp.grapevine.folder import read_file
from larp.sheet.named_lists import ListTrait
from tests.grapevine.handmade import changed, exported, gex, imported, listed, loaded
from tests.grapevine.samples import need_samples, sample, xml_files
from tests.grapevine.vb_loader import csng, load


def _items(rows: list[tuple[str, str, str]]) -> list[tuple[str, int, str]]:
    """The rows that are items as Grapevine's loader gives them: a whole value from 1 up."""
    items = []
    for name, val, note in rows:
        try:
            number = float(val)
        except ValueError:
            continue
        if name.strip() and number == int(number) and number >= 1:
            items.append((name, int(number), note))
    return items


def _as_read(character) -> dict[str, list[tuple[str, int, str]]]:
    renamed = {old: new for (creature, old), new in RENAMED.items() if creature == character.tag}
    lists = {}
    for name, held in character.lists.items():
        name = renamed.get(name, name)
        if name in MAPPED or not name.strip() or (character.tag == "various" and name == "Tempers"):
            continue
        if _items(held["rows"]):
            lists.setdefault(name, _items(held["rows"]))
    return lists


def _on_sheet(sheet) -> dict[str, list[tuple[str, int, str]]]:
    return {name: [(i.name.strip(), i.rating, i.note.strip()) for i in items] for name, items in sheet.lists.items()}


@need_samples
@pytest.mark.parametrize("path", xml_files(), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_sample_character_has_her_lists_as_grapevines_loader_reads_them(path):
    sheets = list(read_file(path).chronicle.characters.values())
    characters = load(path.read_bytes(), encoding="utf-8" if b"encoding=" in path.read_bytes()[:60] else "cp1252")
    assert len(sheets) == len(characters)
    for sheet, character in zip(sheets, characters):
        assert _on_sheet(sheet) == _as_read(character), sheet.id


@need_samples
def test_adam_st_charles_has_his_disciplines_backgrounds_equipment_and_nature():
    adam = read_file(sample("crapvine/vampires_camarilla.gex")).chronicle.characters["adam-st-charles"]
    assert adam.lists["Disciplines"][2] == ListTrait(name="Auspex: Spirit's Touch", rating=6, note="int.")
    assert [(i.name, i.rating) for i in adam.lists["Backgrounds"]][:2] == [("Contacts", 2), ("Fame", 1)]
    assert adam.lists["Equipment"] == [ListTrait(name="Heavy Pistol", note="+2, 2 Lethal, Loud")]
    assert list(adam.lists) == ["Status", "Backgrounds", "Health Levels", "Disciplines", "Equipment"]
    assert adam.attributes == {
        "Nature": "Elitist", "Demeanor": "Gambler", "Sect": "Camarilla", "Generation": "11", "Blood": "12",
        "Conscience": "4", "Self-Control": "3", "Courage": "3", "Path": "Humanity", "Path Traits": "3",
        "Narrator": "Shuniqua Rodriguez"}


@need_samples
def test_every_creature_type_brings_named_lists():
    found = {}
    for path in sorted(sample("crapvine").glob("*.gex")):
        if ".bin." not in path.name:
            for sheet in read_file(path).chronicle.characters.values():
                found.setdefault(sheet.creature, set()).update(sheet.lists)
    assert len(found) == 12 and all(found.values())
    assert {"Disciplines", "Bonds", "Merits"} <= found["vampire"] and "Arts" in found["changeling"]
    assert "Gifts" in found["werewolf"] and "Spheres" in found["mage"] and "Arcanoi" in found["wraith"]


ROSA = gex(
    '  <vampire name="Rosa" nature="Judge" clan="Brujah" willpower="4" status="Active" lastmodified="1/2/2004 3:04:05 PM">',
    *listed("Backgrounds", '<trait name="Allies"/>', '<trait name="Herd" val="1 or 2"/>', '<trait name="Resources" val="2"/>'),
    *listed("Disciplines", '<trait name="Celerity: Alacrity" val="3" note="basic"/>',
            '<trait name="Potence: Prowess" val="3" note="basic"/>', attributes='abc="no" atomic="yes" display="5"'),
    *listed("Equipment", '<trait name="Knife" note="+1"/>'),
    "  </vampire>",
)


def _lines(data: bytes) -> list[str]:
    return data.decode("cp1252").split("\r\n")


def test_a_discipline_a_background_and_a_note_changed_in_larp_go_back_as_grapevine_writes_them():
    chronicle = imported(ROSA).chronicle
    rosa = chronicle.characters["rosa"]
    assert rosa.lists["Backgrounds"] == [ListTrait(name="Allies"), ListTrait(name="Resources", rating=2)]
    lists = {
        "Backgrounds": [ListTrait(name="Allies"), ListTrait(name="Resources", rating=3)],
        "Disciplines": [*rosa.lists["Disciplines"][:1], ListTrait(name="Celerity: Swiftness", rating=3, note="basic"),
                        *rosa.lists["Disciplines"][1:]],
        "Equipment": [ListTrait(name="Knife", note="+1, concealable")],
    }
    data = exported(changed(chronicle, "rosa", lists=lists))
    was, now = _lines(ROSA), _lines(data)
    assert [line for line in now if line not in was] == [
        _lines(ROSA)[2].replace("1/2/2004 3:04:05 PM", "2026-11-28 14:05:09"), '      <trait name="Resources" val="3"/>', '      <trait name="Celerity: Swiftness" val="3" note="basic"/>',
        '      <trait name="Knife" note="+1, concealable"/>']
    assert '      <trait name="Herd" val="1 or 2"/>' in now
    back = loaded(data)[0]
    assert back.lists["Disciplines"]["rows"][1] == ("Celerity: Swiftness", "3", "basic")
    assert back.lists["Backgrounds"]["rows"] == [("Allies", "1", ""), ("Herd", "1 or 2", ""), ("Resources", "3", "")]
    assert imported(data).chronicle.characters["rosa"].lists == lists


def test_an_item_given_up_loses_its_row_and_a_list_made_in_larp_is_written():
    chronicle = imported(ROSA).chronicle
    rosa = chronicle.characters["rosa"]
    lists = {**rosa.lists, "Equipment": [], "Merits": [ListTrait(name="Iron Will", rating=3)]}
    data = exported(changed(chronicle, "rosa", lists=lists))
    back = loaded(data)[0]
    assert back.lists["Equipment"]["rows"] == []
    assert back.lists["Merits"] == {"attributes": {"name": "Merits", "abc": "yes", "display": "1"},
                                    "rows": [("Iron Will", "3", "")]}
    assert imported(data).chronicle.characters["rosa"].lists == {k: v for k, v in lists.items() if v}


def test_a_text_field_changed_in_larp_goes_back_as_its_attribute():
    chronicle = imported(ROSA).chronicle
    data = exported(changed(chronicle, "rosa", attributes={"Nature": "Rebel", "Generation": "12"}))
    back = loaded(data)[0]
    assert (back.attributes["nature"], back.attributes["generation"]) == ("Rebel", "12")
    assert list(back.attributes).index("generation") < list(back.attributes).index("status")
    assert csng(back.attributes["willpower"]) == 4


def test_a_sheet_imported_before_named_lists_goes_out_as_read():
    """Its lists and fields empty (a chronicle folder written before the sheet held them): the
    element's lists and attributes are written as they were, whatever else changed."""
    chronicle = imported(ROSA).chronicle
    data = exported(changed(chronicle, "rosa", lists={}, attributes={}, willpower=5))
    assert [line for line in _lines(data) if line not in _lines(ROSA)] == [
        _lines(ROSA)[2].replace('willpower="4"', 'willpower="5"').replace("1/2/2004 3:04:05 PM", "2026-11-28 14:05:09")]


@need_samples
@pytest.mark.parametrize("path", [p for p in xml_files() if p.parent.name == "crapvine"], ids=lambda p: p.name)
def test_every_sample_characters_lists_changed_in_larp_read_back_as_changed(path, tmp_path):
    """Each list reversed, each item's rating raised by one, one item more: what is read back
    from the export is what the sheet said."""
    chronicle = read_file(path).chronicle
    sheets = {}
    for cid, sheet in chronicle.characters.items():
        lists = {name: [i.model_copy(update={"rating": i.rating + 1}) for i in reversed(items)]
                 for name, items in sheet.lists.items()}
        lists["Equipment"] = [*lists.get("Equipment", []), ListTrait(name="Lantern", note="[ST]cursed[/ST]")]
        sheets[cid] = sheet.model_copy(update={"lists": lists})
    out = tmp_path / path.name
    out.write_bytes(exported(chronicle.model_copy(update={"characters": sheets})))
    again = read_file(out).chronicle
    assert [s.lists for s in again.characters.values()] == [s.lists for s in sheets.values()]
