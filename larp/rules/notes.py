"""What happened at a step, and by which rule: for the station and `--explain`."""

from typing import NamedTuple


class Note(NamedTuple):
    rule: str
    text: str

    def __str__(self) -> str:
        return f"{self.text} ({self.rule})"


def game_time(minutes: float, seconds: bool = False) -> str:
    """Game-clock minutes since the night opened, as H:MM (H:MM:SS with `seconds`)."""
    if seconds:
        whole = int(round(minutes * 60))
        return f"{whole // 3600}:{whole // 60 % 60:02d}:{whole % 60:02d}"
    whole = int(minutes)
    return f"{whole // 60}:{whole % 60:02d}"


def game_times(*minutes: float) -> list[str]:
    """Game times said together, with seconds where minutes alone would hide the difference."""
    seconds = any(value != int(value) for value in minutes)
    return [game_time(value, seconds) for value in minutes]
