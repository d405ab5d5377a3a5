"""Migration of format 1 embedded stores (one JSON document per namespace) to the SQLite file.

Format 1 kept a namespace in `<ns>.json`:

    {"format": "mrgraph-embedded", "version": 1, "ns": "<ns>",
     "nodes": {"<id>": {"_label": "Turn", "ns": "<ns>", "<prop>": value, ...}, ...},
     "edges": {"<TYPE>": {"pairs": [src0, dst0, ...], "props": [{...} or null, ...]}, ...}}

(edge ends are positions in the `nodes` order). The first MemoryStore opened on such a namespace
converts it under the writer lock: it builds the SQLite file under a temporary name, renames it
into place (atomic), then renames the JSON file to `<ns>.json.migrated` (kept for the user to
delete). A kill at any moment leaves either the JSON store (the next open migrates again) or the
migrated file.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path
from typing import Any

from mrgraph.errors import StoreCorruptError, StoreUnavailableError
from mrgraph.store import persist
from mrgraph.store.index import SECONDARY, lookup_key
from mrgraph.store.persist import LABEL, encode_props
from mrgraph.store.token_table import TokenTable

LEGACY_VERSION = 1


def migrate_if_needed(directory: Path, ns: str) -> None:
    """Convert the namespace's format 1 file, if there is one. The caller holds the lock."""
    source = persist.legacy_file(directory, ns)
    target = persist.data_file(directory, ns)
    if not source.exists():
        return
    if not target.exists():
        doc = _read(source, ns)
        temp = target.with_name(f".{target.name}.migrating")
        temp.unlink(missing_ok=True)
        try:
            _write(temp, doc, ns, source)
            os.replace(temp, target)
        except BaseException:
            temp.unlink(missing_ok=True)
            raise
    source.rename(source.with_name(source.name + ".migrated"))


def _read(path: Path, ns: str) -> dict[str, Any]:
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise StoreUnavailableError(f"cannot read the store file {path}: {exc.strerror or exc}") \
            from None
    try:
        doc = persist._loads(raw)
    except (ValueError, UnicodeDecodeError) as exc:
        raise StoreCorruptError(f"{path}: not a mrgraph store file ({exc})") from None
    if not isinstance(doc, dict) or doc.get("format") != persist.FORMAT:
        raise StoreCorruptError(f"{path}: not a mrgraph store file (no format marker)")
    if doc.get("version") != LEGACY_VERSION:
        raise StoreCorruptError(f"{path}: unsupported store version {doc.get('version')!r}")
    if doc.get("ns") != ns:
        raise StoreCorruptError(f"{path}: holds namespace {doc.get('ns')!r}, not {ns!r}")
    return doc


def _write(temp: Path, doc: dict[str, Any], ns: str, source: Path) -> None:
    db = persist.Database(temp, ns)
    db.connect(create=True)
    conn = db.conn
    assert conn is not None
    try:
        with db.transaction("IMMEDIATE"):
            nodes, edges = _rows(db, doc, source)
            db.save_counts(nodes, edges)
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    finally:
        db.close()


def _rows(db: persist.Database, doc: dict[str, Any],
          source: Path) -> tuple[dict[str, int], dict[str, int]]:
    """Insert every node, token posting and edge; the counts per label and per type."""
    conn = db.conn
    assert conn is not None
    labels: dict[str, int] = {}
    edges: dict[str, int] = {}
    try:
        ids = list(doc["nodes"])
        rows = []
        for node_id, attrs in doc["nodes"].items():
            labels[attrs[LABEL]] = labels.get(attrs[LABEL], 0) + 1
            rows.append((node_id, attrs[LABEL], lookup_key(attrs), encode_props(attrs)))
        conn.executemany("INSERT INTO nodes VALUES (?, ?, ?, ?)", rows)
        del rows
        tables = {label: TokenTable(db, label, SECONDARY[label]) for label in SECONDARY}
        for node_id, attrs in doc["nodes"].items():
            if attrs[LABEL] in tables:
                tables[attrs[LABEL]].add(node_id, attrs)
        for table in tables.values():
            table.flush()
        for etype, block in doc["edges"].items():
            pairs: list[int] = block["pairs"]
            props = block.get("props") or [None] * (len(pairs) // 2)
            if len(pairs) % 2 or len(props) != len(pairs) // 2:
                raise IndexError(f"edge block {etype}: {len(pairs)} ends, {len(props)} props")
            conn.executemany("INSERT INTO edges VALUES (?, ?, ?, ?)", (
                (ids[pairs[2 * k]], etype, ids[pairs[2 * k + 1]],
                 encode_props(p) if p else None) for k, p in enumerate(props)))
            edges[etype] = len(props)
    except (KeyError, IndexError, TypeError, AttributeError, sqlite3.IntegrityError) as exc:
        raise StoreCorruptError(f"{source}: malformed store file ({type(exc).__name__}: {exc})") \
            from None
    return labels, edges
