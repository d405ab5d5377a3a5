"""What an episode is about, by cheap deterministic heuristics: named entities, salient keywords
(tf-idf over the conversation's episodes), a verb-object tag and a one-sentence summary.

No part-of-speech model is available offline, so verbs are recognised by a word list (common
irregular and activity verbs) and by -ed / -ing endings minus a list of adjectives and nouns
with those endings. Good enough for short relational labels ("ran charity race").
"""

from __future__ import annotations

import math
import re
from collections import Counter
from functools import lru_cache
from itertools import repeat
from typing import Iterable, Mapping, Sequence

from mrgraph.ingest.preprocess import ResolvedTurn, Sentence
from mrgraph.text import STOPWORDS, stem, words

# ---------------------------------------------------------------- named entities

_NAME_WORD = re.compile(r"[A-Z][A-Za-z0-9&-]*")  # a possessive "'s" is left outside the match
_LOWER_WORD = re.compile(r"\b[a-z][a-z0-9&-]*")
_NOT_ENTITY = frozenset(
    """i ok okay hey hi hello wow thanks thank omg lol haha yes yeah yep no nope oh ah aw aww
    ugh god gosh congrats congratulations sure cool nice great awesome totally absolutely
    definitely well anyway btw so and but or also sounds good love bye monday tuesday
    wednesday thursday friday saturday sunday january february march april may june july
    august september october november december mr mrs ms dr mon tue tues wed thu thur thurs
    fri sat sun jan feb mar apr jun jul aug sep sept oct nov dec""".split()
)


def proper_words(texts: Sequence[str]) -> frozenset[str]:
    """Words that are names in this conversation: written capitalised mid-sentence at least as
    often as lowercase (so sentence-initial capitals alone never make a name)."""
    capital: Counter[str] = Counter()
    for text in texts:
        capital.update(m.group(0) for m in _NAME_WORD.finditer(text)
                       if not _sentence_initial(text, m.start()))
    lower = Counter(_LOWER_WORD.findall("\n".join(texts)))
    return frozenset(w for w, n in capital.items()
                     if n >= lower[w.lower()] and w.lower() not in _NOT_ENTITY
                     and w.lower() not in STOPWORDS)


def entities_in(text: str, proper: frozenset[str]) -> list[str]:
    """Runs of name words ("Quick Cart", "St. Wenna", "Denver Children's Hospital"), in order,
    at most 4 words: joined by a space, an abbreviation's ". ", or a possessive "'s "."""
    found: list[str] = []
    run: list[str] = []
    run_end = -2
    for match in _NAME_WORD.finditer(text):
        word = match.group(0)
        if word not in proper and not (word in _ABBREVIATIONS and _followed_by_name(text, match)):
            continue
        gap = text[run_end:match.start()] if run else ""
        if run and len(run) < 4 and (gap == " " or gap in _POSSESSIVE_GAPS
                                     or (gap == ". " and run[-1] in _ABBREVIATIONS)):
            run.append(gap.rstrip() + " " + word if gap != " " else " " + word)
        else:
            if run:
                found.append("".join(run))
            run = [word]
        run_end = match.end()
    if run:
        found.append("".join(run))
    return found


_ABBREVIATIONS = frozenset({"St", "Mt", "Dr", "Mr", "Mrs", "Ms", "Jr", "Sr", "Ft"})
_POSSESSIVE_GAPS = frozenset({"'s ", "’s "})


def _followed_by_name(text: str, match: re.Match[str]) -> bool:
    """"St" in "St. Wenna": an abbreviation counts as a name word before a capitalised word."""
    after = text[match.end():match.end() + 3]
    return after[:2] == ". " and after[2:].isupper()


def _sentence_initial(text: str, position: int) -> bool:
    i = position - 1
    while i >= 0 and text[i] in " \t\"'“(":
        i -= 1
    if i >= 0 and text[i] == "." and text[max(0, i - 3):i].split(" ")[-1] in _ABBREVIATIONS:
        return False  # "St. Wenna": the full stop ends an abbreviation, not a sentence
    return i < 0 or text[i] in ".!?\n:—–-"


