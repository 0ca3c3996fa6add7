"""A named list's items as fields of their own: `lists.Disciplines.Auspex: Aura Perception`.

A list is no one field: two stations that each add a Discipline, or raise Contacts and give a
Status Trait, change different items, and both stand. Each item is a field whose value is its
rating and note (`{"rating": 3, "note": "basic"}`); a name the list holds twice is two fields,
the second `Contacts#2`. A name's dots, hashes and backslashes are escaped in the path, so a
path always splits back into its list and its item. A list of no items is no field: its first
item makes it, and it stays, empty, when its last is taken away.
"""

from typing import Any

LISTS = "lists"
ABSENT = None


def escaped(name: str) -> str:
    return name.replace("\\", "\\\\").replace(".", "\\.").replace("#", "\\#")


def split_escaped(text: str) -> list[str]:
    """The parts of a path between its unescaped dots, each still escaped."""
    parts, here, index = [], "", 0
    while index < len(text):
        char = text[index]
        if char == "\\" and index + 1 < len(text):
            here += text[index:index + 2]
            index += 2
            continue
        if char == ".":
            parts.append(here)
            here = ""
        else:
            here += char
        index += 1
    return [*parts, here]


def unescaped(text: str) -> tuple[str, int]:
    """A part of a path as the name it escapes, and which of her items of that name (1 up)."""
    name, index, number = "", 0, ""
    while index < len(text):
        char = text[index]
        if char == "\\" and index + 1 < len(text):
            name += text[index + 1]
            index += 2
            continue
        if char == "#":
            number = text[index + 1:]
            break
        name += char
        index += 1
    return name, int(number) if number.isdigit() and int(number) > 1 else 1


def item_leaves(lists: dict[str, Any]) -> dict[str, Any]:
    """Every item of every list, by its path."""
    found: dict[str, Any] = {}
    for list_name, items in lists.items():
        if not isinstance(items, list):
            continue
        seen: dict[str, int] = {}
        for item in items:
            seen[item["name"]] = seen.get(item["name"], 0) + 1
            count = seen[item["name"]]
            key = escaped(item["name"]) + (f"#{count}" if count > 1 else "")
            found[f"{LISTS}.{escaped(list_name)}.{key}"] = {"rating": item.get("rating", 1), "note": item.get("note", "")}
    return found


def item_path(list_name: str, name: str, count: int = 1) -> str:
    return f"{LISTS}.{escaped(list_name)}.{escaped(name)}" + (f"#{count}" if count > 1 else "")


def item_named(path: str) -> str:
    """An item's path as a purchase names it: `Disciplines: Auspex: Aura Perception`."""
    _, list_part, item_part = split_escaped(path)
    return f"{unescaped(list_part)[0]}: {unescaped(item_part)[0]}"


def path_said(path: str) -> str:
    """A field's path as staff read and type it: an item's as a purchase names it
    (`Equipment: Colt .45`, a second of one name `Status: Feared #2`), any other as it is."""
    if not is_item_path(path):
        return path
    count = unescaped(split_escaped(path)[2])[1]
    return item_named(path) + (f" #{count}" if count > 1 else "")


def is_item_path(path: str) -> bool:
    return path.startswith(LISTS + ".") and len(split_escaped(path)) == 3


def _where(items: list[dict], name: str, count: int) -> int | None:
    seen = 0
    for index, item in enumerate(items):
        if item["name"] == name:
            seen += 1
            if seen == count:
                return index
    return None


def item_field(sheet: dict[str, Any], path: str) -> Any:
    """The item's rating and note, or ABSENT where the list has no such item."""
    _, list_part, item_part = split_escaped(path)
    list_name, _ = unescaped(list_part)
    name, count = unescaped(item_part)
    items = (sheet.get(LISTS) or {}).get(list_name) or []
    index = _where(items, name, count)
    if index is None:
        return ABSENT
    item = items[index]
    return {"rating": item.get("rating", 1), "note": item.get("note", "")}


def with_item(sheet: dict[str, Any], path: str, value: Any) -> dict[str, Any]:
    """The sheet with one item set (added at the list's end where it has none) or taken away."""
    _, list_part, item_part = split_escaped(path)
    list_name, _ = unescaped(list_part)
    name, count = unescaped(item_part)
    lists = dict(sheet.get(LISTS) or {})
    items = list(lists.get(list_name) or [])
    index = _where(items, name, count)
    if value is ABSENT:
        if index is not None:
            del items[index]
    else:
        item = {"name": name, "rating": value.get("rating", 1), "note": value.get("note", "")}
        if index is None:
            items.append(item)
        else:
            items[index] = item
    lists[list_name] = items
    return {**sheet, LISTS: lists}


def is_item(value: Any) -> bool:
    return isinstance(value, dict) and "rating" in value


def item_added(current: Any, was: Any, now: Any) -> Any:
    """An item bought on top of what she has now: its rating moved by what the purchase moved
    it (two stations each raising Contacts by one raise it by two), its note as the purchase
    wrote it; gone at 0."""
    rating = _rating(current) + _rating(now) - _rating(was)
    if rating <= 0:
        return ABSENT
    note = (now or current or {}).get("note", "")
    return {"rating": rating, "note": note}


def item_short(current: Any, was: Any, now: Any) -> bool:
    return _rating(current) + _rating(now) - _rating(was) < 0


def _rating(value: Any) -> int:
    return value.get("rating", 1) if is_item(value) else 0


def item_said(value: Any) -> str:
    """An item's value as a message says it: `3 (basic)`, `1`."""
    note = value.get("note", "")
    return f"{value.get('rating', 1)}" + (f" ({note})" if note else "")
