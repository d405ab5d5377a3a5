"""Fit the reader's confidence (mrgraph/reader/confidence.py) on LoCoMo and report how well
calibrated it is: in-sample, and leave one conversation out (fit on the others, score it).

    python benchmarks/calibration.py ../shared/data/locomo_dev.json            # report only
    python benchmarks/calibration.py ../shared/data/locomo_dev.json --write    # and ship the fit

Every question (categories 1-5) is asked in active mode on a fresh embedded store; the reader's
features for its answer are kept with whether the answer is correct (LoCoMo F1 >= 0.5; for
category 5, an abstention). A logistic model (L2-regularised, Newton's method, numpy) maps the
features to P(correct). `--write` stores the weights fitted on every conversation in
mrgraph/reader/calibration.json. Printed: the reliability table and the expected calibration
error (10 equal-width bins) in-sample and leave-one-conversation-out, per conversation too.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from mrgraph.advice import NO_ADVICE, Advice
from mrgraph.config import Settings
from mrgraph.eval import metrics
from mrgraph.eval.bench import fresh_store_uri, ingest_conversations, make_plan
from mrgraph.eval.locomo import QAItem
from mrgraph.eval.report import table
from mrgraph.ingest.extract import HeuristicExtractor
from mrgraph.policies import HeuristicPolicy
from mrgraph.policies.base import Budget, Draft, State
from mrgraph.policies.turns import found
from mrgraph.reader import confidence
from mrgraph.reader.read import Reading, read
from mrgraph.reconstruct import reconstruct
from mrgraph.store.uri import open_store
from mrgraph.types import Answer

L2 = 1.0  # ridge on the weights: few questions per group
OUT = Path(__file__).resolve().parent.parent / "mrgraph" / "reader" / "calibration.json"


@dataclass(frozen=True)
class Row:
    conversation: str
    category: int
    vector: tuple[float, ...]
    correct: bool
    shipped: float  # the confidence the reader gave with the shipped parameters
    ask_ms: float  # the whole active ask (embedded store)
    read_ms: float  # of which the answer step (the reader)


class Recording:
    """The heuristic policy, keeping the state each question was answered from and the
    reader's Reading of it (benchmarks/reader_errors.py keeps the states too)."""

    name = "heuristic"

    def __init__(self) -> None:
        self.reading: Reading | None = None
        self.state: State | None = None
        self.read_ms = 0.0

    def start(self, question: str, budget: Budget, advice: Advice = NO_ADVICE) -> Recording.Run:
        return Recording.Run(self, HeuristicPolicy().start(question, budget, advice))

    class Run:
        def __init__(self, owner: Recording, inner: object) -> None:
            self.owner, self.inner = owner, inner
            self.tokens = 0
            # the same fetched turns as the policy's own run (the reader reads them)
            self.hands_turns = bool(getattr(inner, "hands_turns", False))
            self.hands_reached = bool(getattr(inner, "hands_reached", True))

        def next_actions(self, state: State):  # type: ignore[no-untyped-def]
            return self.inner.next_actions(state)  # type: ignore[attr-defined]

        def answer(self, state: State) -> Draft:
            started = time.perf_counter()
            self.owner.state = state
            self.owner.reading = reading = read(found(state, bool(state.unread_turns)))
            self.owner.read_ms = (time.perf_counter() - started) * 1000
            return Draft(reading.answer, reading.supports, reading.confidence)


def asked(path: Path) -> Iterator[tuple[QAItem, Answer, Recording, float]]:
    """Every question of the file asked (heuristic, active) on a fresh store of its own
    conversation: the item, the answer, the recording policy right after it (its state and
    reading) and the ask's milliseconds. benchmarks/reader_errors.py asks the same way."""
    plan = make_plan(path, None, [1, 2, 3, 4, 5], ["active"])
    with tempfile.TemporaryDirectory() as tmp:
        uri = fresh_store_uri(Path(tmp) / "store")
        for conversation in plan.conversations:
            store = open_store(uri, conversation.id, Settings())
            try:
                ingest_conversations(store, [conversation], HeuristicExtractor())
                policy = Recording()
                for item in (q for q in plan.questions if q.sample_id == conversation.id):
                    started = time.perf_counter()
                    answer = reconstruct(store, item.question, policy, Budget())
                    yield item, answer, policy, (time.perf_counter() - started) * 1000
            finally:
                store.close()


