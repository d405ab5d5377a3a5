"""An answer taken from the person's own words, said of them: "How does Ana stay calm before
her exams?" - "by picturing *myself* on *my* last holiday" answers "by picturing *herself* on
*her* last holiday".

Only the words that need no change of verb: the possessives, the reflexive and the object
pronoun ("I", "we" would need their verbs changed: "I am" - "she is"). The person's pronoun is
the one the question uses for them: a reflexive, or a possessive before a noun ("... in *her*
shop?"). A pronoun that may mean someone else leaves the answer as it was said: an object
("How did Omar help *her*?"), a question naming anyone besides the person, or one using both
genders or neither.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from mrgraph.reader.evidence import Sentence
from mrgraph.reader.question import Question
from mrgraph.reader.words import CLAUSE, PREPOSITIONS, mostly_verb
from mrgraph.text import words

_SHE = {"my": "her", "mine": "hers", "myself": "herself", "me": "her"}
_HE = {"my": "his", "mine": "his", "myself": "himself", "me": "him"}
# (possessive, object, reflexive) of each gender
_FEMININE = ("her", "her", "herself")
_MASCULINE = ("his", "him", "himself")
# a capitalised word after the first: a name, perhaps of someone the pronoun means
_NAME = re.compile(r"(?<!^)\b[A-Z][a-z]+")
# "me-time" is a noun, not the object pronoun
_FIRST = re.compile(r"\b(my|mine|myself|me)\b(?!-)", re.IGNORECASE)
# a sentence the person says as "I" or "we" stays theirs: "I love my job" is not "I love her job"
_SUBJECTS = frozenset({"i", "i'm", "i've", "i'd", "i'll", "we", "we're", "we've", "we'd",
                       "we'll", "m", "ve"})


def pronouns_of(question: Question) -> dict[str, str] | None:
    """The first-person words as the question's own pronoun for the person says them; None
    when the question names no one person, or anyone else, or uses no pronoun for them, or
    both (see the module docstring)."""
    if question.person is None or any(
            name != question.person for name in _NAME.findall(question.text.strip())):
        return None
    said = words(question.text)
    feminine, masculine = _uses(said, *_FEMININE), _uses(said, *_MASCULINE)
    if feminine == masculine:
        return None
    return _SHE if feminine else _HE


def _uses(said: list[str], possessive: str, objective: str, reflexive: str) -> bool:
    """Whether the question's words use this pronoun for its person: a reflexive or a
    possessive; never when one use of it may be an object, someone else ("help *her*")."""
    used = False
    for at, word in enumerate(said):
        if word == reflexive:
            used = True
        elif word == possessive and (word != objective or _before_noun(said[at + 1:])):
            used = True
        elif word == objective:
            return False
    return used


def _before_noun(rest: list[str]) -> bool:
    """Whether "her" is the possessive: a word follows that is not a preposition, clause word
    or verb ("her *shop*", not "help her *with*", "help her *keep*", "call her?")."""
    return bool(rest) and rest[0] not in PREPOSITIONS and rest[0] not in CLAUSE and \
        not mostly_verb(rest[0])


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
