"""Every file that holds sheets, notes or keys is readable by its owner only from the moment it
exists: a new record, and the record `larp doctor --recover` makes."""

import stat

import pytest

from larp.desk import DeskError
from larp.desk.event import address
from larp.ledger import Ledger
from larp.ledger.doctor import recover


def mode(path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_a_new_record_is_the_owner_s_alone_from_birth(tmp_path):
    Ledger.open(tmp_path / "night.sqlite3").close()
    assert mode(tmp_path / "night.sqlite3") == 0o600


def test_the_record_doctor_recovers_is_the_owner_s_alone(tmp_path):
    Ledger.open(tmp_path / "night.sqlite3").close()
    recover(tmp_path / "night.sqlite3")
    assert mode(tmp_path / "night.sqlite3") == 0o600


def test_a_malformed_join_line_is_never_echoed(tmp_path):
    with pytest.raises(DeskError) as refused:
        address("postgres:/larp_station:s3cret-password@10.0.0.2:5432/larp")
    assert "s3cret" not in str(refused.value) and "not an event's address" in str(refused.value)
