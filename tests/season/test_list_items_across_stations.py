"""A character's named lists between games at two stations through a real hub: each item is a
field of its own (`lists.Disciplines.Auspex: Aura Perception`), so what two stations write on
different items both stands; a purchase's rating is a counter; two sets of one item, rating or
note, that did not hear each other are a conflict until a pick; a reversed purchase takes its
item back and gives back its points; a name with dots, hashes and backslashes goes through the
record, the hub, the TOML sheet and the Grapevine file as it was written; and an older record's
operation that set a whole list still folds, with per-item changes on top."""

import xml.etree.ElementTree as ET

from larp.cli import main
from larp.sheet import load_sheet
from larp.sheet.named_lists import ListTrait, given, named_item, taken
from tests.ledger.helpers import write_chronicle
from tests.season.seasons import bought_at_both, game_one_closed, kinds, synced, xp

AUSPEX = "Disciplines: Auspex: Aura Perception"
CELERITY = "Celerity: Alacrity"
CONTACTS = "lists.Backgrounds.Contacts"


def list_chronicle(folder):
    """The test chronicle (a cap of 100 a month, Auspex: Aura Perception at 3 in its catalog),
    Janet with Contacts 2 (the docks)."""
    lists = {"Disciplines": {"buys": "item", "items": {"Auspex: Aura Perception": {"price": 3, "note": "basic"}}}}
    write_chronicle(folder, experience={"cap_per_month": 100, "lists": lists})
    with (folder / "janet.toml").open("a") as sheet:
        sheet.write('[[lists.Backgrounds]]\nname = "Contacts"\nrating = 2\nnote = "the docks"\n')
    return folder


def stations(tmp_path, hub):
    folder = list_chronicle(tmp_path / "chronicle")
    hall, bar = game_one_closed(tmp_path, hub, folder)
    return folder, hall, bar


def items(desk, cid: str, list_name: str) -> list[tuple[str, int, str]]:
    return [(item.name, item.rating, item.note) for item in desk.standing().characters[cid].lists.get(list_name, [])]


def give(desk, cid: str, text: str, rating: int = 1, note: str = ""):
    """What `larp give` writes between games."""
    list_name, name = named_item(text)
    sheet = desk.standing().characters[cid]
    return desk.amend(sheet.model_copy(update={"lists": given(sheet.lists, list_name, ListTrait(name=name, rating=rating, note=note))}), "given")


def take(desk, cid: str, text: str):
    """What `larp take` writes between games."""
    list_name, name = named_item(text)
    sheet = desk.standing().characters[cid]
    return desk.amend(sheet.model_copy(update={"lists": taken(sheet.lists, list_name, name)}), "taken")


def with_item(desk, cid: str, list_name: str, name: str, **update):
    """Her sheet with the first item of that name changed (a staff edit of its rating or note)."""
    sheet = desk.standing().characters[cid]
    changed = [item.model_copy(update=update) if item.name == name else item for item in sheet.lists[list_name]]
    return sheet.model_copy(update={"lists": {**sheet.lists, list_name: changed}})


def test_two_disciplines_added_at_two_stations_both_stand_with_no_conflict(tmp_path, hub):
    """Hall buys Auspex for Janet while bar, not having heard, gives her Celerity: two items, two
    fields, both at both stations, in the season's order, and nothing flagged."""
    folder, hall, bar = stations(tmp_path, hub)
    hall.award("janet", 10, "a season")
    synced(hall, bar)
    bought = hall.buy("janet", AUSPEX)
    staff = give(bar, "janet", f"Disciplines: {CELERITY}", rating=3, note="basic")
    assert list(bought.payload["fields"]) == ["lists.Disciplines.Auspex: Aura Perception"]
    assert list(staff.payload["fields"]) == ["lists.Disciplines.Celerity: Alacrity"]
    synced(hall, bar)
    first, second = sorted((bought, staff), key=lambda e: (e.payload["tick"], e.station, e.seq))
    order = [e.payload["fields"] and next(iter(e.payload["fields"])).split(".", 2)[2] for e in (first, second)]
    for desk in (hall, bar):
        assert [name for name, _, _ in items(desk, "janet", "Disciplines")] == order
        assert set(items(desk, "janet", "Disciplines")) == {("Auspex: Aura Perception", 3, "basic"), (CELERITY, 3, "basic")}
        assert xp(desk, "janet") == (10, 7)
        assert desk.season().conflicts() == [] and kinds(desk) == []


