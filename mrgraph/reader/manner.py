"""How something is done or how it is going, said in a few words rather than a sentence:
"How does Priya stay calm?" - "I stay calm *by breathing slowly*."; "How is Omar's garden
doing?" - "The garden's *doing great*!".
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
# "how is X('s Y) doing / going / coming along?": the state it is in
_ASKS_STATE = re.compile(r"^\s*how(?:'s| is| are| was| were| has| have)\b.*"
                         r"\b(?:doing|going|coming along)\s*\??\s*$", re.IGNORECASE)
_STATE = re.compile(r"\b(?:doing|going|coming along)\s+(?:(?:so|really|pretty|very|super|"
                    r"quite)\s+)?([a-z]+)\b", re.IGNORECASE)
# where a thing goes, not how: "going *back* to the garden centre", "going *home*"
_WHERE_TO = frozenset("""back home out in off up down away over there here on around along
                      through abroad inside outside""".split())

_CLAUSE_END = re.compile(r"[,;.!?]|\s[-\u2013\u2014]\s")


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


def _state_word(word: str) -> bool:
    """A word saying how something goes: an adjective or an adverb ("great", "well")."""
    lex = lexicon()
    return word.lower() not in _WHERE_TO and \
        bool(lex.offsets(word.lower(), "adj") or lex.offsets(word.lower(), "adv"))


def doing(sentence: str) -> str | None:
    """The clause of `sentence` saying how a thing is doing or going ("the shop's *doing
    great*, we..." -> "the shop's doing great"): up to its end, not what the sentence goes on
    to tell; None when it says none ("doing *yoga*" is a thing done)."""
    match = _STATE.search(sentence)
    if not match or not _state_word(match.group(1)):
        return None
    end = _CLAUSE_END.search(sentence, match.end())
    starts = [m.end() for m in _CLAUSE_END.finditer(sentence, 0, match.start())]
    return sentence[starts[-1] if starts else 0:end.start() if end else None].strip()


def going(question: Question, found: Sequence[Sentence],
          reach: int) -> tuple[str, tuple[str, ...]] | None:
    """"How is X's shop doing?": the clause saying how it does of the first of the best `reach`
    sentences that says one (`doing`), the person's own when the question names one."""
    if not _ASKS_STATE.search(question.text):
        return None
    return first_read(found[:reach], doing, question.person)
