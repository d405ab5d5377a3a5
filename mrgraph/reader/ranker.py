"""Which phrase answers the question: a linear ranker with FITTED weights.

The candidates are every segment (reader.phrases.segments) of the best TOP sentences and of
the sentence after each in its turn unless it asks something (a turn often restates the
question, then answers it: "I wanted to get fitter. So I joined a rowing club."; "How's the
training going?" answers nothing), or after a turn's last, the first of the speaker's reply
when the other asked in between ("Bram got into art school." - "What will he study?" -
"Mechanical engineering."). Each gets the features below; the candidate with the highest
weighted sum answers (ties: the first):

  rule        the phrase rules' score, less RANK per rank of its sentence, GAP per score below
              the best sentence's and NEXT in the sentence after;
  named       a capitalised word not opening the sentence (a name);
  after_verb  it starts up to four words after the question's verb.
The weights live in `ranker.json` next to this module, written by `benchmarks/fit_ranker.py`
(a listwise softmax fit on LoCoMo F1 of each candidate against the gold, pulled towards the rule
alone); without the file, the rule alone (weight 1) chooses. The ablation of issue 28
(benchmarks/reader_ablation.py) dropped the 19 other features a first fit had: none helped on
the validation conversations, nor, after a refit, did a number in the phrase or where it
starts.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Protocol

from mrgraph.reader.evidence import Sentence, is_question, split_sentences
from mrgraph.reader.phrases import segments, verb_at
from mrgraph.reader.question import Question

TOP = 3
RANK, NEXT, GAP = 0.3, 0.5, 1.0  # the hand rule's costs, kept as one feature among others
FEATURES = ("rule", "named", "after_verb")
RULE = tuple(1.0 if name == "rule" else 0.0 for name in FEATURES)  # the rule alone


@dataclass(frozen=True)
class Candidate:
    text: str
    dia_id: str
    features: tuple[float, ...]  # in the order of FEATURES


Keep = Callable[[str], bool]  # which phrases may answer (all when None)


class Chooser(Protocol):
    def choose(self, question: Question, found: Sequence[Sentence],
               keep: Keep | None = None) -> Candidate | None: ...


@dataclass(frozen=True)
class Ranker:
    """Weights over FEATURES (default: the rule alone)."""

    weights: tuple[float, ...] = RULE

    def choose(self, question: Question, found: Sequence[Sentence],
               keep: Keep | None = None) -> Candidate | None:
        """The best candidate of `found`'s best sentences whose phrase `keep` keeps; None
        without one."""
        options = [c for c in candidates(question, found) if keep is None or keep(c.text)]
        if not options:
            return None
        return max(options, key=lambda c: sum(x * w for x, w in zip(c.features, self.weights)))


def candidates(question: Question, found: Sequence[Sentence]) -> list[Candidate]:
    """Every segment of the best TOP sentences and of the sentence after each (`_after`), with
    features."""
    top = found[0].score if found else 0.0
    options: list[Candidate] = []
    for rank, sentence in enumerate(found[:TOP]):
        after, after_id = _after(question, sentence, sentence.told_after()[:1])
        for extra, text in ((0, sentence.text), (1, after)):
            cut = segments(text, question) if text else []
            verb = verb_at(text, question) if cut else None
            for seg in cut:
                said = seg.words
                options.append(Candidate(" ".join(said), after_id if extra else sentence.dia_id, (
                    seg.score - RANK * rank - GAP * (top - sentence.score) - NEXT * extra,
                    float(any(w[:1].isupper() for w in said) and seg.start > 0),
                    float(verb is not None and 0 < seg.start - verb <= 4))))
    return options


def _after(question: Question, sentence: Sentence, rest: Sequence[str]) -> tuple[str, str]:
    """The sentence after `sentence` in its turn; for the last, the first of the speaker's
    reply when the other asked about it in between ("Bram got into art school." - "What will
    he study?" - "Mechanical engineering.")."""
    if rest and question.on("after_question") and is_question(rest[0]):
        return "", sentence.dia_id  # a question is never what was said of it
    if rest or sentence.reply is None or not question.on("reply"):
        return " ".join(rest), sentence.dia_id
    said = next((p for p in split_sentences(str(sentence.reply["text"])) if not is_question(p)),
                "")
    return said, str(sentence.reply["dia_id"])


@lru_cache(maxsize=1)
def shipped() -> Ranker:
    """The fitted ranker shipped beside this module; the rule alone when there is none."""
    source = Path(__file__).with_name("ranker.json")  # as confidence.parameters reads its own
    if not source.is_file():
        return Ranker()
    data: dict[str, Any] = json.loads(source.read_text("utf-8"))
    return Ranker(tuple(float(data["weights"].get(n, 0.0)) for n in FEATURES))
