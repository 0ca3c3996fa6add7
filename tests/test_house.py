"""The house stays as it is left: no import circle between larp's modules (imports inside
functions and under `TYPE_CHECKING` count too) and no module over 400 lines."""

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "larp"
LONGEST = 400


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules() -> dict[str, Path]:
    return {module_name(path): path for path in PACKAGE.rglob("*.py")}


def imported(name: str, path: Path):
    """Every module name an import of this file names, wherever the import stands."""
    here = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = here.split(".")[: len(here.split(".")) - (node.level - 1)]
                base = ".".join(up + ([base] if base else []))
            yield base
            yield from (f"{base}.{alias.name}" for alias in node.names)


def import_graph() -> dict[str, set[str]]:
    known = modules()
    graph: dict[str, set[str]] = {}
    for name, path in known.items():
        targets = set()
        for target in imported(name, path):
            while target and target not in known:
                target = target.rpartition(".")[0]
            # a package's __init__ is imported by every module under it: not an edge of the house
            if target and target != name and not name.startswith(target + ".") and target != "larp":
                targets.add(target)
        graph[name] = targets
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's, without recursion)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in graph:
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def test_the_circle_finder_finds_a_circle_and_passes_a_line():
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert circles({"a": {"b"}, "b": {"c"}, "c": set()}) == []


def test_the_graph_sees_imports_inside_functions_and_under_type_checking(tmp_path):
    source = "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from larp.x import y\ndef f():\n    import larp.z\n"
    path = tmp_path / "m.py"
    path.write_text(source)
    assert {"larp.x", "larp.x.y", "larp.z", "typing", "typing.TYPE_CHECKING"} <= set(imported("larp.m", path))


def test_no_module_of_larp_imports_itself_back():
    assert circles(import_graph()) == []


def test_no_module_of_larp_is_over_400_lines():
    long = {name: count for name, path in modules().items() if (count := len(path.read_text("utf-8").splitlines())) > LONGEST}
    assert long == {}
