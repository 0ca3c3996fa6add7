"""Reading a card loads no printing library, and the cards layer leans only on sheet and home."""

import subprocess
import sys


def loaded_after(code: str) -> set[str]:
    program = f"import sys\n{code}\nprint(' '.join(sorted(sys.modules)))"
    done = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, check=True)
    return set(done.stdout.split())


def test_importing_the_cards_layer_loads_no_printing_scanning_or_station_library():
    loaded = loaded_after("import larp.cards")
    assert not loaded & {"fpdf", "qrcode", "zxingcpp", "PIL", "textual", "sqlite3"}


def test_the_cards_layer_imports_no_rules_ledger_desk_or_station():
    loaded = loaded_after(
        "import importlib, pkgutil, larp.cards\n"
        "for module in pkgutil.iter_modules(larp.cards.__path__):\n"
        "    importlib.import_module(f'larp.cards.{module.name}')"
    )
    assert "larp.cards.svg" in loaded and "larp.cards.pdf" in loaded
    layers = {".".join(name.split(".")[:2]) for name in loaded if name.startswith("larp.")}
    assert not layers & {"larp.rules", "larp.ledger", "larp.desk", "larp.station"}
    assert "textual" not in loaded


def test_the_card_commands_register_without_textual():
    loaded = loaded_after("import larp.cli.cards, larp.cli.scan")
    assert not loaded & {"textual", "fpdf", "qrcode", "zxingcpp"}
