"""The Desk: a station's night, its game clock and its record, behind one object."""

import socket
import uuid
from contextlib import contextmanager
from datetime import datetime, timezone
from pathlib import Path
from typing import Callable, Iterator

from larp.home import default_db
from larp.ledger import (
    REVERSIBLE,
    Entry,
    GameClock,
    Kind,
    Ledger,
    LedgerError,
    NightRow,
    Tonight,
    lock_to_json,
    result_to_json,
    starting_data,
)
from larp.ledger.reconcile import Reconciliation, reconcile
from larp.rules import (
    CONCLUDE,
    ChallengeState,
    CharacterState,
    Lock,
    Night,
    Note,
    Offer,
    RuleError,
    apply,
    finish,
    game_time,
    legal_actions,
    outcome,
    regain,
    start_challenge,
)
from larp.sheet import Category, Chronicle, Sheet
from larp.sheet.transcript import ChallengeEvent, ChallengeSpec, Clock, Party, RegainEvent
from larp.desk.errors import DeskError
from larp.desk.lookup import find
from larp.desk.opening import (
    chronicle_settings,
    choose_chronicle,
    number_to_open,
    open_night_of,
    starting_sheets,
)
from larp.desk.summaries import challenge_summary

Now = Callable[[], datetime]
LONGEST_ADVANCE = 24 * 60


def utc_now() -> datetime:
    return datetime.now(timezone.utc)


@contextmanager
def recorded() -> Iterator[None]:
    """The ledger's errors, as the desk's."""
    try:
        yield
    except LedgerError as error:
        raise DeskError(str(error)) from None


@contextmanager
def forbidden() -> Iterator[None]:
    """The rules engine's refusals, as the desk's, with the rule's id."""
    try:
        yield
    except RuleError as error:
        raise DeskError.forbidden(error) from None


