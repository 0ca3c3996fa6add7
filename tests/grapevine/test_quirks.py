"""Each quirk real Grapevine files carry, read the way Grapevine's own reader reads it."""

from larp.grapevine.files import parse
from larp.grapevine.reading import read_chronicle


def one(body: str, head: str = 'name="Ann" clan="Brujah" willpower="4"', creature: str = "vampire", raw: bytes = b""):
    text = f'<?xml version="1.0"?>\r\n<grapevine version="3">\r\n  <{creature} {head}>\r\n{body}\r\n  </{creature}>\r\n</grapevine>\r\n'
    data = text.encode("cp1252") if not raw else raw
    imported = read_chronicle(parse(data, "test.gex"), "test.gex", "test")
    return next(iter(imported.chronicle.characters.values())), imported.warnings


def rows(name: str, *traits: str) -> str:
    return f'<traitlist name="{name}" abc="yes" display="1">' + "".join(traits) + "</traitlist>"


def test_windows_1252_bytes_without_an_encoding_declaration():
    """crapvine's first vampires_camarilla.gex holds 0x85 ("…"): read as Windows-1252."""
    data = b'<?xml version="1.0"?>\r\n<grapevine version="3"><vampire name="Ren\xe9e \x85"/></grapevine>'
    sheet, _ = one("", raw=data)
    assert sheet.name == "Renée …"


def test_an_absent_val_is_one():
    sheet, _ = one(rows("Physical", '<trait name="Brawny"/>', '<trait name="Quick" val="3"/>'))
    assert sheet.traits.physical == {"Brawny": 1, "Quick": 3}


def test_an_absent_temporary_value_is_the_permanent_one():
    """Grapevine writes tempwillpower only when it differs: no attribute, nothing kept over it."""
    from larp.grapevine.writing import character

    sheet, _ = one("", head='name="Ann" willpower="4"')
    assert "tempwillpower" not in sheet.kept["attributes"]
    written = character(sheet.model_copy(update={"willpower": 6}))
    assert written.get("willpower") == "6" and written.get("tempwillpower") is None
    sheet, _ = one("", head='name="Ann" willpower="4" tempwillpower="2"')
    assert character(sheet).get("tempwillpower") == "2"


def test_a_val_that_is_not_a_number_counts_zero_and_is_said():
    sheet, warnings = one(rows("Social", '<trait name="Charming" val="1 or 4"/>', '<trait name="Witty" val="2"/>'))
    assert sheet.traits.social == {"Witty": 2}
    assert any("Ann (ann), Social" in w and "Charming" in w and "counts 0" in w for w in warnings)


def test_the_same_trait_on_two_rows_counts_twice():
    sheet, _ = one(rows("Mental", '<trait name="Clever"/>', '<trait name="Clever" val="2"/>'))
    assert sheet.traits.mental == {"Clever": 3}
    assert '<trait name="Clever"/>\n  <trait name="Clever" val="2"/>' in sheet.kept["grapevine"]


def test_lists_renamed_across_versions():
    """A vampire's Beast Traits are Grapevine 3's Miscellaneous; a fera's Location is Locations."""
    sheet, _ = one(rows("Beast Traits", '<trait name="Feral Whispers"/>'))
    assert sheet.kept["grapevine"].startswith('<traitlist name="Miscellaneous"')
    sheet, _ = one(rows("Location", '<trait name="Den"/>'), head='name="Kit" fera="Nuwisha"', creature="fera")
    assert sheet.kept["grapevine"].startswith('<traitlist name="Locations"')


def test_dates_stay_as_the_writers_locale_wrote_them():
    body = ('<experience unspent="3" earned="5"><entry date="26.07.2007" change="5" type="0" reason="Game"/>'
            '<entry date="7/26/2007 9:45:45 PM" change="2" type="3" reason="Buy"/></experience>')
    sheet, _ = one(body)
    assert [e.date for e in sheet.experience.history] == ["26.07.2007", "7/26/2007 9:45:45 PM"]


def test_fractional_and_negative_experience():
    body = ('<experience unspent="-1.5" earned="2.5"><entry date="1/1/2003" change="2.5" type="0"/>'
            '<entry date="1/2/2003" change="-4" type="3" reason="Refund by hand"/></experience>')
    sheet, _ = one(body)
    assert (sheet.experience.earned, sheet.experience.unspent) == (2.5, -1.5)
    assert [e.change for e in sheet.experience.history] == [2.5, -4]


def test_a_repeated_attribute_keeps_the_first_as_grapevine_does():
    """Grapevine 3's vampire writer gives `aura` twice (the Aura, then its bonus)."""
    sheet, _ = one("", head='name="Ann" clan="Brujah" aura="Fearsome" aura="+2" willpower="4"')
    assert sheet.kept["attributes"]["aura"] == "Fearsome"
    assert sheet.willpower == 4


def test_raw_control_characters_are_read_and_kept():
    sheet, _ = one("<notes><![CDATA[line\x0bbreak\x01]]></notes>", head='name="A\x07nn" willpower="2"')
    assert sheet.notes == "line\x0bbreak\x01"
    assert sheet.name == "A\x07nn"


def test_a_count_beyond_the_sheet_is_fitted_and_said():
    sheet, warnings = one(rows("Abilities", '<trait name="Lore" val="150"/>', '<trait name="Dodge" val="1.5"/>'))
    assert sheet.abilities == {"Lore": 99, "Dodge": 2}
    assert any("Lore counts 150" in w for w in warnings) and any("Dodge counts 1.5" in w for w in warnings)


def test_a_name_longer_than_a_sheet_holds_is_cut_and_said():
    long = "X" * 100
    sheet, warnings = one(rows("Physical", f'<trait name="{long}"/>'), head=f'name="{long}" willpower="1"')
    assert sheet.name == "X" * 80 and list(sheet.traits.physical) == ["X" * 80]
    assert any("name" in w and "cut" in w for w in warnings)


def test_the_willpower_of_a_various_character_is_its_willpower_temper():
    body = rows("Tempers", '<trait name="Willpower" val="5"/>', '<trait name="Rage"/>', '<trait name="Essence" val="3"/>')
    sheet, _ = one(body, head='name="Odd" class="Hit-Mark"', creature="various")
    assert (sheet.willpower, sheet.rage, sheet.gnosis, sheet.standalone) == (5, 1, 0, {"Essence": 3})


def test_a_number_attribute_that_is_not_a_number_is_zero():
    """GetInteger falls back to its default, 0."""
    sheet, _ = one("", head='name="Ann" willpower="lots"')
    assert sheet.willpower == 0


def test_a_row_with_no_name_is_skipped_as_grapevine_skips_it():
    sheet, _ = one(rows("Physical", '<trait name="" val="3"/>', '<trait val="2"/>', '<trait name="Quick"/>'))
    assert sheet.traits.physical == {"Quick": 1}
