"""Questions that ask how someone feels or describes a thing answer with a word of feeling
or description, not a sentence: "How did she feel about the trip?" - "I'm so *excited*!";
"How does he describe the lake?" - "It was *calm and quiet*".

The word is an adjective (WordNet lists it at least as often as an adjective as a noun) said
as a predicate: after a form of "be", "feel", "seem", "look", "sound" or "made it", an
intensifier ("so", "really") allowed in between; a second one joined by "and" or a comma comes
with it ("calm and quiet").
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from mrgraph.lexicon import default as lexicon
from mrgraph.reader.evidence import Sentence
from mrgraph.reader.words import AUXILIARIES, BE, CLAUSE, DETERMINERS, PREPOSITIONS, SUBJECTS

# "how did X feel / describe", "what emotions / feelings", "what ... feel when / about / in"
_ASKS = re.compile(r"\bhow\b.*\b(?:feel|feels|felt|describes?|described)\b|"
                   r"\bwhat (?:emotions?|feelings?)\b|"
                   r"\bwhat\b.*\bfeels?\b(?: (?:in|when|during|about|at|while)\b|\s*\?)",
                   re.IGNORECASE)
INTENSIFIERS = frozenset("""so really very pretty super totally truly absolutely quite
incredibly extremely just too kinda""".split())
_AND = frozenset({"and", ",", "&"})
FELT = 6  # words of a feeling said without an adjective
_FEEL = frozenset("feel feels felt".split())
_BARE_BE = frozenset("is was are were am".split())
_PRONOUNS = frozenset("i it we they he she you that this".split())
_BE = BE | frozenset("it's i'm that's he's she's they're we're".split())
# the words after which a predicate says how someone felt or something was
LINKS = _BE | _FEEL | frozenset("feeling seem seems seemed look looks looked sound sounds "
                                "sounded".split())
# words WordNet lists as adjectives that say no quality ("all", "like", "still")
_NOT_SAID_OF = AUXILIARIES | CLAUSE | DETERMINERS | PREPOSITIONS | SUBJECTS | frozenset(
    "all both such still like sure able about".split())
_TOKEN = re.compile(r"[a-z]+(?:'[a-z]+)?|[,&]")


def asks_feeling(question: str) -> bool:
    """Whether the question asks how someone feels or describes something."""
    return bool(_ASKS.search(question))


def is_adjective(word: str) -> bool:
    """Mostly an adjective in WordNet: as many adjective senses as noun senses, and for an
    -ing word as verb senses too ("relaxing" yes, "going" no)."""
    lex = lexicon()
    adjectives = len(lex.offsets(word, "adj"))
    if not adjectives or word in _NOT_SAID_OF or word in INTENSIFIERS:
        return False
    verbs = len(lex.offsets(lex.base(word, "verb"), "verb")) if word.endswith("ing") else 0
    return adjectives >= max(len(lex.offsets(lex.base(word, "noun"), "noun")), verbs)


def _participle(word: str) -> bool:
    """A verb's past form ("wanted", "found"): after "is" more likely passive than a feeling."""
    return lexicon().base(word, "verb") != word and not word.endswith("ing")


def described(sentence: str) -> str:
    """The predicate adjective(s) of `sentence` ("calm and quiet"); "" when it has none. An
    adjective before "to" says something else ("hard to say"); a verb's past form counts after
    an intensifier or a verb of feeling ("so excited", "feel rested"), not after "is"."""
    said = _TOKEN.findall(sentence.lower().replace("\u2019", "'"))
    for at, word in enumerate(said):
        made = word == "made" and at + 1 < len(said) and said[at + 1] in ("it", "me", "us")
        if word not in LINKS and not made:
            continue
        if word in _BARE_BE and (not at or said[at - 1] not in _PRONOUNS):
            continue  # "the sky was clear": a thing's quality, not how anyone felt
        i = at + 1 + made
        while i < len(said) and (said[i] in INTENSIFIERS or said[i] in ("a", "an")):
            i += 1
        if i >= len(said) or not is_adjective(said[i]) or \
                (i + 1 < len(said) and said[i + 1] == "to") or \
                (_participle(said[i]) and i == at + 1 and word in _BE):
            continue
        found = [said[i]]
        j = i + 1
        while j + 1 < len(said) and said[j] in _AND and is_adjective(said[j + 1]):
            found.append(said[j + 1])
            j += 2
        return " and ".join(found)
    return ""


def felt(sentence: str) -> str:
    """What follows "I felt" / "we feel" when it is no adjective ("felt *at ease with it*"):
    up to the clause's end, at most FELT words; "" when the sentence says no such thing."""
    said = _TOKEN.findall(sentence.lower().replace("\u2019", "'"))
    for at, word in enumerate(said[1:], 1):
        if word in _FEEL and said[at - 1] in _PRONOUNS | {"and"}:
            rest = said[at + 1:at + 1 + FELT]
            rest = rest[:rest.index(",")] if "," in rest else rest
            while rest and rest[0] in INTENSIFIERS:
                rest = rest[1:]
            if len(rest) >= 2 and rest[0] not in ("like", "that"):
                return " ".join(rest)
    return ""


def feeling(found: Sequence[Sentence], reach: int) -> tuple[str, tuple[str]] | None:
    """The first feeling described by the best `reach` sentences: (the words, (the turn's id,));
    a sentence saying it with "felt" first, its adjective or else what follows "felt"."""
    best = found[:reach]
    for sentence in best:
        if said := felt(sentence.text):
            return described(sentence.text) or said, (sentence.dia_id,)
    for sentence in best:
        said = described(sentence.text)
        if said:
            return said, (sentence.dia_id,)
    return None
