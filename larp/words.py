"""Words a Narrator reads, right by construction: a count with its noun in the right number,
a noun with its article, and a character spoken of by the pronouns on her sheet.

Nothing here imports the rest of larp: every layer may speak through it.
"""

from dataclasses import dataclass

IRREGULAR = {"die": "dice", "is": "are", "was": "were", "has": "have"}
"""Plurals that the spelling rules below do not make."""


def plural(noun: str) -> str:
    """`card` → `cards`, `entry` → `entries`, `die` → `dice`, `Ability` → `Abilities`,
    `new entry` → `new entries` (the last word takes the plural)."""
    head, space, noun = noun.rpartition(" ")
    return head + space + plural_word(noun)


def plural_word(noun: str) -> str:
    known = IRREGULAR.get(noun.lower())
    if known is not None:
        return known[0].upper() + known[1:] if noun[:1].isupper() else known
    if noun.endswith(("s", "x", "ch", "sh")):
        return noun + "es"
    if noun.endswith("y") and noun[-2:-1] not in ("a", "e", "i", "o", "u"):
        return noun[:-1] + "ies"
    return noun + "s"


def capitalised(text: str) -> str:
    """A sentence's first letter in capitals, the rest as it is: `static 8 wins.` → `Static 8 wins.`"""
    return text[:1].upper() + text[1:]


def counted(count: int | float, singular: str, plural_form: str | None = None) -> str:
    """`1 card`, `0 cards`, `2 entries`, `1.5 points`: the noun in the number of the count."""
    shown = f"{count:g}" if isinstance(count, float) else str(count)
    return f"{shown} {singular if count == 1 else plural_form or plural(singular)}"


def are(count: int) -> str:
    """The verb after a count: `1 entry is`, `0 entries are`."""
    return "is" if count == 1 else "are"


VOWEL_SOUNDS = ("a", "e", "i", "o", "u")
CONSONANT_SOUNDS = ("one", "uni", "use", "usu", "eu")
"""Words spelt with a vowel that start with a consonant's sound (a unique Trait, a one-shot)."""
VOWEL_LETTERS = ("honest", "hour", "honour", "heir")
"""Words spelt with a consonant that start with a vowel's sound."""


def a(noun: str) -> str:
    """`an Ability`, `a Trait`, `an Occult retest`, `a unique power`, `an hour`."""
    lower = noun.lower()
    vowel = lower.startswith(VOWEL_SOUNDS) and not lower.startswith(CONSONANT_SOUNDS)
    return f"{'an' if vowel or lower.startswith(VOWEL_LETTERS) else 'a'} {noun}"


@dataclass(frozen=True)
class Pronouns:
    """How messages speak of one character: `she/her`, `he/him`, `they/them`, or what her sheet says."""

    subject: str
    object: str
    possessive: str
    plural_verbs: bool = False
    """`they have`, not `they has`."""

    @classmethod
    def said(cls, pronouns: str) -> "Pronouns":
        """From a sheet's `pronouns` (`she/her`, `he/him`, `xe/xem/xyr`); without any, `they`."""
        parts = [part.strip() for part in pronouns.lower().split("/") if part.strip()]
        if not parts:
            return THEY
        known = KNOWN.get(parts[0])
        if known is not None:
            return known
        subject = parts[0]
        object_ = parts[1] if len(parts) > 1 else subject
        return cls(subject, object_, parts[2] if len(parts) > 2 else object_)

    def verb(self, singular: str) -> str:
        """`she has`, `they have`, `she regains`, `they regain`: the verb that goes with the subject."""
        if not self.plural_verbs:
            return singular
        if singular in IRREGULAR:
            return IRREGULAR[singular]
        if singular.endswith("ies"):
            return singular[:-3] + "y"
        if singular.endswith(("sses", "shes", "ches", "xes")):
            return singular[:-2]
        return singular[:-1] if singular.endswith("s") else singular


THEY = Pronouns("they", "them", "their", plural_verbs=True)
KNOWN = {
    "she": Pronouns("she", "her", "her"),
    "he": Pronouns("he", "him", "his"),
    "they": THEY,
    "it": Pronouns("it", "it", "its"),
}
