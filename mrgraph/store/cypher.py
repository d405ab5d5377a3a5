"""The Cypher query files: find, parse, check and run them.

Every statement the Neo4j store runs lives in `cypher/<name>.cypher` (shipped in the wheel as
`mrgraph/_cypher`), named after the store method that runs it. Each file starts with a header:

    // mode: read            (or write)
    // params: $ns, $limit   (or: none)
    // returns: id, name     (free text: the columns, or "nothing")

Query text is only ever read from these files, never built from data: values travel as
parameters, and labels and relationship types (which cannot be parameters) are fixed per file.
The loader enforces the header as a contract: a call must pass exactly the declared parameters,
the body must use exactly those, and a read file may not contain a write clause (the server would
refuse a write in a read transaction anyway; refusing at load time names the culprit file).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any, Literal, Mapping, Protocol

from mrgraph.errors import CypherFileError

Mode = Literal["read", "write"]

_HEADER = re.compile(r"^//\s*(mode|params|returns)\s*:\s*(.*?)\s*$")
_PARAM = re.compile(r"\$([A-Za-z_][A-Za-z0-9_]*)")
_NAME = re.compile(r"^[a-z0-9_]+(/[a-z0-9_]+)*$")

# Clauses and procedures that change data or schema; none may appear in a read file.
_WRITE_CLAUSE = re.compile(
    r"\b(CREATE|MERGE|SET|DELETE|REMOVE|DETACH|DROP|FOREACH|LOAD\s+CSV|IN\s+TRANSACTIONS"
    r"|ALTER|RENAME|GRANT|DENY|REVOKE)\b"
    r"|\bapoc\s*\.\s*(create|merge|refactor|periodic|do|lock|atomic|trigger|load|import"
    r"|nodes\s*\.\s*(delete|link|collapse)|cypher\s*\.\s*(do\w*|run\w*)|schema\s*\.\s*assert"
    r"|graph\s*\.\s*fromDocument)\b",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class CypherFile:
    """One parsed query file."""

    name: str  # path under cypher/ without the suffix, "/"-separated: "search_cues", "schema/x"
    mode: Mode
    params: frozenset[str]
    returns: str
    text: str  # the whole file, header included (comments are harmless to the server)


class Runner(Protocol):
    """What a driver transaction or session offers: `run(query, parameters)`."""

    def run(self, query: Any, parameters: dict[str, Any] | None = None, **kw: Any) -> Any: ...


def root() -> Traversable:
    """The directory holding the query files.

    An installed wheel carries them as the `mrgraph/_cypher` package data; a source or editable
    checkout has them in the repository's top-level `cypher/` directory, next to `mrgraph/`."""
    packaged = resources.files("mrgraph") / "_cypher"
    if packaged.is_dir():
        return packaged
    source = Path(__file__).resolve().parents[2] / "cypher"
    if source.is_dir():
        return source
    raise CypherFileError(f"no cypher query directory: neither {packaged} nor {source} exists")


def names(under: str = "") -> list[str]:
    """Names of every query file below `under` (e.g. "browser"), sorted."""
    base = root()
    for part in filter(None, under.split("/")):
        base = base / part
    found: list[str] = []
    _walk(base, under.strip("/"), found)
    return sorted(found)


def _walk(node: Traversable, prefix: str, found: list[str]) -> None:
    for child in node.iterdir():
        name = f"{prefix}/{child.name}" if prefix else child.name
        if child.is_dir():
            _walk(child, name, found)
        elif child.name.endswith(".cypher"):
            found.append(name[: -len(".cypher")])


@lru_cache(maxsize=None)
def load(name: str) -> CypherFile:
    """Read and check `cypher/<name>.cypher` (cached: files are immutable at run time)."""
    if not _NAME.match(name):
        raise CypherFileError(f"invalid cypher file name {name!r}")
    *folders, stem = name.split("/")
    path = root()
    for folder in folders:
        path = path / folder
    try:
        text = (path / f"{stem}.cypher").read_text(encoding="utf-8")
    except (FileNotFoundError, NotADirectoryError):
        raise CypherFileError(f"missing cypher file {name}.cypher") from None
    return parse(name, text)


def parse(name: str, text: str) -> CypherFile:
    """Parse the header and check it against the body. CypherFileError names the file."""
    header: dict[str, str] = {}
    for line in text.splitlines():
        if not line.startswith("//"):
            break
        match = _HEADER.match(line)
        if match:
            header[match.group(1)] = match.group(2)
    missing = [key for key in ("mode", "params", "returns") if key not in header]
    if missing:
        raise CypherFileError(f"{name}.cypher: header lacks '// {missing[0]}: ...'")
    mode = header["mode"]
    if mode not in ("read", "write"):
        raise CypherFileError(f"{name}.cypher: mode must be read or write, got {mode!r}")
    declared = _declared_params(name, header["params"])
    code = strip_comments_and_strings(text)
    used = frozenset(_PARAM.findall(code))
    if used != declared:
        raise CypherFileError(
            f"{name}.cypher: declared params {sorted(declared)} but the body uses {sorted(used)}")
    if mode == "read":
        clause = _WRITE_CLAUSE.search(code)
        if clause:
            raise CypherFileError(f"{name}.cypher: a read file contains {clause.group(0)!r}")
    return CypherFile(name, "read" if mode == "read" else "write", declared, header["returns"],
                      text)


def _declared_params(name: str, raw: str) -> frozenset[str]:
    if raw.strip().lower() == "none":
        return frozenset()
    params: set[str] = set()
    for item in raw.split(","):
        match = _PARAM.fullmatch(item.strip())
        if match is None:
            raise CypherFileError(f"{name}.cypher: bad params entry {item.strip()!r}")
        params.add(match.group(1))
    return frozenset(params)


def strip_comments_and_strings(text: str) -> str:
    """The query with comments removed and string literals / quoted names blanked.

    So a `$word` or a keyword inside a string or a comment is neither a parameter nor a clause."""
    out: list[str] = []
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if text.startswith("//", i):
            end = text.find("\n", i)
            i = n if end < 0 else end
        elif text.startswith("/*", i):
            end = text.find("*/", i + 2)
            i = n if end < 0 else end + 2
            out.append(" ")
        elif ch in "'\"`":
            i = _skip_quoted(text, i, ch)
            out.append(" '' ")
        else:
            out.append(ch)
            i += 1
    return "".join(out)


def _skip_quoted(text: str, start: int, quote: str) -> int:
    i = start + 1
    while i < len(text):
        if text[i] == "\\" and quote != "`":
            i += 2
        elif text[i] == quote:
            if text.startswith(quote * 2, i) and quote == "`":  # `` escapes a backtick
                i += 2
                continue
            return i + 1
        else:
            i += 1
    return i


def check_params(query: CypherFile, params: Mapping[str, Any]) -> None:
    """CypherFileError unless `params` are exactly the file's declared parameters."""
    given = frozenset(params)
    if given != query.params:
        missing, extra = sorted(query.params - given), sorted(given - query.params)
        raise CypherFileError(
            f"{query.name}.cypher called with wrong parameters (missing {missing}, "
            f"unexpected {extra})")


def run(runner: Runner, name: str, params: Mapping[str, Any]) -> Any:
    """Run query file `name` with exactly its declared parameters; returns the driver's Result."""
    query = load(name)
    check_params(query, params)
    return runner.run(query.text, dict(params))
