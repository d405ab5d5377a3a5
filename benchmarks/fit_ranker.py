"""Fit the reader's phrase ranker (mrgraph/reader/ranker.py) and measure it held out.

    python benchmarks/fit_ranker.py ../shared/data/locomo_dev.json --states /tmp/states.pkl
    python benchmarks/fit_ranker.py ../shared/data/locomo_dev.json --states /tmp/states.pkl --write

The states are those of benchmarks/reader_replay.py (active mode, kept once). For every
category 1-4 question whose answer is a phrase, the candidates (ranker.candidates) are labelled
with their LoCoMo F1 against the gold; a linear scorer is fitted by a listwise softmax
(target: the candidates' F1, normalised; features standardised; L2 towards the hand rule).
Leave one conversation out, nested: the prior and L2 are chosen by leave-one-out on the
training conversations alone, the ranker fitted on them, the held-out conversation re-read
with it and with the hand rules; LoCoMo F1 per category. `--write` chooses and fits on all
conversations and writes mrgraph/reader/ranker.json.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

import numpy as np
from reader_replay import states

from mrgraph.eval import metrics
from mrgraph.eval.locomo import QAItem
from mrgraph.eval.report import table
from mrgraph.found import Found
from mrgraph.reader.question import Question
from mrgraph.reader.evidence import Sentence
from mrgraph.reader.ranker import FEATURES, Candidate, Keep, Ranker, candidates
from mrgraph.reader.read import read

OUT = Path(__file__).resolve().parents[1] / "mrgraph" / "reader" / "ranker.json"
GROUPS = (("multi-hop", (1,)), ("temporal", (2,)), ("open-domain", (3,)),
          ("single-hop", (4,)), ("categories 1-4", (1, 2, 3, 4)), ("adversarial", (5,)))


class _Recording:
    """Keeps the candidates the reader offers; answers by the rules (chooses nothing)."""

    def __init__(self) -> None:
        self.options: list[Candidate] = []

    def choose(self, question: Question, found: Sequence[Sentence],
               keep: Keep | None = None) -> Candidate | None:
        self.options = [c for c in candidates(question, found) if keep is None or keep(c.text)]
        return None


Group = tuple[np.ndarray, np.ndarray]  # features (n x d), labels (n)


def groups(kept: Sequence[tuple[QAItem, Found]]) -> list[Group]:
    out: list[Group] = []
    for item, state in kept:
        if item.category == 5:
            continue
        recorder = _Recording()
        read(state, ranker=recorder)
        if not recorder.options:
            continue
        labels = np.array([metrics.locomo_f1(c.text, item.answer, item.category)
                           for c in recorder.options])
        if labels.max() > 0:
            out.append((np.array([c.features for c in recorder.options]), labels))
    return out


GRID = tuple((prior, l2) for prior in (1.0, 3.0, 10.0, 30.0) for l2 in (0.3, 1.0, 5.0))


def fit(data: Sequence[Group], prior: float, l2: float, steps: int = 800,
        rate: float = 0.1) -> np.ndarray:
    """Listwise softmax on standardised features, pulled (L2) towards the hand rule alone
    scaled by `prior`: with few questions the fit corrects the rule rather than replaces it.
    The weights returned act on raw features."""
    stacked = np.vstack([x for x, _ in data])
    mean, std = stacked.mean(axis=0), stacked.std(axis=0) + 1e-9
    scaled = [((x - mean) / std, y / y.sum()) for x, y in data]
    start = np.zeros(stacked.shape[1])
    start[FEATURES.index("rule")] = prior * std[FEATURES.index("rule")]
    w = start.copy()
    for _ in range(steps):
        grad = l2 * (w - start)
        for x, target in scaled:
            z = x @ w
            p = np.exp(z - z.max())
            grad += x.T @ (p / p.sum() - target) / len(scaled)
        w -= rate * grad
    return np.asarray(w / std)


def gain(w: np.ndarray, test: Sequence[Group]) -> float:
    """F1 summed over `test` of the ranker's choice less the hand rule's."""
    rule = FEATURES.index("rule")
    return float(sum(y[np.argmax(x @ w)] - y[np.argmax(x[:, rule])] for x, y in test))


def select(data: dict[str, list[Group]], convs: Sequence[str]) -> tuple[float, float]:
    """The (prior, l2) of GRID with the best leave-one-out gain among `convs` (ties: the
    stronger prior)."""
    def loo(p: tuple[float, float]) -> float:
        return sum(gain(fit([g for c in convs if c != h for g in data[c]], *p), data[h])
                   for h in convs)
    return max(GRID, key=lambda p: (loo(p), p[0], p[1]))


def scores(kept: Sequence[tuple[QAItem, Found]], ranker: Ranker) -> dict[str, float]:
    f1 = [(item.category, metrics.locomo_f1(read(state, ranker=ranker).answer,
                                            item.answer if item.category != 5 else None,
                                            item.category)) for item, state in kept]
    return {name: float(np.mean([f for c, f in f1 if c in cats]))
            for name, cats in GROUPS if any(c in cats for c, _ in f1)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("path", type=Path)
    parser.add_argument("--states", type=Path, default=None)
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args(argv)
    kept = [(k.item, k.found) for k in states(args.path, args.states, ("active",))
            if k.mode == "active"]  # a cache may hold every mode
    convs = sorted({item.sample_id for item, _ in kept})
    data = {c: groups([k for k in kept if k[0].sample_id == c]) for c in convs}
    rows = []
    for held in convs:  # nested: the held-out conversation chooses nothing
        train = [c for c in convs if c != held]
        prior, l2 = select(data, train)
        w = fit([g for c in train for g in data[c]], prior, l2)
        ranker = Ranker(tuple(float(v) for v in w))
        test = [k for k in kept if k[0].sample_id == held]
        rules, fitted = scores(test, Ranker()), scores(test, ranker)
        rows += [[held, f"{prior:g} / {l2:g}", name, round(rules[name], 3),
                  round(fitted[name], 3)] for name in rules]
    print(table(["held out", "prior / l2", "group", "rules", "ranker"], rows))
    if args.write:
        prior, l2 = select(data, convs)
        w = fit([g for c in convs for g in data[c]], prior, l2)
        OUT.write_text(json.dumps({
            "fitted_on": convs, "questions": sum(len(d) for d in data.values()),
            "label": "LoCoMo F1 of each candidate against the gold",
            "prior": prior, "l2": l2,
            "weights": {n: round(float(v), 5) for n, v in zip(FEATURES, w)}}, indent=2) + "\n")
        print(f"wrote {OUT} (prior {prior:g}, l2 {l2:g})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
