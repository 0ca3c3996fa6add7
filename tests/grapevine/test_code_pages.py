"""A file in another Windows code page: told from its bytes (Cyrillic words are runs of letters
above 0xC0) or chosen with --encoding, said in the import's summary, and written back in it."""

from larp.cli import main
from larp.grapevine.files import code_page
from tests.grapevine.handmade import exported

CYRILLIC = ('<?xml version="1.0"?>\r\n<grapevine version="3">\r\n'
            '  <vampire name="Анна Каренина" clan="Тореадор" willpower="3" status="Active"/>\r\n'
            '</grapevine>\r\n').encode("cp1251")


def test_a_cyrillic_file_is_told_from_its_bytes_and_its_names_read():
    assert code_page(CYRILLIC) == "cp1251"
    assert code_page("Renée and Jürgen, Größe".encode("cp1252")) == "cp1252"


def test_a_cyrillic_file_goes_back_in_its_code_page(tmp_path, capsys):
    (tmp_path / "ru.gex").write_bytes(CYRILLIC)
    assert main(["chronicle", "import", str(tmp_path / "ru.gex"), "--out", str(tmp_path / "ru")]) == 0
    printed = capsys.readouterr().out
    assert "Text read as Windows-1251 (Cyrillic)" in printed
    assert main(["chronicle", "export", str(tmp_path / "ru"), "--format", "gex", "--out", str(tmp_path / "back.gex")]) == 0
    assert (tmp_path / "back.gex").read_bytes() == CYRILLIC


def test_the_code_page_can_be_chosen(tmp_path, capsys):
    (tmp_path / "ru.gex").write_bytes(CYRILLIC)
    assert main(["chronicle", "import", str(tmp_path / "ru.gex"), "--out", str(tmp_path / "w"), "--encoding", "cp1252"]) == 0
    assert "Windows-1252" in capsys.readouterr().out
    assert main(["chronicle", "import", str(tmp_path / "ru.gex"), "--out", str(tmp_path / "x"), "--encoding", "klingon"]) == 2
    assert "--encoding klingon: no such encoding" in capsys.readouterr().out
    assert not (tmp_path / "x").exists()


def test_a_cyrillic_name_is_read_searchable_and_its_id_spelt_in_latin_letters():
    from larp.grapevine.files import parse
    from larp.grapevine.reading import read_chronicle

    chronicle = read_chronicle(parse(CYRILLIC, "ru.gex", "cp1251"), "ru.gex", "ru", "cp1251").chronicle
    assert list(chronicle.characters) == ["anna-karenina"]
    sheet = chronicle.characters["anna-karenina"]
    assert (sheet.name, sheet.lineage) == ("Анна Каренина", "Тореадор")
    assert exported(chronicle) == CYRILLIC
