"""Where the active walk leaves the gold evidence of the questions whose gold turn the offline
reader does not read: counts per category, never a question (safe on a validation file).

    python benchmarks/walk_reach.py ../shared/data/locomo_val.json
    python benchmarks/walk_reach.py ../shared/data/locomo_dev.json --categories 2

Every question of the chosen categories is asked in active mode on a fresh embedded store, as
benchmarks/reader_replay.py asks it, and the walk's last State is kept. Each question falls in
the first of:
  read        a gold turn is among the turns the reader reads (Found.evidence.turns, handed);
  in H        a gold turn's episode is kept in H, below the episodes the final read read;
  reached     a call returned that episode (State.candidates), but it left H or never got in;
  unreached   no call of the walk returned it: no word of the question led there.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from reader_replay import recorded_asks  # noqa: E402

from mrgraph.eval.locomo import QAItem  # noqa: E402
from mrgraph.found import Found  # noqa: E402
from mrgraph.policies import heuristic  # noqa: E402
from mrgraph.policies.base import State  # noqa: E402

PLACES = ("read", "in H", "reached", "unreached")


def place(item: QAItem, found: Found, state: State) -> str:
    """Where the walk left the gold evidence of `item` (PLACES)."""
    gold = {str(e) for e in item.evidence}
    read = {str(t["dia_id"]) for t in (*found.evidence.turns.values(), *found.handed)}
    if gold & read:
        return "read"

    def holds(episode: dict[str, Any]) -> bool:
        return bool(gold & {str(d) for d in episode["dia_ids"]})

    if any(holds(e) for e in state.evidence.events.values()):
        return "in H"
    return "reached" if any(holds(e) for e in state.candidates.values()) else "unreached"


def walks(path: Path, categories: frozenset[int]) -> Iterator[tuple[QAItem, Found, State]]:
    """Each question of `categories` with gold evidence, what the walk handed the reader and
    its last State (the heuristic run's `final`, caught as the policy starts it)."""
    runs: list[heuristic.HeuristicRun] = []
    start = heuristic.HeuristicPolicy.start

    def caught(self: heuristic.HeuristicPolicy, *args: Any, **kwargs: Any) -> Any:
        runs.append(start(self, *args, **kwargs))
        return runs[-1]

    setattr(heuristic.HeuristicPolicy, "start", caught)
    try:
        for _, kept in recorded_asks(path, ["active"], lambda item: [("active", "active", None)]
                                     if item.category in categories and item.evidence else []):
            final = runs[-1].final if runs else None
            runs.clear()
            if final is not None:
                yield kept.item, kept.found, final
    finally:
        setattr(heuristic.HeuristicPolicy, "start", start)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("path", type=Path, help="LoCoMo JSON file")
    parser.add_argument("--categories", default="1,2,3,4", help="comma-separated, e.g. 2")
    args = parser.parse_args(argv)
    categories = frozenset(int(c) for c in args.categories.split(","))
    counts: Counter[tuple[int, str]] = Counter()
    for item, found, state in walks(args.path, categories):
        counts[(item.category, place(item, found, state))] += 1
    print("| category | n | " + " | ".join(PLACES) + " |")
    print("| ---: | ---: |" + " ---: |" * len(PLACES))
    for category in sorted(categories):
        n = sum(counts[(category, p)] for p in PLACES)
        print(f"| {category} | {n} | " + " | ".join(str(counts[(category, p)]) for p in PLACES)
              + " |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
