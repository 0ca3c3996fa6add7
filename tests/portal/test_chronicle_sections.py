"""A player's character page shows her text fields and every named list read-only, escaped,
with no Storyteller-only text; her printed card's public lines lose theirs too."""

from larp.cards.printing import card_faces
from larp.desk import Desk
from larp.sheet.named_lists import ListTrait
from tests.portal.conftest import MARISA, signed_in

LISTS = {
    "Disciplines": [ListTrait(name="Auspex: Heightened Senses", rating=3, note="basic"),
                    ListTrait(name="[ST]Quietus[/ST]", rating=3)],
    "Backgrounds": [ListTrait(name="Contacts", rating=2, note="the docks [ST]and the Sheriff[/ST]"),
                    ListTrait(name="<b>Fame</b>")],
    "Derangements": [ListTrait(name="[ST]Paranoia")],
}
ATTRIBUTES = {"Nature": "Judge", "Path": "[ST]Path of Night[/ST]", "Generation": "11"}


def amended(season, **update) -> None:
    record, folder = season
    with Desk.open(record, folder, station="hall", narrator="Ann", open_night=False) as desk:
        janet = desk.standing().characters["janet"]
        desk.amend(janet.model_copy(update=update), "her Grapevine sheet")


def test_the_page_shows_every_list_and_field_without_storyteller_text(client, portal, season):
    amended(season, lists=LISTS, attributes=ATTRIBUTES, public=["Silver-streaked black hair", "[ST]a ghoul[/ST]"])
    signed_in(client, portal, MARISA)
    page = client.get("/c/janet").text
    assert page.index("<h2>Traits</h2>") < page.index("<h2>About</h2>") < page.index("<h2>Disciplines</h2>")
    assert page.index("<h2>About</h2>") < page.index("<h2>Backgrounds</h2>") < page.index("<h2>Experience</h2>")
    assert "<dt>Nature</dt><dd>Judge</dd>" in page and "<dt>Generation</dt><dd>11</dd>" in page
    assert ('<li><span class="item">Auspex: Heightened Senses</span> <span class="rating">3</span> '
            '<span class="note">basic</span></li>') in page
    assert '<span class="note">the docks</span>' in page and "&lt;b&gt;Fame&lt;/b&gt;" in page
    for secret in ("Quietus", "Sheriff", "Path of Night", "Paranoia", "Derangements", "ghoul", "[ST]", "[/ST]"):
        assert secret not in page
    assert "Silver-streaked black hair" in page


def test_a_page_without_named_lists_shows_no_empty_sections(client, portal):
    signed_in(client, portal, MARISA)
    page = client.get("/c/janet").text
    assert "<h2>About</h2>" not in page and 'class="named"' not in page


def test_the_printed_card_leaves_out_storyteller_only_public_text(season):
    record, folder = season
    with Desk.open(record, folder, station="hall", narrator="Ann", open_night=False) as desk:
        janet = desk.standing().characters["janet"]
        chronicle = desk.chronicle
    sheet = janet.model_copy(update={"public": ["Keeper of Elysium [ST]and a spy[/ST]", "[ST]Sabbat[/ST]"]})
    chronicle = chronicle.model_copy(update={"characters": {**chronicle.characters, "janet": sheet}})
    face, = card_faces(chronicle, ["janet"], "letter")
    said = " ".join(text.text for text in face.texts)
    assert "Keeper of Elysium" in said and "spy" not in said and "Sabbat" not in said


def test_the_page_shows_her_pronouns_rage_gnosis_standalone_traits_and_retests(client, portal, season):
    amended(season, pronouns="she/her", rage=7, gnosis=3, standalone={"Glamour": 6, "Banality": 2}, retests=["Dodge", "Primal-Urge"])
    signed_in(client, portal, MARISA)
    page = client.get("/c/janet").text
    assert "(she/her)" in page
    for name, value in (("Rage", "7"), ("Gnosis", "3"), ("Glamour", "6"), ("Banality", "2"), ("Retests", "Dodge, Primal-Urge")):
        assert f"<dt>{name}</dt><dd>{value}</dd>" in page, name


def test_a_sheet_with_no_rage_nor_gnosis_shows_neither(client, portal):
    signed_in(client, portal, MARISA)
    page = client.get("/c/janet").text
    assert "<dt>Willpower</dt>" in page and "<dt>Rage</dt>" not in page and "<dt>Gnosis</dt>" not in page


def test_r_health_1_her_health_levels_show_as_her_track_each_level_with_its_boxes(client, portal, season):
    levels = [ListTrait(name="Healthy", rating=2), ListTrait(name="Bruised", rating=3), ListTrait(name="Torpor")]
    amended(season, lists={"Health Levels": levels, "Backgrounds": [ListTrait(name="Herd", rating=2)]})
    signed_in(client, portal, MARISA)
    page = client.get("/c/janet").text
    assert '<li><span class="item">Healthy</span> <span class="boxes" title="2 boxes">□□</span></li>' in page
    assert '<span class="item">Torpor</span> <span class="boxes" title="1 box">□</span>' in page
    assert '<span class="item">Herd</span> <span class="rating">2</span>' in page, "another list's rating stays a number"
