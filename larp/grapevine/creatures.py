"""Grapevine 3's twelve creature types: the element of each, where its lineage is, the
standalone Traits the station can use, and the lists renamed across Grapevine's versions."""

LINEAGE = {
    "vampire": "clan",
    "werewolf": "tribe",
    "mortal": "association",
    "changeling": "kith",
    "wraith": "guild",
    "mage": "tradition",
    "fera": "fera",
    "various": "class",
    "mummy": "amenti",
    "kueijin": "dharma",
    "hunter": "creed",
    "demon": "house",
}
"""Each creature's element and the attribute Grapevine calls its Group (clan, tribe, kith …)."""

RATINGS = {
    "werewolf": {"rage": "Rage", "gnosis": "Gnosis"},
    "fera": {"rage": "Rage", "gnosis": "Gnosis"},
    "changeling": {"glamour": "Glamour", "banality": "Banality"},
}
"""Standalone Traits held as attributes of the creature's element: attribute → Trait."""

TEMPERS = "Tempers"
"""A `various` character keeps Willpower, Rage, Gnosis and the like as rows of this list."""

MAPPED = {
    "Physical": ("traits", "physical"),
    "Social": ("traits", "social"),
    "Mental": ("traits", "mental"),
    "Negative Physical": ("negative", "physical"),
    "Negative Social": ("negative", "social"),
    "Negative Mental": ("negative", "mental"),
    "Abilities": ("abilities", ""),
}
"""The trait lists a sheet holds, and where."""

RENAMED = {("vampire", "Beast Traits"): "Miscellaneous", ("fera", "Location"): "Locations"}
"""Lists written under an older name: Grapevine 3 reads a vampire's `Beast Traits` into its
Miscellaneous list; early fera were written with `Location` for `Locations`."""

STATUS = {"active": "active", "inactive": "inactive", "retired": "retired", "dead": "dead"}
"""Grapevine's play status (its words, any case) → a sheet's status; any other word (Withering,
Torpor …) is an active character whose reason says the word."""

EXPERIENCE_KINDS = ("earned", "deducted", "set", "spent", "refund", "set unspent", "comment")
"""Grapevine's experience entry types 0 to 6 (earned, deducted, set earned, spent, unspent,
set unspent, comment) as a sheet's kinds."""
