"""The reader as the policies hand it a walk: the tests build a policy State (what the loop
keeps) and read it as `extractive_answer` does, frozen into a mrgraph.found.Found with the turns
handed on when the loop fetched unread ones (policies.turns.found)."""

from __future__ import annotations

from mrgraph.policies.base import State
from mrgraph.policies.turns import found
from mrgraph.reader import evidence, whose
from mrgraph.reader import read as reader
from mrgraph.reader.evidence import Sentence
from mrgraph.reader.question import Question
from mrgraph.reader.ranker import Chooser


def read(state: State, threshold: float = reader.DEFAULT_THRESHOLD,
         ranker: Chooser | None = None) -> reader.Reading:
    """`mrgraph.reader.read.read` of what the walk in `state` found."""
    return reader.read(found(state, bool(state.unread_turns)), threshold, ranker)


def sentences(state: State, question: Question) -> list[Sentence]:
    """`mrgraph.reader.evidence.sentences` of what the walk in `state` found."""
    return evidence.sentences(found(state, bool(state.unread_turns)), question)


def wrong_person(state: State, question: Question) -> bool:
    """`mrgraph.reader.whose.wrong_person` of what the walk in `state` found."""
    return whose.wrong_person(found(state, bool(state.unread_turns)), question)
