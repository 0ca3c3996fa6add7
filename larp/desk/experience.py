"""Experience at the desk: awards, spending and purchases as entries of the night record, the
attendance award, and each character's history with its running totals.

Every line is an entry (synced and merged like every entry, reversed never edited); the fold
writes it into the sheet's `experience`, which `close-night` carries to the next game. Between
games (no night open here) a line is a between-games entry of the night to come (larp.desk.season):
the sheet it starts with, its experience one line longer; nothing opens a night.
"""

from dataclasses import dataclass

from larp.desk.carried import first_opening
from larp.desk.errors import recorded
from larp.desk.errors import DeskError, Translated
from larp.ledger import Entry, Kind, Tonight
from larp.ledger.bulk import bulk
from larp.ledger.rows import Damage
from larp.ledger.operations import fields_changed
from larp.ledger.heard_late import folded_alone, line_alone, lines_on_top
from larp.ledger.season import experienced_together
from larp.rules.experience import (
    ExperienceError,
    Override,
    Totals,
    check_award,
    check_spend,
    earned_in_month,
    points,
    running,
)
from larp.rules.experience.deals import Deal, Offer, deal, offers
from larp.rules.experience.listed import Catalog
from larp.sheet import Sheet, SheetError
from larp.sheet.ids import known_id
from larp.sheet.experience import ExperienceEntry
from larp.sheet.experience_rules import ExperienceRules

SHEET_KINDS = (Kind.OPENED, Kind.ADDED, Kind.CHANGED, Kind.EXPERIENCE, Kind.BETWEEN, Kind.REVERSAL, Kind.CARRIED)
"""The entries that shape a sheet (or undo or carry one that does); challenges and rolls never do."""
SHEET_KIND_NAMES = {kind.value for kind in SHEET_KINDS}

refused = Translated(ExperienceError, lambda error: DeskError(str(error)))
refused_id = Translated(SheetError, lambda error: DeskError(str(error)))
"""The rules' refusal of an experience line, as the desk's."""


@dataclass(frozen=True)
class ExperienceLog:
    """One character's experience: her totals, and each line with the totals after it."""

    sheet: Sheet
    lines: list[tuple[ExperienceEntry, Totals]]

    def to_json(self) -> dict:
        xp = self.sheet.experience
        return {
            "character": self.sheet.id,
            "name": self.sheet.display_name,
            "earned": xp.earned,
            "unspent": xp.unspent,
            "entries": [
                {**line.model_dump(mode="json"), "earned": totals.earned, "unspent": totals.unspent}
                for line, totals in self.lines
            ],
        }


def said_reason(reason: str, what: str) -> str:
    reason = " ".join(reason.split())
    if not reason:
        raise DeskError(f"say why: {what} needs a reason (--reason TEXT)")
    return reason


def override_of(who: str | None, why: str | None) -> Override | None:
    if who is None and why is None:
        return None
    try:
        return Override(who or "", why or "")
    except ExperienceError as error:
        raise DeskError(str(error)) from None


