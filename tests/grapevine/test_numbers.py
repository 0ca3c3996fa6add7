"""Numbers read as Grapevine reads them on the Windows that wrote the file: a decimal comma
(German, French Windows) or point, told per file and kept on export; an unreadable number is a
warning naming the character, never a silent 0."""

from tests.grapevine.handmade import award, changed, exported, gex, imported, lines_of, loaded

GERMAN = gex(
    '  <vampire name="Anna" clan="Brujah" willpower="4" status="Active" lastmodified="26.07.2007 21:45:45">',
    '    <experience unspent="2,5" earned="12,5">',
    '      <entry date="26.07.2007" change="12,5" type="0" reason="Spiel" earned="12,5" unspent="12,5"/>',
    '      <entry date="27.07.2007" change="10" type="3" reason="Schnell" earned="12,5" unspent="2,5"/>',
    "    </experience>",
    "  </vampire>",
)


def test_experience_written_with_a_decimal_comma_is_read_as_that_windows_reads_it():
    done = imported(GERMAN)
    sheet = done.chronicle.characters["anna"]
    assert (sheet.experience.earned, sheet.experience.unspent) == (12.5, 2.5)
    assert [entry.change for entry in sheet.experience.history] == [12.5, 10]
    assert done.warnings == [] and done.chronicle.kept["decimal"] == ","


def test_a_decimal_comma_file_gets_its_new_numbers_with_a_comma():
    chronicle = imported(GERMAN).chronicle
    sheet = chronicle.characters["anna"]
    data = exported(changed(chronicle, "anna", experience=award(sheet, 1.5)))
    back = loaded(data, decimal=",")[0].experience
    assert (back["earned"], back["unspent"]) == (14, 4)
    assert back["entries"][-1] == {"date": "2026-11-20", "change": 1.5, "type": 0, "reason": "Game",
                                   "earned": 14, "unspent": 4}
    assert b'change="1,5"' in data
    assert lines_of(GERMAN)[4:6] == lines_of(data)[4:6]


def test_an_unchanged_decimal_comma_file_goes_back_byte_for_byte():
    assert exported(imported(GERMAN).chronicle) == GERMAN


def test_an_unreadable_experience_number_is_said_naming_the_character():
    data = GERMAN.replace(b'earned="12,5">', b'earned="zw\xf6lf">')
    done = imported(data)
    assert done.chronicle.characters["anna"].experience.earned == 0
    assert any(w.startswith("Anna (anna), experience") and "'zwölf'" in w and "not a number" in w
               for w in done.warnings)
