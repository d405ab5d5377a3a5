"""The embedded store's own guarantees: file format, persistence, atomic saves, locking, URIs.

(Every read and write semantics test runs against all backends in tests/contract.)
Subprocess tests import `batch` from this module, so they run from the repository root.
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import networkx as nx
import pytest

from mrgraph.errors import (
    ConfigError,
    StoreCorruptError,
    StoreError,
    StoreLockedError,
    StoreUnavailableError,
)
from mrgraph.ids import node_id
from mrgraph.store import persist
from mrgraph.store.memory import MemoryStore
from mrgraph.types import EdgeRecord, GraphBatch, NodeRecord

ROOT = Path(__file__).resolve().parents[2]


def batch(ns: str, cid: str, turns: int = 20, text: str = "hello") -> GraphBatch:
    """A small conversation: one session, `turns` turns, an episode per two turns, two cues."""
    conv = node_id(ns, "Conversation", cid)
    ses = node_id(ns, "Session", cid, 1)
    nodes = [NodeRecord("Conversation", conv, {"conversation_id": cid}),
             NodeRecord("Session", ses, {"conversation_id": cid, "number": 1,
                                         "date": "2023-01-01"})]
    edges = [EdgeRecord("HAS_SESSION", conv, ses)]
    cues = [node_id(ns, "Cue", k) for k in ("alpha", "beta")]
    nodes += [NodeRecord("Cue", c, {"name": k, "key": k, "kind": "keyword", "tokens": k})
              for c, k in zip(cues, ("alpha", "beta"))]
    for i in range(turns):
        turn = node_id(ns, "Turn", cid, f"D1:{i + 1}")
        nodes.append(NodeRecord("Turn", turn, {"dia_id": f"D1:{i + 1}", "text": f"{text} {i}",
                                               "index": i, "session": 1}))
        edges.append(EdgeRecord("HAS_TURN", ses, turn))
        if i % 2 == 0:
            ep = node_id(ns, "Episode", cid, 1, i // 2)
            date = f"2023-01-{1 + (i // 2) % 28:02d}"
            nodes.append(NodeRecord("Episode", ep, {"conversation_id": cid, "date": date,
                                                    "tokens": "alpha beta", "dia_ids": ()}))
            edges += [EdgeRecord("HAS_EPISODE", ses, ep), EdgeRecord("FROM_TURN", ep, turn),
                      EdgeRecord("CUE_OF", cues[i // 2 % 2], ep, {"tag": "t"})]
    return GraphBatch(cid, tuple(nodes), tuple(edges))


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "graph"


def run_child(code: str, *args: str) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-c", code, *args], cwd=ROOT, text=True,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE)


# ------------------------------------------------------------------ format and persistence


def test_a_store_is_a_directory_with_a_json_file_and_a_lock_per_namespace(path: Path) -> None:
    store = MemoryStore(path, "a/b c")
    assert not path.exists()  # opening and reading create nothing
    store.write_batch(batch("a/b c", "c1"))
    assert sorted(p.name for p in path.iterdir()) == ["a%2Fb%20c.json", "a%2Fb%20c.lock"]
    doc = json.loads((path / "a%2Fb%20c.json").read_text())
    assert (doc["format"], doc["version"], doc["ns"]) == ("mrgraph-embedded", 1, "a/b c")
    assert set(doc["edges"]["CUE_OF"]) == {"pairs", "props"}
    assert set(doc["edges"]["HAS_TURN"]) == {"pairs"}  # no properties, no props list
    assert store.uri == f"file:{path}"


def test_reopening_gives_the_same_graph(path: Path) -> None:
    store = MemoryStore(path, "ns")
    store.write_batch(batch("ns", "c1"))
    again = MemoryStore(path, "ns")
    assert again.export() == store.export()
    assert again.stats() == store.stats()
    assert again.search_events({"alpha": 1.0}, 3) == store.search_events({"alpha": 1.0}, 3)


def test_the_loaded_graph_is_a_sound_networkx_graph(path: Path) -> None:
    MemoryStore(path, "ns").write_batch(batch("ns", "c1"))
    loaded = MemoryStore(path, "ns")._graph
    nodes, edges = MemoryStore(path, "ns").export()
    reference = nx.MultiDiGraph()
    for n in nodes:  # JSON gives lists where records give tuples
        reference.add_node(n.id, _label=n.label,
                           **{k: list(v) if isinstance(v, tuple) else v for k, v in n.props.items()})
    for e in edges:
        reference.add_edge(e.src, e.dst, key=e.type, **e.props)
    assert nx.utils.graphs_equal(loaded, reference)
    assert loaded.number_of_edges() == len(edges)
    assert sorted(loaded.in_edges(edges[0].dst, keys=True)) == sorted(
        reference.in_edges(edges[0].dst, keys=True))


def test_other_namespaces_files_are_never_touched(path: Path) -> None:
    MemoryStore(path, "one").write_batch(batch("one", "c1"))
    before = (path / "one.json").read_bytes(), (path / "one.json").stat().st_mtime_ns
    two = MemoryStore(path, "two")
    two.write_batch(batch("two", "c1"))
    two.forget_conversation("c1")
    assert ((path / "one.json").read_bytes(), (path / "one.json").stat().st_mtime_ns) == before
    assert MemoryStore(path, "one").conversations() == ["c1"]


@pytest.mark.parametrize("content", [b"not json", b"[1, 2]", b'{"format": "other"}',
                                     b'{"format": "mrgraph-embedded", "version": 99}',
                                     b'{"format": "mrgraph-embedded", "version": 1, "ns": "x"}'])
def test_an_unreadable_file_is_a_corrupt_store_naming_it(path: Path, content: bytes) -> None:
    path.mkdir()
    (path / "ns.json").write_bytes(content)
    with pytest.raises(StoreCorruptError, match="ns.json"):
        MemoryStore(path, "ns")


def test_malformed_edges_are_a_corrupt_store(path: Path) -> None:
    MemoryStore(path, "ns").write_batch(batch("ns", "c1"))
    doc = json.loads((path / "ns.json").read_text())
    doc["edges"]["HAS_TURN"]["pairs"].append(10 ** 6)
    (path / "ns.json").write_text(json.dumps(doc))
    with pytest.raises(StoreCorruptError, match="malformed"):
        MemoryStore(path, "ns")


def test_a_file_where_the_directory_should_be_is_refused(path: Path) -> None:
    path.write_text("x")
    with pytest.raises(StoreCorruptError, match="directory"):
        MemoryStore(path, "ns")


def test_a_store_that_cannot_be_written_is_unavailable(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("x")
    store = MemoryStore(tmp_path / "file" / "graph", "ns")  # reads: an empty store
    assert store.conversations() == []
    with pytest.raises(StoreUnavailableError, match="cannot write"):
        store.write_batch(batch("ns", "c1"))


def test_an_empty_namespace_is_refused(path: Path) -> None:
    with pytest.raises(ConfigError):
        MemoryStore(path, "")


def test_properties_must_be_primitives_or_lists_of_them(path: Path) -> None:
    store = MemoryStore(path, "ns")
    bad = NodeRecord("Cue", "cue-1", {"name": {"a": 1}})  # type: ignore[dict-item]
    with pytest.raises(StoreError, match="primitive"):
        store.write_batch(GraphBatch("c", (bad,), ()))
    relabel = NodeRecord("Tag", node_id("ns", "Cue", "alpha"), {})
    store.write_batch(batch("ns", "c1"))
    with pytest.raises(StoreError, match="is a Cue"):
        store.write_batch(GraphBatch("c", (relabel,), ()))


# ------------------------------------------------------------------ write units


def test_a_write_unit_saves_once_and_only_when_something_changed(
        path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    saves: list[Path] = []
    real = persist.save

    def counting(p: Path, d: bytes) -> persist.Stamp:
        saves.append(p)
        return real(p, d)

    monkeypatch.setattr(persist, "save", counting)
    store = MemoryStore(path, "ns")
    with store.writing():
        store.write_batch(batch("ns", "c1"))
        with store.writing():
            store.write_batch(batch("ns", "c2"))
        assert saves == []
    assert len(saves) == 1
    with store.writing():
        store.stats()
    assert len(saves) == 1


def test_an_exception_discards_the_unit_and_leaves_the_file(path: Path) -> None:
    store = MemoryStore(path, "ns")
    store.write_batch(batch("ns", "c1"))
    before, export = (path / "ns.json").read_bytes(), store.export()
    with pytest.raises(KeyboardInterrupt):
        with store.writing():
            store.write_batch(batch("ns", "c2"))
            store.forget_conversation("c1")
            raise KeyboardInterrupt
    assert store.export() == export
    assert (path / "ns.json").read_bytes() == before


def test_a_failed_save_discards_the_changes(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = MemoryStore(path, "ns")
    store.write_batch(batch("ns", "c1"))
    export = store.export()

    def full_disk(p: Path, d: bytes) -> persist.Stamp:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(persist, "save", full_disk)
    with pytest.raises(OSError):
        store.write_batch(batch("ns", "c2"))
    assert store.export() == export


def test_a_writer_builds_on_what_another_process_saved_meanwhile(path: Path) -> None:
    first, second = MemoryStore(path, "ns"), MemoryStore(path, "ns")
    second.write_batch(batch("ns", "c2"))
    first.write_batch(batch("ns", "c1"))  # loaded before c2 existed: must reload, not clobber
    assert MemoryStore(path, "ns").conversations() == ["c1", "c2"]


def test_postings_follow_every_change(path: Path) -> None:
    store = MemoryStore(path, "ns")
    store.write_batch(batch("ns", "c1"))
    assert len(store.search_events({"alpha": 1.0}, 100)) == 10  # builds the postings
    cue = node_id("ns", "Cue", "alpha")
    store.write_batch(GraphBatch("c", (NodeRecord("Cue", cue, {"tokens": "gamma"}),), ()))
    assert [h.id for h in store.search_cues({"gamma": 1.0}, 5)] == [cue]
    assert [h.id for h in store.search_cues({"alpha": 1.0}, 5)] == []
    store.forget_conversation("c1")
    assert store.search_events({"alpha": 1.0}, 100) == []
    assert store.token_df("Episode", ["alpha"]) == (0, {"alpha": 0})


# ------------------------------------------------------------------ locking

HOLD_LOCK = """
import sys
from mrgraph.store.memory import MemoryStore
store = MemoryStore(sys.argv[1], "ns")
with store.writing():
    print("locked", flush=True)
    sys.stdin.read()  # hold the lock until the parent closes our stdin
