"""LoCoMo question loader for evaluation (the conversations are ingested elsewhere).

The file is a JSON list of samples, each with `sample_id` and `qa`: a list of
{question, answer | adversarial_answer, category, evidence}. Bad structure raises InputError
naming the file and the field; malformed evidence ids are repaired, not rejected
(see `mrgraph.scoring.parse_evidence`), because the published data contains them.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mrgraph.errors import InputError
from mrgraph.eval.metrics import CATEGORY_NAMES
from mrgraph.scoring import parse_evidence


@dataclass(frozen=True)
class QAItem:
    """One LoCoMo question; `index` is its position in the sample's `qa` list (0-based)."""

    sample_id: str
    index: int
    question: str
    answer: str
    category: int
    evidence: tuple[str, ...]

    @property
    def category_name(self) -> str:
        """Readable category ("multi-hop", "temporal", ...)."""
        return CATEGORY_NAMES[self.category]


def load_locomo_qa(path: str | os.PathLike[str]) -> list[QAItem]:
    """Every QA item of a LoCoMo JSON file, in file order."""
    where = str(path)
    data = _read_json(where)
    if not isinstance(data, list):
        raise InputError("expected a JSON list of LoCoMo samples", path=where)
    items: list[QAItem] = []
    for position, sample in enumerate(data):
        items.extend(_sample_items(sample, f"[{position}]", where))
    return items


def _read_json(where: str) -> Any:
    """Parsed JSON, or an InputError naming the file (and the line for syntax errors)."""
    try:
        text = Path(where).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(f"cannot read LoCoMo file: {exc}", path=where) from exc
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(f"invalid JSON: {exc.msg}", path=where, line=exc.lineno) from exc


def _sample_items(sample: object, field: str, where: str) -> list[QAItem]:
    """The questions of one sample, after checking the sample's own fields."""
    if not isinstance(sample, dict):
        raise InputError("sample is not an object", path=where, field=field)
    sample_id = sample.get("sample_id")
    if not isinstance(sample_id, str) or not sample_id:
        raise InputError("missing or non-string sample_id", path=where, field=f"{field}.sample_id")
    qa = sample.get("qa")
    if not isinstance(qa, list):
        raise InputError(f"sample {sample_id}: 'qa' is not a list", path=where, field=f"{field}.qa")
    return [_qa_item(raw, sample_id, index, f"{field}.qa[{index}]", where)
            for index, raw in enumerate(qa)]


@dataclass(frozen=True)
class _Where:
    """Where a question sits, so every error names the file, sample, question and field."""

    path: str
    field: str
    sample_id: str
    index: int

    def error(self, message: str, key: str | None = None) -> InputError:
        return InputError(f"sample {self.sample_id}, question {self.index}: {message}",
                          path=self.path, field=f"{self.field}.{key}" if key else self.field)


def _qa_item(raw: object, sample_id: str, index: int, field: str, path: str) -> QAItem:
    """One validated question; a missing `evidence` counts as none (recall is then None)."""
    where = _Where(path, field, sample_id, index)
    if not isinstance(raw, dict):
        raise where.error("question is not an object")
    question = raw.get("question")
    if not isinstance(question, str) or not question.strip():
        raise where.error("missing or empty question", "question")
    evidence = raw.get("evidence", [])
    if not isinstance(evidence, list):
        raise where.error("evidence is not a list", "evidence")
    category = _category(raw, where)
    return QAItem(sample_id=sample_id, index=index, question=question,
                  answer=_answer(raw, category, where), category=category,
                  evidence=parse_evidence(evidence))


def _category(raw: dict[str, Any], where: _Where) -> int:
    """The category as an int in 1-5."""
    category = raw.get("category")
    # bool is an int subclass: True must not pass as category 1.
    if isinstance(category, int) and not isinstance(category, bool) and category in CATEGORY_NAMES:
        return category
    raise where.error(f"category must be an integer 1-5, got {category!r}", "category")


def _answer(raw: dict[str, Any], category: int, where: _Where) -> str:
    """The gold answer as text."""
    # Adversarial questions mostly carry only `adversarial_answer`; a few carry both, and then
    # `answer` is the true one.
    key = "answer" if "answer" in raw or category != 5 else "adversarial_answer"
    value = raw.get(key)
    # Answers are sometimes bare ints (years); a bool would stringify to "True", so refuse it.
    if isinstance(value, bool) or not isinstance(value, (str, int)):
        raise where.error(f"{key} must be a string or integer, got {value!r}", key)
    return str(value)
