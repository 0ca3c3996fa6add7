"""R-HEALTH-1 on the real Grapevine files: every sample character's `Health Levels` list, read
by a plain scan of the XML independent of larp's reader, is her track, level by level with its
boxes (a level without `val` has one), and her wounds fill it in that order."""

import re

import pytest

from larp.grapevine.folder import read_file
from larp.rules.wounds import track_of
from larp.sheet import HouseRules
from tests.grapevine.samples import CREATURES, need_samples, xml_files

pytestmark = need_samples

_CHARACTER = re.compile(r"^  <(%s) [^>]*?(?:/>|>(.*?)^  </\1>)" % "|".join(CREATURES), re.S | re.M)
_LEVELS = re.compile(r'<traitlist name="Health Levels"[^>]*?(?:/>|>(.*?)</traitlist>)', re.S)
_LEVEL = re.compile(r'<trait name="([^"]*)"(?: val="([^"]*)")?')


def scanned_levels(path) -> list[tuple[tuple[str, int], ...] | None]:
    """Per character in file order, her Health Levels as the file says them (None: no list; an
    empty list: none named)."""
    text = path.read_bytes().decode("utf-8", errors="replace")
    found = []
    for match in _CHARACTER.finditer(text):
        levels = _LEVELS.search(match.group(2) or "")
        found.append(tuple((name, int(val or 1)) for name, val in _LEVEL.findall(levels.group(1) or "")) if levels else None)
    return found


@pytest.mark.parametrize("path", xml_files(), ids=lambda path: path.name)
def test_r_health_1_every_sample_characters_health_levels_are_her_track(path):
    sheets = list(read_file(path).chronicle.characters.values())
    scanned = scanned_levels(path)
    assert len(sheets) == len(scanned)
    rules = HouseRules()
    for sheet, levels in zip(sheets, scanned):
        track = track_of(sheet, rules)
        assert track.levels == (levels or tuple(rules.health.levels.items())), sheet.display_name
        full = track.marking(track.boxes, sheet.display_name)
        assert full.state == track.levels[-1][0] and full.marks.count("■") == track.boxes


def test_r_health_1_the_samples_name_health_levels_for_hundreds_of_characters():
    """The reading above is not of empty lists only: every creature type but the wraith (whose
    Corpus Grapevine keeps as a number) names Health Levels, in most of the samples' characters."""
    named = [levels for path in xml_files() for levels in scanned_levels(path) if levels]
    assert len(named) > 400 and {boxes for levels in named for _, boxes in levels} >= {1, 2, 3, 4}
