"""The night record: an append-only ledger on SQLite, and what is read from it.

- `Ledger` (store.py): the database (WAL, `synchronous=FULL`, one transaction
  per entry, `PRAGMA user_version` migrations); entries are never updated or
  deleted (R-NIGHT-3).
- `Entry` (entry.py): one thing a station wrote down, with a globally unique
  id, its station, Narrator, game-clock time and wall time.
- `Tonight` (projection.py): each character's state, the starting sheet plus
  the entries' recorded results, with the anomalies met on the way.
- `GameClock` (clock.py): a station's game clock as its entries tell it.
- bundles (bundle.py, merge.py): a station's night as one file, and bringing
  other stations' bundles in.
- signing.py: each station's Ed25519 key, the keys a record trusts, and the
  signatures entries travel with (docs/security.md).
- `Reconciliation` (reconcile.py): per character, start, changes and end.

Every failure is a `LedgerError`.
"""

from larp.ledger.clock import GameClock
from larp.ledger.effects import Anomaly, Effect
from larp.ledger.entry import REVERSIBLE, Entry, Kind
from larp.ledger.errors import LedgerError
from larp.ledger.projection import Tonight
from larp.ledger.results import lock_to_json, result_to_json
from larp.ledger.starting import next_starting_data, starting_data, starting_state
from larp.ledger.store import Ledger, NightRow

__all__ = [
    "REVERSIBLE",
    "Anomaly",
    "Effect",
    "Entry",
    "GameClock",
    "Kind",
    "Ledger",
    "LedgerError",
    "NightRow",
    "Tonight",
    "lock_to_json",
    "next_starting_data",
    "result_to_json",
    "starting_data",
    "starting_state",
]
