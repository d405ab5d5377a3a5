"""An episode's summary: extractive, covering each thing the episode is about, naming who.

The episode's salient keywords (tf-idf over the conversation's episodes: what sets it apart) are
what it is about. Sentences are picked greedily, each the one that adds the most keyword weight
not yet covered per square root of its words (a long sentence pays for its length, less than in
proportion), until the keywords are covered, SUMMARY_SENTENCES are picked or SUMMARY_CHARS is
reached; statements only, a question only when no statement adds anything (then alone), and
never a sentence of fewer than MIN_TOKENS content words ("Good luck!"). The picked sentences are
given in the order they were said, each as rewritten (pronouns resolved where that is safe:
ingest.rewrite), so each says who did what; one that names no one is said by its speaker
("Ana: The stories were so moving."). An episode of three sub-topics gets a sentence for each
when its keywords spread over them.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from mrgraph.ingest.preprocess import ResolvedTurn, Sentence
from mrgraph.ingest.salience import shorten, top_keywords

SUMMARY_SENTENCES = 4
SUMMARY_CHARS = 400  # a sentence past it is not added (the first always is, cut to SENTENCE_CHARS)
SUMMARY_KEYWORDS = 6  # the keywords a summary tries to cover
SENTENCE_CHARS = 160  # a longer sentence is cut where a word ends
MIN_TOKENS = 3  # content words a sentence needs to say something ("Good luck!" does not)


@dataclass(frozen=True, eq=False)  # compared by identity: `in picked` costs no field tuples
class _Option:
    order: tuple[int, int]  # (turn, sentence) position: the order it was said in
    sentence: Sentence
    speaker: str
    asks: bool
    # (token, weight) of the wanted tokens it holds, in `wanted`'s order (same float sums)
    held: tuple[tuple[str, float], ...]


def summarize(turns: Sequence[ResolvedTurn], weights: Mapping[str, float]) -> str:
    """The summary of an episode's `turns`, `weights` its keywords' (see the module docstring)."""
    # everything the episode says counts, by its weight; its most salient keywords twice
    top = set(top_keywords(weights, SUMMARY_KEYWORDS))
    wanted = {t: w * (2.0 if t in top else 1.0) for t, w in weights.items()}
    rank = {t: n for n, t in enumerate(wanted)}
    options = [_Option((i, j), s, t.turn.speaker, s.source.rstrip("\"')]”’ ").endswith("?"),
                       _held(s.tokens, wanted, rank))
               for i, t in enumerate(turns) for j, s in enumerate(t.sentences)
               if len(s.tokens) >= MIN_TOKENS]
    picked: list[_Option] = []
    covered: set[str] = set()
    length = 0
    while len(picked) < SUMMARY_SENTENCES:
        best = max((o for o in options if o not in picked),
                   key=lambda o: (_gain(o, covered), -o.order[0], -o.order[1]),
                   default=None)
        if best is None or _gain(best, covered) <= (0.0, 0.0) or picked and (
                best.asks or length + len(best.sentence.text) > SUMMARY_CHARS):
            break
        picked.append(best)
        covered |= best.sentence.tokens & wanted.keys()
        length += len(best.sentence.text) + 1
    if not picked:
        return ""
    return " ".join(_said(o) for o in sorted(picked, key=lambda o: o.order))


def _held(tokens: frozenset[str], wanted: Mapping[str, float], rank: Mapping[str, int]
          ) -> tuple[tuple[str, float], ...]:
    """The (token, weight) pairs of `wanted` that `tokens` holds, in `wanted`'s order: computed
    once per sentence, not per _gain call, and summed in the same order (same floats)."""
    return tuple((t, wanted[t]) for t in sorted(tokens & wanted.keys(), key=rank.__getitem__))


def _gain(option: _Option, covered: set[str]) -> tuple[float, float]:
    """(is a statement and adds something, the keyword weight it adds per square root of its
    words + 1)."""
    added = sum(w for t, w in option.held if t not in covered)
    per_word = added / math.sqrt(len(option.sentence.tokens) + 1)
    return (float(added > 0 and not option.asks), per_word)


def _said(option: _Option) -> str:
    text = shorten(option.sentence.text, SENTENCE_CHARS)
    first = option.speaker.split()[0] if option.speaker.split() else option.speaker
    return text if not first or first in text else f"{option.speaker}: {text}"
