"""Lists: the items a list question asks for, gathered across every turn read.

  gather         the phrases of every usable sentence that matches the question's verb or head
                 noun (at ITEM_SHARE of the best sentence's share at least), de-duplicated, up
                 to MAX_ITEMS; kept to the kind asked for when some are of it ("What
                 instruments": the violin, not the games); then every word of the kind the
                 head noun names ("Which cities...") in the person's own sentences - for a
                 kind too broad to list ("activities"), every word WordNet files under it
                 ("karaoke", "archery") - but not the question's own words;
  with_items     a belief's answer to a list question (one item) followed by the items of the
                 turns;
  names_of_kind  whether the person names, of themselves, a *named* thing of the kind (a
                 list question is then about them, whoever else says more).
"""

from __future__ import annotations

import re
from collections.abc import Collection

from mrgraph.lexicon import default as lexicon
from mrgraph.reader.evidence import Sentence
from mrgraph.reader.phrases import items, phrase
from mrgraph.reader.question import Question
from mrgraph.reader.words import (AUXILIARIES, SUBJECTS, is_a, is_function_word, is_kind,
                                  kind_of, lemma)
from mrgraph.text import tokenize, words

MAX_ITEMS = 8
ITEM_SHARE = 0.5  # a list item's sentence holds at least this share of the best one's q
MAX_ITEM_WORDS = 5
# a list's closing words are no item: "..., *all of that*", "*etc*", "*and more*"
_CLOSING = re.compile(r"(?:and )?(?:all of that|all that|etc|and so on|so on|more|stuff like "
                      r"that|things like that|you name it)")
_WORD = re.compile(r"[A-Za-z][A-Za-z'-]*[A-Za-z]")


def gather(question: Question, found: list[Sentence]) -> tuple[list[str], tuple[str, ...]]:
    """The items of every usable sentence matching the question's verb or head noun."""
    keys = {lemma(w) for w in (question.verb, question.head) if w}
    floor = ITEM_SHARE * found[0].q
    listed: list[str] = []
    seen: set[frozenset[str]] = set()
    supports: list[str] = []
    kept: set[str] = set()  # items a sentence lists after the head noun: of the kind asked
    for sentence in found:
        if sentence.q < floor or sentence.q <= 0:
            continue
        if keys and not keys & {lemma(w) for w in words(sentence.text)}:
            continue
        named = enumerated(sentence.text, question.head) \
            if question.head and question.on("enumerated") else []
        said, score = phrase(sentence.text, question) if not named else ("", 0.0)
        if not named and (not said or score < 1.0):
            continue
        for item in named or items(said):
            key = frozenset(tokenize(item))
            if key and key not in seen:
                seen.add(key)
                listed.append(item)
                kept.update(named)
                if sentence.dia_id not in supports:
                    supports.append(sentence.dia_id)
        if len(listed) >= MAX_ITEMS:
            break
    kind = kind_of(question.head) if question.head else frozenset()
    head = lemma(question.head or "")
    # a kind too broad to list ("activities"): its instances by WordNet's hypernyms
    broad = question.head if question.head and not kind else None
    if not question.on("list_kinds"):
        return listed[:MAX_ITEMS], tuple(dict.fromkeys(supports))
    typed = [i for i in listed if i in kept or any(is_kind(w, kind) or lemma(w) == head or
                                      (broad and len(w) > 2 and is_a(w, broad))
                                      for w in words(i))]
    of_kind = _of_kind([s for s in found if s.q >= floor], kind, broad=broad)
    # "What instruments...": the violin, not the games also played; when no phrase is of a
    # narrow kind but the person names things of it ("Bach" of musicians), those alone
    if typed or (kind and of_kind):
        listed = typed
    asked = set(tokenize(question.text))
    for word, dia_id in of_kind:
        key = frozenset(tokenize(word))
        if key and not key <= asked and not any(key <= frozenset(tokenize(i)) for i in listed):
            listed.append(word)
            supports.append(dia_id)
    return listed[:MAX_ITEMS], tuple(dict.fromkeys(supports))


def enumerated(sentence: str, head: str) -> list[str]:
    """The items a sentence lists right after the head noun and a dash or a colon ("a shelf of
    board games - chess, mahjong, word games, you name it" -> chess, mahjong, word games);
    [] when it lists fewer than two."""
    match = re.search(rf"\b{re.escape(head)}\s*[-\u2013\u2014:]\s*([^.!?;]+)", sentence,
                      re.IGNORECASE)
    if match is None:
        return []
    said = [i for i in items(match.group(1)) if not _CLOSING.fullmatch(i.lower())]
    # items, not clauses: no verb "be" nor subject in them ("the craft, *it is* fun")
    if len(said) < 2 or any(len(words(i)) > MAX_ITEM_WORDS or
                            set(words(i)) & (AUXILIARIES | SUBJECTS) for i in said):
        return []
    return said


def with_items(question: Question, found: list[Sentence], answer: str,
               supports: tuple[str, ...]) -> tuple[str, tuple[str, ...]]:
    """A belief's answer to a list question is one item: the items the turns give follow
    it (`gather`, up to MAX_ITEMS in all); other answers as they are."""
    if question.kind != "list" or not found:
        return answer, supports
    listed, more = gather(question, found)
    said = [answer, *(i for i in listed if i.lower() != answer.lower())][:MAX_ITEMS]
    return ", ".join(said), tuple(dict.fromkeys(supports + more))


def names_of_kind(question: Question, found: list[Sentence], speakers: set[str]) -> bool:
    """Whether the person names, of themselves, a place or a thing of the kind a list asks
    for ("Which cities ...?" - "Paris"): the evidence is about them, whoever else says more."""
    if question.kind != "list" or not question.head:
        return False
    return any(name for _, _, name in _kind_words(found, kind_of(question.head), speakers))


def _of_kind(found: list[Sentence], kind: frozenset[str], speakers: Collection[str] = (),
             broad: str | None = None) -> list[tuple[str, str]]:
    """The words of `kind` in the sentences about the person asked about, best first: the
    names among them ("Paris"), else all (a word that is one too: "reading")."""
    said = _kind_words(found, kind, speakers, broad)
    named = [(w, d) for w, d, name in said if name]
    return named or [(w, d) for w, d, _ in said]


def _kind_words(found: list[Sentence], kind: frozenset[str], speakers: Collection[str],
                broad: str | None = None) -> list[tuple[str, str, bool]]:
    """(word, dia_id, is a name) of each word of `kind` in the person's own sentences; a
    capital that opens a sentence is no name ("Reading helps me relax")."""
    names = {w for s in {*speakers, *(s.speaker for s in found)} for w in words(s)}
    said: list[tuple[str, str, bool]] = []
    for sentence in found:
        if not sentence.own or not (kind or broad):
            continue
        said += [(w, sentence.dia_id, w[:1].isupper() and not _opens(sentence.text, m.start()))
                 for m in _WORD.finditer(sentence.text)
                 if (is_kind(w := m.group(), kind) or
                     (broad is not None and len(w) > 2 and is_a(w, broad)))
                 and not is_function_word(w)
                 and w.lower() not in names
                 and lexicon().mostly_noun(lexicon().base(w.lower(), "noun"))]
    return said


def _opens(text: str, at: int) -> bool:
    """Whether the word at `at` opens its sentence (only quotes, brackets or spaces before)."""
    return not text[:at].strip(" \t\"'(\u201c\u2018")
