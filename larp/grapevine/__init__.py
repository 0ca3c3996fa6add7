"""Grapevine files in and out: Grapevine 3 exchange (`.gex`) and game (`.gv3`) files, XML or
binary, read into a Chronicle of sheets, and a Chronicle written back as an exchange file.

Uses `larp.sheet` and the standard library only.
"""

from larp.grapevine.errors import GrapevineError

__all__ = ["GrapevineError"]
