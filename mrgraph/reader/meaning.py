"""Verbs of meaning: a question asking what a thing *symbolizes* is answered by what follows
any of them ("it *stands for* hope", "it *means* safety"; family meaning_verb, used by
reader.phrases)."""

from __future__ import annotations

from collections.abc import Sequence

from mrgraph.reader.tokens import Token
from mrgraph.reader.words import lemma

# the verbs' lemmas: one asked is answered by another
MEANING = frozenset(lemma(w) for w in """symbolize symbolise represent mean signify embody
                    stand""".split())


def means(toks: Sequence[Token], at: int, verb: str) -> bool:
    """The question's `verb` (a lemma) asks what something means and the word at `at` says
    what it means, by another verb of meaning ("What does her tattoo *symbolize*?" - "it
    *stands for* freedom"); "stand" only before "for" ("stood near the door" means nothing)."""
    word = toks[at].lemma
    if verb not in MEANING or word not in MEANING:
        return False
    return word != "stand" or (at + 1 < len(toks) and toks[at + 1].text.lower() == "for")
