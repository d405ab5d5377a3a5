"""Activities said as a gerund (family ph_activity): "What activities / hobbies / sports does
X do?" asks for things people do, and English names such a thing by an -ing form that a verb
of going, beginning, keeping at or liking takes ("we *went camping*", "I'm off to *go
swimming*", "I've *started running*", "she *took up knitting*", "I *got into bouldering*",
"I *enjoy painting*"): after these verbs the -ing form is a noun, the activity itself.

  asked     the question's head noun names an activity: its first WordNet sense is
            "activity" or a kind of it (hobby, sport, pastime, exercise, game; not "event",
            "class", "skill");
  the item  the -ing form, and what follows it in its phrase ("took up *knitting scarves*");
            one WordNet knows as a noun or does not know ("kickboxing", "bouldering"), not
            one it knows only as an adjective ("interesting": "started getting interesting"
            is no activity, nor is "getting" a noun), nor a pronoun in -thing ("tried
            *something* new", "enjoy *nothing* more"), which stands for a thing unnamed.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from mrgraph.lexicon import default as lexicon
from mrgraph.reader.tokens import Token
from mrgraph.reader.words import LIGHT, NEGATIONS, is_function_word

# lemmas (reader.words.lemma) of the verbs that take an activity as an -ing form
_TAKES_GERUND = frozenset({"go", "start", "begin", "try", "tri", "enjoi", "love", "like", "keep",
                           "practic", "practis", "continu", "do"})
# phrasal verbs whose particle comes between: "took *up* knitting", "got *into* running"
_PHRASAL = {"up": frozenset({"take", "pick"}), "into": frozenset({"get"})}
# verbs too general to name an activity as a gerund ("keep *going*", "started *getting* ...")
_LIGHT = LIGHT | frozenset("""be feel try start keep see say think look come put give want
                           need""".split())
_MIN_GERUND = 6  # "swimming", "hiking"; not "bring", "thing"


@lru_cache(maxsize=1_000)
def names_activity(head: str) -> bool:
    """The head noun's first WordNet sense is "activity" or lies below it ("hobbies",
    "sports"); not a noun whose first sense is another thing ("events", "classes")."""
    found = lexicon()
    senses = found.offsets(found.base(head.lower(), "noun"), "noun")
    roots = frozenset(found.offsets("activity", "noun")[:1])
    return bool(senses) and bool(roots) and \
        (senses[0] in roots or bool(roots & found.hypernyms(senses[0])))


def gerund_at(run: Sequence[int], toks: Sequence[Token]) -> int | None:
    """Where in `run` (token positions) the first -ing form a verb of going, beginning,
    keeping at or liking takes stands ("went *camping*", "took up *knitting*"; not a pronoun:
    "tried *something* new"); None without one."""
    for k, i in enumerate(run):
        word = toks[i].text.lower()
        if i == 0 or len(word) < _MIN_GERUND or not word.endswith("ing") or not _noun(word) or \
                is_function_word(word) or word in NEGATIONS:  # "something", "nothing"
            continue
        before = toks[i - 1]
        if toks[i].lemma in _LIGHT:
            continue
        if before.lemma in _TAKES_GERUND or \
                (i > 1 and toks[i - 2].lemma in _PHRASAL.get(before.text.lower(), ())):
            return k
    return None


def _noun(word: str) -> bool:
    """An -ing form that may name a thing: WordNet knows it as a noun, or not at all."""
    found = lexicon()
    return bool(found.offsets(word, "noun")) or not (found.offsets(word, "adj") or
                                                     found.offsets(word, "adv"))
