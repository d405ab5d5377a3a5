"""The operations the MCP server and the HTTP API share, as plain JSON-ready dicts.

A `Service` keeps one open `Memory` per namespace for its whole life (the store stays open
between requests) and names the namespace in every call. Reads (ask, beliefs, search, stats,
trace) never write; ingest and forget are the only writes.

Calls on one namespace are serialised by a lock of its own: the embedded store's write units
must not overlap reads from other threads (mrgraph.store.memory), and one lock is simpler than
telling the backends apart. Namespaces do not wait for each other.

`ask` keeps the trace graph of its answer under a trace id (the last MAX_TRACES answers), so a
client can fetch the picture of a reconstruction afterwards (`trace`).
"""

from __future__ import annotations

import hashlib
import json
import tempfile
import threading
from collections import OrderedDict
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mrgraph import render
from mrgraph.config import Settings
from mrgraph.engine import Memory
from mrgraph.errors import NotFoundError, UserError
from mrgraph.serve.tracegraph import store_lookup, trace_graph
from mrgraph.toolkit import run_tool
from mrgraph.toolview import namespace_warning, reply
from mrgraph.types import Answer, Step

MAX_TRACES = 200
FORMATS = ("auto", "locomo", "jsonl", "text")
_SUFFIX = {"locomo": ".json", "jsonl": ".jsonl", "text": ".txt", "auto": ".txt"}
_NAME_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.")


