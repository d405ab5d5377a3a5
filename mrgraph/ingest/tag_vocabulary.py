"""Episode tags as a small vocabulary of event kinds, reused across a conversation's episodes.

The forward hop cue -> tag -> episodes groups something only when episodes share tags: a tag
per episode ("biggest easier") reaches one episode and says nothing `search_events` does not.

Each episode offers candidate kinds (`candidates`), in base forms (WordNet's morphy,
`mrgraph.lexicon`), so "adopted two puppies" and "adopting a puppy" give the same label:
  * the verb-object labels of its most salient sentences (`salience.tag_candidates`), verb and
    head noun: "went hiking with the kids" -> "go hiking", "adopted a puppy" -> "adopt puppy";
  * its top keywords, one word each: "paintings" -> "painting".
Each weighs the tf-idf of its words in the episode (a verb counts half). `assign` then picks one
tag per episode so that the same kind of event shares one tag:
  1. every episode takes the candidate maximising weight x ln(1 + min(episodes offering it,
     REUSE)): a kind several episodes offer beats one only this episode offers, unless it
     weighs much less here (past REUSE episodes a kind is common rather than more apt);
  2. a tag that fewer than MIN_GROUP episodes took is given up: each of its episodes moves to
     its best candidate that MIN_GROUP or more took (repeated until nothing moves); here any
     content noun of the episode counts, not only its PRIMARY keywords;
  3. the episodes still in small groups are covered greedily: the kind most of them offer
     groups all that offer it, then the next, while a kind groups two or more; step 2 runs
     again; an episode with no shared kind keeps its own tag.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

from mrgraph import lexicon
from mrgraph.ingest.salience import tag_candidates
from mrgraph.text import normalize_key, stem

MIN_GROUP = 3  # episodes a tag should reach to be worth a hop
FALLBACK = "chat"  # an episode offering no candidate (greetings, thanks)
ROUNDS = 5  # regrouping passes (each only moves episodes into bigger groups)
REUSE = 3 * MIN_GROUP  # reuse counts up to here: past it, a kind is common, not more apt
PRIMARY = 12  # keywords an episode is most about: its first choice is among them


@dataclass(frozen=True)
class Candidate:
    label: str  # readable, base forms: "adopt puppy"
    weight: float
    primary: bool = True  # what the episode is most about; others only regroup it


def candidates(sentences: Iterable[str], weights: Mapping[str, float],
               keywords: Sequence[str], primary: int = PRIMARY) -> list[Candidate]:
    """The kinds one episode offers: verb-object labels of `sentences` and its `keywords`
    (surface words, heaviest first; the first `primary` are what it is most about), weighed
    by `weights` (token -> tf-idf in the episode)."""
    lex = lexicon.default()
    found: dict[str, Candidate] = {}

    def offer(label: str, weight: float, first: bool = True) -> None:
        """`label`: one whose normalize_key is not empty."""
        held = found.get(label)
        if weight > 0 and (held is None or held.weight < weight):
            found[label] = Candidate(label, weight, first or (held is not None and held.primary))

    for sentence in sentences:
        for verb, obj in tag_candidates(sentence):
            head = lex.base(obj[-1], "noun")
            if _noun(lex, head) and normalize_key(label := f"{lex.base(verb, 'verb')} {head}"):
                offer(label, weights.get(stem(obj[-1]), 0.0) + 0.5 * weights.get(stem(verb), 0.0))
    for rank, word in enumerate(keywords):
        kind = _keyword_kind(word)
        if kind is not None:
            offer(kind[0], weights.get(kind[1], 0.0), rank < primary)
    return list(found.values())


@lru_cache(maxsize=100_000)
def _keyword_kind(word: str) -> tuple[str, str] | None:
    """(the kind a keyword names: its noun base form, the keyword's token), or None when it
    names none; one cached call for what an episode's ~40 keywords ask each time."""
    lex = lexicon.default()
    base = lex.base(word.lower(), "noun")
    return (base, stem(word.lower())) if _noun(lex, base) and normalize_key(base) else None


def _noun(lex: lexicon.Lexicon, word: str) -> bool:
    """A kind is named by a noun ("since", "lucky", "small" are not)."""
    return lex.mostly_noun(word)


def assign(offers: Sequence[Sequence[Candidate]]) -> list[str]:
    """One tag per episode (`offers[i]`: episode i's candidates), see the module docstring."""
    offered = Counter(c.label for cands in offers for c in {c.label: c for c in cands}.values())

    def best(cands: Iterable[Candidate], reach: Mapping[str, int]) -> Candidate | None:
        return max(cands, key=lambda c: (c.weight * math.log(1 + min(reach[c.label], REUSE)),
                                          c.label), default=None)

    chosen = [(best((c for c in cands if c.primary), offered) or Candidate(FALLBACK, 0.0)).label
              for cands in offers]
    _regroup(offers, chosen, best)
    # what is left in small groups: the kind most of them offer groups those offering it,
    # then the next (a greedy cover; a kind only one offers groups nothing)
    size = Counter(chosen)
    left = {i for i, label in enumerate(chosen) if size[label] < MIN_GROUP}
    while left:
        reach: dict[str, list[int]] = {}
        weight: dict[str, float] = {}
        for i in sorted(left):
            for c in {c.label: c for c in offers[i]}.values():
                reach.setdefault(c.label, []).append(i)
                weight[c.label] = weight.get(c.label, 0.0) + c.weight
        label = max(reach, key=lambda k: (len(reach[k]), weight[k], k), default=None)
        if label is None or len(reach[label]) < 2:
            break
        for i in reach[label]:
            chosen[i] = label
        left -= set(reach[label])
    _regroup(offers, chosen, best)
    return chosen


def _regroup(offers: Sequence[Sequence[Candidate]], chosen: list[str],
             best: Callable[[Iterable[Candidate], Mapping[str, int]], Candidate | None]) -> None:
    """Move the episodes of tags under MIN_GROUP to their best tag of MIN_GROUP or more."""
    for _ in range(ROUNDS):
        size = Counter(chosen)
        moved = False
        for i, cands in enumerate(offers):
            if size[chosen[i]] >= MIN_GROUP:
                continue
            pick = best((c for c in cands if size[c.label] >= MIN_GROUP
                         and c.label != chosen[i]), size)
            if pick is not None:
                size[chosen[i]] -= 1
                size[pick.label] += 1
                chosen[i], moved = pick.label, True
        if not moved:
            break
