"""Long single sessions: ingest turns/s of one session of 5k, 20k, 80k and 200k turns (a chat log
exported without session headers is one session), and how time grows with the session's length.

    python benchmarks/ingest_long_session.py                      # 5k 20k 80k 200k
    python benchmarks/ingest_long_session.py --turns 5000 20000   # a quicker check
    python benchmarks/ingest_long_session.py --locomo ../shared/data/locomo_dev.json  # + reference
    python benchmarks/ingest_long_session.py --write-only /tmp/long200k.txt --turns 200000

The transcript is generated from invented sentence templates (speakers, activities, places and
objects drawn by a seeded random generator: the same text every run), written as a text file
with one session header, and ingested through `mrgraph ingest` (`mrgraph.cli.main`: load,
heuristic extraction, build, write, beliefs) into a fresh embedded store, one process per size
so each ingest is cold. Reported: wall and CPU seconds, turns/s, peak RSS, and the least-squares
slope of log(time) against log(turns): 1.0 is linear, 2.0 quadratic (CPU seconds are steadier
than wall seconds on a shared machine). `--locomo FILE` ingests a LoCoMo file the same way
first: the reference rate, measured under the same load. Target: slope <= 1.1, and the
200k-turn file at LoCoMo's cold turns/s (~2,000 turns/s on the embedded store).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
SIZES = (5_000, 20_000, 80_000, 200_000)

_SPEAKERS = ("Orla", "Tamsin", "Bertil", "Yusra")
_ACTIVITIES = ("repotting the fern", "fixing the bike chain", "baking rye bread",
               "practising the cello", "painting the fence", "sorting old letters",
               "training for the relay", "learning to knit", "building a bird box",
               "tuning the radio", "planting garlic", "mending a jacket")
_PLACES = ("the harbour market", "the allotment", "the climbing hall", "the night library",
           "the ferry terminal", "the pottery studio", "the orchard", "the rooftop cafe")
_THINGS = ("a brass compass", "a wool scarf", "a chess clock", "a tin of tea",
           "a seed catalogue", "a paper lantern", "a pair of skates", "a field guide")
_FEELINGS = ("tired but happy", "a bit nervous", "really proud", "quite calm",
             "oddly excited", "worn out")
_DAYS = ("yesterday", "last weekend", "on Tuesday", "this morning", "two days ago",
         "last month")
_TEMPLATES = (
    "I spent {day} {activity} and felt {feeling}.",
    "We met at {place} {day}, it was busier than usual.",
    "Did you ever find {thing}? I think I left it at {place}.",
    "My cousin gave me {thing} after I kept talking about {activity}.",
    "Honestly {activity} is the only thing that clears my head lately.",
    "That sounds lovely! How long have you been {activity}?",
    "I went to {place} {day} and bought {thing}.",
    "Next time let's go to {place} together, maybe after {activity}.",
    "Thanks, I feel {feeling} about it.",
    "Oh nice, {thing} sounds like a good find.",
)


def transcript(turns: int, seed: int = 7) -> str:
    """One session of `turns` invented turns (the same text for the same arguments)."""
    rng = random.Random(seed)
    lines = ["## Session 1 — 2023-03-04 10:15"]
    for i in range(turns):
        template = rng.choice(_TEMPLATES)
        text = template.format(day=rng.choice(_DAYS), activity=rng.choice(_ACTIVITIES),
                               place=rng.choice(_PLACES), thing=rng.choice(_THINGS),
                               feeling=rng.choice(_FEELINGS))
        lines.append(f"{_SPEAKERS[i % 2 if i % 500 < 400 else 2 + i % 2]}: {text}")
    return "\n".join(lines) + "\n"


def _cpu() -> float:
    """CPU seconds of this process and of the ingest's worker processes that ended."""
    own, children = (resource.getrusage(resource.RUSAGE_SELF),
                     resource.getrusage(resource.RUSAGE_CHILDREN))
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def _child(path: str, store: str) -> None:
    """Runs in the measuring subprocess: one cold `mrgraph ingest`, timed; JSON on stdout."""
    from mrgraph.cli import main

    started, cpu = time.perf_counter(), _cpu()
    code = main(["ingest", path, "--store", f"file:{store}"])
    seconds, cpu = time.perf_counter() - started, _cpu() - cpu
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(json.dumps({"code": code, "seconds": seconds, "cpu": cpu, "peak_rss_mb": round(rss, 1)}))


