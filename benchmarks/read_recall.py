"""How often the offline reader reads the gold evidence, per mode and category, from the
findings `reader_replay.py --states DIR` keeps (no walk is run: seconds).

    python benchmarks/read_recall.py /tmp/replay/locomo_dev.active+topk.pkl [...]

What the reader reads is what mrgraph.reader.evidence.turns_read gives it: the turns the walk
read (Found.evidence.turns) and the turns handed on (Found.handed). Per mode and category 1-4
(questions with gold evidence): any (at least one gold turn read), all (every one), frac (the
mean share read), H (a gold turn in a kept episode, read or not) and the mean turns read.
Counts only, never a question: safe on a validation file.
"""

from __future__ import annotations

import argparse
import pickle
import sys
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the pickles name benchmark types

FIGURES = ("any", "all", "frac", "H", "read")


def tally(kept: Iterable[tuple[Any, str, Any]]) -> dict[tuple[str, str], Counter[str]]:
    """(mode, category or "all") -> summed figures and the question count "n"."""
    found: dict[tuple[str, str], Counter[str]] = defaultdict(Counter)
    for item, mode, walked in kept:
        gold = {str(e) for e in item.evidence}
        if item.category == 5 or not gold:
            continue
        read = {str(t["dia_id"]) for t in (*walked.evidence.turns.values(), *walked.handed)}
        held = {str(d) for e in walked.evidence.events.values() for d in e["dia_ids"]}
        for key in (str(item.category), "all"):
            figures = found[(mode, key)]
            figures["n"] += 1
            figures["any"] += bool(gold & read)
            figures["all"] += gold <= read
            figures["frac"] += len(gold & read) / len(gold)  # type: ignore[assignment]
            figures["H"] += bool(gold & held)
            figures["read"] += len(read)
    return found


def render(name: str, found: dict[tuple[str, str], Counter[str]]) -> str:
    lines = [f"### {name}", "", "| mode | category | n | " + " | ".join(FIGURES) + " |",
             "| :--- | :--- | ---: |" + " ---: |" * len(FIGURES)]
    for (mode, key), figures in sorted(found.items()):
        n = figures["n"]
        cells = [f"{figures[f] / n:.3f}" if f != "read" else f"{figures[f] / n:.1f}"
                 for f in FIGURES]
        lines.append(f"| {mode} | {key} | {n} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("states", type=Path, nargs="+", help="reader_replay.py states pickles")
    args = parser.parse_args(argv)
    for path in args.states:
        print(render(path.name, tally(pickle.loads(path.read_bytes()))), end="\n\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
