"""A "when" question over several sessions: which of the turns told at different times the
date rests on (reader.when). Sessions on the days each turn gives; the question's words
weigh 1 each (tests.unit.test_reader.state)."""

from __future__ import annotations

from mrgraph.policies.base import Budget, State
from mrgraph.policies.turns import found
from mrgraph.reader.dates import ahead
from mrgraph.reader.read import read as reader_read
from mrgraph.text import tokenize
from tests.unit.walked import read


def sessions(question: str, turns: list[tuple[str, str, str, str]]) -> State:
    """A state whose evidence is `turns` (dia_id, speaker, text, ISO day), one episode a
    session (the dia_id's "D<n>")."""
    s = State(question, {t: 1.0 for t in tokenize(question)}, Budget())
    for dia, who, text, day in turns:
        event = "e" + dia.partition(":")[0]
        held = s.evidence.events.setdefault(event, {"id": event, "summary": "", "dia_ids": [],
                                                    "relevance": 0.5, "date": day})
        held["dia_ids"].append(dia)
        s.evidence.add_turns([{"dia_id": dia, "speaker": who, "text": text, "event_id": event,
                               "date": f"{day}T10:00:00"}], "c1", 0.5)
    return s


def _answer(question: str, turns: list[tuple[str, str, str, str]],
            off: frozenset[str] = frozenset()) -> tuple[str, tuple[str, ...]]:
    state = sessions(question, turns)
    reading = reader_read(found(state, False), off=off) if off else read(state)
    return reading.answer, reading.supports


def test_what_was_arranged_is_asked_about_ahead() -> None:
    """"due / supposed / scheduled to": a plan, though asked in the past tense; "due to" a
    cause is not."""
    assert ahead("When was Omar due to start at the bakery?") is True
    assert ahead("When was the concert supposed to take place?") is True
    assert ahead("When were Zofia's parents scheduled to fly out?") is True
    assert ahead("When did Omar cancel the trip due to the rain?") is False
    assert ahead("When was Omar due to start at the bakery?", due=False) is False
