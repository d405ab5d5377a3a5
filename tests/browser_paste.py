"""What the README tells a person to paste into Neo4j Browser, read as Browser reads it.

Browser runs a multi-statement paste one statement at a time, statements separated by `;`;
`:param name => expression` sets a parameter to the value of the Cypher expression (Browser
evaluates it on the server), and each query runs with the parameters set so far. The README's
paste-first lines and its example blocks are extracted here, and `run_pasted` replays a paste
through the driver the same way (tests/contract/test_neo4j_browser.py). Building statement
text here is the point: it is the user's paste, replayed.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
BROWSER_DIR = ROOT / "cypher" / "browser"
_PARAM = re.compile(r":param\s+([A-Za-z_]\w*)\s*=>\s*(.+)", re.S)


def browser_section() -> str:
    return README.split("### Inspecting the memory in Neo4j Browser", 1)[1].split("\n## ", 1)[0]


def paste_first_rows() -> dict[str, str]:
    """file name -> the `:param` lines its README row says to paste first."""
    return dict(re.findall(r"^\| `([a-z_]+\.cypher)` \| `([^`]*)` \|", browser_section(),
                           flags=re.M))


def example_blocks() -> list[str]:
    return re.findall(r"```cypher\n(.*?)```", browser_section(), flags=re.S)


def statements(paste: str) -> list[str]:
    """Split on `;` outside string literals, as Browser's multi-statement editor does; a
    statement that is only comments is dropped."""
    parts: list[str] = []
    current: list[str] = []
    quote = ""
    for ch in paste:
        if quote:
            quote = "" if ch == quote else quote
        elif ch in "'\"":
            quote = ch
        elif ch == ";":
            parts.append("".join(current))
            current = []
            continue
        current.append(ch)
    parts.append("".join(current))
    return [p.strip() for p in parts if _code(p).strip()]


def _code(statement: str) -> str:
    return "\n".join(line for line in statement.splitlines()
                     if not line.strip().startswith("//"))


def run_pasted(driver: Any, paste: str, database: str | None) -> list[list[dict[str, Any]]]:
    """Run a paste statement by statement; returns each query's rows (read transactions)."""
    params: dict[str, Any] = {}
    results: list[list[dict[str, Any]]] = []
    with driver.session(database=database) as session:
        for statement in statements(paste):
            code = _code(statement).strip()
            if code.startswith(":"):
                match = _PARAM.fullmatch(code)
                assert match, f"Browser would not understand {code!r}"
                name, expression = match.group(1), match.group(2).strip()
                params[name] = session.execute_read(
                    lambda tx: tx.run(f"RETURN {expression} AS value").single()["value"])
                continue
            results.append(session.execute_read(
                lambda tx: [record.data() for record in tx.run(statement, params)]))
    return results


def grass_rules(text: str) -> dict[str, dict[str, str]]:
    """A .grass file as Browser's own parser reads it: selector -> {property: value}; braces
    inside single quotes belong to the value, and a declaration is split at its first `:`
    only in the sense Browser does (key before it, value after it, the rest dropped)."""
    rules: dict[str, dict[str, str]] = {}
    keyword, props, inside_string, inside_props = "", "", False, False
    for ch in text:
        if ch == "'":
            inside_string = not inside_string
            continue
        if ch == "{" and not inside_string:
            inside_props = True
            continue
        if ch == "}" and not inside_string:
            inside_props = False
            rules[keyword] = _declarations(props)
            keyword, props = "", ""
            continue
        if inside_props:
            props += ch
        elif not ch.isspace():
            keyword += ch
    return rules


def _declarations(props: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for declaration in props.split(";"):
        key, _, value = declaration.partition(":")
        value = value.split(":")[0]  # Browser keeps only what precedes a second ':'
        if key.strip() and value.strip():
            out[key.strip()] = value.strip()
    return out
