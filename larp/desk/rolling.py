"""The dice systems at the desk: pools named from a sheet, rolls (typed or the station's dice),
Health marked, Initiative and attacks; every roll one entry of the night record."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from larp.desk.errors import DeskError
from larp.ledger.entry import Entry, Kind
from larp.rules.dice.health import MARKS
from larp.sheet.pool import NamedPool, PoolError, PoolPart, parse_pool
from larp.desk.deciding import decide, needed, options, station_faces
from larp.desk.roll_call import Prepared, RollCall, pool_text

if TYPE_CHECKING:
    from larp.rules.dice.odds import Odds
    from larp.rules.tabletop import TableState


class Rolling:
    @property
    def system(self) -> str:
        """met, storyteller or storytelling: how this chronicle's characters act."""
        return self.chronicle.system if self.chronicle else "met"

    def table_character(self, character_id: str) -> TableState:
        """Tonight's state of a tabletop character: Willpower left, Health track."""
        from larp.rules.tabletop import TableState  # the engine's characters: only where one is named

        state = self.character(character_id)
        if not isinstance(state, TableState):
            raise DeskError(f"{state.name} has a Mind's Eye Theatre sheet: her challenges are thrown, not rolled")
        return state

    def table_characters(self) -> list[TableState]:
        """Every tabletop character tonight, by name."""
        from larp.rules.tabletop import TableState

        self._current()
        found = [state for state in self.tonight.characters.values() if isinstance(state, TableState)]
        return sorted(found, key=lambda state: state.name)

    def pool(self, said: str, character_id: str | None = None) -> NamedPool:
        """The pool `said` names on the character's sheet ("Dexterity + Firearms + 2"), or a number."""
        sheet = self.table_character(character_id).sheet if character_id else None
        try:
            return parse_pool(said, sheet)
        except PoolError as error:
            raise DeskError(str(error)) from None

    def mark(self, character_id: str, kind: str, amount: int, reason: str = "") -> Entry:
        """Damage marked on her Health track (D-HEALTH-1), or healed with `amount` below 0."""
        state = self.table_character(character_id)
        if kind not in MARKS:
            raise DeskError(f"damage is bashing, lethal or aggravated, not {kind!r}")
        if not amount:
            raise DeskError("mark at least one box of damage (or heal at least one)")
        after = state.damaged(kind, amount).health
        if amount < 0 and after == state.health:
            raise DeskError(f"{state.name} has no {kind} damage to heal")
        what = f"takes {amount} {kind}" if amount > 0 else f"heals {-amount} {kind}"
        summary = f"{state.name} {what}: Health {after.marks}"
        if after.state != "hurt" and after.state != state.health.state:
            summary += f" ({after.state})"
        if " ".join(reason.split()):
            summary += f"; {' '.join(reason.split())}"
        payload = {"damage": {"target": character_id, "kind": kind, "amount": amount}, "reason": " ".join(reason.split())}
        return self._write(Kind.HEALTH, summary, [character_id], payload)

    def prepare(self, call: RollCall) -> Prepared:
        """The roll read against the sheet: the pool's Traits, and every option that adds or
        takes dice, each with its reason. Refused with a clear message for an unknown Trait,
        a Specialty she lacks, a difficulty out of range."""
        system = self.system
        if system == "met":
            raise DeskError(f"{self.chronicle.name} is a Mind's Eye Theatre chronicle: its challenges are thrown, not rolled")
        pool = self.pool(call.pool, call.character)
        roller = self.table_character(call.character) if call.character else None
        reasons: list[tuple[str, int, str]] = []
        if call.modifier:
            reasons.append(("circumstances", call.modifier, "D-NEW-3" if system == "storytelling" else "D-OLD-1"))
        if system == "storyteller":
            if not 2 <= call.difficulty <= 10:
                raise DeskError(f"a difficulty is from 2 to 10, not {call.difficulty} (D-OLD-1)")
        else:
            if call.again not in (8, 9, 10):
                raise DeskError(f"rerolls are 10-again, 9-again or 8-again, not {call.again}-again (D-NEW-1)")
            if pool.unskilled:
                penalty = -3 if pool.unskilled == "mental" else -1
                reasons.append((f"unskilled ({pool.unskilled.title()} Skill)", penalty, "D-NEW-3"))
            if call.specialty:
                reasons.append(("Specialty", 1, "D-NEW-3"))
            if call.willpower:
                reasons.append(("Willpower", 3, "D-NEW-3"))
        if call.specialty:
            self._check_specialty(pool, roller)
        if call.willpower and roller is not None and roller.willpower < 1:
            raise DeskError(f"{roller.name} has no Willpower left to spend")
        if call.willpower and roller is None:
            raise DeskError("Willpower is spent by a character: name whose pool it is")
        if roller is not None and call.wounds and roller.health.penalty:
            reasons.append((f"wound penalty ({roller.health.marks})", roller.health.penalty, "D-HEALTH-2"))
        if call.defense:
            target = self.table_character(call.damage).name if call.damage else "the defender"
            reasons.append((f"{target}'s Defense and armor", -call.defense, "D-NEW-3"))
        if call.damage:
            self.table_character(call.damage)
            if call.damage_kind not in MARKS:
                raise DeskError(f"damage is bashing, lethal or aggravated, not {call.damage_kind!r}")
        if call.target is not None and call.target < 1:
            raise DeskError("an extended action needs at least one success in all")
        dice = pool.dice + sum(dice for _, dice, _ in reasons)
        return Prepared(call, system, pool, dice, tuple(reasons))

    @staticmethod
    def _check_specialty(pool: NamedPool, roller: TableState | None) -> None:
        specialties = getattr(roller.sheet, "specialties", {}) if roller else {}
        if not any(part.name in specialties for part in pool.parts):
            who = roller.name if roller else "nobody"
            raise DeskError(f"{who} has no Specialty in a Skill of this pool: a Specialty adds a die only to its Skill")

    def roll_odds(self, prepared: Prepared) -> Odds:
        """The roll's exact odds before any die falls (every option counted, rerolls without cut-off)."""
        from larp.rules.dice.odds import odds

        return odds(prepared.dice, options(prepared))

    # The dice: how many are still owed, what they decided, and the entry.

    def dice_needed(self, prepared: Prepared, faces: list[int]) -> int:
        """How many more dice the players still roll (the pool, then every reroll it earned)."""
        return needed(prepared, faces)

    def why_more(self, prepared: Prepared, faces: list[int]) -> str:
        """Why dice are still owed, in words: the pool not all rolled, or rerolls earned."""
        start = max(prepared.dice, 1) if prepared.system == "storytelling" else max(prepared.dice, 0)
        if len(faces) < start:
            return f"the pool is {start} dice and {len(faces)} were given"
        again = "rote: failed dice rolled again" if prepared.call.rote else f"{prepared.call.again}-again"
        return f"rerolls owed ({again}, D-NEW-1)"

    def roll(self, prepared: Prepared, faces: list[int] | None = None, *, seed: int | None = None) -> Entry:
        """The roll decided and recorded: with `faces` as the players typed them (every die,
        rerolls included), else with the station's dice (`secrets`, or `seed` for a replay)."""
        call = prepared.call
        self._current()
        source = "typed" if faces is not None else "station"
        if faces is None:
            faces = station_faces(prepared, seed)
        else:
            owed = needed(prepared, faces)
            if owed > 0:
                raise DeskError(f"{owed} more {'die' if owed == 1 else 'dice'} to roll: {self.why_more(prepared, faces)}")
            if owed < 0:
                raise DeskError(f"{-owed} {'die' if owed == -1 else 'dice'} too many: the pool and its rerolls take {len(faces) + owed}")
        rolled = decide(prepared, faces)
        characters = [cid for cid in (call.character, call.damage) if cid]
        damage = None
        if call.damage and rolled["successes"] > 0:
            damage = {"target": call.damage, "kind": call.damage_kind, "amount": rolled["successes"]}
        payload = {
            "system": prepared.system,
            "character": call.character,
            "action": " ".join(call.action.split()),
            "pool": {
                "said": " ".join(call.pool.split()),
                "traits": [[part.name, part.dots] for part in prepared.pool.parts],
                "modifier": prepared.pool.modifier,
                "reasons": [list(reason) for reason in prepared.reasons],
                "dice": prepared.dice,
            },
            "difficulty": call.difficulty if prepared.system == "storyteller" else None,
            "again": call.again if prepared.system == "storytelling" else None,
            "options": options_of(prepared),
            "faces": faces,
            "source": source,
            "seed": seed,
            "result": rolled,
            "willpower_spent": 1 if call.willpower and call.character else 0,
            "damage": damage,
        }
        return self._write(Kind.ROLL, self._roll_summary(prepared, rolled, damage), list(dict.fromkeys(characters)), payload)

    def _roll_summary(self, prepared: Prepared, rolled: dict, damage: dict | None) -> str:
        call = prepared.call
        who = self.table_character(call.character).name if call.character else "The Narrator"
        head = f"{who} rolls {' '.join(call.pool.split())}"
        if call.action.strip():
            head += f" ({' '.join(call.action.split())})"
        against = f"difficulty {call.difficulty}" if prepared.system == "storyteller" else f"{call.again}-again"
        parts = [f"{head}, {prepared.dice} dice, {against}: {rolled['outcome']}, {rolled['successes']} success{'es' if rolled['successes'] != 1 else ''}"]
        if call.willpower and call.character:
            parts.append(f"{who} spends 1 Willpower")
        if damage:
            target = self.table_character(damage["target"])
            after = target.damaged(damage["kind"], damage["amount"]).health
            parts.append(f"{target.name} takes {damage['amount']} {damage['kind']}: Health {after.marks}")
        return "; ".join(parts)


