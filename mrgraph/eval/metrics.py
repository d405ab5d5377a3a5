"""Evaluation metrics: pure functions, no I/O.

Two answer-F1 families exist in the literature and they give different numbers, so both are
here under distinct names:

- `locomo_f1`: the LoCoMo benchmark's own recipe (snap-research/locomo,
  task_eval/evaluation.py): normalise, Porter-stem, multiset token overlap, with per-category
  rules (1 multi-hop: comma-split best match; 3 open-domain: gold before the first ';';
  5 adversarial: abstention check).
- `f1_simple` and `bleu1`: what memory papers (A-Mem, Mem0 and followers) report: lowercase,
  `.,!?` to spaces, *set* overlap, no stemming; BLEU-1 on nltk word tokens.

LoCoMo's token F1 itself and evidence recall are mrgraph.scoring's: practice scores its trials
with them too.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Final

from nltk.tokenize import NLTKWordTokenizer
from nltk.translate.bleu_score import SmoothingFunction, sentence_bleu

from mrgraph.errors import InputError
from mrgraph.scoring import token_f1

CATEGORY_NAMES: Final[Mapping[int, str]] = {
    1: "multi-hop",
    2: "temporal",
    3: "open-domain",
    4: "single-hop",
    5: "adversarial",
}

# The exact phrases LoCoMo's scorer looks for in a category-5 prediction (case-insensitive).
ABSTENTION_MARKERS: Final[tuple[str, ...]] = ("no information available", "not mentioned")

_SIMPLE_SEPARATORS: Final[dict[int, str]] = str.maketrans({".": " ", ",": " ", "!": " ", "?": " "})
# Stand-in for punkt sentence splitting (punkt data cannot be downloaded offline).
_SENTENCE_END_RE: Final[re.Pattern[str]] = re.compile(r"(?<=[.!?])\s+")

_WORD_TOKENIZER: Final[NLTKWordTokenizer] = NLTKWordTokenizer()
_SMOOTHING: Final[SmoothingFunction] = SmoothingFunction()


# --- LoCoMo F1 (token_f1: mrgraph.scoring) ---------------------------------------------------

def multi_answer_f1(prediction: str | int, gold: str | int) -> float:
    """LoCoMo multi-hop F1: mean over comma-separated gold parts of the best part F1."""
    preds = [part.strip() for part in str(prediction).split(",")]
    golds = [part.strip() for part in str(gold).split(",")]
    return sum(max(token_f1(p, g) for p in preds) for g in golds) / len(golds)


def is_abstention(prediction: str | int) -> bool:
    """True if the prediction declines to answer the way LoCoMo's category-5 check expects."""
    lowered = str(prediction).lower()
    return any(marker in lowered for marker in ABSTENTION_MARKERS)


def locomo_f1(prediction: str | int, gold: str | int | None, category: int) -> float:
    """Score one answer with the rule of its LoCoMo category (1-5); `gold` is unused for 5."""
    if category == 5:
        return 1.0 if is_abstention(prediction) else 0.0
    if category not in CATEGORY_NAMES:
        raise InputError(f"unknown LoCoMo category {category!r} (expected 1-5)", field="category")
    if gold is None:
        raise InputError(f"category {category} question has no gold answer", field="answer")
    if category == 1:
        return multi_answer_f1(prediction, gold)
    reference = str(gold).split(";")[0].strip() if category == 3 else gold
    return token_f1(prediction, reference)


# --- Memory-paper F1 and BLEU-1 --------------------------------------------------------------

def simple_tokens(text: str | int) -> list[str]:
    """Lowercase, `.,!?` to spaces, split on whitespace (the A-Mem/Mem0 tokeniser)."""
    return str(text).lower().translate(_SIMPLE_SEPARATORS).split()


def f1_simple(prediction: str | int, gold: str | int) -> float:
    """Set-overlap token F1 without stemming, as memory papers report it."""
    pred, ref = set(simple_tokens(prediction)), set(simple_tokens(gold))
    common = len(pred & ref)
    if common == 0:
        return 0.0
    precision, recall = common / len(pred), common / len(ref)
    return 2 * precision * recall / (precision + recall)


