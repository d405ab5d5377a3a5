"""Neo4jStore: the GraphStore protocol over Bolt, for real deployments and Neo4j Browser.

Every statement comes from a `cypher/*.cypher` file (mrgraph.store.cypher); values are always
parameters. The queries themselves live in neo4j_read.py / neo4j_toolkit.py / neo4j_turns.py /
neo4j_write.py, the read methods that run them in neo4j_methods.py; this module owns the
connection, the transactions, the writes and the rounds (neo4j_errors translates driver errors).

Transactions
  * Reads outside a write unit run as auto-commit statements of a read-mode session: one round
    trip a statement, where an explicit transaction adds a BEGIN and a COMMIT round trip each
    (an ask makes ~10 read steps: 20 round trips saved; RESULTS.md@c29e350 section 16).
    Neo4j reads at read-committed isolation inside a transaction too, so the statements of one
    read see what they would have seen in one transaction. Read files cannot write (the loader
    refuses write clauses), and a read whose statement fails transiently runs again whole, as
    the driver's managed transactions would (`_retrying`).
  * `writing()` opens ONE explicit write transaction; every write_batch / forget_conversation /
    replace_beliefs (and every read, so an ingest sees its own uncommitted evidence) made in it by
    the same thread runs inside it, and it commits on a clean exit or rolls back on an error:
    what a unit writes lands whole or not at all. Inside a unit, write_batch checks its batch
    at once but sends it together with the unit's next batches (one statement per label/type
    file for all of them, chunked into UNWINDs of CHUNK rows) just before the unit's next read,
    other write or commit: a unit holding many conversations costs a few statements, not a few
    per conversation. A unit whose namespace held no node creates its new nodes and edges
    instead of merging them (neo4j_write.Novelty).
  * A write outside `writing()` is its own managed write transaction (retried by the driver
    when it fails transiently).
  * Every write transaction first writes the namespace's lock node (lock_namespace.cypher), so
    writers of one namespace take turns: two ingests into one namespace at once both succeed
    (each waits for the other's current write batch) instead of one dying of DeadlockDetected.
  * An ingest (mrgraph.ingest.pipeline) is not one transaction: `ingest_batch_size` tells it to
    commit a file in write batches of at most INGEST_BATCH_SIZE records (nodes + edges), each in
    a `writing()` unit of its own with an :IngestCheckpoint node (save_checkpoint) counting the
    committed batches, so a huge file never needs a huge transaction (heap), and a run that dies
    midway resumes after its last committed batch when the same command runs again. The last
    unit re-derives the beliefs and drops the checkpoint. Checkpoint nodes carry `ns` and `id`
    but no graph-model label, so exports, stats and the toolkit never see them.
  * The schema (constraints, range and full-text indexes) is created idempotently once per
    store, on its first use (so before the first write and the first search), in auto-commit
    statements of its own: Neo4j does not allow schema and data changes in one transaction.
    Only missing indexes are created, so a read-only user works on a database that has them.

No network happens in the constructor: the driver connects on first use, and connection,
authentication and missing-database failures become StoreUnavailableError (never with the
password in the message).
"""

from __future__ import annotations

import functools
import threading
from concurrent.futures import ThreadPoolExecutor
from contextlib import AbstractContextManager, contextmanager
from typing import Any, Callable, Iterator, Sequence, TypeVar
from urllib.parse import unquote, urlsplit

import neo4j
from neo4j import exceptions as nx

from mrgraph.errors import StoreUnavailableError
from mrgraph.store import cypher
from mrgraph.store import neo4j_batch as nb
from mrgraph.store import neo4j_write as wr
from mrgraph.redact import remember_secret
from mrgraph.store.neo4j_errors import (RETRY_SECONDS, ErrorTranslator, public_uri, quietly,
                                        retrying)
from mrgraph.store.base import BeliefEdge, Checkpoint, ForgetResult, GraphStore
from mrgraph.store.batch_checks import scrub_batch
from mrgraph.store.neo4j_methods import Neo4jReads
from mrgraph.types import GraphBatch, WriteResult

T = TypeVar("T")
Work = Callable[[cypher.Runner], T]

SCHEMES = ("bolt", "bolt+s", "bolt+ssc", "neo4j", "neo4j+s", "neo4j+ssc")
# Records (nodes + edges) an ingest commits per transaction: a file of a few LoCoMo
# conversations (~4,000 records each) is one commit, a transaction stays tens of MB of heap,
# and a failure costs little redo.
INGEST_BATCH_SIZE = 25_000
# Statements of one read step in flight at once (read_many): the toolkit reads' one and the
# few kinds beside it.
READ_THREADS = 6


