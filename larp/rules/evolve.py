"""`evolve(obj, **changes)`: `dataclasses.replace` for the engine's frozen states, faster.

A challenge is replayed step by step, each step a new state; `dataclasses.replace`
runs `__init__` and copies field by field, which dominated a replayed night. This
copies the instance dictionary in one go. A name that is not a field is refused.
A state may keep values derived from its fields under `MEMO`; they are not carried
over, since the new state's fields differ.
"""

from dataclasses import fields
from typing import Any, TypeVar

State = TypeVar("State")

MEMO = "_memo"

_new = object.__new__
_FIELDS: dict[type, frozenset[str]] = {}


def evolve(obj: State, **changes: Any) -> State:
    cls = type(obj)
    names = _FIELDS.get(cls)
    if names is None:
        names = _FIELDS[cls] = frozenset(field.name for field in fields(cls))
    if not changes.keys() <= names:
        raise AttributeError(f"{cls.__name__} has no field {sorted(changes.keys() - names)}")
    new = _new(cls)
    attributes = new.__dict__
    attributes.update(obj.__dict__)
    attributes.update(changes)
    attributes.pop(MEMO, None)
    return new
