"""larp's own TOML read at once (`larp.sheet.toml_reading`) gives what `tomllib` gives; anything
else is left to `tomllib` (None), so that a file it refuses is refused with its message."""

import tomllib
from pathlib import Path

import pytest

from larp.grapevine.folder import read_file
from larp.sheet.toml_reading import loads
from larp.sheet.toml_writing import chronicle_toml, sheet_toml
from tests.grapevine.samples import all_files, need_samples

REPO = Path(__file__).resolve().parents[2]


def test_the_hand_written_files_of_cards_read_as_tomllib_reads_them():
    for path in sorted((REPO / "cards").glob("*.toml")):
        text = path.read_text("utf-8")
        data = loads(text)
        assert data is None or data == tomllib.loads(text), path.name


@need_samples
@pytest.mark.parametrize("path", [p for p in all_files() if p.parent.name == "crapvine"], ids=lambda p: p.name)
def test_every_sheet_imported_from_a_sample_reads_at_once_as_tomllib_reads_it(path):
    chronicle = read_file(path).chronicle
    texts = [chronicle_toml(chronicle, "heading"), *(sheet_toml(s, f"{s.name}: a sheet") for s in chronicle.characters.values())]
    for text in texts:
        assert loads(text) == tomllib.loads(text)
        assert loads(text.replace("\n", "\r\n")) == tomllib.loads(text)


SAME = [
    "",
    "# only a comment\n\n",
    'id = "a"\nwillpower = -0\nx = 1.5\ny = 1e-05\nz = 2.5E+3\nt = true\nf = false\n',
    'name = "tab\there, \\"quoted\\" \\\\ \\u00e9 \\n"\n"odd key" = "é ☃"\n"" = 1\n',
    "[traits.physical]\nQuick = 2\n\n[traits.social]\nCharming = 1\n",
    "[a]\nx = 1\n[a.b]\ny = 2\n",
    '[[lists."Health Levels"]]\nname = "Healthy"\n\n[[lists."Health Levels"]]\nname = "Bruised"\n[[lists.Backgrounds]]\nname = "Allies"\n',
    "[[a]]\n[a.b]\nx = 1\n[[a]]\n[a.b]\nx = 2\n",
    "traits = {}\nlist = []\nsmall = [1, \"two, three\", 4.5, true]\n",
    'order = [\n    "one",\n    "two",\n    3,\n]\n',
    "[kept]\ngrapevine = '''\n<a b=\"c\">\n\ttabbed\n</a>'''\nafter = 1\n",
    "text = '''\nline\n'''\n",
    "text = '''\n'''\n",
    "   \n\t\nx = 1\n",
]
OTHER = [
    "x = 1\nx = 2\n",
    "[a]\n[a]\n",
    "[a.b]\n[a]\n",
    "x = {}\n[x.y]\n",
    "x = [1]\n[[x]]\n",
    "x = 1\n[x]\n",
    "[a]\nb = 1\n[a.b]\n",
    "[[a]]\n[a]\n",
    "[a.b]\n[[a]]\n",
    "x = 01\n", "x = +1\n", "x = 1_000\n", "x = inf\n", "x = 0x1f\n", "x = 1.\n", "x = .5\n",
    "x = 'literal'\n", 'x = "\\U0001F600"\n', 'x = "\\ud800"\n', 'x = "\\/"\n', 'x = "a\rb"\n', 'x = "a\x7fb"\n',
    "x = 1 # a comment\n", "a.b = 1\n", "x=1\n", " x = 1\n", "[ a ]\n", "[a] # c\n", "[]\n", "[[a]\n", "[a]]\n",
    "x = '''on the same line'''\n", "x = '''\nno end\n", "x = '''\nends ''''\n", "x = '''\nbell \x07'''\n",
    "x = [\n    [1],\n]\n", "x = [\n  1,\n]\n", "x = [\n    1\n]\n", "x = [1,2]\n", "x = { a = 1 }\n",
    "# bell \x07\n", "\ufeffx = 1\n", "x = 1\r\n\ry = 2\n", "x = \n", "= 1\n",
]


@pytest.mark.parametrize("text", SAME, ids=range(len(SAME)))
def test_the_shapes_larp_writes_read_as_tomllib_reads_them(text):
    assert loads(text) == tomllib.loads(text)


@pytest.mark.parametrize("text", OTHER, ids=range(len(OTHER)))
def test_anything_else_is_left_to_tomllib(text):
    assert loads(text) is None