class Neo4jStore(Neo4jReads):
    """A namespace of a Neo4j database. Thread-safe: the driver pools connections, and each read
    opens its own short session; a write unit belongs to the thread that opened it."""

    def __init__(self, uri: str, ns: str = "default", user: str = "neo4j",
                 password: str | None = None, database: str | None = None, *,
                 ingest_batch_size: int = INGEST_BATCH_SIZE) -> None:
        parts = urlsplit(uri)
        if ingest_batch_size < 1:
            raise ValueError("ingest_batch_size must be at least 1")
        if parts.scheme not in SCHEMES:
            raise StoreUnavailableError(
                f"not a Neo4j URI: {public_uri(uri)!r} (expected one of "
                f"{', '.join(s + '://' for s in SCHEMES)})")
        self.ns = ns
        self._uri = public_uri(uri)
        # The driver refuses user:password@ in a URI (and would echo it): take them as the auth.
        self._user = unquote(parts.username) if parts.username else user
        self._password = unquote(parts.password) if parts.password is not None else password
        remember_secret(self._password)  # scrubbed from all output (mrgraph.redact)
        self._database = database
        self._errors = ErrorTranslator(self._uri, self._user, self._password, database)
        self._ingest_batch_size = ingest_batch_size
        self._lock = threading.Lock()
        self._local = threading.local()
        self._ready = False  # connected once and the schema ensured
        self._threads: ThreadPoolExecutor | None = None  # read_many's statements at once
        auth = (self._user, self._password) if self._password is not None else None
        try:  # creating the driver parses settings only; it connects on first use
            # No notifications: nothing reads them, and the server builds and the driver
            # decodes and checks them for every statement.
            self._driver = neo4j.GraphDatabase.driver(
                self._uri, auth=auth, connection_timeout=10.0,
                max_transaction_retry_time=RETRY_SECONDS, user_agent="mrgraph",
                notifications_min_severity="OFF")
        except (nx.ConfigurationError, ValueError) as exc:
            raise StoreUnavailableError(f"cannot use Neo4j URI {self._uri!r}: "
                                        f"{self._errors.scrub(str(exc))}") from None

    @property
    def uri(self) -> str:
        return self._uri

    def close(self) -> None:
        if self._threads is not None:
            self._threads.shutdown()
        self._driver.close()

    def __repr__(self) -> str:
        return f"Neo4jStore({self._uri!r}, ns={self.ns!r})"

    @property
    def ingest_batch_size(self) -> int | None:
        return self._ingest_batch_size

    @property
    def prefetches(self) -> bool:
        return True  # a step of reads is a round trip; a few more reads in it cost ~0.1 ms

    # -------------------------------------------------------------- transactions

    def writing(self) -> AbstractContextManager[None]:
        return self._writing()

    @contextmanager
    def _writing(self) -> Iterator[None]:
        if self._unit() is not None:  # nested unit: the outermost one commits
            yield
            return
        with self._errors.translated():
            session = self._session(neo4j.WRITE_ACCESS)
            unit = self._local.unit = _Unit(session, session.begin_transaction())
            wr.lock_namespace(unit.tx, self.ns)
        try:
            yield
            with self._errors.translated():
                unit.flushed(self.ns).commit()
        except BaseException:
            quietly(unit.tx.rollback)
            raise
        finally:
            self._local.unit = None
            quietly(session.close)

    def _unit(self) -> _Unit | None:
        unit: _Unit | None = getattr(self._local, "unit", None)
        return unit

    def _session(self, mode: str) -> neo4j.Session:
        self._connect()
        return self._driver.session(database=self._database, default_access_mode=mode,
                                    bookmark_manager=self._driver.execute_query_bookmark_manager)

    def _connect(self) -> None:
        """On first use: fail fast with a clear error (rather than the driver's seconds of
        retries), then make sure the schema exists: the write files' index hints need it."""
        if self._ready:
            return
        with self._lock, self._errors.translated():
            if not self._ready:
                self._driver.verify_connectivity()
                with self._driver.session(database=self._database) as session:
                    wr.ensure_schema(session)
                self._ready = True

    def _read(self, work: Work[T]) -> T:
        unit = self._unit()
        with self._errors.translated():
            if unit is not None:  # see the unit's own writes
                return work(unit.flushed(self.ns))
            session = self._read_session()
            try:
                return retrying(lambda: work(session))
            except BaseException:
                self._local.reader = None  # a session that failed is not reused
                quietly(session.close)
                raise

    def _read_session(self) -> neo4j.Session:
        """This thread's read-mode session, kept between reads: it holds a connection only
        while a statement runs, and opening one per statement was ~7% of the client's read
        work under a profiler (RESULTS.md@c29e350 section 26)."""
        session: neo4j.Session | None = getattr(self._local, "reader", None)
        if session is None:
            session = self._local.reader = self._session(neo4j.READ_ACCESS)
        return session

    def _write(self, work: Work[T]) -> T:
        unit = self._unit()
        with self._errors.translated():
            if unit is not None:
                return work(unit.flushed(self.ns))
            with self._session(neo4j.WRITE_ACCESS) as session:
                return session.execute_write(lambda tx: work(wr.lock_namespace(tx, self.ns)))

    # -------------------------------------------------------------- writes

    def write_batch(self, batch: GraphBatch) -> WriteResult:
        plan = wr.plan_batch(scrub_batch(batch))  # validates before any network traffic
        unit = self._unit()
        if unit is None:
            return self._write(lambda tx: wr.write_batch(tx, self.ns, plan))
        # In a unit the batch is checked now and sent with the unit's other batches (one
        # statement per file instead of one per file and batch) before its next read or write.
        with self._errors.translated():
            wr.check_batch(unit.tx, self.ns, plan, unit.pending)
        if unit.pending is None:
            unit.pending = plan
        else:
            unit.pending.absorb(plan)
        return WriteResult(batch.conversation_id, plan.nodes, plan.edges)

    def forget_conversation(self, conversation_id: str) -> ForgetResult:
        return self._write(lambda tx: wr.forget_conversation(tx, self.ns, conversation_id))

    def checkpoint(self, key: str) -> Checkpoint | None:
        return self._read(lambda tx: wr.checkpoint(tx, self.ns, key))

    def save_checkpoint(self, checkpoint: Checkpoint) -> None:
        self._write(lambda tx: wr.save_checkpoint(tx, self.ns, checkpoint))

    def drop_checkpoint(self, key: str) -> None:
        self._write(lambda tx: wr.drop_checkpoint(tx, self.ns, key))

    def replace_beliefs(self, entities: Sequence[str], beliefs: Sequence[BeliefEdge]) -> None:
        rows = wr.belief_rows(beliefs)
        self._write(lambda tx: wr.replace_beliefs(tx, self.ns, entities, rows))

    # -------------------------------------------------------------- rounds

    def run_calls(self, calls: Sequence[Callable[[GraphStore], T]], workers: int) -> list[T]:
        """The calls' reads go to the server together, a step of statements sent at once each
        time every call waits on a read (neo4j_batch); `workers` does not apply. Inside a write unit
        the calls run one by one in this thread: only it sees the unit's transaction."""
        if self._unit() is not None:
            return [call(self) for call in calls]
        return nb.run_calls(self, calls)

    def read_many(self, reads: Sequence[nb.Read]) -> list[Any]:
        """The answers of `reads` (method name, arguments): the toolkit reads in one statement,
        a token count or other read beside them in one of its kind (nb.statements); outside a
        write unit those go out at once, each on a session of its own."""
        parts = nb.statements(reads)
        if len(parts) == 1 or self._unit() is not None:
            return self._read(lambda tx: nb.read_many(tx, self.ns, reads))
        answers: list[Any] = [None] * len(reads)
        works = [functools.partial(nb.read_many, ns=self.ns, reads=[reads[n] for n in part])
                 for part in parts]
        # The calling thread runs the last statement itself: one thread hand-off less a step.
        futures = [self._pool().submit(self._read, work) for work in works[:-1]]
        found = self._read(works[-1])
        for part, got in zip(parts, [f.result() for f in futures] + [found]):
            for n, answer in zip(part, got):
                answers[n] = answer
        return answers

    def _pool(self) -> ThreadPoolExecutor:
        with self._lock:
            if self._threads is None:
                self._threads = ThreadPoolExecutor(READ_THREADS, "mrgraph-neo4j-read")
            return self._threads


class _Unit:
    """A thread's open write unit: its transaction and the batches not yet sent."""

    def __init__(self, session: neo4j.Session, tx: neo4j.Transaction) -> None:
        self.session, self.tx = session, tx
        self.pending: wr.BatchPlan | None = None
        self.novelty = wr.Novelty()

    def flushed(self, ns: str) -> neo4j.Transaction:
        """The transaction, after sending the pending batches (so reads see them)."""
        if self.pending is not None:
            pending, self.pending = self.pending, None
            wr.flush(self.tx, ns, pending, self.novelty)
        return self.tx
