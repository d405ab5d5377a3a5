"""How close an answer is to its label, and how much of the labelled evidence was found: the
scores practice (mrgraph.experience.trial) and the benchmarks (mrgraph.eval.metrics) share.
Pure functions, no I/O.

- `token_f1`: the LoCoMo benchmark's answer F1 (snap-research/locomo, task_eval/evaluation.py):
  normalise, Porter-stem, multiset token overlap;
- `evidence_recall`: the share of the gold dia_ids found. Evidence ids ("D<session>:<turn>")
  are normalised the same way on both sides before recall is computed, because the data
  carries malformed ids ("D8:6; D9:17", "D30:05", " D 8:6 ").
"""

from __future__ import annotations

import re
import string
from collections import Counter
from collections.abc import Iterable
from typing import Final

from nltk.stem.porter import PorterStemmer

_PUNCTUATION: Final[frozenset[str]] = frozenset(string.punctuation)
# LoCoMo drops "and" together with the articles.
_STOPWORDS_RE: Final[re.Pattern[str]] = re.compile(r"\b(a|an|the|and)\b")
# One "D<session>:<turn>" id; spaces tolerated anywhere inside it, any case for the D.
_DIA_ID_RE: Final[re.Pattern[str]] = re.compile(r"[Dd]\s*(\d+)\s*:\s*(\d+)")
_STEMMER: Final[PorterStemmer] = PorterStemmer()


def normalize_answer(text: str | int) -> str:
    """LoCoMo normalisation: drop commas, lowercase, strip punctuation, drop a/an/the/and."""
    lowered = str(text).replace(",", "").lower()
    no_punct = "".join(ch for ch in lowered if ch not in _PUNCTUATION)
    return " ".join(_STOPWORDS_RE.sub(" ", no_punct).split())


def stemmed_tokens(text: str | int) -> list[str]:
    """Porter-stemmed tokens of the normalised answer."""
    return [_STEMMER.stem(word) for word in normalize_answer(text).split()]


def token_f1(prediction: str | int, gold: str | int) -> float:
    """LoCoMo `f1_score`: multiset overlap F1 of stemmed tokens (0 when nothing overlaps)."""
    pred, ref = stemmed_tokens(prediction), stemmed_tokens(gold)
    same = sum((Counter(pred) & Counter(ref)).values())
    if same == 0:
        return 0.0
    precision, recall = same / len(pred), same / len(ref)
    return 2 * precision * recall / (precision + recall)


def normalize_dia_id(raw: str) -> str | None:
    """Canonical "D<s>:<t>" for one dialogue id ("d 30:05" -> "D30:5"), or None if malformed."""
    match = _DIA_ID_RE.fullmatch(raw.strip())
    return f"D{int(match[1])}:{int(match[2])}" if match else None


def parse_evidence(raw: Iterable[object]) -> tuple[str, ...]:
    """All canonical ids in a raw evidence list, deduplicated in order.

    One string may hold several ids ("D8:6; D9:17"); non-strings and strings with no id
    (empty, session-only "D8") contribute nothing.
    """
    ids: dict[str, None] = {}  # a dict keeps first-seen order while deduplicating
    for item in raw:
        if isinstance(item, str):
            for match in _DIA_ID_RE.finditer(item):
                ids.setdefault(f"D{int(match[1])}:{int(match[2])}", None)
    return tuple(ids)


def evidence_recall(gold: Iterable[str], retrieved: Iterable[str]) -> float | None:
    """Share of distinct gold dia_ids found among the retrieved ones.

    Both sides go through `parse_evidence`, so raw data ids compare equal to canonical ones.
    None when the question has no valid gold id: such questions cannot be scored and are left
    out of averages (see `aggregate`), rather than counted as 0 or 1.
    """
    gold_ids = parse_evidence(gold)
    if not gold_ids:
        return None
    found = set(parse_evidence(retrieved))
    return sum(1 for dia_id in gold_ids if dia_id in found) / len(gold_ids)