def test_one_discipline_bought_at_two_stations_at_once_is_held_once_and_the_second_purchase_is_flagged_as_buying_nothing(tmp_path, hub):
    """A power is bought each once, its rating its price: hall and bar each buy Janet Auspex (3)
    before hearing each other. She holds it once, at 3 (never 6, as if an intermediate power),
    both are paid, and the later in the season's order is flagged bought-nothing at both stations
    until it is reversed, which gives its points back and leaves her Auspex."""
    folder, hall, bar = stations(tmp_path, hub)
    _, second = bought_at_both(hall, bar, "janet", AUSPEX, 10)
    for desk in (hall, bar):
        assert items(desk, "janet", "Disciplines") == [("Auspex: Aura Perception", 3, "basic")] and xp(desk, "janet") == (10, 4)
        [flag] = desk.preview().anomalies
        assert (flag.kind, flag.entry.id) == ("bought-nothing", second.id)
        assert "Disciplines: Auspex: Aura Perception" in flag.message and "had it already" in flag.message
    hall.reverse(second.id, "bought twice")
    synced(hall, bar)
    for desk in (hall, bar):
        assert items(desk, "janet", "Disciplines") == [("Auspex: Aura Perception", 3, "basic")] and xp(desk, "janet") == (10, 7)
        assert kinds(desk) == []


def test_the_purchase_that_bought_a_power_reversed_in_the_night_leaves_it_bought_by_the_other(tmp_path, hub):
    """Hall and bar each buy Janet Auspex; hall opens the next game, then reverses the purchase
    that bought it: the other buys it now (as it would have without the first), its points spent,
    nothing flagged, at both stations."""
    folder, hall, bar = stations(tmp_path, hub)
    first, _ = bought_at_both(hall, bar, "janet", AUSPEX, 10)
    for desk in (hall, bar):
        desk.open_next_night()
    synced(hall, bar)
    hall.reload()
    hall.reverse(first.id, "bought twice")
    synced(hall, bar)
    for desk in (hall, bar):
        desk.reload()
        janet = desk.sheet("janet")
        assert [(i.name, i.rating) for i in janet.lists.get("Disciplines", [])] == [("Auspex: Aura Perception", 3)]
        assert janet.experience.unspent == 7 and [a.kind for a in desk.reconcile().anomalies if a.kind == "bought-nothing"] == []


def test_two_raises_of_contacts_bought_at_two_stations_add_up_as_a_counter(tmp_path, hub):
    """A purchase adds to what she has: hall and bar each buy Janet a level of Contacts (2) before
    hearing each other; both stand, Contacts 4, both paid, no conflict: a bought rating is a
    counter, as a Trait bought twice is."""
    folder, hall, bar = stations(tmp_path, hub)
    hall.award("janet", 5, "a season")
    synced(hall, bar)
    one, other = hall.buy("janet", "Backgrounds: Contacts"), bar.buy("janet", "Backgrounds: Contacts")
    assert one.payload["adds"] and one.payload["fields"] == {CONTACTS: [{"rating": 2, "note": "the docks"}, {"rating": 3, "note": "the docks"}]}
    synced(hall, bar)
    for desk in (hall, bar):
        assert items(desk, "janet", "Backgrounds") == [("Contacts", 4, "the docks")]
        assert xp(desk, "janet") == (5, 3) and desk.season().conflicts() == [] and kinds(desk) == []


def test_two_staff_sets_of_contacts_that_did_not_hear_each_other_conflict_until_a_pick(tmp_path, hub):
    """A staff edit sets the item (its rating and note), it does not add: hall sets Contacts 3 and
    bar Contacts 5, from the same 2, before hearing each other: a conflict of that item's field
    at both stations, the later in the season's order holding; a pick of the other settles it
    and both show the one picked."""
    folder, hall, bar = stations(tmp_path, hub)
    three = hall.amend(with_item(hall, "janet", "Backgrounds", "Contacts", rating=3), "her real rating")
    five = bar.amend(with_item(bar, "janet", "Backgrounds", "Contacts", rating=5), "her real rating")
    synced(hall, bar)
    later = max((three, five), key=lambda e: (e.payload["tick"], e.station, e.seq))
    earlier = five if later is three else three
    for desk in (hall, bar):
        [conflict] = desk.season().conflicts()
        assert conflict.path == CONTACTS and conflict.holding.entry.id == later.id
        assert "3 (the docks) at station hall" in conflict.message() and "5 (the docks) at station bar" in conflict.message()
        assert items(desk, "janet", "Backgrounds") == [("Contacts", later.payload["fields"][CONTACTS][1]["rating"], "the docks")]
    bar.pick(earlier.short_id)
    synced(hall, bar)
    for desk in (hall, bar):
        assert desk.season().conflicts() == [] and kinds(desk) == []
        assert items(desk, "janet", "Backgrounds") == [("Contacts", earlier.payload["fields"][CONTACTS][1]["rating"], "the docks")]


