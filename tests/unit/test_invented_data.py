"""The invented development set (benchmarks/data/invented.json, written for the project): it
loads with the project's own loaders, and every question's evidence names a turn of its
conversation."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from mrgraph.eval.locomo import load_locomo_qa
from mrgraph.ingest.loaders import load

DATA = Path(__file__).resolve().parents[2] / "benchmarks" / "data" / "invented.json"


def test_the_invented_set_loads_and_its_evidence_names_real_turns() -> None:
    conversations = {c.id: c for c in load(DATA)}
    items = load_locomo_qa(DATA)
    assert sorted(conversations) == ["inv-1", "inv-2", "inv-3"]
    assert sum(c.turn_count for c in conversations.values()) == 840
    assert Counter(i.category for i in items) == {1: 45, 2: 96, 4: 75, 5: 30}
    turns = {cid: {t.dia_id for s in c.sessions for t in s.turns}
             for cid, c in conversations.items()}
    missing = [(i.sample_id, i.index, e) for i in items for e in i.evidence
               if e not in turns[i.sample_id]]
    assert missing == []
    assert all(i.answer.strip() for i in items if i.category != 5)
    captions = [t for c in conversations.values() for s in c.sessions for t in s.turns
                if t.blip_caption]
    assert len(captions) == 35  # the photos' captions are read (LoCoMo's key)


HELDOUT = DATA.with_name("invented_heldout.json")


def test_the_held_out_invented_set_loads_and_its_evidence_names_real_turns() -> None:
    conversations = {c.id: c for c in load(HELDOUT)}
    items = load_locomo_qa(HELDOUT)
    assert sorted(conversations) == ["inv-4", "inv-5"]
    assert sum(c.turn_count for c in conversations.values()) == 558
    assert Counter(i.category for i in items) == {1: 30, 2: 40, 4: 50, 5: 20}
    turns = {cid: {t.dia_id for s in c.sessions for t in s.turns}
             for cid, c in conversations.items()}
    assert [(i.sample_id, i.index, e) for i in items for e in i.evidence
            if e not in turns[i.sample_id]] == []
    assert all(i.answer.strip() for i in items if i.category != 5)
    assert sum(1 for c in conversations.values() for s in c.sessions for t in s.turns
               if t.blip_caption) == 23


VALIDATION = DATA.with_name("invented_val.json")


def test_the_invented_validation_set_loads_and_its_evidence_names_real_turns() -> None:
    conversations = {c.id: c for c in load(VALIDATION)}
    items = load_locomo_qa(VALIDATION)
    assert sorted(conversations) == ["inv-6", "inv-7"]
    assert sum(c.turn_count for c in conversations.values()) == 499
    assert Counter(i.category for i in items) == {1: 30, 2: 48, 4: 50, 5: 20}
    turns = {cid: {t.dia_id for s in c.sessions for t in s.turns}
             for cid, c in conversations.items()}
    assert [(i.sample_id, i.index, e) for i in items for e in i.evidence
            if e not in turns[i.sample_id]] == []
    assert all(i.answer.strip() for i in items if i.category != 5)
    assert sum(1 for c in conversations.values() for s in c.sessions for t in s.turns
               if t.blip_caption) == 23
