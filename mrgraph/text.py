"""Tokenising for search: one definition used at ingest (stored `tokens`) and at query time.

Tokens are lowercase alphanumeric words, stopwords dropped, irregular forms lemmatised from
WordNet's exception lists ("went" -> "go", "broken" -> "break", "children" -> "child":
`mrgraph.lexicon`), then Porter-stemmed ("painting" and "paints" both give "paint"), so every
store matches on the same strings and never sees raw query syntax (Lucene operators, quotes)
from the user. Both stores hold the tokens computed here, so they match identically.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

import snowballstemmer

from mrgraph import lexicon

_WORD = re.compile(r"[a-z0-9]+")
# The original Porter algorithm from snowballstemmer, run by PyStemmer's C code when installed:
# quick to import and to run (importing nltk alone costs ~0.5 s per CLI call). Evaluation keeps
# nltk's stemmer, as LoCoMo's recipe does.
_STEMMER = snowballstemmer.stemmer("porter")

STOPWORDS = frozenset(
    """a about above after again against all am an and any are as at be because been before being
    below between both but by can could did do does doing down during each few for from further
    had has have having he her here hers herself him himself his how i if in into is it its itself
    just me more most my myself no nor not now of off on once only or other our ours ourselves out
    over own same she should so some such than that the their theirs them themselves then there
    these they this those through to too under until up very was we were what when where which
    while who whom why will with would you your yours yourself yourselves s t don ll ve re m d
    hey hi oh yeah yes wow really also get got going go just like lot lots thing things um
    did does anything something everything""".split()
)

# closed word classes: what may come before a noun (the reader's phrases, mrgraph.kind_fit)
DETERMINERS = frozenset("""a an the this that these those some any my your his her its our their
                        every each another such no one's""".split())
PREPOSITIONS = frozenset("""to for with at in on from by about after before during into onto over
                         under through around near like as of off up down across along among
                         between without within upon via per than since until""".split())


@lru_cache(maxsize=200_000)
def stem(word: str) -> str:
    """The search token of one lowercase word: its lemma (irregular forms), stemmed."""
    return str(_STEMMER.stemWord(lexicon.default().lemma(word)))


_CAPITALISED = re.compile(r"\b[A-Z][a-z]+\b")  # a name's word: "Sam", not "NASA" nor "it"


def capitalised(text: str) -> list[str]:
    """The capitalised words of `text` that are not stop words, in order, once each: the
    names it likely holds ("Sam"; not "The", "When" nor "NASA")."""
    return [w for w in dict.fromkeys(_CAPITALISED.findall(text)) if w.lower() not in STOPWORDS]


def words(text: str) -> list[str]:
    """Lowercase alphanumeric words, in order, stopwords kept."""
    return _WORD.findall(text.lower())


def tokenize(text: str) -> list[str]:
    """Search tokens of `text`, in order, with repeats: stopwords dropped, stems."""
    return [t for t in word_tokens(words(text)) if t is not None]


# word -> its search token, None for a word that has none (a stopword, one letter): looked up
# in C (map) rather than calling stem() per word, several times cheaper for a whole text
_TOKEN_OF: dict[str, str | None] = {}
_MAX_WORDS = 200_000


def word_tokens(found: Iterable[str]) -> list[str | None]:
    """The search token of each of the words `found` (lowercase, from `words`), None for a
    word that has none: what tokenize keeps of each."""
    found = found if isinstance(found, list) else list(found)
    try:
        return list(map(_TOKEN_OF.__getitem__, found))
    except KeyError:
        if len(_TOKEN_OF) > _MAX_WORDS:
            _TOKEN_OF.clear()
        # built here, not read back from the shared table: another thread may clear it meanwhile
        tokens = [t if (t := _TOKEN_OF.get(w)) is not None or w in _TOKEN_OF else _token_of(w)
                  for w in found]
        _TOKEN_OF.update(zip(found, tokens))
        return tokens


def _token_of(word: str) -> str | None:
    return stem(word) if word not in STOPWORDS and len(word) > 1 or word.isdigit() else None


def token_set(text: str) -> tuple[str, ...]:
    """Distinct search tokens, sorted: the form stored on nodes."""
    return tuple(sorted(set(tokenize(text))))


MIN_SHORT_NAME = 3  # letters of a short name ("Sam"); fewer is an initial, not a name


def short_for(word: str, first_name: str) -> bool:
    """Lower-case `word` may stand for lower-case `first_name`: it begins it and has at least
    MIN_SHORT_NAME letters ("sam" of "samantha"; the full name counts too)."""
    return len(word) >= MIN_SHORT_NAME and first_name.startswith(word)


def normalize_key(name: str) -> str:
    """The identity of a cue, tag or topic name: lowercase words joined by single spaces."""
    return " ".join(words(name))


def phrase_held(text: str, phrases: Iterable[str]) -> bool:
    """Every phrase appears in `text` as consecutive words, case and punctuation aside
    ("hunting for glasses" is held by "Hunting for glasses, again!", not by "hunting for my
    glasses"). What search_turns' quoted phrases mean, on every store."""
    padded = f" {normalize_key(text)} "
    return all(f" {normalize_key(p)} " in padded for p in phrases)
