"""What Grapevine holds of a character that a Narrator needs at a challenge and the sheet has no
field for: her pools and their temporary values (Blood, Arete, Quintessence, Paradox, Glamour …),
her Abilities' specialisations, her status in Grapevine and her Status Traits. Read from the
sheet's kept Grapevine data, as labelled lines for the station; nothing for a sheet made in larp.
"""

from larp.grapevine.chronicle_lists import attribute_of, field_name, held_elsewhere
from larp.grapevine.lists import rows_of, trait_key
from larp.grapevine.nodes import from_text
from larp.sheet.character import Sheet

POOLS = {
    "vampire": ("blood", "willpower", "conscience", "selfcontrol", "courage", "pathtraits"),
    "mortal": ("blood", "willpower", "humanity", "conscience", "selfcontrol", "courage", "truefaith"),
    "werewolf": ("rage", "gnosis", "willpower", "honor", "glory", "wisdom"),
    "fera": ("rage", "gnosis", "willpower", "honor", "glory", "wisdom"),
    "changeling": ("glamour", "banality", "willpower"),
    "mage": ("arete", "quintessence", "paradox", "willpower"),
    "wraith": ("pathos", "corpus", "angst", "willpower"),
    "demon": ("torment", "faith", "willpower", "conscience", "conviction", "courage"),
    "hunter": ("conviction", "willpower", "mercy", "vision", "zeal"),
    "kueijin": ("hun", "po", "yinchi", "yangchi", "demonchi", "dharmatraits", "willpower"),
    "mummy": ("sekhem", "willpower", "balance", "memory", "integrity", "joy", "ba", "ka"),
}
"""Each creature's pools and ratings, as the attributes Grapevine's writer gives them (each may
have a `temp…` twin, written only when the temporary value differs)."""
WORDS = {"selfcontrol": "Self-Control", "pathtraits": "Path", "truefaith": "True Faith", "yinchi": "Yin Chi",
         "yangchi": "Yang Chi", "demonchi": "Demon Chi", "dharmatraits": "Dharma", "ba": "Ba", "ka": "Ka"}
STATUS_LISTS = ("Status",)
ON_THE_SHEET = {"willpower": "willpower", "rage": "rage", "gnosis": "gnosis", "glamour": "Glamour", "banality": "Banality"}
"""Pools the sheet holds itself (the station shows them, current of full): only their temporary
value in Grapevine is added."""


def narrator_lines(sheet: Sheet) -> list[tuple[str, str]]:
    """(label, line) for each of pools, specialisations and status the sheet's Grapevine data holds."""
    attributes = sheet.kept.get("attributes")
    if not isinstance(attributes, dict):
        return []
    lines = []
    pools = _pools(sheet, attributes)
    if pools:
        lines.append(("Pools", pools))
    children = _children(sheet)
    specialties = _noted(children, "Abilities")
    if specialties:
        lines.append(("Specialties", specialties))
    status = [str(attributes["status"])] if sheet.status_reason and "status" in attributes else []
    status += [_listed(children, name) for name in STATUS_LISTS if _listed(children, name)]
    if status:
        lines.append(("Status", " · ".join(status)))
    return lines


def shown_above(sheet: Sheet) -> tuple[set[str], set[str]]:
    """The text fields and the named lists these lines already show (a pool and its temporary
    value, the Status list), so that the sheet's own rows of them need not say them again."""
    if not isinstance(sheet.kept.get("attributes"), dict):
        return set(), set()
    fields = {field_name(f"{prefix}{key}") for key in POOLS.get(sheet.creature, ()) for prefix in ("", "temp")}
    return fields, {name for name in STATUS_LISTS if name in sheet.lists}


def _pools(sheet: Sheet, attributes: dict) -> str:
    if sheet.lists or sheet.attributes:  # the sheet's own text fields, as larp may have changed them
        elsewhere = held_elsewhere(sheet.creature)
        attributes = {key: value for key, value in attributes.items() if key in elsewhere}
        attributes |= {attribute_of(name): value for name, value in sheet.attributes.items()}
    shown = []
    for key in POOLS.get(sheet.creature, ()):
        value, temporary = attributes.get(key), attributes.get(f"temp{key}")
        held = ON_THE_SHEET.get(key)
        if held is not None:
            value = getattr(sheet, held) if held.islower() else sheet.standalone.get(held, 0)
        if (value is None or held is not None) and temporary is None:
            continue
        word = WORDS.get(key, key.title())
        shown.append(f"{word} {value if value is not None else 0}" + (f" (temporary {temporary})" if temporary is not None else ""))
    return " · ".join(shown)


def _children(sheet: Sheet) -> list:
    kept = sheet.kept.get("grapevine")
    try:
        return from_text(kept, sheet.id) if isinstance(kept, str) else []
    except ValueError:
        return []


def _list(children: list, name: str):
    return next((child for child in children if child.tag == "traitlist" and child.get("name") == name), None)


def _noted(children: list, name: str) -> str:
    """The rows of a list that carry a note, as `Crafts: Painting`."""
    found = _list(children, name)
    rows = rows_of(found) if found is not None else []
    return " · ".join(f"{trait_key(trait)}: {note}" for trait, _, note in rows if note.strip())


def _listed(children: list, name: str) -> str:
    found = _list(children, name)
    rows = rows_of(found) if found is not None else []
    return ", ".join(trait_key(trait) + (f" x{val}" if val not in ("1", "") else "") for trait, val, _ in rows)
