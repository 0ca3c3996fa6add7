"""Tonight as the record tells it: starting states plus every entry's recorded result.

Entries are applied in game-clock order (then wall time), whichever station wrote
them. Nothing is adjudicated again: each entry's lost, spent and regained deltas
are checked against the character as she stands at that moment, and what does
not fit is an `Anomaly` (two stations ruling on the same sheet). On one station's
record this gives exactly what replaying its events gives.
"""

import copy
from dataclasses import replace
from typing import Any, Iterable

from larp.ledger.bulk import bulk
from larp.ledger.effects import Anomaly, Effect
from larp.ledger.ending import as_carried
from larp.ledger.entry import Entry, Kind
from larp.ledger.health import damaged, wounded
from larp.ledger.heard_late import between, between_reversed, checked_opening, first_of, season_opened
from larp.ledger.results import lock_from_json
from larp.ledger.rows import PAYLOAD_TRIPS, Damage, fold_damage
from larp.ledger.operations import Operation
from larp.ledger.registers import Registers
from larp.ledger.season import checked_in, experienced, purchased
from larp.ledger.sheet_changed import with_sheet
from larp.ledger.starting import starting_state
from larp.rules import CharacterState, Lock, Locks, Night, game_time
from larp.rules.cast import Cast
from larp.rules.tabletop import TableState
from larp.sheet import ANY_SHEET, Category, HouseRules, TableSheet

CHANGING = (Kind.ADJUDICATION, Kind.REGAIN, Kind.ROLL, Kind.HEALTH)
OPENING_FLAGS = ("rosters-differ", "sheets-differ", "came-late")
"""What an opening is checked for against the night's first: made again should another be first."""


