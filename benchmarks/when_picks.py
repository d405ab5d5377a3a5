"""Where the offline reader's temporal answers come from, for the questions whose gold turn it
reads: counts and mean F1 per place, never a question (safe on a validation file).

    python benchmarks/when_picks.py /tmp/replay/locomo_val.active+topk.pkl [--mode topk]

It reads the findings `reader_replay.py --states DIR` keeps (no walk is run: seconds). Each
temporal question (category 2) with gold evidence falls in the first of:
  unread      no sentence of a gold turn is among the sentences the reader ranks;
  from gold   the answer rests on a gold turn (its supports);
  same day    it rests on another sentence, said the same day as the best gold one;
  earlier     ... said before it;
  later       ... said after it.
Beside each place's F1 is the F1 the answer would have had as the day its sentence was said
(its session's, ignoring any date the turns mention; for a question that asks for no date, its
own): where that is lower, the dates the
reader attaches are not what loses, the sentence chosen is. A second table counts the same
questions by what the reader takes them to ask (reader.question: "when", "duration", "what",
"count"...): a temporal question need not ask for a date ("Where was she in June 2023?"); a
third by what the gold is (`gold_form`: a date, a length, or other - what was done, a count);
the "unread:" rows split "unread" by whether a gold turn's episode was among those the walk
kept (`unread_why`). The last column is a ceiling of choosing: the F1 had a "when" question
taken, of every date the ranked sentences' turns mention and every day one was said, the one
scoring best against its gold (`best_date`; other kinds keep their own). Row "all" is every
question counted.

    python benchmarks/when_picks.py STATES/locomo_val.active+topk.pkl \
        --data ../shared/data/locomo_val.json

With the transcript file the states were replayed from, an oracle of recall: two columns more,
the F1 had the gold turns the walk did not bring been read, as relevant as its best turn
(`with_gold`: the reader still ranks and chooses), and the best of that and the best date then
ranked. Where the first stays at F1, what loses is not the turn missing but the choice.
"""

from __future__ import annotations

import argparse
import ast
import pickle
import re
import sys
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from datetime import date
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the pickles name benchmark types

from mrgraph.dates import find_dates  # noqa: E402
from mrgraph.eval.metrics import locomo_f1  # noqa: E402
from mrgraph.ingest.loaders import load  # noqa: E402
from mrgraph.reader.dates import turn_dates, when  # noqa: E402
from mrgraph.reader.evidence import Sentence, sentences, speakers  # noqa: E402
from mrgraph.reader.forms import duration  # noqa: E402
from mrgraph.reader.question import analyse  # noqa: E402
from mrgraph.reader.read import read  # noqa: E402
from mrgraph.store.base import TurnRecord  # noqa: E402
from mrgraph.toolcore import Record, turn_record  # noqa: E402

PLACES = ("all", "unread", "from gold", "same day", "earlier", "later")


def place(gold: set[str], supports: Sequence[str], found: Sequence[Sentence]) -> \
        tuple[str, Sentence | None]:
    """Where an answer resting on `supports` came from (PLACES), with its sentence."""
    golden = [s for s in found if s.dia_id in gold]
    chosen = next((s for s in found if supports and s.dia_id == supports[0]), None)
    if not golden:
        return "unread", chosen
    if gold & set(supports) or chosen is None:
        return "from gold", chosen
    said, told = chosen.said[:10], golden[0].said[:10]
    return ("same day" if said == told else "earlier" if said < told else "later"), chosen


def tally(kept: Iterable[tuple[Any, str, Any]], mode: str,
          turns: Mapping[tuple[str, str], Record] | None = None) -> dict[str, list[float]]:
    """place, and "kind: " + the kind asked -> [questions, summed F1, summed F1 of the chosen
    sentence's day, summed F1 of the best date ranked]; with the transcript's `turns`
    (`transcript_turns`), two sums more: the F1 with the gold turns read (`with_gold`), and
    the best of that and the best date then ranked."""
    figures: dict[str, list[float]] = defaultdict(lambda: [0.0] * (6 if turns else 4))
    for item, kept_mode, found_state in kept:
        if kept_mode != mode or item.category != 2 or not item.evidence:
            continue
        gold = {str(e) for e in item.evidence}
        question = analyse(found_state.question, speakers(found_state.evidence.turns.values()))
        reading = read(found_state)
        found = sentences(found_state, question)
        where, chosen = place(gold, reading.supports, found)
        day = when(None, chosen.said) if chosen is not None else None
        f1 = locomo_f1(reading.answer, item.answer, 2)
        # a date only answers a "when": other kinds keep their own answer
        as_day = locomo_f1(day, item.answer, 2) if day and question.kind == "when" else f1
        scores = [1.0, f1, as_day, _best(found, question, f1, str(item.answer))]
        if turns:
            scores.extend(_recalled(with_gold(found_state, item, turns), str(item.answer)))
        keys = ["all", where, f"kind: {question.kind}", f"gold: {gold_form(str(item.answer))}"]
        if where == "unread":
            keys.append(f"unread: {unread_why(found_state, gold)}")
        for key in keys:
            figures[key] = [a + b for a, b in zip(figures[key], scores)]
    return figures


