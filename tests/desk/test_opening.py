"""Opening the desk: which record, which chronicle, which night, which station."""

import socket

from larp.desk import Desk
from larp.ledger import Kind
from tests.ledger.helpers import open_desk, write_chronicle


def test_the_desk_opens_a_night_on_the_default_record_when_none_is_open(tmp_path):
    with Desk.open(chronicle=write_chronicle(tmp_path / "chronicle"), station="hall") as desk:
        assert desk.night_number == 1
        assert (tmp_path / "home" / "night.sqlite3").exists()
        [opened] = desk.entries()
        assert opened.kind is Kind.OPENED and len(opened.payload["characters"]) == 4
        assert sorted(desk.night().characters) == ["cody", "janet", "ruth", "wick"]


def test_opening_again_finds_the_night_still_open(tmp_path):
    first = open_desk(tmp_path)
    first.advance(3)
    first.close()
    with open_desk(tmp_path) as again:
        assert again.night_number == 1
        assert len(again.entries(kind="night-opened")) == 1


def test_the_station_defaults_to_the_name_the_record_knows_else_the_host_name(tmp_path, monkeypatch):
    monkeypatch.setattr(socket, "gethostname", lambda: "laptop-3")
    folder = write_chronicle(tmp_path / "chronicle")
    with Desk.open(tmp_path / "a.sqlite3", folder) as desk:
        assert desk.station == "laptop-3"
    with Desk.open(tmp_path / "b.sqlite3", folder, station="hall", narrator="Ann") as desk:
        pass
    with Desk.open(tmp_path / "b.sqlite3") as desk:
        assert (desk.station, desk.narrator) == ("hall", "Ann")


def test_the_chronicle_is_the_folder_given_else_the_one_the_record_knows(tmp_path):
    folder = write_chronicle(tmp_path / "chronicle", ids=("janet", "cody"))
    with Desk.open(tmp_path / "night.sqlite3", folder, station="hall") as desk:
        assert desk.chronicle.id == "alder-bay"
    with Desk.open(tmp_path / "night.sqlite3") as desk:
        assert sorted(desk.chronicle.characters) == ["cody", "janet"]
    folder.rename(tmp_path / "moved")
    with Desk.open(tmp_path / "night.sqlite3") as desk:
        assert desk.chronicle.name == "Alder Bay"
        assert sorted(desk.chronicle.characters) == ["cody", "janet"]


def test_without_a_chronicle_the_desk_opens_on_the_demo_chronicle(tmp_path):
    with Desk.open(tmp_path / "night.sqlite3", station="hall") as desk:
        assert desk.chronicle.id == "ashes-of-alder-bay"
        assert "janet" in desk.night().characters


def test_a_station_that_closed_its_night_opens_the_next_one(tmp_path):
    with open_desk(tmp_path) as desk:
        desk.close_night()
    with open_desk(tmp_path) as desk:
        assert desk.night_number == 2


def test_a_second_station_on_a_record_joins_the_night_under_way(tmp_path):
    open_desk(tmp_path, station="hall").close()
    with open_desk(tmp_path, station="bar") as desk:
        assert desk.night_number == 1
        assert sorted(e.station for e in desk.entries(kind="night-opened")) == ["bar", "hall"]
