"""Confidence that means something: P(the answer is right), a logistic model fitted on data.

  z = b[group] + w_q * q + w_own * own + w_margin * margin + w_len * length
  confidence = max(clip(sigmoid(z), FLOOR, CEILING), believed)

  group   what kind of answer it is: date, yesno, items (list/count), phrase (what/who/where),
          sentence (why/how), abstain;
  q       share of the question's weight the best sentence holds; own: the person asked about
          said it; margin: how far the best sentence's score is ahead of the next one (0..1);
  length  answer words / 10 (capped at 1);
  believed  the confidence of an active belief of the semantic layer that states the answer
          (reader.read): what mrgraph believes of it, not fitted (such answers are too few
          in LoCoMo to fit: 9 of the 497 dev questions).

The parameters live in `calibration.json` next to this module, written by
`benchmarks/calibration.py` from a LoCoMo benchmark run (correct = LoCoMo F1 >= 0.5); the
script reports the in-sample and the leave-one-conversation-out calibration error.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any

GROUPS: dict[str, str] = {
    "when": "date", "duration": "date", "yes_no": "yesno", "would": "yesno", "choice": "yesno",
    "list": "items", "count": "items", "what": "phrase", "who": "phrase", "where": "phrase",
    "why": "sentence", "how": "sentence", "abstain": "abstain"}
GROUP_NAMES = ("date", "yesno", "items", "phrase", "sentence", "abstain")
NUMERIC = ("q", "own", "margin", "length")
FLOOR, CEILING = 0.02, 0.95  # never certain either way: the model is fitted on few questions


@dataclass(frozen=True)
class Features:
    group: str
    q: float
    own: float
    margin: float
    length: float
    believed: float = 0.0

    def vector(self) -> list[float]:
        """One-hot group, then the numeric features (the order of `names()`)."""
        return [float(self.group == g) for g in GROUP_NAMES] + \
            [float(getattr(self, n)) for n in NUMERIC]


def names() -> tuple[str, ...]:
    return (*(f"group_{g}" for g in GROUP_NAMES), *NUMERIC)


def features(kind: str, found: Sequence[Any], answer: str, believed: float) -> Features:
    """The calibration inputs of an answer resting on the ranked sentences `found`."""
    best = found[0] if found else None
    second = found[1].score if len(found) > 1 else 0.0
    return Features(GROUPS.get(kind, "phrase"),
                    round(best.q, 4) if best else 0.0,
                    float(best.own) if best else 0.0,
                    round(min(1.0, max(0.0, best.score - second)), 4) if best else 0.0,
                    min(1.0, len(answer.split()) / 10), believed)


@lru_cache(maxsize=1)
def parameters() -> Mapping[str, float]:
    """The fitted weights (names() -> weight); all zero (0.5) before any fit."""
    text = resources.files("mrgraph.reader").joinpath("calibration.json").read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    return {name: float(data["weights"].get(name, 0.0)) for name in names()}


def probability(vector: Sequence[float], weights: Sequence[float]) -> float:
    z = sum(x * w for x, w in zip(vector, weights))
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))


def calibrated(found: Features) -> float:
    params = parameters()
    p = probability(found.vector(), [params[n] for n in names()])
    return round(max(min(CEILING, max(FLOOR, p)), found.believed), 4)
