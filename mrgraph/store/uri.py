"""`open_store`: a store URI to a GraphStore.

    file:PATH | PATH                         embedded store (a directory); default .mrgraph/graph
    file:///abs/path                         the same, URL form
    bolt:// neo4j:// neo4j+s:// (+ssc, bolt+s)  Neo4j, credentials from Settings (NEO4J_USER / NEO4J_PASSWORD)

The Neo4j module (and its driver) is imported only when a Neo4j URI is opened.
"""

from __future__ import annotations

import re

from mrgraph.redact import public_uri
from mrgraph.config import Settings
from mrgraph.errors import ConfigError
from mrgraph.limits import check_namespace
from mrgraph.store.base import GraphStore
from mrgraph.store.memory import MemoryStore

DEFAULT_PATH = ".mrgraph/graph"
NEO4J_SCHEMES = frozenset({"bolt", "bolt+s", "bolt+ssc", "neo4j", "neo4j+s", "neo4j+ssc"})
# Two or more characters before the colon: "C:\\graph" is a Windows path, not a scheme.
_SCHEME = re.compile(r"^([A-Za-z][A-Za-z0-9+.-]+):")


def open_store(uri: str | None, ns: str, settings: Settings | None = None, *,
               lock_timeout: float = 1.0) -> GraphStore:
    """The store `uri` names, scoped to namespace `ns` (None or "" = the default path)."""
    check_namespace(ns)
    target = (uri or "").strip() or DEFAULT_PATH
    match = _SCHEME.match(target)
    scheme = match.group(1).lower() if match else None
    if scheme in NEO4J_SCHEMES:
        return _neo4j(target, ns, settings or Settings())
    if scheme is None:
        return MemoryStore(target, ns, lock_timeout=lock_timeout)
    if scheme == "file":
        return MemoryStore(_file_path(target), ns, lock_timeout=lock_timeout)
    raise ConfigError(f"unknown store URI scheme {scheme + ':'!r} in {target!r} (use file:PATH, "
                      "a path, or bolt://, neo4j://, neo4j+s://)")


def _file_path(uri: str) -> str:
    """file:rel, file:/abs, file:///abs, file://localhost/abs -> the path."""
    rest = uri[len("file:"):]
    if rest.startswith("//"):
        host, _, path = rest[2:].partition("/")
        if host not in ("", "localhost"):
            raise ConfigError(f"store URI {uri!r}: a file: URI cannot name a host ({host!r})")
        rest = "/" + path
    if not rest:
        raise ConfigError(f"store URI {uri!r} names no path")
    return rest


def _neo4j(uri: str, ns: str, settings: Settings) -> GraphStore:
    try:
        from mrgraph.store.neo4j import Neo4jStore
    except ImportError as exc:
        raise ConfigError(f"cannot open {public_uri(uri)!r}: "
                          f"the Neo4j store is unavailable ({exc})") from None
    return Neo4jStore(uri, ns=ns, user=settings.neo4j_user, password=settings.neo4j_password,
                      database=settings.neo4j_database)