class Experiencing:
    """Experience awarded, spent and bought; the attendance award; the log."""

    _played_on: tuple[int, str | None] | None = None
    """The game played last, between games, and its date (None: not played yet)."""

    @property
    def experience_rules(self) -> ExperienceRules:
        return self.chronicle.experience if self.chronicle is not None else ExperienceRules()

    def _today(self) -> str:
        """The date of the game a line belongs to, the same at every station: the night open here
        (its first opening's), else, between games, the game played last; before a chronicle's
        first game, this laptop's date."""
        self._current()
        if self.night_open_here and self.tonight.first_opening is not None:
            return self.tonight.first_opening.wall_time[:10]
        number = self.next_night() - 1
        if self._played_on is None or self._played_on[0] != number:  # read once: a closed night's openings are all in
            with recorded:
                played = self.ledger.night(self.chronicle.id, number)
                opening = first_opening(self.ledger, played) if played is not None else None
            self._played_on = (number, opening.wall_time[:10] if opening is not None else None)
        return self._played_on[1] or self.now().date().isoformat()

    def _line(self, kind: str, change: float, reason: str, override: Override | None = None, attended: int | None = None) -> dict:
        line = {"type": kind, "change": change, "reason": reason, "date": self._today()}
        if override is not None:
            line["override"] = {"who": override.who, "why": override.why}
        if attended is not None:
            line["attended"] = attended
        return line

    def award(self, character_id: str, given: float, reason: str, override: Override | None = None) -> Entry:
        """Experience earned, within the chronicle's caps per game and per month unless overridden."""
        reason = said_reason(reason, "an award")
        sheet = self._standing_sheet(character_id)
        self._check_award(sheet, given, self._earned_this_game(), override)
        return self._experience(sheet, self._line("earned", given, reason, override))

    def spend(self, character_id: str, spent: float, reason: str) -> Entry:
        """Experience spent; refused, with nothing written, where unspent would fall below zero
        and the chronicle allows no debt."""
        reason = said_reason(reason, "spending experience")
        sheet = self._standing_sheet(character_id)
        with refused:
            check_spend(sheet.experience, spent, self.experience_rules, sheet.display_name)
        return self._experience(sheet, self._line("spent", spent, reason))

    def catalog(self) -> Catalog:
        """What each named list offers and at what price: the chronicle's catalog, and the names
        its characters hold (larp.rules.experience.listed); made again only when the record, the
        chronicle or the night's fold changed."""
        sheets = [state.sheet for state in self.states().values()]
        return self._catalog.of(self, lambda: Catalog.of(self.experience_rules.lists, sheets, self._house_abilities()))

    def _house_abilities(self) -> list[str]:
        """Every Ability the chronicle's house lists name."""
        fit = self.chronicle.house_rules.abilities if self.chronicle is not None else None
        listed = [names for names in (fit.model_dump().values() if fit is not None else ()) if not isinstance(names, str)]
        return [name for names in listed for name in names]

    def purchases_offered(self, character_id: str) -> list[Offer]:
        """Everything she may buy, each with its price (None: staff price it first)."""
        return offers(self._standing_sheet(character_id), self.experience_rules, self.catalog())

    def priced(self, character_id: str, what: str, price: float | None = None) -> Deal:
        """A purchase priced and made on her sheet as it stands, nothing written."""
        sheet = self._standing_sheet(character_id)
        with refused:
            return deal(what, sheet, self.experience_rules, self.catalog(), price)

    def buy(self, character_id: str, what: str, price: float | None = None) -> Entry:
        """A purchase priced by the chronicle's cost table and catalog (`price`: staff's, for a
        name the catalog holds no price for): one operation, the fields it buys added to what
        she has, the spent line in her history."""
        sheet = self._standing_sheet(character_id)
        made = self.priced(character_id, what, price)
        with refused:
            check_spend(sheet.experience, made.price, self.experience_rules, sheet.display_name)
        line = self._line("spent", made.price, made.said)
        summary = f"{sheet.display_name} buys {made.said} for {points(made.price)} experience"
        fields = fields_changed(sheet.model_dump(mode="json"), made.after.model_dump(mode="json"))
        return self._operate(sheet, self._before_next(sheet, summary), made.said, line=line, fields=fields, adds=True, once=made.once)

    def award_attended(self, override: Override | None = None) -> list[Entry]:
        """The chronicle's attendance award to everyone checked in at this game who has not had it:
        refused when nobody is checked in, or all have had it; written for all or for none."""
        self._current()
        night, given = self._game_played(), self.experience_rules.attendance
        standing = self.states()
        present = sorted(self._present_at(night), key=lambda cid: standing[cid].sheet.display_name.casefold())
        if not present:
            raise DeskError(f"nobody is checked in at night {night}: check them in at the door first (larp checkin)")
        if given <= 0:
            raise DeskError("this chronicle awards nothing for attendance ([experience] attendance = 0)")
        had = self._attendance_awarded(night)
        due = [cid for cid in present if cid not in had]
        if not due:
            raise DeskError(f"everyone checked in at night {night} has had the attendance award already ({len(had)})")
        game = self._earned_this_game()
        sheets = [self._standing_sheet(cid) for cid in due]
        for sheet in sheets:
            self._check_award(sheet, given, game, override)
        reason = self._attendance_reason(night)
        return [self._experience(sheet, self._line("earned", given, reason, override, night)) for sheet in sheets]

    def experience_log(self, character_id: str | None = None) -> list[ExperienceLog]:
        """Per character (one, or all by name): her totals and her lines with running totals."""
        if self._open_unfolded(here=True) or (self.reading and self._open_unfolded(here=False)):
            standing = self._sheets_tonight()
        else:
            standing = {cid: state.sheet for cid, state in self.starting().items()}
        if character_id is not None:
            with refused_id:
                character_id = known_id(character_id, list(standing))
            sheets = [standing[character_id]]
        else:
            sheets = sorted(standing.values(), key=lambda s: s.display_name.casefold())
        return [ExperienceLog(sheet, running(sheet.experience.history)) for sheet in sheets]

    def _open_unfolded(self, here: bool) -> bool:
        """Whether the night is open, read from its openings and closes alone (the night not
        folded): `here`, opened at this station and not closed there (`night_open_here`); else
        opened at any station, and not closed for the event (a record that merged the stations'
        bundles reads the night as it stands)."""
        if self.night_row is None:
            return False
        station = self.station if here else None
        with recorded:
            row = self.ledger.night(self.night_row.chronicle, self.night_row.number)
            if row is None or row.archived_at is not None or not self.ledger.rows(row, station=station, kind=Kind.OPENED.value):
                return False
            return not here or not self.ledger.rows(row, station=station, kind=Kind.CLOSED.value)

    def _sheets_tonight(self) -> dict[str, Sheet]:
        """Every sheet as it stands tonight, folded from the entries that shape a sheet alone: the
        log of a night of 10,000 challenges reads its experience lines, not its challenges."""
        with recorded:
            row = self.ledger.night(self.night_row.chronicle, self.night_row.number)
            entries = [entry for kind in SHEET_KINDS for entry in self.ledger.entries(row, kind=kind.value)]
        carried = [entry for entry in entries if entry.kind is not Kind.CARRIED or entry.payload.get("kind") in SHEET_KIND_NAMES]
        sheets, damaged = sheets_folded(carried)
        self.ledger.found(damaged)
        return sheets

    # The parts.

    def _standing_sheet(self, character_id: str) -> Sheet:
        """Her sheet tonight, or between games the one she starts the next game with."""
        if self.night_open_here:
            return self.sheet(character_id)
        state = self.states().get(character_id)
        if state is None:
            raise DeskError(f"there is no character {character_id!r} in {self.chronicle.name}")
        if not state.sheet.plays:
            sheet = state.sheet
            why = f" ({sheet.status_reason})" if sheet.status_reason else ""
            raise DeskError(
                f"{sheet.display_name} is {sheet.status}{why}: experience moves only for a character in play "
                f"(larp retire {sheet.id} --status active brings the character back)"
            )
        return state.sheet

    def _experience(self, sheet: Sheet, line: dict) -> Entry:
        verb = {"earned": "earns", "spent": "spends"}.get(line["type"], line["type"])
        summary = f"{sheet.display_name} {verb} {points(line['change'])} experience: {line['reason']}"
        return self._operate(sheet, self._before_next(sheet, summary), line["reason"], line=line)

    def _before_next(self, sheet: Sheet, summary: str) -> str:
        """`Janet Reyes before night 2: earns 3 experience: …`, for a between-games line (in the
        night, the summary as it is)."""
        if self.night_open_here:
            return summary
        return summary.replace(sheet.display_name, f"{sheet.display_name} before night {self.next_night()}:", 1)

    def _check_award(self, sheet: Sheet, given: float, game: dict[str, float], override: Override | None) -> None:
        month = earned_in_month(sheet.experience.history, self._today()[:7])
        with refused:
            check_award(given, game.get(sheet.id, 0.0), month, self.experience_rules, sheet.display_name, override)

    def _live_lines(self) -> list[tuple[str, dict]]:
        """This game's experience lines not reversed, by character: tonight's while a night is
        open here, else those written for the night to come."""
        with recorded:
            row = self.night_row if self.night_open_here else self._next_row()
            entries = [] if row is None else [e for kind in (Kind.EXPERIENCE, Kind.BETWEEN, Kind.REVERSAL) for e in self.ledger.entries(row, kind=kind.value)]
        undone = {e.reverses for e in entries if e.kind is Kind.REVERSAL}
        return [
            (e.payload["character"], e.payload["line"])
            for e in entries
            if e.kind is not Kind.REVERSAL and e.id not in undone and isinstance(e.payload.get("character"), str) and e.payload.get("line")
        ]

    def _earned_this_game(self) -> dict[str, float]:
        """What each character earned in this game so far (read only where the chronicle caps a game)."""
        earned: dict[str, float] = {}
        if self.experience_rules.cap_per_game is None:
            return earned
        for cid, line in self._live_lines():
            sign = {"earned": 1, "deducted": -1}.get(line["type"], 0)
            earned[cid] = earned.get(cid, 0.0) + sign * line["change"]
        return earned

    def _game_played(self) -> int:
        """The game whose attendance is awarded: the night under way here, else (between games)
        the night closed last."""
        return self.night_number if self.night_open_here else self.next_night() - 1

    def _present_at(self, night: int) -> set[str]:
        """Who was checked in at that night (its check-ins not reversed)."""
        if self.night_open_here:
            return set(self.tonight.present)
        entries = self.entries(night=night)
        undone = {e.reverses for e in entries if e.kind is Kind.REVERSAL}
        return {e.payload["character"] for e in entries if e.kind is Kind.CHECKIN and e.id not in undone}

    def _attendance_awarded(self, night: int) -> set[str]:
        """Who had the attendance award of that night: a line of her history says so (written
        tonight, or between games)."""
        reason = self._attendance_reason(night)
        return {cid for cid, state in self.states().items() if any(line.reason == reason for line in state.sheet.experience.history)}

    def _attendance_reason(self, night: int) -> str:
        return f"attended night {night} of {self.chronicle.name}"


