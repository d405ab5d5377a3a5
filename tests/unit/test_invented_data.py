"""Our own conversations (benchmarks/data/: the invented development set, the invented
validation set, the held-out set, the paraphrased development set): each loads with the project's own loaders, and every
question's evidence names a turn of its conversation."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from mrgraph.eval.locomo import load_locomo_qa
from mrgraph.ingest.loaders import load

DATA = Path(__file__).resolve().parents[2] / "benchmarks" / "data"


@pytest.mark.parametrize("name, ids, turn_count, categories, captions", [
    ("invented.json", ["inv-1", "inv-2", "inv-3"], 840, {1: 45, 2: 96, 4: 75, 5: 30}, 35),
    ("invented_val.json", ["inv-6", "inv-7"], 499, {1: 30, 2: 48, 4: 50, 5: 20}, 23),
    ("invented_heldout.json", ["inv-4", "inv-5"], 558, {1: 30, 2: 40, 4: 50, 5: 20}, 23),
    ("invented_para.json", ["inv-8", "inv-9"], 579, {1: 30, 2: 48, 4: 50, 5: 20}, 23)])
def test_each_set_loads_and_its_evidence_names_real_turns(
        name: str, ids: list[str], turn_count: int, categories: dict[int, int],
        captions: int) -> None:
    conversations = {c.id: c for c in load(DATA / name)}
    items = load_locomo_qa(DATA / name)
    assert sorted(conversations) == ids
    assert sum(c.turn_count for c in conversations.values()) == turn_count
    assert Counter(i.category for i in items) == categories
    turns = {cid: {t.dia_id for s in c.sessions for t in s.turns}
             for cid, c in conversations.items()}
    assert [(i.sample_id, i.index, e) for i in items for e in i.evidence
            if e not in turns[i.sample_id]] == []
    assert all(i.answer.strip() for i in items if i.category != 5)
    # the photos' captions are read (LoCoMo's key, blip_caption)
    assert sum(1 for c in conversations.values() for s in c.sessions for t in s.turns
               if t.blip_caption) == captions
