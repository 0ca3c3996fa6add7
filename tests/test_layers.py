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
