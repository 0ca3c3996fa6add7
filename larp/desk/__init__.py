"""The desk: the one service that the station (TUI) and the `larp` commands call.

It owns the night record (larp.ledger) and applies the rules (larp.rules); it
never imports Textual. Every failure is a `DeskError` whose message is written
for a Narrator at a busy table (`.rule` when the rules forbid something, with
the engine's `.rule_error`; `.reason`, a `CardReason`, when a card is refused).

Opening
    desk = Desk.open(db=None, chronicle=None, station=None, narrator="", now=None, open_night=True)
        The record at `db` (default: larp.home.default_db(); ":memory:" keeps it in
        memory), made if new. The chronicle: the folder (or Chronicle) given, else
        the folder the record last used, else the one the record holds, else the
        demo chronicle (<repo>/cards). Opens this station's night if none is open:
        the night under way in the record, else the next one, its characters as
        `archive_night` left them, else as the chronicle's sheets say. `station`
        defaults to the name the record remembers, else the host name; `now`, a
        callable giving an aware datetime, is the wall clock (for tests).
    Desk.read(db=None, now=None)            an existing record, to read: opens no night
    desk.chronicle, desk.station, desk.narrator (settable), desk.night_number
    desk.name_narrator(name) -> str         the Narrator from now on, remembered by the record
    desk.close()  (or `with Desk.open(...) as desk:`)   lets go of the record

Looking up
    desk.lookup(text) -> [Sheet]            a scanned card, an exact id, else near names, best first
    desk.roster(text="") -> [CharacterState]   who is in tonight (not the retired or dead), by name; filtered by the words
                                            of `text` (name, id, player, creature, lineage)
    desk.sheet(id) -> Sheet ; desk.character(id) -> CharacterState   tonight's projection
    desk.night() -> Night                   the projection, its clock at desk.game_time()

Adjudicating
    state, notes = desk.start(spec)         spec with steps=[] (any steps it has are not played)
    state, notes = desk.step(state, step)   a transcript step model, or larp.rules.CONCLUDE
    desk.offers(state) -> [Offer]           what the rules allow now
    desk.ability_picks(state, offer) -> [AbilityPick]   an Ability retest's or cancel's choices:
                                            the Ability named first, then those that fit the
                                            category, each with the points left
    desk.odds(state, policy="best") -> Odds each side's exact chance to win from here (larp.rules.odds)
    desk.commit(state, notes=()) -> Entry   one adjudication entry; a challenge whose throw has a
                                            result is concluded first; refused if the record
                                            changed for its characters since it started
    desk.regain(id, category) -> Entry      R-NIGHT-1
    desk.wounds(id) -> Wounds               her Health Levels tonight (R-HEALTH-1)
    desk.wound(id, boxes, reason="") -> Entry  wounds marked, or healed below 0 (R-HEALTH-2);
                                            refused past her last box
    desk.record(event) -> Entry             a transcript event, played step by step
    desk.record_all(events, committed)      a transcript's events, each written by a process of
                                            its own while the next is played; `committed(entry)`
                                            once each is on disk
    An override of the five-minute rule (R-NIGHT-2) is a step, kept in the entry.

The game clock (runs with wall time unless held; each station has its own)
    desk.game_time() -> float ; desk.clock_held() -> bool
    desk.hold() ; desk.resume() ; desk.advance(minutes)    each -> Entry
    desk.locks(id) -> [Lock]                five-minute locks holding her challenges now

The record
    desk.entries(character=None, station=None, kind=None, night=None) -> [Entry]   merged order
    desk.each_entry(character=None, station=None, night=None) -> iterator of Entry   the same,
                                            read one at a time (a long night in bounded memory)
    desk.known(night=None) -> (characters, stations, {reversed id: reversal id})
    desk.reverse(entry_id, reason) -> Entry R-NIGHT-3: adjudications, regains, sheet changes;
                                            once each; a reversal is never reversed
    desk.add(sheet) ; desk.change(sheet)    a character joins, or her sheet changes for good
    desk.close_night() -> Entry             this station's night is over
    desk.reconcile(night=None, reported=None) -> Reconciliation
                                            per character: start, changes (entry, station,
                                            Narrator, game time, summary, delta), end;
                                            anomalies first; paper-sheet differences
    desk.reconciler(night=None) -> () -> Reconciliation    the entries read now, the work
                                            later on any thread (the station's worker)
    desk.export(out, night=None, station=None) -> int      this station's night as a bundle
    desk.merge(bundle) -> int               another station's bundle: whole or refused whole
    desk.archive_night() -> {id: start}     the next game's starting states; the night archived

Between games (larp.desk.season: while no night is open here, a change is a between-games entry
of the night to come, which starts from it; nothing opens a night)
    Desk.open(..., folder_edits=None|"apply"|"keep")   a night opens only once the chronicle
                                            folder agrees with the record: else FolderDiffers
                                            (.differences, each .line() "Janet Reyes: Social
                                            +Commanding; Subterfuge 1 → 2", "Sofia: new", "Wick:
                                            file gone"); desk.open_next_night(folder_edits) likewise
    desk.folder_differences() -> [FolderDifference]   the folder's edits since the record read it
    desk.next_night() -> int ; desk.carried() -> {id: start} ; desk.starting() -> {id: state}
    desk.states() -> {id: state}            every character as she stands (tonight, else the next start)
    desk.standing() -> Chronicle            the chronicle as it stands: cards, scans, exports read it
    desk.amend(sheet, why, file="") -> Entry   a between-games change (new, changed, retired)
    desk.retire(id, reason, status="retired") -> Entry   in the night, else between games
    desk.folder_holds(id)                   her file in the folder is the record's sheet (larp add)
    desk.preview() -> Reconciliation        the night to come before it opens (larp next)
    desk.export_chronicle(folder=None) -> Written   the folder written as the record has it

Experience and the door (larp.desk.experience, larp.desk.door; each line an entry, reversed like any)
    desk.award(id, points, reason, override=None) -> Entry   within the chronicle's caps, unless an
                                            Override(who, why) (larp.rules.experience) says otherwise
    desk.spend(id, points, reason) -> Entry refused below zero unless [experience] debt = true
    desk.buy(id, "Ability: Occult") -> Entry   priced by the cost table: one sheet change entry
    desk.award_attended(override=None) -> [Entry]   the attendance award, once per game each
    desk.experience_log(id=None) -> [ExperienceLog]   her totals, each line with the totals after it
    desk.check_in(text) -> CheckIn          a card (or an id) at the door: present, or already in;
                                            refused (DeskError) for a bad card, retired or dead
    desk.present() -> [(Sheet, Entry)]      who is in for this game, by name

Entry: id, kind, station, narrator, game_time, wall_time (ISO, UTC), summary, character_ids,
reverses, result (EventResult, for adjudications and regains), payload, short_id.
"""

from importlib import import_module

WHERE = {
    "Desk": "larp.desk.desk",
    "DeskError": "larp.desk.errors",
    **dict.fromkeys(("Prepared", "RollCall"), "larp.desk.roll_call"),
    **dict.fromkeys(("read_faces", "roll_lines"), "larp.desk.rolling"),
    "Entry": "larp.ledger.entry",
    "Reconciliation": "larp.ledger.reconcile",
}
"""Where each name lives: imported when first asked for, so that `larp roll` loads the roll's
corner of the desk (larp.desk.roller), not every part of it."""


def __getattr__(name: str):
    if name not in WHERE:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = globals()[name] = getattr(import_module(WHERE[name]), name)
    return value


__all__ = ["Desk", "DeskError", "Entry", "Prepared", "Reconciliation", "RollCall", "read_faces", "roll_lines"]