@dataclass
class Service:
    """mrgraph's operations over one store, for any number of namespaces."""

    settings: Settings
    store: str | None = None  # the store URI (None: settings.store)
    _memories: dict[str, Memory] = field(default_factory=dict)
    _locks: dict[str, threading.Lock] = field(default_factory=dict)
    _guard: threading.Lock = field(default_factory=threading.Lock)
    # trace id -> (ns, question, answer); the graph is built when first asked for
    _traces: OrderedDict[str, tuple[str, str, Answer]] = field(default_factory=OrderedDict)
    _graphs: dict[str, dict[str, Any]] = field(default_factory=dict)

    @classmethod
    def for_store(cls, store: str, settings: Settings | None = None) -> "Service":
        return cls(settings or Settings(), store)

    def close(self) -> None:
        with self._guard:
            for memory in self._memories.values():
                memory.close()
            self._memories.clear()

    @contextmanager
    def memory(self, ns: str) -> Iterator[Memory]:
        """The namespace's open Memory, held under the namespace's lock."""
        ns = _namespace(ns)
        with self._guard:
            lock = self._locks.setdefault(ns, threading.Lock())
        with lock:
            if ns not in self._memories:
                self._memories[ns] = Memory.open(self.settings, store=self.store, ns=ns)
            yield self._memories[ns]

    # ------------------------------------------------------------------ writes

    def ingest_transcript(self, ns: str, text: str, name: str = "transcript",
                          fmt: str = "auto") -> dict[str, Any]:
        """Ingest a transcript given as text. `name` is the conversation id of a text or JSONL
        transcript (LoCoMo JSON names its own); re-ingesting the same text changes nothing."""
        if fmt not in FORMATS:
            raise UserError(f"unknown format {fmt!r} (choose {', '.join(FORMATS)})")
        if not name or set(name) - _NAME_CHARS or name.startswith("."):
            raise UserError(f"name {name!r}: use letters, digits, '-', '_' and '.' only")
        if not text.strip():
            raise UserError("the transcript is empty")
        with tempfile.TemporaryDirectory(prefix="mrgraph-ingest-") as tmp:
            path = Path(tmp) / f"{name}{_SUFFIX[fmt] if '.' not in name else ''}"
            path.write_text(text, encoding="utf-8")
            with self.memory(ns) as memory:
                report = memory.ingest([path], fmt=fmt)[0]
        return {"ns": ns, "conversations": list(report.conversations), "turns": report.turns,
                "graph_nodes": report.graph_nodes, "graph_edges": report.graph_edges,
                "seconds": round(report.seconds, 3)}

    def forget_conversation(self, ns: str, conversation: str) -> dict[str, Any]:
        with self.memory(ns) as memory:
            if conversation not in memory.store.conversations():
                raise NotFoundError(f"no conversation {conversation!r} in namespace {ns!r}")
            result = memory.forget(conversation)
        return {"ns": ns, "conversation": result.conversation_id,
                "nodes_removed": result.nodes_removed, "edges_removed": result.edges_removed}

    # ------------------------------------------------------------------ reads

    def ask(self, ns: str, question: str, mode: str = "active") -> dict[str, Any]:
        """The answer with its supports, sources and confidence, and the id of its trace."""
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

    def trace(self, trace_id: str, ns: str | None = None) -> dict[str, Any]:
        """The trace of an earlier answer as a graph (tracegraph), its nodes named from the
        store: built on the first request, not by `ask`, which agents call without looking.
        With `ns`, only a trace of that namespace is found."""
        with self._guard:
            kept = self._traces.get(trace_id)
            graph = self._graphs.get(trace_id)
        if kept is None or (ns is not None and kept[0] != ns):
            raise NotFoundError(f"no trace {trace_id!r} (this server keeps the last "
                                f"{MAX_TRACES} answers' traces)")
        if graph is None:
            ns, question, answer = kept
            with self.memory(ns) as memory:
                graph = trace_graph(answer, question, store_lookup(memory.store))
            with self._guard:
                if trace_id in self._traces:
                    self._graphs[trace_id] = graph
        return graph

    def beliefs(self, ns: str, entity: str, aspect: str | None = None,
                as_of: str | None = None) -> dict[str, Any]:
        with self.memory(ns) as memory:
            rows = memory.beliefs(entity, aspect or None, as_of or None)
        return {"ns": ns, "entity": entity, "beliefs": rows}

    def search(self, ns: str, text: str, limit: int = 10) -> dict[str, Any]:
        """Episodes by words (the search_events tool): id, date, summary, dia_ids, score."""
        with self.memory(ns) as memory:
            result = run_tool(memory.store, "search_events", {"text": text, "limit": limit})
        return {"ns": ns, "text": text, "episodes": [dict(r) for r in result.records]}

    def stats(self, ns: str) -> dict[str, Any]:
        with self.memory(ns) as memory:
            body = render.stats_dict(memory.stats())
        return {"ns": ns, **body, "empty": not body["conversations"]}


    # ------------------------------------------------------------------ agents (the toolkit)

    def tool(self, ns: str, name: str, args: Mapping[str, object],
             detail: bool = False) -> dict[str, Any]:
        """One toolkit tool (mrgraph.toolview.reply: the records compact unless `detail`, a
        warning first when the namespace is empty); ToolArgumentError on bad arguments."""
        with self.memory(ns) as memory:
            body = reply(memory.store, name, args, detail=detail)
        return {"ns": ns, **body}

    def namespaces(self, ns: str = "default") -> dict[str, Any]:
        """The namespaces of the store holding a conversation, with their counts (read through
        namespace `ns`'s store: any one sees them all)."""
        with self.memory(ns) as memory:
            found = memory.store.namespaces()
        return {"namespaces": [{"ns": n.ns, "conversations": n.conversations,
                                "episodes": n.episodes, "turns": n.turns} for n in found]}

    def namespace_warning(self, ns: str) -> str:
        """"" when `ns` holds a conversation, else the line saying it is empty and which
        namespaces are not (toolview.namespace_warning)."""
        with self.memory(ns) as memory:
            return namespace_warning(memory.store)

    def trace_steps(self, trace_id: str, ns: str) -> dict[str, Any]:
        """An earlier answer's trace as the tool calls it made (no drawing: what an agent
        reads); `trace` gives the picture's elements."""
        with self._guard:
            kept = self._traces.get(trace_id)
        if kept is None or kept[0] != ns:
            raise NotFoundError(f"no trace {trace_id!r} in namespace {ns!r} (this server keeps "
                                f"the last {MAX_TRACES} answers' traces)")
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


def _namespace(ns: str) -> str:
    ns = ns.strip() if isinstance(ns, str) else ""
    if not ns:
        raise UserError("name the namespace (ns) of the call, e.g. 'default'")
    if len(ns) > 100:
        raise UserError("the namespace is longer than 100 characters")
    return ns


def _trace_id(ns: str, question: str, mode: str, answer: Answer) -> str:
    """Same namespace, question and reconstruction: same id (the offline runs are
    deterministic; timings are left out)."""
    steps = [[s.tool, dict(s.arguments), s.result_ids, s.kept_ids, s.error] for s in answer.trace]
    raw = json.dumps([ns, question, mode, answer.answer, steps], sort_keys=True, default=str)
    return "tr-" + hashlib.blake2b(raw.encode("utf-8"), digest_size=8).hexdigest()
