"""Each rule family of the offline reader switched off in turn, measured on dev and val.

    python benchmarks/reader_ablation.py ../shared/data/locomo_dev.json \
        benchmarks/data/invented.json ../shared/data/locomo_val.json --states /tmp/ablation
    python benchmarks/reader_ablation.py DEV VAL --states DIR --families lists,pronouns --no-ranker
    python benchmarks/reader_ablation.py DEV INVENTED INVENTED_VAL VAL --validation 2 --states DIR

Every question of each file is asked once in active mode on a fresh embedded store and what the
answer step was handed is kept (`--states DIR` pickles it, one file per data file, and reuses
it: benchmarks/reader_replay.py `states`). The reader is then replayed on it, first as shipped,
then with one family off (`read(..., off={family})`, the families of
mrgraph.reader.question.FAMILIES), then with one of the fitted ranker's weights at zero
(`ranker:<feature>`). The reader does not steer the walk, so a replay gives what the bench
would. Printed per family: LoCoMo F1 of categories 1-4 and per category on each file, as the
change from the shipped reader (a family helps where switching it off loses); a row is marked
"drop" when switching it off loses nothing on any validation file (the last `--validation` files,
one by default), in no category.
"""

from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from reader_replay import states

from mrgraph.eval import metrics
from mrgraph.eval.locomo import QAItem
from mrgraph.eval.report import table
from mrgraph.found import Found
from mrgraph.reader.question import FAMILIES, unknown_families
from mrgraph.reader.ranker import FEATURES, Ranker, shipped
from mrgraph.reader.read import Reading, read

GROUPS = (("1-4", (1, 2, 3, 4)), ("multi-hop", (1,)), ("temporal", (2,)),
          ("open-domain", (3,)), ("single-hop", (4,)), ("adversarial", (5,)))
Kept = Sequence[tuple[QAItem, Found]]


@dataclass(frozen=True)
class Setup:
    """What holds for every run of one ablation: `validation`, how many of the files (the last
    ones) are validation files; `always`, the families off in every run, the base included."""

    validation: int = 1
    always: frozenset[str] = frozenset()


def loses_nothing(now: dict[str, dict[str, float]], base: dict[str, dict[str, float]],
                  validation: int) -> bool:
    """Whether no validation file (the last `validation` of them) loses in any category group."""
    names = list(base)[-validation:]
    return all(not now[n][g] < base[n][g] for n in names for g, _ in GROUPS)  # nan: no loss


def f1(item: QAItem, reading: Reading) -> float:
    return metrics.locomo_f1(reading.answer, item.answer if item.category != 5 else None,
                             item.category)


def scores(kept: Kept, off: frozenset[str] = frozenset(),
           ranker: Ranker | None = None) -> dict[str, float]:
    """LoCoMo F1 per group (GROUPS) and per conversation (categories 1-4), and the ECE of
    categories 1-4, of the reader replayed on `kept` with the families `off` switched off."""
    rows = [(item, read(state, ranker=ranker, off=off)) for item, state in kept]
    out = {name: _mean([f1(i, r) for i, r in rows if i.category in cats])
           for name, cats in GROUPS}
    for conversation in sorted({i.sample_id for i, _ in rows}):
        out[conversation] = _mean([f1(i, r) for i, r in rows
                                   if i.sample_id == conversation and i.category < 5])
    out["ece"] = metrics.expected_calibration_error(
        (r.confidence, f1(i, r) >= metrics.CORRECT_F1) for i, r in rows if i.category < 5)
    return out


def _mean(values: Sequence[float]) -> float:
    return sum(values) / len(values) if values else math.nan  # no question of the group


def _cell(value: float) -> object:
    """A figure as the table shows it: three places, "—" for a group without questions."""
    return "—" if math.isnan(value) else round(value, 3)


