"""mrgraph.limits and the hostile inputs of issue 12: every one an InputError / UserError that
names the file and what is wrong, before anything is extracted or written."""

from __future__ import annotations

import json
import logging
import os
import re
from pathlib import Path

import pytest

from mrgraph.errors import ConfigError, InputError, StoreError, UserError
from mrgraph.dates import ambiguous_reading, find_dates
from mrgraph.ingest.extract import HeuristicExtractor
from mrgraph.ingest.loaders import load
from mrgraph.ingest.pipeline import ingest_file
from mrgraph.limits import (MAX_INDEXED_BYTES, MAX_NAME_CHARS, MAX_NS_CHARS, MAX_QUESTION_CHARS,
                            check_namespace, check_question, shorten)
from mrgraph.store.batch_checks import check_props
from mrgraph.store.memory import MemoryStore

HEADER = "## Session 1 — 2023-05-08 13:56\n"


def _write(tmp_path: Path, name: str, content: str) -> Path:
    path = tmp_path / name
    path.write_text(content, encoding="utf-8")
    return path


def _message(**fields: object) -> str:
    return json.dumps({"speaker": "Ann", "text": "hi", "timestamp": "2023-05-08T10:00:00",
                       **fields})


# ------------------------------------------------------------------ the loaders


@pytest.mark.parametrize("content", ["[" * 5000 + "]" * 5000, '{"a": ' + "[" * 5000 + "]" * 5000 + "}"])
def test_json_nested_thousands_deep_is_an_input_error(tmp_path: Path, content: str) -> None:
    with pytest.raises(InputError, match="nested too deeply"):
        load(_write(tmp_path, "deep.json", content))


def test_a_deep_jsonl_line_names_its_line(tmp_path: Path) -> None:
    deep = '{"speaker": "a", "text": "x", "z": ' + "[" * 5000 + "]" * 5000 + "}"
    path = _write(tmp_path, "deep.jsonl", _message() + "\n" + deep + "\n")
    with pytest.raises(InputError, match=r"deep.jsonl:2: JSON nested too deeply"):
        load(path, "jsonl")


def test_a_lone_surrogate_is_an_input_error(tmp_path: Path) -> None:
    path = _write(tmp_path, "s.jsonl", _message(text="a \\ud800 b").replace("\\\\", "\\") + "\n")
    with pytest.raises(InputError, match="s.jsonl: .*lone surrogate"):
        load(path)


@pytest.mark.parametrize("number", ["9223372036854775808", "9" * 5000])
def test_a_session_number_beyond_64_bits_is_an_input_error(tmp_path: Path, number: str) -> None:
    text = f"## Session {number} — 2023-05-08 13:56\nAnn: hello\n"
    with pytest.raises(InputError, match=r"t.txt:1: session number .* too large"):
        load(_write(tmp_path, "t.txt", text))
    sample = {"sample_id": "s", "conversation": {
        "speaker_a": "A", "speaker_b": "B", f"session_{number}": [],
        f"session_{number}_date_time": "2023-05-08"}}
    with pytest.raises(InputError, match="session number .* too large"):
        load(_write(tmp_path, "t.json", json.dumps(sample)))


def test_the_largest_64_bit_session_number_loads(tmp_path: Path) -> None:
    text = f"## Session {2 ** 63 - 1} — 2023-05-08 13:56\nAnn: hello\n"
    assert load(_write(tmp_path, "t.txt", text))[0].sessions[0].number == 2 ** 63 - 1


def test_an_integer_too_long_for_python_is_invalid_json(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="invalid JSON"):
        load(_write(tmp_path, "big.json", '{"sample_id": ' + "9" * 5000 + "}"))


@pytest.mark.parametrize(("content", "kind"), [("42", "number"), ('"x"', "string"),
                                               ("null", "null"), ("true", "boolean")])
def test_a_lone_json_value_is_a_json_error_not_a_text_one(tmp_path: Path, content: str,
                                                          kind: str) -> None:
    with pytest.raises(InputError, match=f"expected a LoCoMo sample .* got a JSON {kind}"):
        load(_write(tmp_path, "v.json", content))


