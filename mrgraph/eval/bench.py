"""The LoCoMo benchmark harness: ingest, ask every question in every mode, score, report.

    run_locomo(Settings(), "locomo10.json", out_dir="bench-out/locomo")

Namespaces: each conversation is ingested into its own namespace, ns = its sample_id, and each
question is asked only against that namespace, so no answer can draw on another conversation.
The store defaults to a fresh embedded store in `<out_dir>/store` (cleared first); `store=` may
name any store URI (e.g. bolt://...), whose namespaces `sample_id` are then written (re-ingesting
is idempotent).

Answering: mode "active" (reconstruction) and the passive baselines "topk" and "graph", with the
offline heuristic policy by default or an OpenAI-compatible model (`llm="openai"`). Judge: with
`judge="openai"` an LLM labels each answer CORRECT or WRONG (prompt `mrgraph/prompts/judge.md`,
temperature 0, JSON reply). Any `LLM` object may be passed instead of a name (tests pass a
ScriptedLLM). `workers` questions run at once: 1 by default offline (answering is CPU-bound and
latencies stay clean), 8 when an OpenAI model answers or judges (the time is network waits).

Output in `out_dir`: `results.json` ({"summary", "results": one record per question × mode}),
`report.md` (mrgraph.eval.report) and `report.png` when matplotlib is installed. Metric rules,
including why category 5 is left out of recall, F1 and BLEU-1, are in the report's notes.
"""

from __future__ import annotations

import json
import os
import shutil
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor, as_completed
from contextlib import contextmanager
from dataclasses import dataclass
from functools import partial
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from mrgraph import scoring
from mrgraph.config import Settings
from mrgraph.errors import LLMError, UserError
from mrgraph.eval import metrics
from mrgraph.eval.summary import (Record, machine_description, summarize, summary_line,
                                  write_outputs)
from mrgraph.eval.locomo import QAItem, load_locomo_qa
from mrgraph.ingest.build import build_batch
from mrgraph.ingest.extract import Extractor, HeuristicExtractor
from mrgraph.ingest.loaders import load
from mrgraph.ingest.pipeline import refresh_beliefs
from mrgraph.ingest.embed import EpisodeEmbedder
from mrgraph.llm.base import LLM, Embedder, Message, TokenLedger
from mrgraph.llm.tokens import count_tokens
from mrgraph.prompts import load_prompt
from mrgraph.store.base import GraphStore
from mrgraph.store.uri import open_store
from mrgraph.types import NOT_MENTIONED, Answer, Conversation

DEFAULT_MODES = ("active", "topk", "graph")
DEFAULT_CATEGORIES = (1, 2, 3, 4, 5)
JUDGE_SCHEMA: Mapping[str, Any] = {
    "type": "object",
    "properties": {"reasoning": {"type": "string"},
                   "label": {"type": "string", "enum": ["CORRECT", "WRONG"]}},
    "required": ["label"],
}


@dataclass(frozen=True)
class Plan:
    """What a run covers: the conversations to ingest and the questions to ask."""

    path: str
    conversations: tuple[Conversation, ...]
    questions: tuple[QAItem, ...]
    modes: tuple[str, ...]