def collect(path: Path) -> list[Row]:
    rows: list[Row] = []
    for item, answer, policy, ask_ms in asked(path):
        reading = policy.reading
        assert reading is not None
        gold = item.answer if item.category != 5 else None
        f1 = metrics.locomo_f1(answer.answer, gold, item.category)
        rows.append(Row(item.sample_id, item.category, tuple(reading.features.vector()),
                        f1 >= metrics.CORRECT_F1, reading.confidence, ask_ms, policy.read_ms))
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


def predict(w: np.ndarray, rows: Sequence[Row]) -> list[float]:
    return [min(confidence.CEILING, max(confidence.FLOOR,
                                        confidence.probability(r.vector, list(w))))
            for r in rows]


def report(rows: Sequence[Row], write: bool) -> str:
    conversations = sorted({r.conversation for r in rows})
    w = fit(rows)
    inside = predict(w, rows)
    held: dict[int, float] = {}
    for name in conversations:
        w_other = fit([r for r in rows if r.conversation != name])
        for i, r in enumerate(rows):
            if r.conversation == name:
                held[i] = predict(w_other, [r])[0]
    loco = [held[i] for i in range(len(rows))]

    def ece(conf: Sequence[float], keep: Sequence[int]) -> float:
        return metrics.expected_calibration_error((conf[i], rows[i].correct) for i in keep)

    every = list(range(len(rows)))
    lines = ["| conversation | n | share correct | ECE shipped | ECE in-sample | "
             "ECE leave-one-conversation-out |", "| :--- | ---: | ---: | ---: | ---: | ---: |"]
    for name in [*conversations, "all"]:
        keep = [i for i in every if name in ("all", rows[i].conversation)]
        shipped = [r.shipped for r in rows]
        lines.append(f"| {name} | {len(keep)} | "
                     f"{sum(rows[i].correct for i in keep) / len(keep):.3f} | "
                     f"{ece(shipped, keep):.3f} | {ece(inside, keep):.3f} | "
                     f"{ece(loco, keep):.3f} |")
    bins = metrics.reliability((loco[i], rows[i].correct) for i in every)
    reliability = table(["confidence bin (leave-one-conversation-out)", "n", "mean confidence",
                         "share correct"],
                        [[f"{b['low']:.1f}-{b['high']:.1f}", int(b["n"]), b["confidence"],
                          b["correct"]] for b in bins])
    weights = dict(zip(confidence.names(), (round(float(v), 4) for v in w)))
    if write:
        OUT.write_text(json.dumps({
            "fitted_on": sorted(conversations), "questions": len(rows),
            "correct": f"LoCoMo F1 >= {metrics.CORRECT_F1} (category 5: abstains)",
            "l2": L2, "weights": weights}, indent=2) + "\n", encoding="utf-8")
    timing = (f"active ask p50 {metrics.percentile([r.ask_ms for r in rows], 50):.1f} ms, of "
              f"which the reader p50 {metrics.percentile([r.read_ms for r in rows], 50):.2f} ms "
              f"(p95 {metrics.percentile([r.read_ms for r in rows], 95):.2f} ms); load average "
              "{:.1f} {:.1f} {:.1f}".format(*os.getloadavg()))
    return "\n".join(["## Calibration", "", *lines, "", reliability, "",
                      "weights: " + json.dumps(weights), "", timing])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("path", type=Path, help="LoCoMo JSON file")
    parser.add_argument("--write", action="store_true",
                        help=f"store the weights fitted on every conversation in {OUT.name}")
    args = parser.parse_args(argv)
    print(report(collect(args.path), args.write))
    return 0


if __name__ == "__main__":
    sys.exit(main())
