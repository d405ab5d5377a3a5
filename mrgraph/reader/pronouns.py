"""An answer taken from the person's own words, said of them: "How does she stay calm?" -
"by reminding *myself* of *my* goals" answers "by reminding *herself* of *her* goals".

Only the words that need no change of verb: the possessives, the reflexive and the object
pronoun ("I", "we" would need their verbs changed: "I am" - "she is"). The person's pronoun is
the one the question uses ("... in *her* business?"); a question that uses none, or both, leaves
the answer as it was said.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from mrgraph.reader.evidence import Sentence
from mrgraph.reader.question import Question
from mrgraph.text import words

_SHE = {"my": "her", "mine": "hers", "myself": "herself", "me": "her"}
_HE = {"my": "his", "mine": "his", "myself": "himself", "me": "him"}
_FEMININE = frozenset({"she", "her", "hers", "herself"})
_MASCULINE = frozenset({"he", "his", "him", "himself"})
# "me-time" is a noun, not the object pronoun
_FIRST = re.compile(r"\b(my|mine|myself|me)\b(?!-)", re.IGNORECASE)
# a sentence the person says as "I" or "we" stays theirs: "I love my job" is not "I love her job"
_SUBJECTS = frozenset({"i", "i'm", "i've", "i'd", "i'll", "we", "we're", "we've", "we'd",
                       "we'll", "m", "ve"})


def pronouns_of(question: Question) -> dict[str, str] | None:
    """The first-person words as the question's own pronoun for the person says them; None
    when the question names no one person or uses no pronoun, or both."""
    if question.person is None:
        return None
    said = set(words(question.text))
    feminine, masculine = bool(said & _FEMININE), bool(said & _MASCULINE)
    if feminine == masculine:
        return None
    return _SHE if feminine else _HE


def third_person(answer: str, question: Question, found: Sequence[Sentence],
                 supports: Sequence[str]) -> str:
    """`answer` with the person's first-person words in the third person, when every
    sentence it rests on is the person's own (see the module docstring)."""
    table = pronouns_of(question)
    if table is None or not supports or not _FIRST.search(answer) or \
            _SUBJECTS & set(words(answer)):
        return answer
    if {s.speaker for s in found if s.dia_id in supports} != {question.person}:
        return answer
    return _FIRST.sub(lambda m: _cased(table[m.group(1).lower()], m.group(1)), answer)


def _cased(word: str, like: str) -> str:
    return word.capitalize() if like[:1].isupper() else word
