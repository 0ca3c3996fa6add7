"""The desk's core: the record it owns, the chronicle and the night it is at, and reading them."""

from datetime import datetime
from pathlib import Path
from typing import Callable, Iterator, Self

from larp.desk.errors import DeskError, NightClosedBetweenGames, recorded
from larp.desk.lookup import find, in_roster
from larp.desk.memo import Memo
from larp.desk.narrator import Naming, utc_now
from larp.desk.presence import Presence, stations_present
from larp.desk.nights import number_to_open, open_night_of
from larp.desk.opening import choose_chronicle, chronicle_held
from larp.home import default_db
from larp.ledger import Entry, GameClock, Kind, Ledger, NightRow, Tonight
from larp.desk.folding import Folding
from larp.ledger.store import HUB_SETTING, STATION_SETTING
from larp.ledger.fold import LiveFold
from larp.ledger.write_behind import WriteBehind
from larp.rules import CharacterState, Night
from larp.sheet import Chronicle, Sheet

Now = Callable[[], datetime]


class DeskCore(Naming, Folding):
    """The record, the chronicle, the station and its Narrator, and the night folded from the record."""

    def __init__(self, ledger: Ledger, chronicle: Chronicle | None, station: str, narrator: str, now: Now) -> None:
        self.ledger = ledger
        self._chronicle = chronicle
        self.station = station
        self.narrator = narrator
        self.now = now
        self.night_row: NightRow | None = None
        self.tonight = Tonight({})
        self._fold = LiveFold()
        """The night folded so far; entries arriving are folded in (larp.ledger.fold)."""
        self._fold_night: int | None = None
        self._read_upto = 0
        """The record's number of the last entry folded in."""
        self.clock = GameClock()
        self.opened_here = False
        """This station opened the night (and may write to it)."""
        self.closed = False
        """This station closed the night (and writes nothing more to it but reversals)."""
        self._version: int | None = None
        self._starting: Memo[dict] = Memo()
        """The characters as they start the night to come (`starting`)."""
        self._catalog: Memo = Memo()
        """What the named lists offer (`catalog`)."""
        self.revision = 0
        """Bumped whenever the desk's view of the record changes: an entry taken, a fold."""
        self._behind: WriteBehind | None = None
        """While entries are written behind the desk's back (`writing_behind`)."""
        self.opens_between_games = True
        """A night may be opened between games (`larp night open`, the station), not only the first."""
        self.hub: str | None = None
        """The event's hub this record joined (`larp join`): the game clock is the event's."""
        self.reading = False
        """Opened to read the record (`Desk.read`): no night is this station's own."""
        self.resumes = True
        """The night may be folded on from the fold the record keeps (larp.ledger.kept_fold)."""

    # Opening and closing.

    @classmethod
    def open(
        cls,
        db: Path | str | None = None,
        chronicle: Path | Chronicle | None = None,
        station: str | None = None,
        narrator: str = "",
        *,
        now: Now | None = None,
        open_night: bool = True,
        hub: str | None = None,
        between_games: bool = True,
        folder_edits: str | None = None,
    ) -> Self:
        """The desk on the record at `db` (made if new), at this station's open night.

        With `open_night=False` no night is opened: the desk reads the latest night
        of its chronicle (or none yet, for a record that will receive bundles). With
        `hub`, the record joins that event first (see `join`), and pulls its night. A night is
        opened only once the chronicle folder agrees with the record (`folder_edits`: "apply" its
        edits, "keep" the record's sheets; else FolderDiffers, see larp.desk.season). With
        `between_games=False` a night is opened only when it is the first, or under way at another
        station: once a night was closed, the next is opened by its Narrator, never by a command
        that records (`larp record`, `larp roll`).
        """
        with recorded:
            ledger = Ledger.open(db if db is not None else default_db())
        return cls._on(ledger, chronicle, station, narrator, now, open_night, hub, between_games, folder_edits)

    @classmethod
    def read(cls, db: Path | str | None = None, *, now: Now | None = None) -> Self:
        """The desk on an existing record, to read, export or reconcile it; opens no night."""
        with recorded:
            ledger = Ledger.open(db if db is not None else default_db(), create=False)
        desk = cls._on(ledger, None, None, "", now, open_night=False, reading=True)
        desk.reading = True
        return desk

    @classmethod
    def _on(cls, ledger, folder, station, narrator, now, open_night, hub=None, between_games=True, folder_edits=None, reading=False) -> Self:
        try:
            with recorded:
                chronicle, read_from = choose_chronicle(ledger, folder, to_open=open_night, reading=reading)
                if station:
                    ledger.remember(STATION_SETTING, station)
                if narrator:
                    ledger.remember("narrator", narrator)
                station = station or ledger.station()
                narrator = narrator or ledger.setting("narrator") or ""
            desk = cls(ledger, chronicle, station, narrator, now or utc_now)
            desk.from_folder, desk.folder_edits = read_from, folder_edits
            if hub:
                desk.keep_hub(desk.enlist(hub))
                try:
                    desk.sync()
                except DeskError:
                    pass  # joined all the same: the station works offline and syncs when it can
            with recorded:
                desk.hub = ledger.setting(HUB_SETTING)
            desk.opens_between_games = between_games
            if not reading:
                desk._sign_as_filed()
            desk._find_night(open_night)
        except BaseException:
            ledger.close()
            raise
        return desk

    @property
    def chronicle(self) -> Chronicle | None:
        """The chronicle: as given or found on opening, else the one the record holds for the
        night (read when first asked for)."""
        if self._chronicle is None and self.night_row is not None:
            with recorded:
                self._chronicle = chronicle_held(self.ledger, self.night_row) or chronicle_held(self.ledger)  # between games: the night played
        return self._chronicle

    def _sign_as_filed(self) -> None:
        """Each entry this desk writes is signed as it is filed (larp.ledger.signing), the key and
        its cryptography loaded with the first: a desk that writes nothing loads neither."""
        ledger = self.ledger

        def signer(chronicle: str, night: int, line: str) -> str:
            from larp.ledger.signing import sign_as_filed

            return sign_as_filed(ledger, chronicle, night, line)

        ledger.signer = signer

    def _find_night(self, open_night: bool) -> None:
        if open_night and self._chronicle is None:
            raise DeskError("there is no chronicle to open a night on: give a chronicle folder (--chronicle DIR)")
        with recorded:
            if open_night:
                self.night_row = open_night_of(self.ledger, self._chronicle.id, self.station)
            else:
                nights = self.ledger.nights(self._chronicle.id if self._chronicle else None)
                self.night_row = nights[-1] if nights else None
        if open_night and self.night_row is None:
            self._refuse_between_games()
            self._open_night()  # larp.desk.season: the folder and the record agree first
        self.refold_later()

    def _refuse_between_games(self) -> None:
        """Between games (a night was closed, the next opened nowhere yet), a command that records
        opens nothing by itself."""
        if self.opens_between_games:
            return
        with recorded:
            number = number_to_open(self.ledger, self.chronicle.id, self.station)
            following = self.ledger.night(self.chronicle.id, number)
            opened = following is not None and self.ledger.lines(following, kind=Kind.OPENED.value)
        if number > 1 and not opened:
            raise NightClosedBetweenGames(
                f"night {number - 1} is closed and night {number} is not open yet: open it when the game starts "
                "(larp night open); nothing was recorded"
            )

    def close(self) -> None:
        """Let go of the record (the night stays open: see `close_night`), and of the hub; the
        night's fold kept in the record for the next command (`keep_fold`)."""
        self.stop_live()
        try:
            self.keep_fold()
        finally:
            self.ledger.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc_info) -> None:
        self.close()

    @property
    def night_open_here(self) -> bool:
        """This station may record into its night: opened here, not closed, not archived."""
        self._current()
        row = self.night_row
        return row is not None and row.archived_at is None and self.opened_here and not self.closed

    def open_next_night(self, folder_edits: str | None = None) -> int:
        """After this station's night was closed (or archived by `larp close-night`): open the
        next one, as a station opening afresh would. The number of the night now open."""
        if self.night_open_here:
            raise DeskError(f"night {self.night_number} is still open at station {self.station}")
        self.folder_edits = folder_edits
        self._open_night()
        self.reload()
        return self.night_number

    def on_screen(self) -> Presence:
        """This station is on screen until the presence is left: `larp close-night` warns meanwhile."""
        return Presence(self.ledger.where, self.station)

    def stations_on_screen(self) -> list[str]:
        return stations_present(self.ledger.where)

    def close_night(self) -> Entry:
        """This station's night is over (`larp night close`): nothing more is written to it here."""
        self._current()
        return self._write(Kind.CLOSED, f"Night {self.night_number} closes at station {self.station}", (), {})

    @property
    def night_number(self) -> int | None:
        return None if self.night_row is None else self.night_row.number

    # Reading the record.

    def night(self) -> Night:
        """Tonight for the rules engine, its clock at the current game time."""
        self._current()
        return self._night_now()

    def _night_now(self) -> Night:
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

    def roster(self, text: str = "") -> list[CharacterState]:
        """Who is in tonight (retired and dead characters are not), by name; with `text`, those
        whose name, id, player, creature or lineage hold every word of it."""
        self._current()
        return sorted(
            (state for state in self.tonight.characters.values() if state.sheet.plays and in_roster(state.sheet, text)),
            key=lambda state: state.name.casefold(),
        )

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
        """The night's entries in the merged order (game time, then wall time). Tonight's are
        the desk's own fold, once it has one, already read and in order: not read again."""
        row = self._night(night)
        if self._holds_whole(row):
            return [
                entry
                for entry in self._fold.ordered
                if (character is None or character in entry.character_ids)
                and (station is None or entry.station == station)
                and (kind is None or entry.kind.value == kind)
            ]
        with recorded:
            found = self.ledger.entries(row, character=character, station=station, kind=kind)
        return sorted(found, key=lambda entry: entry.order)

    def each_entry(self, character: str | None = None, station: str | None = None, night: int | None = None) -> Iterator[Entry]:
        """The night's entries one at a time in the merged order, read from the record as they
        are wanted: a long night's log in the memory of a short one."""
        row = self._night(night)
        with recorded:
            yield from self.ledger.each_entry(row, character=character, station=station)

    def known(self, night: int | None = None) -> tuple[set[str], set[str], dict[str, str]]:
        """Of the night: every character its entries name, every station that wrote in it, and
        each reversed entry's id → its reversal's."""
        row = self._night(night)
        with recorded:
            characters, stations = self.ledger.known(row)
            return characters, stations, self.ledger.reversed_by(row)

    def _night(self, number: int | None) -> NightRow:
        if number is None or number == self.night_number:
            if self.night_row is None:
                raise DeskError("this record holds no night yet: open one (larp night open) or merge a bundle")
            return self.night_row
        with recorded:
            chronicle = self.night_row.chronicle if self.night_row else self._chronicle and self._chronicle.id
            row = self.ledger.night(chronicle, number) if chronicle else None
        if row is None:
            raise DeskError(f"there is no night {number} in this record")
        return row
