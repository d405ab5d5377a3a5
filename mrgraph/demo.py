"""`mrgraph demo`: ingest the bundled sample transcript, show the graph, ask sample questions,
and say what to try next against the demo's store."""

from __future__ import annotations

import shlex

from rich.console import Console

from mrgraph import render
from mrgraph.engine import Memory
from mrgraph.ingest.sample import QUESTIONS, sample_path
from mrgraph.redact import public_uri

DEMO_STORE = "file:.mrgraph/demo"


def run_demo(memory: Memory, console: Console, store: str = DEMO_STORE,
             ns: str | None = None) -> None:
    path = str(sample_path())
    with render.ingest_progress(console) as bars:
        reports = memory.ingest([path], progress=bars.turns, on_batch=bars.batches)
    render.ingest_reports(console, reports)
    render.stats(console, memory.stats())
    _, edges = memory.store.export()
    first_episode = next((e.dst for e in edges if e.type == "HAS_EPISODE"), None)
    if first_episode:
        console.rule("a node and its neighbours (mrgraph show ID)")
        render.node_view(console, memory.show(first_episode))
    for question in QUESTIONS:
        console.rule(question)
        render.answer(console, memory.ask(question, llm="heuristic"), trace=False)
    console.rule("what mrgraph believes about Maya (mrgraph beliefs Maya)")
    render.beliefs(console, "Maya", memory.beliefs("Maya"), None)
    render.next_steps(console, public_uri(store), next_commands(store, ns))


def next_commands(store: str, ns: str | None) -> tuple[str, str]:
    """The two commands to try next, against the demo's own store (and namespace); a
    password in the store URI is left out (NEO4J_PASSWORD gives it)."""
    where = f"--store {shlex.quote(public_uri(store))}" + (f" --ns {shlex.quote(ns)}" if ns else "")
    return (f"mrgraph ask {shlex.quote(QUESTIONS[1])} --trace {where}",
            f"mrgraph serve {where}   # then open http://127.0.0.1:8000/ and ask")
