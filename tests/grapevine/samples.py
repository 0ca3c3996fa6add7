"""The real Grapevine files of `../shared/grapevine/` (never copied into the repository), and
what Grapevine shows for them worked out by a reading independent of larp's: a plain scan of
the XML text for each character's element, its lists and its experience."""

import html
import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
SAMPLES = next((folder for folder in (REPO.parent / "shared" / "grapevine", REPO.parents[1] / "shared" / "grapevine")
                if folder.is_dir()), REPO.parent / "shared" / "grapevine")
"""`../shared/grapevine` beside the repository (or beside the folder of worktrees)."""
CREATURES = ("vampire", "werewolf", "mortal", "changeling", "wraith", "mage", "fera", "various",
             "mummy", "kueijin", "hunter", "demon")
LISTS = {"Physical": "physical", "Social": "social", "Mental": "mental", "Negative Physical": "neg physical",
         "Negative Social": "neg social", "Negative Mental": "neg mental", "Abilities": "abilities"}

need_samples = pytest.mark.skipif(not SAMPLES.is_dir(), reason=f"the Grapevine samples are not at {SAMPLES}")


def sample(name: str) -> Path:
    return SAMPLES / name


def all_files() -> list[Path]:
    return sorted(p for p in SAMPLES.rglob("*") if p.suffix in (".gex", ".gv3")) if SAMPLES.is_dir() else []


def xml_files() -> list[Path]:
    return [p for p in all_files() if p.read_bytes()[2:6] not in (b"GVBE", b"GVBG")]


def binary_twins() -> list[tuple[Path, Path]]:
    return [(p, p.with_name(p.name.replace(".bin.gex", ".gex"))) for p in all_files() if p.name.endswith(".bin.gex")]


_CHARACTER = re.compile(r"^  <(%s) (.*?)>(.*?)^  </\1>" % "|".join(CREATURES), re.S | re.M)
_EMPTY = re.compile(r"^  <(%s) (.*?)/>" % "|".join(CREATURES), re.M)
_LIST = re.compile(r'<traitlist name="([^"]*)"[^>]*?(?:/>|>(.*?)</traitlist>)', re.S)
_ATTR = re.compile(r'(\w+)="([^"]*)"')


def _number(text: str) -> float:
    try:
        return float(text)
    except ValueError:
        return 0.0


def expected(path: Path, encoding: str = "utf-8") -> list[dict]:
    """Per character, in file order: type, Willpower, the total of each list, experience (the
    file read in `encoding`: an export of larp's is in the Windows code page)."""
    text = path.read_bytes().decode(encoding, errors="replace")
    found = []
    for match in _CHARACTER.finditer(text):
        creature, head, body = match.groups()
        attributes = dict(_ATTR.findall(head))
        totals = dict.fromkeys(LISTS.values(), 0)
        tempers = {}
        for name, rows in _LIST.findall(body):
            for row in re.findall(r"<trait ([^>]*?)/?>", rows or ""):
                row_attributes = dict(_ATTR.findall(row))
                value = _number(row_attributes.get("val", "1"))
                if name in LISTS:
                    totals[LISTS[name]] += value
                elif name == "Tempers":
                    tempers[row_attributes["name"]] = value
        willpower = tempers.get("Willpower", 0) if creature == "various" else int(attributes.get("willpower", 0))
        xp = dict(_ATTR.findall(re.search(r"<experience ([^>]*?)/?>", body).group(1)))
        found.append({
            "name": html.unescape(attributes["name"]), "creature": creature, "willpower": willpower,
            **totals, "earned": float(xp["earned"]), "unspent": float(xp["unspent"]),
            "entries": len(re.findall(r"<entry ", body)),
        })
    return found


def shown(sheet) -> dict:
    """The same figures, as larp's sheet says them."""
    return {
        "name": sheet.name, "creature": sheet.creature, "willpower": sheet.willpower,
        **{key: sheet.traits.total(key) for key in ("physical", "social", "mental")},
        **{f"neg {key}": sheet.negative.total(key) for key in ("physical", "social", "mental")},
        "abilities": sum(sheet.abilities.values()),
        "earned": sheet.experience.earned, "unspent": sheet.experience.unspent,
        "entries": len(sheet.experience.history),
    }
