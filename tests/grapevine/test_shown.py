"""At the station, an imported sheet shows what Grapevine holds that a Narrator needs at a
challenge: temporary values beside permanent ones, specialisations, pools and statuses."""

from rich.console import Console

from larp.grapevine.shown import narrator_lines
from larp.rules import CharacterState
from larp.station.widgets.sheet_view import SheetCard, SheetView
from tests.grapevine.handmade import gex, imported, listed

MAGE = gex(
    '  <mage name="Mira" tradition="Verbena" willpower="5" tempwillpower="3" arete="3" quintessence="4"'
    ' tempquintessence="2" paradox="1" status="Withering">',
    *listed("Abilities", '<trait name="Crafts" val="2" note="Painting"/>', '<trait name="Dodge"/>'),
    "  </mage>",
)
VAMPIRE = gex(
    '  <vampire name="Vic" clan="Ventrue" blood="12" tempblood="9" willpower="4" status="Active">',
    *listed("Status", '<trait name="Acknowledged"/>', '<trait name="Feared" val="2"/>'),
    "  </vampire>",
)


def test_a_mages_pools_temporary_values_specialisations_and_withering():
    sheet = imported(MAGE).chronicle.characters["mira"]
    assert narrator_lines(sheet) == [
        ("Pools", "Arete 3 · Quintessence 4 (temporary 2) · Paradox 1 · Willpower 5 (temporary 3)"),
        ("Specialties", "Crafts: Painting"),
        ("Status", "Withering"),
    ]


def test_a_vampires_blood_and_status_traits():
    sheet = imported(VAMPIRE).chronicle.characters["vic"]
    assert narrator_lines(sheet) == [("Pools", "Blood 12 (temporary 9)"), ("Status", "Acknowledged, Feared x2")]


def test_the_willpower_shown_is_the_sheets_when_larp_changed_it():
    sheet = imported(MAGE).chronicle.characters["mira"].model_copy(update={"willpower": 6})
    assert "Willpower 6 (temporary 3)" in narrator_lines(sheet)[0][1]


def test_the_stations_sheet_shows_them():
    sheet = imported(MAGE).chronicle.characters["mira"]
    card = SheetCard(character=CharacterState.fresh(sheet), locks=(), entries=(), now=0.0, names={})
    console = Console(width=160, record=True)
    for part in SheetView().details(card):
        console.print(part)
    shown = console.export_text()
    assert "Quintessence 4 (temporary 2)" in shown and "Crafts: Painting" in shown and "Withering" in shown


def test_a_sheet_made_in_larp_shows_nothing_more():
    from larp.sheet.character import Sheet, TraitList

    assert narrator_lines(Sheet(id="new", traits=TraitList())) == []


def test_pools_say_the_sheets_text_fields_as_larp_changed_them_and_are_not_said_twice():
    sheet = imported(VAMPIRE).chronicle.characters["vic"]
    sheet = sheet.model_copy(update={"attributes": {**sheet.attributes, "Blood (temporary)": "7", "Sect": "Anarch"}})
    assert narrator_lines(sheet)[0] == ("Pools", "Blood 12 (temporary 7)")
    shown = Console(width=160, record=True)
    for part in SheetView.chronicle(sheet):
        shown.print(part)
    text = shown.export_text()
    assert "About Sect Anarch" in text and "Blood" not in text and "Acknowledged" not in text
