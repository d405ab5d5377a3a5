"""Extraction in worker processes (mrgraph.ingest.parallel): the same batches, in the same order,
with the same errors, whatever the number of workers."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from types import SimpleNamespace

import pytest

from mrgraph import limits
from mrgraph.config import Settings
from mrgraph.errors import ConfigError, IngestWorkerError, InputError, MrGraphError
from mrgraph.eval import synth
from mrgraph.ingest import parallel
from mrgraph.ingest.extract import HeuristicExtractor
from mrgraph.ingest.loaders import load
from mrgraph.ingest.pipeline import ingest_file
from mrgraph.store.memory import MemoryStore
from mrgraph.ingest.drafts import Extraction, SessionExtraction
from mrgraph.types import Conversation

pytestmark = pytest.mark.skipif(not parallel.supported(), reason="workers need Linux")


@pytest.fixture(scope="module")
def conversations() -> list[Conversation]:
    found = list(synth.conversations(1_500, seed=7))
    assert len(found) >= 4  # several conversations of different sizes
    return found


def _turns(conversations: list[Conversation]) -> int:
    return sum(len(s.turns) for c in conversations for s in c.sessions)


def test_batches_are_identical_whatever_the_worker_count(conversations: list[Conversation]
                                                         ) -> None:
    extractor = HeuristicExtractor()
    serial = parallel.extract_all("ns", conversations, extractor, 1)
    for workers in (2, 3, len(conversations)):
        assert parallel.extract_all("ns", conversations, extractor, workers) == serial
    assert [e.batch.conversation_id for e in serial] == [c.id for c in conversations]


def test_progress_comes_in_file_order(tmp_path: Path) -> None:
    path = tmp_path / "synth.json"
    synth.write_locomo(path, synth.generate(1_500, synth.SynthConfig(seed=7)))
    told: list[str] = []
    written: list[tuple[int, int]] = []
    store = MemoryStore(tmp_path / "graph", "ns")
    report = ingest_file(store, path, HeuristicExtractor(), workers=3,
                         progress=lambda cid, turns: told.append(cid),
                         on_batch=lambda done, total: written.append((done, total)))
    store.close()
    assert told == list(report.conversations)
    total = len(report.conversations)
    assert written == [(i, total) for i in range(1, total + 1)]


class _Failing:
    """A forkable extractor failing on some conversations, the later ones fast, the earlier
    ones slowly: the error of the first in file order must win whatever finishes first."""

    forkable = True

    def __init__(self, failing: dict[str, float]) -> None:
        self.failing = failing

    def extract(self, conversation: Conversation) -> Extraction:
        if conversation.id in self.failing:
            time.sleep(self.failing[conversation.id])
            raise MrGraphError(f"cannot extract {conversation.id}")
        return Extraction(conversation.id, tuple(SessionExtraction(s.number, ())
                                                 for s in conversation.sessions), ())


def test_the_first_failing_conversation_in_file_order_raises(
        conversations: list[Conversation]) -> None:
    first, second = conversations[1].id, conversations[3].id
    extractor = _Failing({first: 0.3, second: 0.0})
    for workers in (1, 2, 4):
        with pytest.raises(MrGraphError, match=f"cannot extract {first}$"):
            parallel.extract_all("ns", conversations, extractor, workers)


def test_a_failing_check_counts_as_its_conversations_failure(tmp_path: Path) -> None:
    """With `source`, each batch is checked against the limits where it is built: of two
    failing, the first in file order raises, after everything before it was yielded (later
    ones may come before, as they finish)."""
    samples = synth.to_locomo(synth.generate(1_500, synth.SynthConfig(seed=7)))
    for bad in (1, 3):  # a cue no store can index
        samples[bad]["conversation"]["session_1"][0]["text"] = "I love " + "z" * 12_000 + "."
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(samples), encoding="utf-8")
    conversations = load(path)
    for workers in (1, 2, 4):
        yielded: list[int] = []
        with pytest.raises(InputError, match=f"conversation '{samples[1]['sample_id']}'.*'key'"):
            with parallel.extracting("ns", conversations, HeuristicExtractor(), workers,
                                     str(path)) as extracted:
                for index, found in extracted:
                    assert limits.checked(found.batch)  # the store will not check it again
                    yielded.append(index)
        assert 0 in yielded and not {1, 3} & set(yielded)
        if workers == 1:  # in file order: nothing after the failure
            assert yielded == [0]


def test_results_come_as_they_finish_with_their_index(conversations: list[Conversation]
                                                      ) -> None:
    extractor = HeuristicExtractor()
    serial = parallel.extract_all("ns", conversations, extractor, 1)
    with parallel.extracting("ns", conversations, extractor, 2) as extracted:
        found = list(extracted)
    assert sorted(i for i, _ in found) == list(range(len(conversations)))
    assert all(serial[i] == e for i, e in found)


def test_plan_workers(conversations: list[Conversation]) -> None:
    extractor = HeuristicExtractor()
    turns = _turns(conversations)
    assert turns >= 4 * parallel.MIN_TURNS
    assert parallel.plan_workers(1, conversations, extractor) == 1
    assert parallel.plan_workers(3, conversations, extractor) == 3
    assert parallel.plan_workers(0, conversations, extractor) == min(
        parallel.available_cores(), len(conversations), turns // parallel.MIN_TURNS)
    # a ceiling, never more than the conversations nor one per MIN_TURNS turns
    assert parallel.plan_workers(64, conversations, extractor) == min(
        len(conversations), turns // parallel.MIN_TURNS)
    assert parallel.plan_workers(64, conversations[:2], extractor) <= 2
    small = [synth.sample(0, max_turns=parallel.MIN_TURNS // 2).conversation] * 3
    assert _turns(small) < 2 * parallel.MIN_TURNS
    assert parallel.plan_workers(8, small, extractor) == 1
    assert parallel.plan_workers(8, conversations, _NotForkable()) == 1


class _NotForkable:
    def extract(self, conversation: Conversation) -> Extraction:
        raise AssertionError("never called")


def test_ingest_with_workers_writes_the_same_graph(tmp_path: Path,
                                                   conversations: list[Conversation]) -> None:
    path = tmp_path / "synth.json"
    synth.write_locomo(path, synth.generate(1_500, synth.SynthConfig(seed=7)))
    exports = []
    for workers in (1, 3):
        store = MemoryStore(tmp_path / f"w{workers}", "ns")
        report = ingest_file(store, path, HeuristicExtractor(), workers=workers)
        assert report.workers == workers
        assert report.turns == _turns(conversations)
        exports.append(store.export())
        store.close()
    assert exports[0] == exports[1]


def test_the_worker_setting() -> None:
    assert Settings.from_env({}).ingest_workers == 0
    assert Settings.from_env({"MRGRAPH_INGEST_WORKERS": "3"}).ingest_workers == 3
    for bad in ("-1", "two", "1.5"):
        with pytest.raises(ConfigError, match="MRGRAPH_INGEST_WORKERS"):
            Settings.from_env({"MRGRAPH_INGEST_WORKERS": bad})


def test_concurrent_ingests_of_one_process_keep_their_own_work(
        conversations: list[Conversation]) -> None:
    extractor = HeuristicExtractor()
    halves = [conversations[:2], conversations[2:]]
    expected = [parallel.extract_all("ns", half, extractor, 1) for half in halves]
    with ThreadPoolExecutor(2) as threads:
        found = list(threads.map(lambda half: parallel.extract_all("ns", half, extractor, 2),
                                 halves))
    assert found == expected


def _children(pid: int) -> set[int]:
    found: set[int] = set()
    for task in Path(f"/proc/{pid}/task").iterdir():
        found.update(int(c) for c in (task / "children").read_text().split())
    return found


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except FileNotFoundError:
        return False
    return state != "Z"


def test_workers_die_with_an_ingest_killed_by_sigkill(tmp_path: Path) -> None:
    """Otherwise they wait for work forever, holding the ingest's pipes open. Three
    extracting processes: the ingest's own and two forked workers."""
    path = tmp_path / "synth.json"
    synth.write_locomo(path, synth.generate(6_000, synth.SynthConfig(seed=3)))
    env = {**os.environ, "MRGRAPH_INGEST_WORKERS": "3"}
    child = subprocess.Popen([sys.executable, "-m", "mrgraph", "ingest", str(path), "--store",
                              f"file:{tmp_path / 'graph'}", "--ns", "ns"], env=env,
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    workers: set[int] = set()
    deadline = time.monotonic() + 120
    while len(workers) < 2 and child.poll() is None and time.monotonic() < deadline:
        workers = _children(child.pid)
        time.sleep(0.01)
    assert len(workers) == 2, "the ingest never had its two workers"
    os.kill(child.pid, signal.SIGKILL)
    child.communicate(timeout=30)  # no worker keeps the pipe open
    deadline = time.monotonic() + 30
    while any(map(_alive, workers)) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not any(map(_alive, workers))


def test_a_bad_conversation_late_in_the_file_rolls_back_those_written_before_it(
        tmp_path: Path) -> None:
    """Embedded, batches are written as they are extracted, in the file's one write unit."""
    good = tmp_path / "good.json"
    synth.write_locomo(good, synth.generate(300, synth.SynthConfig(seed=2)))
    path = tmp_path / "late.json"
    samples = synth.to_locomo(synth.generate(1_500, synth.SynthConfig(seed=7)))
    session = samples[-1]["conversation"]["session_1"]
    session[0]["text"] = "I love " + "z" * 12_000 + " so much."  # a cue no store can index
    path.write_text(json.dumps(samples), encoding="utf-8")
    store = MemoryStore(tmp_path / "graph", "ns")
    ingest_file(store, good, HeuristicExtractor(), workers=1)
    before = store.export()
    written: list[int] = []
    with pytest.raises(InputError, match=f"conversation '{samples[-1]['sample_id']}'.*'key'"):
        ingest_file(store, path, HeuristicExtractor(), workers=2,
                    on_batch=lambda done, total: written.append(done))
    assert written == list(range(1, len(samples)))  # the others were written, then rolled back
    assert store.export() == before
    store.close()
    assert MemoryStore(tmp_path / "graph", "ns").export() == before


def test_the_parent_collector_is_unfrozen_after_forking(conversations: list[Conversation]
                                                        ) -> None:
    """Objects are frozen only while the workers fork (so theirs do not copy the parent's
    pages); the parent's collector then works as before."""
    import gc
    assert gc.get_freeze_count() == 0
    parallel.extract_all("ns", conversations[:2], HeuristicExtractor(), 2)
    assert gc.get_freeze_count() == 0


def test_workers_are_planned_only_on_the_main_thread(conversations: list[Conversation]) -> None:
    # a server ingests in a worker thread while others run: it forks no process
    with ThreadPoolExecutor(1) as thread:
        planned = thread.submit(parallel.plan_workers, 4, conversations, HeuristicExtractor())
        assert planned.result() == 1
    assert parallel.plan_workers(4, conversations, HeuristicExtractor()) > 1


def test_an_applications_frozen_objects_stay_frozen(conversations: list[Conversation]) -> None:
    import gc
    gc.freeze()
    try:
        frozen = gc.get_freeze_count()
        parallel.extract_all("ns", conversations[:2], HeuristicExtractor(), 2)
        assert gc.get_freeze_count() == frozen > 0
    finally:
        gc.unfreeze()


class _Killed:
    """Extracts as the heuristic does, but the process extracting `victim` dies."""

    forkable = True

    def __init__(self, victim: str) -> None:
        self.victim, self.inner = victim, HeuristicExtractor()

    def extract(self, conversation: Conversation) -> Extraction:
        if conversation.id == self.victim:
            os.kill(os.getpid(), signal.SIGKILL)
        return self.inner.extract(conversation)


def test_a_worker_killed_from_outside_is_a_clear_error(conversations: list[Conversation]) -> None:
    _, theirs = parallel.share(conversations, 2)  # the forked worker's, not this process's
    with pytest.raises(IngestWorkerError, match="MRGRAPH_INGEST_WORKERS=1"):
        parallel.extract_all("ns", conversations, _Killed(conversations[theirs[0]].id), 2)


def test_this_process_extracts_a_share_and_the_workers_the_rest(
        conversations: list[Conversation]) -> None:
    """With n extracting processes this one and n - 1 forked workers share the conversations,
    biggest first to the least loaded, this one loaded first with the writes (WRITE_SHARE of
    the turns): the biggest always goes to a worker, every conversation to exactly one."""
    turns = [c.turn_count for c in conversations]
    for workers in (2, 3, len(conversations)):
        mine, theirs = parallel.share(conversations, workers)
        assert sorted(mine + theirs) == list(range(len(conversations)))
        assert theirs[0] == max(range(len(turns)), key=lambda i: (turns[i], -i))
        for part in (mine, theirs):  # biggest first
            assert [turns[i] for i in part] == sorted((turns[i] for i in part), reverse=True)
    sized = [SimpleNamespace(turn_count=n) for n in (400, 370, 660)]
    # here: 0.35 * 1430 = 500.5 to start; 660 -> a worker, 400 -> here, 370 -> the worker
    assert parallel.share(sized, 2) == ([0], [2, 1])  # type: ignore[arg-type]
    assert parallel.share(sized, 3) == ([], [2, 0, 1])  # type: ignore[arg-type]
    assert parallel.share(sized[:1], 2) == ([], [0])  # type: ignore[arg-type]