# ---------------------------------------------------------------- salient keywords

_GENERIC = (
    """great good thanks thank awesome cool amazing nice sound sounds glad happy love loved
    feel feeling felt think thought know knew hope wish time times really totally definitely
    always never sure pretty much way day days week weeks month months year years today
    yesterday tomorrow tonight last next ago wonderful fantastic incredible super proud keep
    make made take took see saw look looks looking want wanted need needed let hear heard tell
    told said say bet right well kind kinda stuff new old fun best better big little also even
    still though ever one two first gonna wanna totally glad excited exciting awesome tough
    hard special cool true lately recently share sharing thanks appreciate appreciated mean
    means meant sorry bit maybe seems seem seemed course absolutely whole important talk
    talking chat chatting catch great happen happened happening life cute beautiful
    lovely super awesome reminds reminder totally gotta favorite wonder wondering cheers went
    come came continue already many around people others moment moments together every guess
    part ones thinkin given going doing done getting lots folks anyway anymore everyone
    someone somebody help helps helped helping support supportive stay staying put wait
    push pushing positive difference photo photos picture pictures pic pics""".split()
)
GENERIC_STEMS = frozenset(stem(w) for w in _GENERIC)


def idf(doc_freq: Mapping[str, int], documents: int) -> dict[str, float]:
    """Smoothed inverse document frequency of every token."""
    return {token: math.log((1 + documents) / (1 + df)) + 1.0 for token, df in doc_freq.items()}


def keyword_weights(tokens: Sequence[str], idf_of: Mapping[str, float],
                    excluded: frozenset[str]) -> dict[str, float]:
    """tf-idf of the episode's content tokens, leaving out generic chat words, numbers, and
    `excluded` (names, which are entity cues already)."""
    counts = Counter(tokens)
    return {token: count * idf_of.get(token, 1.0) for token, count in counts.items()
            if len(token) > 2 and not token.isdigit() and token not in GENERIC_STEMS
            and token not in excluded}


def top_keywords(weights: Mapping[str, float], limit: int) -> list[str]:
    """The `limit` heaviest tokens (ties by token, for determinism)."""
    return [t for t, _ in sorted(weights.items(), key=lambda kv: (-kv[1], kv[0]))[:limit]]


def surface_forms(texts: Sequence[str]) -> dict[str, str]:
    """Each stem's most frequent written form (ties: the shortest, then alphabetical), so a
    keyword cue reads "painting", not "paint"."""
    best: dict[str, tuple[int, int, str]] = {}
    for word, count in Counter(words("\n".join(texts))).items():
        if word not in STOPWORDS:
            rank = (-count, len(word), word)
            key = stem(word)
            if key not in best or rank < best[key]:
                best[key] = rank
    return {key: rank[2] for key, rank in best.items()}


# ---------------------------------------------------------------- tags

_VERBS = frozenset(
    """went go goes visited visit attended attend ran run runs painted paint paints made bought
    buy adopted adopt joined join started start began begin finished finish took take met meet
    saw watched watch read wrote write drew draw built build won lost left quit moved move
    traveled travelled travel hiked hike baked bake cooked cook played play sang sing danced
    dance learned learnt learn taught teach volunteered volunteer signed sign applied apply
    graduated graduate opened open launched launch created create made got found gave give
    celebrated celebrate hosted host organized organised organize raised raise donated donate
    camped camp swam swim climbed climb rode ride drove drive flew fly planted plant grew grow
    researching research studying study practicing practising practice pursuing pursue
    received receive won earned earn published publish recorded record performed perform
    explored explore tried try picked pick fixed fix renovated decorated decorate ate eat""".split()
)
_NOT_VERBS = frozenset(
    """amazing interesting exciting inspiring during morning evening nothing anything everything
    something thing being feeling wedding ceiling building things awesome inspiring
    interested excited tired scared surprised amazed pleased stressed blessed motivated
    inspired overwhelmed worried bored thrilled relieved married indeed hundred sacred talented
    dedicated determined committed related based supposed used red bed need speed seed shed
    embed proud rewarding touching fascinating charming caring loving willing outstanding
    upcoming ongoing belonging meaning evening king spring string sibling darling ring
    according""".split()
)
_TIME_WORDS = frozenset(
    """yesterday today tonight tomorrow week weeks weekend month months year years day days ago
    last next morning night evening afternoon monday tuesday wednesday thursday friday saturday
    sunday""".split()
)


