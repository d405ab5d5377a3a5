"""The offline reader replayed on what every mode found: LoCoMo F1 per mode, category and
conversation, and the ECE (every category and categories 1-4), in seconds instead of a bench.

    python benchmarks/reader_replay.py ../shared/data/locomo_dev.json \
        ../shared/data/locomo_val.json --states /tmp/replay          # record once, then replay
    python benchmarks/reader_replay.py DEV VAL --states DIR --off span,often --json out.json

Every question of each file is asked in every mode (`--modes`, default active,topk,graph) as
`mrgraph bench locomo` asks it (a fresh embedded store per file, heuristic answers), and what
each mode handed the reader (a frozen mrgraph.found.Found) is kept: `--states DIR` pickles them,
one file per data file and set of modes (only the modes asked are asked), and reuses them. The
reader does not steer the walk, so replaying it on the kept findings gives what the bench would
(checked: `--check BENCH_DIR` compares each answer with a bench run's records.jsonl). `--off`
switches rule families off (mrgraph.reader.question.FAMILIES) in every replay. `--records DIR`
writes, per file, a records.jsonl like the bench's (prediction, confidence, F1) for diffs.
"""

from __future__ import annotations

import argparse
import copyreg
import json
import pickle
import sys
import tempfile
import types
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mrgraph.config import Settings
from mrgraph.eval import metrics
from mrgraph.eval.bench import fresh_store_uri, ingest_conversations, make_plan
from mrgraph.eval.locomo import QAItem
from mrgraph.eval.report import table
from mrgraph.found import Found
from mrgraph.ingest.extract import HeuristicExtractor
from mrgraph.policies import answer as answer_step
from mrgraph.reader.question import unknown_families
from mrgraph.reader.read import Reading, read
from mrgraph.reconstruct import ask
from mrgraph.store.uri import open_store

MODES = ("active", "topk", "graph")
# records read through a store view are read-only mappings: kept as plain dicts
copyreg.pickle(types.MappingProxyType, lambda m: (dict, (dict(m),)))  # type: ignore[arg-type,return-value]
CATEGORIES = ((1, "multi-hop"), (2, "temporal"), (3, "open-domain"), (4, "single-hop"),
              (5, "adversarial"))


@dataclass(frozen=True)
class Kept:
    item: QAItem
    mode: str
    found: Found


# one ask of an item: its label, its mode and the policy (None: the mode's own)
Ask = tuple[str, str, Any]


def _recorded(path: Path, modes: Sequence[str]) -> Iterator[Kept]:
    """Every question of `path` asked in every mode; the reader's last input of each ask."""
    for _, kept in recorded_asks(path, modes, lambda item: [(m, m, None) for m in modes]):
        yield kept


def recorded_asks(path: Path, modes: Sequence[str],
                  asks: Callable[[QAItem], Sequence[Ask]]) -> Iterator[tuple[str, Kept]]:
    """Every question of `path` asked as `asks` says (a fresh embedded store per conversation,
    heuristic ingest, as the bench asks), each with its label and the reader's last input.
    The answer step is wrapped for the run (policies.answer.read, the one way from every mode
    to the reader) and restored after."""
    handed: list[Found] = []
    real: Callable[..., Reading] = getattr(answer_step, "read")  # the name the policies call

    def recording(walked: Found, threshold: float = answer_step.DEFAULT_THRESHOLD) -> Reading:
        handed.append(walked)
        return real(walked, threshold)

    plan = make_plan(path, None, [1, 2, 3, 4, 5], list(modes))
    setattr(answer_step, "read", recording)
    try:
        with tempfile.TemporaryDirectory() as tmp:
            uri = fresh_store_uri(Path(tmp) / "store")
            for conversation in plan.conversations:
                store = open_store(uri, conversation.id, Settings())
                try:
                    ingest_conversations(store, [conversation], HeuristicExtractor())
                    for item in (q for q in plan.questions if q.sample_id == conversation.id):
                        for label, mode, policy in asks(item):
                            handed.clear()
                            ask(store, item.question, mode=mode, policy=policy)
                            if handed:
                                yield label, Kept(item, mode, handed[-1])
                finally:
                    store.close()
    finally:
        setattr(answer_step, "read", real)


def states(path: Path, cache: Path | None, modes: Sequence[str] = MODES) -> list[Kept]:
    """The kept findings of `path`, from `cache` when it exists (written on the first run)."""
    if cache is not None and cache.exists():  # plain tuples: readable from any script
        loaded: list[tuple[QAItem, str, Found]] = pickle.loads(cache.read_bytes())
        return [Kept(*k) for k in loaded]
    kept = list(_recorded(path, modes))
    if cache is not None:
        cache.write_bytes(pickle.dumps([(k.item, k.mode, k.found) for k in kept]))
    return kept


@dataclass(frozen=True)
class Row:
    kept: Kept
    reading: Reading
    f1: float

    @property
    def correct(self) -> bool:
        return self.f1 >= metrics.CORRECT_F1


def replay(kept: Sequence[Kept], off: frozenset[str] = frozenset()) -> list[Row]:
    rows = []
    for k in kept:
        reading = read(k.found, off=off)
        gold = k.item.answer if k.item.category != 5 else None
        rows.append(Row(k, reading, metrics.locomo_f1(reading.answer, gold, k.item.category)))
    return rows