def test_names_and_ids_over_the_limit(tmp_path: Path) -> None:
    long = "A" * (MAX_NAME_CHARS + 1)
    with pytest.raises(InputError, match=f"speaker name 'AAAA.*over the limit of {MAX_NAME_CHARS}"):
        load(_write(tmp_path, "a.jsonl", _message(speaker=long) + "\n"))
    with pytest.raises(InputError, match="conversation id .* over the limit"):
        load(_write(tmp_path, "b.jsonl", _message(conversation="c" * 100_000) + "\n"))
    ok = load(_write(tmp_path, "c.jsonl", _message(speaker="A" * MAX_NAME_CHARS) + "\n"))
    assert ok[0].speakers == ("A" * MAX_NAME_CHARS,)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this platform")
def test_a_fifo_is_refused_without_reading_it(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.txt"
    os.mkfifo(fifo)
    with pytest.raises(InputError, match="pipe.txt: is not a regular file"):
        load(fifo)  # would block forever if it were opened


def test_a_device_is_refused() -> None:
    with pytest.raises(InputError, match="/dev/null: is not a regular file"):
        load("/dev/null")


@pytest.mark.skipif(not Path("/proc/self/mem").exists(), reason="no /proc")
def test_a_read_error_names_the_file() -> None:
    with pytest.raises(InputError, match="/proc/self/mem: cannot read file"):
        load("/proc/self/mem")


# ------------------------------------------------------------------ dates


def test_relative_dates_past_year_1_or_9999_are_not_resolved() -> None:
    from datetime import date
    assert find_dates("see you next year, in 3 weeks, tomorrow", date(9999, 12, 31)) == []
    assert find_dates("last year, 999 years ago, yesterday", date(1, 1, 1)) == []
    kept = find_dates("yesterday and 999 years ago", date(2, 1, 1))
    assert [m.start for m in kept] == ["0001-12-31"]


def test_ingest_of_dates_at_the_ends_of_the_calendar(tmp_path: Path) -> None:
    store = MemoryStore(tmp_path / "g", "ns")
    for stamp, text in (("9999-12-30 10:00", "next year and in 3 weeks and tomorrow"),
                        ("0001-01-02 10:00", "last year and 3 weeks ago and yesterday")):
        path = _write(tmp_path, "edge.txt", f"## {stamp}\nAnn: We met {text}.\n")
        assert ingest_file(store, path, HeuristicExtractor()).turns == 1


@pytest.mark.parametrize(("text", "reading"), [
    ("03/04/2023", "2023-03-04"), ("3.4.2023 10:00", "2023-03-04"), ("03-04-23", "2023-03-04"),
    ("13/04/2023", None), ("04/04/2023", None), ("2023/03/04", None), ("2023-03-04", None),
    ("8 May 2023", None)])
def test_ambiguous_numeric_dates(text: str, reading: str | None) -> None:
    assert ambiguous_reading(text) == reading


def test_an_ambiguous_session_date_warns_once_and_reads_month_first(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.WARNING)
    path = _write(tmp_path, "a.txt", "## Session 1 — 03/04/2023 13:56\nAnn: hello\n")
    assert load(path)[0].sessions[0].started_at == "2023-03-04T13:56:00"
    assert [r.getMessage() for r in caplog.records] == [
        f"warning: {path}:1: session header date '03/04/2023 13:56' is ambiguous, read month "
        "first as 2023-03-04 (write ISO dates, YYYY-MM-DD, to avoid this)"]
    caplog.clear()
    lines = [_message(timestamp=f"03/04/2023 1{i}:00") for i in range(5)]
    load(_write(tmp_path, "b.jsonl", "\n".join(lines) + "\n"))
    assert len(caplog.records) == 1 and "b.jsonl:1:" in caplog.records[0].getMessage()
    caplog.clear()
    load(_write(tmp_path, "c.txt", "## Session 1 — 13/04/2023 13:56\nAnn: hello\n"))
    assert caplog.records == []


# ------------------------------------------------------------------ values a store can hold


def test_a_word_too_long_to_index_fails_before_any_write(tmp_path: Path) -> None:
    store = MemoryStore(tmp_path / "g", "ns")
    good = _write(tmp_path, "good.txt", HEADER + "Ann: I went hiking with Bob.\n")
    ingest_file(store, good, HeuristicExtractor())
    before = store.export()
    bad = _write(tmp_path, "bad.txt", HEADER + "Ann: I love " + "Z" * 12_000 + " a lot.\n")
    with pytest.raises(InputError, match=r"bad.txt: conversation 'bad': Cue .* property 'key' "
                                         r"holds 12,000 bytes, over the 8,000-byte limit"):
        ingest_file(store, bad, HeuristicExtractor())
    assert store.export() == before


def test_check_props_refuses_what_neo4j_cannot_hold() -> None:
    check_props("n", {"key": "é" * (MAX_INDEXED_BYTES // 2), "text": "x" * 100_000,
                      "session": 2 ** 63 - 1, "tokens": ("a", "b"), "vector": (1, 0.5),
                      "empty": (), "confidence": 0.5, "none": None})
    for props in ({"key": "é" * (MAX_INDEXED_BYTES // 2 + 1)}, {"id": "x" * 100_000},
                  {"session": 2 ** 63}, {"session": -(2 ** 63) - 1}, {"text": "a\ud800"},
                  {"tokens": ("ok", "b\udfff")}, {"confidence": float("nan")},
                  {"confidence": float("-inf")}, {"tokens": ("a", 1)}, {"flags": (True, 1)},
                  {"tokens": ("a", None)}):
        with pytest.raises(StoreError, match="property"):
            check_props("n", props)


def test_one_property_check_for_the_ingest_and_the_stores() -> None:
    """limits.props_problem decides for both: the ingest's check_batch (InputError naming the
    file) and the stores' check_props (StoreError) refuse the same properties alike."""
    from mrgraph import limits
    from mrgraph.types import EdgeRecord, GraphBatch, NodeRecord
    bad: list[dict[str, object]] = [
        {"": "x"}, {"_label": "x"}, {"nested": {"a": 1}}, {"things": [object()]},
        {"key": "é" * (MAX_INDEXED_BYTES // 2 + 1)}, {"text": "a\ud800"}, {"n": 2 ** 63},
        {"tokens": ("a", None)}, {"confidence": float("nan")}]
    for props in bad:
        found = limits.props_problem(props)
        assert found is not None and found[0] == str(next(iter(props)))
        with pytest.raises(StoreError, match=f"^n: {re.escape(found[1])}$"):
            check_props("n", props)
        for batch in (GraphBatch("c", (NodeRecord("Cue", "cue-1", props),), ()),
                      GraphBatch("c", (NodeRecord("Cue", "cue-1", {}),),
                                 (EdgeRecord("CUE_OF", "cue-1", "cue-1", props),))):
            with pytest.raises(InputError, match=f"^f.txt: conversation 'c': .*{re.escape(found[1])}"):
                limits.check_batch(batch, "f.txt")
            assert not limits.checked(batch)
    good = {"key": "é" * (MAX_INDEXED_BYTES // 2), "text": "x" * 100_000, "none": None,
            "tokens": ("a", "b"), "vector": (1, 0.5), "flag": True}
    assert limits.props_problem(good) is None
    batch = GraphBatch("c", (NodeRecord("Cue", "cue-1", good),), ())
    limits.check_batch(batch, "f.txt")
    assert limits.checked(batch)
    assert not limits.checked(GraphBatch("c", batch.nodes, ()))  # equal, but not checked
    with pytest.raises(InputError, match="property 'id' holds"):
        limits.check_batch(GraphBatch("c", (NodeRecord("Cue", "x" * 9_000, {}),), ()), "f.txt")


def test_namespaces() -> None:
    for good in ("default", "a", "x" * MAX_NS_CHARS, "équipe-1", "t:1/2 3"):
        assert check_namespace(good) == good
    for bad in ("", "x" * (MAX_NS_CHARS + 1), "é" * 41, "a\nb", "tab\t", "a\ud800"):
        with pytest.raises(ConfigError, match="invalid namespace"):
            check_namespace(bad)
    with pytest.raises(ConfigError) as info:
        check_namespace("n" * 10_000)
    assert len(str(info.value)) < 200 and "10,000 characters" in str(info.value)


def test_questions() -> None:
    check_question("q" * MAX_QUESTION_CHARS)
    for bad, message in (("  ", "empty"), ("q" * (MAX_QUESTION_CHARS + 1), "over the limit"),
                         ("a\udc00", "invalid Unicode")):
        with pytest.raises(UserError, match=message):
            check_question(bad)


def test_shorten() -> None:
    assert shorten("abc") == "'abc'"
    assert shorten("x" * 1000) == "'" + "x" * 39 + "… (1,000 characters)"


def test_an_unknown_time_zone_name_is_dropped_without_a_python_warning() -> None:
    import warnings
    from mrgraph.dates import parse_timestamp
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a warning would print two lines under the CLI
        assert parse_timestamp("2023-05-08 13:56 F").isoformat() == "2023-05-08T13:56:00"
