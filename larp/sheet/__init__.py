"""Character sheets, chronicles and transcripts: the data the rest of larp reads.

Frozen pydantic models with `extra="forbid"` (the tabletop sheets of table.py strict too); loading TOML and JSON gives a
`SheetError` that names the file, the field and, for TOML, the line.
"""

from importlib import import_module

LATER = {
    **dict.fromkeys(("ATTRIBUTES", "STANDALONE", "Category"), "larp.sheet.categories"),
    "Sheet": "larp.sheet.character",
    "SheetError": "larp.sheet.errors",
    "HouseRules": "larp.sheet.house_rules",
    **dict.fromkeys(("load_chronicle", "load_chronicle_file", "load_sheet", "load_transcript"), "larp.sheet.loading"),
    "Chronicle": "larp.sheet.chronicle",
    **dict.fromkeys(("ANY_SHEET", "StorytellerSheet", "StorytellingSheet", "TableSheet"), "larp.sheet.table"),
    **dict.fromkeys(("NamedPool", "PoolError", "PoolPart", "parse_pool"), "larp.sheet.pool"),
}
"""Every name, imported when it is first asked for: a module of larp that reads one file of this
package (the record's strict JSON, a dice pool) does not load pydantic and every model; the
chronicles and the tabletop sheets are never loaded by `larp resolve` (they took a tenth of its
imports)."""


def __getattr__(name: str):
    if name not in LATER:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = globals()[name] = getattr(import_module(LATER[name]), name)
    return value


__all__ = [
    "ANY_SHEET",
    "NamedPool",
    "PoolError",
    "PoolPart",
    "StorytellerSheet",
    "StorytellingSheet",
    "TableSheet",
    "parse_pool",
    "ATTRIBUTES",
    "STANDALONE",
    "Category",
    "Chronicle",
    "HouseRules",
    "Sheet",
    "SheetError",
    "load_chronicle",
    "load_chronicle_file",
    "load_sheet",
    "load_transcript",
]
