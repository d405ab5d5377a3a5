"""`mrgraph demo`: ingest the bundled sample transcript, show the graph, ask sample questions."""

from __future__ import annotations

from rich.console import Console

from mrgraph import render
from mrgraph.engine import Memory
from mrgraph.ingest.sample import sample_path

QUESTIONS = (
    "When did Maya adopt the dog?",
    "Where does Maya live now?",
    "What did Jonas build for the community garden?",
    "What is Maya's job?",
)


def run_demo(memory: Memory, console: Console) -> None:
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
