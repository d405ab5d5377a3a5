"""How something is done, said in a few words rather than a sentence: "How does Priya stay
calm?" - "I stay calm *by breathing slowly*."; and what is done for a purpose: "What does
Priya do to unwind?" - "I've been *swimming* more to unwind." (family purpose_act).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from mrgraph.lexicon import default as lexicon
from mrgraph.reader.evidence import Sentence, first_read
from mrgraph.reader.question import Question
from mrgraph.reader.words import DETERMINERS, TIME_WORDS, is_function_word, noun_like

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



# "what does / do / did X do to <purpose>": a doing asked for by the end it serves
# ("what did X do after the trip to relax?": a time or place may come between)
_DO_TO = re.compile(r"^\s*what (?:do|does|did)\b.*\bdo\b(?:\s+[\w']+){0,5}?\s+to ([a-z][a-z-]*)\b",
                    re.IGNORECASE)
_WORD = re.compile(r"[A-Za-z][\w'-]*")
_OBJECT = 3  # words of the doing's object kept ("playing *my old violin*")
# what an -ing form after them is a doing of: "be" ("I've *been* running"), and verbs taking
# one ("I *love* painting", "*went* swimming"); after a determiner it names a thing's use
# ("a *cooking* class")
_BEFORE_DOING = frozenset("""be been am is are was were being m re love loves loved enjoy enjoys
                          enjoyed like likes liked start starts started keep keeps kept go
                          goes went try tries tried""".split())


def purpose_act(question: Question, found: Sequence[Sentence],
                reach: int) -> tuple[str, tuple[str, ...]] | None:
    """"What does X do to <purpose>?" ("to relax", "to de-stress"): the doing a sentence of
    the best `reach` that says the purpose names before it, a verb's -ing form with its
    object ("I've been *running* farther to de-stress", "*Painting my room* was a way to
    relax"); the person's own when the question names one. None when no such sentence
    names a doing (another rule reads what was done: reader.read._thought)."""
    asked = _DO_TO.search(question.text)
    if asked is None:
        return None
    purpose = asked.group(1).lower().replace("-", "")
    for sentence in found[:reach]:
        if question.person is not None and sentence.speaker != question.person:
            continue
        said = _WORD.findall(sentence.text)
        at = next((i for i, w in enumerate(said) if w.lower().replace("-", "") == purpose), None)
        act = _doing(said[:at]) if at else None
        if act:
            return act, (sentence.dia_id,)
    return None


def _takes_doing(before: str) -> bool:
    """An -ing form after `before` names a doing (`_BEFORE_DOING`; "I'm", "we're")."""
    low = before.lower()
    return low.rpartition("'")[2] in _BEFORE_DOING


def _doing(said: list[str]) -> str | None:
    """The first -ing form of a verb in `said` that names a doing (`_takes_doing`: not "a
    *cooking* class") with the object after it: a determiner and
    the nouns after it, or nouns WordNet knows in fewer senses as an adverb ("running
    *longer*" is no object)."""
    lex = lexicon()
    for i, word in enumerate(said):
        if not word.lower().endswith("ing") or not _gerund(word) or \
                (i and not _takes_doing(said[i - 1])):
            continue
        object_: list[str] = []
        for after in said[i + 1:i + 1 + _OBJECT]:
            low = after.lower()
            if (low in DETERMINERS and not object_) or \
                    (noun_like(low) and not is_function_word(low) and  # not "a *lot*"
                     len(lex.offsets(low, "adv")) <
                     len(lex.offsets(lex.base(low, "noun"), "noun"))):
                object_.append(after)
            else:
                break
        while object_ and object_[-1].lower() in DETERMINERS:
            object_.pop()
        return " ".join([word] + object_)
    return None
