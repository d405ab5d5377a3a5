"""Start-up time of the CLI: `mrgraph --help` and one `mrgraph ask`, each in a fresh process.

    python benchmarks/startup.py --store file:PATH [--runs 5] [--question "..."]

Each command runs --runs times one after the other (a fresh `python -m mrgraph` process each
time, so every run pays the imports); printed: every wall time and the median per command,
with the load average before and after, so a noisy machine shows. The store should already hold
a conversation (e.g. `mrgraph ingest locomo_dev.json --store file:PATH`); the question is asked
with the default mode (active) and the offline policy.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence

DEFAULT_QUESTION = "What did they talk about last week?"


def wall(argv: Sequence[str]) -> float:
    """Seconds one fresh process takes from spawn to exit; a failed run stops the benchmark."""
    started = time.perf_counter()
    done = subprocess.run(argv, capture_output=True, text=True, check=False)
    took = time.perf_counter() - started
    if done.returncode != 0:
        sys.exit(f"{' '.join(argv[:4])}... exited {done.returncode}: {done.stderr.strip()[:300]}")
    return took


def measure(name: str, argv: Sequence[str], runs: int) -> float:
    times = [wall(argv) for _ in range(runs)]
    median = statistics.median(times)
    print(f"{name:<8} median {median:.3f} s   runs: {', '.join(f'{t:.3f}' for t in times)}")
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
