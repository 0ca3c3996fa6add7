"""An entry of the night record: one thing a station wrote down, never edited (R-NIGHT-3)."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from enum import StrEnum
from sys import intern
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from larp.rules import EventResult


class Kind(StrEnum):
    OPENED = "night-opened"
    """A station opens its night: the chronicle's settings and every starting sheet."""
    CLOSED = "night-closed"
    ADJUDICATION = "adjudication"
    """A whole challenge: its spec with every step, the time it started, its result and lock."""
    REGAIN = "regain"
    CLOCK = "clock"
    """The game clock held, resumed or moved on."""
    REVERSAL = "reversal"
    """A mistaken call undone: names the entry it reverses and why."""
    ADDED = "character-added"
    CHANGED = "character-changed"
    BETWEEN = "between-games"
    """An operation on one character between games (an experience line, a purchase, a field
    changed, a new character: larp.ledger.operations), written in the night to come before it
    opens; its opening holds those it heard, and the night's fold applies those it did not."""
    ROLL = "roll"
    """A roll of the dice systems: its pool, options and every die, the result die by die, the
    Willpower it spent and the damage it marked."""
    HEALTH = "health"
    """Damage marked on a Health track, or healed, without a roll."""
    ENDED = "night-ended"
    """The night is over for the whole event (`larp close-night`): every character's starting state
    for the next night, and how far it read each station's entries (larp.ledger.ending)."""
    CARRIED = "carried"
    """A late entry of a night the event had closed, brought into this night (`larp carry`): the
    entry's id, night, kind and payload."""
    EXPERIENCE = "experience"
    """A line of a character's experience history: an award, a spend, a comment… (a purchase is a
    sheet change carrying its line)."""
    CHECKIN = "check-in"
    """A character's card read at the door: she is present for this game."""



REVERSIBLE = (
    Kind.ADJUDICATION, Kind.REGAIN, Kind.ADDED, Kind.CHANGED, Kind.ROLL, Kind.HEALTH, Kind.CARRIED, Kind.EXPERIENCE, Kind.CHECKIN,
    Kind.BETWEEN,
)


def short_id(entry_id: str) -> str:
    """The start of an entry's id that a Narrator reads and types: its first eight characters."""
    return entry_id[:8]


@dataclass(frozen=True, slots=True)
class Entry:
    id: str
    night: int
    station: str
    seq: int
    """This entry's place among its station's entries of the night, from 1."""
    narrator: str
    kind: Kind
    game_time: float
    """Game-clock minutes since the night opened, at the station that wrote it."""
    wall_time: str
    """When it was written, ISO 8601 in UTC."""
    summary: str
    character_ids: tuple[str, ...] = ()
    reverses: str | None = None
    payload: dict[str, Any] = field(default_factory=dict)

    def without_payload(self) -> "Entry":
        """The entry as an account shows it, its payload let go (`dataclasses.replace` is three
        times slower, and an account makes one for each entry of the night)."""
        return Entry(
            self.id, self.night, self.station, self.seq, self.narrator, self.kind, self.game_time, self.wall_time,
            self.summary, self.character_ids, self.reverses, {},
        )

    @property
    def result(self) -> EventResult | None:
        """What an adjudication or a regain decided, as the rules engine gave it."""
        from larp.ledger.results import result_from_json  # the engine's results: only where one is read

        data = self.payload.get("result")
        return None if data is None else result_from_json(data)

    def __reduce__(self) -> tuple:
        """Pickled as the arguments it is made of (a kept fold holds thousands: unpickled by the
        constructor, not field by field as a dataclass with slots is)."""
        return Entry, (self.id, self.night, self.station, self.seq, self.narrator, self.kind, self.game_time, self.wall_time,
                       self.summary, self.character_ids, self.reverses, self.payload)

    @property
    def order(self) -> tuple[float, str, str, int]:
        """Where the entry stands in the merged night: game time, then wall time."""
        return (self.game_time, self.wall_time, self.station, self.seq)

    @property
    def short_id(self) -> str:
        return short_id(self.id)

    def to_json(self) -> dict[str, Any]:
        """The entry as a line of a bundle, and as `larp log --format json` prints it."""
        return {
            "id": self.id,
            "station": self.station,
            "seq": self.seq,
            "narrator": self.narrator,
            "kind": self.kind.value,
            "game_time": self.game_time,
            "wall_time": self.wall_time,
            "summary": self.summary,
            "characters": list(self.character_ids),
            "reverses": self.reverses,
            "payload": self.payload,
        }

    def line(self) -> str:
        """`to_json()` as one line of JSON: how the record stores it and a bundle carries it."""
        return json.dumps(self.to_json(), ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def from_json(cls, data: dict[str, Any], night: int) -> "Entry":
        """The entry a line holds; the names a night repeats on every entry (its stations, its
        Narrators, its characters) held once however many entries name them (`sys.intern`)."""
        return cls(
            id=data["id"],
            night=night,
            station=intern(data["station"]),
            seq=data["seq"],
            narrator=intern(data["narrator"]),
            kind=Kind(data["kind"]),
            game_time=data["game_time"],
            wall_time=data["wall_time"],
            summary=data["summary"],
            character_ids=tuple(map(intern, data["characters"])),
            reverses=data["reverses"],
            payload=data["payload"],
        )
