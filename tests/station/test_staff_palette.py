"""Staff's business from the command palette: the season's conflicts, settled by picking the
value to keep, and the players' requests from the portal, approved at the station."""

from textual.command import CommandPalette

from larp.desk import Desk
from larp.portal.sheets import fingerprint
from larp.portal.store import PortalStore, portal_file
from larp.station import create_app
from tests.station.conftest import CARDS, SIZE, pilot_test, type_in


async def from_palette(pilot, title: str) -> None:
    await pilot.press("ctrl+p")
    await pilot.pause()
    assert isinstance(pilot.app.screen, CommandPalette)
    await type_in(pilot, title)
    await pilot.pause(0.3)
    await pilot.press("enter")
    await pilot.pause(0.3)


def between_games_with_a_conflict(tmp_path, desk):
    """Bar closed game 1; Hall heard the close; each then set Janet's lineage, neither hearing the other."""
    desk.archive_night()
    desk.export(tmp_path / "bar-1.jsonl", night=1)
    with Desk.open(tmp_path / "hall.sqlite3", CARDS, station="Hall", narrator="Ann", open_night=False) as hall:
        hall.merge(tmp_path / "bar-1.jsonl")
        hall.amend(hall.standing().characters["janet"].model_copy(update={"lineage": "Ventrue"}), "clan fixed")
        hall.export(tmp_path / "hall-2.jsonl", night=2)
    desk.amend(desk.standing().characters["janet"].model_copy(update={"lineage": "Brujah"}), "clan fixed again")
    desk.merge(tmp_path / "hall-2.jsonl")
    assert len(desk.season().conflicts()) == 1


@pilot_test
async def test_a_conflict_is_settled_from_the_palette_by_picking_the_value_to_keep(tmp_path, desk):
    between_games_with_a_conflict(tmp_path, desk)
    app = create_app(desk=desk)
    async with app.run_test(size=SIZE) as pilot:
        await from_palette(pilot, "Conflicts")
        options = [str(option.prompt) for option in app.screen.query_one("OptionList")._options]
        assert any("lineage = Ventrue" in option for option in options) and any("lineage = Brujah" in option for option in options)
        kept = "Ventrue" if "Ventrue" in options[0] else "Brujah"
        await pilot.press("enter")
        await pilot.pause(0.3)
    assert desk.season().conflicts() == []
    assert desk.standing().characters["janet"].lineage == kept


@pilot_test
async def test_a_player_s_purchase_is_approved_at_the_station(tmp_path, desk):
    desk.archive_night()
    desk.award("janet", 3, "a fine game")
    store = PortalStore(portal_file(tmp_path / "night.sqlite3"))
    store.add_request("Marisa Okafor", "janet", "purchase", {"what": "Ability: Occult"}, fingerprint(desk.standing().characters["janet"]))
    app = create_app(desk=desk)
    async with app.run_test(size=SIZE) as pilot:
        await from_palette(pilot, "requests")
        await pilot.press("enter")  # the request
        await pilot.pause(0.3)
        await pilot.press("enter")  # Approve: a purchase is its own answer
        await pilot.pause(0.3)
    assert store.request(1).state == "approved" and store.request(1).answered_by == "Sam"
    assert desk.standing().characters["janet"].abilities.get("Occult") == 1
    store.close()
