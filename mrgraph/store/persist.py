"""The embedded store's file format, atomic saves and write lock.

Layout: the store is a directory (default `.mrgraph/graph`) holding, per namespace,

    <ns>.json   the graph of that namespace (ns percent-encoded: `urllib.parse.quote(ns, safe="")`)
    <ns>.lock   the writers' lock file (filelock; held only while a write unit runs)

so a namespace's file is never read or rewritten by a store opened on another namespace.

File format (JSON, written with orjson when installed, else the standard library; never pickle,
since loading a pickle runs code):

    {"format": "mrgraph-embedded", "version": 1, "ns": "<ns>",
     "nodes": {"<id>": {"_label": "Turn", "ns": "<ns>", "<prop>": value, ...}, ...},
     "edges": {"<TYPE>": {"pairs": [src0, dst0, src1, dst1, ...],
                          "props": [{...} or null, ...]},  ...}}

`nodes` is exactly the networkx node-attribute dict, so saving dumps it without copying and
loading adopts the parsed dicts as they are. Edge endpoints are positions in the `nodes` order:
integers parse faster than ids, make the file smaller, and let the loader reuse the one string
object of each id instead of holding a duplicate per edge end. `props` is present only for types
that have edge properties (aligned with the pairs; null = none).

Saving is atomic: a temp file in the same directory, flush + fsync, os.replace, fsync of the
directory; a writer killed at any point leaves the previous file intact (the temp is removed by
the next save).
"""

from __future__ import annotations

import gc
import json
import os
import re
import secrets
import sys
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Any, Callable
from urllib.parse import quote

import filelock
import networkx as nx

from mrgraph.errors import StoreCorruptError, StoreError, StoreLockedError, StoreUnavailableError
from mrgraph.store.base import RESERVED_PROPERTY

try:  # orjson is several times faster on large graphs; the format is the same either way
    import orjson

    def _dumps(obj: Any) -> bytes:
        return orjson.dumps(obj)

    _loads: Callable[[bytes], Any] = orjson.loads
except ImportError:  # pragma: no cover - exercised only where orjson is missing
    def _dumps(obj: Any) -> bytes:
        return json.dumps(obj, ensure_ascii=False, separators=(",", ":")).encode("utf-8")

    _loads = json.loads

FORMAT = "mrgraph-embedded"
VERSION = 1
LABEL = RESERVED_PROPERTY  # node attribute holding the label (Tags and Topics have a `label`)
# The data of every edge without properties: one shared read-only mapping instead of an empty
# dict per edge (millions at scale). Read-only so an in-place update fails loudly instead of
# giving every such edge the property; the store replaces edge data, never mutates it.
NO_PROPS: Any = MappingProxyType({})

EdgeCounts = dict[str, int]


@dataclass(frozen=True)
class Stamp:
    """Identity of a saved file: os.replace gives every save a new inode."""

    ino: int
    size: int
    mtime_ns: int


def data_file(directory: Path, ns: str) -> Path:
    return directory / f"{quote(ns, safe='')}.json"


def lock_file(directory: Path, ns: str) -> Path:
    return directory / f"{quote(ns, safe='')}.lock"


def stamp(path: Path) -> Stamp | None:
    try:
        st = path.stat()
    except (FileNotFoundError, NotADirectoryError):
        return None
    return Stamp(st.st_ino, st.st_size, st.st_mtime_ns)


# ------------------------------------------------------------------ lock


class WriteLock:
    """The exclusive writer lock of one namespace; waits at most `timeout` seconds."""

    def __init__(self, path: Path, what: str, timeout: float) -> None:
        self._lock = filelock.FileLock(str(path), timeout=timeout, thread_local=False)
        self._what = what

    def acquire(self) -> None:
        try:
            self._lock.acquire()
        except filelock.Timeout:
            raise StoreLockedError(f"store {self._what} is locked by another writer") from None

    def release(self) -> None:
        self._lock.release()


# ------------------------------------------------------------------ load


def load(path: Path, ns: str) -> tuple[nx.MultiDiGraph, EdgeCounts, Stamp | None]:
    """The graph saved at `path` (empty if there is no file yet) and its edge counts per type."""
    before = stamp(path)
    if before is None:
        return nx.MultiDiGraph(), {}, None
    # Loading allocates millions of dicts that all stay alive: the cyclic GC would rescan them
    # again and again for nothing (over half the load time of a 100k-turn graph).
    paused = gc.isenabled()
    gc.disable()
    try:
        return _load(path, ns, before)
    finally:
        if paused:
            gc.enable()


