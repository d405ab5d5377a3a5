"""Question kinds, the unit calibration experiences are kept per.

One name, `question_kind`, so the reader's question analysis can replace this minimal
classifier without touching its callers."""

from __future__ import annotations

import re

KINDS = ("how many", "when", "likely", "why", "where", "who", "yes-no", "list", "what", "other")

_RULES: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("how many", re.compile(r"\bhow (many|much|often)\b", re.I)),
    ("when", re.compile(r"\b(when|how long ago|how long has|how long have|what (date|day|year|"
                        r"month|time)|which (date|day|year|month)|since when)\b", re.I)),
    ("likely", re.compile(r"\b(would|likely|might|could)\b", re.I)),
    ("why", re.compile(r"\bwhy\b", re.I)),
    ("where", re.compile(r"\bwhere\b", re.I)),
    ("who", re.compile(r"\bwho(m|se)?\b", re.I)),
    ("yes-no", re.compile(r"^\s*(is|are|was|were|did|does|do|has|have|had|can|will)\b", re.I)),
    ("list", re.compile(r"\bwhat (\w+ )?(are|were|kinds?|types?|things)\b|\b(activities|"
                        r"hobbies|events|ways)\b", re.I)),
    ("what", re.compile(r"\b(what|which|how)\b", re.I)),
)


def question_kind(question: str) -> str:
    """who / what / where / when / how many / yes-no / list / why / likely, else "other"."""
    for kind, rule in _RULES:
        if rule.search(question):
            return kind
    return "other"
