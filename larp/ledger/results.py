"""The rules engine's results and locks as stored in entries, and back."""

from typing import Any

from larp.rules import EventResult, Lock, Note, Spent


def result_to_json(result: EventResult) -> dict[str, Any]:
    """`larp resolve`'s result of one event, without its index, with the notes."""
    data = result.to_json(0)
    del data["event"]
    data["notes"] = [[note.rule, note.text] for note in result.notes]
    return data


def result_from_json(data: dict[str, Any]) -> EventResult:
    override = data.get("override")
    return EventResult(
        winner=data.get("winner"),
        throws=data.get("throws", 0),
        successes=data.get("successes"),
        lost={cid: tuple(names) for cid, names in data.get("lost", {}).items()},
        spent={
            cid: Spent(dict(spent.get("abilities", {})), spent.get("willpower", 0))
            for cid, spent in data.get("spent", {}).items()
        },
        regained={cid: tuple(names) for cid, names in data.get("regained", {}).items()},
        override=override["reason"] if override else None,
        notes=tuple(Note(rule, text) for rule, text in data.get("notes", [])),
    )


def lock_to_json(lock: Lock | None) -> dict[str, Any] | None:
    if lock is None:
        return None
    return {
        "challenger": lock.challenger,
        "target": lock.target,
        "category": lock.category,
        "effect": lock.effect,
        "until": lock.until,
    }


def lock_from_json(data: dict[str, Any] | None) -> Lock | None:
    return None if data is None else Lock(**data)
