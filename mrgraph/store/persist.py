"""The embedded store's file format (one SQLite file per namespace) and its write lock.

Layout: the store is a directory (default `.mrgraph/graph`) holding, per namespace,

    <ns>.sqlite   the graph of that namespace (ns percent-encoded: `urllib.parse.quote(ns, safe="")`)
                  with SQLite's own `-wal` / `-shm` files beside it while a connection is open
    <ns>.lock     the writers' lock file (filelock; held only while a write unit runs)

so a namespace's file is never read or written by a store opened on another namespace.

Why SQLite: opening must not cost time or memory proportional to the graph (a v1 JSON file was
parsed whole: 33 s and 6.1 GiB at 1M turns), and a write must cost what it changes, not what the
store holds (v1 rewrote the whole file). SQLite gives both (B-trees read page by page; a commit
writes the changed pages), plus atomic commits that survive kill -9 (write-ahead log).

Tables (`props` is the JSON of the properties, without the label and `ns`):

    meta(key, value)                     format, version, ns
    nodes(id PK, label, key, props)      key: what lookups ask by (Cue: its key; Fact: entity;
                                         Conversation: conversation_id; Episode: its date)
    edges(src, type, dst, props)         PK (src, type, dst); index (dst, type, src)
    tokens(label, token, id, sec)        search postings: the node's `tokens`, with its
                                         secondary sort key (mrgraph.store.token_table)
    counts(kind, name, n)                nodes per label, edges per type

Transactions: a write unit is one `BEGIN IMMEDIATE` ... `COMMIT` (the write-ahead log makes the
commit atomic and durable, `synchronous=FULL`); a read runs in a read transaction, so it sees one
committed state even while another process commits.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Callable
from urllib.parse import quote

from mrgraph.errors import StoreCorruptError, StoreError, StoreLockedError, StoreUnavailableError
from mrgraph.limits import RESERVED_PROPERTY
from mrgraph.store import disk

try:  # orjson is several times faster; the format is the same either way
    import orjson

    def _dumps(obj: Any) -> bytes:
        return orjson.dumps(obj)

    _loads: Callable[[bytes | str], Any] = orjson.loads
except ImportError:  # pragma: no cover - exercised only where orjson is missing
    def _dumps(obj: Any) -> bytes:
        return json.dumps(obj, ensure_ascii=False, separators=(",", ":")).encode("utf-8")

    _loads = json.loads

if TYPE_CHECKING:  # imported where a writer takes the lock (WriteLock.acquire)
    import filelock

FORMAT = "mrgraph-embedded"
VERSION = 2
LABEL = RESERVED_PROPERTY  # node attribute holding the label (Tags and Topics have a `label`)
# The data of every edge without properties: one shared read-only mapping instead of an empty
# dict per edge. Read-only so an in-place update fails loudly; the store replaces edge data.
NO_PROPS: Any = MappingProxyType({})

Attrs = dict[str, Any]

_SCHEMA = (
    "CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID",
    "CREATE TABLE nodes(id TEXT PRIMARY KEY, label TEXT NOT NULL, key TEXT,"
    " props TEXT NOT NULL) WITHOUT ROWID",
    "CREATE INDEX nodes_by_label_key ON nodes(label, key)",
    "CREATE TABLE edges(src TEXT NOT NULL, type TEXT NOT NULL, dst TEXT NOT NULL, props TEXT,"
    " PRIMARY KEY(src, type, dst)) WITHOUT ROWID",
    "CREATE INDEX edges_in ON edges(dst, type, src)",
    "CREATE TABLE tokens(label TEXT NOT NULL, token TEXT NOT NULL, id TEXT NOT NULL,"
    " sec TEXT NOT NULL, PRIMARY KEY(label, token, id)) WITHOUT ROWID",
    "CREATE TABLE counts(kind TEXT NOT NULL, name TEXT NOT NULL, n INTEGER NOT NULL,"
    " PRIMARY KEY(kind, name)) WITHOUT ROWID",
)


def data_file(directory: Path, ns: str) -> Path:
    return directory / f"{quote(ns, safe='')}.sqlite"


def legacy_file(directory: Path, ns: str) -> Path:
    """Where format 1 (one JSON document) kept the namespace: migrated on first write."""
    return directory / f"{quote(ns, safe='')}.json"


def lock_file(directory: Path, ns: str) -> Path:
    return directory / f"{quote(ns, safe='')}.lock"


# ------------------------------------------------------------------ lock


class WriteLock:
    """The exclusive writer lock of one namespace; waits at most `timeout` seconds. filelock is
    loaded by the first acquire: a process that only reads (an ask) never imports it."""

    def __init__(self, path: Path, what: str, timeout: float) -> None:
        self._path = str(path)
        self._timeout = timeout
        self._lock: filelock.FileLock | None = None
        self._what = what

    def acquire(self) -> None:
        import filelock
        if self._lock is None:  # the store calls acquire under its unit lock: made once
            self._lock = filelock.FileLock(self._path, timeout=self._timeout, thread_local=False)
        try:
            self._lock.acquire()
        except filelock.Timeout:
            raise StoreLockedError(f"store {self._what} is locked by another writer") from None

    def release(self) -> None:
        assert self._lock is not None, "released before acquired"
        self._lock.release()


# ------------------------------------------------------------------ rows


def encode_props(attrs: Attrs) -> str:
    """The JSON of a node's or edge's properties (the label and `ns` are not stored)."""
    try:
        return _dumps({k: v for k, v in attrs.items() if k != LABEL and k != "ns"}).decode()
    except (TypeError, ValueError) as exc:
        raise StoreError(f"the graph holds a value JSON cannot store: {exc}") from None


def decode_props(text: str | None) -> Attrs:
    found: Attrs = _loads(text) if text else {}
    return found


def node_attrs(label: str, props: str, ns: str) -> Attrs:
    attrs = decode_props(props)
    attrs[LABEL] = label
    attrs["ns"] = ns
    return attrs


def edge_data(props: str | None) -> Attrs:
    found: Attrs = _loads(props) if props else NO_PROPS
    return found


# ------------------------------------------------------------------ the database


def _close(conn: sqlite3.Connection | None) -> None:
    if conn is not None:
        conn.close()


def _tune(conn: sqlite3.Connection) -> None:
    """Per-connection settings: none of them writes to the file."""
    conn.execute("PRAGMA cache_size=-65536")  # 64 MiB of pages
    conn.execute("PRAGMA temp_store=MEMORY")
    conn.execute("PRAGMA busy_timeout=10000")  # a checkpoint may hold the file briefly


class Database:
    """The SQLite file of one namespace; `conn` is None while the file does not exist (reads of
    a store never written see an empty graph and create nothing).

    A file that cannot be opened for writing (a read-only file, directory or mount, a full disk
    where SQLite cannot make the write-ahead log's index) is opened read-only for reads
    (`read_only` says why): with `immutable=1` when no write-ahead log is beside it, so SQLite
    writes nothing at all, else `mode=ro`. A write unit reopens it for writing first."""

    def __init__(self, path: Path, ns: str) -> None:
        self.path = path
        self.ns = ns
        self.conn: sqlite3.Connection | None = None
        self.read_only: str | None = None  # why `conn` is read-only; None: it is writable
        self.connect(create=False)

    def connect(self, create: bool) -> bool:
        """Open the file if it exists (or `create` it); True when connected. `create` asks for
        a writable connection: DiskFullError or StoreReadOnlyError when there can be none."""
        if create and (reason := disk.read_only_reason(self.path.parent, self.path)):
            raise disk.read_only_error(str(self.path.parent), reason)
        if self.conn is not None and not (create and self.read_only):
            return True
        self.close()  # a read-only connection, and a write is asked: the disk may allow it now
        if not create and not self.path.exists():
            return False
        try:
            conn = self._open()
        except sqlite3.OperationalError as exc:
            if create:
                raise self._write_error(exc) from None
            if not disk.may_read_only(exc):
                raise StoreCorruptError(f"{self.path}: not a mrgraph store file ({exc})") from None
            found = self._open_read_only()
            if found is None:  # an empty file (its creation failed): an empty graph
                return False
            conn, self.read_only = found, self._why_read_only(exc)
        except sqlite3.DatabaseError as exc:
            raise StoreCorruptError(f"{self.path}: not a mrgraph store file ({exc})") from None
        except OSError as exc:
            raise StoreUnavailableError(f"cannot open the store file {self.path}: "
                                        f"{exc.strerror or exc}") from None
        self.conn = conn
        return True

    def _open(self) -> sqlite3.Connection:
        conn = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        try:
            _tune(conn)
            conn.execute("PRAGMA synchronous=FULL")
            conn.execute("PRAGMA journal_size_limit=67108864")  # a big unit's log shrinks after
            # the schema of a new file is written before the switch to the write-ahead log: a
            # unit that later fails on a full disk leaves a log with nothing committed in it,
            # which closing the connection removes
            if not self._check(conn):
                self._create(conn)
            conn.execute("PRAGMA journal_mode=WAL")
        except BaseException:
            conn.close()
            raise
        return conn

    def _open_read_only(self) -> sqlite3.Connection | None:
        """A read-only connection, or None for an empty file."""
        wal = self.path.with_name(self.path.name + "-wal")
        mode = "mode=ro" if wal.exists() and wal.stat().st_size else "immutable=1"
        conn: sqlite3.Connection | None = None
        try:
            conn = sqlite3.connect(f"{self.path.absolute().as_uri()}?{mode}", uri=True,
                                   isolation_level=None, check_same_thread=False)
            _tune(conn)
            if self._check(conn):
                return conn
        except sqlite3.OperationalError as exc:
            _close(conn)
            raise StoreUnavailableError(f"cannot read the store file {self.path} ({exc}): it "
                                        "cannot be written, and its write-ahead log holds "
                                        "commits only a writer can read in") from None
        except sqlite3.DatabaseError as exc:
            _close(conn)
            raise StoreCorruptError(f"{self.path}: not a mrgraph store file ({exc})") from None
        _close(conn)
        return None

    def _why_read_only(self, exc: sqlite3.Error) -> str:
        if disk.is_full(exc, self.path.parent):
            return "the disk is full"
        return disk.read_only_reason(self.path.parent, self.path) or f"{exc}"

    def _write_error(self, exc: sqlite3.Error) -> Exception:
        if (found := disk.unwritable(exc, self.path.parent, self.path)) is not None:
            return found
        if disk.may_read_only(exc):
            return StoreUnavailableError(f"cannot write the store file {self.path}: {exc}")
        return StoreCorruptError(f"{self.path}: not a mrgraph store file ({exc})")

    def _check(self, conn: sqlite3.Connection) -> bool:
        """The file is this namespace's store (True), or empty (False); else StoreCorruptError."""
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        if not tables:
            return False
        meta = dict(conn.execute("SELECT key, value FROM meta")) if "meta" in tables else {}
        if meta.get("format") != FORMAT:
            raise StoreCorruptError(f"{self.path}: not a mrgraph store file (no format marker)")
        if meta.get("version") != str(VERSION):
            raise StoreCorruptError(f"{self.path}: unsupported store version "
                                    f"{meta.get('version')!r}")
        if meta.get("ns") != self.ns:
            raise StoreCorruptError(f"{self.path}: holds namespace {meta.get('ns')!r}, "
                                    f"not {self.ns!r}")
        return True

    def _create(self, conn: sqlite3.Connection) -> None:
        conn.execute("BEGIN IMMEDIATE")
        for statement in _SCHEMA:
            conn.execute(statement)
        conn.executemany("INSERT INTO meta VALUES (?, ?)",
                         [("format", FORMAT), ("version", str(VERSION)), ("ns", self.ns)])
        conn.execute("COMMIT")

    def close(self) -> None:
        if self.conn is not None:
            self.conn.close()
            self.conn = None
        self.read_only = None

    def version(self) -> int:
        """Changes whenever another connection commits (PRAGMA data_version)."""
        if self.conn is None:
            return -1 if not self.path.exists() else -2
        return int(self.conn.execute("PRAGMA data_version").fetchone()[0])

    def rows(self, sql: str, params: Any = ()) -> list[Any]:
        if self.conn is None:
            return []
        return self.conn.execute(sql, params).fetchall()

    def run(self, sql: str, params: Any = ()) -> sqlite3.Cursor:
        assert self.conn is not None, "writes run inside a write unit"
        return self.conn.execute(sql, params)

    @contextmanager
    def transaction(self, begin: str) -> Iterator[None]:
        """BEGIN (DEFERRED for a read snapshot, IMMEDIATE for a write unit) ... COMMIT, or
        ROLLBACK when the block raises."""
        if self.conn is None:
            yield
            return
        conn = self.conn
        conn.execute(f"BEGIN {begin}")
        try:
            yield
            conn.execute("COMMIT")  # may fail too (a full disk): then rolled back below
        except BaseException:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise

    # -------------------------------------------------------------- counts

    def counts(self) -> tuple[dict[str, int], dict[str, int]]:
        """(nodes per label, edges per type) as committed."""
        nodes: dict[str, int] = {}
        edges: dict[str, int] = {}
        for kind, name, n in self.rows("SELECT kind, name, n FROM counts"):
            (nodes if kind == "node" else edges)[name] = int(n)
        return nodes, edges

    def save_counts(self, nodes: dict[str, int], edges: dict[str, int]) -> None:
        self.run("DELETE FROM counts")
        rows = [("node", k, n) for k, n in nodes.items() if n] + \
            [("edge", k, n) for k, n in edges.items() if n]
        assert self.conn is not None
        self.conn.executemany("INSERT INTO counts VALUES (?, ?, ?)", rows)
