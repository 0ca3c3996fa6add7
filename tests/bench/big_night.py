"""A big night for the benchmarks, made from the transcript's contract (docs/transcript.md) alone.

Nothing here imports larp: the night is written the way a chronicle's own tools would write it,
so the benchmarks never measure the code under test against nights shaped by that same code.
`python tests/bench/big_night.py CHALLENGES [CHARACTERS] [SEED] > night.json` prints one.

The night: 500 characters (by default) with deep sheets (ten Traits a category, Negative
Traits, a dozen Abilities, two powers that give retests); contested challenges 70 %, static
12 %, simple 8 %, streaks and races 10 %; ties decided on declared totals, Ability retests and
cancels, failed overbids, Willpower and power retests, Negative Traits cited (right and wrong),
relents; a regain every 200 challenges and the game clock a minute on every 20 challenges.

Every step is legal whatever the rules decide where the generator can't know: it keeps each
character's Traits, Abilities and Willpower as what is surely left (a Trait that may be lost is
counted lost), bids only what is surely there, calls a retest only on a throw whose loser it
knows (a tie, decided on totals, is always the challenge's last throw), and keeps away from a
challenge the five-minute rule might bar.
"""

import json
import random
import sys

CATEGORIES = ("physical", "social", "mental")
TRAITS = {
    "physical": ("Brawny", "Quick", "Tough", "Agile", "Nimble", "Rugged", "Stalwart", "Wiry", "Dexterous", "Ferocious"),
    "social": ("Charismatic", "Witty", "Commanding", "Diplomatic", "Eloquent", "Genial", "Intimidating", "Persuasive",
               "Seductive", "Alluring"),
    "mental": ("Clever", "Alert", "Cunning", "Disciplined", "Insightful", "Knowledgeable", "Observant", "Patient",
               "Reflective", "Wily"),
}
NEGATIVES = {
    "physical": ("Clumsy", "Lame", "Puny", "Sickly"),
    "social": ("Callous", "Repugnant", "Tactless", "Obnoxious"),
    "mental": ("Forgetful", "Gullible", "Oblivious", "Predictable"),
}
ABILITIES = ("Brawl", "Dodge", "Melee", "Firearms", "Athletics", "Leadership", "Expression", "Subterfuge",
             "Intimidation", "Occult", "Investigation", "Awareness")
POWERS = ("Werewolf Strength", "Mesmerism", "Obfuscate", "Auspex", "Fortitude", "Celerity")
EFFECTS = {
    "physical": ("strike", "grapple", "shove", "disarm"),
    "social": ("persuade", "intimidate", "charm", "command"),
    "mental": ("search", "read", "dominate", "outwit"),
}
CONTROL = {"command", "charm", "dominate"}
SIGNS = ("rock", "paper", "scissors")
BEATS = {"rock": "scissors", "paper": "rock", "scissors": "paper"}
WILLPOWER = 10


class Character:
    """A sheet and what is surely left of it tonight."""

    def __init__(self, index: int, rng: random.Random, depth: int) -> None:
        self.id = f"c{index:04d}"
        self.traits = {category: {name: depth + rng.randint(0, 3) for name in names} for category, names in TRAITS.items()}
        self.negative = {category: {name: 1 for name in rng.sample(names, 2)} for category, names in NEGATIVES.items()}
        self.abilities = {name: rng.randint(depth, depth + 4) for name in rng.sample(ABILITIES, 12)}
        self.powers = rng.sample(POWERS, 2)
        self.left = {category: dict(traits) for category, traits in self.traits.items()}
        self.points = dict(self.abilities)
        self.willpower = WILLPOWER
        self.regained: set[str] = set()

    def sheet(self) -> dict:
        return {"id": self.id, "name": f"Character {self.id[1:]}", "traits": self.traits, "negative": self.negative,
                "abilities": self.abilities, "willpower": WILLPOWER, "retests": self.powers}

    def surely(self, category: str) -> int:
        return sum(self.left[category].values())

    def bid(self, rng: random.Random, category: str) -> str | None:
        held = [name for name, count in self.left[category].items() if count > 0]
        return rng.choice(held) if held else None

    def risks(self, category: str, trait: str) -> None:
        """`trait` may be crossed off: it no longer counts as surely left."""
        self.left[category][trait] = max(0, self.left[category][trait] - 1)

    def ability(self, rng: random.Random) -> str | None:
        held = [name for name, points in self.points.items() if points > 0]
        return rng.choice(held) if held else None


def throw(winner: str | None, rng: random.Random) -> dict:
    """A throw `winner` ("challenger" or "defender") wins, or a tie."""
    sign = rng.choice(SIGNS)
    if winner is None:
        return {"throw": {"challenger": sign, "defender": sign}}
    if winner == "challenger":
        return {"throw": {"challenger": sign, "defender": BEATS[sign]}}
    return {"throw": {"challenger": BEATS[sign], "defender": sign}}


