"""Every rule id of docs/rules.md and of docs/DICE.md has at least one test named for it (`test_r_rt_3_…`),
and every rule id the code cites is one of them."""

import re
from pathlib import Path

ROOT = Path(__file__).parents[1]
RULES = ROOT / "docs" / "rules.md"
DICE = ROOT / "docs" / "DICE.md"
# The ids of docs/rules.md, the project's copy of the rules.
RULE_IDS = {
    *(f"R-TRAIT-{n}" for n in range(1, 6)), *(f"R-CH-{n}" for n in range(1, 5)),
    *(f"R-TIE-{n}" for n in range(1, 6)), *(f"R-RT-{n}" for n in range(1, 7)),
    *(f"R-LOSS-{n}" for n in range(1, 5)), "R-NEG-1", "R-NEG-2", "R-NIGHT-1", "R-NIGHT-2", "R-NIGHT-3",
    "R-SIMPLE-1", "R-EXT-1", "R-EXT-2", "R-MASS-1", *(f"R-HEALTH-{n}" for n in range(1, 5)), *(f"D-OLD-{n}" for n in range(1, 6)),
    "D-NEW-1", "D-NEW-2", "D-NEW-3",
}
# The ids of docs/DICE.md: the dice seeds' rules in full.
DICE_IDS = {*(f"D-ST-{n}" for n in range(1, 16)), *(f"D-SG-{n}" for n in range(1, 19)), *(f"D-HEALTH-{n}" for n in range(1, 7))}
ID = r"\*\*([RD]-[A-Z]+-\d+)"


def test_the_list_of_rule_ids_is_that_of_rules_md():
    assert set(re.findall(ID, RULES.read_text())) == RULE_IDS


def test_the_list_of_dice_rule_ids_is_that_of_dice_md():
    found = re.findall(ID, DICE.read_text())
    assert len(found) == len(set(found)) and set(found) == DICE_IDS


def test_every_rule_id_has_a_test_named_for_it():
    names = set()
    for path in (ROOT / "tests").rglob("test_*.py"):
        names |= set(re.findall(r"def (test_\w+)", path.read_text()))
    prefix = lambda rule: "test_" + rule.lower().replace("-", "_") + "_"
    missing = sorted(rule for rule in RULE_IDS | DICE_IDS if not any(name.startswith(prefix(rule)) for name in names))
    assert missing == []


def test_every_rule_id_the_code_cites_is_in_the_rules_of_the_repository():
    cited = {}
    for path in (ROOT / "larp").rglob("*.py"):
        for rule in re.findall(r"\b([RD]-[A-Z]+-\d+)\b", path.read_text()):
            cited.setdefault(rule, path.relative_to(ROOT))
    written = set(re.findall(ID, RULES.read_text())) | set(re.findall(ID, DICE.read_text()))
    assert len(cited) > 30
    assert {rule: str(path) for rule, path in cited.items() if rule not in written} == {}


def test_no_citation_points_outside_the_repository():
    texts = [ROOT / "README.md", *(ROOT / "docs").glob("*.md"), *(ROOT / "larp").rglob("*.py"), *(ROOT / "cards").glob("*")]
    outside = [str(path.relative_to(ROOT)) for path in texts if path.is_file() and re.search(r"(?<![/\w])(RULES|TRANSCRIPT)\.md", path.read_text(errors="replace"))]
    assert outside == []
