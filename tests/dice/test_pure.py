"""The dice engine owns no randomness, clock or I/O: the faces are always inputs."""

import ast
from pathlib import Path

import larp.rules.dice

FORBIDDEN = {"random", "secrets", "time", "datetime", "os", "io", "pathlib", "sqlite3", "textual"}


def test_the_dice_engine_imports_no_randomness_clock_or_io():
    for path in Path(larp.rules.dice.__file__).parent.glob("*.py"):
        tree = ast.parse(path.read_text())
        imported = {alias.name.split(".")[0] for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
        imported |= {node.module.split(".")[0] for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.module}
        assert not imported & FORBIDDEN, path.name
