"""The operations the MCP server and the HTTP API share, as plain JSON-ready dicts.

A `Service` keeps one open `Memory` per namespace for its whole life (the store stays open
between requests) and names the namespace in every call. Reads (ask, beliefs, search, stats,
trace) never write; ingest and forget are the only writes.

Every method takes `ns` as a keyword; None is the service's `default_ns` (`serve --ns`,
`mcp --ns`). Calls on one namespace are serialised by a lock of its own: the embedded store's
write units must not overlap reads from other threads (mrgraph.store.memory), and one lock is
simpler than telling the backends apart. Namespaces do not wait for each other. With a
`timeout`, a call waits that long at most for its namespace (BusyError), and an ingest, run in
a child process (`ingest_job`), is killed past it (OvertimeError); `close` stops running ingests.

`ask` keeps the trace graph of its answer under a trace id (the last MAX_TRACES answers), so a
client can fetch the picture of a reconstruction afterwards (`trace`), through the namespace
that asked it only: a trace shows that namespace's turns.

No file is named after data: an uploaded transcript is written to a temporary file of a random
name, and its `name` given to the ingest apart (pipeline.renamed).
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from mrgraph import render
from mrgraph.config import Settings
from mrgraph.engine import Memory
from mrgraph.errors import BusyError, NotFoundError, UserError
from mrgraph.limits import MAX_NAME_CHARS, check_namespace, shorten
from mrgraph.serve.ingest_job import IngestJob, report_dict, run
from mrgraph.serve.tracegraph import store_lookup, trace_graph
from mrgraph.toolkit import run_tool
from mrgraph.toolview import namespace_warning, reply
from mrgraph.types import Answer, Step

T = TypeVar("T")
MAX_TRACES = 200
# A transcript up to this many characters is ingested in the server's own process (in about a
# second; stores and caches warm); a longer one, with a time budget, in a child process the
# budget can kill (starting it costs a few seconds).
INLINE_MAX_CHARS = 256 * 1024
FORMATS = ("auto", "locomo", "jsonl", "text")
_SUFFIX = {"locomo": ".json", "jsonl": ".jsonl", "text": ".txt", "auto": ".txt"}
_NAME_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.")


@dataclass
class Service:
    """mrgraph's operations over one store, for any number of namespaces."""

    settings: Settings
    store: str | None = None  # the store URI (None: settings.store)
    default_ns: str = "default"  # the namespace of a call that names none
    timeout: float | None = None  # seconds a call may wait for its namespace; an ingest's budget
    _memories: dict[str, Memory] = field(default_factory=dict)
    _locks: dict[str, threading.Lock] = field(default_factory=dict)
    _guard: threading.Lock = field(default_factory=threading.Lock)
    _stop: threading.Event = field(default_factory=threading.Event)
    # trace id -> (ns, question, answer); the graph is built when first asked for
    _traces: OrderedDict[str, tuple[str, str, Answer]] = field(default_factory=OrderedDict)
    _graphs: dict[str, dict[str, Any]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.default_ns = check_namespace(self.default_ns)

    @classmethod
    def for_store(cls, store: str, settings: Settings | None = None,
                  default_ns: str = "default") -> "Service":
        return cls(settings or Settings(), store, default_ns)

    def namespace(self, ns: str | None) -> str:
        """The namespace a call names, or the default; checked (limits.check_namespace)."""
        return self.default_ns if ns is None else check_namespace(ns)

    def stop(self) -> None:
        """Kill the running ingests' child processes (a server stopping); later calls are
        refused (BusyError)."""
        self._stop.set()

    def close(self, wait: float = 5.0) -> None:
        """Stop running ingests and close the stores; later calls are refused (BusyError). A
        store a call still holds after `wait` seconds is left open (the process is ending: its
        store keeps its last commit)."""
        self.stop()
        with self._guard:
            held = list(self._memories.items())
            self._memories.clear()
        deadline = time.monotonic() + wait
        for ns, memory in held:
            lock = self._locks[ns]
            if lock.acquire(timeout=max(0.0, deadline - time.monotonic())):
                try:
                    memory.close()
                finally:
                    lock.release()

    @contextmanager
    def locked(self, ns: str) -> Iterator[None]:
        """The namespace's lock: waited for `timeout` seconds at most (BusyError)."""
        with self._guard:
            lock = self._locks.setdefault(ns, threading.Lock())
        if not lock.acquire(timeout=-1 if self.timeout is None else self.timeout):
            raise BusyError(f"namespace {ns!r} is busy with an earlier request (still running "
                            f"after {self.timeout:g} s): try again later")
        try:
            yield
        finally:
            lock.release()

    @contextmanager
    def memory(self, ns: str | None = None) -> Iterator[Memory]:
        """The namespace's open Memory, held under the namespace's lock."""
        ns = self.namespace(ns)
        with self.locked(ns):
            yield self._open(ns)

    def _open(self, ns: str) -> Memory:
        """The namespace's Memory, opened on first use (its lock held). Entered in
        `_memories` under `_guard`, and never once the service stops: `close` would not see a
        store opened after its snapshot, and nobody would close it."""
        with self._guard:
            self._check_running()
            memory = self._memories.get(ns)
        if memory is None:
            memory = Memory.open(self.settings, store=self.store, ns=ns)
            with self._guard:
                if self._stop.is_set():
                    memory.close()
                self._check_running()
                self._memories[ns] = memory
        return memory

    def _check_running(self) -> None:
        if self._stop.is_set():
            raise BusyError("the server is stopping")

    # ------------------------------------------------------------------ writes

    def ingest_transcript(self, text: str, name: str = "transcript", fmt: str = "auto", *,
                          ns: str | None = None) -> dict[str, Any]:
        """Ingest a transcript given as text. `name` is the conversation id of a text or JSONL
        transcript (LoCoMo JSON names its own); re-ingesting the same text changes nothing."""
        ns = self.namespace(ns)
        if fmt not in FORMATS:
            raise UserError(f"unknown format {shorten(fmt)} (choose {', '.join(FORMATS)})")
        _check_name(name)
        if not text.strip():
            raise UserError("the transcript is empty")
        handle, tmp = tempfile.mkstemp(prefix="mrgraph-upload-", suffix=_SUFFIX[fmt])
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as out:
                out.write(text)
            with self.locked(ns):
                report = _unpathed(lambda: self._ingest(ns, tmp, fmt, name, len(text)), tmp,
                                   name)
        finally:
            os.unlink(tmp)
        return {"ns": ns, **report}

    def _ingest(self, ns: str, path: str, fmt: str, name: str, size: int) -> dict[str, Any]:
        """A small transcript in this thread (fast, its stores warm); a big one in a child
        process that the time budget or `close` can kill (ingest_job)."""
        if size > INLINE_MAX_CHARS and self.timeout is not None:
            self._check_running()
            return run(IngestJob(self.settings, self.store, ns, path, fmt, name), self.timeout,
                       self._stop)
        return report_dict(self._open(ns).ingest([path], fmt=fmt, name=name)[0])

    def forget_conversation(self, conversation: str, *, ns: str | None = None
                            ) -> dict[str, Any]:
        ns = self.namespace(ns)
        with self.memory(ns) as memory:
            if conversation not in memory.store.conversations():
                raise NotFoundError(f"no conversation {shorten(conversation)} in namespace "
                                    f"{ns!r}")
            result = memory.forget(conversation)
        return {"ns": ns, "conversation": result.conversation_id,
                "nodes_removed": result.nodes_removed, "edges_removed": result.edges_removed}

    # ------------------------------------------------------------------ reads

    def ask(self, question: str, mode: str = "active", *, ns: str | None = None
            ) -> dict[str, Any]:
        """The answer with its supports, sources and confidence, and the id of its trace."""
        ns = self.namespace(ns)
        with self.memory(ns) as memory:
            answer = memory.ask(question, mode=mode)
        body = render.answer_dict(answer)
        trace_id = _trace_id(ns, question, mode, answer)
        with self._guard:
            self._traces[trace_id] = (ns, question, answer)
            self._traces.move_to_end(trace_id)
            while len(self._traces) > MAX_TRACES:
                self._graphs.pop(self._traces.popitem(last=False)[0], None)
        return {"ns": ns, "question": question, "answer": answer.answer,
                "supports": body["supports"], "sources": body["sources"],
                "confidence": body["confidence"], "rounds": answer.rounds,
                "tool_calls": answer.tool_calls, "trace_id": trace_id}

    def trace(self, trace_id: str, *, ns: str | None = None) -> dict[str, Any]:
        """The trace of an earlier answer in namespace `ns` as a graph (tracegraph), its nodes
        named from the store: built on the first request, not by `ask`, which agents call
        without looking. Another namespace's trace is not found, as if it did not exist."""
        ns = self.namespace(ns)
        with self._guard:
            kept = self._traces.get(trace_id)
            graph = self._graphs.get(trace_id)
        if kept is None or kept[0] != ns:
            raise NotFoundError(f"no trace {shorten(trace_id)} in namespace {ns!r} (this "
                                f"server keeps the last {MAX_TRACES} answers' traces)")
        if graph is None:
            _, question, answer = kept
            with self.memory(ns) as memory:
                graph = trace_graph(answer, question, store_lookup(memory.store))
            with self._guard:
                if trace_id in self._traces:
                    self._graphs[trace_id] = graph
        return graph

    def beliefs(self, entity: str, aspect: str | None = None, as_of: str | None = None, *,
                ns: str | None = None) -> dict[str, Any]:
        ns = self.namespace(ns)
        with self.memory(ns) as memory:
            rows = memory.beliefs(entity, aspect or None, as_of or None)
        return {"ns": ns, "entity": entity, "beliefs": rows}

    def search(self, text: str, limit: int = 10, *, ns: str | None = None) -> dict[str, Any]:
        """Episodes by words (the search_events tool): id, date, summary, dia_ids, score."""
        ns = self.namespace(ns)
        with self.memory(ns) as memory:
            result = run_tool(memory.store, "search_events", {"text": text, "limit": limit})
        return {"ns": ns, "text": text, "episodes": [dict(r) for r in result.records]}

    def stats(self, *, ns: str | None = None) -> dict[str, Any]:
        ns = self.namespace(ns)
        with self.memory(ns) as memory:
            body = render.stats_dict(memory.stats())
        return {"ns": ns, **body, "empty": not body["conversations"]}

    # ------------------------------------------------------------------ agents (the toolkit)

    def tool(self, name: str, args: Mapping[str, object], detail: bool = False, *,
             ns: str | None = None) -> dict[str, Any]:
        """One toolkit tool (mrgraph.toolview.reply: the records compact unless `detail`, a
        warning first when the namespace is empty); ToolArgumentError on bad arguments."""
        ns = self.namespace(ns)
        with self.memory(ns) as memory:
            body = reply(memory.store, name, args, detail=detail)
        return {"ns": ns, **body}

    def namespaces(self) -> dict[str, Any]:
        """The namespaces of the store holding a conversation, with their counts (read through
        the default namespace's store: any one sees them all)."""
        with self.memory() as memory:
            found = memory.store.namespaces()
        return {"namespaces": [{"ns": n.ns, "conversations": n.conversations,
                                "episodes": n.episodes, "turns": n.turns} for n in found]}

    def namespace_warning(self, *, ns: str | None = None) -> str:
        """"" when `ns` holds a conversation, else the line saying it is empty and which
        namespaces are not (toolview.namespace_warning)."""
        with self.memory(ns) as memory:
            return namespace_warning(memory.store)

    def trace_steps(self, trace_id: str, *, ns: str | None = None) -> dict[str, Any]:
        """An earlier answer's trace in namespace `ns` as the tool calls it made (no drawing:
        what an agent reads); `trace` gives the picture."""
        ns = self.namespace(ns)
        with self._guard:
            kept = self._traces.get(trace_id)
        if kept is None or kept[0] != ns:
            raise NotFoundError(f"no trace {shorten(trace_id)} in namespace {ns!r} (this "
                                f"server keeps the last {MAX_TRACES} answers' traces)")
        _, question, answer = kept
        return {"ns": ns, "trace_id": trace_id, "question": question, "answer": answer.answer,
                "supports": list(answer.supports), "rounds": answer.rounds,
                "steps": [_step(s) for s in answer.trace]}


def _step(step: Step) -> dict[str, Any]:
    found: dict[str, Any] = {"round": step.round, "tool": step.tool,
                             "arguments": dict(step.arguments), "found": len(step.result_ids),
                             "kept": list(step.kept_ids)}
    if step.error:
        found["error"] = step.error
    return found


def _check_name(name: str) -> None:
    """A transcript's name: its conversation id, shown in answers' sources."""
    if (not isinstance(name, str) or not name or set(name) - _NAME_CHARS
            or name.startswith(".") or len(name) > MAX_NAME_CHARS):
        raise UserError(f"name {shorten(name)}: use 1 to {MAX_NAME_CHARS} letters, digits, "
                        "'-', '_' and '.' (not first)")


def _unpathed(call: Callable[[], T], path: str, name: str) -> T:
    """`call()`, its error's message naming the transcript, not its temporary file."""
    try:
        return call()
    except UserError as err:
        shown, file = f"transcript {name!r}", Path(path)
        message = str(err).replace(path, shown).replace(file.name, shown)
        message = message.replace(file.stem, name)  # the conversation id it stood for
        try:
            renamed = type(err)(message)  # its class says the status (404, 504...)
        except TypeError:
            renamed = UserError(message)
        raise renamed from None


def _trace_id(ns: str, question: str, mode: str, answer: Answer) -> str:
    """Same namespace, question and reconstruction: same id (the offline runs are
    deterministic; timings are left out)."""
    steps = [[s.tool, dict(s.arguments), s.result_ids, s.kept_ids, s.error] for s in answer.trace]
    raw = json.dumps([ns, question, mode, answer.answer, steps], sort_keys=True, default=str)
    return "tr-" + hashlib.blake2b(raw.encode("utf-8"), digest_size=8).hexdigest()