def sheets_folded(entries: list[Entry]) -> tuple[dict[str, Sheet], list[Damage]]:
    """Each sheet after the entries, as `Tonight` folds them, and the entries it found damaged;
    the experience lines between two other entries folded together per character (a night of
    10,000 lines reads in a blink)."""
    with bulk():
        ordered = sorted(entries, key=lambda entry: entry.order)
        tonight = Tonight({entry.reverses: entry for entry in ordered if entry.kind is Kind.REVERSAL and entry.reverses})
        waiting: dict[str, list[Entry]] = {}
        lines: dict[str, list[dict]] = {}
        for entry in ordered:
            character = entry.payload.get("character") if entry.kind is Kind.EXPERIENCE else None
            if isinstance(character, str) and entry.id not in tonight.reversals and not lines:
                waiting.setdefault(character, []).append(entry)
                continue
            alone = line_alone(tonight, entry) if entry.kind is Kind.BETWEEN and entry.id not in tonight.reversals and not waiting else None
            if alone is not None:
                folded_alone(tonight, alone)
                lines.setdefault(alone.character, []).append(alone.line)
                continue
            experienced_together(tonight, waiting)
            lines_on_top(tonight, lines)
            waiting, lines = {}, {}
            tonight.apply(entry)
        experienced_together(tonight, waiting)
        lines_on_top(tonight, lines)
    return {cid: state.sheet for cid, state in tonight.characters.items()}, tonight.damaged
