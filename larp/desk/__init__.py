"""The desk: the one service that the station (TUI) and the `larp` commands call.

It owns the night record (larp.ledger) and applies the rules (larp.rules); it
never imports Textual. Every failure is a `DeskError` whose message is written
for a Narrator at a busy table (`.rule` when the rules forbid something,
`.reason` when a scanned card is refused).

    desk = Desk.open(db=None, chronicle=None, station=None, narrator="")
        # The record at `db` (default: larp.home.default_db(); ":memory:" for none
        # on disk), made if new. The chronicle: the folder (or Chronicle) given,
        # else the folder the record last used, else
        # the one it holds, else the demo chronicle (<repo>/cards). Opens this
        # station's night if none is open. `station` defaults to the name this
        # record remembers, else the host name. `now=` injects the wall clock.
    Desk.read(db)                           # an existing record, to read: opens no night
    desk.chronicle, desk.station, desk.narrator, desk.night_number
    desk.close()                            # let go of the record

Looking up
    desk.lookup(text) -> [Sheet]            # scanned card, exact id, else fuzzy, best first
    desk.sheet(id) -> Sheet ; desk.character(id) -> CharacterState
    desk.night() -> Night                   # the projection, clock at desk.game_time()

Adjudicating
    state, notes = desk.start(spec)         # spec with steps=[]
    state, notes = desk.step(state, step)   # a transcript step model, or larp.rules.CONCLUDE
    desk.offers(state) -> [Offer]           # what the rules allow now
    desk.commit(state, notes=()) -> Entry   # concluded (or concludable) -> adjudication entry
    desk.regain(id, category) -> Entry      # R-NIGHT-1
    desk.record(event) -> Entry             # a transcript event, step by step
    An override of the five-minute rule (R-NIGHT-2) is a step, kept in the entry.

The game clock (runs with wall time unless held)
    desk.game_time() -> float ; desk.clock_held() -> bool
    desk.hold() ; desk.resume() ; desk.advance(minutes)   # each -> Entry
    desk.locks(id) -> [Lock]

The record
    desk.entries(character=None, station=None, kind=None) -> [Entry]   # merged order
    desk.reverse(entry_id, reason) -> Entry # R-NIGHT-3; a reversal is never reversed
    desk.add(sheet) ; desk.change(sheet)    # a character joins, or her sheet changes
    desk.close_night() -> Entry             # this station's night is over
    desk.reconcile() -> Reconciliation      # per character: start, changes, end; anomalies
"""

from larp.desk.desk import Desk
from larp.desk.errors import DeskError
from larp.ledger import Entry
from larp.ledger.reconcile import Reconciliation

__all__ = ["Desk", "DeskError", "Entry", "Reconciliation"]
