"""Ids stable for the life of the chronicle: two characters of one name keep theirs through
export and import, and every id made by an import fits a card's QR code with the chronicle's."""

import pytest

from larp.cli import main
from larp.grapevine.reading import CARD_ROOM, unique_ids
from larp.sheet import load_chronicle
from tests.grapevine.handmade import gex
from tests.grapevine.samples import all_files, need_samples

TWINS = gex('  <vampire name="John Smith" clan="Brujah" willpower="3" status="Active"/>',
            '  <vampire name="John Smith" clan="Ventrue" willpower="5" status="Active"/>')


def test_two_characters_of_one_name_keep_their_ids_through_export_and_import(tmp_path, capsys):
    """The folder lists them by file name (john-smith-2 first); the export keeps the file's order."""
    (tmp_path / "twins.gex").write_bytes(TWINS)
    assert main(["chronicle", "import", str(tmp_path / "twins.gex"), "--out", str(tmp_path / "one")]) == 0
    folders = ["one", "two", "three"]
    for was, now in zip(folders, folders[1:]):
        out = tmp_path / f"{now}.gex"
        assert main(["chronicle", "export", str(tmp_path / was), "--format", "gex", "--out", str(out)]) == 0
        assert main(["chronicle", "import", str(out), "--out", str(tmp_path / now)]) == 0
        lineages = {cid: sheet.lineage for cid, sheet in load_chronicle(tmp_path / now).characters.items()}
        assert lineages == {"john-smith": "Brujah", "john-smith-2": "Ventrue"}


def test_a_long_name_is_cut_at_a_hyphen_to_fit_the_card_beside_the_chronicles_id():
    room = CARD_ROOM - len("vampires-sabbat")
    names = ["Vincent Anthony Machiavelli Scatallia", "Vincent Anthony Machiavelli Scatallia"]
    assert unique_ids(names, room) == ["vincent-anthony-machiavelli", "vincent-anthony-machiavelli-2"]


@need_samples
@pytest.mark.parametrize("path", all_files(), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_sample_imported_prints_all_its_cards(path, tmp_path, capsys):
    folder = tmp_path / "chronicle"
    assert main(["chronicle", "import", str(path), "--out", str(folder)]) == 0
    chronicle = load_chronicle(folder)
    if not chronicle.characters:
        return
    assert all(len(chronicle.id) + len(cid) <= CARD_ROOM for cid in chronicle.characters)
    assert main(["cards", "print", "--chronicle", str(folder), "--out", str(tmp_path / "cards.pdf")]) == 0
    assert (tmp_path / "cards.pdf").stat().st_size > 0
