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

import sqlite3

import pytest

from mrgraph.errors import (
    ConfigError,
    DiskFullError,
    StoreCorruptError,
    StoreError,
    StoreLockedError,
    StoreUnavailableError,
)
from mrgraph.ids import node_id
from mrgraph.store.index import GraphIndex
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


def test_a_store_is_a_directory_with_a_sqlite_file_and_a_lock_per_namespace(path: Path) -> None:
    store = MemoryStore(path, "a/b c")
    assert store.conversations() == [] and not path.exists()  # opening and reading create nothing
    store.write_batch(batch("a/b c", "c1"))
    store.close()  # SQLite removes its -wal / -shm files when the last connection closes
    assert sorted(p.name for p in path.iterdir()) == ["a%2Fb%20c.lock", "a%2Fb%20c.sqlite"]
    db = sqlite3.connect(path / "a%2Fb%20c.sqlite")
    assert dict(db.execute("SELECT key, value FROM meta")) == {
        "format": "mrgraph-embedded", "version": "2", "ns": "a/b c"}
    assert store.uri == f"file:{path}"


def test_reopening_gives_the_same_graph(path: Path) -> None:
    store = MemoryStore(path, "ns")
    store.write_batch(batch("ns", "c1"))
    again = MemoryStore(path, "ns")
    assert again.export() == store.export()
    assert again.stats() == store.stats()
    assert again.search_events({"alpha": 1.0}, 3) == store.search_events({"alpha": 1.0}, 3)


def test_the_file_holds_the_graph_and_its_counts(path: Path) -> None:
    store = MemoryStore(path, "ns")
    store.write_batch(batch("ns", "c1"))
    store.forget_conversation("c1")
    store.write_batch(batch("ns", "c2", turns=7))
    nodes, edges = store.export()
    db = sqlite3.connect(path / "ns.sqlite")
    assert db.execute("SELECT count(*) FROM nodes").fetchone()[0] == len(nodes)
    assert sorted(db.execute("SELECT src, type, dst FROM edges")) == sorted(
        (e.src, e.type, e.dst) for e in edges)
    counted = {(k, n): c for k, n, c in db.execute("SELECT kind, name, n FROM counts")}
    stats = MemoryStore(path, "ns").stats()
    assert counted == {**{("node", k): c for k, c in stats.nodes.items()},
                       **{("edge", k): c for k, c in stats.edges.items()}}
    assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"


def test_other_namespaces_files_are_never_touched(path: Path) -> None:
    one = MemoryStore(path, "one")
    one.write_batch(batch("one", "c1"))
    one.close()
    before = (path / "one.sqlite").read_bytes(), (path / "one.sqlite").stat().st_mtime_ns
    two = MemoryStore(path, "two")
    two.write_batch(batch("two", "c1"))
    two.forget_conversation("c1")
    assert ((path / "one.sqlite").read_bytes(), (path / "one.sqlite").stat().st_mtime_ns) == before
    assert MemoryStore(path, "one").conversations() == ["c1"]


@pytest.mark.parametrize("content", [b"not sqlite at all, not even close", b""])
def test_a_file_that_is_not_a_store_is_refused_naming_it(path: Path, content: bytes) -> None:
    path.mkdir()
    (path / "ns.sqlite").write_bytes(content * 200)
    other = sqlite3.connect(path / "x.sqlite")
    other.execute("CREATE TABLE t(a)")
    other.commit()
    other.close()
    (path / "ns2.sqlite").write_bytes((path / "x.sqlite").read_bytes())
    with pytest.raises(StoreCorruptError, match="ns.sqlite|ns2.sqlite"):
        MemoryStore(path, "ns" if content else "ns2")


def test_a_file_of_another_namespace_is_refused(path: Path) -> None:
    one = MemoryStore(path, "one")
    one.write_batch(batch("one", "c1"))
    one.close()  # the commit is in the main file once the write-ahead log is checkpointed
    (path / "two.sqlite").write_bytes((path / "one.sqlite").read_bytes())
    with pytest.raises(StoreCorruptError, match="holds namespace 'one', not 'two'"):
        MemoryStore(path, "two")


# ------------------------------------------------------------------ format 1 (JSON) stores


def v1_document(store: MemoryStore) -> dict[str, object]:
    """The store's graph as format 1 wrote it (one JSON document)."""
    nodes, edges = store.export()
    position = {n.id: i for i, n in enumerate(nodes)}
    blocks: dict[str, dict[str, list[object]]] = {}
    for e in edges:
        block = blocks.setdefault(e.type, {"pairs": [], "props": []})
        block["pairs"] += [position[e.src], position[e.dst]]
        block["props"].append({k: list(v) if isinstance(v, tuple) else v
                               for k, v in e.props.items()} or None)
    return {"format": "mrgraph-embedded", "version": 1, "ns": store.ns,
            "nodes": {n.id: {"_label": n.label, **{k: list(v) if isinstance(v, tuple) else v
                                                   for k, v in n.props.items()}} for n in nodes},
            "edges": blocks}


