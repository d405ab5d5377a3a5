"""Which phrase answers a what/who/where question: a linear ranker with FITTED weights.

The candidates are every segment (reader.phrases.segments) of the best TOP sentences and of
the sentence after each in its turn. Each gets general features (below: the phrase rules'
own score, where its sentence ranks, what the span looks like against the kind of question);
the candidate with the highest weighted sum answers (ties: the first). The weights live in
`ranker.json` next to this module, written by `benchmarks/fit_ranker.py` (a listwise softmax
fit on LoCoMo F1 of each candidate against the gold); without the file the hand rules of
reader.read answer.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any, Protocol

from mrgraph.reader.evidence import Sentence, split_sentences
from mrgraph.reader.phrases import after_dash, segments, tokens, verb_at
from mrgraph.reader.question import Question
from mrgraph.reader.words import NUMBERS, RELATIONS, is_function_word, is_kind, kind_of, lemma

TOP = 3
RANK, NEXT, GAP = 0.3, 0.5, 1.0  # the hand rule's costs, kept as one feature among others
FEATURES = ("rule", "segment", "best_in_text", "rank", "gap", "next", "q", "own", "words",
            "one_word", "named", "number", "kind", "who_named", "where_named", "start",
            "sentence_words", "first_of_turn", "asked", "verb_in_text", "after_verb",
            "after_dash")


@dataclass(frozen=True)
class Candidate:
    text: str
    dia_id: str
    features: tuple[float, ...]  # in the order of FEATURES


class Chooser(Protocol):
    def choose(self, question: Question, found: Sequence[Sentence]) -> Candidate | None: ...


@dataclass(frozen=True)
class Ranker:
    """Weights over FEATURES; empty weights mean "no ranker" (the hand rules answer)."""

    weights: tuple[float, ...] = ()

    def choose(self, question: Question, found: Sequence[Sentence]) -> Candidate | None:
        """The best candidate of `found`'s best sentences; None without weights or one."""
        options = candidates(question, found) if self.weights else []
        if not options:
            return None
        return max(options, key=lambda c: sum(x * w for x, w in zip(c.features, self.weights)))


def candidates(question: Question, found: Sequence[Sentence]) -> list[Candidate]:
    """Every segment of the best TOP sentences and of the sentence after each, with features."""
    top = found[0].score if found else 0.0
    kind = kind_of(question.head) if question.head else frozenset()
    asked = {lemma(w) for w in question.text.split() if not is_function_word(w)}
    options: list[Candidate] = []
    for rank, sentence in enumerate(found[:TOP]):
        parts = split_sentences(sentence.turn) if sentence.turn else (sentence.text,)
        at = parts.index(sentence.text) if sentence.text in parts else len(parts)
        for extra, text in ((0, sentence.text), (1, " ".join(parts[at + 1:at + 2]))):
            if not text:
                continue
            cut = segments(text, question)
            if not cut:
                continue
            best = max(s.score for s in cut)
            size = max(1, sum(t.word for t in tokens(text)))
            verb = verb_at(text, question)
            for seg in cut:
                said = seg.words
                named = any(w[:1].isupper() for w in said) and seg.start > 0
                number = any(w.isdigit() or w.lower() in NUMBERS for w in said)
                rule = seg.score - RANK * rank - GAP * (top - sentence.score) - NEXT * extra
                options.append(Candidate(" ".join(said), sentence.dia_id, (
                    rule, seg.score, float(seg.score == best), rank / TOP,
                    top - sentence.score, float(extra), sentence.q, float(sentence.own),
                    min(len(said), 10) / 5, float(len(said) == 1), float(named), float(number),
                    float(any(is_kind(w, kind) for w in said)),
                    float(named or any(w.lower() in RELATIONS for w in said))
                    * (question.kind == "who"),
                    float(named) * (question.kind == "where"),
                    max(0, seg.start) / size, min(size, 40) / 20,
                    float(at == 0 and not extra),
                    sum(lemma(w) in asked for w in said) / len(said),
                    float(verb is not None),
                    float(verb is not None and 0 < seg.start - verb <= 4),
                    float(seg.start > 0 and after_dash(text, seg.start)))))
    return options


@lru_cache(maxsize=1)
def shipped() -> Ranker:
    """The fitted ranker shipped beside this module; the empty one when there is none."""
    source = resources.files("mrgraph.reader").joinpath("ranker.json")
    if not source.is_file():
        return Ranker()
    data: dict[str, Any] = json.loads(source.read_text("utf-8"))
    return Ranker(tuple(float(data["weights"].get(n, 0.0)) for n in FEATURES))
