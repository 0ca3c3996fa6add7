"""The Narrator station: the Textual app a Narrator has open all night.

`create_app(desk=...)` is shared by `larp station`, `larp serve` and the tests.
"""

from larp.station.app import StationApp, create_app

__all__ = ["StationApp", "create_app"]
