"""Issue 31 item 4: a full disk and a read-only store, through the CLI (the embedded store: a
Neo4j server's disk is the server's own).

Disk full: on a real 2 MB tmpfs when this process may mount one (root), else it cannot run here
and says so; the same failure through SQLite's own limit (`PRAGMA max_page_count`: SQLITE_FULL,
what a full disk gives) runs everywhere. Read-only: a read-only remount of a tmpfs (root), and a
directory or file without write permission, checked in a subprocess that cannot override file
permissions (as root: `setpriv` drops CAP_DAC_OVERRIDE)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from mrgraph.errors import DiskFullError
from mrgraph.ingest.extract import HeuristicExtractor
from mrgraph.ingest.pipeline import ingest_file
from mrgraph.ingest.sample import sample_path
from mrgraph.store.memory import MemoryStore
from tests.cli_run import one_error_line, run

REPO = Path(__file__).resolve().parents[2]
LONG = "".join(f"{'Ann' if i % 2 else 'Bob'}: we planted {i} rows of beans at the allotment "
               f"and then painted fence panel number {i}.\n" for i in range(1500))


def files(root: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(root.iterdir())
            if p.is_file() and not p.name.endswith(".lock")}


def long_file(tmp_path: Path) -> Path:
    path = tmp_path / "long.txt"
    path.write_text("## Session 1 — 2023-05-08 13:56\n" + LONG, encoding="utf-8")
    return path


@pytest.fixture
def tmpfs(tmp_path: Path) -> Iterator[Path]:
    """A 2 MB tmpfs, mounted for the test (root only)."""
    target = tmp_path / "small"
    target.mkdir()
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", str(target)],
                          capture_output=True, text=True)
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here ({done.stderr.strip() or 'not root'}); "
                    "test_sqlites_own_limit_gives_the_same_error covers a full disk")
    try:
        yield target
    finally:
        subprocess.run(["umount", "-l", str(target)], check=False)


def test_a_full_disk_exits_1_and_leaves_the_store_readable_and_unchanged(
        capsys: pytest.CaptureFixture[str], tmpfs: Path, tmp_path: Path) -> None:
    store = f"file:{tmpfs / 'graph'}"
    assert run(capsys, "ingest", str(sample_path()), "--store", store)[0] == 0
    before = files(tmpfs / "graph")
    code, _, err = run(capsys, "ingest", str(long_file(tmp_path)), "--store", store)
    line = one_error_line(err)
    assert code == 1 and line.startswith("error: disk full: nothing was written (needs ~")
    assert line.endswith(" MB free)") and int(line.split("~")[1].split()[0]) > 2
    assert files(tmpfs / "graph") == before
    filler = tmpfs / "filler"  # now fill it up to the last block: reads must still work
    with open(filler, "wb") as handle, pytest.raises(OSError):
        while True:
            handle.write(b"\0" * 65536)
            handle.flush()
    assert shutil.disk_usage(tmpfs).free < 65536
    code, exported, err = run(capsys, "export", "--store", store)
    assert code == 0 and json.loads(exported)["nodes"], err
    code, out, err = run(capsys, "ask", "What did Maya plant?", "--llm", "heuristic",
                         "--store", store)
    assert code == 0 and out.strip(), err
    code, _, err = run(capsys, "forget", "--conversation", "sample", "--store", store)
    assert code == 1 and "disk full: nothing was written (needs ~" in one_error_line(err)
    assert {k: v for k, v in files(tmpfs / "graph").items() if k in before} == before


def test_sqlites_own_limit_gives_the_same_error(tmp_path: Path) -> None:
    """SQLITE_FULL without a small disk: the file may not grow past its current pages."""
    store = MemoryStore(tmp_path / "graph", "ns")
    ingest_file(store, sample_path(), HeuristicExtractor())
    before = store.export()
    assert store._db.conn is not None
    pages = store._db.conn.execute("PRAGMA page_count").fetchone()[0]
    store._db.conn.execute(f"PRAGMA max_page_count={pages}")
    with pytest.raises(DiskFullError, match=r"disk full: nothing was written \(needs ~\d+ MB"):
        ingest_file(store, long_file(tmp_path), HeuristicExtractor())
    assert store.export() == before  # a fresh connection: the limit was the old one's only
    ingest_file(store, long_file(tmp_path), HeuristicExtractor())
    assert len(store.conversations()) == 2


def test_a_read_only_mount_is_read_and_refuses_writes(
        capsys: pytest.CaptureFixture[str], tmpfs: Path, tmp_path: Path) -> None:
    store = f"file:{tmpfs / 'graph'}"
    assert run(capsys, "ingest", str(sample_path()), "--store", store)[0] == 0
    code, exported, _ = run(capsys, "export", "--store", store)
    subprocess.run(["mount", "-o", "remount,ro", str(tmpfs)], check=True)
    before = files(tmpfs / "graph")
    assert run(capsys, "export", "--store", store)[1] == exported
    code, out, err = run(capsys, "ask", "What did Maya plant?", "--llm", "heuristic",
                         "--store", store)
    assert code == 0 and out.strip(), err
    for argv in (["ingest", str(long_file(tmp_path))], ["forget", "--conversation", "sample"]):
        code, _, err = run(capsys, *argv, "--store", store)
        assert code == 1 and one_error_line(err) == (
            f"error: the store {tmpfs / 'graph'} is read-only (it is on a read-only file "
            "system): it can be read but not written; nothing was written")
    assert files(tmpfs / "graph") == before


def _unprivileged(*argv: str) -> subprocess.CompletedProcess[str]:
    """The CLI in a process that file permissions bind (as root: without CAP_DAC_OVERRIDE)."""
    prefix: list[str] = []
    if os.geteuid() == 0:
        setpriv = shutil.which("setpriv")
        if setpriv is None:
            pytest.skip("running as root without setpriv: permissions cannot bind a process")
        prefix = [setpriv, "--bounding-set", "-dac_override,-dac_read_search", "--"]
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    return subprocess.run([*prefix, sys.executable, "-m", "mrgraph", *argv], env=env,
                          capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("locked", ["directory", "file"])
def test_a_store_without_write_permission_is_read_and_refuses_writes(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, locked: str) -> None:
    graph = tmp_path / "graph"
    store = f"file:{graph}"
    assert run(capsys, "ingest", str(sample_path()), "--store", store)[0] == 0
    code, exported, _ = run(capsys, "export", "--store", store)
    target = graph if locked == "directory" else graph / "default.sqlite"
    target.chmod(0o555 if locked == "directory" else 0o444)
    try:
        before = files(graph)
        read = _unprivileged("export", "--store", store)
        assert read.returncode == 0 and read.stdout == exported, read.stderr
        write = _unprivileged("forget", "--conversation", "sample", "--store", store)
        assert write.returncode == 1 and write.stderr.strip() == (
            f"error: the store {graph} is read-only (its {locked} is not writable): it can be "
            "read but not written; nothing was written")
        assert files(graph)["default.sqlite"] == before["default.sqlite"]
    finally:
        target.chmod(0o755 if locked == "directory" else 0o644)
