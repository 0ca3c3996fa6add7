"""What changed between two sheets of one character, Trait by Trait, as a Narrator says it:
`Social +Commanding; Subterfuge 1 → 2; Willpower 4 → 5`.

Private notes are said to have changed, never quoted: the words land in summaries that
players may read; so is a named list's item or a text field holding Storyteller-only text.
"""

from collections import Counter
from typing import Any

from pydantic import BaseModel

GROUPS = {"traits": "", "negative": "Negative ", "attributes": ""}
"""Fields whose categories name their Traits (`traits.social` is said `Social`)."""
NAMED = {
    "notes": "private notes changed",
    "public": "public lines changed",
    "kept": "imported data changed",
}
"""Fields said to have changed without their words."""
PLAIN = {"abilities", "standalone", "skills", "disciplines", "powers", "merits", "specialties"}
"""Named ratings said by their names alone (`Subterfuge 1 → 2`, not `Abilities Subterfuge …`)."""


def sheet_differences(old: BaseModel, new: BaseModel) -> list[str]:
    """Each thing that differs, one phrase each, in the order of the sheet's fields."""
    before, after = old.model_dump(mode="json"), new.model_dump(mode="json")
    changed = [key for key in after if after[key] != before.get(key)]
    if "status" in changed and "status_reason" in changed:
        changed.remove("status_reason")  # said with the status
    return [phrase for key in changed for phrase in field_differences(key, before.get(key), after[key], after)]


def field_differences(key: str, old: Any, new: Any, sheet: dict) -> list[str]:
    if key in NAMED:
        return [NAMED[key]]
    if key == "status":
        reason = f" ({sheet['status_reason']})" if sheet.get("status_reason") else ""
        return [f"status {old or 'active'} → {new}{reason}"]
    if key == "status_reason":
        return [f"status reason {shown(old or '')} → {shown(new)}"]
    if key == "experience":
        return [experience_difference(old or {}, new or {})]
    if key == "lists" and isinstance(new, dict):
        return [phrase for name in {**(old or {}), **new} for phrase in items_differences(name, (old or {}).get(name) or [],
                                                                                          new.get(name) or [])]
    if key == "attributes" and isinstance(new, dict) and all(isinstance(value, str) for value in new.values()):
        return [text_difference(name, (old or {}).get(name, ""), new.get(name, ""))
                for name in {**(old or {}), **new} if (old or {}).get(name, "") != new.get(name, "")]
    if key in GROUPS and isinstance(new, dict):
        return [
            phrase
            for category in new
            for phrase in rated(GROUPS[key] + category.capitalize() + " ", (old or {}).get(category) or {}, new[category] or {})
        ]
    if isinstance(new, dict) and all(isinstance(value, int) for value in new.values()):
        label = "" if key in PLAIN else key.replace("_", " ").capitalize() + " "
        return rated(label, old or {}, new)
    if isinstance(new, list):
        return [listed(key, old or [], new)]
    if isinstance(new, bool):
        return [f"{key} {'granted' if new else 'withdrawn'}"]
    label = key.capitalize() if isinstance(new, (int, float)) else key
    return [f"{label} {shown(old)} → {shown(new)}"]


def rated(label: str, old: dict, new: dict) -> list[str]:
    """A group of named counts: `Social +Commanding, Quick 1 → 2, -Witty`."""
    parts = []
    for name, count in new.items():
        if name not in old:
            parts.append(f"+{name}" + (f" {count}" if not label and count else f" x{count}" if count != 1 else ""))
        elif old[name] != count:
            parts.append(f"{name} {old[name]} → {count}")
    parts.extend(f"-{name}" for name in old if name not in new)
    if not parts:
        return []
    return [label + ", ".join(parts)] if label else parts


def items_differences(name: str, old: list[dict], new: list[dict]) -> list[str]:
    """A named list's items added and given up: `Disciplines +Auspex 3, -Fame`."""
    from larp.sheet.named_lists import ListTrait, item_text

    def said(item: dict) -> str:
        text = item_text(ListTrait.model_validate(item))
        return text if players_text(text) == text else "an item for staff"

    if old == new:
        return []
    before, after = Counter(said(item) for item in old), Counter(said(item) for item in new)
    added = [f"+{item}" for item in (after - before).elements()]
    gone = [f"-{item}" for item in (before - after).elements()]
    return [f"{name} {', '.join(added + gone) or 'changed'}"]


def text_difference(name: str, old: str, new: str) -> str:
    if players_text(old) != old or players_text(new) != new:
        return f"{name} changed"
    return f"{name} {shown(old)} → {shown(new)}"


def players_text(text: str) -> str:
    from larp.sheet.storyteller import players_text as shown_to_players

    return shown_to_players(text)


def listed(key: str, old: list, new: list) -> str:
    added = [f"+{item}" for item in new if item not in old]
    gone = [f"-{item}" for item in old if item not in new]
    return f"{key.replace('_', ' ').capitalize()} {', '.join(added + gone) or 'reordered'}"


def experience_difference(old: dict, new: dict) -> str:
    parts = [
        f"{what} {shown(old.get(what, 0))} → {shown(new.get(what, 0))}"
        for what in ("earned", "unspent")
        if old.get(what, 0) != new.get(what, 0)
    ]
    added = len(new.get("history", [])) - len(old.get("history", []))
    if added > 0:
        parts.append(f"{added} new entr{'y' if added == 1 else 'ies'}")
    return "Experience " + (", ".join(parts) or "history changed")


def shown(value: Any) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, str):
        return repr(value) if value else "none"
    return str(value)


def said(old: BaseModel, new: BaseModel) -> str:
    """The differences as one line: `Social +Commanding; Subterfuge 1 → 2`."""
    return "; ".join(sheet_differences(old, new)) or "no change"
