"""The rules engine and the sheets import no UI, storage or printing (DESIGN.md layers)."""

import subprocess
import sys

FORBIDDEN = ("textual", "sqlite3", "fpdf", "qrcode", "zxingcpp", "PIL")


def loaded_after(module: str) -> set[str]:
    """Every package loaded once `module` and each module under it are imported (a package
    may import its names only when first asked for)."""
    code = (
        f"import sys, importlib, pkgutil, {module}; "
        f"[importlib.import_module(found.name) for found in pkgutil.walk_packages({module}.__path__, '{module}.')]; "
        "print('\\n'.join(sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    return {name.split(".")[0] for name in out.split()}


def test_rules_and_sheet_import_no_textual_sqlite3_fpdf_or_qrcode():
    for module in ("larp.rules", "larp.sheet"):
        assert not loaded_after(module) & set(FORBIDDEN), module


def test_larp_resolve_does_not_load_the_station():
    code = (
        "import sys, io; from larp.cli import main; sys.stdin = io.TextIOWrapper(io.BytesIO(b'{}'));"
        "main(['resolve', '-']); print('\\n'.join(sys.modules), file=sys.stderr)"
    )
    err = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stderr
    assert "textual" not in {name.split(".")[0] for name in err.split()}


def test_no_name_the_rules_give_is_also_one_of_their_modules():
    """`larp.rules` gives its names when first asked for; a module of the same name, once
    imported, would stand in the name's place."""
    import pkgutil

    import larp.rules

    modules = {found.name for found in pkgutil.iter_modules(larp.rules.__path__)}
    assert not modules & set(larp.rules.WHERE)


ROLL_NEEDS_NONE_OF = (
    "pydantic",
    "larp.sheet.character",
    "larp.sheet.table",
    "larp.sheet.chronicle",
    "larp.rules.events",
    "larp.rules.character",
    "larp.rules.tabletop",
    "larp.ledger.projection",
    "larp.ledger.fold",
    "larp.ledger.kept_fold",
    "larp.desk.core",
    "larp.ledger.signing",
    "cryptography",
)


def test_a_roll_of_no_character_on_an_open_night_loads_neither_the_engine_nor_the_sheets(tmp_path):
    """`larp roll 4` once the station's night of a dice chronicle is open: the record, the dice
    and chronicle.toml, not the Mind's Eye Theatre engine, the sheets' models or the night's fold."""
    from pathlib import Path

    folder, db = Path(__file__).parent.parent / "cards" / "storytelling", tmp_path / "n.sqlite3"
    roll = f"main(['roll', '4', '--db', {str(db)!r}, '--station', 'hall', '--narrator', 'Ann', '--seed', '1'])"
    subprocess.run([sys.executable, "-c", f"from larp.cli import main; main(['night', 'open', '--chronicle', {str(folder)!r}, '--db', {str(db)!r}, '--station', 'hall'])"], check=True, capture_output=True)
    code = f"import sys; from larp.cli import main; assert {roll} == 0; print('\\n'.join(sys.modules), file=sys.stderr)"
    loaded = set(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stderr.split())
    assert {name.split(".")[0] for name in loaded} & set(FORBIDDEN) == {"sqlite3"}
    assert loaded & set(ROLL_NEEDS_NONE_OF) == set()
