"""No import circles among the project's modules (issue 21): every import counts, lazy ones in
functions and those under `if TYPE_CHECKING:` included, since they only hide a circle of
dependence. A circle is a strongly connected group of two or more modules; the test names each."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("bot", "engine", "render", "table", "bench")


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _modules() -> dict[str, Path]:
    return {
        _module_name(path): path for package in PACKAGES for path in (ROOT / package).rglob("*.py")
    }


def _imports(name: str, path: Path, known: set[str]) -> set[str]:
    """The project modules `name` imports (`from package import module` counts as the module)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, *([base] if base else [])])
            for alias in node.names:
                submodule = f"{base}.{alias.name}"
                found.add(submodule if submodule in known else base)
    return {module for module in found if module in known and module != name}


def _circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected groups of two or more modules (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    groups: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for target in sorted(graph[node]):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group = []
            while (member := stack.pop()) != node:
                group.append(member)
            group.append(node)
            if len(group) > 1:
                groups.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return groups


def test_the_graph_sees_a_circle() -> None:
    assert _circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_no_import_circles() -> None:
    modules = _modules()
    known = set(modules)
    graph = {name: _imports(name, path, known) for name, path in modules.items()}
    assert sum(len(targets) for targets in graph.values()) > 100, "the import scan found nothing"
    circles = _circles(graph)
    assert not circles, "import circles:\n" + "\n".join(" <-> ".join(c) for c in circles)


FRONT_ENDS = ("bot.discord_app", "bot.terminal")


def _front_end(module: str) -> str | None:
    """The front-end package `module` belongs to: one of FRONT_ENDS, bot.frontend, or None."""
    for package in (*FRONT_ENDS, "bot.frontend"):
        if module == package or module.startswith(package + "."):
            return package
    return None


def test_the_front_ends_stand_apart() -> None:
    """Issue 31: the Discord and terminal front ends never import each other, and the shared
    bot.frontend imports neither (nor discord.py, which the terminal must run without)."""
    modules = _modules()
    known = set(modules)
    crossings = []
    for name, path in modules.items():
        source = _front_end(name)
        if source is None:
            continue
        allowed = {source, "bot.frontend"}
        for target in _imports(name, path, known):
            if _front_end(target) not in (None, *allowed):
                crossings.append(f"{name} -> {target}")
        if source != "bot.discord_app" and _imports_discord(path):
            crossings.append(f"{name} -> discord")
    assert not crossings, "front ends crossing:\n" + "\n".join(crossings)


def _imports_discord(path: Path) -> bool:
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.Import) and any(
            alias.name.split(".")[0] == "discord" for alias in node.names
        ):
            return True
        if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "discord":
            return True
    return False


def _test_modules_imported(path: Path) -> set[str]:
    """The test modules (tests/test_*.py) that `path` imports, however it spells the import."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            names = [base, *(f"{base}.{alias.name}" for alias in node.names)]
        else:
            continue
        found |= {name for name in names if name.split(".")[-1].startswith("test_")}
    return found


def test_the_scan_sees_a_test_module_import(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text("from tests import test_a\nimport tests.test_b as b\nfrom tests.x import y\n")
    assert _test_modules_imported(sample) == {"tests.test_a", "tests.test_b"}


def test_no_test_module_imports_another() -> None:
    """Issue 31: shared test helpers live in tests/support/, so a test module is only ever
    collected, never used as a library (its fixtures and tests would run twice, or vanish)."""
    offenders = {
        str(path.relative_to(ROOT)): sorted(imported)
        for path in sorted((ROOT / "tests").rglob("*.py"))
        if (imported := _test_modules_imported(path))
    }
    assert not offenders, f"test modules imported as libraries: {offenders}"
