"""`Memory`: the library's front door. The CLI is a thin shell over this class.

    from mrgraph import Memory, Settings
    with Memory.open(Settings(), store="file:.mrgraph/graph", ns="default") as memory:
        memory.ingest(["chat.jsonl"])
        print(memory.ask("When did Odile join the chess club?").answer)

A long-lived process (a server, `mrgraph chat`) opens one Memory and keeps it: opening an
embedded store reads almost nothing, its reads fetch what they need and see every commit made
since (by any process), and threads may share it (the store serialises its own file access).

Each operation imports what it runs when it runs (ingest, the ask loop, practice, networkx for
GraphML): a command pays only for what it uses (benchmarks/startup.py).
"""

from __future__ import annotations

import io
import json
from dataclasses import dataclass, field, replace
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Any, Callable, Sequence

from mrgraph.config import Settings
from mrgraph.errors import ConfigError, UserError
from mrgraph.experience.records import DEFAULT_BUDGET_TOKENS
from mrgraph.limits import check_question
from mrgraph.llm.base import LLM, Embedder, TokenLedger
from mrgraph.redact import public_uri
from mrgraph.store.base import ForgetResult, GraphStore
from mrgraph.store.current import check_current
from mrgraph.store.uri import open_store
from mrgraph.types import Answer, NodeView, Stats

if TYPE_CHECKING:
    from mrgraph.experience.loop import Tick
    from mrgraph.experience.records import RoundRecord
    from mrgraph.experience.storage import Pool
    from mrgraph.graph_stats import GraphStats
    from mrgraph.ingest.extract import Extractor
    from mrgraph.ingest.migrate import Migrated
    from mrgraph.ingest.pipeline import BatchDone, IngestReport, Progress
    from mrgraph.store.copy import CopyResult
    from mrgraph.store.copy import Progress as CopyProgress

MODES = ("active", "topk", "graph")


