"""The portal started (`larp portal`): uvicorn on loopback by default, and, for a record joined
to an event, a sync with the hub every few seconds, so that the portal is a station of the event
(what staff approve there is signed with its own station key, what others write shows here)."""

import threading
from pathlib import Path

from larp.desk import Desk, DeskError
from larp.portal.app import Portal, make_app

SYNC_EVERY = 10.0
HEADER_SECONDS = 10.0
"""A request's line and headers arrive whole within this time of the connection (or of the next
request's first byte), else the connection is closed: slow headers can't hold the portal."""
KEEP_ALIVE_SECONDS = 5
"""An idle connection between two requests is kept this long."""
MOST_CONNECTIONS = 4000
"""Connections served at once (uvicorn's limit_concurrency); past it, 503 until some close. Well
above what slow headers can hold in HEADER_SECONDS from a guest's laptop (1,000 trickling
connections, each opened again as soon as it is closed, leave every player answered), and the
process's open files are raised to hold them (`room_for_connections`)."""
MOST_HEADER_BYTES = 64 * 1024
"""The most a request's line and headers may hold (h11's incomplete event size)."""


def headers_in_time():
    """uvicorn's HTTP/1.1 protocol, with the request's headers due within HEADER_SECONDS."""
    import h11
    from uvicorn.protocols.http.h11_impl import H11Protocol

    class HeadersInTime(H11Protocol):
        headers_due = None

        def connection_made(self, transport) -> None:
            super().connection_made(transport)
            self.await_headers()

        def await_headers(self) -> None:
            if self.headers_due is None:
                self.headers_due = self.loop.call_later(HEADER_SECONDS, self.headers_late)

        def headers_came(self) -> None:
            if self.headers_due is not None:
                self.headers_due.cancel()
                self.headers_due = None

        def data_received(self, data: bytes) -> None:
            if self.conn.their_state is h11.IDLE:
                self.await_headers()  # the first byte of a request: its headers are due
            super().data_received(data)
            if self.conn.their_state is not h11.IDLE:
                self.headers_came()

        def headers_late(self) -> None:
            self.headers_due = None
            if self.conn.their_state is h11.IDLE and not self.transport.is_closing():
                self.transport.close()

        def connection_lost(self, exc) -> None:
            self.headers_came()
            super().connection_lost(exc)

    return HeadersInTime


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


def room_for_connections() -> None:
    """The process's limit of open files raised, within what the system allows, to hold
    MOST_CONNECTIONS and the record's own files."""
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = MOST_CONNECTIONS + 256
    if soft != resource.RLIM_INFINITY and soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted if hard == resource.RLIM_INFINITY else min(wanted, hard), hard))


def serve(portal: Portal, host: str, port: int) -> None:
    import uvicorn

    room_for_connections()
    stop = threading.Event()
    worker = threading.Thread(target=syncing, args=(portal.record, stop), daemon=True, name="portal-sync")
    worker.start()
    try:
        uvicorn.run(
            make_app(portal), host=host, port=port, log_level="warning", proxy_headers=portal.secure, server_header=False,
            http=headers_in_time(), limit_concurrency=MOST_CONNECTIONS, timeout_keep_alive=KEEP_ALIVE_SECONDS,
            h11_max_incomplete_event_size=MOST_HEADER_BYTES,
        )
    finally:
        stop.set()
