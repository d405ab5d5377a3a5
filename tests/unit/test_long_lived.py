"""A store kept open (`mrgraph chat`, a server holding one `Memory`) needs no reopening: every
read sees the last commit, its own process's or another's, and threads may share it."""

from __future__ import annotations

import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from rich.console import Console

from mrgraph.chat import run_chat
from mrgraph.config import Settings
from mrgraph.engine import Memory
from mrgraph.ingest.sample import sample_path

ROOT = Path(__file__).resolve().parents[2]
QUESTION = "When did Maya adopt the dog?"


def ingest_elsewhere(store: str) -> None:
    """`mrgraph ingest` of the sample in another process."""
    subprocess.run([sys.executable, "-m", "mrgraph", "ingest", str(sample_path()),
                    "--store", store], cwd=ROOT, check=True, capture_output=True, timeout=300)


def test_an_open_memory_sees_what_another_process_ingested(tmp_path: Path) -> None:
    store = f"file:{tmp_path / 'graph'}"
    with Memory.open(Settings(), store=store) as memory:
        assert "Saturday before 20 March" not in memory.ask(QUESTION).answer  # nothing ingested yet
        ingest_elsewhere(store)
        assert "Saturday before 20 March" in memory.ask(QUESTION).answer
        assert memory.stats().conversations == Memory.open(Settings(), store=store).stats() \
            .conversations


def test_chat_keeps_its_store_open_between_questions(tmp_path: Path) -> None:
    store = f"file:{tmp_path / 'graph'}"
    lines = iter([QUESTION, "ingest", QUESTION, ":quit"])

    def read(prompt: str) -> str:
        line = next(lines)
        if line == "ingest":  # between two questions, another process writes the store
            ingest_elsewhere(store)
            return ":history"
        return line

    console = Console(record=True, width=200)
    with Memory.open(Settings(), store=store) as memory:
        opened = memory.store
        assert run_chat(memory, console, read=read) == [QUESTION, QUESTION]
        assert memory.store is opened
    first, _, second = console.export_text().partition("1. " + QUESTION)  # the :history
    assert "Saturday before 20 March" not in first and "Saturday before 20 March" in second


def test_threads_may_share_one_memory(tmp_path: Path) -> None:
    store = f"file:{tmp_path / 'graph'}"
    ingest_elsewhere(store)
    questions = [QUESTION, "What does Maya do for work?", "Where does Maya live?"] * 4
    with Memory.open(Settings(), store=store) as memory:
        alone = [memory.ask(q).answer for q in questions]
        with ThreadPoolExecutor(max_workers=4) as pool:
            together = list(pool.map(lambda q: memory.ask(q).answer, questions))
    assert together == alone
