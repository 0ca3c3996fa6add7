"""The night log and the reconciliation are made a moment after the record opens, while nobody
waits on them: a station closed just then closes cleanly, whatever step the making had reached."""

import asyncio

import pytest

from tests.station.conftest import SIZE, pilot_test


@pytest.mark.parametrize("steps", [0, 1, 3, 8])
@pilot_test
async def test_a_station_closed_while_its_screens_are_made_closes_without_an_error(app, steps):
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.warm_screens()
        for _ in range(steps):
            await asyncio.sleep(0)
    assert app.return_code in (None, 0) and app._exception is None
