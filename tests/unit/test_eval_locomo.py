"""LoCoMo QA loader: small hand-written files, plus invariants on the real dev file if present."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from mrgraph.errors import InputError
from mrgraph.eval.locomo import QAItem, load_locomo_qa
from mrgraph.eval.metrics import locomo_f1
from mrgraph.scoring import normalize_dia_id, parse_evidence, stemmed_tokens

# The dev file lives outside the repo and is never copied into it.
DEV_PATH = Path(os.environ.get(
    "MRGRAPH_LOCOMO_PATH",
    Path(__file__).resolve().parents[3] / "shared/data/locomo_dev.json",
))
needs_dev = pytest.mark.skipif(not DEV_PATH.is_file(), reason=f"{DEV_PATH} not present")


def write(tmp_path: Path, data: Any) -> Path:
    path = tmp_path / "locomo.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def sample(*qa: dict[str, Any], sample_id: str = "conv-x") -> dict[str, Any]:
    return {"sample_id": sample_id, "qa": list(qa), "conversation": {}}


def q(**fields: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "question": "When?", "answer": "May", "category": 2, "evidence": ["D1:1"]}
    base.update(fields)
    return {key: value for key, value in base.items() if value is not None}


# --- Loading ---------------------------------------------------------------------------------


def test_loads_items_in_order_with_normalised_evidence(tmp_path: Path) -> None:
    path = write(tmp_path, [
        sample(q(answer=2022, evidence=["D8:6; D9:17", "D30:05"])),
        sample(q(question="Pet?", answer=None, adversarial_answer="Yes", category=5),
               q(question="Bowl?", answer="No", adversarial_answer="Yes", category=5, evidence=[]),
               sample_id="conv-y"),
    ])
    items = load_locomo_qa(path)
    assert items == [
        QAItem("conv-x", 0, "When?", "2022", 2, ("D8:6", "D9:17", "D30:5")),
        QAItem("conv-y", 0, "Pet?", "Yes", 5, ("D1:1",)),
        QAItem("conv-y", 1, "Bowl?", "No", 5, ()),  # both present: `answer` is the true one
    ]
    assert items[0].category_name == "temporal"


def test_missing_evidence_key_means_no_evidence(tmp_path: Path) -> None:
    path = write(tmp_path, [sample(q(evidence=None))])
    assert load_locomo_qa(path)[0].evidence == ()


def test_item_is_frozen(tmp_path: Path) -> None:
    item = load_locomo_qa(write(tmp_path, [sample(q())]))[0]
    with pytest.raises(AttributeError):
        item.answer = "other"  # type: ignore[misc]


# --- Errors name the file and the field ------------------------------------------------------


def test_missing_file(tmp_path: Path) -> None:
    missing = tmp_path / "nope.json"
    with pytest.raises(InputError, match="cannot read") as info:
        load_locomo_qa(missing)
    assert info.value.path == str(missing)


def test_invalid_json_names_the_line(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text('[\n{"sample_id": "a",\n oops}\n]', encoding="utf-8")
    with pytest.raises(InputError, match="invalid JSON") as info:
        load_locomo_qa(path)
    assert (info.value.path, info.value.line) == (str(path), 3)
    assert str(info.value).startswith(f"{path}:3: ")


def test_top_level_must_be_a_list(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="JSON list"):
        load_locomo_qa(write(tmp_path, sample(q())))


@pytest.mark.parametrize(
    ("data", "field", "message"),
    [
        (["x"], "[0]", "not an object"),
        ([{"qa": []}], "[0].sample_id", "sample_id"),
        ([{"sample_id": "s", "qa": {}}], "[0].qa", "not a list"),
        ([sample(q()), sample(q(question=None))], "[1].qa[0].question", "question"),
        ([{"sample_id": "s", "qa": [q(), "x"]}], "[0].qa[1]", "not an object"),
        ([sample(q(category="2"))], "[0].qa[0].category", "1-5"),
        ([sample(q(category=True))], "[0].qa[0].category", "1-5"),
        ([sample(q(category=9))], "[0].qa[0].category", "1-5"),
        ([sample(q(category=2.0))], "[0].qa[0].category", "1-5"),
        ([sample(q(answer=None))], "[0].qa[0].answer", "answer"),
        ([sample(q(answer=["a"]))], "[0].qa[0].answer", "answer"),
        ([sample(q(answer=True))], "[0].qa[0].answer", "answer"),
        ([sample(q(answer=None, category=5))], "[0].qa[0].adversarial_answer", "adversarial"),
        ([sample(q(evidence="D1:1"))], "[0].qa[0].evidence", "not a list"),
    ],
)
def test_bad_fields_raise_input_error(tmp_path: Path, data: Any, field: str, message: str) -> None:
    path = write(tmp_path, data)
    with pytest.raises(InputError, match=message) as info:
        load_locomo_qa(path)
    assert (info.value.path, info.value.field) == (str(path), field)
    assert str(path) in str(info.value) and field in str(info.value)


# --- The real dev file -----------------------------------------------------------------------


def raw_samples() -> list[dict[str, Any]]:
    data: list[dict[str, Any]] = json.loads(DEV_PATH.read_text(encoding="utf-8"))
    return data


def turn_ids(conversation: dict[str, Any]) -> set[str]:
    return {turn["dia_id"] for value in conversation.values() if isinstance(value, list)
            for turn in value}


@needs_dev
def test_dev_file_loads_every_question() -> None:
    items = load_locomo_qa(DEV_PATH)
    assert len(items) == sum(len(s["qa"]) for s in raw_samples())
    assert {item.category for item in items} <= {1, 2, 3, 4, 5}
    assert all(item.answer.strip() for item in items)


@needs_dev
def test_dev_evidence_ids_all_parse_and_point_at_real_turns() -> None:
    for s in raw_samples():
        turns = turn_ids(s["conversation"])
        for raw_qa in s["qa"]:
            for raw_id in raw_qa["evidence"]:
                parsed = parse_evidence([raw_id])
                assert parsed, f"{s['sample_id']}: evidence id {raw_id!r} does not parse"
                assert set(parsed) <= turns, f"{s['sample_id']}: {raw_id!r} names no turn"


@needs_dev
def test_dev_malformed_ids_are_few_and_all_repaired() -> None:
    raw_ids = [raw_id for s in raw_samples() for raw_qa in s["qa"] for raw_id in raw_qa["evidence"]]
    malformed = [raw_id for raw_id in raw_ids if normalize_dia_id(raw_id) != raw_id]
    # Repairs are the exception; most ids are already canonical.
    assert len(malformed) < len(raw_ids) / 10
    assert all(parse_evidence([raw_id]) for raw_id in malformed)


@needs_dev
def test_dev_gold_answers_score_one_against_themselves() -> None:
    for item in load_locomo_qa(DEV_PATH):
        if item.category in (1, 2, 4) and stemmed_tokens(item.answer):
            assert locomo_f1(item.answer, item.answer, item.category) == 1.0, item