def ablate(files: dict[str, Kept], families: Sequence[str], ranker: bool,
           setup: Setup = Setup()) -> str:
    base = {name: scores(kept, setup.always) for name, kept in files.items()}
    header = ["off"] + [f"{name} {group}" for name in files for group, _ in GROUPS] + ["verdict"]
    rows: list[list[object]] = [
        ["(none: as shipped)", *(_cell(base[n][g]) for n in files for g, _ in GROUPS), ""]]
    weights = shipped().weights
    switches: list[tuple[str, frozenset[str], Ranker | None]] = [
        (family, setup.always | {family}, None) for family in families]
    if ranker and weights:
        switches += [(f"ranker:{feature}", setup.always,
                      Ranker(tuple(0.0 if i == at else w for i, w in enumerate(weights))))
                     for at, feature in enumerate(FEATURES)]
    for label, off, chosen in switches:
        now = {name: scores(kept, off, chosen) for name, kept in files.items()}
        deltas = [_cell(now[n][g] - base[n][g]) for n in files for g, _ in GROUPS]
        verdict = "drop" if loses_nothing(now, base, setup.validation) else "keep"
        rows.append([label, *deltas, verdict])
        print(f"{label}: " + " ".join(d if isinstance(d, str) else f"{d:+.3f}" for d in deltas),
              file=sys.stderr)
    figures = {g for g, _ in GROUPS} | {"ece"}  # the other keys are conversations
    conversations = [[name, *(f"{c} {round(base[name][c], 3)}" for c in base[name]
                              if c not in figures)] for name in files]
    return "\n\n".join([
        table(header, rows),
        "Shipped reader, categories 1-4 per conversation:",
        "\n".join(" ".join(map(str, row)) for row in conversations),
        "ECE (categories 1-4), shipped: " +
        ", ".join(f"{name} {base[name]['ece']:.3f}" for name in files)])


def greedy(files: dict[str, Kept], families: Sequence[str], setup: Setup = Setup()) -> str:
    """Backward elimination: `families` switched off one after another, in order, each kept
    off when no validation file loses with it off, given those already off."""
    off = setup.always
    now = {name: scores(kept, off) for name, kept in files.items()}
    rows: list[list[object]] = [["(none)", "", *(_cell(now[n][g]) for n in files
                                                  for g, _ in GROUPS)]]
    for family in families:
        trial = {name: scores(kept, off | {family}) for name, kept in files.items()}
        kept_off = loses_nothing(trial, now, setup.validation)
        if kept_off:
            off, now = off | {family}, trial
        rows.append([family, "off" if kept_off else "kept",
                     *(_cell(trial[n][g]) for n in files for g, _ in GROUPS)])
        print(f"{family}: {'off' if kept_off else 'kept'}", file=sys.stderr)
    header = ["family", "verdict"] + [f"{n} {g}" for n in files for g, _ in GROUPS]
    return table(header, rows) + "\n\noff: " + ",".join(sorted(off - setup.always))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("files", type=Path, nargs="+",
                        help="LoCoMo JSON files, the validation files last")
    parser.add_argument("--validation", type=int, default=1,
                        help="how many of the files, the last ones, are validation files")
    parser.add_argument("--states", type=Path, default=None,
                        help="directory of the answered states' pickles: written once, reused")
    parser.add_argument("--families", default=",".join(FAMILIES),
                        help="comma-separated families to switch off (default: all)")
    parser.add_argument("--no-ranker", action="store_true",
                        help="leave out the rows of the ranker's weights")
    parser.add_argument("--off", default="",
                        help="comma-separated families off in every run, the base included")
    parser.add_argument("--greedy", action="store_true",
                        help="switch the families off one after another, in the order given, "
                             "keeping each off when no validation file loses in any category")
    args = parser.parse_args(argv)
    setup = Setup(max(1, min(args.validation, len(args.files))),
                  frozenset(f for f in args.off.split(",") if f))
    families = [f for f in args.families.split(",") if f]
    if unknown := unknown_families([*families, *setup.always]):
        print(f"unknown families: {', '.join(unknown)} (choose from {', '.join(FAMILIES)})",
              file=sys.stderr)
        return 1
    if args.states is not None:
        args.states.mkdir(parents=True, exist_ok=True)
    files: dict[str, Kept] = {path.stem: [(k.item, k.found) for k in states(
        path, args.states / f"{path.stem}.pkl" if args.states else None, ("active",))
        if k.mode == "active"] for path in args.files}  # a cache may hold every mode
    print(greedy(files, families, setup) if args.greedy
          else ablate(files, families, not args.no_ranker, setup))
    return 0


if __name__ == "__main__":
    sys.exit(main())
