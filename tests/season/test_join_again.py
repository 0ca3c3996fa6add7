"""A refused `larp join` leaves the record as it was: its name and keys unchanged, nothing
registered at the hub in its place, free to join again."""

from larp.desk import Desk
from tests.event.stations import joined
from tests.ledger.helpers import larp


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
