"""The synthetic conversation generator: deterministic, well-formed, LoCoMo-compatible."""

from __future__ import annotations

import re
from datetime import date
from pathlib import Path

import pytest

from mrgraph.eval import synth
from mrgraph.eval.locomo import load_locomo_qa
from mrgraph.dates import anchor_date, find_dates, render
from mrgraph.ingest.loaders import load

DIA_ID = re.compile(r"^D(\d+):(\d+)$")


def _samples(turns: int, seed: int = 0) -> list[synth.SynthSample]:
    return list(synth.generate(turns, synth.SynthConfig(seed=seed)))


def test_same_seed_same_conversations_other_seed_different() -> None:
    assert _samples(1500) == _samples(1500)
    assert [s.conversation for s in _samples(1500)] != [s.conversation for s in _samples(1500, 1)]


def test_a_smaller_size_is_a_prefix_of_a_larger_one() -> None:
    small, large = _samples(1000), _samples(3000)
    # every conversation but the last (cut to fit) is identical
    assert small[:-1] == large[:len(small) - 1]
    first = small[-1].conversation.sessions[0]
    assert first == large[len(small) - 1].conversation.sessions[0]


@pytest.mark.parametrize("turns", [1, 37, 999, 2500])
def test_exact_turn_total(turns: int) -> None:
    assert sum(s.turns for s in _samples(turns)) == turns


def test_generate_rejects_non_positive_sizes() -> None:
    with pytest.raises(ValueError, match="positive"):
        list(synth.generate(0))


def test_conversation_shape() -> None:
    for s in _samples(3000):
        c = s.conversation
        assert len(c.speakers) == 2 and c.speakers[0] != c.speakers[1]
        assert len(s.session_dates) == len(c.sessions)
        starts = [session.started_at for session in c.sessions]
        assert starts == sorted(starts) and len(set(starts)) == len(starts)
        for number, session in enumerate(c.sessions, 1):
            assert session.number == number
            for index, turn in enumerate(session.turns):
                assert turn.index == index
                assert turn.dia_id == f"D{number}:{index + 1}"
                assert turn.speaker in c.speakers and turn.text.strip()


def _turn_text(sample: synth.SynthSample, dia_id: str) -> tuple[str, str]:
    for session in sample.conversation.sessions:
        for turn in session.turns:
            if turn.dia_id == dia_id:
                return turn.text, session.started_at
    raise AssertionError(f"{dia_id} not in {sample.conversation.id}")


def test_questions_have_gold_evidence_that_states_the_answer() -> None:
    samples = _samples(6000)
    qa = [(s, q) for s in samples for q in s.qa]
    assert {q.category for _, q in qa} == {1, 2, 4}
    for s, q in qa:
        assert q.sample_id == s.conversation.id
        text, _ = _turn_text(s, q.evidence[0])
        if q.category == 4:
            assert q.answer in text
        if q.category == 1:
            assert q.answer.split(", ")[-1] in text  # the latest city


def test_temporal_gold_matches_the_date_resolver() -> None:
    """Every temporal gold answer (the generator's own calendar arithmetic) is what
    mrgraph.dates resolves the phrase to and renders at its precision."""
    checked = 0
    for s in _samples(4000):
        for q in s.qa:
            if q.category != 2:
                continue
            text, started_at = _turn_text(s, q.evidence[0])
            mentions = find_dates(text, anchor_date(started_at))
            assert q.answer == render(mentions[0].value), (text, started_at)
            checked += 1
    assert checked > 20


def test_relative_expressions_follow_the_ingest_conventions() -> None:
    import random

    anchor = date(2023, 5, 8)  # a Monday
    seen = set()
    rng = random.Random(3)
    for _ in range(200):
        phrase, gold, day = synth.relative_expression(rng, anchor)
        seen.add(phrase.split()[0])
        if phrase == "last Monday":
            assert gold == "the Monday before 8 May 2023" and day == date(2023, 5, 1)
        if phrase == "last month":
            assert gold == "April 2023" and day is None
    assert {"yesterday", "last", "two"} <= seen


def test_locomo_timestamp_form() -> None:
    from datetime import datetime

    assert synth.locomo_timestamp(datetime(2023, 5, 8, 13, 56)) == "1:56 pm on 8 May, 2023"
    assert synth.locomo_timestamp(datetime(2023, 5, 8, 0, 5)) == "12:05 am on 8 May, 2023"


def test_written_locomo_file_loads_back_identically(tmp_path: Path) -> None:
    samples = _samples(1200)
    path = tmp_path / "synth.json"
    assert synth.write_locomo(path, samples) == len(samples)
    loaded = load(path, "locomo")
    for sample, conversation in zip(samples, loaded, strict=True):
        assert conversation.id == sample.conversation.id
        assert conversation.speakers == sample.conversation.speakers
        assert conversation.sessions == sample.conversation.sessions
    questions = load_locomo_qa(path)
    assert questions == [q for s in samples for q in s.qa]


def test_conversations_helper_matches_generate() -> None:
    assert list(synth.conversations(800, seed=2)) == [s.conversation for s in _samples(800, 2)]


def test_full_names_by_default_first_names_on_request() -> None:
    full = _samples(800)[0].conversation
    assert all(len(name.split()) == 2 for name in full.speakers)
    first_turn = full.sessions[0].turns[0]
    assert first_turn.text.startswith("Hey ") and full.speakers[1] not in first_turn.text
    plain = next(synth.generate(800, synth.SynthConfig(full_names=False))).conversation
    assert all(name in synth.NAMES for name in plain.speakers)
