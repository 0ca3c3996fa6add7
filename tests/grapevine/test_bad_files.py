"""Files that are not Grapevine chronicles are refused with a clear message, and nothing is
written (`larp chronicle import` writes a temporary folder and renames it only at the end)."""

import pytest

from larp.cli import main
from larp.grapevine import GrapevineError
from larp.grapevine.files import SIZE_LIMIT
from larp.grapevine.folder import import_file
from tests.grapevine.samples import need_samples, sample

GOOD = b'<?xml version="1.0"?>\r\n<grapevine version="3">\r\n  <vampire name="Ann" willpower="3"/>\r\n</grapevine>\r\n'


def refused(tmp_path, data: bytes, name: str = "bad.gex") -> str:
    path = tmp_path / name
    path.write_bytes(data)
    with pytest.raises(GrapevineError) as caught:
        import_file(path, tmp_path / "out")
    assert not (tmp_path / "out").exists()
    assert [p.name for p in tmp_path.iterdir()] == [name]
    return str(caught.value)


def test_an_empty_file(tmp_path):
    assert "is empty" in refused(tmp_path, b"")


def test_a_file_that_is_not_xml(tmp_path):
    assert "not a Grapevine file" in refused(tmp_path, b"name,clan\nAnn,Brujah\n")


def test_xml_that_is_not_grapevine(tmp_path):
    assert "root is <html>" in refused(tmp_path, b"<html><body/></html>")


def test_a_menu_file(tmp_path):
    message = refused(tmp_path, b'<?xml version="1.0"?>\r\n<grapevine version="3"/>', "Grapevine Menus.gvm")
    assert "menu file" in message


def test_truncated_xml_names_the_place(tmp_path):
    message = refused(tmp_path, GOOD[:70])
    assert "not well-formed" in message and "line" in message


def test_a_doctype_is_refused_before_any_entity_is_expanded(tmp_path):
    bomb = b'<?xml version="1.0"?><!DOCTYPE g [<!ENTITY a "aaaa">]><grapevine version="3">&a;</grapevine>'
    assert "DOCTYPE" in refused(tmp_path, bomb)


def test_a_300_mb_file_is_refused_before_it_is_read(tmp_path):
    path = tmp_path / "huge.gex"
    with path.open("wb") as stream:
        stream.write(GOOD[:40])
        stream.truncate(300 * 1024 * 1024)
    assert 300 * 1024 * 1024 > SIZE_LIMIT
    with pytest.raises(GrapevineError, match="is 314,572,800 bytes: no Grapevine file is that large \\(the limit is 256 MB\\)"):
        import_file(path, tmp_path / "out")
    assert not (tmp_path / "out").exists()


@need_samples
def test_a_truncated_binary_file(tmp_path):
    data = sample("crapvine/one_of_each.bin.gex").read_bytes()
    message = refused(tmp_path, data[: len(data) // 2])
    assert "bad.gex" in message


def test_an_existing_folder_is_never_overwritten(tmp_path):
    path = tmp_path / "ok.gex"
    path.write_bytes(GOOD)
    (tmp_path / "out").mkdir()
    (tmp_path / "out" / "mine.txt").write_text("keep")
    with pytest.raises(GrapevineError, match="not empty"):
        import_file(path, tmp_path / "out")
    assert [p.name for p in (tmp_path / "out").iterdir()] == ["mine.txt"]


def test_the_command_says_what_is_wrong_and_exits_2(tmp_path, capsys):
    path = tmp_path / "bad.gex"
    path.write_bytes(b"")
    assert main(["chronicle", "import", str(path), "--out", str(tmp_path / "out")]) == 2
    assert "is empty" in capsys.readouterr().out
    assert not (tmp_path / "out").exists()