"""


def test_a_second_writer_in_this_process_is_refused_quickly(path: Path) -> None:
    holder, other = MemoryStore(path, "ns"), MemoryStore(path, "ns", lock_timeout=0.2)
    with holder.writing():
        start = time.monotonic()
        with pytest.raises(StoreLockedError, match="locked by another writer"):
            with other.writing():
                pass
        assert time.monotonic() - start < 2
        MemoryStore(path, "elsewhere").write_batch(batch("elsewhere", "c1"))  # not blocked
    other.write_batch(batch("ns", "c1"))  # free again


def test_a_writer_in_another_process_holds_the_lock(path: Path) -> None:
    child = run_child(HOLD_LOCK, str(path))
    try:
        assert child.stdout is not None and child.stdout.readline().strip() == "locked"
        store = MemoryStore(path, "ns", lock_timeout=0.2)
        with pytest.raises(StoreLockedError):
            store.write_batch(batch("ns", "c1"))
        assert store.conversations() == []  # reads need no lock
    finally:
        child.communicate("", timeout=30)
    assert child.returncode == 0
    store.write_batch(batch("ns", "c1"))


# ------------------------------------------------------------------ crashes

CRASH = """
import os, signal, sys
from mrgraph.store import persist
from mrgraph.store.memory import MemoryStore
from tests.unit.test_memory_store import batch