@dataclass
class Memory:
    store: GraphStore
    settings: Settings = field(default_factory=Settings)
    ledger: TokenLedger = field(default_factory=TokenLedger)
    _local: LLM | None = field(default=None, repr=False)  # one llama.cpp server per Memory

    @classmethod
    def open(cls, settings: Settings, store: str | None = None, ns: str | None = None, *,
             current: bool = True) -> "Memory":
        """The memory of namespace `ns` of `store`; with `current`, StoreOutdatedError (one
        line naming `mrgraph migrate`) when it holds conversations of an older graph model."""
        uri = store or settings.store
        # "" is refused by open_store, not taken for the default
        opened = open_store(uri, settings.ns if ns is None else ns, settings)
        if current:
            try:
                check_current(opened, public_uri(uri))
            except BaseException:
                opened.close()
                raise
        return cls(opened, settings)

    def migrate(self, progress: Callable[[Migrated], None] | None = None) -> list[Migrated]:
        """Re-derive the conversations an older graph model wrote, from their stored turns
        (mrgraph.ingest.migrate)."""
        from mrgraph.ingest.migrate import migrate
        return migrate(self.store, progress=progress)

    def __enter__(self) -> "Memory":
        return self

    def __exit__(self, t: type[BaseException] | None, e: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()

    def close(self) -> None:
        if self._local is not None:
            getattr(self._local, "close")()  # stops the llama.cpp server it started
            self._local = None
        self.store.close()

    # ------------------------------------------------------------------ ingest / forget

    def extractor(self, name: str = "heuristic", concurrency: int = 8,
                  llm_kind: str = "openai") -> Extractor:
        """`llm_kind` ("openai" or "local") is the model the llm extractor uses."""
        if name == "heuristic":
            from mrgraph.ingest.extract import HeuristicExtractor
            return HeuristicExtractor()
        if name == "llm":
            from mrgraph.ingest.llm_extract import (  # only when asked: needs an LLM
                SMALL_MODEL_WINDOW, LLMExtractor)
            llm = self.llm("openai" if llm_kind == "auto" else llm_kind, purpose_model="extract")
            assert llm is not None  # kind "openai" never yields the offline policy
            if llm_kind == "local":  # one slot: parallel requests would only queue and time out
                concurrency = 1
            return LLMExtractor(llm, concurrency=concurrency,  # a small model: short windows
                                window_turns=SMALL_MODEL_WINDOW if llm_kind == "local" else None)
        raise ConfigError(f"unknown extractor {name!r} (choose heuristic or llm)")

    def ingest(self, paths: Sequence[str | Path], *, fmt: str = "auto", extractor: str = "heuristic",
               concurrency: int = 8, progress: Progress | None = None,
               embedder: str | Embedder | None = "none",
               on_batch: BatchDone | None = None, llm: str = "openai",
               name: str | None = None) -> list[IngestReport]:
        """Ingest files; `embedder` ("none", "openai" or an Embedder) adds episode embeddings;
        `progress` is told the turns extracted, `on_batch` the write batches written (on Neo4j
        each is committed: mrgraph.ingest.pipeline); `llm` the llm extractor's model; `name`
        the transcript's name when the files are temporary copies (ingest_file). An offline
        ingest (no LLM, no embedder) called on the main thread pauses Python's cyclic garbage
        collector for the process while it runs (gc.disable: its passes took 13% of the CPU);
        a caller whose other threads make reference cycles meanwhile should ingest from a
        thread of its own, where nothing is paused."""
        from mrgraph.ingest.pipeline import ingest_file
        ex = self.extractor(extractor, concurrency, llm)
        chosen = self.embedder(embedder)
        vectors = None
        if chosen is not None:
            from mrgraph.ingest.embed import EpisodeEmbedder
            vectors = EpisodeEmbedder(chosen)
        return [ingest_file(self.store, p, ex, fmt=fmt, max_bytes=self.settings.max_input_bytes,
                            progress=progress, embedder=vectors, on_batch=on_batch,
                            workers=self.settings.ingest_workers, name=name)
                for p in paths]

    def forget(self, conversation_id: str) -> ForgetResult:
        from mrgraph.ingest.pipeline import forget_conversation
        return forget_conversation(self.store, conversation_id)

    # ------------------------------------------------------------------ questions

    def llm(self, kind: str = "auto", purpose_model: str = "navigate") -> LLM | None:
        """The LLM for `kind` (auto: openai when configured, else None = offline heuristic)."""
        if kind == "heuristic" or (kind == "auto" and not self.settings.has_llm):
            return None
        from mrgraph.llm.factory import make_llm
        if kind == "local":
            if self._local is None:
                from mrgraph.llm.local import options_from
                self._local = make_llm("local", base_url=self.settings.openai_base_url,
                                       ledger=self.ledger, local=options_from(self.settings))
            return self._local
        if kind not in ("auto", "openai"):
            raise ConfigError(f"unknown llm {kind!r} (choose heuristic, openai or local)")
        model = self.settings.extract_model if purpose_model == "extract" else self.settings.model
        return make_llm("openai", model=model, api_key=self.settings.openai_api_key,
                        base_url=self.settings.openai_base_url,
                        timeout=self.settings.llm_timeout, ledger=self.ledger)

    def embedder(self, kind: str | Embedder | None = "none") -> Embedder | None:
        """The Embedder for `kind`: None for "none" (lexical only), OpenAIEmbedder for "openai"
        (MRGRAPH_EMBED_MODEL on the OPENAI_BASE_URL endpoint), or the object given."""
        if kind is None or not isinstance(kind, str):
            return kind
        from mrgraph.llm.factory import make_embedder
        return make_embedder(kind, model=self.settings.embed_model,
                             api_key=self.settings.openai_api_key,
                             base_url=self.settings.openai_base_url,
                             timeout=self.settings.llm_timeout, ledger=self.ledger)

    def ask(self, question: str, *, mode: str = "active", llm: str = "auto",
            embedder: str | Embedder | None = "none") -> Answer:
        if mode not in MODES:
            raise UserError(f"unknown mode {mode!r} (choose {', '.join(MODES)})")
        check_question(question)
        from mrgraph.experience.guide import Guide, load_guide
        from mrgraph.reconstruct import ask
        chosen = self.llm(llm)
        guide = load_guide(self.store) if mode == "active" else Guide()
        if not guide.experiences:
            return ask(self.store, question, mode=mode, llm=chosen,
                       embedder=self.embedder(embedder))
        # experiences from practice, handed to the policy: calibrations set the offline
        # policy's knobs; an LLM is shown the ones that apply (mrgraph.experience.guide)
        answer = ask(self.store, question, mode=mode, llm=chosen, advice=guide.advice(question),
                     embedder=self.embedder(embedder))
        used = guide.used(question, llm=chosen is not None)
        return replace(answer, experiences=tuple(f"{e.kind}: {e.statement}" for e in used))

    def practice(self, rounds: int = 1, *, llm: str = "heuristic",
                 conversations: Sequence[str] = (), budget_tokens: int = DEFAULT_BUDGET_TOKENS,
                 max_questions: int | None = None, tick: Tick | None = None) -> list[RoundRecord]:
        """Practise on the memory's own history (mrgraph.experience): `rounds` more rounds,
        resuming after the last finished one; `llm` "heuristic" uses the offline rules."""
        from mrgraph.experience.loop import PracticeOptions, practice
        if rounds < 1:
            raise UserError("--rounds must be at least 1")
        unknown = sorted(set(conversations) - set(self.store.conversations()))
        if unknown:
            raise UserError(f"no conversation {unknown[0]!r} in namespace {self.store.ns!r}")
        options = PracticeOptions(rounds, tuple(conversations), budget_tokens, max_questions)
        return practice(self.store, options, self.llm(llm), tick)

    def experiences(self) -> Pool:
        """Experiential memory as stored: experiences, the proposal pool, the rounds."""
        from mrgraph.experience.storage import load_pool
        return load_pool(self.store)

    # ------------------------------------------------------------------ inspection

    def stats(self) -> Stats:
        return self.store.stats()

    def graph_stats(self) -> GraphStats:
        """How well tags group episodes, per tag, cue and most active person."""
        from mrgraph.graph_stats import graph_stats
        return graph_stats(*self.store.export())

    def is_empty(self) -> bool:
        """The namespace holds no conversation yet (what `ask` and `stats` tell the user)."""
        return not self.store.conversations()

    def show(self, node_id: str) -> NodeView:
        return self.store.show(node_id)

    def beliefs(self, entity: str, aspect: str | None = None,
                as_of: str | None = None) -> list[dict[str, Any]]:
        from mrgraph.toolargs import check_value
        from mrgraph.toolkit import run_tool
        if as_of is not None:  # checked first: a bad date is an error even with no beliefs
            check_value("as_of", as_of, "date")
        if aspect:
            aspects = [aspect]
        else:
            listed = run_tool(self.store, "personal_aspects", {"entity": entity})
            aspects = [str(r["aspect"]) for r in listed.records]
        rows: list[dict[str, Any]] = []
        for a in aspects:
            args: dict[str, Any] = {"entity": entity, "aspect": a}
            if as_of:
                args["as_of"] = as_of
            rows.extend(run_tool(self.store, "personal_aspect", args).records)
        # current beliefs on top of each aspect (as of the date asked, when one is)
        return sorted(rows, key=lambda r: (r["aspect"], r["status"] != "active",
                                           -r["confidence"], r["statement"]))

    def export(self, fmt: str = "json") -> str:
        nodes, edges = self.store.export()
        if fmt == "json":
            return json.dumps({
                "ns": self.store.ns,
                # properties nested: Tag and Topic have a `label` property of their own
                "nodes": [{"id": n.id, "label": n.label, "properties": _plain(n.props)}
                          for n in nodes],
                "edges": [{"type": e.type, "src": e.src, "dst": e.dst,
                           "properties": _plain(e.props)} for e in edges],
            }, ensure_ascii=False, indent=1)
        if fmt == "graphml":
            import networkx as nx
            g = nx.MultiDiGraph()
            for n in nodes:
                # `labels` as Neo4j (APOC) writes it; `label` is a property of tags and topics
                g.add_node(n.id, labels=f":{n.label}", **_graphml(n.props))
            for e in edges:
                g.add_edge(e.src, e.dst, key=e.type, label=e.type, **_graphml(e.props))
            buf = io.BytesIO()
            nx.write_graphml(g, buf)
            return buf.getvalue().decode("utf-8")
        raise UserError(f"unknown export format {fmt!r} (choose json or graphml)")

    def push(self, to: str, progress: CopyProgress | None = None) -> CopyResult:
        """Copy this namespace into another store (e.g. Neo4j for Browser); idempotent.
        `progress`: told the nodes and relationships copied as they are (store.copy)."""
        from mrgraph.store.copy import copy_store
        dst = open_store(to, self.store.ns, self.settings)
        try:
            return copy_store(self.store, dst, progress=progress)
        finally:
            dst.close()


def _plain(props: Any) -> dict[str, Any]:
    return {k: list(v) if isinstance(v, tuple) else v for k, v in props.items()}


def _graphml(props: Any) -> dict[str, Any]:
    # GraphML attributes are scalars: lists become JSON strings
    return {k: json.dumps(list(v)) if isinstance(v, tuple) else v
            for k, v in props.items() if v is not None}
