"""Same input, same store: ingest a file with the code of another commit and with this checkout,
each into a fresh embedded store, and compare every table of the two SQLite files row by row.

    python benchmarks/store_identity.py ../shared/data/locomo_dev.json --base main
    python benchmarks/store_identity.py ../shared/data/locomo_dev.json --base main --workers 1
    python benchmarks/store_identity.py ../shared/data/locomo_dev.json --base main --twice

Stricter than `export_identity.py` (which compares `mrgraph export`): the rows are compared as
stored, the JSON text of the properties, the search postings (`tokens`) and the counts included.
The base commit is checked out (`git worktree add --detach`, removed afterwards) and run with this
venv's interpreter. `--workers N` sets MRGRAPH_INGEST_WORKERS for both sides; `--twice` ingests
the file a second time into the same namespace (a re-ingest: replace, not merge) on both sides.
Prints rows and a sha256 per table; exit status 1 when any table differs.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import sqlite3
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
TABLES = ("meta", "nodes", "edges", "tokens", "counts")
NS = "identity"


def ingest(code: Path, source: Path, store: Path, times: int, extra: dict[str, str]) -> Path:
    """Ingest `source` `times` times with the code at `code`; the namespace's SQLite file."""
    env = {**os.environ, "PYTHONPATH": str(code), "MRGRAPH_STORE": f"file:{store}",
           "MRGRAPH_NS": NS, **extra}
    run = [sys.executable, "-c", "import mrgraph, mrgraph.cli; "
           f"assert mrgraph.__file__.startswith({str(code)!r}), mrgraph.__file__; "
           "mrgraph.cli.app()"]
    for _ in range(times):
        subprocess.run([*run, "ingest", str(source)], env=env, check=True, cwd=code,
                       stdout=subprocess.DEVNULL)
    return store / f"{NS}.sqlite"


def dump(path: Path) -> dict[str, list[tuple[object, ...]]]:
    """Every row of every table, sorted."""
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return {t: sorted(conn.execute(f"SELECT * FROM {t}").fetchall(), key=repr)
                for t in TABLES}
    finally:
        conn.close()


def digest(rows: list[tuple[object, ...]]) -> str:
    return hashlib.sha256(repr(rows).encode("utf-8")).hexdigest()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("path", type=Path, help="transcript file")
    parser.add_argument("--base", required=True, help="the commit to compare with")
    parser.add_argument("--workers", type=int, default=None,
                        help="MRGRAPH_INGEST_WORKERS for both sides")
    parser.add_argument("--twice", action="store_true", help="ingest the file twice")
    args = parser.parse_args(argv)
    extra = {} if args.workers is None else {"MRGRAPH_INGEST_WORKERS": str(args.workers)}
    source, times = args.path.resolve(), 2 if args.twice else 1
    with tempfile.TemporaryDirectory(prefix="mrgraph-store-identity-") as tmp:
        base = Path(tmp) / "base"
        subprocess.run(["git", "-C", str(REPO), "worktree", "add", "--detach", "-q", str(base),
                        args.base], check=True)
        try:
            before = dump(ingest(base, source, Path(tmp) / "a", times, extra))
            after = dump(ingest(REPO, source, Path(tmp) / "b", times, extra))
        finally:
            subprocess.run(["git", "-C", str(REPO), "worktree", "remove", "--force", str(base)],
                           check=True)
    print(f"ingested {times}x, MRGRAPH_INGEST_WORKERS={args.workers if extra else 'unset'}")
    for table in TABLES:
        a, b = before[table], after[table]
        differing = len(set(a) ^ set(b))
        verdict = "identical" if a == b else f"DIFFERENT ({differing} rows differ)"
        print(f"{table:7} base {args.base}: {len(a):6} rows {digest(a)[:16]}  this checkout: "
              f"{len(b):6} rows {digest(b)[:16]}  {verdict}")
    return 0 if before == after else 1


if __name__ == "__main__":
    sys.exit(main())
