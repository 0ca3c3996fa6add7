"""Every list of every sample character changed in larp as a user changes it (an item's rating
raised, a note changed, an item added, an item taken out, a text field changed), exported and
read back by Grapevine's own loader (`vb_loader`): each list's rows are what the sheet said,
in its order, and everything larp did not change comes back as Grapevine read it before."""

import pytest

from larp.grapevine.chronicle_lists import attribute_of, item_of
from larp.grapevine.creatures import MAPPED, RENAMED, TEMPERS
from larp.grapevine.folder import read_file
from larp.sheet.named_lists import ITEM_RATING_LIMIT, ListTrait, given, taken
from tests.grapevine.handmade import exported
from tests.grapevine.samples import all_files, expected, need_samples, shown
from tests.grapevine.vb_loader import Character, csng, load

pytestmark = need_samples

ADDED = ListTrait(name="Lantern & Key", rating=2, note='found "below" <the> chapel')
NOTE = "changed in larp & kept"
FIELD_TEXT = "Changed <in> larp & \"quoted\""


def _crapvine() -> list:
    return [p for p in all_files() if p.parent.name.startswith("crapvine")]


def _twin(path):
    """The XML file Grapevine's loader reads for `path` (a binary file's XML twin)."""
    return path.with_name(path.name.replace(".bin.gex", ".gex"))


def _vb(path) -> list[Character]:
    data = path.read_bytes()
    return load(data, encoding="utf-8" if b"encoding=" in data[:60] else "cp1252")


def _as_twins(character: Character) -> Character:
    """Her dates without AM or PM: the binary and XML copies of cathayans_demons_mummies
    disagree there (see test_binary_twins), the only difference between the twins."""
    def plain(text: str) -> str:
        return text.removesuffix(" AM").removesuffix(" PM")

    attributes = {k: plain(v) if k in ("startdate", "lastmodified") else v for k, v in character.attributes.items()}
    experience = character.experience and {
        **character.experience, "entries": [{**e, "date": plain(e["date"])} for e in character.experience["entries"]]}
    return Character(character.tag, attributes, character.lists, experience, character.texts)


def _changed_lists(lists: dict[str, list[ListTrait]]) -> dict[str, list[ListTrait]]:
    """Each list with its first item raised by one, its last item's note changed, its middle
    item (of three or more) taken out, and one item more at its end."""
    changed = dict(lists)
    for name, items in lists.items():
        first = items[0]
        now = [first.model_copy(update={"rating": min(first.rating + 1, ITEM_RATING_LIMIT)}), *items[1:]]
        now[-1] = now[-1].model_copy(update={"note": NOTE})
        changed[name] = now
        if len(items) >= 3:
            changed = taken(changed, name, now[len(now) // 2].name)
        changed = given(changed, name, ADDED)
    return changed


def _changed_fields(fields: dict[str, str]) -> dict[str, str]:
    """The first text field changed, or a Nature given to a sheet without any."""
    first = next(iter(fields), "Nature")
    return {**fields, first: FIELD_TEXT}


def _renamed(character: Character) -> dict[str, str]:
    return {old: new for (creature, old), new in RENAMED.items() if creature == character.tag}


def _is_item(row: tuple[str, str, str]) -> bool:
    import xml.etree.ElementTree as ET

    name, val, note = row
    return item_of(ET.Element("trait", {"name": name, "val": val, "note": note})) is not None


def _items(rows) -> list[tuple[str, int, str]]:
    return [(name.strip(), int(csng(val)), note.strip()) for name, val, note in rows if _is_item((name, val, note))]


def _others(rows) -> list[tuple[str, str, str]]:
    return [row for row in rows if not _is_item(row)]


def _named(character: Character) -> dict[str, dict]:
    """The character's lists by the name Grapevine 3 gives them: a list written under an older
    name (a vampire's `Beast Traits`) is read as, and written back as, its Miscellaneous list."""
    renamed = _renamed(character)
    lists = {}
    for name, held in character.lists.items():
        name = renamed.get(name, name)
        lists.setdefault(name, {"attributes": {**held["attributes"], "name": name}, "rows": held["rows"]})
    return lists


def _sheet_list(items: list[ListTrait]) -> list[tuple[str, int, str]]:
    return [(i.name.strip(), i.rating, i.note.strip()) for i in items]


@pytest.mark.parametrize("path", _crapvine(), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_list_changed_in_larp_reads_back_in_grapevine_as_the_sheet_says(path, tmp_path):
    chronicle = read_file(path).chronicle
    sheets = {}
    for cid, sheet in chronicle.characters.items():
        sheets[cid] = sheet.model_copy(update={"lists": _changed_lists(sheet.lists),
                                               "attributes": _changed_fields(sheet.attributes)})
    out = tmp_path / "changed.gex"
    out.write_bytes(exported(chronicle.model_copy(update={"characters": sheets})))
    before, after = _vb(_twin(path)), _vb(out)
    if path != _twin(path):
        before, after = [_as_twins(c) for c in before], [_as_twins(c) for c in after]
    assert [c.tag for c in after] == [c.tag for c in before]

    for sheet, was, now in zip(sheets.values(), before, after):
        who = sheet.id
        was_lists, now_lists = _named(was), _named(now)
        for name, items in sheet.lists.items():
            assert name in now_lists, (who, name)
            rows = now_lists[name]["rows"]
            assert _items(rows) == _sheet_list(items), (who, name)
            if name in was_lists:
                assert _others(rows) == _others(was_lists[name]["rows"]), (who, name)
                assert now_lists[name]["attributes"] == was_lists[name]["attributes"], (who, name)
        untouched = {name for name in was_lists if name not in sheet.lists}
        assert untouched <= set(now_lists), who
        for name in untouched:
            assert now_lists[name] == was_lists[name], (who, name)
        assert {name for name in now_lists if name not in was_lists} <= set(sheet.lists), who
        assert all(name in MAPPED or name == TEMPERS or not _items(now_lists[name]["rows"])
                   for name in untouched), who

        field, text = next((name, text) for name, text in sheet.attributes.items()
                           if text == FIELD_TEXT)
        key = attribute_of(field)
        assert now.attributes[key] == FIELD_TEXT, who
        assert {k: v for k, v in now.attributes.items() if k not in (key, "lastmodified")} == {
            k: v for k, v in was.attributes.items() if k not in (key, "lastmodified")}, who
        assert (now.experience, now.texts) == (was.experience, was.texts), who

    again = list(read_file(out).chronicle.characters.values())
    assert [shown(s) for s in again] == [shown(s) for s in chronicle.characters.values()]
    assert [shown(s) for s in again] == expected(out, "cp1252")
    assert [s.lists for s in again] == [s.lists for s in sheets.values()]
    assert [s.attributes for s in again] == [s.attributes for s in sheets.values()]