def test_a_format_1_store_is_migrated_when_opened(path: Path, tmp_path: Path) -> None:
    reference = MemoryStore(tmp_path / "ref", "ns")
    reference.write_batch(batch("ns", "c1"))
    reference.write_batch(batch("ns", "c2", turns=5))
    path.mkdir()
    (path / "ns.json").write_text(json.dumps(v1_document(reference)))
    migrated = MemoryStore(path, "ns")
    assert migrated.export() == reference.export()
    assert migrated.stats() == reference.stats()
    assert migrated.search_events({"alpha": 1.0}, 5) == reference.search_events({"alpha": 1.0}, 5)
    assert sorted(p.name for p in path.iterdir() if not p.name.endswith(("-wal", "-shm"))) == [
        "ns.json.migrated", "ns.lock", "ns.sqlite"]
    migrated.write_batch(batch("ns", "c3"))
    assert MemoryStore(path, "ns").conversations() == ["c1", "c2", "c3"]


@pytest.mark.parametrize("content", [b"not json", b"[1, 2]", b'{"format": "other"}',
                                     b'{"format": "mrgraph-embedded", "version": 99}',
                                     b'{"format": "mrgraph-embedded", "version": 1, "ns": "x"}'])
def test_an_unreadable_format_1_file_is_a_corrupt_store_naming_it(path: Path,
                                                                  content: bytes) -> None:
    path.mkdir()
    (path / "ns.json").write_bytes(content)
    with pytest.raises(StoreCorruptError, match="ns.json"):
        MemoryStore(path, "ns")
    assert not (path / "ns.sqlite").exists()  # nothing half-migrated left behind


def test_malformed_format_1_edges_are_a_corrupt_store(path: Path, tmp_path: Path) -> None:
    reference = MemoryStore(tmp_path / "ref", "ns")
    reference.write_batch(batch("ns", "c1"))
    doc = v1_document(reference)
    doc["edges"]["HAS_TURN"]["pairs"].append(10 ** 6)  # type: ignore[index]
    path.mkdir()
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


def test_a_write_unit_commits_once_at_its_end(path: Path) -> None:
    store, reader = MemoryStore(path, "ns"), MemoryStore(path, "ns")
    with store.writing():
        store.write_batch(batch("ns", "c1"))
        with store.writing():
            store.write_batch(batch("ns", "c2"))
        assert store.conversations() == ["c1", "c2"]  # the unit sees its own writes
        assert reader.conversations() == []  # nobody else does before the commit
    assert reader.conversations() == ["c1", "c2"]


def test_an_exception_discards_the_unit_and_leaves_the_file(path: Path) -> None:
    store = MemoryStore(path, "ns")
    store.write_batch(batch("ns", "c1"))
    export, stats = store.export(), store.stats()
    with pytest.raises(KeyboardInterrupt):
        with store.writing():
            store.write_batch(batch("ns", "c2"))
            store.forget_conversation("c1")
            raise KeyboardInterrupt
    assert store.export() == export and store.stats() == stats
    assert MemoryStore(path, "ns").export() == export


