"""A small chronicle, a wall clock that moves only when told, and transcript events in a few words."""

import json
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

from larp.cli import main
from larp.desk import Desk
from larp.sheet.transcript import ChallengeEvent, ClockEvent, RegainEvent

SHEETS: dict[str, dict[str, Any]] = {
    "janet": {
        "id": "janet",
        "name": "Janet Reyes",
        "traits": {
            "physical": {"Quick": 1, "Tough": 2},
            "social": {"Charismatic": 2, "Witty": 1},
            "mental": {"Clever": 2},
        },
        "abilities": {"Leadership": 2, "Dodge": 1},
        "willpower": 2,
    },
    "cody": {
        "id": "cody",
        "name": "Cody Harlan",
        "traits": {
            "physical": {"Brawny": 2, "Tough": 1},
            "social": {"Impressive": 2, "Dignified": 1},
            "mental": {"Alert": 1, "Shrewd": 1},
        },
        "abilities": {"Leadership": 1, "Brawl": 2},
        "willpower": 3,
    },
    "wick": {
        "id": "wick",
        "name": "Wick",
        "traits": {"physical": {"Quick": 2}, "social": {"Witty": 1}, "mental": {"Cunning": 3}},
        "abilities": {"Stealth": 2},
        "willpower": 1,
    },
    "ruth": {
        "id": "ruth",
        "name": "Ruth Abernathy",
        "traits": {"physical": {"Steady": 1}, "social": {"Dignified": 2}, "mental": {"Patient": 2}},
        "willpower": 4,
    },
}


def toml_value(value: Any) -> str:
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{json.dumps(k)} = {toml_value(v)}" for k, v in value.items()) + " }"
    return json.dumps(value)


def write_chronicle(folder: Path, ids=tuple(SHEETS), chronicle_id: str = "alder-bay", **settings: Any) -> Path:
    """A chronicle folder: chronicle.toml, and one TOML file per character."""
    folder.mkdir(parents=True, exist_ok=True)
    lines = [f'id = "{chronicle_id}"', 'name = "Alder Bay"']
    lines += [f"{key} = {toml_value(value)}" for key, value in settings.items()]
    (folder / "chronicle.toml").write_text("\n".join(lines) + "\n")
    for cid in ids:
        body = "\n".join(f"{key} = {toml_value(value)}" for key, value in SHEETS[cid].items())
        (folder / f"{cid}.toml").write_text(body + "\n")
    return folder


class WallClock:
    """A wall clock for a desk: stands still until a test moves it on."""

    def __init__(self) -> None:
        self.time = datetime(2025, 3, 1, 19, 0, tzinfo=timezone.utc)

    def __call__(self) -> datetime:
        return self.time

    def wait(self, minutes: float) -> None:
        self.time += timedelta(minutes=minutes)


def open_desk(tmp_path: Path, station: str = "hall", db: str = "night.sqlite3", **options: Any) -> Desk:
    folder = tmp_path / "chronicle"
    if not folder.exists():
        write_chronicle(folder)
    return Desk.open(tmp_path / db, folder, station=station, narrator=options.pop("narrator", "Ann"), **options)


def contest(challenger: str, trait: str, defender: str, answer: str, *throws: tuple[str, str], category="physical", **more) -> ChallengeEvent:
    """A contested challenge thrown out: each throw a (challenger, defender) pair of signs."""
    return ChallengeEvent.model_validate(
        {
            "challenge": {
                "kind": "contested",
                "category": category,
                "challenger": {"character": challenger, "trait": trait},
                "defender": {"character": defender, "trait": answer},
                "effect": more.pop("effect", "a shove"),
                "steps": [{"throw": {"challenger": a, "defender": b}} for a, b in throws] + more.pop("steps", []),
                **more,
            }
        }
    )


def regaining(character: str, category: str) -> RegainEvent:
    return RegainEvent.model_validate({"regain": {"character": character, "category": category}})


def clock(minutes: float) -> ClockEvent:
    return ClockEvent.model_validate({"clock": {"advance_minutes": minutes}})


def leap(number: int) -> ChallengeEvent:
    """A static Physical challenge that costs nothing, whatever the throw."""
    signs = ["rock", "paper", "scissors"]
    return ChallengeEvent.model_validate(
        {
            "challenge": {
                "kind": "static",
                "category": "physical",
                "challenger": {"character": "janet", "trait": "Tough"},
                "defender": {"static": 2},
                "effect": f"leap {number}",
                "steps": [{"throw": {"challenger": signs[number % 3], "defender": signs[number // 3 % 3]}}],
            }
        }
    )


def long_night(count: int) -> list:
    """As many events as asked, every one of them allowed: leaps, and the clock moving on."""
    return [clock(1) if number % 10 == 9 else leap(number) for number in range(count)]


def transcript(events, ids=tuple(SHEETS), house_rules: dict | None = None) -> dict[str, Any]:
    """A transcript (docs/transcript.md) of these events, as JSON data."""
    return {
        "house_rules": house_rules or {},
        "characters": [SHEETS[cid] for cid in ids],
        "events": [event.model_dump(mode="json", exclude_none=True) for event in events],
    }


def larp(capsys, *args) -> tuple[int, str, str]:
    """Run a `larp` command in this process: its exit status, standard output and standard error."""
    status = main([str(arg) for arg in args])
    out, err = capsys.readouterr()
    return status, out, err