class Tonight:
    """The night folded from its entries; `apply` takes them one at a time, in order."""

    def __init__(self, reversals: dict[str, Entry]) -> None:
        self.rules = HouseRules()
        self.characters: dict[str, CharacterState | TableState] = {}
        """Every character: a Mind's Eye Theatre CharacterState, or a tabletop TableState."""
        self.starts: dict[str, CharacterState | TableState] = {}
        self.start_data: dict[str, dict] = {}
        self.locks = Locks()
        self.lockers: dict[Lock, Entry] = {}
        """The entry that set each lock."""
        self.locks_by_key: dict[tuple, tuple[Lock, ...]] = {}
        """The locks set on each challenge (challenger, target, category, effect), in order."""
        self.regains: dict[tuple[str, str], Entry] = {}
        """The entry that used each character's regain of a category."""
        self.reversals = reversals
        """Reversed entry id → the reversal entry."""
        self.pending: dict[str, list[tuple[Entry, Entry]]] = {}
        """Per character, reversed entries passed whose reversal is still to come."""
        self.anomalies: list[Anomaly] = []
        self.first_opening: Entry | None = None
        self.present: dict[str, Entry] = {}
        """Who is checked in for this game: the entry that first said so."""
        self.last: tuple | None = None
        self.damaged: list[Damage] = []
        """Entries whose payload could not be applied (damaged in the record): left out."""
        self.season: Registers | None = None
        """The starting states as the first opening's operations and those heard since leave them."""
        self.season_ops: dict[str, Operation] = {}
        """The night's between-games operations folded so far, not reversed."""
        self.season_undone: dict[str, Operation] = {}
        """The night's between-games operations reversed."""
        self.openings: list[Entry] = []
        """Every opening of the night folded so far."""
        self.heard: frozenset[str] | None = None
        """The operations the first opening had heard (None: an older record's, every one)."""
        self.season_last: tuple | None = None
        """The place in the season's order of the last operation folded on top of the opening."""

    @classmethod
    def of(cls, entries: Iterable[Entry], effects: list[Effect] | None = None) -> "Tonight":
        """The night after every entry, in order; each entry's effects are added to `effects`."""
        with bulk():
            ordered = sorted(entries, key=lambda e: e.order)
            tonight = cls({e.reverses: e for e in ordered if e.kind is Kind.REVERSAL and e.reverses})
            for entry in ordered:
                done = tonight.apply(entry)
                if effects is not None:
                    effects.extend(done)
        return tonight

    def snapshot(self) -> "Tonight":
        """A copy to fold on from: the containers copied, the states in them (immutable) shared."""
        other = copy.copy(self)
        for name, value in vars(self).items():
            if isinstance(value, (dict, list)) and name != "reversals":
                setattr(other, name, copy.copy(value))
        other.pending = {cid: list(pairs) for cid, pairs in self.pending.items()}
        other.season = None if self.season is None else self.season.copy()
        return other

    def follows(self, entry: Entry) -> bool:
        """Whether the entry comes after every entry applied so far (else fold again)."""
        return self.last is None or entry.order >= self.last

    def night(self, clock: float) -> Night:
        return Night(rules=self.rules, characters=Cast(self.characters), clock=clock, locks=self.locks)

    def apply(self, entry: Entry) -> list[Effect]:
        self.last = entry.order
        if entry.kind is Kind.REVERSAL:
            return self._reversal(entry)
        reversal = self.reversals.get(entry.id)
        if reversal is not None:
            if entry.kind is Kind.BETWEEN:
                between_reversed(self, entry)
            if reversal.order > entry.order:
                for cid in entry.character_ids:
                    self.pending.setdefault(cid, []).append((entry, reversal))
            return [Effect(cid, entry, reversed_by=reversal.id) for cid in entry.character_ids]
        try:
            return self._applied(as_carried(entry))
        except PAYLOAD_TRIPS as error:
            self.damaged.append(fold_damage(entry, error))
            return []

    def _applied(self, entry: Entry) -> list[Effect]:
        if entry.kind in CHANGING:
            self._check_reliance(entry)
        handler = _HANDLERS.get(entry.kind)
        return handler(self, entry) if handler else []

    def _reversal(self, entry: Entry) -> list[Effect]:
        for cid in entry.character_ids:
            self.pending[cid] = [pair for pair in self.pending.get(cid, []) if pair[1].id != entry.id]
        return [Effect(cid, entry) for cid in entry.character_ids]

    def _check_reliance(self, entry: Entry) -> None:
        for cid in entry.character_ids:
            for reversed_entry, reversal in self.pending.get(cid, []):
                self.flag(
                    "reversed-relied-on",
                    cid,
                    entry,
                    f"{self.name(cid)}: this entry came after {reversed_entry.short_id} ({reversed_entry.summary}), "
                    f"which {reversal.short_id} later reversed ({reversal.payload.get('reason', '')}): check it still holds",
                )

    def name(self, cid: str) -> str:
        state = self.characters.get(cid)
        return state.name if state else cid

    def flag(self, kind: str, cid: str, entry: Entry, message: str, earlier: Entry | None = None) -> None:
        self.anomalies.append(Anomaly(kind, cid, entry, message, earlier))

    # The entries that start characters.

    def _opened(self, entry: Entry) -> list[Effect]:
        """An opening: the night's first in the season's order (larp.ledger.heard_late.first_of),
        whichever arrived first, starts everyone; another is checked against it."""
        checked_opening(entry)
        self.openings.append(entry)
        first = first_of(self.openings)
        if first is not self.first_opening:
            switching = self.first_opening is not None
            self.first_opening = first
            self.rules = HouseRules.as_recorded(first.payload["chronicle"].get("house_rules", {}))
            self._started_by(first, switching)
            return []
        self._check_roster(entry)
        for data in entry.payload["characters"]:
            self._start(entry, data)
        return []

    def _started_by(self, first: Entry, switching: bool) -> None:
        """The night started from its first opening (one first in the season's order arrived after
        another): everyone's start is the first's, and the other openings are checked against it."""
        self.anomalies = [a for a in self.anomalies if a.kind not in OPENING_FLAGS]
        for data in first.payload["characters"]:
            cid = data["sheet"]["id"]
            if cid not in self.characters:
                self.start_data[cid] = data
                self.starts[cid] = self.characters[cid] = starting_state(data)
            else:
                self.start_data[cid] = data
        for other in self.openings:
            if other is not first:
                self._check_roster(other)
                for data in other.payload["characters"]:
                    self._start(other, data)
        self.season = Registers({}) if switching else None  # switching: everyone restarted from the first's
        season_opened(self, first)

    def _check_roster(self, entry: Entry) -> None:
        """Every station opens the night from one roster: a character one opening has and the
        first has not, or the other way round, is an anomaly naming both stations."""
        first = self.first_opening
        theirs = {data["sheet"]["id"]: data["sheet"].get("name", "") for data in first.payload["characters"]}
        mine = {data["sheet"]["id"]: data["sheet"].get("name", "") for data in entry.payload["characters"]}
        for cid in sorted(theirs.keys() ^ mine.keys()):
            has, lacks = (entry, first) if cid in mine else (first, entry)
            self.flag(
                "rosters-differ",
                cid,
                entry,
                f"{mine.get(cid) or theirs.get(cid) or cid}: station {has.station} opened night {entry.night} with her "
                f"(entry {has.short_id}), station {lacks.station} without her (entry {lacks.short_id}): the stations "
                "opened from different rosters",
                first,
            )

    def _added(self, entry: Entry) -> list[Effect]:
        cid = self._start(entry, entry.payload["character"])
        return [Effect(cid, entry)]

    def _start(self, entry: Entry, data: dict) -> str:
        cid = data["sheet"]["id"]
        known = self.start_data.get(cid)
        if known is None:
            self.start_data[cid] = data
            self.starts[cid] = self.characters[cid] = starting_state(data)
        elif known != data:
            self.flag(
                "sheets-differ",
                cid,
                entry,
                f"{self.name(cid)}: station {entry.station} started the character from another sheet than the one "
                "used first; the first is kept",
            )
        return cid

    def _changed(self, entry: Entry) -> list[Effect]:
        sheet = purchased(self, entry, ANY_SHEET.validate_python(entry.payload["sheet"]))
        fresh = TableState.fresh if isinstance(sheet, TableSheet) else CharacterState.fresh
        known = self.characters.get(sheet.id)
        if known is None or isinstance(sheet, TableSheet) != isinstance(known, TableState):
            self.starts.setdefault(sheet.id, fresh(sheet))
            self.characters[sheet.id] = fresh(sheet)
        elif isinstance(known, TableState):
            self.characters[sheet.id] = known.with_sheet(sheet)
        else:
            self.characters[sheet.id] = with_sheet(known, sheet)
        return [Effect(sheet.id, entry, {"sheet": "changed"})]

    # The entries that change characters.

    def _adjudication(self, entry: Entry) -> list[Effect]:
        category = Category(entry.payload["challenge"]["category"])
        self._check_locks(entry)
        lock = lock_from_json(entry.payload.get("lock"))
        if lock is not None:
            self.locks = self.locks.adding(lock)
            self.lockers[lock] = entry.without_payload()  # told of by a broken lock: its station and id, not its payload
            key = (lock.challenger, lock.target, lock.category, lock.effect)
            self.locks_by_key[key] = self.locks_by_key.get(key, ()) + (lock,)
        return self._deltas(entry, category)

    def _check_locks(self, entry: Entry) -> None:
        """A challenge tried again while another station's five-minute lock held it (R-NIGHT-2),
        with no override: what a station offline could not know."""
        challenge = entry.payload["challenge"]
        if entry.payload["result"].get("override") or not self.locks:
            return
        defender = challenge["defender"]
        target = defender.get("character") or f"static:{defender.get('static')}"
        tried = (challenge["challenger"]["character"], target, challenge["category"], challenge.get("effect", "").strip())
        started = entry.payload.get("started", entry.game_time)
        for lock in self.locks_by_key.get(tried, ()):
            locker = self.lockers.get(lock)
            if locker is not None and lock.until > started:
                self.flag(
                    "lock-broken",
                    tried[0],
                    entry,
                    f"{self.name(tried[0])} tried the same challenge again at station {entry.station} (entry "
                    f"{entry.short_id}) while the five-minute rule held it: station {locker.station} (entry "
                    f"{locker.short_id}) barred it until game time {game_time(lock.until)} (R-NIGHT-2)",
                    locker,
                )
                return

    def _roll(self, entry: Entry) -> list[Effect]:
        """Willpower spent on a roll, and the damage it marked."""
        payload = entry.payload
        deltas: dict[str, dict[str, Any]] = {cid: {} for cid in entry.character_ids}
        roller = payload.get("character")
        if payload.get("willpower_spent") and isinstance(self.characters.get(roller), TableState):
            state = self.characters[roller]
            spent = payload["willpower_spent"]
            if spent > state.willpower:
                self.flag("below-zero", roller, entry, f"{state.name} spends {spent} Willpower with {state.willpower} left: held at 0")
                spent = max(state.willpower, 0)
            self.characters[roller] = state.spending_willpower(spent)
            deltas.setdefault(roller, {})["spent"] = {"willpower": spent}
        if payload.get("damage"):
            damaged(self, entry, payload["damage"], deltas)
        return [Effect(cid, entry, delta) for cid, delta in deltas.items()]

    def _health(self, entry: Entry) -> list[Effect]:
        deltas: dict[str, dict[str, Any]] = {cid: {} for cid in entry.character_ids}
        if entry.payload.get("wound"):
            wounded(self, entry, entry.payload["wound"], deltas)
        else:
            damaged(self, entry, entry.payload["damage"], deltas)
        return [Effect(cid, entry, delta) for cid, delta in deltas.items()]

    def _regain(self, entry: Entry) -> list[Effect]:
        return self._deltas(entry, Category(entry.payload["category"]))

    def _deltas(self, entry: Entry, category: Category) -> list[Effect]:
        result = entry.payload["result"]
        effects = []
        for cid in entry.character_ids:
            if cid not in self.characters:
                continue
            delta: dict[str, Any] = {}
            if cid in result.get("regained", {}):
                delta["regained"] = {category.value: self._regained(entry, cid, category, result["regained"][cid])}
            if cid in result.get("lost", {}):
                delta["lost"] = {category.value: self._lost(entry, cid, category, result["lost"][cid])}
            if cid in result.get("spent", {}):
                delta["spent"] = self._spent(entry, cid, result["spent"][cid])
            effects.append(Effect(cid, entry, delta))
        return effects

    def _lost(self, entry: Entry, cid: str, category: Category, names: list[str]) -> list[str]:
        crossed = []
        for name in names:
            state = self.characters[cid]
            if state.available(category).get(name, 0) > 0:
                self.characters[cid] = state.losing(category, (name,))
                crossed.append(name)
            else:
                self.flag(
                    "trait-not-there",
                    cid,
                    entry,
                    f"{state.name} loses {name}, but had no {name} left at that moment "
                    "(two stations ruling on the same sheet?): not crossed off twice",
                )
        return crossed

    def _spent(self, entry: Entry, cid: str, spent: dict) -> dict:
        state = self.characters[cid]
        abilities: dict[str, int] = {}
        for name, points in spent.get("abilities", {}).items():
            left = state.abilities.get(name, 0)
            if points > left:
                self.flag("below-zero", cid, entry, f"{state.name} spends {points} {name} with {left} left: held at 0")
            abilities[name] = min(points, max(left, 0))
        willpower = spent.get("willpower", 0)
        if willpower > state.willpower:
            self.flag(
                "below-zero", cid, entry, f"{state.name} spends {willpower} Willpower with {state.willpower} left: held at 0"
            )
            willpower = max(state.willpower, 0)
        self.characters[cid] = state.spending(abilities, willpower)
        return {"abilities": abilities, "willpower": willpower}

    def _regained(self, entry: Entry, cid: str, category: Category, names: list[str]) -> list[str]:
        state = self.characters[cid]
        first = self.regains.setdefault((cid, category.value), entry)
        if category.value in state.regained:
            where = f"station {first.station} (entry {first.short_id})" if first is not entry else "earlier"
            self.flag(
                "regain-twice",
                cid,
                entry,
                f"{state.name} regains {state.sheet.speech.possessive} {category.value.title()} Traits a second time tonight (R-NIGHT-1): "
                f"first at {where}, again at station {entry.station} (entry {entry.short_id})",
                None if first is entry else first,
            )
        lost = list(state.lost.get(category.value, ()))
        back = []
        for name in names:
            if name in lost:
                lost.remove(name)
                back.append(name)
        self.characters[cid] = replace(
            state, lost={**state.lost, category.value: tuple(lost)}, regained=state.regained | {category.value}
        )
        return back


_HANDLERS = {
    Kind.OPENED: Tonight._opened,
    Kind.ADDED: Tonight._added,
    Kind.CHANGED: Tonight._changed,
    Kind.ADJUDICATION: Tonight._adjudication,
    Kind.REGAIN: Tonight._regain,
    Kind.ROLL: Tonight._roll,
    Kind.HEALTH: Tonight._health,
    Kind.EXPERIENCE: experienced,
    Kind.CHECKIN: checked_in,
    Kind.BETWEEN: between,
}
