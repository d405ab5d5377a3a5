"""The CLI end to end on the embedded store: typer's runner for output, main() for exit codes."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from mrgraph.cli import app, main
from mrgraph.ingest.sample import sample_path

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
runner = CliRunner()


@pytest.fixture()
def store(tmp_path: Path) -> str:
    return f"file:{tmp_path / 'graph'}"


def invoke(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, list(args), catch_exceptions=False)
    return result.exit_code, result.output


def stats(store: str) -> dict[str, object]:
    code, output = invoke("stats", "--json", "--store", store)
    assert code == 0, output
    return json.loads(output)  # type: ignore[no-any-return]


def test_ingest_then_stats_and_reingest_is_idempotent(store: str) -> None:
    code, output = invoke("ingest", str(sample_path()), "--store", store)
    assert code == 0, output
    assert "ingested" in output and "turns" in output
    first = stats(store)
    assert first["conversations"] == ["sample"]
    assert first["nodes"]["Turn"] > 20 and first["nodes"]["Episode"] > 3  # type: ignore[index]
    assert invoke("ingest", str(sample_path()), "--store", store)[0] == 0
    assert stats(store) == first


def test_every_format_ingests(store: str) -> None:
    for name, fmt in (("chat.jsonl", "jsonl"), ("transcript.txt", "text"),
                      ("ana_ben_benchmark_format.json", "locomo")):
        code, output = invoke("ingest", str(FIXTURES / name), "--format", fmt, "--store", store)
        assert code == 0, output
    assert len(stats(store)["conversations"]) == 3  # type: ignore[arg-type]


def test_ask_json_returns_real_dia_ids(store: str) -> None:
    invoke("ingest", str(sample_path()), "--store", store)
    code, output = invoke("ask", "When did Maya adopt the dog?", "--json", "--store", store)
    assert code == 0, output
    data = json.loads(output)
    assert set(data) == {"answer", "supports", "confidence", "rounds", "tool_calls", "tokens",
                         "latency_ms", "sources", "trace"}
    assert data["answer"] == "the Saturday before 20 March 2023"  # "last Saturday"
    assert data["supports"] and all(s.startswith("S2:") for s in data["supports"])
    assert [s["dia_id"] for s in data["sources"]] == data["supports"]
    assert data["sources"][0]["conversation"] == "sample"
    assert data["sources"][0]["speaker"] == "Maya" and "adopted a dog" in data["sources"][0]["text"]
    assert data["trace"] and data["trace"][0]["round"] == 1


@pytest.mark.parametrize("mode", ["topk", "graph"])
def test_ask_passive_modes(store: str, mode: str) -> None:
    invoke("ingest", str(sample_path()), "--store", store)
    code, output = invoke("ask", "Where does Maya live now?", "--mode", mode, "--json",
                          "--store", store)
    assert code == 0, output
    assert json.loads(output)["supports"]


def test_ask_quotes_the_turns_it_rests_on(store: str) -> None:
    invoke("ingest", str(sample_path()), "--store", store)
    code, output = invoke("ask", "When did Maya adopt the dog?", "--store", store)
    assert code == 0 and "Saturday before 20 March" in output
    assert "S2:1 · sample · said 20 March 2023 · Maya: Jonas, big news: I adopted a dog" in output


def test_ask_trace_prints_a_tree(store: str) -> None:
    invoke("ingest", str(sample_path()), "--store", store)
    code, output = invoke("ask", "When did Maya adopt the dog?", "--trace", "--store", store)
    assert code == 0 and "round 1" in output and "search_cues" in output


def test_ask_over_verbatim_jsonl_ids_with_and_without_digits(store: str,
                                                             tmp_path: Path) -> None:
    # JSONL keeps turn ids verbatim: ids with digits ("m2") and without ("hello") sort together.
    lines = [{"speaker": "Odile", "text": "hello there", "timestamp": "2023-05-08T10:00:00",
              "id": "hello"},
             {"speaker": "Tomas", "text": "I adopted a puppy last week.", "id": "m2"},
             {"speaker": "Odile", "text": "I adopted a kitten too.", "id": "final"},
             {"speaker": "Tomas", "text": "Great, a kitten and a puppy.", "id": "m4"}]
    path = tmp_path / "ids.jsonl"
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    assert invoke("ingest", str(path), "--store", store)[0] == 0
    code, output = invoke("ask", "What did Odile adopt?", "--llm", "heuristic", "--json",
                          "--store", store)
    assert code == 0, output
    assert json.loads(output)["supports"]


def test_show_says_when_a_date_was_and_how_precisely(store: str) -> None:
    invoke("ingest", str(sample_path()), "--store", store)
    code, output = invoke("export", "--format", "json", "--store", store)
    exported = json.loads(output)
    mention = next(n for n in exported["nodes"] if n["label"] == "DateMention"
                   and n["properties"]["phrase"] == "this week")
    code, output = invoke("show", mention["id"], "--store", store)
    assert code == 0
    assert "when this week: the week of 2 June 2023 (week, relative)" in output
    assert "<-[MENTIONS_DATE]- Turn" in output
    episode = next(n for n in exported["nodes"] if n["label"] == "Episode")
    code, output = invoke("show", episode["id"], "--store", store)
    assert code == 0 and "(the session's day)" in output


def test_show_export_and_forget_leave_no_node_behind(store: str, tmp_path: Path) -> None:
    invoke("ingest", str(sample_path()), "--store", store)
    invoke("ingest", str(FIXTURES / "chat.jsonl"), "--store", store)
    code, output = invoke("export", "--format", "json", "--store", store)
    exported = json.loads(output)
    conv = next(n for n in exported["nodes"] if n["label"] == "Conversation")
    code, output = invoke("show", conv["id"], "--store", store)
    assert code == 0 and "HAS_SESSION" in output
    code, _ = invoke("export", "--format", "graphml", "--out", str(tmp_path / "g.graphml"),
                     "--store", store)
    assert code == 0 and (tmp_path / "g.graphml").read_text().startswith("<?xml")
    code, output = invoke("forget", "--conversation", "sample", "--store", store)
    assert code == 0 and "forgot sample" in output
    remaining = json.loads(invoke("export", "--store", store)[1])["nodes"]
    assert all(n.get("conversation_id") in (None, "chat") for n in remaining)
    assert stats(store)["conversations"] == ["chat"]


def test_beliefs_table_and_as_of(store: str) -> None:
    invoke("ingest", str(sample_path()), "--store", store)
    code, output = invoke("beliefs", "Maya", "--json", "--store", store)
    rows = json.loads(output)
    assert code == 0 and rows and all(0 < r["confidence"] <= 0.99 for r in rows)
    jobs = [r for r in rows if r["aspect"] == "job"]
    assert [r["status"] for r in jobs][0] == "active" and any(r["confidence"] == 0.25 for r in jobs)
    code, output = invoke("beliefs", "Maya", "--aspect", "job", "--as-of", "2023-03-31", "--json",
                          "--store", store)
    then = json.loads(output)
    assert [r["statement"] for r in then] == ["Maya works as a nurse"]
    code, output = invoke("beliefs", "Maya", "--store", store)
    assert code == 0 and "beliefs about Maya" in output


def test_chat_answers_and_keeps_history(store: str) -> None:
    invoke("ingest", str(sample_path()), "--store", store)
    result = runner.invoke(app, ["chat", "--store", store],
                           input="When did Maya adopt the dog?\n:trace\n:history\n:quit\n")
    assert result.exit_code == 0, result.output
    assert "Saturday before 20 March" in result.output
    assert "1. When did Maya adopt the dog?" in result.output
    assert "trace on" in result.output


def test_demo_runs_end_to_end(tmp_path: Path) -> None:
    code, output = invoke("demo", "--store", f"file:{tmp_path / 'demo'}")
    assert code == 0, output
    assert "Saturday before 20 March" in output
    assert "beliefs about Maya" in output and "superseded" in output


# ------------------------------------------------------------------ exit codes and bad input


def run_main(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    code = main(list(args))
    captured = capsys.readouterr()
    return code, captured.err


BAD_INPUTS = {
    "empty.json": b"",
    "truncated.json": b'[{"sample_id": "x", "conversation": {"speaker_a": "A"',
    "wrong.json": b'[{"sample_id": "x", "conversation": {"speaker_a": "A", "speaker_b": "B", '
                  b'"session_1_date_time": "1:56 pm on 8 May, 2023", '
                  b'"session_1": [{"speaker": "A", "dia_id": "D1:1"}]}}]',
    "latin1.txt": b"## Session 1 - 2023-05-08 13:56\nAna: caf\xe9\n",
    "baddate.txt": "## Session 1 — 2023-13-45 99:99\nAna: hi\n".encode(),
}


@pytest.mark.parametrize("name", sorted(BAD_INPUTS))
def test_bad_input_is_one_line_exit_1_and_store_unchanged(
        name: str, tmp_path: Path, store: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["ingest", str(sample_path()), "--store", store]) == 0
    before = stats(store)
    capsys.readouterr()
    bad = tmp_path / name
    bad.write_bytes(BAD_INPUTS[name])
    code, err = run_main(capsys, "ingest", str(bad), "--store", store)
    assert code == 1
    assert err.startswith("error: ") and str(bad) in err and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1
    assert stats(store) == before


def test_a_50_mb_file_is_refused_without_reading_it(tmp_path: Path, store: str,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    big = tmp_path / "big.jsonl"
    with big.open("wb") as f:
        f.truncate(50 * 1024 * 1024)  # sparse: 50 MB on paper, no disk used
    code, err = run_main(capsys, "ingest", str(big), "--store", store)
    assert code == 1 and "MB" in err and len(err.strip().splitlines()) == 1


def test_usage_errors_exit_1(capsys: pytest.CaptureFixture[str], store: str) -> None:
    assert run_main(capsys, "ask")[0] == 1
    assert run_main(capsys, "ask", "q", "--mode", "nope", "--store", store)[0] == 1
    assert run_main(capsys, "ingest", "/no/such/file.json", "--store", store)[0] == 1
    code, err = run_main(capsys, "stats", "--store", "ftp://x")
    assert code == 1 and "ftp" in err


def test_locked_store_is_a_clear_error(store: str, capsys: pytest.CaptureFixture[str]) -> None:
    from filelock import FileLock
    from mrgraph.store.persist import lock_file
    path = Path(store.removeprefix("file:"))
    assert main(["ingest", str(sample_path()), "--store", store]) == 0
    with FileLock(str(lock_file(path, "default"))):
        code, err = run_main(capsys, "ingest", str(FIXTURES / "chat.jsonl"), "--store", store)
    assert code == 1 and "locked" in err


def test_unreachable_neo4j_is_exit_1_without_secrets(capsys: pytest.CaptureFixture[str],
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NEO4J_PASSWORD", "s3cret-pw-123")
    code, err = run_main(capsys, "stats", "--store", "bolt://127.0.0.1:9")
    assert code == 1 and "unreachable" in err and "s3cret-pw-123" not in err


def test_python_dash_m_works() -> None:
    import subprocess
    import sys
    out = subprocess.run([sys.executable, "-m", "mrgraph", "--help"], capture_output=True,
                         text=True, check=False, env={**os.environ, "COLUMNS": "200"})
    assert out.returncode == 0 and "ingest" in out.stdout


def test_json_export_keeps_labels_apart_from_properties(store: str) -> None:
    invoke("ingest", str(sample_path()), "--store", store)
    data = json.loads(invoke("export", "--store", store)[1])
    labels = {n["label"] for n in data["nodes"]}
    assert {"Tag", "Topic", "Episode", "Turn", "Cue"} <= labels
    tag = next(n for n in data["nodes"] if n["label"] == "Tag")
    assert tag["properties"]["label"] and tag["properties"]["label"] != "Tag"
    assert all({"type", "src", "dst", "properties"} == set(e) for e in data["edges"])


def test_more_user_mistakes_exit_1(capsys: pytest.CaptureFixture[str], store: str) -> None:
    assert run_main(capsys, "export", "--out", "/nonexistent/dir/x.json", "--store", store)[0] == 1
    assert run_main(capsys, "bench", "scale", "--turns", "abc")[0] == 1
    assert run_main(capsys, "ingest", str(sample_path()), "--concurrency", "0",
                    "--store", store)[0] == 1
    code, err = run_main(capsys, "chat", "--mode", "bogus", "--store", store)
    assert code == 1 and "bogus" in err


def test_beliefs_follow_two_moves_and_a_job_change(store: str) -> None:
    assert invoke("ingest", str(FIXTURES / "moves.txt"), "--store", store)[0] == 0

    def beliefs(*extra: str) -> list[tuple[str, str, float, str]]:
        code, output = invoke("beliefs", "Lena", "--json", "--store", store, *extra)
        assert code == 0, output
        return [(r["aspect"], r["statement"], r["confidence"], r["status"])
                for r in json.loads(output)]

    assert beliefs() == [
        ("job", "Lena works as a software engineer", 0.9, "active"),
        ("job", "Lena works as a teacher", 0.25, "superseded"),
        ("location", "Lena lives in Oslo now", 0.8, "active"),
        ("location", "Lena lives in Berlin", 0.25, "superseded"),
        ("location", "Lena lives in Lisbon", 0.25, "superseded"),
    ]
    assert beliefs("--as-of", "2022-02-01") == [
        ("job", "Lena works as a teacher", 0.8, "active"),
        ("location", "Lena lives in Lisbon", 0.8, "active"),
    ]
    assert beliefs("--as-of", "2022-07-01") == [
        ("job", "Lena works as a software engineer", 0.8, "active"),
        ("job", "Lena works as a teacher", 0.25, "superseded"),
        ("location", "Lena lives in Berlin", 0.75, "active"),
        ("location", "Lena lives in Lisbon", 0.25, "superseded"),
    ]
    assert beliefs("--as-of", "2021-12-31") == []
    code, output = invoke("beliefs", "Lena", "--store", store)
    assert "0.250" in output and "superseded" in output and "history" in output


LOCOMO_DEV = Path(__file__).resolve().parents[3] / "shared" / "data" / "locomo_dev.json"


@pytest.mark.skipif(not LOCOMO_DEV.exists(), reason="LoCoMo dev file not available")
def test_ask_on_the_dev_conversations_supports_real_dia_ids(store: str) -> None:
    code, output = invoke("ingest", str(LOCOMO_DEV), "--store", store)
    assert code == 0 and "1451 turns" in output
    raw = json.loads(LOCOMO_DEV.read_text(encoding="utf-8"))
    dia_ids = {t["dia_id"] for c in raw for k, v in c["conversation"].items()
               if k.startswith("session_") and isinstance(v, list) for t in v}
    questions = [q["question"] for c in raw for q in c["qa"][:5]]
    answered = 0
    for question in questions:
        code, output = invoke("ask", question, "--json", "--store", store)
        assert code == 0, output
        supports = json.loads(output)["supports"]
        assert set(supports) <= dia_ids  # empty only when it abstains
        answered += bool(supports)
    assert answered >= len(questions) * 2 // 3
    before = stats(store)
    assert invoke("ingest", str(LOCOMO_DEV), "--store", store)[0] == 0
    assert stats(store) == before


def test_an_old_store_is_refused_in_one_line_until_migrated(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from mrgraph.ingest.build import build_batch
    from mrgraph.ingest.extract import HeuristicExtractor
    from mrgraph.store.memory import MemoryStore
    from tests.contract.test_store_migrate import _as_written_before, _conversation, _write

    conversation = _conversation(tmp_path)
    old = MemoryStore(tmp_path / "old", "default")
    _write(old, _as_written_before(build_batch(conversation,
                                               HeuristicExtractor().extract(conversation),
                                               "default")))
    old.close()
    uri = f"file:{tmp_path / 'old'}"
    code, err = run_main(capsys, "ask", "When did Odile hike?", "--store", uri)
    assert code == 1 and len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert "older mrgraph" in err and f"mrgraph migrate --store {uri} --ns default" in err
    code, output = invoke("migrate", "--store", uri)
    assert code == 0 and "migrated chat: 5 turns" in output and "5 dates mentioned" in output
    code, output = invoke("migrate", "--store", uri)
    assert code == 0 and "nothing to migrate" in output
    code, output = invoke("ask", "When did Odile hike the ridge trail?", "--store", uri)
    assert code == 0 and output.startswith("2022")


def test_migrate_on_an_empty_or_mistyped_store_says_it_is_empty(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    missing = f"file:{tmp_path / 'typo'}"
    code = main(["migrate", "--store", missing])
    captured = capsys.readouterr()
    assert code == 0 and "nothing to migrate" not in captured.out
    assert f"namespace 'default' of {missing} is empty" in captured.err
    assert not (tmp_path / "typo").exists()  # and nothing was created