def _mean(values: Sequence[float]) -> float:
    return sum(values) / len(values) if values else float("nan")


def figures(rows: Sequence[Row]) -> dict[str, dict[str, dict[str, float]]]:
    """mode -> conversation ("all" too) -> figure: F1 per category, "1-4", "overall", ECE
    over every category ("ece") and over categories 1-4 ("ece 1-4")."""
    out: dict[str, dict[str, dict[str, float]]] = {}
    for mode in sorted({r.kept.mode for r in rows}, key=MODES.index):
        mine = [r for r in rows if r.kept.mode == mode]
        for conv in ["all", *sorted({r.kept.item.sample_id for r in mine})]:
            sub = [r for r in mine if conv in ("all", r.kept.item.sample_id)]
            got = {name: _mean([r.f1 for r in sub if r.kept.item.category == c])
                   for c, name in CATEGORIES}
            got["1-4"] = _mean([r.f1 for r in sub if r.kept.item.category < 5])
            got["overall"] = _mean([r.f1 for r in sub])
            got["ece"] = metrics.expected_calibration_error(
                (r.reading.confidence, r.correct) for r in sub)
            got["ece 1-4"] = metrics.expected_calibration_error(
                (r.reading.confidence, r.correct) for r in sub if r.kept.item.category < 5)
            out.setdefault(mode, {})[conv] = got
    return out


def render(name: str, got: dict[str, dict[str, dict[str, float]]]) -> str:
    lines = [f"### {name}"]
    names = ["1-4", *(n for _, n in CATEGORIES), "overall", "ece", "ece 1-4"]
    for mode, convs in got.items():
        header = [mode, *convs]
        rows = [[n, *(f"{convs[c][n]:.3f}" for c in convs)] for n in names]
        lines += ["", table(header, rows)]
    if "active" in got and "topk" in got:
        lines.append(f"\nactive - topk (1-4): "
                     f"{got['active']['all']['1-4'] - got['topk']['all']['1-4']:+.3f}")
    return "\n".join(lines)


def check(rows: Sequence[Row], bench: Path) -> str:
    """How many replayed answers differ from a bench run's (same file, same modes)."""
    records = {}
    for line in (bench / "records.jsonl").read_text("utf-8").splitlines():
        r = json.loads(line)
        records[(r["mode"], r["sample_id"], r["qa_index"])] = r
    differ = [r for r in rows if (rec := records.get((r.kept.mode, r.kept.item.sample_id,
                                                      r.kept.item.index))) is None
              or rec["prediction"] != r.reading.answer
              or abs(float(rec["confidence"]) - r.reading.confidence) > 1e-9]
    return f"{len(differ)} of {len(rows)} replayed answers differ from {bench}"


def write_records(rows: Sequence[Row], out: Path) -> None:
    out.parent.mkdir(parents=True, exist_ok=True)
    with out.open("w", encoding="utf-8") as handle:
        for r in rows:
            item = r.kept.item
            record: dict[str, Any] = {
                "sample_id": item.sample_id, "qa_index": item.index, "category": item.category,
                "mode": r.kept.mode, "question": item.question, "gold": item.answer,
                "prediction": r.reading.answer, "supports": list(r.reading.supports),
                "confidence": r.reading.confidence, "kind": r.reading.kind,
                "metrics": {"locomo_f1": r.f1}}
            handle.write(json.dumps(record, ensure_ascii=False) + "\n")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("files", type=Path, nargs="+", help="LoCoMo JSON files")
    parser.add_argument("--states", type=Path, default=None,
                        help="directory of the kept findings: written once, reused")
    parser.add_argument("--modes", default=",".join(MODES))
    parser.add_argument("--off", default="", help="comma-separated rule families off")
    parser.add_argument("--check", type=Path, nargs="*", default=(),
                        help="bench output directories, one per file, to compare answers with")
    parser.add_argument("--records", type=Path, default=None,
                        help="directory for a records.jsonl per file")
    parser.add_argument("--json", type=Path, default=None, help="write the figures as JSON")
    args = parser.parse_args(argv)
    off = frozenset(f for f in args.off.split(",") if f)
    if unknown := unknown_families(off):
        print(f"unknown families: {', '.join(unknown)}", file=sys.stderr)
        return 1
    modes = [m for m in args.modes.split(",") if m]
    if args.states is not None:
        args.states.mkdir(parents=True, exist_ok=True)
    everything = {}
    for i, path in enumerate(args.files):
        # a cache holds the modes it was recorded with: its name says which
        name = "modes" if set(modes) == set(MODES) else "+".join(modes)
        kept = [k for k in states(path, args.states / f"{path.stem}.{name}.pkl"
                                  if args.states else None, modes) if k.mode in modes]
        rows = replay(kept, off)
        everything[path.stem] = got = figures(rows)
        print(render(path.stem, got))
        if i < len(args.check):
            print(check(rows, args.check[i]))
        if args.records is not None:
            write_records(rows, args.records / path.stem / "records.jsonl")
    if args.json is not None:
        args.json.write_text(json.dumps(everything, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