def read_faces(text: str) -> list[int]:
    """Dice as typed: numbers separated by spaces or commas; a 0 is the 10 of a d10."""
    found = []
    for word in re.split(r"[\s,]+", text.strip()):
        if not word:
            continue
        if not word.isdigit() or not 0 <= int(word) <= 10:
            raise DeskError(f"“{word}” is not a face of a d10 (1 to 10, or 0 for 10)")
        found.append(int(word) or 10)
    return found


def options_of(prepared: Prepared) -> dict:
    call = prepared.call
    options: dict = {"willpower": call.willpower, "specialty": call.specialty, "rote": call.rote, "wounds": call.wounds}
    if call.modifier:
        options["modifier"] = call.modifier
    if call.target is not None:
        options["target"] = call.target
    if call.defense:
        options["defense"] = call.defense
    if prepared.pool.unskilled:
        options["unskilled"] = prepared.pool.unskilled
    return options


def roll_lines(entry: Entry) -> list[str]:
    """A recorded roll in words: its summary, the pool, every die with what it did and the
    rule behind it, and the notes of the result."""
    payload = entry.payload
    pool = payload["pool"]
    named = NamedPool(tuple(PoolPart(name, dots) for name, dots in pool["traits"]), pool["modifier"]).text
    if not pool["traits"]:
        named = pool["said"]
    lines = [entry.summary, f"Pool: {pool_text(named, pool.get('reasons', []), pool['dice'], payload['system'])}"]
    lines += [f"{die['face']:>3}  {die['did']} ({die['rule']})" for die in payload["result"]["dice"]]
    lines += [f"     {text} ({rule})" for rule, text in payload["result"].get("notes", [])]
    return lines
