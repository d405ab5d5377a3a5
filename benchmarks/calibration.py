"""Fit the reader's confidence (mrgraph/reader/confidence.py) on dev and check it on val: how
well calibrated it is in-sample, leaving each dev conversation out, and on conversations never
fitted on, per conversation.

    python benchmarks/calibration.py ../shared/data/locomo_dev.json ../shared/data/locomo_val.json \
        --states /tmp/calibration            # report only
    python benchmarks/calibration.py DEV VAL --states DIR --write   # and ship the dev fit

Every question of each file is asked in active mode on a fresh embedded store (what the walk
found kept in `--states DIR`, as benchmarks/reader_replay.py keeps it, and the reader replayed
on it); the reader's features for its answer are kept with whether the answer is correct (LoCoMo F1 >= 0.5; for category 5, an abstention). A logistic model
(L2-regularised, Newton's method, numpy) maps the features to P(correct); it is fitted on the
first file's questions but its category-5 abstentions (the population of issue 28's target:
they are easy to be sure of and would hide the rest); the abstentions' own weight is then
chosen on every question, never raising the ECE over categories 1-4 (`abstention`). Printed:
the expected calibration error (10 equal-width bins) over categories 1-4 and over every question, shipped / in-sample /
leave-one-conversation-out on the first file, and on the others with the first file's fit, per
conversation; the reliability table of categories 1-4 of the last file; the weights.
`--write` stores the first file's fit in mrgraph/reader/calibration.json.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from mrgraph.eval import metrics
from mrgraph.eval.locomo import QAItem
from mrgraph.eval.report import table
from mrgraph.found import Found
from mrgraph.reader import confidence
from mrgraph.reader.read import read

L2 = 1.0  # ridge on the weights: few questions per group
OUT = Path(__file__).resolve().parent.parent / "mrgraph" / "reader" / "calibration.json"


@dataclass(frozen=True)
class Row:
    conversation: str
    category: int
    vector: tuple[float, ...]
    believed: float  # an active belief's confidence the answer takes when higher
    correct: bool
    shipped: float  # the confidence the reader gave with the shipped parameters
    read_ms: float  # the answer step (the reader)
    abstains: bool = False

    @property
    def fitted_on(self) -> bool:
        """Every question but a category-5 abstention."""
        return not (self.category == 5 and self.correct)


def collect(kept: Sequence[tuple[QAItem, Found]]) -> list[Row]:
    rows: list[Row] = []
    for item, walked in kept:
        started = time.perf_counter()
        reading = read(walked)
        ms = (time.perf_counter() - started) * 1000
        gold = item.answer if item.category != 5 else None
        f1 = metrics.locomo_f1(reading.answer, gold, item.category)
        rows.append(Row(item.sample_id, item.category, tuple(reading.features.vector()),
                        reading.features.believed, f1 >= metrics.CORRECT_F1,
                        reading.confidence, ms, reading.kind == "abstain"))
    return rows


def fit(rows: Sequence[Row]) -> np.ndarray:
    """Weights of the L2-regularised logistic regression of `correct` on the features."""
    x = np.array([r.vector for r in rows], dtype=float)
    y = np.array([r.correct for r in rows], dtype=float)
    w = np.zeros(x.shape[1])
    for _ in range(50):
        p = 1 / (1 + np.exp(-np.clip(x @ w, -30, 30)))
        gradient = x.T @ (p - y) + L2 * w
        hessian = (x.T * (p * (1 - p))) @ x + L2 * np.eye(x.shape[1])
        step = np.linalg.solve(hessian, gradient)
        w -= step
        if np.abs(step).max() < 1e-8:
            break
    return w


def fit_all(rows: Sequence[Row]) -> np.ndarray:
    """`fit` on every question but the category-5 abstentions, then the abstentions' own
    weight chosen on every question (`abstention`)."""
    w = fit([r for r in rows if r.fitted_on])
    w[confidence.GROUP_NAMES.index("abstain")] = abstention(rows, w)
    return w


def abstention(rows: Sequence[Row], w: np.ndarray) -> float:
    """The abstentions' weight: of the confidences FLOOR..CEILING (steps of 0.01), the one (or the
    fit's own) with the lowest ECE over every question among those whose ECE over categories 1-4 is no higher
    than the fit's own. One number serves two populations: over categories 1-4 an abstention
    is always wrong, over every category it is mostly right (LoCoMo's category 5), so the
    fraction right of abstentions (~0.65) would cost categories 1-4 their calibration."""
    at = confidence.GROUP_NAMES.index("abstain")
    own = float(w[at])

    def eces(weight: float) -> tuple[float, float]:
        trial = w.copy()
        trial[at] = weight
        conf = predict(trial, rows)
        return ece(rows, conf, False), ece(rows, conf)

    bound = eces(own)[1]
    grid = [own, *(math.log(c / (1 - c))
                   for c in np.arange(confidence.FLOOR, confidence.CEILING, 0.01))]
    allowed = [(eces(g)[0], g) for g in grid if eces(g)[1] <= bound + 1e-12]
    return min(allowed)[1]  # the fit's own is always allowed


def predict(w: np.ndarray, rows: Sequence[Row]) -> list[float]:
    """As confidence.calibrated: the clipped probability, or the belief's when higher."""
    return [confidence.clipped(confidence.probability(r.vector, list(w)), r.believed)
            for r in rows]


def ece(rows: Sequence[Row], conf: Sequence[float], answerable: bool = True) -> float:
    return metrics.expected_calibration_error(
        (c, r.correct) for r, c in zip(rows, conf) if r.category < 5 or not answerable)


def report(files: dict[str, list[Row]], write: bool) -> str:
    names = list(files)
    dev = files[names[0]]
    w = fit_all(dev)
    held: list[float] = [0.0] * len(dev)  # leave one dev conversation out
    for name in sorted({r.conversation for r in dev}):
        other = fit_all([r for r in dev if r.conversation != name])
        for i, r in enumerate(dev):
            if r.conversation == name:
                held[i] = predict(other, [r])[0]
    lines = []
    for label, rows in files.items():
        fitted = predict(w, rows)
        for name in [*sorted({r.conversation for r in rows}), "all"]:
            keep = [i for i, r in enumerate(rows) if name in ("all", r.conversation)]
            sub = [rows[i] for i in keep]
            cols = [[r.shipped for r in sub], [fitted[i] for i in keep]]
            cols += [[held[i] for i in keep]] if rows is dev else []
            lines.append([label, name, sum(r.category < 5 for r in sub),
                          *(f"{ece(sub, c):.3f} / {ece(sub, c, False):.3f}" for c in cols),
                          *([] if rows is dev else ["—"])])
    last = files[names[-1]]
    fitted_last = predict(w, last)
    bins = metrics.reliability((c, r.correct) for r, c in zip(last, fitted_last)
                               if r.category < 5)
    weights = dict(zip(confidence.names(), (round(float(v), 4) for v in w)))
    if write:
        OUT.write_text(json.dumps({
            "fitted_on": sorted({r.conversation for r in dev}),
            "questions": sum(r.fitted_on for r in dev),
            "population": "every question but the category-5 abstentions; group_abstain: "
                          "chosen on every question (calibration.abstention)",
            "correct": f"LoCoMo F1 >= {metrics.CORRECT_F1} (category 5: abstains)",
            "l2": L2, "weights": weights}, indent=2) + "\n", encoding="utf-8")
    every = [r for rows in files.values() for r in rows]
    timing = (f"reader p50 {metrics.percentile([r.read_ms for r in every], 50):.2f} ms "
              f"(p95 {metrics.percentile([r.read_ms for r in every], 95):.2f} ms); load "
              "average {:.1f} {:.1f} {:.1f}".format(*os.getloadavg()))
    return "\n".join([
        "## Calibration (ECE categories 1-4 / every category)", "",
        table(["file", "conversation", "n (1-4)", "shipped", f"fitted on {names[0]}",
               "leave-one-conversation-out"], lines), "",
        table([f"confidence ({names[-1]}, categories 1-4)", "n", "mean confidence",
               "share correct"],
              [[f"{b['low']:.1f}-{b['high']:.1f}", int(b["n"]), b["confidence"],
                b["correct"]] for b in bins]), "",
        "weights: " + json.dumps(weights), "", timing])


def main(argv: list[str] | None = None) -> int:
    from reader_replay import states  # what every mode found, kept once

    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("files", type=Path, nargs="+",
                        help="LoCoMo JSON files: the first is fitted on, the others checked")
    parser.add_argument("--states", type=Path, default=None,
                        help="directory of the answered states' pickles: written once, reused")
    parser.add_argument("--write", action="store_true",
                        help=f"store the weights fitted on the first file in {OUT.name}")
    args = parser.parse_args(argv)
    if args.states is not None:
        args.states.mkdir(parents=True, exist_ok=True)
    files = {path.stem: collect([(k.item, k.found) for k in states(
        path, args.states / f"{path.stem}.modes.pkl" if args.states else None)
        if k.mode == "active"]) for path in args.files}
    print(report(files, args.write))
    return 0


if __name__ == "__main__":
    sys.exit(main())
