"""A combat turn at the desk (seed 004): Initiative rolled or typed, and each attack a roll of
the attacker's pool against the defender's Defense and armor, its successes damage on her track."""

from dataclasses import dataclass

from larp.desk.deciding import defense_against, draw_one, initiative_order
from larp.desk.errors import DeskError
from larp.desk.roll_call import RollCall
from larp.ledger import Entry, Kind
from larp.sheet import StorytellingSheet

ATTACKS: dict[str, tuple[str, str, bool, str]] = {
    "unarmed": ("Strength + Brawl", "bashing", True, "unarmed close combat"),
    "armed": ("Strength + Weaponry", "lethal", True, "armed close combat"),
    "ranged": ("Dexterity + Firearms", "lethal", False, "ranged combat (guns and bows)"),
    "thrown": ("Dexterity + Athletics", "lethal", True, "ranged combat (thrown weapons)"),
}
"""The four attack pools of seed 004: pool, damage, whether Defense applies, what it is."""


@dataclass(frozen=True)
class Attack:
    attacker: str
    defender: str
    kind: str = "unarmed"
    attacks_before: int = 0
    """Attacks on the defender earlier this turn: each takes 1 from her Defense."""
    dodging: bool = False
    """The defender gave up her action to dodge: her Defense is doubled this turn."""
    modifier: int = 0
    damage_kind: str | None = None
    """The weapon's damage, when it is not the attack's usual (unarmed bashing, else lethal)."""


class Combat:
    def _fighter(self, character_id: str) -> StorytellingSheet:
        sheet = self.table_character(character_id).sheet
        if not isinstance(sheet, StorytellingSheet):
            raise DeskError(f"{sheet.display_name} has a Storyteller sheet: the combat turn follows the Storytelling System (seed 004)")
        return sheet

    def initiative(self, character_id: str, face: int | None = None, *, seed: int | None = None) -> Entry:
        """One die plus the Initiative modifier (Dexterity + Composure), typed or the station's."""
        sheet = self._fighter(character_id)
        source = "typed" if face is not None else "station"
        if face is None:
            face = draw_one(seed)
        if not 1 <= face <= 10:
            raise DeskError(f"a d10 shows 1 to 10, not {face}")
        total = face + sheet.initiative
        rolled = {
            "successes": 0,
            "outcome": f"Initiative {total}",
            "dice": [{"face": face, "did": f"added to the Initiative modifier {sheet.initiative}", "rule": "D-SG-11"}],
            "initiative": total,
        }
        payload = {
            "system": "storytelling",
            "character": character_id,
            "action": "Initiative",
            "pool": {"said": "Initiative", "traits": [["Dexterity", sheet.attributes.Dexterity], ["Composure", sheet.attributes.Composure]], "modifier": 0, "reasons": [], "dice": 1},
            "again": None,
            "options": {},
            "faces": [face],
            "source": source,
            "seed": seed,
            "result": rolled,
        }
        summary = f"{sheet.display_name} rolls Initiative: {face} + {sheet.initiative} = {total}"
        return self._write(Kind.ROLL, summary, [character_id], payload)

    def initiative_order(self, totals: dict[str, int]) -> list[str]:
        """The characters by the Initiative each rolled, highest first; a tie goes to the higher
        Initiative modifier, then the id (D-SG-11)."""
        return initiative_order({cid: (total, self._fighter(cid).initiative) for cid, total in totals.items()})

    def attack_call(self, attack: Attack) -> RollCall:
        """The attack as a roll: the attacker's pool less the defender's Defense (dodging doubles
        it, each earlier attack this turn takes 1) and armor; the successes are damage on her track."""
        if attack.kind not in ATTACKS:
            raise DeskError(f"an attack is {', '.join(ATTACKS)}, not {attack.kind!r}")
        if attack.attacker == attack.defender:
            raise DeskError("a character does not attack herself")
        pool, damage, defended, what = ATTACKS[attack.kind]
        self._fighter(attack.attacker)
        defender = self._fighter(attack.defender)
        defense = defense_against(defender.defense, attack.dodging, attack.attacks_before) if defended else 0
        return RollCall(
            pool=pool,
            character=attack.attacker,
            action=f"{what} on {defender.display_name}",
            modifier=attack.modifier,
            damage=attack.defender,
            damage_kind=attack.damage_kind or damage,
            defense=defense + defender.armor,
        )
