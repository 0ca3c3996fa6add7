"""The chronicle's character at the command line: `larp xp offers` lists what she may buy with
its price, `larp xp buy` buys in a named list from the chronicle's catalog (a name with no price
only at staff's `--price`, a made-up Ability never at the table's price), `larp give` and
`larp take` change an item as staff do, and all of it reaches the Grapevine file."""

import json
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

from tests.ledger.helpers import larp

CARDS = Path(__file__).resolve().parents[2] / "cards"


def demo(tmp_path):
    """The demo chronicle (its catalog prices Auspex: Aura Perception at 3 and leaves Dementation:
    Passion unpriced): its folder, the record, and the options that open it at station hall."""
    folder = tmp_path / "chronicle"
    shutil.copytree(CARDS, folder, ignore=shutil.ignore_patterns("storyteller", "storytelling", "*.json", "*.md"))
    db = ("--db", tmp_path / "n.sqlite3")
    where = ("--chronicle", folder, "--station", "hall", "--narrator", "Ann", *db)
    return folder, db, where


def offered(capsys, db) -> dict[str, float | None]:
    status, out, _ = larp(capsys, "xp", "offers", "aldous", "--format", "json", *db)
    assert status == 0
    return {offer["what"]: offer["price"] for offer in json.loads(out)}


def test_offers_list_the_catalog_s_powers_with_their_price_and_never_what_he_holds(tmp_path, capsys):
    _, db, where = demo(tmp_path)
    assert larp(capsys, "xp", "award", "aldous", "8", "--reason", "downtime", *where)[0] == 0
    offers = offered(capsys, db)
    assert offers["Disciplines: Auspex: Aura Perception"] == 3
    assert offers["Disciplines: Dementation: Passion"] is None  # needs a price
    assert "Disciplines: Dominate: Command" not in offers  # he has it
    assert offers["Backgrounds: Resources"] == 1 and offers["Willpower"] == 3
    assert not any(what.startswith("Status:") or what.startswith("Equipment:") for what in offers)  # given by staff
    status, out, _ = larp(capsys, "xp", "offers", "aldous", *db)
    assert "  Disciplines: Dementation: Passion" in out and "needs a price" in out


def test_a_discipline_bought_between_games_is_on_his_sheet_and_in_the_grapevine_file(tmp_path, capsys):
    folder, db, where = demo(tmp_path)
    assert larp(capsys, "xp", "award", "aldous", "8", "--reason", "downtime", *where)[0] == 0
    status, out, _ = larp(capsys, "xp", "buy", "aldous", "Disciplines: Auspex: Aura Perception", *db)
    assert status == 0 and "buys Disciplines: Auspex: Aura Perception for 3 experience" in out
    gex = tmp_path / "out.gex"
    assert larp(capsys, "chronicle", "export", folder, "--format", "gex", "--out", gex, *db)[0] == 0
    root = ET.fromstring(gex.read_bytes().decode("cp1252"))  # as Grapevine writes it: Windows-1252, undeclared
    aldous = next(e for e in root if e.get("name") == "Aldous Whitcombe")
    disciplines = next(t for t in aldous.iter("traitlist") if t.get("name") == "Disciplines")
    assert disciplines[-1].attrib == {"name": "Auspex: Aura Perception", "val": "3", "note": "basic"}
    experience = [e.attrib for e in aldous.iter("entry")]
    assert experience[-1]["reason"] == "Disciplines: Auspex: Aura Perception" and experience[-1]["unspent"] == "5"


def test_a_name_with_no_price_is_bought_only_at_staff_s_price(tmp_path, capsys):
    _, db, where = demo(tmp_path)
    assert larp(capsys, "xp", "award", "aldous", "8", "--reason", "downtime", *where)[0] == 0
    status, _, err = larp(capsys, "xp", "buy", "aldous", "Disciplines: Dementation: Passion", *db)
    assert status == 1 and "needs a price" in err and "--price" in err
    status, _, err = larp(capsys, "xp", "buy", "aldous", "Disciplines: Auspex: Aura Perception", "--price", "1", *db)
    assert status == 1 and "costs 3 by the chronicle's catalog" in err
    status, out, _ = larp(capsys, "xp", "buy", "aldous", "Disciplines: Dementation: Passion", "--price", "4", *db)
    assert status == 0 and "for 4 experience" in out
    assert offered(capsys, db).get("Disciplines: Dementation: Passion", "gone") == "gone"


def test_a_made_up_ability_or_background_needs_a_price_and_a_known_one_has_the_table_s(tmp_path, capsys):
    _, db, where = demo(tmp_path)
    assert larp(capsys, "xp", "award", "aldous", "8", "--reason", "downtime", *where)[0] == 0
    for made_up in ("Ability: Basket Weaving", "Backgrounds: Dragon Hoard"):
        status, _, err = larp(capsys, "xp", "buy", "aldous", made_up, *db)
        assert status == 1 and "needs a price" in err
    status, out, _ = larp(capsys, "xp", "buy", "aldous", "Ability: Occult", *db)
    assert status == 0 and "for 1 experience" in out
    status, out, _ = larp(capsys, "xp", "buy", "aldous", "Backgrounds: Resources", *db)
    assert status == 0 and "for 1 experience" in out


def test_staff_give_and_take_a_status_trait_and_a_missing_one_is_refused_with_what_the_list_holds(tmp_path, capsys):
    folder, db, where = demo(tmp_path)
    status, out, _ = larp(capsys, "give", "aldous", "Status: Feared", "--reason", "the hearing", *where)
    assert status == 0 and "Status +Feared" in out
    status, out, _ = larp(capsys, "take", "aldous", "Status: Esteemed", "--reason", "lost the vote", *db)
    assert status == 0 and "Status -Esteemed" in out
    status, _, err = larp(capsys, "take", "aldous", "Status: Adored", "--reason", "x", *db)
    assert status == 2 and "Status holds no 'Adored' (it holds Acknowledged, Respected, Feared)" in err
    status, _, err = larp(capsys, "give", "aldous", "Equipment", "--reason", "x", *db)
    assert status == 2 and "names no item" in err
    out_dir = tmp_path / "after"
    assert larp(capsys, "chronicle", "export", folder, "--out", out_dir, *db)[0] == 0
    text = (out_dir / "aldous.toml").read_text()
    assert 'name = "Feared"' in text and 'name = "Esteemed"' not in text and 'name = "Adored"' not in text
