"""How long the lexicon's first uses take in a fresh process (mrgraph.lexicon).

Each run starts a new Python process and times, from there: importing `mrgraph.lexicon` (with
the package around it); then, from a lexicon opened anew (`default.cache_clear()`: a module
of the package may open it on import), the members of fifteen common kinds (loading included: what the first question naming a kind
pays); the lemma of the first word (loading included) and of every word of README.md once
(~1,600 distinct words, each looked up for the first time, as a conversation's ingest does).
`ms` is wall time, `cpu` the process's CPU time for the same span (steadier on a busy machine).

    python benchmarks/lexicon_speed.py [--runs 7] [--root DIR]

`--root`: the checkout whose `mrgraph` is timed (default: this one), e.g. an older commit
unpacked with `git archive`, to compare before and after on the same machine and load.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
KINDS = ("instrument", "country", "food", "hobby", "sport", "animal", "pet", "book", "movie",
         "game", "activity", "event", "city", "art", "music")

PROBE = r"""
import json, re, sys, time
t = time.perf_counter()
from mrgraph import lexicon
imported = time.perf_counter() - t
lexicon.default.cache_clear()  # a module imported with mrgraph may have opened it already
words = list(dict.fromkeys(re.findall(r"[a-z]+", open(sys.argv[1]).read().lower())))
what = sys.argv[2]
t, cpu = time.perf_counter(), time.process_time()
if what == "kinds":
    sizes = [len(lexicon.default().members(k)) for k in sys.argv[3].split(",")]
    first = 0.0
else:
    lexicon.default().lemma("went")
    first = time.perf_counter() - t
    sizes = [len({lexicon.default().lemma(w) for w in words})]
took, cpu = time.perf_counter() - t, time.process_time() - cpu
print(json.dumps({"import": imported * 1000, "ms": took * 1000, "first": first * 1000,
                  "cpu": cpu * 1000,
                  "sizes": sizes, "words": len(words)}))
"""


def run_once(root: Path, what: str) -> dict[str, float]:
    env = dict(os.environ, PYTHONPATH=str(root))
    out = subprocess.run([sys.executable, "-c", PROBE, str(ROOT / "README.md"), what,
                          ",".join(KINDS)], env=env, cwd=root, check=True,
                         capture_output=True, text=True).stdout
    return dict(json.loads(out))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--root", type=Path, default=ROOT)
    args = parser.parse_args()
    print(f"load: {os.getloadavg()[0]:.2f} (1 min), root: {args.root}")
    for what in ("kinds", "lemmas"):
        runs = [run_once(args.root, what) for _ in range(args.runs)]
        for key in ("import", "first", "ms", "cpu"):
            if what == "kinds" and key == "first":
                continue
            values = sorted(r[key] for r in runs)
            print(f"{what:6} {key:6} ms: min {values[0]:7.1f}  median "
                  f"{statistics.median(values):7.1f}  max {values[-1]:7.1f}")
        print(f"{what:6} sizes: {runs[0]['sizes']} ({runs[0]['words']} words)")


if __name__ == "__main__":
    main()