def measure(turns: int, tmp: Path) -> dict[str, float]:
    path = tmp / f"long{turns}.txt"
    path.write_text(transcript(turns), encoding="utf-8")
    return cold_ingest(path, turns, tmp / f"store{turns}")


def cold_ingest(path: Path, turns: int, store: Path) -> dict[str, float]:
    """`mrgraph ingest path` into a new store, in a process of its own."""
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    done = subprocess.run([sys.executable, __file__, "--child", str(path), str(store)],
                          env=env, check=True, capture_output=True, text=True)
    found = json.loads(done.stdout.strip().splitlines()[-1])
    if found["code"] != 0:
        raise SystemExit(f"ingest of {path} failed: {done.stderr.strip()}")
    return {"turns": turns, "seconds": round(found["seconds"], 2),
            "turns_per_s": round(turns / found["seconds"]), "cpu_seconds": round(found["cpu"], 2),
            "turns_per_cpu_s": round(turns / found["cpu"]), "peak_rss_mb": found["peak_rss_mb"],
            "mb": round(path.stat().st_size / 2**20, 1)}


def slope(rows: list[dict[str, float]], measure: str = "seconds") -> float:
    """Least-squares slope of log(`measure`) on log(turns)."""
    xs = [math.log(r["turns"]) for r in rows]
    ys = [math.log(r[measure]) for r in rows]
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sum((x - mx) ** 2 for x in xs)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--turns", type=int, nargs="+", default=list(SIZES))
    parser.add_argument("--write-only", type=Path, default=None,
                        help="write the transcript of the first --turns size here and stop")
    parser.add_argument("--locomo", type=Path, default=None,
                        help="also ingest this LoCoMo file the same way, as the reference rate")
    parser.add_argument("--child", nargs=2, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        _child(*args.child)
        return 0
    if args.write_only:
        args.write_only.write_text(transcript(args.turns[0]), encoding="utf-8")
        return 0
    with tempfile.TemporaryDirectory(prefix="mrgraph-long-") as tmp:
        reference = None
        if args.locomo:
            from mrgraph.ingest.loaders import load
            turns = sum(c.turn_count for c in load(args.locomo))
            reference = cold_ingest(args.locomo, turns, Path(tmp) / "locomo")
            print(f"LoCoMo {args.locomo.name}: " + " | ".join(
                f"{k} {v}" for k, v in reference.items()), flush=True)
        rows = []
        for turns in args.turns:
            rows.append(measure(turns, Path(tmp)))
            print(" | ".join(f"{k} {v}" for k, v in rows[-1].items()), flush=True)
    print("| turns | MB | seconds | turns/s | CPU seconds | turns/CPU-s | peak RSS MB |\n"
          "| --- | --- | --- | --- | --- | --- | --- |")
    named = [("LoCoMo", reference)] if reference else []
    for name, r in named + [(f"{r['turns']:,}", r) for r in rows]:
        print(f"| {name} | {r['mb']} | {r['seconds']} | {r['turns_per_s']:,} | "
              f"{r['cpu_seconds']} | {r['turns_per_cpu_s']:,} | {r['peak_rss_mb']} |")
    if len(rows) > 1:
        print(f"\nlog-log slope on turns: wall seconds {slope(rows):.3f}, CPU seconds "
              f"{slope(rows, 'cpu_seconds'):.3f}")
    print("load average at the end: " + ", ".join(f"{x:.2f}" for x in os.getloadavg()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
