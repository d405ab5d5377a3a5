"""Which way a sentence looks: at the past or at what is ahead.

A relative date with no "last" or "next" ("on Tuesday", "in June") takes its direction from
its sentence's tense: a verb in the past, or a future form.
"""

from __future__ import annotations

import re

# A future form, or a verb in the past (an -ed word that is not an adjective after
# "be"/"so"/"really": "I'm so excited").
_FUTURE = re.compile(r"\b(?:will|won't|shall|going to|gonna|about to|can't wait|plan(?:ning)? to|"
                     r"hop(?:e|ing) to|tomorrow|next)\b|'ll\b|"
                     # a pronoun's present progressive ("I'm flying out"), not "my sister's wedding"
                     r"\b(?:i am|i'm|we are|we're|you are|you're|they are|they're|he is|he's|"
                     r"she is|she's)\s+\w+ing\b", re.I)
_PAST_WORDS = frozenset("""was were had did went got made took came saw met ran won lost left
    bought found gave told felt kept held began brought sent spent drove flew wrote ate sat fell
    broke chose wore swam sang threw caught taught thought heard paid said sold built grew knew
    led became""".split())
_ADJECTIVE_AFTER = frozenset("""am is are be been being so really very too super quite get
    getting feel feeling""".split())
_WORD = re.compile(r"'?[a-z]+(?:'[a-z]+)?")


def tense(text: str, start: int, end: int) -> str | None:
    """"past", "future" or None (neither, or both) for the sentence of `text` around
    [start, end)."""
    left = max(text.rfind(c, 0, start) for c in ".!?") + 1
    right = min((i for i in (text.find(c, end) for c in ".!?") if i >= 0), default=len(text))
    sentence = text[left:right].lower().replace("’", "'")
    words = _WORD.findall(sentence)
    past = any(w in _PAST_WORDS or (len(w) > 4 and w.endswith("ed") and not w.endswith("eed")
                                    and (i == 0 or not _describes(words[i - 1])))
               for i, w in enumerate(words))
    future = _FUTURE.search(sentence) is not None
    return None if past == future else ("past" if past else "future")


def _describes(word: str) -> bool:
    """Whether an -ed word after `word` is an adjective: "am / so / I'm / we're *excited*"."""
    return word in _ADJECTIVE_AFTER or word.endswith(("'m", "'re", "'s"))
