"""Which words of a lowercased sentence are verbs, and which are in the past: the word-level
knowledge mrgraph.dates.tense reads a sentence's tense with (a hand list of common pasts, and
WordNet's morphology for the others).
"""

from __future__ import annotations

import re
from functools import lru_cache

from mrgraph.lexicon import default as lexicon
from mrgraph.text import DETERMINERS

# the common pasts, by hand (the others WordNet knows: `inflected`)
PAST_WORDS = frozenset("""was were had did went got made took came saw met ran won lost left
    bought found gave told felt kept held began brought sent spent drove flew wrote ate sat fell
    broke chose wore swam sang threw caught taught thought heard paid said sold built grew knew
    led became""".split())

# a negated past: past only in its own clause ("It wasn't easy, but I'll go on Friday")
NEGATED_PAST = frozenset("didn't wasn't weren't hadn't".split())
_ADJECTIVE_AFTER = frozenset("""am is are be been being so really very too super quite get
    gets getting feel feeling""".split())  # a past form after these describes (`describes`)
WORD = re.compile(r"'?[a-z]+(?:'[a-z]+)?")


def a_verb(word: str, before: str) -> bool:
    """A present verb, not a noun of a noun phrase: mostly a verb, or a verb's -s form, after
    no determiner, -ing or adjective ("the bins *go*", "Anna *presents*"; not "the driving
    *test*", "my *plans*")."""
    lex = lexicon()
    if before in DETERMINERS or before.endswith("ing") or lex.mostly_adjective(before) or \
            word.endswith("ing") or inflected(word) or word in PAST_WORDS:
        return False
    return lex.mostly_verb(word) or s_form(word)


def s_form(word: str) -> bool:
    """A verb's -s form ("opens", "presents"; not "class")."""
    return word.endswith("s") and not word.endswith("ss") and \
        lexicon().base(word, "verb") != word


def past(sentence: str) -> bool:
    """Whether a lowercased sentence has a verb in the past of the hand list, or a regular one
    ("adopted"; not "need", nor "so excited")."""
    words = WORD.findall(sentence)
    return any(w in PAST_WORDS or (len(w) > 4 and w.endswith("ed") and not w.endswith("eed")
                                    and (i == 0 or not describes(words[i - 1])))
               for i, w in enumerate(words))


# "be" without a tense of its own: its present, and its participle, which the auxiliary before
# it dates ("we are", "it's been")
_NO_TENSE = frozenset("am are be been".split())
# a form that is a noun or an adjective too ("spoke", "rose") is a verb right after a subject
# pronoun ("I spoke"); not "it" or "you", objects as often ("get it done", "are you done")
_SUBJECTS = frozenset("i we he she they".split())
# a participle ("seen", "gone", "done", "taken") dates its clause back after "have" only ("I've
# seen it"; not "get it done", "it gets shown")
_HAVE = frozenset("have has had 've 'd i've we've you've they've i'd we'd you'd he'd she'd "
                  "they'd".split())
_BETWEEN = frozenset("just already never ever also all since not only recently".split())


def clause_past(clause: str) -> bool:
    """Whether the lowercased clause of a date has a past WordNet's morphology knows
    (`inflected`: "rode", "forgot", "died", "agreed"): in its own clause only, where a
    sentence's other clause may say what was, of what is ahead ("I forgot to tell you, the
    party is on Saturday"); not after "be", "so", "get" ("I'm done", "so tired")."""
    words = WORD.findall(clause)
    for i, word in enumerate(words):
        before = words[i - 1] if i else ""
        kind = inflected(word)
        if kind is None or describes(before):
            continue
        if word.endswith(("n", "ne")) and word not in PAST_WORDS:  # a participle
            if before in _HAVE or (i > 1 and words[i - 2] in _HAVE and adverb(before)):
                return True  # "I've seen", "I've just seen"; not "have it done"
        elif kind == "verb" or before in _SUBJECTS:
            return True
    return False


def adverb(word: str) -> bool:
    """An adverb between "have" and its participle ("just", "already", "finally")."""
    return word in _BETWEEN or (word.endswith("ly") and len(word) > 4)


@lru_cache(maxsize=20_000)  # pure over the process-wide lexicon; words recur
def inflected(word: str) -> str | None:
    """"verb" for a past or participle WordNet's morphology (its exceptions, or an -ed taken
    off) takes back to another verb and that is no other word, "homograph" for one that is a
    noun or an adjective as well ("spoke", "used"), else None. Not a form of "be", nor one
    that is a verb's base too ("lay", "need", "wed": a present as well), nor an -s or -ing
    form (the exceptions list "is", "goes", "lying" too)."""
    lex = lexicon()
    if word in _NO_TENSE or word.endswith(("ing", "s")) or \
            not (word in lex.verb_exc or word.endswith("ed")) or lex.offsets(word, "verb"):
        return None
    base = lex.base(word, "verb")
    if base == word or not lex.offsets(base, "verb"):
        return None
    return "homograph" if lex.offsets(word, "noun") or lex.offsets(word, "adj") else "verb"


def describes(word: str) -> bool:
    """Whether a past form after `word` is an adjective or a passive: "am / so / I'm / we're
    *excited*", "get *done*"."""
    return word in _ADJECTIVE_AFTER or word.endswith(("'m", "'re", "'s"))


def verbs(said: list[str]) -> list[bool]:
    """Which words are verbs: "leaving", "off"; not "morning", nor an adjective's -ing
    ("Amazing on Friday.")."""
    return [lexicon().mostly_verb(w) and
            not (w.endswith("ing") and lexicon().mostly_adjective(w)) for w in said]
