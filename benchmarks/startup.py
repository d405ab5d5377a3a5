"""Start-up time of the CLI: `mrgraph --help` and one `mrgraph ask`, each in a fresh process.

    python benchmarks/startup.py --store file:PATH [--runs 5] [--question "..."]

Each command runs once untimed (so Python's bytecode caches exist, as they do for an installed
package: the runs are let write them even under PYTHONDONTWRITEBYTECODE), then --runs times one
after the other (a fresh `python -m mrgraph` process each time, so every run pays the imports); printed: every wall time and the median per command, the
median CPU time (user + system) of the process, and the load average before and after: on a
busy machine the wall time waits for a core, the CPU time much less. The store should already hold
a conversation (e.g. `mrgraph ingest locomo_dev.json --store file:PATH`); the question is asked
with the default mode (active) and the offline policy.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence

DEFAULT_QUESTION = "What did they talk about last week?"
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def run_once(argv: Sequence[str]) -> tuple[float, float]:
    """(wall, CPU) seconds of one fresh process from spawn to exit; a failed run stops the
    benchmark."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run(argv, capture_output=True, text=True, check=False, env=ENV)
    took = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        sys.exit(f"{' '.join(argv[:4])}... exited {done.returncode}: {done.stderr.strip()[:300]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return took, cpu


def measure(name: str, argv: Sequence[str], runs: int) -> float:
    run_once(argv)  # untimed: writes the bytecode caches
    times = [run_once(argv) for _ in range(runs)]
    median = statistics.median(t for t, _ in times)
    cpu = statistics.median(c for _, c in times)
    print(f"{name:<8} median {median:.3f} s wall, {cpu:.3f} s CPU   "
          f"runs: {', '.join(f'{t:.3f}' for t, _ in times)}")
    return median


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--store", required=True, help="store URI the ask reads (file:PATH)")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--question", default=DEFAULT_QUESTION)
    args = parser.parse_args(argv)
    base = [sys.executable, "-m", "mrgraph"]
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    measure("--help", [*base, "--help"], args.runs)
    measure("ask", [*base, "ask", args.question, "--store", args.store], args.runs)
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
