"""Scale benchmark: a thin wrapper over mrgraph.eval.scale.run_scale.

    python benchmarks/scale.py --turns 10000,100000
    python benchmarks/scale.py --turns 1000000 --chunk-turns 100000 --out bench-out/scale-1m

Synthetic conversations (mrgraph.eval.synth, deterministic seed) are ingested at each size into a
fresh embedded store (or --store URI); ingest rate, store size, load time, peak RSS and p50/p95 of
every toolkit read and of ask are written to OUT/scale.json and OUT/scale.md (+ scale.png with
matplotlib). `--write-locomo FILE --turns N` only writes N synthetic turns as a LoCoMo JSON file.
`--reuse` measures the kept stores of an earlier `--keep-stores` run again (serve, append) without
ingesting them again.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from rich.console import Console

from mrgraph.config import Settings
from mrgraph.eval import synth
from mrgraph.eval.scale import ScaleOptions, run_scale


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--turns", default="10000,100000", help="comma-separated sizes")
    parser.add_argument("--out", type=Path, default=Path("bench-out/scale"))
    parser.add_argument("--store", default=None, help="store URI (default: fresh embedded)")
    parser.add_argument("--chunk-turns", type=int, default=ScaleOptions.chunk_turns)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--per-tool", type=int, default=ScaleOptions.per_tool)
    parser.add_argument("--questions", type=int, default=ScaleOptions.questions)
    parser.add_argument("--modes", default=",".join(ScaleOptions.modes))
    parser.add_argument("--append-turns", type=int, default=ScaleOptions.append_turns,
                        help="then time a fresh process ingesting this many more turns (0: skip)")
    parser.add_argument("--no-isolate", action="store_true", help="run sizes in this process")
    parser.add_argument("--keep-stores", action="store_true")
    parser.add_argument("--reuse", action="store_true",
                        help="the stores of --out exist (an earlier --keep-stores run): serve "
                             "and append only (implies --keep-stores)")
    parser.add_argument("--first-names", action="store_true",
                        help="LoCoMo-like single names: ~90 names recur across conversations")
    parser.add_argument("--write-locomo", type=Path, default=None,
                        help="write the synthetic conversations of the first size and exit")
    args = parser.parse_args(argv)
    sizes = [int(t) for t in args.turns.split(",") if t.strip()]
    console = Console()
    if args.write_locomo:
        config = synth.SynthConfig(seed=args.seed, full_names=not args.first_names)
        count = synth.write_locomo(args.write_locomo, synth.generate(sizes[0], config))
        console.print(f"wrote {count} conversations ({sizes[0]:,} turns) to {args.write_locomo}")
        return 0
    options = ScaleOptions(chunk_turns=args.chunk_turns, seed=args.seed, per_tool=args.per_tool,
                           questions=args.questions,
                           modes=tuple(m for m in args.modes.split(",") if m),
                           isolate=not args.no_isolate,
                           keep_stores=args.keep_stores or args.reuse, reuse=args.reuse,
                           full_names=not args.first_names, append_turns=args.append_turns)
    console.print(run_scale(Settings.from_env(), sizes, out_dir=args.out, store=args.store,
                            console=console, options=options), markup=False)
    return 0


if __name__ == "__main__":
    sys.exit(main())
