"""Character sheets, chronicles and transcripts: the data the rest of larp reads.

Frozen pydantic models with `extra="forbid"` (the tabletop sheets of table.py strict too); loading TOML and JSON gives a
`SheetError` that names the file, the field and, for TOML, the line.
"""

from larp.sheet.categories import ATTRIBUTES, STANDALONE, Category
from larp.sheet.character import Sheet
from larp.sheet.chronicle import Chronicle, HouseRules
from larp.sheet.errors import SheetError
from larp.sheet.pool import NamedPool, PoolError, PoolPart, parse_pool
from larp.sheet.table import ANY_SHEET, StorytellerSheet, StorytellingSheet, TableSheet
from larp.sheet.loading import (
    load_chronicle,
    load_chronicle_file,
    load_sheet,
    load_transcript,
)

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
