"""What a walk found, as an answer step reads it: frozen values below the policies that produce
them (mrgraph.policies, mrgraph.baselines) and the answer steps that consume them (the offline
reader, mrgraph.reader; the LLM answer, mrgraph.policies.llm_answer).

  Found  one question's findings: the question and the walk's parse of it (the idf weights of
         its tokens, the kinds it names), H frozen (`Kept`), the turns of H's episodes the loop
         fetched unread, and the turns handed on to the answer step, best first
         (policies.turns.handed_turns; empty when the answer step is handed none);
  Kept   H: the episodes kept, each with its rank in the walk ("relevance": how it was reached,
         see mrgraph.policies.base), the turns read (with their episode's relevance), session
         times, beliefs and cues; and what every mode reports of it (`Held`).
Records are the toolkit's (mrgraph.toolkit.Record). Also here, because both sides use them:
the dia_id sort order, a record's searchable text and whether a question asks for a date.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from mrgraph.toolkit import Record
from mrgraph.types import Source
from mrgraph.weights import kind_share

# a time asked by its noun: "what year", "which week", "during which season"
TIME_NOUN = r"(?:what|which) (?:date|day|year|month|time|week|weekend|season|decade)"
_TEMPORAL = re.compile(
    rf"\b(when|how long ago|how long has|how long have|since when|{TIME_NOUN})\b", re.IGNORECASE)


def is_temporal(question: str) -> bool:
    """Questions answered by a date ("when", "what date", "how long ago")."""
    return bool(_TEMPORAL.search(question))


def dia_order(dia_id: str) -> tuple[int, tuple[int, ...], str]:
    """Sort key putting "D2:10" after "D2:9" (LoCoMo ids); ids without digits ("hello", kept
    verbatim from JSONL) sort as text after. Every key has the same shape, so a mix of both
    kinds sorts instead of comparing an int with a str; the id itself breaks ties."""
    numbers = tuple(int(n) for n in re.findall(r"\d+", dia_id))
    return (0, numbers, dia_id) if numbers else (1, (), dia_id)


def record_text(record: Record) -> str:
    """The searchable text of any record (episode summary, turn text, cue name...)."""
    parts = [str(record.get(k, "")) for k in ("summary", "text", "name", "label", "tag",
                                              "statement")]
    return " ".join(p for p in parts if p)


def question_share(weights: Mapping[str, float], kinds: Mapping[str, frozenset[str]],
                   tokens: Iterable[str]) -> float:
    """Share of the question's weight held by `tokens`; a thing of a kind the question
    names holds `kind_share` of the kind word's weight ("cello" for "what instruments")."""
    total = sum(weights.values())
    if total <= 0:
        return 0.0
    held = set(tokens)
    share = sum(w for t, w in weights.items() if t in held)
    share += sum(kind_share(members) * weights.get(kind, 0.0) for kind, members
                 in kinds.items() if kind not in held and not held.isdisjoint(members))
    return share / total


class Held:
    """What every mode reports of H, over its episodes, turns and beliefs (the mutable H the
    loop fills, policies.base.Evidence, and the frozen `Kept` alike)."""

    events: Mapping[str, Record]
    turns: Mapping[str, Record]
    beliefs: Mapping[str, Record]

    def ranked_events(self) -> list[Record]:
        """Kept episodes, most relevant first (ties: kept first)."""
        return sorted(self.events.values(), key=lambda e: -float(e["relevance"]))

    def dia_ids(self) -> tuple[str, ...]:
        """Every dia_id of the episodes kept and the turns read, in transcript order. A
        belief's turns count when its episodes are kept: they compete for H like any other,
        so every mode's evidence stays within the same episode budget."""
        ids = {d for e in self.events.values() for d in e["dia_ids"]}
        ids.update(str(t["dia_id"]) for t in self.turns.values())
        return tuple(sorted(ids, key=dia_order))

    def sources(self, supports: Sequence[str]) -> tuple[Source, ...]:
        """The supports with where they come from: every turn read with that dia_id, else
        every episode kept or behind a belief read that holds it (without speaker and text).
        A dia_id two conversations share yields a source for each: ambiguity is shown."""
        found: list[Source] = []
        episodes = [*self.events.values(),
                    *(e for b in self.beliefs.values() for e in b.get("episodes", ()))]
        for dia_id in supports:
            turns = [t for t in self.turns.values() if t["dia_id"] == dia_id]
            mine = [Source(dia_id, str(t.get("conversation", "")), str(t.get("date", "")),
                           str(t["speaker"]), str(t["text"])) for t in turns]
            if not mine:
                held = {(str(e.get("conversation", "")), str(e.get("date", "")))
                        for e in episodes if dia_id in e["dia_ids"]}
                mine = [Source(dia_id, conversation, day) for conversation, day in sorted(held)]
            found += [s for s in mine if s not in found]
        return tuple(found)

    def citable(self) -> set[str]:
        """What an answer may cite: the evidence and the turns of every belief read."""
        return set(self.dia_ids()).union(*(b["dia_ids"] for b in self.beliefs.values()))


@dataclass(frozen=True)
class Kept(Held):
    """H as it stood when the walk ended. Keys: episode id (events, times: by event_id),
    "conversation/dia_id" (turns: dia_ids repeat across conversations), fact id (beliefs),
    cue id (cues)."""

    events: Mapping[str, Record] = field(default_factory=dict)
    turns: Mapping[str, Record] = field(default_factory=dict)
    times: Mapping[str, Record] = field(default_factory=dict)
    beliefs: Mapping[str, Record] = field(default_factory=dict)
    cues: Mapping[str, Record] = field(default_factory=dict)


@dataclass(frozen=True)
class Found:
    """One question's findings (see the module docstring)."""

    question: str
    weights: Mapping[str, float]  # idf weights of the question's tokens (over episodes)
    kinds: Mapping[str, frozenset[str]] = field(default_factory=dict)  # weights.kind_members
    evidence: Kept = Kept()
    unread_turns: Mapping[str, Record] = field(default_factory=dict)  # keyed like turns
    handed: tuple[Record, ...] = ()  # the turns handed to the answer step, best first

    @property
    def temporal(self) -> bool:
        return is_temporal(self.question)

    def q_share(self, tokens: Iterable[str]) -> float:
        """Share of the question's weight held by `tokens` (`question_share`)."""
        return question_share(self.weights, self.kinds, tokens)