def test_different_notes_on_one_item_at_two_stations_are_a_conflict_until_a_pick_then_every_station_shows_the_note_picked(tmp_path, hub):
    folder, hall, bar = stations(tmp_path, hub)
    harbour = hall.amend(with_item(hall, "janet", "Backgrounds", "Contacts", note="the harbour master"), "who she knows")
    police = bar.amend(with_item(bar, "janet", "Backgrounds", "Contacts", note="a police sergeant"), "who she knows")
    synced(hall, bar)
    later = max((harbour, police), key=lambda e: (e.payload["tick"], e.station, e.seq))
    picked = harbour if later is police else police
    for desk in (hall, bar):
        [anomaly] = desk.preview().anomalies
        assert anomaly.kind == "conflict" and anomaly.character == "janet" and "Backgrounds: Contacts was set" in anomaly.message
        assert "2 (the harbour master)" in anomaly.message and "2 (a police sergeant)" in anomaly.message
        assert items(desk, "janet", "Backgrounds") == [("Contacts", 2, later.payload["fields"][CONTACTS][1]["note"])]
    hall.pick(picked.short_id, CONTACTS)
    synced(hall, bar)
    note = picked.payload["fields"][CONTACTS][1]["note"]
    for desk in (hall, bar):
        assert kinds(desk) == [] and items(desk, "janet", "Backgrounds") == [("Contacts", 2, note)]
    for desk in (hall, bar):
        desk.open_next_night()
    synced(hall, bar)
    for desk in (hall, bar):
        desk.reload()
        assert [(i.name, i.rating, i.note) for i in desk.sheet("janet").lists["Backgrounds"]] == [("Contacts", 2, note)]


def test_a_reversed_discipline_purchase_takes_the_item_back_and_refunds_its_points_at_every_station(tmp_path, hub):
    folder, hall, bar = stations(tmp_path, hub)
    hall.award("janet", 5, "a season")
    bought = hall.buy("janet", AUSPEX)
    synced(hall, bar)
    assert items(bar, "janet", "Disciplines") == [("Auspex: Aura Perception", 3, "basic")] and xp(bar, "janet") == (5, 2)
    bar.reverse(bought.id, "bought by mistake")
    synced(hall, bar)
    for desk in (hall, bar):
        assert items(desk, "janet", "Disciplines") == [] and xp(desk, "janet") == (5, 5)
        assert [line.type for line in desk.standing().characters["janet"].experience.history] == ["earned"]
        assert kinds(desk) == []
    hall.open_next_night()
    synced(hall, bar)
    assert hall.sheet("janet").lists.get("Disciplines", []) == [] and hall.sheet("janet").experience.unspent == 5


ODD = [("Equipment", "Colt .45", "6 shots"), ("Equipment", "Key #2", ""), ("Equipment", "C:\\Dock\\Locker", "a. b# c\\"),
       ("Equipment", "Colt .45", "spare"), ("Boons.Owed", "Prince #1\\", "minor"), ("Equipment", "\\#.", "")]


