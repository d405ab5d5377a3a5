"""Neo4j, live: ingests running at the same time into one namespace both succeed.

Two writers MERGE the same cues and tags; without care one of them dies of a transient
DeadlockDetected. Write units of a namespace take its lock first (lock_namespace.cypher), so
they take turns instead of deadlocking, and managed transactions retry what is transient."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from mrgraph.ingest.extract import HeuristicExtractor
from mrgraph.ingest.pipeline import IngestReport, ingest_file
from mrgraph.store.memory import MemoryStore
from tests.contract.conftest import write_transcript
from tests.contract.test_neo4j_live import Namespaces, settings, spaces, uri  # noqa: F401

pytestmark = pytest.mark.neo4j


def _files(tmp_path: Path) -> list[Path]:
    """Two files about the same people (so the same cues, tags and facts), one changed."""
    return [write_transcript(tmp_path / "a.jsonl"),
            write_transcript(tmp_path / "b.jsonl", moved_to="Boston")]


def _at_once(jobs: list[tuple[object, Path]]) -> list[IngestReport | BaseException]:
    results: list[IngestReport | BaseException] = [RuntimeError("did not run")] * len(jobs)
    start = threading.Barrier(len(jobs))

    def work(n: int) -> None:
        store, path = jobs[n]
        start.wait()
        try:
            results[n] = ingest_file(store, path, HeuristicExtractor())  # type: ignore[arg-type]
        except BaseException as exc:  # noqa: BLE001 - compared below
            results[n] = exc

    threads = [threading.Thread(target=work, args=(n,)) for n in range(len(jobs))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


@pytest.mark.parametrize("batch_size", [40, 100_000])
def test_two_ingests_into_one_namespace_at_once_both_succeed(spaces: Namespaces, tmp_path: Path,
                                                             batch_size: int) -> None:
    a, b = _files(tmp_path)
    # Different conversation ids in the two files, so the graph does not depend on who wins.
    b.write_text(b.read_text(encoding="utf-8").replace('"conversation": "c', '"conversation": "d'),
                 encoding="utf-8")
    first, second = (spaces.open("main", ingest_batch_size=batch_size) for _ in range(2))
    results = _at_once([(first, a), (second, b)])
    assert all(isinstance(r, IngestReport) for r in results), results
    reference = MemoryStore(tmp_path / "reference", first.ns)
    for path in (a, b):
        ingest_file(reference, path, HeuristicExtractor())
    assert first.export() == reference.export()
    assert first.stats() == reference.stats()
