"""Issue 12 through the CLI (main(): the one error mapping): input-caused failures exit 1 with
one line and no traceback, the store untouched; the API key never shown, traced, cached or
stored. The LLM is the local fake OpenAI-compatible endpoint (tests/fakes/openai_server.py)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from mrgraph.ingest.llm_prompt import build_messages
from mrgraph.ingest.loaders import load
from mrgraph.limits import MAX_QUESTION_CHARS
from tests.cli_run import endpoint, one_error_line, run
from tests.fakes.openai_server import FakeOpenAIServer, FakeResponse
from tests.unit.test_llm_extract import fake_model

API_KEY = "sk-test-SECRET-harden-5e6f7a8b9c0d"
GOOD = "## Session 1 — 2023-05-08 13:56\nAnn: I went hiking with Bob yesterday.\n"


def files(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*"))
            if p.is_file() and not p.name.endswith(".lock")}


@pytest.fixture
def store(tmp_path: Path) -> str:
    return f"file:{tmp_path / 'graph'}"


@pytest.fixture
def good(tmp_path: Path) -> Path:
    path = tmp_path / "good.txt"
    path.write_text(GOOD, encoding="utf-8")
    return path


@pytest.mark.parametrize(("name", "content", "says"), [
    ("deep.json", "[" * 5000 + "]" * 5000, "nested too deeply"),
    ("s.jsonl", '{"speaker": "a", "text": "x\\ud800", "timestamp": "2023-01-01"}\n',
     "lone surrogate"),
    ("n.txt", "## Session 99999999999999999999 — 2023-05-08\nAnn: hi\n", "too large"),
    ("v.json", "42", "got a JSON number"),
    ("w.txt", "## Session 1 — 2023-05-08\nAnn: a " + "Z" * 12_000 + " b\n", "8,000-byte limit"),
    ("id.jsonl", json.dumps({"speaker": "A" * 100_000, "text": "x", "timestamp": "2023-01-01"}),
     "over the limit of 256"),
])
def test_bad_input_exits_1_on_one_short_line_and_writes_nothing(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, store: str, good: Path, name: str,
        content: str, says: str) -> None:
    assert run(capsys, "ingest", str(good), "--store", store)[0] == 0
    before = files(tmp_path / "graph")
    bad = tmp_path / name
    bad.write_text(content, encoding="utf-8")
    code, _, err = run(capsys, "ingest", str(bad), "--store", store)
    line = one_error_line(err)
    assert code == 1 and str(bad) in line and says in line and len(line) < 400
    assert files(tmp_path / "graph") == before


def test_a_fifo_is_refused_at_once(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                   store: str) -> None:
    fifo = tmp_path / "pipe"
    import os
    os.mkfifo(fifo)
    code, _, err = run(capsys, "ingest", str(fifo), "--store", store)
    assert code == 1 and f"{fifo}: is not a regular file" in one_error_line(err)


def test_files_ingested_before_a_failure_are_reported(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, store: str, good: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"sample_id": ', encoding="utf-8")
    code, out, err = run(capsys, "ingest", str(good), str(bad), "--store", store)
    line = one_error_line(err)
    assert code == 1 and f"ingested {good}" in " ".join(out.split())
    assert str(bad) in line and f"(ingested before it: {good}; later files not ingested)" in line
    code, out, _ = run(capsys, "stats", "--json", "--store", store)
    assert json.loads(out)["conversations"] == ["good"]


def test_beliefs_checks_as_of_before_looking(capsys: pytest.CaptureFixture[str],
                                            store: str) -> None:
    code, _, err = run(capsys, "beliefs", "Nobody", "--as-of", "notadate", "--store", store)
    assert code == 1 and "'as_of' must be an ISO date" in one_error_line(err)
    assert run(capsys, "beliefs", "Nobody", "--as-of", "2023-05", "--store", store)[0] == 0


def test_namespace_rules(capsys: pytest.CaptureFixture[str], store: str) -> None:
    code, _, err = run(capsys, "stats", "--ns", "", "--store", store)
    assert code == 1 and "invalid namespace ''" in one_error_line(err)
    code, _, err = run(capsys, "stats", "--ns", "n" * 10_000, "--store", store)
    line = one_error_line(err)
    assert code == 1 and len(line) < 200 and "10,000 characters" in line


def test_a_question_over_the_cap_is_refused(capsys: pytest.CaptureFixture[str], store: str,
                                            good: Path) -> None:
    run(capsys, "ingest", str(good), "--store", store)
    code, _, err = run(capsys, "ask", "why " * MAX_QUESTION_CHARS, "--llm", "heuristic",
                       "--store", store)
    assert code == 1 and f"over the limit of {MAX_QUESTION_CHARS:,}" in one_error_line(err)


def test_an_unreachable_server_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "stats", "--store", "bolt://127.0.0.1:1")
    assert code == 1 and "unreachable" in one_error_line(err)


@pytest.mark.parametrize("argv", [["stats"], ["show", "ep-0"], ["beliefs", "Ann"], ["export"],
                                  ["ask", "when?", "--llm", "heuristic"]])
def test_read_commands_do_not_create_a_missing_store(capsys: pytest.CaptureFixture[str],
                                                     tmp_path: Path, argv: list[str]) -> None:
    missing = tmp_path / "nowhere" / "graph"
    code, _, _ = run(capsys, *argv, "--store", f"file:{missing}")
    assert code in (0, 1) and not (tmp_path / "nowhere").exists()


# ------------------------------------------------------------------ the LLM endpoint


@pytest.fixture
def fake(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[FakeOpenAIServer]:
    yield from endpoint(monkeypatch, tmp_path, API_KEY)


@pytest.mark.parametrize("body", [b"<html>not an API</html>", b'{"id": "x", "choices": [{"mes'])
def test_a_body_that_is_not_json_exits_1(capsys: pytest.CaptureFixture[str],
                                         fake: FakeOpenAIServer, store: str, good: Path,
                                         body: bytes) -> None:
    run(capsys, "ingest", str(good), "--store", store)
    fake.enqueue(FakeResponse(body))
    code, _, err = run(capsys, "ask", "when?", "--llm", "openai", "--store", store)
    assert code == 1 and "sent a reply that is not valid JSON" in one_error_line(err)
    fake.enqueue(FakeResponse(body))
    code, _, err = run(capsys, "ingest", str(good), "--extractor", "llm", "--store", store,
                       "--ns", "other")
    assert code == 1 and "failed for every session" in one_error_line(err)


def test_an_endpoint_failing_every_call_during_ingest_exits_1(
        capsys: pytest.CaptureFixture[str], fake: FakeOpenAIServer, tmp_path: Path,
        store: str, good: Path) -> None:
    for _ in range(5):  # every attempt of the one call; Retry-After 0 keeps the test fast
        fake.enqueue(FakeResponse({"error": {"message": "down"}}, 503, {"Retry-After": "0"}))
    code, _, err = run(capsys, "ingest", str(good), "--extractor", "llm", "--store", store)
    assert code == 1 and "unavailable" in one_error_line(err) and len(fake.requests) == 5
    assert not (tmp_path / "graph").exists()


def test_a_model_never_giving_valid_json_exits_1(capsys: pytest.CaptureFixture[str],
                                                 fake: FakeOpenAIServer, store: str,
                                                 good: Path) -> None:
    run(capsys, "ingest", str(good), "--store", store)
    for _ in range(10):
        fake.reply("I cannot answer in JSON, sorry.")
    code, _, err = run(capsys, "ask", "When did Ann go hiking?", "--llm", "openai",
                       "--store", store)
    assert code == 1 and "gave no valid JSON" in one_error_line(err)


def test_an_echoed_api_key_is_never_shown_traced_cached_or_stored(
        capsys: pytest.CaptureFixture[str], fake: FakeOpenAIServer, tmp_path: Path,
        store: str, good: Path) -> None:
    conversation = load(good)[0]
    session = conversation.sessions[0]
    reply = fake_model(build_messages(conversation, session, session.turns))
    reply["episodes"][0]["summary"] = f"Ann hikes (key {API_KEY})"
    reply["facts"][0]["statement"] = f"Ann likes {API_KEY}"
    fake.reply(json.dumps(reply))
    code, out, err = run(capsys, "ingest", str(good), "--extractor", "llm", "--store", store)
    assert code == 0, err
    answer = {"answer": f"the key is {API_KEY}", "supports": [], "confidence": 0.5}
    for _ in range(10):
        fake.reply(json.dumps(answer), usage=(10, 5))
    code, out2, err2 = run(capsys, "ask", "When did Ann go hiking?", "--llm", "openai",
                           "--trace", "--store", store)
    assert code == 0, err2
    code, out3, err3 = run(capsys, "ask", "When did Ann go hiking?", "--llm", "openai", "--json",
                           "--store", store)
    assert code == 0 and "***" in out2 + out3
    stored = b"".join(files(tmp_path / "graph").values())
    cached = b"".join(files(tmp_path / ".mrgraph").values())
    assert b"***" in stored and b"***" in cached  # the replies did reach the store and the cache
    for text in (out, err, out2, err2, out3, err3):
        assert API_KEY not in text
    for blob in (stored, cached):  # the embedded store is a binary (SQLite) file: compare bytes
        assert API_KEY.encode() not in blob


@pytest.mark.parametrize("argv", [["show", "\udcff"], ["forget", "--conversation", "a\udcff"],
                                  ["stats", "--ns", "\udcfe"]])
def test_arguments_that_are_not_utf8_exit_1(capsys: pytest.CaptureFixture[str], store: str,
                                            argv: list[str]) -> None:
    code, _, err = run(capsys, *argv, "--store", store)
    assert code == 1 and "is not valid UTF-8" in one_error_line(err)
