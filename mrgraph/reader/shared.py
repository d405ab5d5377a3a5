"""What two people share (family both_share): "Which city have both A and B visited?", "What
do A and B both enjoy?", "What do A and B have in common?" ask for one thing each of them
says of themselves - the intersection of what each says, not what either says alone.

  the things   of the kind the head noun names when it names one (WordNet, words.kind_of:
               "which *city*" - Chicago, Rome; "what instrument" - piano); else the nouns of
               each person's sentences that hold some of the question ("volunteer at the
               *shelter*");
  said of it   in a clause that neither denies it ("I've never been to Rome") nor only
               wishes or plans it ("I'd love to see Kyoto", "we might go to Oslo"); a denial
               in another clause does not count ("No way, I was in Lisbon too!");
  the answer   the thing both say, in the sentences each says best (the lower of the two
               best scores, highest first; ties: the earlier said), as it was said.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from mrgraph.reader.evidence import Sentence, word_set
from mrgraph.reader.forms import negated
from mrgraph.reader.question import Question
from mrgraph.reader.words import (NOT_DONE, is_function_word, is_kind, kind_of, lemma,
                                  mostly_verb, noun_like)
from mrgraph.text import words

# not "share": "what did A share with B?" asks what was shown
_SHARED = re.compile(r"\bboth\b|\bin common\b", re.IGNORECASE)
_WORD = re.compile(r"[A-Za-z][\w'-]*[A-Za-z]")
_CLAUSES = re.compile(r"[,;:]|\s[-–—]\s|\b(?:but|though|although)\b", re.IGNORECASE)


def asks_shared(question: Question) -> bool:
    """Two people named and "both" / "in common": one thing true of each."""
    return len(question.people) == 2 and bool(_SHARED.search(question.text)) and \
        question.kind in ("what", "list", "where")


def shared(question: Question, found: Sequence[Sentence]) -> tuple[str, tuple[str, ...]] | None:
    """The thing both people say of themselves (see the module docstring); None when they
    share none."""
    if not asks_shared(question):
        return None
    kind = kind_of(question.head) if question.head else frozenset()
    names = {w for p in question.people for w in words(p)}
    best: dict[str, dict[str, tuple[float, str, str]]] = {p: {} for p in question.people}
    for sentence in found:
        if sentence.speaker not in best or (not kind and sentence.q <= 0):
            continue
        for word in _said_of(sentence.text):
            key = lemma(word.lower())
            if key in names or key in question.stems or is_function_word(word) or \
                    not _thing(word, kind):
                continue
            held = best[sentence.speaker]
            if key not in held or held[key][0] < sentence.score:
                held[key] = (sentence.score, word, sentence.dia_id)
    first, second = (best[p] for p in question.people)
    both = [(min(first[k][0], second[k][0]), first[k][1], (first[k][2], second[k][2]))
            for k in first if k in second]
    if not both:
        return None
    _, word, supports = max(both, key=lambda b: b[0])  # ties: the first said
    return word, supports


def _said_of(sentence: str) -> list[str]:
    """The words of the clauses of `sentence` that neither deny nor only wish or plan."""
    return [word for clause in _CLAUSES.split(sentence)
            if not negated(clause) and not word_set(clause) & NOT_DONE
            for word in _WORD.findall(clause)]


def _thing(word: str, kind: frozenset[str]) -> bool:
    """A thing of the kind asked for, else a noun (WordNet: mostly a noun, not a verb)."""
    low = word.lower()
    if kind:
        return is_kind(word, kind) and not mostly_verb(low)
    return noun_like(low) and not mostly_verb(low)
