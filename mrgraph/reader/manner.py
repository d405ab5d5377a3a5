"""How something is done, said in a few words rather than a sentence: "How does Zofia stay
calm?" - "I stay calm *by breathing slowly*."
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from mrgraph.lexicon import default as lexicon
from mrgraph.reader.evidence import Sentence, first_read
from mrgraph.reader.question import Question
from mrgraph.reader.words import TIME_WORDS

# "how does / did / do X <verb>": a manner asked for (not a feeling, a frequency, a span)
_ASKS_MANNER = re.compile(r"^\s*how (?:do|does|did)\b(?!.*\b(?:feel|feels|felt|describes?|"
                          r"described)\b)", re.IGNORECASE)
# "by" and a verb's -ing form (an adverb may come between), up to the clause's end
_BY = re.compile(r"\bby\s+(?:[a-z]+ly\s+)?([a-z]+ing)\b[^.!?;,]*", re.IGNORECASE)


def _gerund(word: str) -> bool:
    """A verb's -ing form ("painting"), as often a verb as a noun: not "morning", "wedding"."""
    lex = lexicon()
    word = word.lower()
    base = lex.base(word, "verb")
    # a time of day is no doing: "by evening" ("even" + -ing to WordNet)
    return base != word and word not in TIME_WORDS and \
        len(lex.offsets(base, "verb")) >= max(1, len(lex.offsets(word, "noun")))


def by_doing(sentence: str) -> str | None:
    """The "by <doing>" clause of `sentence` ("I unwind *by painting at night*"), or None."""
    for match in _BY.finditer(sentence):
        if _gerund(match.group(1)):
            return match.group(0).strip()
    return None


def manner(question: Question, found: Sequence[Sentence],
           reach: int) -> tuple[str, tuple[str, ...]] | None:
    """"How does X <verb> ...?": the "by <doing>" clause of the first of the best `reach`
    sentences that holds one, said by the person asked about when the question names one."""
    if not _ASKS_MANNER.search(question.text):
        return None
    return first_read(found[:reach], by_doing, question.person)

