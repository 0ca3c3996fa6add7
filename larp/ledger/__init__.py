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

from importlib import import_module

WHERE = {
    "GameClock": "larp.ledger.clock",
    **dict.fromkeys(("Anomaly", "Effect"), "larp.ledger.effects"),
    **dict.fromkeys(("REVERSIBLE", "Entry", "Kind"), "larp.ledger.entry"),
    "LedgerError": "larp.ledger.errors",
    "Tonight": "larp.ledger.projection",
    **dict.fromkeys(("lock_to_json", "result_to_json"), "larp.ledger.results"),
    **dict.fromkeys(("next_starting_data", "starting_data", "starting_state"), "larp.ledger.starting"),
    **dict.fromkeys(("Ledger", "NightRow"), "larp.ledger.store"),
}
"""Where each name of the record lives: imported when first asked for, so that a command that
reads the record (`larp log`, `larp export`) or writes one entry (`larp roll`) does not load the
projection, the rules engine and the sheets' models. No name here is also a module of this package."""


def __getattr__(name: str):
    if name not in WHERE:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = globals()[name] = getattr(import_module(WHERE[name]), name)
    return value


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
