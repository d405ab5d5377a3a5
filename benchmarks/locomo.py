"""LoCoMo QA benchmark: a thin wrapper over mrgraph.eval.bench.run_locomo.

    python benchmarks/locomo.py ../shared/data/locomo_dev.json --modes active,topk,graph
    python benchmarks/locomo.py locomo10.json --llm openai --judge openai --out bench-out/gpt

Each conversation is ingested into its own namespace (ns = sample_id) of a fresh embedded store in
OUT/store (or --store URI), every question of the chosen categories is asked in every mode, and
OUT/results.json, OUT/report.md (and OUT/report.png with matplotlib) are written.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from rich.console import Console

from mrgraph.config import Settings
from mrgraph.errors import UserError
from mrgraph.eval.bench import run_locomo


def _csv(value: str) -> list[str]:
    return [v.strip() for v in value.split(",") if v.strip()]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("path", type=Path, help="LoCoMo JSON file")
    parser.add_argument("--modes", default="active,topk,graph")
    parser.add_argument("--llm", default="heuristic", help="heuristic | openai")
    parser.add_argument("--judge", default="none", help="none | openai")
    parser.add_argument("--categories", default="1,2,3,4,5")
    parser.add_argument("--conversations", default="", help="comma-separated sample ids")
    parser.add_argument("--out", type=Path, default=Path("bench-out/locomo"))
    parser.add_argument("--store", default=None, help="store URI (default: fresh OUT/store)")
    args = parser.parse_args(argv)
    console = Console()
    try:
        summary = run_locomo(Settings.from_env(), args.path, out_dir=args.out, store=args.store,
                             conversations=_csv(args.conversations) or None,
                             modes=_csv(args.modes), llm=args.llm, judge=args.judge,
                             categories=[int(c) for c in _csv(args.categories)], console=console)
    except UserError as err:
        console.print(f"error: {err}", markup=False)
        return 1
    console.print(summary, markup=False)
    return 0


if __name__ == "__main__":
    sys.exit(main())
