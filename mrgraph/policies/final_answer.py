"""Is a model's final answer an answer? Small models asked for {"answer": ...} sometimes fill
it with the field's own description ("The answer to the question", "short answer"), an echo of
the question, or a placeholder; such a reply is as unusable as invalid JSON and is treated like
one (mrgraph.policies.llm_policy: asked again once with the reason, then the offline reader
answers from the same evidence, and the trace says so). An answer whose first sentence says the
matter is not there ("The answer is not mentioned in the conversation. The evidence is...") is
the abstention, said the one way every reader says it.
"""

from __future__ import annotations

import re

from mrgraph.text import normalize_key

# Whole answers (normalised) that only restate the request: the schema's words, a template's.
PLACEHOLDERS = frozenset(normalize_key(p) for p in (
    "answer", "the answer", "an answer", "short answer", "a short answer", "the short answer",
    "your answer", "answer here", "final answer", "the final answer", "string", "text",
    "the answer to the question", "answer to the question", "the answer to the question is",
    "the answer is", "insert answer", "your answer here", "todo", "tbd", "null",
    "answer text"))
_APOSTROPHE = re.compile("['\u2019]")
_OPENING = re.compile(r"^(the )?(short |final )?answer (to|for) (the|this|your) question\b")
# A first sentence saying the answer is not there: about the answer, or about what was read.
_ABSTAINS = re.compile(
    r"^(?:(?:the )?answer (?:is )?|it(?: is|'s) |this is |that is )?not (?:mentioned|stated)\b|"
    r"^(?:the )?(?:conversation|evidence|memory|transcript)s? (?:does|do|did) not "
    r"(?:mention|say|state)\b|^there (?:is|was) no (?:information|mention)\b|"
    r"^no (?:information|mention)\b", re.IGNORECASE)
_FIRST_SENTENCE = re.compile(r"(?<=[.!?;])\s")


def _key(text: str) -> str:
    return normalize_key(_APOSTROPHE.sub("", text))  # "Alice's" and "alices" meet


def non_answer(answer: str, question: str) -> str:
    """Why `answer` is not an answer to `question` ("" when it is one)."""
    key = _key(answer)
    if not key:
        return "the answer is empty"
    if key in PLACEHOLDERS or _OPENING.match(key):
        return f"the answer {answer.strip()[:60]!r} is a placeholder, not an answer"
    asked = _key(question)
    if key == asked or (answer.strip().endswith("?") and set(key.split()) <= set(asked.split())):
        return "the answer repeats the question"
    return ""


def abstains(answer: str) -> bool:
    """Whether the answer's first sentence says the matter is not in what was read."""
    first = _FIRST_SENTENCE.split(answer.strip(), maxsplit=1)[0]
    return bool(_ABSTAINS.match(_APOSTROPHE.sub("'", first).strip()))