def test_item_names_with_dots_hashes_and_backslashes_come_back_as_written_through_the_hub_the_toml_sheet_and_grapevine(tmp_path, hub):
    """Given at hall, each item is at bar as written, in its order (the second Colt .45 its own
    item); one taken at bar is gone at hall; the TOML sheet and the Grapevine file write each
    name unchanged."""
    folder, hall, bar = stations(tmp_path, hub)
    for list_name, name, note in ODD:
        give(hall, "cody", f"{list_name}: {name}", note=note)
    synced(hall, bar)
    wanted = {"Equipment": [(n, 1, note) for l, n, note in ODD if l == "Equipment"], "Boons.Owed": [("Prince #1\\", 1, "minor")]}
    for desk in (hall, bar):
        assert {name: items(desk, "cody", name) for name in wanted} == wanted
    take(bar, "cody", "Equipment: Key #2")
    synced(hall, bar)
    wanted["Equipment"].remove(("Key #2", 1, ""))
    for desk in (hall, bar):
        assert {name: items(desk, "cody", name) for name in wanted} == wanted and kinds(desk) == []
    hall.close()
    bar.close()
    db = ["--db", str(tmp_path / "bar.sqlite3")]
    assert main(["chronicle", "export", str(folder), "--out", str(tmp_path / "out"), *db]) == 0
    sheet = load_sheet(tmp_path / "out" / "cody.toml")
    assert {name: [(i.name, i.rating, i.note) for i in sheet.lists[name]] for name in wanted} == wanted
    assert main(["chronicle", "export", str(folder), "--format", "gex", "--out", str(tmp_path / "out.gex"), *db]) == 0
    root = ET.fromstring((tmp_path / "out.gex").read_bytes().decode("cp1252"))
    cody = next(e for e in root if e.get("name") == "Cody Harlan")
    lists = {t.get("name"): [(i.get("name"), i.get("note", "")) for i in t] for t in cody.iter("traitlist")}
    assert {name: lists[name] for name in wanted} == {name: [(n, note) for n, _, note in got] for name, got in wanted.items()}


def test_an_older_record_s_operation_that_set_a_whole_list_still_folds_and_item_changes_apply_on_top(tmp_path, hub):
    """Before each item was a field, a sheet change named the whole list (`lists.Disciplines`, the
    list its value): such an operation, written at hall, folds at both stations; a Discipline
    given at bar, a note changed and an item taken on top of it apply, before and after the
    next game opens."""
    folder, hall, bar = stations(tmp_path, hub)
    whole = [{"name": "Auspex: Aura Perception", "rating": 3, "note": "basic"}, {"name": "Obfuscate: Cloak of Shadows", "rating": 3, "note": "basic"}]
    sheet = hall.standing().characters["wick"]
    older = hall._operate(sheet, "Wick before night 2: Disciplines", "as the older larp wrote it", fields={"lists.Disciplines": [None, whole]})
    assert older.payload["fields"] == {"lists.Disciplines": [None, whole]}
    synced(hall, bar)
    for desk in (hall, bar):
        assert items(desk, "wick", "Disciplines") == [(i["name"], i["rating"], i["note"]) for i in whole]
    give(bar, "wick", f"Disciplines: {CELERITY}", rating=3, note="basic")
    bar.amend(with_item(bar, "wick", "Disciplines", "Auspex: Aura Perception", note="basic, learned from Cody"), "a note")
    synced(hall, bar)
    take(hall, "wick", "Disciplines: Obfuscate: Cloak of Shadows")
    synced(hall, bar)
    wanted = [("Auspex: Aura Perception", 3, "basic, learned from Cody"), (CELERITY, 3, "basic")]
    for desk in (hall, bar):
        assert items(desk, "wick", "Disciplines") == wanted and kinds(desk) == []
    for desk in (hall, bar):
        desk.open_next_night()
    synced(hall, bar)
    for desk in (hall, bar):
        desk.reload()
        assert [(i.name, i.rating, i.note) for i in desk.sheet("wick").lists["Disciplines"]] == wanted


def test_a_conflict_of_an_item_is_named_as_staff_type_it_and_picked_by_that_name(tmp_path, hub):
    """The item's field is said `Equipment: Colt .45`, never its escaped path, in the
    conflict's message and list; `--field` takes either."""
    folder, hall, bar = stations(tmp_path, hub)
    blued = give(hall, "janet", "Equipment: Colt .45", note="blued")
    give(bar, "janet", "Equipment: Colt .45", note="nickel")
    synced(hall, bar)
    [conflict] = hall.season().conflicts()
    assert conflict.said == "Equipment: Colt .45" and conflict.path == "lists.Equipment.Colt \\.45"
    [anomaly] = bar.preview().anomalies
    assert "Equipment: Colt .45 was set" in anomaly.message and "\\." not in anomaly.message
    settled = hall.pick(blued.short_id, "Equipment: Colt .45")
    assert "keeps Equipment: Colt .45 as entry" in settled.summary
    synced(hall, bar)
    for desk in (hall, bar):
        assert kinds(desk) == [] and items(desk, "janet", "Equipment") == [("Colt .45", 1, "blued")]
