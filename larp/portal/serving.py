"""The portal started (`larp portal`): uvicorn on loopback by default, and, for a record joined
to an event, a sync with the hub every few seconds, so that the portal is a station of the event
(what staff approve there is signed with its own station key, what others write shows here)."""

import threading
from pathlib import Path

from larp.desk import Desk, DeskError
from larp.portal.app import Portal, make_app

SYNC_EVERY = 10.0


def syncing(record: Path, stop: threading.Event) -> None:
    """The event's entries, both ways, until stopped (a desk of its own: its own connection)."""
    with Desk.open(record, open_night=False) as desk:
        if not desk.hub:
            return
        while not stop.wait(SYNC_EVERY):
            try:
                desk.sync()
            except DeskError:
                continue  # the hub away: the next try, as any station


def serve(portal: Portal, host: str, port: int) -> None:
    import uvicorn

    stop = threading.Event()
    worker = threading.Thread(target=syncing, args=(portal.record, stop), daemon=True, name="portal-sync")
    worker.start()
    try:
        uvicorn.run(make_app(portal), host=host, port=port, log_level="warning", proxy_headers=portal.secure, server_header=False)
    finally:
        stop.set()