def test_a_failed_commit_discards_the_changes(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = MemoryStore(path, "ns")
    store.write_batch(batch("ns", "c1"))
    export, stats = store.export(), store.stats()
    assert store.search_events({"alpha": 1.0}, 100)  # postings cached before the failed unit

    def full_disk(self: GraphIndex) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(GraphIndex, "save", full_disk)
    with pytest.raises(DiskFullError, match="disk full: nothing was written"):
        store.write_batch(batch("ns", "c2", text="gamma"))
    monkeypatch.undo()
    assert store.export() == export and store.stats() == stats
    assert len(store.search_events({"alpha": 1.0}, 100)) == 10


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

def consistent(path: Path) -> MemoryStore:
    """The store at `path` opens, passes SQLite's integrity check, and its counts agree with
    its rows."""
    store = MemoryStore(path, "ns")  # never StoreCorruptError
    db = sqlite3.connect(path / "ns.sqlite")
    assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    nodes, edges = store.export()
    stats = store.stats()
    assert sum(stats.nodes.values()) == len(nodes) and sum(stats.edges.values()) == len(edges)
    db.close()
    return store


KILLED_IN_UNIT = """
import sys
from mrgraph.store.memory import MemoryStore
from tests.unit.test_memory_store import batch
store = MemoryStore(sys.argv[1], "ns")
with store.writing():
    store.write_batch(batch("ns", "c2", turns=2000))
    store.forget_conversation("c1")
    print("written", flush=True)
    sys.stdin.read()  # killed here, before the commit
"""


def test_a_writer_killed_inside_its_unit_leaves_the_last_commit(path: Path) -> None:
    store = MemoryStore(path, "ns")
    store.write_batch(batch("ns", "c1"))
    export = store.export()
    child = run_child(KILLED_IN_UNIT, str(path))
    assert child.stdout is not None and child.stdout.readline().strip() == "written"
    os.kill(child.pid, signal.SIGKILL)
    child.communicate(timeout=30)
    assert child.returncode == -signal.SIGKILL
    assert consistent(path).export() == export
    assert store.export() == export  # a store open all along sees the same
    store.write_batch(batch("ns", "c3"))  # the lock died with the child
    assert MemoryStore(path, "ns").conversations() == ["c1", "c3"]


KEEP_SAVING = """
import sys
from mrgraph.store.memory import MemoryStore
from tests.unit.test_memory_store import batch
store = MemoryStore(sys.argv[1], "ns")
print("ready", flush=True)
for i in range(10_000):
    with store.writing():
        store.write_batch(batch("ns", f"k{i % 3}", turns=3000, text=f"round {i}"))
        if i % 2:
            store.forget_conversation(f"k{i % 3}")
"""


def test_kill_9_at_random_moments_never_corrupts_the_store(path: Path) -> None:
    rng = random.Random(7)
    MemoryStore(path, "ns").write_batch(batch("ns", "c0"))
    for _ in range(4):
        child = run_child(KEEP_SAVING, str(path))
        assert child.stdout is not None and child.stdout.readline().strip() == "ready"
        time.sleep(rng.uniform(0.05, 0.8))
        os.kill(child.pid, signal.SIGKILL)
        child.communicate(timeout=30)
        store = consistent(path)
        assert "c0" in store.conversations()
        for cid in store.conversations():  # every unit landed whole: a conversation is whole
            assert len(store.show(node_id("ns", "Session", cid, 1)).out_edges) in (30, 4500)  # turns + episodes
        store.write_batch(batch("ns", "c0"))  # and the lock is free


def _ingest(path: Path, source: Path) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "mrgraph", "ingest", str(source),
                             "--store", f"file:{path}", "--ns", "ns"], cwd=ROOT, text=True,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def test_an_ingest_killed_at_any_point_lands_whole_or_not_at_all(path: Path,
                                                                 tmp_path: Path) -> None:
    """`mrgraph ingest` of a real file, killed with SIGKILL at points spread over its run."""
    from mrgraph.eval import synth
    source = tmp_path / "synth.json"
    synth.write_locomo(source, synth.generate(2000, synth.SynthConfig(seed=5)))
    first = tmp_path / "first.json"
    synth.write_locomo(first, synth.generate(200, synth.SynthConfig(seed=6)))
    assert _ingest(path, first).wait(timeout=120) == 0
    before = MemoryStore(path, "ns").export()
    firsts = set(MemoryStore(path, "ns").conversations())
    started = time.monotonic()
    assert _ingest(tmp_path / "timing", source).wait(timeout=300) == 0
    full = time.monotonic() - started
    after = set(MemoryStore(tmp_path / "timing", "ns").conversations())
    for fraction in (0.3, 0.55, 0.75, 0.9, 0.97):
        child = _ingest(path, source)
        time.sleep(full * fraction)
        os.kill(child.pid, signal.SIGKILL)
        child.communicate(timeout=30)
        store = consistent(path)
        if child.returncode != -signal.SIGKILL or store.export() != before:  # it committed
            assert set(store.conversations()) == firsts | after
            break
    assert _ingest(path, source).wait(timeout=300) == 0  # and the lock is free
    assert set(MemoryStore(path, "ns").conversations()) == firsts | after


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


def test_records_merge_alike_by_copy_or_key_by_key(tmp_path: Path) -> None:
    """A new node or edge whose properties merge as they are (the copy) and one needing
    merge_props (None dropped, lists made tuples, `id` / `ns` skipped) give the rows it gives."""
    from mrgraph.store.memory_batch import merge_props as _merge, plain_props as _plain
    plain = {"text": "hi", "n": 2, "x": 0.5, "ok": True, "ids": ("a", "b")}
    mixed = {"text": "hi", "gone": None, "ids": ["a", "b"], "id": "n2", "ns": "other"}
    assert _plain(plain) and not _plain(mixed) and not _plain({"n": None})
    merged: dict[str, object] = {}
    _merge(merged, mixed)
    assert merged == {"text": "hi", "ids": ("a", "b")}
    store = MemoryStore(tmp_path / "g", "ns")
    store.write_batch(GraphBatch("c", (NodeRecord("Turn", "n1", plain),
                                       NodeRecord("Turn", "n2", mixed)),
                                 (EdgeRecord("NEXT", "n1", "n2", plain),
                                  EdgeRecord("HAS_TURN", "n2", "n1", mixed))))
    store.close()
    reopened = MemoryStore(tmp_path / "g", "ns")
    exported_nodes, exported_edges = reopened.export()
    nodes = {n.id: n.props for n in exported_nodes}
    assert {k: v for k, v in nodes["n1"].items() if k not in ("id", "ns")} == plain
    assert {k: v for k, v in nodes["n2"].items() if k not in ("id", "ns")} == merged
    edges = {e.type: e.props for e in exported_edges}
    assert edges["NEXT"] == plain and edges["HAS_TURN"] == merged
    reopened.close()
