"""`larp cards print|payload|reissue` and `larp scan`, as a Narrator runs them."""

import json
import re
from pathlib import Path
from xml.etree import ElementTree

import pytest

from larp.cards import read_card
from larp.cards.payload import Card, payload_text
from larp.cli import main
from tests.cards.made_chronicle import write_chronicle
from tests.cards.printed import decoded, drawn, pages_as_pictures, qr_texts


@pytest.fixture
def run(chronicle_folder, capsys):
    """Run a larp command on the test chronicle: its exit status, what it printed, what it complained."""

    def running(*words: str, chronicle: Path | None = chronicle_folder):
        where = ["--chronicle", str(chronicle)] if chronicle else []
        status = main([*words, *where])
        said = capsys.readouterr()
        return status, said.out, said.err

    return running


def refused_in_one_line(status: int, err: str) -> None:
    assert status == 1
    assert "Traceback" not in err
    assert len(err.strip().splitlines()) == 1


def test_print_writes_the_pdf_named_for_the_chronicle_in_the_current_folder(run, chronicle, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    status, out, _ = run("cards", "print")
    assert status == 0
    assert (tmp_path / "nights-of-harrow-cards.pdf").is_file()
    assert "12 cards of Nights of Harrow on 2 letter pages" in out


def test_print_defaults_to_the_demo_chronicle(run, demo_chronicle, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    status, out, _ = run("cards", "print", chronicle=None)
    assert status == 0
    assert (tmp_path / f"{demo_chronicle.id}-cards.pdf").is_file()
    assert demo_chronicle.name in out


def test_print_only_some_characters_on_a4(run, chronicle, tmp_path):
    out = tmp_path / "two.pdf"
    assert run("cards", "print", "--only", "zoe", "character-5", "--paper", "a4", "--out", str(out))[0] == 0
    (page,) = pages_as_pictures(out.read_bytes(), dpi=150)
    assert sorted(read_card(text, chronicle).id for text in qr_texts(page)) == ["character-5", "zoe"]


def test_print_warns_of_public_lines_that_did_not_fit(run, tmp_path):
    status, _, err = run("cards", "print", "--out", str(tmp_path / "cards.pdf"))
    assert status == 0
    assert re.search(r"brother_ambrose: \d+ public lines didn't fit", err)


def svg_rectangles(svg: Path) -> tuple[list[tuple[int, int, int, int]], int]:
    """The rectangles of dark modules an SVG card's QR path draws, and the symbol's size."""
    (path,) = [node for node in ElementTree.parse(svg).iter() if node.tag.endswith("path")]
    found = re.findall(r"M(\d+) (\d+)h(\d+)v(\d+)h-\3z", path.get("d"))
    rectangles = [(int(row), int(column), int(width), int(height)) for column, row, width, height in found]
    return rectangles, max(column + width for _, column, width, _ in rectangles)


def test_print_svg_writes_one_card_per_character_that_scans_back(run, chronicle, tmp_path):
    folder = tmp_path / "svg"
    assert run("cards", "print", "--out", str(tmp_path / "cards.pdf"), "--svg", str(folder))[0] == 0
    assert sorted(path.stem for path in folder.glob("*.svg")) == sorted(chronicle.characters)
    for svg in folder.glob("*.svg"):
        (code,) = decoded(drawn(*svg_rectangles(svg)))
        assert read_card(code.text, chronicle).id == svg.stem
        text = svg.read_text(encoding="utf-8")
        assert "Sworn-to-the-Sabbat" not in text and "Quicksilverish" not in text


def test_print_refuses_an_unknown_character_and_writes_nothing(run, tmp_path):
    status, _, err = run("cards", "print", "--only", "zoe", "nobody", "--out", str(tmp_path / "x.pdf"))
    refused_in_one_line(status, err)
    assert "'nobody'" in err
    assert not (tmp_path / "x.pdf").exists()


def test_print_refuses_ids_too_long_for_the_qr_code(run, tmp_path):
    folder = write_chronicle(tmp_path / "long", characters=1, chronicle_id="a-chronicle-whose-id-" + "x" * 40)
    status, _, err = run("cards", "print", "--out", str(tmp_path / "x.pdf"), chronicle=folder)
    refused_in_one_line(status, err)
    assert "too long" in err and "Shorten" in err


def test_payload_prints_a_card_that_scans(run, chronicle):
    status, out, _ = run("cards", "payload", "zoe")
    assert status == 0
    assert read_card(out, chronicle).id == "zoe"


def test_reissue_makes_the_old_card_stop_scanning(run):
    _, old, _ = run("cards", "payload", "zoe")
    status, out, _ = run("cards", "reissue", "zoe")
    assert status == 0 and "card 2" in out and "--only zoe" in out
    status, _, err = run("scan", "--text", old)
    refused_in_one_line(status, err)
    assert "card 2 replaced it" in err
    _, new, _ = run("cards", "payload", "zoe")
    assert run("scan", "--text", new)[0] == 0


def test_scan_text_prints_the_character(run, chronicle):
    _, payload, _ = run("cards", "payload", "zoe")
    status, out, _ = run("scan", "--text", payload.lower() + "  ")
    assert status == 0
    assert out.startswith("Zoë \"Moth\" Caldera (zoe), card 1 of Nights of Harrow")


def test_scan_json_gives_the_sheet_and_the_card(run, chronicle):
    _, payload, _ = run("cards", "payload", "zoe")
    status, out, _ = run("scan", "--text", payload, "--format", "json")
    found = json.loads(out)
    assert status == 0
    assert (found["chronicle"], found["serial"]) == (chronicle.id, 1)
    assert found["character"] == chronicle.characters["zoe"].model_dump(mode="json", exclude={"notes"})


def test_a_scan_at_the_door_never_shows_the_private_notes_unless_asked(run, chronicle):
    _, payload, _ = run("cards", "payload", "zoe")
    for shown in ("text", "json"):
        status, out, _ = run("scan", "--text", payload, "--format", shown)
        assert status == 0 and "Sworn-to-the-Sabbat" not in out
        status, out, _ = run("scan", "--text", payload, "--format", shown, "--notes")
        assert status == 0 and "Sworn-to-the-Sabbat" in out


def test_scan_image_prints_the_character(run, tmp_path):
    import qrcode

    _, payload, _ = run("cards", "payload", "character-7")

    picture = tmp_path / "card.png"
    qrcode.make(payload.strip(), error_correction=qrcode.constants.ERROR_CORRECT_Q).save(picture)
    status, out, _ = run("scan", str(picture))
    assert status == 0
    assert out.startswith("Character Number 7 (character-7), card 1")


def forged(chronicle) -> str:
    return payload_text(Card(chronicle.id, "zoe", 1), b"a guess".ljust(32))


def foreign(chronicle) -> str:
    return payload_text(Card("another-chronicle", "zoe", 1), b"another key".ljust(32))


@pytest.mark.parametrize(
    "typing, reason",
    [(lambda chronicle: "hello", "garbage"), (forged, "forged"), (foreign, "foreign")],
)
def test_scan_refusals_are_one_line_and_json_names_the_reason(run, chronicle, typing, reason):
    run("cards", "payload", "zoe")  # the chronicle's key exists
    status, _, err = run("scan", "--text", typing(chronicle))
    refused_in_one_line(status, err)
    status, out, _ = run("scan", "--text", typing(chronicle), "--format", "json")
    assert status == 1
    assert json.loads(out)["refused"] == reason


def test_scan_of_a_missing_picture_is_refused_as_unreadable(run, tmp_path):
    status, out, err = run("scan", str(tmp_path / "nowhere.jpg"), "--format", "json")
    refused_in_one_line(status, err)
    assert json.loads(out)["refused"] == "unreadable"


def test_a_missing_chronicle_folder_is_refused_in_one_line(run, tmp_path):
    status, _, err = run("cards", "payload", "zoe", chronicle=tmp_path / "nowhere")
    refused_in_one_line(status, err)
