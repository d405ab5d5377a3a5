"""How often search_turns reaches the gold evidence of a question: recall@k of its dia_ids.

    python benchmarks/turn_search_recall.py ../shared/data/locomo_dev.json [--k 5 10] [--out F]

The file is ingested into a fresh embedded store, one namespace per conversation (as an
outside agent's store is prepared: benchmarks/outside_agent.py). For every question of
categories 1-4 with gold evidence, search_turns runs on the question's own words (no speaker,
no dates: what an agent's first call would be) with `limit` k, in each variant:

  * words: the question's tokens as the tool weighs them (lemmas and Porter stems are in the
    tokens already: "painted" finds "painting", "went" finds "go");
  * kinds: plus the kind bridge search_events and search_cues use (a word naming a kind,
    "instruments", also reaches its members, "violin", at a share of its weight: weights.py);
  * synonyms: plus the other one-word lemmas of the first WordNet sense of each question word
    (noun and verb: "kids" -> child, youngster...), at SYNONYM_SHARE of the word's weight;
  * each of these with and without the `reply` a question hit carries (store.replies).

Per variant and k: recall (the share of a question's gold dia_ids among the hits, and their
replies where counted; mean over questions), all (every gold dia_id reached), any (at least
one), precision (the share of hits - replies included - that are gold), and the mean tokens
of the compact reply an agent would read (tiktoken cl100k of its JSON, as the MCP server sends
it). A widening that floods shows as lower precision at equal recall.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import tempfile
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mrgraph import lexicon
from mrgraph.config import Settings
from mrgraph.engine import Memory
from mrgraph.eval.locomo import QAItem, load_locomo_qa
from mrgraph.llm.tokens import count_tokens
from mrgraph.store.base import GraphStore, TurnRecord
from mrgraph.text import STOPWORDS, stem, token_set, words
from mrgraph.toolcore import turns
from mrgraph.toolkit_turns import quoted_phrases, with_replies
from mrgraph.toolview import compact
from mrgraph.weights import count_tokens as token_counts
from mrgraph.weights import idf_weights

SYNONYM_SHARE = 0.5
Widen = Callable[[GraphStore, str], dict[str, float]]


def plain(store: GraphStore, text: str) -> dict[str, float]:
    return idf_weights(text, token_counts(store, ("Turn",), token_set(text)))


def kinds(store: GraphStore, text: str) -> dict[str, float]:
    return idf_weights(text, token_counts(store, ("Turn",), token_set(text)), kinds=True)


def synonyms(store: GraphStore, text: str) -> dict[str, float]:
    counted = token_counts(store, ("Turn",), token_set(text))
    weights = idf_weights(text, counted)
    unseen = math.log(1 + max(counted[0][0], 1))  # a word no turn holds: as rare as can be
    for word in words(text):
        if word in STOPWORDS:
            continue
        weight = SYNONYM_SHARE * weights.get(stem(word), unseen)
        for token in _first_sense(word) - set(weights):
            weights[token] = max(weights.get(token, 0.0), weight)
    return weights


def kinds_and_synonyms(store: GraphStore, text: str) -> dict[str, float]:
    found = kinds(store, text)
    for token, weight in synonyms(store, text).items():
        found[token] = max(found.get(token, 0.0), weight)
    return found


def _first_sense(word: str) -> set[str]:
    """Stems of the one-word lemmas of the first noun and first verb sense of `word`."""
    lex = lexicon.default()
    found: set[str] = set()
    for pos in ("noun", "verb"):
        offsets = lex.offsets(lex.base(word, pos), pos)
        if not offsets:
            continue
        lemmas = lex.synset(offsets[0])[0] if pos == "noun" else lex.verb_lemmas(offsets[0])
        found |= {stem(lemma) for lemma in lemmas if "_" not in lemma}
    return found - {stem(word)}


VARIANTS: dict[str, Widen] = {"words": plain, "kinds": kinds, "synonyms": synonyms,
                              "kinds+synonyms": kinds_and_synonyms}


@dataclass
class Tally:
    recall: list[float]
    whole: list[bool]
    some: list[bool]
    precision: list[float]
    tokens: list[int]

    @classmethod
    def new(cls) -> Tally:
        return cls([], [], [], [], [])

    def add(self, gold: set[str], reached: Sequence[str], tokens: int) -> None:
        got = gold & set(reached)
        self.recall.append(len(got) / len(gold))
        self.whole.append(got == gold)
        self.some.append(bool(got))
        self.precision.append(sum(d in gold for d in reached) / len(reached) if reached else 0.0)
        self.tokens.append(tokens)

    def summary(self) -> dict[str, float]:
        return {"recall": round(statistics.mean(self.recall), 3),
                "all": round(statistics.mean(self.whole), 3),
                "any": round(statistics.mean(self.some), 3),
                "precision": round(statistics.mean(self.precision), 3),
                "tokens": round(statistics.mean(self.tokens), 1)}


def search(store: GraphStore, widen: Widen, text: str, k: int) -> list[TurnRecord]:
    weights = widen(store, text)
    return store.search_turns(weights, k, None, quoted_phrases(text)) if weights else []


def measure(store: GraphStore, items: Sequence[QAItem], ks: Sequence[int],
            tallies: Mapping[str, Tally]) -> None:
    for item in items:
        gold = set(item.evidence)
        for name, widen in VARIANTS.items():
            for k in ks:
                found = search(store, widen, item.question, k)
                hits = [t.dia_id for t in found]
                bare = turns("search_turns", found)
                tallies[f"{name} k={k}"].add(gold, hits, _tokens_of(bare.records))
                answered = with_replies(store, found, bare)
                replies = [r["reply"]["dia_id"] for r in answered.records if r.get("reply")]
                reached = list(dict.fromkeys(hits + replies))
                tallies[f"{name}+replies k={k}"].add(gold, reached,
                                                     _tokens_of(answered.records))


def _tokens_of(records: Sequence[dict[str, Any]]) -> int:
    body = {"tool": "search_turns",
            "records": compact("search_turns", records, one_conversation=True)}
    return count_tokens(json.dumps(body, ensure_ascii=False, separators=(",", ":")))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("path")
    parser.add_argument("--k", type=int, nargs="+", default=[5, 10])
    parser.add_argument("--out", type=Path)
    options = parser.parse_args()
    items = [q for q in load_locomo_qa(options.path) if q.category in (1, 2, 3, 4) and q.evidence]
    tallies = {f"{name}{extra} k={k}": Tally.new() for name in VARIANTS
               for extra in ("", "+replies") for k in options.k}
    settings = Settings()
    with tempfile.TemporaryDirectory() as tmp:
        for sample in sorted({i.sample_id for i in items}):
            with Memory.open(settings, store=f"file:{tmp}/graph", ns=sample) as memory:
                memory.ingest([options.path])  # each namespace holds its own conversation
                for other in memory.store.conversations():
                    if other != sample:
                        memory.forget(other)
                measure(memory.store, [i for i in items if i.sample_id == sample], options.k,
                        tallies)
    report = {"questions": len(items),
              "variants": {name: tally.summary() for name, tally in tallies.items()}}
    text = json.dumps(report, indent=1)
    print(text)
    if options.out:
        options.out.write_text(text + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