@lru_cache(maxsize=50_000)
def is_verb(word: str) -> bool:
    if word in _VERBS:
        return True
    if word in _NOT_VERBS or word in STOPWORDS:
        return False
    return (word.endswith("ed") and len(word) > 4) or (word.endswith("ing") and len(word) > 5)


_CLAUSE = re.compile(r"[^,;:()–—]+")
_SKIPPABLE = STOPWORDS | frozenset("one two three four five six seven eight nine ten".split())


def tag_candidates(sentence: str) -> list[tuple[str, tuple[str, ...]]]:
    """(verb, object words) pairs within a clause: a verb, then up to 3 stopwords or numbers,
    then up to 3 adjacent content words (not listed verbs, not time words)."""
    found: list[tuple[str, tuple[str, ...]]] = []
    for clause in _CLAUSE.findall(sentence):
        ws = words(clause)
        for i, word in enumerate(ws):
            if not is_verb(word):
                continue
            j = i + 1
            while j < len(ws) and j - i <= 3 and ws[j] in _SKIPPABLE:
                j += 1
            obj: list[str] = []
            while j < len(ws) and len(obj) < 3 and _is_object_word(ws[j]):
                obj.append(ws[j])
                j += 1
            if obj:
                found.append((word, tuple(obj)))
    return found


def _is_object_word(word: str) -> bool:
    """Content words; -ed/-ing forms are fine inside an object ("raised beds")."""
    return (word not in STOPWORDS and word not in _TIME_WORDS and not word.isdigit()
            and len(word) > 1 and (word not in _VERBS or word.endswith(("ed", "ing"))))


# ---------------------------------------------------------------- summaries

SUMMARY_CHARS = 200


def rank_turns(turns: Iterable[ResolvedTurn], weights: Mapping[str, float]
               ) -> list[ResolvedTurn]:
    """Turns by the keyword weight they carry per distinct token, heaviest first (a turn that
    only asks counts half; earlier turns first on ties)."""
    def score(turn: ResolvedTurn) -> float:
        tokens = set(turn.tokens)
        weight = sum(map(weights.get, tokens, repeat(0.0))) / math.sqrt(len(tokens) + 1)
        return weight * 0.5 if turn.turn.text.rstrip("!. ").endswith("?") else weight

    return sorted(turns, key=score, reverse=True)


def rank_sentences(sentences: Iterable[Sentence], weights: Mapping[str, float]
                   ) -> list[Sentence]:
    """Sentences by the keyword weight they carry per token, heaviest first (stable: earlier
    sentences first on ties)."""
    def score(sentence: Sentence) -> float:
        tokens = sentence.tokens
        weight = sum(map(weights.get, tokens, repeat(0.0))) / math.sqrt(len(tokens) + 1)
        # A question asks about the event; the answer usually states it.
        return weight * 0.5 if sentence.source.rstrip("!. ").endswith("?") else weight

    return sorted(sentences, key=score, reverse=True)


def shorten(text: str, limit: int) -> str:
    if len(text) <= limit:
        return text
    cut = text[:limit].rsplit(" ", 1)[0]
    return cut.rstrip(" ,;:-") + "…"
