"""Joining an event: a refused `larp join` leaves the record as it was (its name and keys
unchanged, nothing registered at the hub in its place, free to join again); another chronicle's
station is refused and blocks no one; a card printed before joining says so."""

import pytest

from larp.desk import Desk
from tests.event.stations import at, joined
from tests.ledger.helpers import larp, write_chronicle


def hub_line(tmp_path, hub):
    line = tmp_path / "hub.txt"
    line.write_text(hub + "\n")
    line.chmod(0o600)
    return line


def registered(cluster, hub) -> list[str]:
    with cluster.as_owner(hub) as owner:
        return sorted(name for (name,) in owner.execute("SELECT name FROM larp_station_keys").fetchall())


def test_a_join_refused_for_a_taken_name_leaves_a_new_record_free_to_join_under_another(tmp_path, hub, cluster, chronicle, capsys):
    joined(tmp_path, "hall", hub, chronicle).close()
    db = ("--db", tmp_path / "fresh.sqlite3")
    status, _, err = larp(capsys, "join", hub_line(tmp_path, hub), "--station", "hall", *db)
    assert status == 1 and "another station called 'hall'" in err
    status, out, err = larp(capsys, "join", hub_line(tmp_path, hub), "--station", "bar", *db)
    assert status == 0 and "Station bar joined the event" in out, err
    assert registered(cluster, hub) == ["bar", "hall"]
    with Desk.read(tmp_path / "fresh.sqlite3") as desk:
        assert desk.station == "bar"


def test_a_record_whose_entries_bear_a_taken_name_is_told_why_and_burns_no_other_name(tmp_path, hub, cluster, chronicle, capsys):
    joined(tmp_path, "hall", hub, chronicle).close()
    db = ("--db", tmp_path / "laptop.sqlite3")
    assert larp(capsys, "night", "open", "--chronicle", chronicle, "--station", "hall", "--narrator", "Bo", *db)[0] == 0
    status, _, err = larp(capsys, "join", hub_line(tmp_path, hub), *db)
    assert status == 1 and "another station called 'hall'" in err
    status, _, err = larp(capsys, "join", hub_line(tmp_path, hub), "--station", "bar", *db)
    assert status == 1 and "entries were written as station 'hall'" in err and "Nothing was changed" in err
    assert registered(cluster, hub) == ["hall"]
    with Desk.read(tmp_path / "laptop.sqlite3") as desk:
        assert desk.station == "hall"


def test_a_station_of_another_chronicle_is_refused_at_join_and_blocks_no_one(tmp_path, hub, cluster, chronicle, capsys):
    hall = joined(tmp_path, "hall", hub, chronicle)
    hall.sync()
    other = write_chronicle(tmp_path / "other", chronicle_id="other-bay")
    db = ("--db", tmp_path / "other.sqlite3")
    assert larp(capsys, "night", "open", "--chronicle", other, "--station", "crypt", "--narrator", "Cy", *db)[0] == 0
    status, out, err = larp(capsys, "join", hub_line(tmp_path, hub), *db)
    assert status == 1 and "alder-bay" in err and "other-bay" in err and "Nothing was" in err, (out, err)
    assert registered(cluster, hub) == ["hall"]
    hall.award("janet", 1, "still syncing")
    assert hall.sync().pushed >= 1
    hall.close()


def test_entries_of_another_chronicle_on_the_hub_stop_no_one_s_sync(tmp_path, hub, cluster, chronicle):
    hall, bar = joined(tmp_path, "hall", hub, chronicle), joined(tmp_path, "bar", hub, chronicle)
    with cluster.as_owner(hub) as owner:  # what a station of another chronicle left there
        owner.execute(
            "INSERT INTO larp_entries (chronicle, night, id, station, seq, line, signature) VALUES (%s, 1, %s, %s, 1, %s, %s)",
            ("other-bay", "f" * 32, "crypt", '{"id": "x"}', "not a signature"),
        )
    award = hall.award("janet", 1, "still syncing")
    hall.sync(), bar.sync()
    assert award.id in {entry.id for entry in bar.entries()}
    hall.close(), bar.close()


def test_a_card_printed_before_joining_an_event_with_another_key_says_so(tmp_path, hub, chronicle):
    from larp.cards import current_card, issued_payload
    from larp.desk import DeskError

    hall = joined(tmp_path, "hall", hub, chronicle)
    with at("hall", tmp_path):
        issued_payload(current_card(hall.chronicle, "janet"))  # hall's key: the event's, once synced
        hall.sync()
    bar = joined(tmp_path, "bar", None, chronicle)
    with at("bar", tmp_path):
        early = issued_payload(current_card(bar.chronicle, "cody"))  # bar's own key, before joining
        bar.join(hub)
        with pytest.raises(DeskError, match="printed at this station before it joined the event"):
            bar.lookup(early)
        assert bar.lookup(issued_payload(current_card(bar.chronicle, "cody")))
    hall.close(), bar.close()


def test_a_laptop_whose_clock_is_hours_off_the_hub_s_is_told_at_every_sync(tmp_path, hub, chronicle):
    from datetime import datetime, timedelta, timezone

    ahead = joined(tmp_path, "hall", hub, chronicle, now=lambda: datetime.now(timezone.utc) + timedelta(hours=3))
    right = joined(tmp_path, "bar", hub, chronicle)
    assert "3.0 hours ahead of the hub's" in ahead.sync().skew
    assert right.sync().skew == ""
    ahead.close(), right.close()
