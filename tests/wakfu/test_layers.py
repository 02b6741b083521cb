"""The Wakfu rules kernel has a direction: every module of ``allegiance/games/wakfu`` imports only modules
of lower layers (``LAYERS`` in the package ``__init__``), with imports inside functions counted too, and
no module imports another's ``_private`` name or reaches one through a module it imported."""

from __future__ import annotations

import ast
from pathlib import Path

from allegiance.games import wakfu
from allegiance.games.wakfu import LAYERS

PACKAGE = "allegiance.games.wakfu"
ROOT = Path(wakfu.__file__).parent


def module_names(root: Path) -> dict[str, Path]:
    """The package's modules by dotted name below the package (``effects.common``; a sub-package by its
    own name; the package itself as ``__init__``)."""
    out = {}
    for path in sorted(root.rglob("*.py")):
        parts = path.relative_to(root).with_suffix("").parts
        if parts == ("__init__",):
            out["__init__"] = path
        elif parts[-1] == "__init__":
            out[".".join(parts[:-1])] = path
        else:
            out[".".join(parts)] = path
    return out


def _absolute(node: ast.ImportFrom, name: str, package: str) -> str:
    """The absolute module an ImportFrom names (relative imports resolved from the importing module)."""
    if not node.level:
        return node.module or ""
    base = name.split(".")[:-1] if name != "__init__" else []
    if node.level > 1:
        base = base[: len(base) - (node.level - 1)]
    return ".".join([package, *base, *([node.module] if node.module else [])])


def imports(path: Path, name: str, modules: set[str], package: str = PACKAGE) -> list[tuple[str, int, str]]:
    """(imported module, line, private name or "") for every import of a package module in the file,
    at module level or inside functions, classes and ``if`` blocks alike."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: list[tuple[str, int, str]] = []
    aliases: dict[str, str] = {}  # local name -> package module it is bound to

    def local(dotted: str) -> str | None:
        if dotted == package:
            return "__init__"
        if dotted.startswith(package + "."):
            rest = dotted[len(package) + 1:]
            return rest if rest in modules else None
        return None

    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                mod = local(a.name)
                if mod is not None:
                    found.append((mod, node.lineno, ""))
                    if a.asname:
                        aliases[a.asname] = mod
        elif isinstance(node, ast.ImportFrom):
            base = _absolute(node, name, package)
            mod = local(base)
            if mod is None:
                continue
            for a in node.names:
                sub = local(f"{base}.{a.name}")
                if sub is not None:  # ``from package import module``
                    found.append((sub, node.lineno, ""))
                    aliases[a.asname or a.name] = sub
                else:
                    found.append((mod, node.lineno, a.name if a.name.startswith("_") else ""))
    for node in ast.walk(tree):  # ``module._name`` through an imported module
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in aliases \
                and node.attr.startswith("_") and not node.attr.startswith("__"):
            found.append((aliases[node.value.id], node.lineno, node.attr))
    return found


def violations(root: Path, layers: tuple[tuple[str, ...], ...], package: str = PACKAGE) -> list[str]:
    """Every breach of the layers in the package at ``root``: a module not placed in a layer, an import of
    a module of the same or a higher layer, a private name used across modules."""
    files = module_names(root)
    level = {m: i for i, layer in enumerate(layers) for m in layer}
    out = [f"{m}: not in any layer (place it in LAYERS)" for m in files if m not in level]
    out += [f"{m}: in LAYERS but no such module" for m in level if m not in files]
    for name, path in files.items():
        if name not in level:
            continue
        for mod, line, private in imports(path, name, set(files), package):
            if mod == name:
                continue
            if private:
                out.append(f"{name}:{line} uses the private name {private} of {mod}")
            if mod in level and level[mod] >= level[name]:
                where = "the same layer as" if level[mod] == level[name] else "a layer above"
                out.append(f"{name}:{line} imports {mod}, in {where} it")
    return list(dict.fromkeys(out))  # ``from m import a, b``: one line per breach


def test_every_module_imports_only_lower_layers_and_no_private_names() -> None:
    assert violations(ROOT, LAYERS) == []


def test_the_check_sees_function_level_imports_and_private_names(tmp_path: Path) -> None:
    # a package shaped like the kernel before the layers: a primitive reaching up from inside a function
    # (as rules did for resolution.after_damage) and a private name taken across modules (resolution._appear)
    pkg = tmp_path / "pkg"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "sub" / "__init__.py").write_text("")
    (pkg / "rules.py").write_text("def damage():\n    from pkg.resolution import after_damage\n    after_damage()\n")
    (pkg / "resolution.py").write_text("from pkg import rules\n\ndef _appear():\n    pass\n\n"
                                       "def after_damage():\n    rules.damage\n")
    (pkg / "effects.py").write_text("from pkg.resolution import _appear\nfrom pkg import resolution\n\n"
                                    "def f():\n    resolution._appear()\n")
    (pkg / "sub" / "cards.py").write_text("from . import helpers\nfrom ..rules import damage\n")
    (pkg / "sub" / "helpers.py").write_text("")
    layers = (("rules",), ("sub.helpers", "sub.cards"), ("sub",), ("resolution",), ("effects", "__init__"))
    assert sorted(violations(pkg, layers, "pkg")) == sorted([
        "rules:2 imports resolution, in a layer above it",
        "effects:1 uses the private name _appear of resolution",
        "effects:5 uses the private name _appear of resolution",
        "sub.cards:1 imports sub.helpers, in the same layer as it",
    ])