def make_plan(path: str | os.PathLike[str], conversations: Sequence[str] | None,
              categories: Sequence[int], modes: Sequence[str],
              max_questions: int | None = None) -> Plan:
    """Load the file; keep the chosen conversations (all if None) and categories, and at most
    `max_questions` questions spread evenly over the file (for a slow model)."""
    bad_modes = [m for m in modes if m not in DEFAULT_MODES]
    if not modes or bad_modes:
        raise UserError(f"unknown or no modes {bad_modes or list(modes)} "
                        f"(choose from {', '.join(DEFAULT_MODES)})")
    bad = [c for c in categories if c not in metrics.CATEGORY_NAMES]
    if not categories or bad:
        raise UserError(f"unknown or no categories {bad or list(categories)} (choose from 1-5)")
    loaded = load(path, "locomo")
    wanted = list(conversations) if conversations else [c.id for c in loaded]
    unknown = sorted(set(wanted) - {c.id for c in loaded})
    if unknown:
        raise UserError(f"{path}: no conversation {', '.join(unknown)} "
                        f"(the file has {', '.join(c.id for c in loaded)})")
    chosen = tuple(c for c in loaded if c.id in wanted)
    questions = tuple(q for q in load_locomo_qa(path)
                      if q.sample_id in wanted and q.category in categories)
    if max_questions is not None and 0 < max_questions < len(questions):
        questions = tuple(questions[i * len(questions) // max_questions]
                          for i in range(max_questions))
    return Plan(str(path), chosen, questions, tuple(modes))


# ------------------------------------------------------------------ ingest


@dataclass
class IngestTiming:
    """Seconds spent in each phase of `ingest_conversations` (save = closing the write unit:
    the embedded store's atomic file save, Neo4j's commit)."""

    turns: int = 0
    extract: float = 0.0
    build: float = 0.0
    write: float = 0.0
    beliefs: float = 0.0
    save: float = 0.0

    @property
    def seconds(self) -> float:
        return self.extract + self.build + self.write + self.beliefs + self.save

    def add(self, other: IngestTiming) -> None:
        for name in ("turns", "extract", "build", "write", "beliefs", "save"):
            setattr(self, name, getattr(self, name) + getattr(other, name))


def ingest_conversations(store: GraphStore, conversations: Sequence[Conversation],
                         extractor: Extractor,
                         embedder: EpisodeEmbedder | None = None) -> IngestTiming:
    """Extract and write `conversations` in one write unit, then re-derive the beliefs they
    touch (what `mrgraph ingest` does per file, without a file). Embedding counts as build."""
    timing = IngestTiming(sum(c.turn_count for c in conversations))
    clock = time.perf_counter()
    extractions = [extractor.extract(c) for c in conversations]
    timing.extract, clock = time.perf_counter() - clock, time.perf_counter()
    batches = [build_batch(c, e, store.ns) for c, e in zip(conversations, extractions)]
    if embedder is not None:
        batches = embedder.embed_batches(batches)[0]
    entities = sorted({str(n.props["entity"]) for b in batches for n in b.nodes
                       if n.label == "Fact"})
    timing.build, clock = time.perf_counter() - clock, time.perf_counter()
    with store.writing():
        for batch in batches:
            store.write_batch(batch)
        timing.write, clock = time.perf_counter() - clock, time.perf_counter()
        refresh_beliefs(store, entities)
        timing.beliefs, clock = time.perf_counter() - clock, time.perf_counter()
    timing.save = time.perf_counter() - clock
    return timing


def fresh_store_uri(directory: Path) -> str:
    """`file:` URI of an empty embedded store at `directory`, removing a previous run's store
    there; refuses (UserError) to remove a directory that is not an embedded store."""
    if directory.exists():
        foreign = [p.name for p in directory.iterdir()
                   if not p.is_file() or not (p.suffix in (".json", ".lock", ".sqlite", ".migrated")
                                              or p.name.endswith((".sqlite-wal", ".sqlite-shm"))
                                              or ".tmp-" in p.name)]
        if foreign:
            raise UserError(f"{directory} exists and is not an mrgraph store (it holds "
                            f"{', '.join(sorted(foreign)[:3])}); choose another --out")
        shutil.rmtree(directory)
    return f"file:{directory}"


@contextmanager
def _opened(settings: Settings, uri: str, ns: str) -> Iterator[GraphStore]:
    store = open_store(uri, ns, settings)
    try:
        yield store
    finally:
        store.close()


def _ingest_all(settings: Settings, uri: str, plan: Plan,
                embedder: Embedder | None) -> tuple[int, float]:
    started, turns = time.perf_counter(), 0
    extractor = HeuristicExtractor()
    vectors = EpisodeEmbedder(embedder) if embedder is not None else None
    for conversation in plan.conversations:
        with _opened(settings, uri, conversation.id) as store:
            turns += ingest_conversations(store, [conversation], extractor, vectors).turns
    return turns, time.perf_counter() - started


# ------------------------------------------------------------------ LLMs and the judge


def make_llm(settings: Settings, choice: str | LLM | None, ledger: TokenLedger,
             none: str) -> LLM | None:
    """The LLM `choice` names: `none` (e.g. 'heuristic') -> None, 'openai' -> a client."""
    if choice is None or choice == none:
        return None
    if not isinstance(choice, str):
        return choice
    if choice == "local":
        from mrgraph.llm.factory import make_llm as local_factory
        from mrgraph.llm.local import options_from
        return local_factory("local", base_url=settings.openai_base_url, ledger=ledger,
                             local=options_from(settings))
    if choice != "openai":
        raise UserError(f"unknown choice {choice!r} (choose {none}, openai or local)")
    from mrgraph.llm.factory import make_llm as factory

    return factory("openai", model=settings.model, api_key=settings.openai_api_key,
                   base_url=settings.openai_base_url, timeout=settings.llm_timeout, ledger=ledger)


def make_embedder(settings: Settings, choice: str | Embedder | None,
                  ledger: TokenLedger) -> Embedder | None:
    """The Embedder `choice` names: 'none' -> None, 'openai' -> a client, or the object."""
    if choice is None or not isinstance(choice, str):
        return choice
    from mrgraph.llm.factory import make_embedder as factory

    return factory(choice, model=settings.embed_model, api_key=settings.openai_api_key,
                   base_url=settings.openai_base_url, timeout=settings.llm_timeout, ledger=ledger)


def _data(text: str) -> str:
    # Data between the prompt's markers cannot close a marker early.
    return text.replace("</", "<\\/")


def judge_answer(llm: LLM, item: QAItem, prediction: str) -> bool:
    """True if the judge labels `prediction` CORRECT. Category 5's gold is 'not mentioned'."""
    gold = NOT_MENTIONED if item.category == 5 else item.answer
    prompt = load_prompt("judge").render(question=_data(item.question), gold=_data(gold),
                                         prediction=_data(prediction))
    reply = llm.complete([Message.user(prompt)], response_schema=JUDGE_SCHEMA, purpose="judge",
                         temperature=0.0)
    return isinstance(reply.parsed, dict) and reply.parsed.get("label") == "CORRECT"


# ------------------------------------------------------------------ asking and scoring


def score(item: QAItem, answer: Answer) -> dict[str, float | None]:
    """The metrics of one answer; category 5 gets only the abstention score (see the notes)."""
    if item.category == 5:
        return {"locomo_f1": metrics.locomo_f1(answer.answer, None, 5), "f1_simple": None,
                "bleu1": None, "evidence_recall": None, "supports_recall": None}
    return {
        "locomo_f1": metrics.locomo_f1(answer.answer, item.answer, item.category),
        "f1_simple": metrics.f1_simple(answer.answer, item.answer),
        "bleu1": metrics.bleu1(answer.answer, item.answer),
        "evidence_recall": scoring.evidence_recall(item.evidence, answer.evidence),
        "supports_recall": scoring.evidence_recall(item.evidence, answer.supports),
    }


def result_record(item: QAItem, mode: str, answer: Answer, ms: float,
                  turn_text: Mapping[str, str]) -> Record:
    evidence_tokens = sum(count_tokens(turn_text.get(d, "")) for d in answer.evidence)
    return {
        "sample_id": item.sample_id, "qa_index": item.index, "category": item.category,
        "category_name": item.category_name, "mode": mode, "question": item.question,
        "gold": item.answer, "gold_evidence": list(item.evidence), "prediction": answer.answer,
        "supports": list(answer.supports), "evidence": list(answer.evidence),
        "confidence": answer.confidence, "metrics": score(item, answer),
        "tokens": answer.tokens, "evidence_tokens": evidence_tokens, "ms": round(ms, 3),
        "rounds": answer.rounds, "tool_calls": answer.tool_calls,
    }


def _turn_texts(conversation: Conversation) -> dict[str, str]:
    return {t.dia_id: f"{t.speaker}: {t.text}" for s in conversation.sessions for t in s.turns}


def _ask_one(store: GraphStore, item: QAItem, mode: str, answerer: LLM | None,
             judge: LLM | None, texts: Mapping[str, str], embedder: Embedder | None) -> Record:
    from mrgraph.reconstruct import ask

    started = time.perf_counter()
    error = None
    try:
        answer = ask(store, item.question, mode=mode, llm=answerer, embedder=embedder)
    except LLMError as err:  # e.g. a slow local model out of its time budget: score it 0, go on
        error = str(err)
        answer = Answer("", (), 0.0, 0, 0, 0, (time.perf_counter() - started) * 1000)
    record = result_record(item, mode, answer, (time.perf_counter() - started) * 1000, texts)
    if error is not None:
        record["error"] = error
    if judge is not None:
        record["metrics"]["judge"] = 1.0 if judge_answer(judge, item, answer.answer) else 0.0
    return record


def _ask_all(settings: Settings, uri: str, plan: Plan, answerer: LLM | None,
             judge: LLM | None, console: Console | None, workers: int,
             embedder: Embedder | None = None,
             journal: Callable[[Record], None] | None = None) -> list[Record]:
    """Every question × mode, each against its own conversation's namespace; results in plan
    order. `workers` > 1 overlaps questions (worth it only while waiting on a remote model)."""
    stores = {c.id: open_store(uri, c.id, settings) for c in plan.conversations}
    texts = {c.id: _turn_texts(c) for c in plan.conversations}
    try:
        with _progress(console) as bar, ThreadPoolExecutor(max_workers=workers) as pool:
            task = bar.add_task("questions", total=len(plan.questions) * len(plan.modes))
            futures = [pool.submit(_ask_one, stores[q.sample_id], q, mode, answerer, judge,
                                   texts[q.sample_id], embedder) for q in plan.questions
                       for mode in plan.modes]
            for done in as_completed(futures):
                bar.advance(task)
                if journal is not None:  # a slow model's run can be read before it ends
                    journal(done.result())
            return [f.result() for f in futures]
    finally:
        for store in stores.values():
            store.close()


def _progress(console: Console | None) -> Progress:
    return Progress(TextColumn("[bold]locomo[/] {task.description}"), BarColumn(),
                    MofNCompleteColumn(), TimeElapsedColumn(), console=console,
                    transient=True, disable=console is None)


def run_locomo(settings: Settings, path: str | os.PathLike[str], *, out_dir: str | Path,
               store: str | None = None, conversations: Sequence[str] | None = None,
               modes: Sequence[str] = DEFAULT_MODES, llm: str | LLM | None = "heuristic",
               judge: str | LLM | None = "none",
               categories: Sequence[int] = DEFAULT_CATEGORIES,
               console: Console | None = None, workers: int | None = None,
               embedder: str | Embedder | None = "none",
               max_questions: int | None = None) -> str:
    """Run the benchmark (see the module docstring); returns a one-paragraph summary."""
    started, out = time.perf_counter(), Path(out_dir)
    plan = make_plan(path, conversations, categories or DEFAULT_CATEGORIES, modes,
                     max_questions)
    ledger = TokenLedger()
    answerer = make_llm(settings, llm, ledger, "heuristic")
    judge_llm = make_llm(settings, judge, ledger, "none")
    vectors = make_embedder(settings, embedder, ledger)
    uri = store or fresh_store_uri(out / "store")
    turns, ingest_seconds = _ingest_all(settings, uri, plan, vectors)
    journal = out / "records.jsonl"
    journal.unlink(missing_ok=True)  # an earlier run's lines in the same --out are not this run's
    if workers is None:  # overlap only network waits: offline answering is CPU-bound
        workers = 8 if "openai" in (llm, judge, embedder) else 1
    try:
        records = _ask_all(settings, uri, plan, answerer, judge_llm, console, max(1, workers),
                           vectors, partial(_journal, journal, ledger))
    finally:
        for made in (answerer, judge_llm):  # a local model's server stops with the run
            getattr(made, "close", lambda: None)()
    meta = {"file": plan.path, "conversations": [c.id for c in plan.conversations],
            "questions": len(plan.questions), "modes": list(plan.modes),
            "categories": sorted(set(categories)), "llm": _name(llm, "heuristic"),
            "judge": _name(judge, "none"), "embedder": vectors.name if vectors else "none",
            "store": uri, "turns": turns,
            "ingest_seconds": round(ingest_seconds, 3), "llm_tokens": ledger.as_dict(),
            "llm_replies": ledger.reply_outcomes(),
            "seconds": round(time.perf_counter() - started, 3), "machine": machine_description(),
            "date": datetime.now(timezone.utc).isoformat(timespec="seconds")}
    summary = {"meta": meta, "modes": summarize(records, plan.modes)}
    written = write_outputs(out, summary, records)
    return summary_line(summary, written)


def _journal(path: Path, ledger: TokenLedger, record: Record) -> None:
    """Append one finished question, with the run's reply outcomes so far, to `path`."""
    path.parent.mkdir(parents=True, exist_ok=True)
    line = {**record, "llm_replies_so_far": ledger.reply_outcomes()}
    with path.open("a", encoding="utf-8") as handle:
        handle.write(json.dumps(line, ensure_ascii=False) + "\n")


def _name(choice: str | LLM | None, none: str) -> str:
    return none if choice is None else choice if isinstance(choice, str) else choice.name
