"""Text kept exactly as Grapevine's reader takes it: a CDATA block whole (leading blanks, a
note of only blanks, CR LF or a bare LF as written), the layout around it dropped."""

from tests.grapevine.handmade import changed, exported, gex, imported, loaded


def noted(text: str) -> bytes:
    return gex('  <mortal name="Poet" willpower="2" status="Active">', "    <notes>",
               f"      <![CDATA[{text}]]>", "    </notes>", "  </mortal>")


POEM = "    The moon is high,\r\n\tthe night is long:\r\n- a list\r\n  - indented"


def test_leading_whitespace_of_a_texts_first_line_is_kept():
    data = noted(POEM)
    sheet = imported(data).chronicle.characters["poet"]
    assert sheet.notes == "    The moon is high,\n\tthe night is long:\n- a list\n  - indented"
    assert exported(imported(data).chronicle) == data
    assert loaded(data)[0].texts["notes"] == POEM


def test_a_note_of_only_blanks_is_kept():
    data = noted("   ")
    assert imported(data).chronicle.characters["poet"].notes == "   "
    assert exported(imported(data).chronicle) == data


def test_a_bare_lf_stays_a_bare_lf():
    data = noted("one\ntwo")
    assert exported(imported(data).chronicle) == data
    assert loaded(data)[0].texts["notes"] == "one\ntwo"


def test_notes_changed_in_larp_keep_the_line_breaks_of_the_notes_they_replace():
    chronicle = imported(noted(POEM)).chronicle
    assert loaded(exported(changed(chronicle, "poet", notes="  new\nlines")))[0].texts["notes"] == "  new\r\nlines"
    chronicle = imported(noted("one\ntwo")).chronicle
    assert loaded(exported(changed(chronicle, "poet", notes="three\nfour")))[0].texts["notes"] == "three\nfour"


def test_text_outside_a_cdata_block_is_trimmed_as_grapevine_trims_it():
    data = gex('  <mortal name="Plain" willpower="2">', "    <notes>", "      plain words", "    </notes>", "  </mortal>")
    assert imported(data).chronicle.characters["plain"].notes == "plain words"
    assert loaded(data)[0].texts["notes"] == "plain words"


def test_texts_come_back_byte_for_byte_through_a_chronicle_folder(tmp_path, capsys):
    from larp.cli import main

    for index, text in enumerate((POEM, "   ", "one\ntwo\r\nthree\rfour")):
        data = noted(text)
        (tmp_path / f"{index}.gex").write_bytes(data)
        folder, out = tmp_path / f"folder-{index}", tmp_path / f"out-{index}.gex"
        assert main(["chronicle", "import", str(tmp_path / f"{index}.gex"), "--out", str(folder)]) == 0
        assert main(["chronicle", "export", str(folder), "--format", "gex", "--out", str(out)]) == 0
        assert out.read_bytes() == data
