"""Issue 31 item 5: limits parsed strictly; the reply cache keyed by endpoint; every embedder or
LLM fault exits 1 with one line; a skipped LoCoMo session says so; retries told in one line.
The endpoint is the fake OpenAI-compatible server (tests/fakes/openai_server.py)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from mrgraph.config import Settings
from mrgraph.errors import ConfigError
from mrgraph.ingest.llm_extract import LLMExtractor, build_messages
from mrgraph.ingest.loaders import load
from mrgraph.llm.openai import OpenAIChat
from tests.cli_run import endpoint, one_error_line, run
from tests.fakes.openai_server import (FakeOpenAIServer, FakeResponse, chat_completion,
                                       embeddings_body)
from tests.unit.test_llm_extract import fake_model

API_KEY = "sk-test-SECRET-faults-9a8b7c6d5e4f"
THREE = "".join(f"## Session {n} — 2023-05-0{n} 10:00\nAnn: I went hiking on day {n}.\n"
                f"Bob: Nice, where did you go on day {n}?\n" for n in (1, 2, 3))


@pytest.fixture
def transcript(tmp_path: Path) -> Path:
    path = tmp_path / "three.txt"
    path.write_text(THREE, encoding="utf-8")
    return path


@pytest.fixture
def fake(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[FakeOpenAIServer]:
    yield from endpoint(monkeypatch, tmp_path, API_KEY)


# ------------------------------------------------------------------ strict limits


@pytest.mark.parametrize("value", ["nan", "inf", "-inf", "1e308", "-1", "0", "abc", "2e6"])
def test_a_limit_that_is_not_a_finite_number_in_range_is_one_line(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
        value: str) -> None:
    monkeypatch.setenv("MRGRAPH_MAX_INPUT_MB", value)
    code, _, err = run(capsys, "stats", "--store", f"file:{tmp_path / 'g'}")
    assert code == 1 and one_error_line(err, warnings=False) == (
        "error: MRGRAPH_MAX_INPUT_MB must be a number above 0 and at most 1,048,576, got "
        f"{value!r}")


@pytest.mark.parametrize(("name", "value"), [
    ("MRGRAPH_LLM_TIMEOUT", "nan"), ("MRGRAPH_LLM_TIMEOUT", "-5"), ("MRGRAPH_LLM_BUDGET", "inf"),
    ("MRGRAPH_LLM_BUDGET", "1e308"), ("MRGRAPH_LOCAL_THREADS", "1.5"),
    ("MRGRAPH_LOCAL_THREADS", "-1"), ("MRGRAPH_INGEST_WORKERS", "nan"),
    ("MRGRAPH_INGEST_WORKERS", "99999")])
def test_every_numeric_setting_is_parsed_strictly(name: str, value: str) -> None:
    with pytest.raises(ConfigError, match=f"^{name} must be a .* got '{value}'$"):
        Settings.from_env({name: value})


def test_good_limits_are_read() -> None:
    settings = Settings.from_env({"MRGRAPH_MAX_INPUT_MB": "0.5", "MRGRAPH_LLM_TIMEOUT": "7",
                                  "MRGRAPH_LOCAL_THREADS": " 3 ", "MRGRAPH_INGEST_WORKERS": ""})
    assert settings.max_input_bytes == 512 * 1024 and settings.llm_timeout == 7.0
    assert settings.local_threads == 3 and settings.ingest_workers == 0


# ------------------------------------------------------------------ the reply cache


def test_the_reply_cache_is_keyed_by_endpoint(fake: FakeOpenAIServer, transcript: Path,
                                              tmp_path: Path) -> None:
    conversation = load(transcript)[0]
    for session in conversation.sessions:
        fake.reply(json.dumps(fake_model(build_messages(conversation, session, session.turns))))
    cache = tmp_path / "cache"

    def extract(base_url: str) -> None:
        llm = OpenAIChat("m", API_KEY, base_url)
        LLMExtractor(llm, concurrency=1, cache=cache).extract(conversation)

    extract(fake.base_url)
    assert len(fake.requests) == 3
    extract(fake.base_url)
    assert len(fake.requests) == 3  # the same endpoint: every reply from the cache
    with FakeOpenAIServer() as other:  # another server, a model of the same name
        for session in conversation.sessions:
            other.reply(json.dumps(fake_model(build_messages(conversation, session,
                                                             session.turns))))
        extract(other.base_url)
        assert len(other.requests) == 3  # asked again, not served another endpoint's replies


# ------------------------------------------------------------------ endpoint faults


def _vectors(count: int, size: int = 4) -> list[list[float]]:
    return [[0.5] * size for _ in range(count)]


@pytest.mark.parametrize("reply", [
    FakeResponse(b"<html>not an API</html>"),
    FakeResponse(b"<html>not an API</html>", headers={"Content-Type": "text/html"}),
    FakeResponse({"data": []}),
    FakeResponse({"object": "list"}),
    FakeResponse(embeddings_body(_vectors(200))),
    FakeResponse({"object": "list", "data": [{"object": "embedding", "index": 0}]}),
    FakeResponse({"object": "list", "data": [
        {"object": "embedding", "index": i, "embedding": [0.1] * (2 + i % 2)}
        for i in range(6)]}),
], ids=["html", "html-content-type", "no-vectors", "no-data", "too-many", "no-embedding",
        "two-sizes"])
def test_an_embedder_fault_exits_1_on_one_line(
        capsys: pytest.CaptureFixture[str], fake: FakeOpenAIServer, transcript: Path,
        tmp_path: Path, reply: FakeResponse) -> None:
    fake.enqueue(reply)
    code, _, err = run(capsys, "ingest", str(transcript), "--embedder", "openai",
                       "--store", f"file:{tmp_path / 'g'}")
    line = one_error_line(err, warnings=False)
    assert code == 1 and fake.base_url in line
    assert not (tmp_path / "g").exists()  # embedded before any write


def _refusal() -> dict[str, object]:
    body = chat_completion("x")
    body["choices"][0]["message"]["refusal"] = "I will not"  # type: ignore[index]
    return body


@pytest.mark.parametrize("body", [
    _refusal(), {"id": "x", "choices": [{"index": 0}]}, {"id": "x", "choices": "none"},
    {"id": "x", "choices": []}], ids=["refusal", "no-message", "choices-not-a-list", "no-choices"])
def test_a_chat_fault_exits_1_on_one_line(capsys: pytest.CaptureFixture[str],
                                         fake: FakeOpenAIServer, transcript: Path,
                                         tmp_path: Path, body: dict[str, object]) -> None:
    store = f"file:{tmp_path / 'g'}"
    assert run(capsys, "ingest", str(transcript), "--store", store)[0] == 0
    fake.enqueue(FakeResponse(body))
    code, _, err = run(capsys, "ask", "Where did Ann go hiking?", "--llm", "openai",
                       "--store", store)
    assert code == 1 and one_error_line(err, warnings=False)


def test_retries_are_told_in_one_line_before_the_error(
        capsys: pytest.CaptureFixture[str], fake: FakeOpenAIServer, transcript: Path,
        tmp_path: Path) -> None:
    for _ in range(15):  # 3 sessions x 5 attempts; Retry-After 0 keeps the test fast
        fake.enqueue(FakeResponse({"error": {"message": "down"}}, 503, {"Retry-After": "0"}))
    code, _, err = run(capsys, "ingest", str(transcript), "--extractor", "llm",
                       "--store", f"file:{tmp_path / 'g'}")
    warning, error = err.splitlines()
    assert code == 1 and len(fake.requests) == 15
    assert warning == "warning: 12 LLM requests were retried (the last after HTTP 503: down)"
    assert error.startswith("error: ") and "unavailable" in error


# ------------------------------------------------------------------ a skipped session


def test_a_locomo_session_under_a_key_naming_no_session_is_said_to_be_skipped(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    def turns(n: int) -> list[dict[str, str]]:
        return [{"speaker": "Ann", "dia_id": f"D{n}:1", "text": "We baked bread."},
                {"speaker": "Bob", "dia_id": f"D{n}:2", "text": "With rye flour?"}]

    sample = {"sample_id": "s1", "conversation": {
        "speaker_a": "Ann", "speaker_b": "Bob", "session_-1": turns(0),
        "session_-1_date_time": "1:56 pm on 8 May, 2023", "session_1": turns(1),
        "session_1_date_time": "2:00 pm on 9 May, 2023"}}
    path = tmp_path / "sample.json"
    path.write_text(json.dumps([sample]), encoding="utf-8")
    code, out, err = run(capsys, "ingest", str(path), "--store", f"file:{tmp_path / 'g'}")
    assert code == 0 and "2 turns" in " ".join(out.split())
    assert err.splitlines() == [f"warning: {path}: [0].conversation.'session_-1' is not a session "
                                "(session_1, session_2...): its 2 turn(s) were skipped"]
