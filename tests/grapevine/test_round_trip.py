"""Import, export, import again gives the same sheets, histories and kept data; what changed
in larp goes back out; the station's own chronicles go out as Grapevine files too."""

import difflib
import re

import pytest

from larp.cli import main
from larp.grapevine.files import parse
from larp.grapevine.folder import read_file
from larp.grapevine.reading import read_chronicle
from larp.grapevine.writing import write_gex
from larp.sheet import load_chronicle
from larp.sheet.experience import ExperienceEntry
from tests.grapevine.handmade import NOW, award
from tests.grapevine.samples import CREATURES, REPO, need_samples, sample, xml_files


def again(chronicle):
    return read_chronicle(parse(write_gex(chronicle), "again.gex"), "again.gex", chronicle.name).chronicle


@need_samples
@pytest.mark.parametrize("path", xml_files(), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_import_export_import_is_identity(path):
    chronicle = read_file(path).chronicle
    assert again(chronicle) == chronicle


RENAMED = (b'name="Beast Traits"', b'name="Location"')


@need_samples
@pytest.mark.parametrize("path", [p for p in xml_files() if p.parent.name == "crapvine"], ids=lambda p: p.name)
def test_a_file_as_grapevine_wrote_it_comes_out_byte_for_byte(path):
    """Save a list renamed since (written under its Grapevine 3 name), every byte is
    Grapevine's: a bare LF inside a text stays a bare LF."""
    data = path.read_bytes()
    for old, new in zip(RENAMED, (b'name="Miscellaneous"', b'name="Locations"')):
        data = data.replace(old, new)
    assert write_gex(read_file(path).chronicle) == data


@need_samples
def test_changes_made_in_larp_go_back_out():
    chronicle = read_file(sample("crapvine/caer_various.gex")).chronicle
    sheet = chronicle.characters["caer-various"]
    spent = ExperienceEntry(date="2026-11-20", change=2, type="spent", reason="Tough")
    changed = sheet.model_copy(update={
        "traits": sheet.traits.model_copy(update={"physical": {"Fierce": 1, "Robust": 2, "Tough": 1}}),
        "willpower": 3, "lineage": "Hit-Mark Prime", "status": "dead",
        "experience": sheet.experience.model_copy(update={
            "unspent": -15, "history": [*sheet.experience.history, spent]}),
    })
    back = again(chronicle.model_copy(update={"characters": {"caer-various": changed}})).characters["caer-various"]
    assert back.traits.physical == {"Fierce": 1, "Robust": 2, "Tough": 1}
    assert (back.willpower, back.lineage, back.status, back.experience) == (3, "Hit-Mark Prime", "dead", changed.experience)
    assert back.kept["attributes"]["class"] == "Hit-Mark Prime" and back.kept["attributes"]["status"] == "Dead"


def test_a_chronicle_made_in_larp_goes_out_and_comes_back(tmp_path, capsys):
    """The demo chronicle's sheets, never seen by Grapevine, keep their Traits and Willpower."""
    demo = load_chronicle(REPO / "cards")
    out = tmp_path / "demo.gex"
    assert main(["chronicle", "export", str(REPO / "cards"), "--format", "gex", "--out", str(out)]) == 0
    assert main(["chronicle", "import", str(out), "--out", str(tmp_path / "back")]) == 0
    back = load_chronicle(tmp_path / "back")
    for sheet in demo.characters.values():
        twin = next(s for s in back.characters.values() if s.name == sheet.name)
        assert (twin.traits, twin.negative, twin.abilities, twin.willpower, twin.rage, twin.gnosis) == (
            sheet.traits, sheet.negative, sheet.abilities, sheet.willpower, sheet.rage, sheet.gnosis)
    assert "characters into" in capsys.readouterr().out


@need_samples
def test_the_command_round_trip_through_folders(tmp_path, capsys):
    path = sample("crapvine/player_chronicle_full_xp.gv3")
    assert main(["chronicle", "import", str(path), "--out", str(tmp_path / "one")]) == 0
    printed = capsys.readouterr().out
    assert "2 characters" in printed and "mortal 1, vampire 1" in printed and "48 item" in printed
    assert main(["chronicle", "export", str(tmp_path / "one"), "--format", "gex", "--out", str(tmp_path / "one.gex")]) == 0
    assert main(["chronicle", "import", str(tmp_path / "one.gex"), "--out", str(tmp_path / "two")]) == 0
    one, two = load_chronicle(tmp_path / "one"), load_chronicle(tmp_path / "two")
    assert one.characters == two.characters and one.kept == two.kept


def exported(tmp_path, sheet: str) -> int:
    """`larp chronicle export` of a chronicle folder holding one character, `om.toml`."""
    folder = tmp_path / "chronicle"
    folder.mkdir()
    (folder / "chronicle.toml").write_text('id = "c"\nname = "C"\n', "utf-8")
    (folder / "om.toml").write_text(sheet, "utf-8")
    return main(["chronicle", "export", str(folder), "--format", "gex", "--out", str(tmp_path / "c.gex")])


def test_characters_windows_1252_cannot_hold_are_written_as_question_marks_and_said(tmp_path, capsys):
    assert exported(tmp_path, 'id = "om"\nname = "Ωmar Renée"\n[traits.physical]\nQuick = 2\n') == 0
    assert "Ω written as ?" in capsys.readouterr().out
    assert 'name="?mar Ren\xe9e"'.encode("cp1252") in (tmp_path / "c.gex").read_bytes()


def test_kept_data_broken_by_hand_is_refused_naming_the_character(tmp_path, capsys):
    assert exported(tmp_path, 'id = "om"\n[traits]\n[kept]\ngrapevine = "<traitlist name=\\"Merits\\">"\n') == 2
    assert "om: kept.grapevine" in capsys.readouterr().out
    assert not (tmp_path / "c.gex").exists()


def test_a_character_grapevine_has_no_type_for_goes_out_as_various_with_her_tempers(tmp_path):
    sheet = 'id = "om"\nname = "Om"\ncreature = "ghoul"\nlineage = "Revenant"\nwillpower = 4\nrage = 2\n[traits.physical]\nQuick = 2\n'
    assert exported(tmp_path, sheet) == 0
    back = next(iter(read_file(tmp_path / "c.gex").chronicle.characters.values()))
    assert (back.creature, back.lineage, back.willpower, back.rage, back.traits.physical) == (
        "various", "Revenant", 4, 2, {"Quick": 2})


@need_samples
def test_a_file_with_no_character_imports_its_records_and_says_so(tmp_path, capsys):
    path = sample("grapevine-evolved/Artifacts and Devices.gex")
    assert main(["chronicle", "import", str(path), "--out", str(tmp_path / "items")]) == 0
    printed = capsys.readouterr().out
    assert "brought no character" in printed and "34 item" in printed and "larp station" not in printed
    assert main(["chronicle", "export", str(tmp_path / "items"), "--format", "gex", "--out", str(tmp_path / "items.gex")]) == 0
    assert load_chronicle(tmp_path / "items").kept == read_file(tmp_path / "items.gex").chronicle.kept


_CHANGED_LINE = re.compile(rb'^\s*(<(%s) |<traitlist name="Physical"|<experience |</experience>|</traitlist>|'
                           rb'<trait name="Larpwise"/>|<entry date="2026-11-20")' % "|".join(CREATURES).encode())


@need_samples
@pytest.mark.parametrize("path", xml_files(), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_character_changed_once_changes_only_her_changed_rows(path):
    """Each character buys a Trait and is awarded a point: the lines that differ are her start
    tag (lastmodified), her Physical list's, her experience's, and nothing else of the file."""
    chronicle = read_file(path).chronicle
    sheets = {cid: sheet.model_copy(update={
        "traits": sheet.traits.model_copy(update={"physical": {**sheet.traits.physical, "Larpwise": 1}}),
        "experience": award(sheet, 1)}) for cid, sheet in chronicle.characters.items()}
    before = write_gex(chronicle, NOW).split(b"\r\n")
    after = write_gex(chronicle.model_copy(update={"characters": sheets}), NOW).split(b"\r\n")
    differing = []
    for kind, i1, i2, j1, j2 in difflib.SequenceMatcher(None, before, after, autojunk=False).get_opcodes():
        if kind != "equal":
            differing += before[i1:i2] + after[j1:j2]
    assert [line for line in differing if not _CHANGED_LINE.match(line)] == []
    assert sum(line.strip() == b'<trait name="Larpwise"/>' for line in after) == len(sheets)
    assert sum(NOW.encode() in line for line in after) == len(sheets)


@need_samples
def test_an_unchanged_character_is_written_as_read_and_a_hand_edit_is_read_again(tmp_path, capsys):
    """Every sheet of an imported folder still matches what was read (`kept.read`), so the
    export writes her element as it was; kept data edited by hand is read again, and refused
    when it is not Grapevine XML."""
    from larp.grapevine.reading import fingerprint

    path = sample("crapvine/vampires_sabbat.gex")
    assert main(["chronicle", "import", str(path), "--out", str(tmp_path / "one")]) == 0
    sheets = load_chronicle(tmp_path / "one").characters.values()
    assert all(sheet.kept["read"] == fingerprint(sheet) for sheet in sheets)
    edited = min(p for p in (tmp_path / "one").glob("*.toml") if p.name != "chronicle.toml")
    edited.write_text(edited.read_text("utf-8").replace("</traitlist>", "</traitlist-broken>", 1), "utf-8")
    assert main(["chronicle", "export", str(tmp_path / "one"), "--format", "gex", "--out", str(tmp_path / "x.gex")]) == 2
    assert f"{edited.stem}: kept.grapevine" in capsys.readouterr().out
