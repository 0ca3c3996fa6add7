"""What happened at a step, and by which rule: for the station and `--explain`."""

from typing import NamedTuple


class Note(NamedTuple):
    rule: str
    text: str

    def __str__(self) -> str:
        return f"{self.text} ({self.rule})"


def game_time(minutes: float) -> str:
    """Game-clock minutes since the night opened, as H:MM."""
    whole = int(minutes)
    return f"{whole // 60}:{whole % 60:02d}"
