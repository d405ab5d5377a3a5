"""The abstentions' confidence (benchmarks/calibration.py): chosen on every question, never at
the cost of the calibration over categories 1-4."""

from __future__ import annotations

import math
from types import ModuleType

import numpy as np

from mrgraph.reader import confidence
from tests.scripts import load_script


def _calibration() -> ModuleType:
    return load_script("benchmarks/calibration.py")


def _rows(cal: ModuleType, wrong_abstentions: int) -> list[object]:
    group = {g: [float(g == h) for h in confidence.GROUP_NAMES] for g in confidence.GROUP_NAMES}
    rows = []
    # answers: phrases right 3 times in 10, dates 8 in 10
    for i in range(40):
        rows.append(cal.Row("c", 4, tuple(group["phrase"]), 0.0, i % 10 < 3, 0.0, 0.0))
        rows.append(cal.Row("c", 2, tuple(group["date"]), 0.0, i % 10 < 8, 0.0, 0.0))
    # abstentions: right on 20 unanswerable questions, wrong on answerable ones
    rows += [cal.Row("c", 5, tuple(group["abstain"]), 0.0, True, 0.0, 0.0, True)] * 20
    rows += [cal.Row("c", 1, tuple(group["abstain"]), 0.0, False, 0.0, 0.0, True)] * \
        wrong_abstentions
    return rows


def _sigmoid(x: float) -> float:
    return 1 / (1 + math.exp(-x))


def test_abstentions_never_wrong_take_the_confidence_of_every_question() -> None:
    cal = _calibration()
    rows = _rows(cal, 0)
    chosen = cal.fit_all(rows)
    at = confidence.GROUP_NAMES.index("abstain")
    # over categories 1-4 no abstention counts: the one that fits them all (always right)
    assert _sigmoid(chosen[at]) > 0.9
    w = cal.fit([r for r in rows if r.fitted_on])
    assert np.allclose(np.delete(chosen, at), np.delete(w, at))  # the rest: the plain fit


def test_abstentions_wrong_on_answerable_questions_never_cost_their_calibration() -> None:
    cal = _calibration()
    rows = _rows(cal, 10)
    w = cal.fit([r for r in rows if r.fitted_on])
    before, after = cal.predict(w, rows), cal.predict(cal.fit_all(rows), rows)
    assert cal.ece(rows, after) <= cal.ece(rows, before) + 1e-12  # categories 1-4
    assert cal.ece(rows, after, False) <= cal.ece(rows, before, False)  # every category


def test_the_shipped_abstention_confidence_is_the_chosen_one() -> None:
    abstain = confidence.calibrated(confidence.features("abstain"))
    weight = confidence.parameters()["group_abstain"]
    assert abstain == round(_sigmoid(weight), 4)
    # more than the share of answerable questions an abstention gets right (none), less than
    # the share of all questions (about two in three on LoCoMo)
    assert 0.1 < abstain < 0.6


def test_the_fit_is_scored_on_the_confidences_the_reader_shows() -> None:
    """predict gives what confidence.calibrated shows, to four places: a probability of
    0.39999 shown as 0.4 falls in another ECE bin, so the fit must be judged on 0.4."""
    cal = _calibration()
    group = [float(g == "abstain") for g in confidence.GROUP_NAMES]
    row = cal.Row("c", 1, tuple(group), 0.0, False, 0.0, 0.0, True)
    weight = math.log(0.4 / 0.6) - 1e-6  # sigmoid just under 0.4
    w = np.zeros(len(confidence.GROUP_NAMES))
    w[confidence.GROUP_NAMES.index("abstain")] = weight
    assert cal.predict(w, [row]) == [0.4] == [confidence.clipped(_sigmoid(weight))]