def _load(path: Path, ns: str, before: Stamp) -> tuple[nx.MultiDiGraph, EdgeCounts, Stamp]:
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise StoreUnavailableError(f"cannot read the store file {path}: {exc.strerror or exc}") \
            from None
    try:
        doc = _loads(raw)
    except (ValueError, UnicodeDecodeError) as exc:
        raise StoreCorruptError(f"{path}: not a mrgraph store file ({exc})") from None
    del raw  # the parsed graph is about to need that memory
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise StoreCorruptError(f"{path}: not a mrgraph store file (no format marker)")
    if doc.get("version") != VERSION:
        raise StoreCorruptError(f"{path}: unsupported store version {doc.get('version')!r}")
    if doc.get("ns") != ns:
        raise StoreCorruptError(f"{path}: holds namespace {doc.get('ns')!r}, not {ns!r}")
    try:
        graph, counts = _build(doc["nodes"], doc["edges"], ns)
    except (KeyError, IndexError, TypeError, AttributeError) as exc:
        raise StoreCorruptError(f"{path}: malformed store file ({type(exc).__name__}: {exc})") \
            from None
    return graph, counts, before


def _build(nodes: dict[str, dict[str, Any]], edges: dict[str, Any],
           ns: str) -> tuple[nx.MultiDiGraph, EdgeCounts]:
    """Adopt the parsed dicts as networkx's own storage.

    networkx's add_nodes_from/add_edges_from copy every attribute dict and re-dispatch on the
    shape of each item; filling the adjacency dicts directly is about 3x faster and allocates
    nothing beyond what networkx itself would hold."""
    intern = sys.intern
    for attrs in nodes.values():
        # one shared string per label / namespace instead of one per node
        attrs[LABEL] = intern(attrs[LABEL])
        attrs["ns"] = ns
    ids = list(nodes)
    succ: dict[str, dict[str, dict[str, dict[str, Any]]]] = {n: {} for n in ids}
    pred: dict[str, dict[str, dict[str, dict[str, Any]]]] = {n: {} for n in ids}
    counts: EdgeCounts = {}
    for etype, block in edges.items():
        etype = intern(etype)
        pairs: list[int] = block["pairs"]
        props: list[dict[str, Any] | None] = block.get("props") or [None] * (len(pairs) // 2)
        if len(pairs) % 2 or len(props) != len(pairs) // 2:
            raise IndexError(f"edge block {etype}: {len(pairs)} ends, {len(props)} props")
        it = iter(pairs)
        for (i, j), data in zip(zip(it, it), props):
            u, v = ids[i], ids[j]
            keydict = succ[u].get(v)
            if keydict is None:
                keydict = succ[u][v] = pred[v][u] = {}
            keydict[etype] = data if data else NO_PROPS
        counts[etype] = len(pairs) // 2
    graph = nx.MultiDiGraph()
    graph._node = nodes
    graph._adj = graph._succ = succ  # the _adj/_pred setters reset networkx's cached views
    graph._pred = pred
    return graph, counts


# ------------------------------------------------------------------ save


def encode(graph: nx.MultiDiGraph, ns: str) -> bytes:
    nodes: dict[str, dict[str, Any]] = graph._node
    position = {n: i for i, n in enumerate(nodes)}
    pairs: dict[str, list[int]] = {}
    props: dict[str, list[dict[str, Any] | None]] = {}
    for u, nbrs in graph._succ.items():
        iu = position[u]
        for v, keydict in nbrs.items():
            iv = position[v]
            for etype, data in keydict.items():
                p = pairs.get(etype)
                if p is None:
                    p, props[etype] = pairs.setdefault(etype, []), []
                p.append(iu)
                p.append(iv)
                props[etype].append(data or None)
    edges = {t: {"pairs": p, **({"props": props[t]} if any(props[t]) else {})}
             for t, p in pairs.items()}
    try:
        return _dumps({"format": FORMAT, "version": VERSION, "ns": ns, "nodes": nodes,
                       "edges": edges})
    except (TypeError, ValueError) as exc:
        raise StoreError(f"the graph holds a value JSON cannot store: {exc}") from None


def save(path: Path, data: bytes) -> Stamp:
    """Replace `path` with `data` atomically. The caller holds the write lock."""
    _remove_stale_temps(path)
    tmp = path.with_name(f".{path.name}.tmp-{os.getpid()}-{secrets.token_hex(4)}")
    try:
        with open(tmp, "wb") as f:
            _write_bytes(f.fileno(), data)
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    _fsync_dir(path.parent)
    saved = stamp(path)
    assert saved is not None
    return saved


def _write_bytes(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


def _fsync_dir(directory: Path) -> None:
    # Makes the rename itself durable; not every platform can open a directory.
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _remove_stale_temps(path: Path) -> None:
    """Temp files of writers that died mid-save (we hold the lock, so none is in use)."""
    pattern = re.compile(rf"\.{re.escape(path.name)}\.tmp-\d+-[0-9a-f]+")
    for entry in path.parent.iterdir():
        if pattern.fullmatch(entry.name):
            entry.unlink(missing_ok=True)
