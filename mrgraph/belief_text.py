"""How belief memory reads a statement: its value words (stemmed content words without stopwords,
negation cues, sentiment verbs or generic verbs), whether it denies, and its polarity.

Deliberately crude and deterministic (mrgraph.beliefs compares candidates by these cores), and
separate from the update rules so the reader can ask "does this sentence deny?" with the same
rule (`is_negative`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

TOKEN = re.compile(r"[a-z0-9]+(?:'[a-z]+)?")
_STOPWORDS = frozenset(
    "a an the and or but of in on at to for from with by as is are was were be been being am "
    "has have had do does did i you he she it we they his her its their our my your me him them "
    "this that these those what which who whom where when how why there here so than then too "
    "very just also about into over out up".split())
_NEGATION_WORDS = frozenset(
    "not no never neither nor none cannot anymore quit quits quitting stopped stops stopping "
    "former formerly ex".split())
_POSITIVE_FEEL = frozenset(
    "like likes liked love loves loved enjoy enjoys enjoyed adore adores adored prefer prefers "
    "preferred fond".split())
_NEGATIVE_FEEL = frozenset(
    "hate hates hated dislike dislikes disliked detest detests detested loathe loathes loathed "
    "despise despises despised".split())


def stem(word: str) -> str:
    # Deliberately crude and deterministic: enough to make lives/live/lived/living meet.
    for suffix in ("ing", "ed", "es", "s", "e"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3 and not word.endswith("ss"):
            return word[: -len(suffix)]
    return word


# Generic verbs of the single-valued aspects carry no value: "no longer lives in Boston" and
# "moved to Boston" must share the core {boston} to be compared at all.
_CORE_FILLER = frozenset(stem(w) for w in (
    "live work job reside based stay move moved currently now still again longer used any more"
).split())


def tokens(text: str) -> list[str]:
    raw = TOKEN.findall(text.lower().replace("\u2019", "'"))
    return [t[:-2] if t.endswith("'s") else t for t in raw]


def similarity(query: str, text: str) -> float:
    """Token Jaccard of the stemmed content words (lowercase, stopwords dropped); 0..1."""
    a = {stem(t) for t in tokens(query) if t not in _STOPWORDS}
    b = {stem(t) for t in tokens(text) if t not in _STOPWORDS}
    return len(a & b) / len(a | b) if a and b else 0.0


@dataclass(frozen=True)
class Reading:
    core: frozenset[str]  # the value words: what the statement is about
    negated: bool
    positive: bool  # polarity after negation and antonyms


def _has_negation(tokens: list[str]) -> bool:
    if any(t in _NEGATION_WORDS or t.endswith("n't") for t in tokens):
        return True
    return any(a == "used" and b == "to" for a, b in zip(tokens, tokens[1:]))


def is_negative(statement: str) -> bool:
    """Whether a statement denies ("Maya no longer lives in Boise", "doesn't eat meat")."""
    return _has_negation(tokens(statement))


def read_statement(statement: str, entity: str, aspect: str, negated: bool) -> Reading:
    """The statement's value words and polarity; `entity` and `aspect` words are not value."""
    words = tokens(statement)
    negated = negated or _has_negation(words)
    against = any(t in _NEGATIVE_FEEL for t in words)
    # The entity's name and the aspect's own words are the same for every candidate.
    drop = (_STOPWORDS | _NEGATION_WORDS | _POSITIVE_FEEL | _NEGATIVE_FEEL
            | set(tokens(entity)) | set(tokens(aspect.replace("_", " "))))
    stems = {stem(t) for t in words if t not in drop and not t.endswith("n't")}
    return Reading(frozenset(stems - _CORE_FILLER), negated, positive=(negated == against))


def core_similarity(a: frozenset[str], b: frozenset[str]) -> float:
    if not a or not b:
        return 1.0 if a == b else 0.0
    return len(a & b) / len(a | b)