class Desk:
    """See `larp.desk` for the whole API."""

    def __init__(self, ledger: Ledger, chronicle: Chronicle | None, station: str, narrator: str, now: Now) -> None:
        self.ledger = ledger
        self.chronicle = chronicle
        self.station = station
        self.narrator = narrator
        self.now = now
        self.night_row: NightRow | None = None
        self.tonight = Tonight({})
        self.clock = GameClock()
        self.closed = False
        self._version: int | None = None

    # Opening and closing.

    @classmethod
    def open(
        cls,
        db: Path | str | None = None,
        chronicle: Path | None = None,
        station: str | None = None,
        narrator: str = "",
        *,
        now: Now | None = None,
        open_night: bool = True,
    ) -> "Desk":
        """The desk on the record at `db` (made if new), at this station's open night.

        With `open_night=False` no night is opened: the desk reads the latest night
        of its chronicle (or none yet, for a record that will receive bundles).
        """
        with recorded():
            ledger = Ledger.open(db if db is not None else default_db())
        return cls._on(ledger, chronicle, station, narrator, now, open_night)

    @classmethod
    def read(cls, db: Path | str | None = None, *, now: Now | None = None) -> "Desk":
        """The desk on an existing record, to read, export or reconcile it; opens no night."""
        with recorded():
            ledger = Ledger.open(db if db is not None else default_db(), create=False)
        return cls._on(ledger, None, None, "", now, open_night=False)

    @classmethod
    def _on(cls, ledger, folder, station, narrator, now, open_night) -> "Desk":
        try:
            with recorded():
                chronicle = choose_chronicle(ledger, folder)
                if station:
                    ledger.remember("station", station)
                if narrator:
                    ledger.remember("narrator", narrator)
                station = station or ledger.setting("station") or socket.gethostname()
                narrator = narrator or ledger.setting("narrator") or ""
            desk = cls(ledger, chronicle, station, narrator, now or utc_now)
            desk._find_night(open_night)
        except BaseException:
            ledger.close()
            raise
        return desk

    def _find_night(self, open_night: bool) -> None:
        if self.chronicle is None:
            if open_night:
                raise DeskError("there is no chronicle to open a night on: give a chronicle folder (--chronicle DIR)")
            return
        with recorded():
            if open_night:
                self.night_row = open_night_of(self.ledger, self.chronicle.id, self.station)
                if self.night_row is None:
                    self._open_night()
            else:
                nights = self.ledger.nights(self.chronicle.id)
                self.night_row = nights[-1] if nights else None
        self.reload()

    def _open_night(self) -> None:
        number = number_to_open(self.ledger, self.chronicle.id, self.station)
        known = self.ledger.night(self.chronicle.id, number)
        starts = starting_sheets(self.ledger, known, self.chronicle)
        opening = self._entry(
            Kind.OPENED,
            f"Night {number} of {self.chronicle.name} opens at station {self.station} ({len(starts)} characters)",
            (),
            {"chronicle": chronicle_settings(self.chronicle), "characters": starts},
            game_time=0.0,
            night=number,
        )
        self.night_row, _ = self.ledger.open_night(self.chronicle.id, number, opening)

    def close(self) -> None:
        """Let go of the record (the night stays open: see `close_night`)."""
        self.ledger.close()

    def close_night(self) -> Entry:
        """This station's night is over (`larp night close`): nothing more is written to it here."""
        return self._write(Kind.CLOSED, f"Night {self.night_number} closes at station {self.station}", (), {})

    @property
    def night_number(self) -> int | None:
        return None if self.night_row is None else self.night_row.number

    # Reading the record.

    def reload(self) -> None:
        """Fold the night again from the record (after another program wrote to it)."""
        with recorded():
            self._version = self.ledger.changed_elsewhere()
            if self.night_row is None:
                return
            self.night_row = self.ledger.night(self.night_row.chronicle, self.night_row.number)
            entries = self.ledger.entries(self.night_row)
        self.tonight = Tonight.of(entries)
        clock = GameClock()
        for entry in entries:
            if entry.station == self.station:
                clock = clock.after(entry)
        self.clock = clock
        self.closed = any(e.kind is Kind.CLOSED and e.station == self.station for e in entries)

    def _current(self) -> None:
        with recorded():
            changed = self.ledger.changed_elsewhere() != self._version
        if changed:
            self.reload()

    def night(self) -> Night:
        """Tonight for the rules engine, its clock at the current game time."""
        self._current()
        return self.tonight.night(self.clock.at(self.now()))

    def character(self, character_id: str) -> CharacterState:
        """Tonight's state of a character: her starting sheet plus the entries."""
        self._current()
        try:
            return self.tonight.characters[character_id]
        except KeyError:
            raise DeskError(f"there is no character {character_id!r} tonight") from None

    def sheet(self, character_id: str) -> Sheet:
        return self.character(character_id).sheet

    def lookup(self, text: str) -> list[Sheet]:
        """A scanned card, an exact id, else names and ids that match, best first."""
        self._current()
        sheets = {cid: state.sheet for cid, state in self.tonight.characters.items()}
        base = self.chronicle or Chronicle(id="tonight", name="tonight")
        return find(text, base.model_copy(update={"characters": sheets}))

    def entries(
        self,
        character: str | None = None,
        station: str | None = None,
        kind: str | None = None,
        night: int | None = None,
    ) -> list[Entry]:
        """The night's entries in the merged order (game time, then wall time)."""
        row = self._night(night)
        with recorded():
            found = self.ledger.entries(row, character=character, station=station, kind=kind)
        return sorted(found, key=lambda entry: entry.order)

    def _night(self, number: int | None) -> NightRow:
        if number is None or number == self.night_number:
            if self.night_row is None:
                raise DeskError("this record holds no night yet: open one (larp night open) or merge a bundle")
            return self.night_row
        with recorded():
            row = self.ledger.night(self.chronicle.id, number) if self.chronicle else None
        if row is None:
            raise DeskError(f"there is no night {number} in this record")
        return row

    def reconcile(self, night: int | None = None) -> Reconciliation:
        """Per character: start, every change with its entry, end; anomalies first."""
        row = self._night(night)
        with recorded():
            entries = self.ledger.entries(row)
        return reconcile(row.chronicle, row.number, entries)

    # The game clock (R-NIGHT-2).

    def game_time(self) -> float:
        """Game minutes since this station opened its night."""
        self._current()
        return self.clock.at(self.now())

    def clock_held(self) -> bool:
        self._current()
        return self.clock.held

    def hold(self) -> Entry:
        if self.clock_held():
            raise DeskError(f"the game clock is already held, at {game_time(self.game_time())}")
        return self._write(Kind.CLOCK, f"Game clock held at {game_time(self.game_time())}", (), {"action": "hold"})

    def resume(self) -> Entry:
        if not self.clock_held():
            raise DeskError(f"the game clock is already running, at {game_time(self.game_time())}")
        return self._write(Kind.CLOCK, f"Game clock runs again from {game_time(self.game_time())}", (), {"action": "resume"})

    def advance(self, minutes: float) -> Entry:
        if not 0 <= minutes <= LONGEST_ADVANCE:
            raise DeskError(f"the game clock moves on between 0 and {LONGEST_ADVANCE} minutes, not {minutes:g}")
        later = game_time(self.game_time() + minutes)
        summary = f"Game clock moves on {minutes:g} minutes, to {later}"
        return self._write(Kind.CLOCK, summary, (), {"action": "advance", "minutes": minutes})

    def locks(self, character_id: str) -> list[Lock]:
        """The five-minute locks that hold challenges by this character now."""
        return self.night().locks_on(character_id)

    # Adjudicating.

    def start(self, spec: ChallengeSpec) -> tuple[ChallengeState, list[Note]]:
        """A challenge ready for its first step (spec with no steps), at the current game time."""
        with forbidden():
            return start_challenge(self.night(), spec)

    def step(self, state: ChallengeState, step) -> tuple[ChallengeState, list[Note]]:
        """One more step (a transcript step model, or `larp.rules.CONCLUDE`)."""
        with forbidden():
            return apply(state, step)

    def offers(self, state: ChallengeState) -> list[Offer]:
        return legal_actions(state)

    def commit(self, state: ChallengeState, notes: list[Note] = ()) -> Entry:
        """Write the challenge as one adjudication entry (concluding it first if it is not yet).

        Refused if the record changed for its characters since it started.
        """
        if outcome(state) is None:
            state, more = self.step(state, CONCLUDE)
            notes = [*notes, *more]
        night = self.night().at(state.clock)
        self._check_unchanged(night, state)
        with forbidden():
            _, result = finish(night, state, notes)
        spec = state.spec.model_copy(update={"steps": list(state.steps)})
        payload = {
            "challenge": spec.model_dump(mode="json", exclude_none=True),
            "started": state.clock,
            "result": result_to_json(result),
            "lock": lock_to_json(outcome(state).lock),
        }
        characters = [spec.challenger.character]
        if isinstance(spec.defender, Party):
            characters.append(spec.defender.character)
        return self._write(Kind.ADJUDICATION, challenge_summary(night, spec, result), characters, payload)

    def _check_unchanged(self, night: Night, state: ChallengeState) -> None:
        try:
            fresh, _ = start_challenge(night, state.spec.model_copy(update={"steps": []}))
        except RuleError as error:
            fresh, reason = None, error.message
        same = fresh is not None and (fresh.available, fresh.abilities, fresh.willpower, fresh.lock) == (
            state.available,
            state.abilities,
            state.willpower,
            state.lock,
        )
        if not same:
            raise DeskError(
                "the record changed for these characters while the challenge was under way "
                f"({reason if fresh is None else 'another entry was written for them'}): start it again"
            )

    def regain(self, character_id: str, category: Category | str) -> Entry:
        """A Willpower spent to regain every Trait lost in a category, once a night (R-NIGHT-1)."""
        category = Category(category)
        with forbidden():
            _, result = regain(self.night(), character_id, category)
        payload = {"character": character_id, "category": category.value, "result": result_to_json(result)}
        return self._write(Kind.REGAIN, result.notes[0].text, [character_id], payload)

    def record(self, event) -> Entry:
        """A transcript event, played at this desk as a Narrator would, step by step."""
        if isinstance(event, ChallengeEvent):
            spec = event.challenge
            state, notes = self.start(spec.model_copy(update={"steps": []}))
            for index, step in enumerate(spec.steps):
                try:
                    state, more = apply(state, step)
                except RuleError as error:
                    raise DeskError.forbidden(error.at(step=index)) from None
                notes += more
            return self.commit(state, notes)
        if isinstance(event, RegainEvent):
            return self.regain(event.regain.character, event.regain.category)
        return self.advance(Clock.model_validate(event.clock).advance_minutes)

    # Characters joining or changing.

    def add(self, sheet: Sheet) -> Entry:
        """A character joins tonight with her sheet as it is."""
        self._current()
        if sheet.id in self.tonight.characters:
            raise DeskError(f"{sheet.display_name} ({sheet.id}) is already in tonight's record")
        payload = {"character": starting_data(sheet)}
        return self._write(Kind.ADDED, f"{sheet.display_name} joins the night", [sheet.id], payload)

    def change(self, sheet: Sheet) -> Entry:
        """A character's sheet changes for good (what she lost and spent tonight stays so)."""
        old = self.sheet(sheet.id)
        before, after = old.model_dump(mode="json"), sheet.model_dump(mode="json")
        fields = [key for key in after if after[key] != before.get(key)]
        if not fields:
            raise DeskError(f"{sheet.display_name}'s sheet is unchanged: nothing to record")
        summary = f"{sheet.display_name}'s sheet changes: {', '.join(fields)}"
        return self._write(Kind.CHANGED, summary, [sheet.id], {"sheet": after})

    # Reversing (R-NIGHT-3).

    def reverse(self, entry_id: str, reason: str) -> Entry:
        """A new entry that undoes an adjudication, a regain or a sheet change, saying why."""
        reason = " ".join(reason.split())
        if not reason:
            raise DeskError("say why the entry is reversed: a reversal needs a reason")
        row = self._night(None)
        with recorded():
            target = self.ledger.find(row, entry_id)
            earlier = [e for e in self.ledger.entries(row, kind=Kind.REVERSAL.value) if e.reverses == target.id]
        if target.kind is Kind.REVERSAL:
            raise DeskError(
                f"entry {target.short_id} is itself a reversal, and a reversal is not reversed: "
                "record the call again instead"
            )
        if target.kind not in REVERSIBLE:
            raise DeskError(f"entry {target.short_id} is a {target.kind.value} entry: only adjudications, regains and sheet changes are reversed")
        if earlier:
            raise DeskError(f"entry {target.short_id} was already reversed by {earlier[0].short_id} ({earlier[0].payload['reason']})")
        summary = f"Reverses {target.short_id} ({target.summary}): {reason}"
        return self._write(Kind.REVERSAL, summary, target.character_ids, {"reason": reason}, reverses=target.id)

    # Writing.

    def _entry(self, kind, summary, characters, payload, *, reverses=None, game_time=None, night=None) -> Entry:
        return Entry(
            id=uuid.uuid4().hex,
            night=night if night is not None else self.night_number,
            station=self.station,
            seq=0,
            narrator=self.narrator,
            kind=kind,
            game_time=self.game_time() if game_time is None else game_time,
            wall_time=self.now().astimezone(timezone.utc).isoformat(timespec="microseconds"),
            summary=" ".join(summary.split()),
            character_ids=tuple(characters),
            reverses=reverses,
            payload=payload,
        )

    def _write(self, kind: Kind, summary: str, characters, payload: dict, reverses: str | None = None) -> Entry:
        self._current()
        self._check_writable()
        entry = self._entry(kind, summary, characters, payload, reverses=reverses)
        with recorded():
            entry = self.ledger.append(self.night_row, entry)
        self._take(entry)
        return entry

    def _check_writable(self) -> None:
        if self.night_row is None:
            raise DeskError("no night is open at this station: open one (larp night open)")
        if self.night_row.archived_at is not None:
            raise DeskError(f"night {self.night_row.number} is archived (larp close-night): open the next night")
        if self.closed:
            raise DeskError(f"night {self.night_row.number} is closed at station {self.station}: open the next night")

    def _take(self, entry: Entry) -> None:
        """The desk's view, after writing an entry of its own."""
        self.clock = self.clock.after(entry)
        self.closed = self.closed or entry.kind is Kind.CLOSED
        if entry.kind is Kind.REVERSAL or not self.tonight.follows(entry):
            self.reload()
        else:
            self.tonight.apply(entry)
