"""Confidence that means something: P(the answer is right), a logistic model fitted on data.

  confidence = clip(max(sigmoid(b[group]), believed), FLOOR, CEILING)

  group     what kind of answer it is: date, yesno, items (list/count), phrase (what/who/where
            and the options of "A or B"), sentence (why/how), abstain;
  believed  the confidence of an active belief of the semantic layer that states the answer
            (reader.read): what mrgraph believes of it; not fitted (too few such answers in
            LoCoMo: benchmarks/calibration.py counts them).

The parameters live in `calibration.json` next to this module, written by
`benchmarks/calibration.py`: fitted on the dev conversations (correct = LoCoMo F1 >= 0.5), every
question but the category-5 abstentions, and checked on the validation conversations. The kind
of answer is all that carried over to conversations not fitted on: the best sentence's share of
the question, whose words it is, its margin over the next and the answer's length described the
dev conversations only (leave-one-conversation-out and val, issue 28), so they were dropped. An
abstention is right on a question the conversation does not answer (about two in three of the
abstentions on LoCoMo) and wrong on every other: its one confidence is chosen on every dev
question, as low as the calibration over the answerable questions needs (benchmarks/
calibration.py, `abstention`).
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

GROUPS: dict[str, str] = {
    "when": "date", "duration": "date", "yes_no": "yesno", "would": "yesno", "choice": "phrase",
    "list": "items", "count": "items", "what": "phrase", "who": "phrase", "where": "phrase",
    "why": "sentence", "how": "sentence", "abstain": "abstain"}
GROUP_NAMES = ("date", "yesno", "items", "phrase", "sentence", "abstain")
FLOOR, CEILING = 0.02, 0.95  # never certain either way: the model is fitted on few questions


@dataclass(frozen=True)
class Features:
    group: str
    believed: float = 0.0

    def vector(self) -> list[float]:
        """One-hot group (the order of `names()`)."""
        return [float(self.group == g) for g in GROUP_NAMES]


def names() -> tuple[str, ...]:
    return tuple(f"group_{g}" for g in GROUP_NAMES)


def features(kind: str, believed: float = 0.0) -> Features:
    """The calibration inputs of an answer of the question kind `kind` ("abstain" for none)."""
    return Features(GROUPS.get(kind, "phrase"), believed)


@lru_cache(maxsize=1)
def parameters() -> Mapping[str, float]:
    """The fitted weights (names() -> weight); all zero (0.5) before any fit."""
    # beside this module, as the wheel installs it (importlib.resources' imports: ~1% of an ask)
    text = Path(__file__).with_name("calibration.json").read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    return {name: float(data["weights"].get(name, 0.0)) for name in names()}


def probability(vector: Sequence[float], weights: Sequence[float]) -> float:
    z = sum(x * w for x, w in zip(vector, weights))
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))


def calibrated(found: Features) -> float:
    params = parameters()
    return clipped(probability(found.vector(), [params[n] for n in names()]), found.believed)


def clipped(p: float, believed: float = 0.0) -> float:
    """The confidence shown for probability `p`: a belief's when higher, within FLOOR..CEILING,
    to four places (the fit is scored on exactly what is shown: 0.39999 and 0.4 fall in
    different bins of the ECE)."""
    return round(min(CEILING, max(FLOOR, p, believed)), 4)
