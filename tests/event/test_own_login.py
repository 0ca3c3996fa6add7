"""Each record keeps its station's own login, never the join line: made at `larp join`, or at the
first sync of a record that kept the join line (it joined while the hub was out of reach); a
record of a station that joined before each station had a login of its own is told what to do."""

import stat

import pytest

from larp.desk import DeskError
from larp.event.sync import same_event
from tests.event.stations import at, joined
from tests.ledger.helpers import larp, leap


def test_join_keeps_the_stations_own_login_owner_only(tmp_path, hub, chronicle, capsys):
    db = tmp_path / "hall.sqlite3"
    assert larp(capsys, "night", "open", "--chronicle", chronicle, "--station", "hall", "--narrator", "Bo", "--db", db)[0] == 0
    line = tmp_path / "hub.txt"
    line.write_text(hub)
    line.chmod(0o600)
    status, out, err = larp(capsys, "join", line, "--db", db)
    assert status == 0, err
    with joined(tmp_path, "hall", None, chronicle) as hall:
        assert hall.hub != hub and same_event(hall.hub, hub) and hall.hub.startswith("postgresql://larp_station_")
        assert hall.sync().pushed == 0
    assert stat.S_IMODE(db.stat().st_mode) == 0o600


def test_a_record_that_kept_the_join_line_gets_its_own_login_at_its_first_sync(tmp_path, hub, chronicle):
    with joined(tmp_path, "hall", None, chronicle) as hall:
        hall.keep_hub(hub)  # as when the hub could not be reached at larp join
        hall.record(leap(1))
        assert hall.sync().pushed == 2
        assert hall.hub != hub and hall.ledger.setting("hub") == hall.hub
        assert hall.sync().pushed == 0


def test_a_station_registered_before_its_login_existed_is_told_to_join_again_under_a_new_name(tmp_path, hub, chronicle):
    with joined(tmp_path, "hall", hub, chronicle) as hall:
        hall.keep_hub(hub)  # what a record that joined with an older larp keeps: the join line
        with at("hall", tmp_path), pytest.raises(DeskError, match="joined before each station had a login of its own") as refused:
            hall.sync()
        assert "larp join FILE --station NAME" in str(refused.value) and hub.split("@")[0] not in str(refused.value)


def test_the_sync_all_night_of_a_record_that_kept_the_join_line_moves_to_its_own_login(tmp_path, hub, chronicle):
    with joined(tmp_path, "hall", None, chronicle) as hall:
        hall.keep_hub(hub)
        hall.go_live()
        assert hall._live.wait_round(20) and hall.sync_status().online
        assert hall.ledger.setting("hub") != hub
        hall.record(leap(1))
        assert hall.sync().pushed in (0, 1) and hall.hub == hall.ledger.setting("hub")
        hall.stop_live()