def word_tokens(text: str | int) -> list[str]:
    """Lowercased word tokens approximating `nltk.word_tokenize` without punkt data.

    `word_tokenize` = punkt sentence split + NLTKWordTokenizer per sentence. Punkt needs a
    download, so sentences are split after `.!?` + whitespace instead; this differs only on
    abbreviations ("Dr. Smith"), which are rare in short answers.
    """
    sentences = _SENTENCE_END_RE.split(str(text).lower().strip())
    return [token for sentence in sentences for token in _WORD_TOKENIZER.tokenize(sentence)]


def bleu1(prediction: str | int, gold: str | int) -> float:
    """Sentence BLEU-1: one reference, weights (1,0,0,0), smoothing method1; 0 if empty."""
    hypothesis, reference = word_tokens(prediction), word_tokens(gold)
    if not hypothesis or not reference:
        return 0.0
    score = sentence_bleu([reference], hypothesis, weights=(1, 0, 0, 0),
                          smoothing_function=_SMOOTHING.method1)
    return float(score)


# --- Latency and aggregation -----------------------------------------------------------------

def percentile(values: Sequence[float], q: float) -> float:
    """Nearest-rank percentile: the smallest value with at least q% of values at or below it.

    Nearest-rank always returns an observed latency (no interpolation between runs).
    """
    if not values:
        raise ValueError("percentile of an empty sequence")
    if not 0 <= q <= 100:
        raise ValueError(f"percentile q must be in [0, 100], got {q}")
    ordered = sorted(values)
    rank = max(1, math.ceil(q / 100 * len(ordered)))
    return float(ordered[rank - 1])


def latency_summary(values_ms: Sequence[float]) -> dict[str, float]:
    """p50, p95 (nearest-rank) and mean of latencies; raises ValueError if empty."""
    return {
        "p50": percentile(values_ms, 50),
        "p95": percentile(values_ms, 95),
        "mean": sum(values_ms) / len(values_ms),
    }


def category_key(category: int) -> str:
    """Readable group name for a category number ("multi-hop"; unknown -> "category-7")."""
    return CATEGORY_NAMES.get(category, f"category-{category}")


def aggregate(
    records: Iterable[tuple[int, Mapping[str, float | None]]],
) -> dict[str, dict[str, float]]:
    """Mean of each metric per category and "overall", over non-None values only.

    Keys: "overall" first, then category names in category order. A metric whose values are
    all None in a group is absent from that group.
    """
    sums: dict[int | None, dict[str, list[float]]] = {None: {}}  # None = overall
    for category, metrics in sorted(records, key=lambda record: record[0]):
        for group in (None, category):
            per_metric = sums.setdefault(group, {})
            for name, value in metrics.items():
                if value is not None:
                    per_metric.setdefault(name, []).append(value)
    return {
        ("overall" if group is None else category_key(group)): {
            name: sum(values) / len(values) for name, values in per_metric.items()
        }
        for group, per_metric in sums.items()
    }


# --- Calibration -----------------------------------------------------------------------------

CORRECT_F1: Final[float] = 0.5  # an answer counts as correct for calibration at LoCoMo F1 >= 0.5


def reliability(pairs: Iterable[tuple[float, bool]], bins: int = 10) -> list[dict[str, float]]:
    """Equal-width confidence bins: for each non-empty bin its range, count, mean confidence
    and share correct (the reliability table); confidence 1.0 falls in the last bin."""
    groups: dict[int, list[tuple[float, bool]]] = {}
    for confidence, correct in pairs:
        index = min(bins - 1, max(0, int(confidence * bins)))
        groups.setdefault(index, []).append((confidence, correct))
    return [{"low": i / bins, "high": (i + 1) / bins, "n": float(len(rows)),
             "confidence": sum(c for c, _ in rows) / len(rows),
             "correct": sum(1 for _, ok in rows if ok) / len(rows)}
            for i, rows in sorted(groups.items())]


def expected_calibration_error(pairs: Iterable[tuple[float, bool]], bins: int = 10) -> float:
    """ECE: the count-weighted mean gap |share correct - mean confidence| over the bins of
    `reliability`; 0.0 for no answers."""
    table = reliability(pairs, bins)
    total = sum(row["n"] for row in table)
    if total == 0:
        return 0.0
    return sum(row["n"] * abs(row["correct"] - row["confidence"]) for row in table) / total
