"""Episode tags as a small vocabulary of event kinds, reused across a conversation's episodes.

The forward hop cue -> tag -> episodes groups something only when episodes share tags: a tag
per episode ("biggest easier") reaches one episode and says nothing `search_events` does not.

Each episode offers candidate kinds (`candidates`), in base forms (WordNet's morphy,
`mrgraph.lexicon`), so "adopted two puppies" and "adopting a puppy" give the same label:
  * the verb-object labels of its most salient sentences (`salience.tag_candidates`), verb and
    head noun: "went camping with the kids" -> "go camping", "adopted a puppy" -> "adopt puppy";
  * its top keywords, one word each: "paintings" -> "painting".
Each weighs the tf-idf of its words in the episode (a verb counts half). `assign` then picks one
tag per episode so that the same kind of event shares one tag:
  1. every episode takes the candidate maximising weight x ln(1 + episodes offering it): a kind
     several episodes offer beats one only this episode offers, unless it weighs much less here;
  2. a tag that fewer than MIN_GROUP episodes took is given up: each of its episodes moves to
     its best candidate that MIN_GROUP or more took (repeated until nothing moves); an episode
     with no such candidate keeps its own tag.
Without WordNet the labels keep the written forms (fewer merge).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from mrgraph import lexicon
from mrgraph.ingest.salience import tag_candidates
from mrgraph.text import normalize_key, stem

MIN_GROUP = 3  # episodes a tag should reach to be worth a hop
FALLBACK = "chat"  # an episode offering no candidate (greetings, thanks)
ROUNDS = 5  # regrouping passes (each only moves episodes into bigger groups)


@dataclass(frozen=True)
class Candidate:
    label: str  # readable, base forms: "adopt puppy"
    weight: float


def candidates(sentences: Iterable[str], weights: Mapping[str, float],
               keywords: Sequence[str]) -> list[Candidate]:
    """The kinds one episode offers: verb-object labels of `sentences` and its `keywords`
    (surface words), weighed by `weights` (token -> tf-idf in the episode)."""
    lex = lexicon.default()
    found: dict[str, float] = {}

    def offer(label: str, weight: float) -> None:
        if weight > 0 and normalize_key(label):
            found[label] = max(found.get(label, 0.0), weight)

    for sentence in sentences:
        for verb, obj in tag_candidates(sentence):
            head = lex.base(obj[-1], "noun")
            if _noun(lex, head):
                offer(f"{lex.base(verb, 'verb')} {head}",
                      weights.get(stem(obj[-1]), 0.0) + 0.5 * weights.get(stem(verb), 0.0))
    for word in keywords:
        base = lex.base(word.lower(), "noun")
        if _noun(lex, base):
            offer(base, weights.get(stem(word.lower()), 0.0))
    return [Candidate(label, weight) for label, weight in found.items()]


def _noun(lex: lexicon.Lexicon, word: str) -> bool:
    """A kind is named by a noun ("since", "lucky" are not); anything goes without WordNet."""
    return not lex.available or bool(lex.offsets(word, "noun"))


def assign(offers: Sequence[Sequence[Candidate]]) -> list[str]:
    """One tag per episode (`offers[i]`: episode i's candidates), see the module docstring."""
    offered = Counter(c.label for cands in offers for c in {c.label: c for c in cands}.values())

    def best(cands: Iterable[Candidate]) -> Candidate | None:
        return max(cands, key=lambda c: (c.weight * math.log(1 + offered[c.label]), c.label),
                   default=None)

    chosen = [(best(cands) or Candidate(FALLBACK, 0.0)).label for cands in offers]
    for _ in range(ROUNDS):
        size = Counter(chosen)
        moved = False
        for i, cands in enumerate(offers):
            if size[chosen[i]] >= MIN_GROUP:
                continue
            pick = best(c for c in cands if size[c.label] >= MIN_GROUP and c.label != chosen[i])
            if pick is not None:
                size[chosen[i]] -= 1
                size[pick.label] += 1
                chosen[i], moved = pick.label, True
        if not moved:
            break
    return chosen