def other(side: str) -> str:
    return "defender" if side == "challenger" else "challenger"


class Night:
    def __init__(self, characters: int, challenges: int, seed: int) -> None:
        self.rng = random.Random(seed)
        depth = max(4, challenges // characters // 4)
        self.cast = [Character(index, self.rng, min(depth, 90)) for index in range(characters)]
        self.minute = 0
        self.locks: dict[tuple, int] = {}
        self.events: list[dict] = []

    def pick(self, category: str, apart_from: Character | None = None) -> Character:
        while True:
            one = self.rng.choice(self.cast)
            if one is not apart_from and one.surely(category) >= 3:
                return one

    def barred(self, key: tuple) -> bool:
        return self.locks.get(key, -1) > self.minute

    def may_have_lost(self, key: tuple) -> None:
        """The initiator may have lost a Social or Mental challenge: keep away from it for five minutes."""
        if key[2] in ("social", "mental"):
            self.locks[key] = self.minute + 6

    def side(self, character: Character, category: str, with_ability: bool) -> dict:
        party = {"character": character.id, "trait": character.bid(self.rng, category)}
        if with_ability:
            party["ability"] = character.ability(self.rng)
        return party

    def retests(self, steps: list[dict], sides: dict, control: bool, static: bool, loser: str) -> str | None:
        """Retests after a throw `loser` lost, while the dice allow; the last throw's loser, or None after a tie."""
        used = {"challenger": set(), "defender": set()}
        for _ in range(self.rng.choice((0, 1, 1, 2))):
            who = sides.get(loser)
            if who is None:
                return loser
            choices = []
            if "ability" not in used[loser] and who.ability(self.rng):
                choices.append("ability")
            if loser == "defender" and control and "willpower" not in used[loser] and who.willpower > 1:
                choices.append("willpower")
            if "other" not in used[loser]:
                choices.append("other")
            if "overbid" not in used[loser] and who.surely(self.category) >= 2:
                choices.append("overbid")
            if not choices:
                return loser
            source = self.rng.choice(choices)
            used[loser].add(source)
            if source == "ability":
                name = who.ability(self.rng)
                who.points[name] -= 1
                steps.append({"retest": {"side": loser, "source": "ability", "name": name}})
                opponent = sides.get(other(loser))
                if opponent and "ability" not in used[other(loser)] and self.rng.random() < 0.3 and opponent.ability(self.rng):
                    name = opponent.ability(self.rng)
                    opponent.points[name] -= 1
                    used[other(loser)].add("ability")
                    steps.append({"cancel": {"side": other(loser), "ability": name}})
                    return loser
            elif source == "willpower":
                who.willpower -= 1
                steps.append({"retest": {"side": loser, "source": "willpower"}})
            elif source == "other":
                steps.append({"retest": {"side": loser, "source": "other", "name": self.rng.choice(who.powers)}})
            else:
                second = who.bid(self.rng, self.category)
                who.risks(self.category, second)
                steps.append({"retest": {"side": loser, "source": "overbid", "name": second, "total": 1}})
                return loser  # 1 is never twice a total: the gamble fails
            winner = self.rng.choice(("challenger", "defender", None)) if not static else self.rng.choice(("challenger", "defender"))
            steps.append(throw(winner, self.rng))
            if winner is None:
                return None
            loser = other(winner)
        return loser

    def contested(self) -> dict:
        self.category = category = self.rng.choice(CATEGORIES)
        challenger = self.pick(category)
        defender = self.pick(category, challenger)
        effect = self.rng.choice(EFFECTS[category])
        key = (challenger.id, defender.id, category, effect)
        if self.barred(key):
            return self.contested()
        first, second = self.side(challenger, category, self.rng.random() < 0.7), self.side(defender, category, self.rng.random() < 0.5)
        challenge = {"kind": "contested", "category": category, "challenger": first, "defender": second,
                     "control": effect in CONTROL, "effect": effect}
        challenger.risks(category, first["trait"])
        defender.risks(category, second["trait"])
        steps = []
        if self.rng.random() < 0.05:
            steps.append({"relent": "defender"})
            challenge["steps"] = steps
            return challenge
        if self.rng.random() < 0.1:
            negative = self.rng.choice(NEGATIVES[category])
            target, citer = (defender, "defender") if negative in defender.negative[category] else (challenger, "challenger")
            risk = target.bid(self.rng, category)
            target.risks(category, risk)
            steps.append({"cite": {"side": "challenger", "negative": negative, "risk": risk}})
        winner = self.rng.choice(("challenger", "defender", "defender", None))
        steps.append(throw(winner, self.rng))
        loser = None
        if winner is not None:
            loser = self.retests(steps, {"challenger": challenger, "defender": defender}, challenge["control"], False, other(winner))
        if loser is None and self.rng.random() < 0.5:
            steps.append({"declare": {"side": "challenger", "total": self.rng.randint(1, challenger.surely(category))}})
        if loser != "defender":
            self.may_have_lost(key)
        challenge["steps"] = steps
        return challenge

    def static(self, kind: str) -> dict:
        self.category = category = self.rng.choice(CATEGORIES)
        challenger = self.pick(category)
        difficulty = 0 if kind == "simple" else self.rng.randint(2, 8)
        effect = self.rng.choice(EFFECTS[category])
        key = (challenger.id, f"static:{difficulty}", category, effect)
        if self.barred(key):
            return self.static(kind)
        challenge = {"kind": kind, "category": category, "challenger": self.side(challenger, category, self.rng.random() < 0.5),
                     "defender": {"static": difficulty}, "effect": effect}
        if kind == "simple":
            challenge["win_outright"] = self.rng.random() < 0.3
            challenge["steps"] = [throw(self.rng.choice(("challenger", "defender", None)), self.rng)]
        else:
            winner = self.rng.choice(("challenger", "defender", None))
            steps = [throw(winner, self.rng)]
            if winner is not None:
                self.retests(steps, {"challenger": challenger}, False, True, other(winner))
            challenge["steps"] = steps
        self.may_have_lost(key)
        return challenge

    def extended(self) -> dict:
        self.category = category = self.rng.choice(CATEGORIES)
        challenger = self.pick(category)
        kind = self.rng.choice(("streak", "race"))
        versus = self.pick(category, challenger) if self.rng.random() < 0.5 else None
        defender = self.side(versus, category, False) if versus else {"static": self.rng.randint(2, 6)}
        effect = self.rng.choice(EFFECTS[category])
        key = (challenger.id, versus.id if versus else f"static:{defender['static']}", category, effect)
        if self.barred(key):
            return self.extended()
        challenge = {"kind": kind, "category": category, "challenger": self.side(challenger, category, False),
                     "defender": defender, "effect": effect}
        challenger.risks(category, challenge["challenger"]["trait"])
        if versus:
            versus.risks(category, defender["trait"])
        steps = []
        if kind == "streak":
            cap = self.rng.choice((None, 3, 5))
            challenge["target"] = cap
            wins = self.rng.randint(0, cap or 6)
            steps = [throw("challenger", self.rng) for _ in range(wins)]
            if cap is None or wins < cap:
                steps.append(throw("defender", self.rng))
        else:
            need = self.rng.randint(1, 3)
            challenge["target"] = need
            score = {"challenger": 0, "defender": 0}
            while max(score.values()) < need:
                winner = self.rng.choice(("challenger", "defender"))
                score[winner] += 1
                steps.append(throw(winner, self.rng))
        challenge["steps"] = steps
        self.may_have_lost(key)
        return challenge

    def regain(self) -> dict | None:
        for _ in range(50):
            who = self.rng.choice(self.cast)
            category = self.rng.choice(CATEGORIES)
            if category not in who.regained and who.willpower > 1 and who.surely(category) < sum(who.traits[category].values()):
                who.regained.add(category)
                who.willpower -= 1
                return {"regain": {"character": who.id, "category": category}}
        return None

    def challenge(self) -> dict:
        roll = self.rng.random()
        if roll < 0.70:
            return self.contested()
        if roll < 0.82:
            return self.static("static")
        if roll < 0.90:
            return self.static("simple")
        return self.extended()

    def made(self, challenges: int) -> dict:
        for number in range(1, challenges + 1):
            self.events.append({"challenge": self.challenge()})
            if number % 200 == 0 and (regain := self.regain()):
                self.events.append(regain)
            if number % 20 == 0:
                self.minute += 1
                self.events.append({"clock": {"advance_minutes": 1}})
        return {"characters": [one.sheet() for one in self.cast], "events": list(self.events)}


def big_night(challenges: int, characters: int = 500, seed: int = 31, more: int = 0) -> tuple[dict, list[dict]]:
    """A night of `challenges` challenges among `characters` characters, the same for the same
    seed, and the events of `more` challenges after it (legal on the night or on its sheets alone)."""
    night = Night(characters, challenges, seed)
    whole = night.made(challenges)
    return whole, night.made(more)["events"][len(whole["events"]):]


if __name__ == "__main__":
    args = [int(arg) for arg in sys.argv[1:]]
    json.dump(big_night(*args)[0], sys.stdout)
