"""The outside-agent protocol (benchmarks/outside_agent.py) on an invented conversation: what the
agent is given holds no gold, its one command prints the toolkit's JSON and logs each call,
a bad call is one line, and the score reads answers, calls and judgements."""

from __future__ import annotations

import json
from pathlib import Path
from types import ModuleType

import pytest

from tests.scripts import load_script


def _protocol() -> ModuleType:
    return load_script("benchmarks/outside_agent.py")


QUESTIONS = [
    ("Where did Noor go hiking?", "the dunes", 4, ["D1:1"]),
    ("When did Noor go hiking?", "7 May 2023", 2, ["D1:1"]),
    ("What did Noor and Timo both buy?", "kites", 1, ["D1:3", "D1:4"]),
    ("Would Timo enjoy a windy beach?", "Likely yes", 3, ["D1:4"]),
    ("Where did Timo go hiking?", None, 5, ["D1:1"]),
]


@pytest.fixture(scope="module")
def run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    qa = [{"question": q, "category": c, "evidence": e, **({"answer": a} if a else
                                                             {"adversarial_answer": "the dunes"})}
          for q, a, c, e in QUESTIONS]
    conversation = {
        "speaker_a": "Noor", "speaker_b": "Timo",
        "session_1_date_time": "10:00 am on 8 May, 2023",
        "session_1": [
            {"speaker": "Noor", "dia_id": "D1:1", "text": "I went hiking in the dunes yesterday."},
            {"speaker": "Timo", "dia_id": "D1:2", "text": "Sounds lovely! Was it windy?"},
            {"speaker": "Noor", "dia_id": "D1:3", "text": "Very windy, so I bought a kite."},
            {"speaker": "Timo", "dia_id": "D1:4", "text": "I bought a kite too, I love wind."},
        ]}
    root = tmp_path_factory.mktemp("agent")
    data = root / "invented.json"
    data.write_text(json.dumps([{"sample_id": "inv-1", "qa": qa,
                                 "conversation": conversation}]), encoding="utf-8")
    _protocol().prepare(str(data), 1, root / "run")
    return root / "run"


def test_the_agent_is_given_questions_without_gold(run: Path) -> None:
    questions = json.loads((run / "questions.json").read_text())
    assert len(questions) == 5
    assert all(set(q) == {"qid", "ns", "question"} for q in questions)
    gold = json.loads((run / "gold" / "gold.json").read_text())
    assert sorted(g["category"] for g in gold.values()) == [1, 2, 3, 4, 5]
    assert "the dunes" not in (run / "questions.json").read_text()


def test_a_tool_call_prints_the_toolkit_json_and_is_logged(
        run: Path, capsys: pytest.CaptureFixture[str]) -> None:
    agent = _protocol()
    qid = json.loads((run / "questions.json").read_text())[0]["qid"]
    assert agent.tool(run, qid, "search_turns", '{"text": "kite", "limit": 3}') == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed["ns"] == "inv-1"
    assert {r["dia_id"] for r in printed["records"]} == {"D1:3", "D1:4"}
    logged = json.loads((run / "calls.jsonl").read_text().splitlines()[-1])
    assert logged["qid"] == qid and logged["tool"] == "search_turns" and not logged["error"]
    assert logged["tokens"] > 10


def test_a_bad_call_is_one_line_and_logged_as_an_error(
        run: Path, capsys: pytest.CaptureFixture[str]) -> None:
    agent = _protocol()
    qid = json.loads((run / "questions.json").read_text())[0]["qid"]
    assert agent.tool(run, qid, "search_turns", '{"limit": 3}') == 1
    err = capsys.readouterr().err
    assert err.startswith("error:") and err.count("\n") == 1
    assert json.loads((run / "calls.jsonl").read_text().splitlines()[-1])["error"] is True
    assert agent.tool(run, "q999", "stats", "{}") == 1


def test_score_reads_answers_calls_and_judgements(
        run: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    agent = _protocol()
    gold = json.loads((run / "gold" / "gold.json").read_text())
    answers = {q: ("Not mentioned in the conversation" if g["category"] == 5
                   else str(g["answer"])) for q, g in gold.items()}
    wrong = next(q for q, g in gold.items() if g["category"] == 4)
    answers[wrong] = "the forest"
    (tmp_path / "answers.json").write_text(json.dumps(answers))
    (tmp_path / "judged.json").write_text(json.dumps({q: q != wrong for q in gold}))
    capsys.readouterr()
    agent.score(run, tmp_path / "answers.json", tmp_path / "judged.json")
    out = capsys.readouterr().out
    rows = {line.split(" | ")[0].strip("| "): line.split(" | ") for line in out.splitlines()
            if line.startswith("| ") and "---" not in line}
    assert rows["single-hop"][2] == "0.000" and rows["single-hop"][3] == "0.000"
    assert rows["temporal"][2] == "1.000" and rows["temporal"][3] == "1.000"
    assert rows["categories 1-4"][3] == "0.750"
    assert "adversarial abstention: 1.000" in out
    sheet = tmp_path / "sheet.json"
    agent.judge_sheet(run, tmp_path / "answers.json", sheet)
    items = json.loads(sheet.read_text())
    assert {i["qid"] for i in items} == set(gold)
    assert any("not mentioned" in i["gold"] for i in items)
