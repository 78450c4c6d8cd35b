#!/usr/bin/env python3
"""Prints the Mermaid graph of Hearth's targets and the Hearth targets each depends on, read from Package.swift.

    python3 scripts/architecture-diagram.py            # the ```mermaid block docs/architecture.md shows
    python3 scripts/architecture-diagram.py --table    # each target's outside packages, as a Markdown table

Only the targets under Sources/ are drawn (not tests, test support or benchmarks). An arrow A --> B means
A lists B among its dependencies in Package.swift, so A may import B. Run it after changing a target's
dependencies and paste the output into docs/architecture.md.
"""

import re
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "Package.swift"
KINDS = ("target", "executableTarget", "systemLibrary", "testTarget")


def strip_comments(text):
    """The text with // and /* */ comments removed, leaving string literals alone."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if c == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            out.append(text[i : j + 1])
            i = j + 1
        elif text.startswith("//", i):
            while i < n and text[i] != "\n":
                i += 1
        elif text.startswith("/*", i):
            i = text.index("*/", i) + 2
        else:
            out.append(c)
            i += 1
    return "".join(out)


def closing(text, start, open_char, close_char):
    """The index just past the bracket that closes the one at `start`, skipping string literals."""
    depth, i = 0, start
    while i < len(text):
        c = text[i]
        if c == '"':
            i = text.index('"', i + 1)
        elif c == open_char:
            depth += 1
        elif c == close_char:
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    raise ValueError(f"unbalanced {open_char} at {start}")


def targets(text):
    """[(kind, name, path, [Hearth targets], [(product, package)])] in Package.swift's order."""
    found = []
    for match in re.finditer(r"\.(%s)\(" % "|".join(KINDS), text):
        body = text[match.end() - 1 : closing(text, match.end() - 1, "(", ")")]
        name = re.search(r'^\(\s*name:\s*"([^"]+)"', body).group(1)
        path = re.search(r'\bpath:\s*"([^"]+)"', body)
        internal, external = [], []
        deps = re.search(r"\bdependencies:\s*\[", body)
        if deps:
            listing = body[deps.end() - 1 : closing(body, deps.end() - 1, "[", "]")]
            for product in re.finditer(r'\.product\(\s*name:\s*"([^"]+)",\s*package:\s*"([^"]+)"[^)]*\)', listing):
                external.append((product.group(1), product.group(2)))
            listing = re.sub(r"\.product\([^)]*\)", "", listing)
            internal = re.findall(r'"([^"]+)"', listing)
        found.append((match.group(1), name, path.group(1) if path else None, internal, external))
    return found


def sources(all_targets):
    """The targets under Sources/: the package's own code, without tests and benchmarks."""
    return [t for t in all_targets if t[0] != "testTarget" and (t[2] or "Sources/").startswith("Sources/")]


def mermaid(shown):
    names = {t[1] for t in shown}
    lines = ["```mermaid", "graph TD"]
    for kind, name, _, internal, _ in shown:
        if kind == "executableTarget":
            shape = f"{name}([{name}])"  # the command-line tool
        elif kind == "systemLibrary" or (name.startswith("C") and name[1:2].isupper()):
            shape = f"{name}[/{name}/]"  # a C module
        else:
            shape = f"{name}[{name}]"
        lines.append(f"    {shape}")
    for _, name, _, internal, _ in shown:
        for dependency in internal:
            if dependency in names:
                lines.append(f"    {name} --> {dependency}")
    lines.append("```")
    return "\n".join(lines)


def table(shown):
    lines = ["| target | packages it uses (product, from package) |", "|---|---|"]
    for _, name, _, _, external in shown:
        listed = ", ".join(f"{product}" + ("" if product == package else f" ({package})") for product, package in external)
        lines.append(f"| `{name}` | {listed or '—'} |")
    return "\n".join(lines)


def main():
    shown = sources(targets(strip_comments(PACKAGE.read_text())))
    print(table(shown) if "--table" in sys.argv[1:] else mermaid(shown))


if __name__ == "__main__":
    main()
