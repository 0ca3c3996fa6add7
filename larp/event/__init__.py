"""The event: every station of a game sharing one live record, on PostgreSQL.

Each station commits to its own SQLite record first (larp.ledger); the sync pushes its
new entries to the event's hub and pulls everyone else's, inserting only what is absent,
so every station converges to the union of all entries.

- cluster.py: a PostgreSQL cluster in a folder of this laptop (initdb, pg_ctl), run as
  the `postgres` user when larp runs as root.
- hub.py: `larp hub start|stop|status`: the cluster, the event's owner and stations' roles
  and database, the address that joins it; existing.py: `larp hub init` on a PostgreSQL the
  chronicle runs.
- schema.py: the event's tables and what the stations' role may do with them; sync.py: one
  push and pull, signed entries, stations' keys and cards included;
  live.py: the sync all night, with LISTEN/NOTIFY.

Every failure is an `EventError` (`Unreachable` when the hub can't be reached).
"""

from importlib import import_module

from larp.event.errors import EventError, Unreachable

WHERE = {
    **dict.fromkeys(("Live", "SyncStatus"), "larp.event.live"),
    **dict.fromkeys(("Moved", "connect", "sync_once"), "larp.event.sync"),
}
"""Where each name lives: imported when first asked for, so that a command that never reaches
the hub does not load PostgreSQL's driver (a tenth of a second at every start)."""


def __getattr__(name: str):
    if name not in WHERE:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = globals()[name] = getattr(import_module(WHERE[name]), name)
    return value


__all__ = ["EventError", "Live", "Moved", "SyncStatus", "Unreachable", "connect", "sync_once"]
