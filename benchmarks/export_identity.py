"""Same input, same graph: ingest a file with the code of another commit and with this checkout,
and compare the two `mrgraph export` outputs (JSON and GraphML) byte for byte.

    python benchmarks/export_identity.py ../shared/data/locomo_dev.json --base 9be97ff
    python benchmarks/export_identity.py ../shared/data/locomo_dev.json --base 9be97ff --workers 1

A speed change to ingestion must leave what is ingested as it was: the base commit is checked out
(`git worktree add --detach`, removed afterwards) and run with this venv's interpreter and
dependencies, each side in a fresh embedded store. Exit status 1 when the exports differ.
`--workers N` sets MRGRAPH_INGEST_WORKERS for this checkout's ingest (extraction processes).
"""

from __future__ import annotations

import argparse
import hashlib
import os
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def export(code: Path, source: Path, work: Path, extra: dict[str, str] | None = None
           ) -> dict[str, str]:
    """sha256 of each export format of `source` ingested by the code at `code`."""
    env = {**os.environ, "PYTHONPATH": str(code), "MRGRAPH_STORE": f"file:{work / 'store'}",
           "MRGRAPH_NS": "identity", **(extra or {})}
    run = [sys.executable, "-c", "import mrgraph, mrgraph.cli; "
           f"assert mrgraph.__file__.startswith({str(code)!r}), mrgraph.__file__; "
           "mrgraph.cli.app()"]
    subprocess.run([*run, "ingest", str(source)], env=env, check=True, cwd=code,
                   stdout=subprocess.DEVNULL)
    digests = {}
    for fmt in ("json", "graphml"):
        target = work / f"export.{fmt}"
        subprocess.run([*run, "export", "--format", fmt, "--out", str(target)], env=env,
                       check=True, cwd=code, stdout=subprocess.DEVNULL)
        digests[fmt] = hashlib.sha256(target.read_bytes()).hexdigest()
    return digests


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("path", type=Path, help="transcript file")
    parser.add_argument("--base", required=True, help="the commit to compare with")
    parser.add_argument("--workers", type=int, default=None,
                        help="MRGRAPH_INGEST_WORKERS for this checkout's ingest")
    args = parser.parse_args(argv)
    extra = {} if args.workers is None else {"MRGRAPH_INGEST_WORKERS": str(args.workers)}
    source = args.path.resolve()
    with tempfile.TemporaryDirectory(prefix="mrgraph-identity-") as tmp:
        base = Path(tmp) / "base"
        subprocess.run(["git", "-C", str(REPO), "worktree", "add", "--detach", "-q", str(base),
                        args.base], check=True)
        try:
            (Path(tmp) / "a").mkdir()
            (Path(tmp) / "b").mkdir()
            before = export(base, source, Path(tmp) / "a")
            after = export(REPO, source, Path(tmp) / "b", extra)
        finally:
            subprocess.run(["git", "-C", str(REPO), "worktree", "remove", "--force", str(base)],
                           check=True)
    if args.workers is not None:
        print(f"this checkout ingested with MRGRAPH_INGEST_WORKERS={args.workers}")
    for fmt in before:
        verdict = "identical" if before[fmt] == after[fmt] else "DIFFERENT"
        print(f"{fmt:8} base {args.base}: {before[fmt][:16]}  this checkout: "
              f"{after[fmt][:16]}  {verdict}")
    return 0 if before == after else 1


if __name__ == "__main__":
    sys.exit(main())
