"""Stations of one event between games: game 1 played and closed for the event, each station's
record then between games, its laptop's clock where the test puts it."""

from datetime import datetime, timedelta, timezone
from pathlib import Path

from larp.desk import Desk
from tests.event.stations import joined, synced

START = datetime(2026, 3, 7, 23, 0, tzinfo=timezone.utc)


class Clock:
    """A laptop's clock: the game's date, off by `offset`, a minute on at every reading."""

    def __init__(self, offset: timedelta = timedelta(0)) -> None:
        self.at = START + offset

    def __call__(self) -> datetime:
        self.at += timedelta(minutes=1)
        return self.at


def game_one_closed(tmp_path: Path, hub: str, chronicle: Path, names=("hall", "bar"), offsets=None) -> list[Desk]:
    """Game 1 open at every station and closed for the event at the first; then each station's
    desk between games (no night open), synced, its clock `offsets[name]` off."""
    offsets = offsets or {}
    desks = [joined(tmp_path, name, hub, chronicle, now=Clock(offsets.get(name, timedelta(0)))) for name in names]
    synced(*desks)
    desks[0].archive_night()
    synced(*desks)
    for desk in desks:
        desk.close()
    return between(tmp_path, chronicle, names, offsets)


def between(tmp_path: Path, chronicle: Path, names, offsets=None) -> list[Desk]:
    offsets = offsets or {}
    return [joined(tmp_path, name, None, chronicle, open_night=False, now=Clock(offsets.get(name, timedelta(0)))) for name in names]


def negative_chronicle(folder: Path, lists: dict | None = None, **negative: int) -> Path:
    """The test chronicle (a cap of 100 a month, `lists` its [experience.lists]), Wick with these
    Negative Social Traits."""
    from tests.ledger.helpers import SHEETS, toml_value, write_chronicle

    write_chronicle(folder, experience={"cap_per_month": 100, **({"lists": lists} if lists else {})})
    wick = {**SHEETS["wick"], "negative": {"social": negative}}
    (folder / "wick.toml").write_text("\n".join(f"{key} = {toml_value(value)}" for key, value in wick.items()) + "\n")
    return folder


def bought_at_both(hall: Desk, bar: Desk, cid: str, what: str, award: float) -> list:
    """`award` given her at hall and heard at bar, then `what` bought at each before they hear
    each other, and synced: the two purchases, first and second in the season's order."""
    hall.award(cid, award, "a season")
    synced(hall, bar)
    both = [hall.buy(cid, what), bar.buy(cid, what)]
    synced(hall, bar)
    return sorted(both, key=lambda e: (e.payload["tick"], e.station, e.seq))


def xp(desk: Desk, cid: str) -> tuple[float, float]:
    sheet = desk.standing().characters[cid]
    return sheet.experience.earned, sheet.experience.unspent


def kinds(desk: Desk) -> list[str]:
    return [anomaly.kind for anomaly in desk.preview().anomalies]


__all__ = ["Clock", "between", "game_one_closed", "negative_chronicle", "synced", "xp", "kinds"]