def _best(found: Sequence[Sentence], question: Any, f1: float, gold: str) -> float:
    return max(f1, best_date(found, gold)) if question.kind == "when" else f1


def _recalled(state: Any, gold: str) -> tuple[float, float]:
    """The F1 of the reader's answer from `state`, and the best of it and its best date."""
    question = analyse(state.question, speakers(state.evidence.turns.values()))
    f1 = locomo_f1(read(state).answer, gold, 2)
    return f1, _best(sentences(state, question), question, f1, gold)


def transcript_turns(path: Path) -> dict[tuple[str, str], Record]:
    """Every turn of a transcript file as the tools return a turn (`toolcore.turn_record`: its
    speaker, text, photo caption and the day its session was said), by (conversation,
    dia_id)."""
    return {(conversation.id, turn.dia_id): turn_record(TurnRecord(
        turn.dia_id, turn.speaker, turn.text, session.number, turn.index,
        session.started_at[:10], True, turn.blip_caption or "", conversation.id))
        for conversation in load(path) for session in conversation.sessions
        for turn in session.turns}


def with_gold(state: Any, item: Any, turns: Mapping[tuple[str, str], Record]) -> Any:
    """`state` with the gold turns of `item` it did not read among its turns, each as relevant
    as the best turn read: an oracle of recall, what the reader answers had the walk brought
    the gold turn (the reader still chooses among the sentences)."""
    read_ids = {str(t["dia_id"]) for t in state.evidence.turns.values()}
    best = max((float(t.get("relevance", 0.0)) for t in state.evidence.turns.values()),
               default=1.0)
    added = {f"{item.sample_id}/{e}": {**turns[(item.sample_id, str(e))], "relevance": best}
             for e in item.evidence
             if str(e) not in read_ids and (item.sample_id, str(e)) in turns}
    if not added:
        return state
    return replace(state, evidence=replace(state.evidence,
                                           turns={**state.evidence.turns, **added}))


def best_date(found: Sequence[Sentence], gold: str) -> float:
    """The best F1 against `gold` of the dates the turns of `found` mention and the days they
    were said: what a perfect choice among the dates the reader ranks would score."""
    days = {when(None, s.said) for s in found} | {
        when(v, s.said) for s in found for v in turn_dates(s.turn or s.text, s.said)}
    return max((locomo_f1(d, gold, 2) for d in days if d), default=0.0)


def unread_why(state: Any, gold: set[str]) -> str:
    """Why the reader ranks no sentence of a gold turn: "episode kept, not read" (a gold
    turn's episode is among the episodes the walk kept, H: its turns were not read, or none of
    the gold turn's sentences is one the reader ranks), else "episode not kept"."""
    for event in state.evidence.events.values():
        held = event.get("dia_ids") or ()  # a record may carry the list as its text
        ids = held if isinstance(held, (list, tuple)) else ast.literal_eval(str(held))
        if gold & {str(i) for i in ids}:
            return "episode kept, not read"
    return "episode not kept"


_YEAR = re.compile(r"\b(?:19|20)\d\d\b")  # a year alone is a date a gold may be ("2022")


def gold_form(gold: str) -> str:
    """What a gold answer is: "a date" (one the resolver reads, "7 May 2023", or holding a year:
    "2022", "since 2016"), "a length" ("three months"), else "other" (what was done, a count)."""
    if find_dates(gold, date(2000, 1, 1)) or _YEAR.search(gold):
        return "a date"
    return "a length" if duration(gold) else "other"


def render(name: str, figures: dict[str, list[float]]) -> str:
    recall = any(len(row) > 4 for row in figures.values())
    head = "| place | n | F1 | F1 as its sentence's day | F1 at the best date ranked |" + \
        (" F1 with the gold turns read | both |" if recall else "")
    lines = [f"### {name}", "", head, "| :--- |" + " ---: |" * (6 if recall else 4)]
    kinds = sorted(k for k in figures if k.startswith(("kind: ", "gold: ", "unread: ")))
    for key in (*PLACES, *kinds):
        n, *sums = figures.get(key, [0.0] * (6 if recall else 4))
        cells = " | ".join(f"{s / n:.3f}" for s in sums) if n else \
            " | ".join("-" for _ in sums)
        lines.append(f"| {key} | {int(n)} | {cells} |")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("states", type=Path, nargs="+", help="reader_replay.py states pickles")
    parser.add_argument("--mode", default="active", help="the mode whose answers are placed")
    parser.add_argument("--data", type=Path, help="the transcript file the states were "
                        "replayed from (one states file): adds the oracle of recall")
    args = parser.parse_args(argv)
    if args.data and len(args.states) != 1:
        parser.error("--data goes with one states file, the one replayed from it")
    turns = transcript_turns(args.data) if args.data else None
    for path in args.states:
        figures = tally(pickle.loads(path.read_bytes()), args.mode, turns)
        print(render(path.name, figures), end="\n\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