def die_after_half(fd, data):
    os.write(fd, data[: len(data) // 2])
    os.kill(os.getpid(), signal.SIGKILL)

def die_before_rename(src, dst):
    os.kill(os.getpid(), signal.SIGKILL)

if sys.argv[2] == "write":
    persist._write_bytes = die_after_half
else:
    persist.os.replace = die_before_rename
MemoryStore(sys.argv[1], "ns").write_batch(batch("ns", "c2", turns=2000))
"""


@pytest.mark.parametrize("where", ["write", "rename"])
def test_a_writer_killed_mid_save_leaves_the_old_store(path: Path, where: str) -> None:
    store = MemoryStore(path, "ns")
    store.write_batch(batch("ns", "c1"))
    child = run_child(CRASH, str(path), where)
    child.communicate(timeout=60)
    assert child.returncode == -signal.SIGKILL
    assert any(p.name.startswith(".ns.json.tmp-") for p in path.iterdir())  # what it left
    assert MemoryStore(path, "ns").export() == store.export()
    store.write_batch(batch("ns", "c3"))  # the lock died with the child; the temp is swept
    assert not any(p.name.startswith(".ns.json.tmp-") for p in path.iterdir())
    assert MemoryStore(path, "ns").conversations() == ["c1", "c3"]


KEEP_SAVING = """
import sys
from mrgraph.store.memory import MemoryStore
from tests.unit.test_memory_store import batch
store = MemoryStore(sys.argv[1], "ns")
print("ready", flush=True)
for i in range(10_000):
    store.write_batch(batch("ns", f"k{i % 3}", turns=3000, text=f"round {i}"))
"""


def test_kill_9_at_random_moments_never_corrupts_the_store(path: Path) -> None:
    rng = random.Random(7)
    MemoryStore(path, "ns").write_batch(batch("ns", "c0"))
    for _ in range(3):
        child = run_child(KEEP_SAVING, str(path))
        assert child.stdout is not None and child.stdout.readline().strip() == "ready"
        time.sleep(rng.uniform(0.05, 0.6))
        os.kill(child.pid, signal.SIGKILL)
        child.communicate(timeout=30)
        store = MemoryStore(path, "ns")  # never StoreCorruptError
        assert "c0" in store.conversations()
        store.write_batch(batch("ns", "c0"))  # and the lock is free


WITHOUT_ORJSON = """
import sys
sys.modules["orjson"] = None  # as if it were not installed: the stdlib json fallback
from mrgraph.store.memory import MemoryStore
from tests.unit.test_memory_store import batch
store = MemoryStore(sys.argv[1], "ns")
assert store.conversations() == ["c1"]  # reads what orjson wrote
store.write_batch(batch("ns", "c2"))
"""


def test_the_format_needs_no_orjson(path: Path) -> None:
    store = MemoryStore(path, "ns")
    store.write_batch(batch("ns", "c1"))
    child = run_child(WITHOUT_ORJSON, str(path))
    child.communicate(timeout=60)
    assert child.returncode == 0
    again = MemoryStore(path, "ns")
    store.write_batch(batch("ns", "c2"))
    assert again.export() == store.export()
