"""The reader's measuring scripts (benchmarks/reader_ablation.py, fit_ranker.py, read_oracle.py)
run end to end on invented conversations: they read what benchmarks/reader_replay.py keeps of
each ask."""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace

import pytest

from tests.scripts import ROOT, load_script


def _conversation(sample_id: str, who: str, other: str, thing: str) -> dict[str, object]:
    turns = [(who, f"I bought a {thing} at the market yesterday."),
             (other, f"A {thing}? What colour is it?"),
             (who, f"It is red, and I took it to the lake on Sunday."),
             (other, "I went to the lake too, with my sister.")]
    qa = [{"question": f"What did {who} buy at the market?", "answer": f"a {thing}",
           "category": 4, "evidence": ["D1:1"]},
          {"question": f"When did {who} buy a {thing}?", "answer": "7 May 2023",
           "category": 2, "evidence": ["D1:1"]},
          {"question": f"Who did {other} go to the lake with?", "answer": "sister",
           "category": 4, "evidence": ["D1:4"]},
          {"question": f"What did {other} buy at the market?", "category": 5,
           "evidence": ["D1:1"], "adversarial_answer": f"a {thing}"}]
    return {"sample_id": sample_id, "qa": qa, "conversation": {
        "speaker_a": who, "speaker_b": other, "session_1_date_time": "10:00 am on 8 May, 2023",
        "session_1": [{"speaker": s, "dia_id": f"D1:{i}", "text": t}
                      for i, (s, t) in enumerate(turns, start=1)]}}


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.syspath_prepend(str(ROOT / "benchmarks"))  # the scripts import each other
    path = tmp_path / "invented.json"
    # three conversations: the fit leaves one out and chooses its prior on the other two
    path.write_text(json.dumps([_conversation("inv-a", "Noor", "Timo", "kite"),
                                _conversation("inv-b", "Ada", "Bram", "lamp"),
                                _conversation("inv-c", "Lena", "Omar", "scarf")]), "utf-8")
    return path


def test_the_ablation_replays_the_kept_asks(data: Path, tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    ablation = load_script("benchmarks/reader_ablation.py")
    validation = tmp_path / "validation.json"  # a second file: the validation one comes last
    validation.write_text(data.read_text("utf-8"), "utf-8")
    assert ablation.main([str(data), str(validation), "--states", str(tmp_path / "states"),
                          "--families", "episode,wrong_person", "--no-ranker"]) == 0
    out = capsys.readouterr().out
    assert "(none: as shipped)" in out and "| episode |" in out and "| wrong_person |" in out
    # categories 1-4 per conversation of each file, whatever the conversations' ids
    assert "invented inv-a " in out and "validation inv-a " in out
    assert (tmp_path / "states" / "invented.pkl").is_file()
    # families off in every run (--off) are the base of a greedy pass, never among its verdicts:
    # its first row is the reader with them off (without the wrong-person test the invented
    # set's adversarial questions are answered)
    assert ablation.main([str(data), str(validation), "--states", str(tmp_path / "states"),
                          "--families", "episode", "--greedy", "--off", "wrong_person"]) == 0
    out = capsys.readouterr().out
    assert "| episode |" in out and "wrong_person" not in out.rpartition("off:")[2]
    first = next(line for line in out.splitlines() if line.startswith("| (none)")).split("|")
    kept = [(k.item, k.found) for k in ablation.states(data, tmp_path / "states" / "invented.pkl")]
    off, shipped = (ablation.scores(kept, frozenset(f))["adversarial"] for f in (
        {"wrong_person"}, set()))
    assert off != shipped and float(first[8]) == pytest.approx(off, abs=5e-4)  # adversarial


def test_the_ablation_verdict_asks_every_validation_file_and_category(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.syspath_prepend(str(ROOT / "benchmarks"))
    ablation = load_script("benchmarks/reader_ablation.py")
    groups = [g for g, _ in ablation.GROUPS]
    base = {name: dict.fromkeys(groups, 0.5) for name in ("dev", "val_a", "val_b")}
    lower = {**base, "val_a": {**base["val_a"], "temporal": 0.49}}  # one category of one file
    lower_dev = {**base, "dev": dict.fromkeys(groups, 0.1)}  # a development file loses
    assert ablation.loses_nothing(base, base, 2) and ablation.loses_nothing(lower_dev, base, 2)
    assert not ablation.loses_nothing(lower, base, 2)
    assert ablation.loses_nothing(lower, base, 1)  # val_a is then a development file
    # a group without questions (our sets have no open-domain ones) is no loss, shown as "—"
    empty = {**base, "val_b": {**base["val_b"], "open-domain": float("nan")}}
    assert ablation.loses_nothing(empty, empty, 2)
    assert ablation._cell(float("nan")) == "—" and ablation._cell(0.12345) == 0.123


def test_the_ranker_fit_reads_the_kept_asks(data: Path, tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    fit = load_script("benchmarks/fit_ranker.py")
    assert fit.main([str(data), "--states", str(tmp_path / "states.pkl")]) == 0
    assert "inv-a" in capsys.readouterr().out


def test_the_read_oracle_reads_the_gold_episodes(data: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    oracle = load_script("benchmarks/read_oracle.py")
    assert oracle.main([str(data)]) == 0
    out = capsys.readouterr().out
    assert "| walk |" in out and "| oracle |" in out and "oracle - walk (1-4):" in out
    # every question's gold turn is in an episode the oracle read: its turns reach the reader
    kept = list(oracle.recorded(data))
    read = [k for name, k in kept if name == "oracle" and k.item.evidence]
    assert read and all(set(k.item.evidence) <= {str(t["dia_id"])
                                                 for t in k.found.evidence.turns.values()}
                        for k in read)


def test_the_read_oracle_refuses_validation_and_held_out_files(tmp_path: Path) -> None:
    oracle = load_script("benchmarks/read_oracle.py")
    for name in ("locomo_val.json", "invented_heldout.json"):
        with pytest.raises(SystemExit):
            oracle.main([str(tmp_path / name)])


def test_walk_reach_places_each_gold_turn(data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    reach = load_script("benchmarks/walk_reach.py")
    assert reach.main([str(data), "--categories", "2,4"]) == 0
    rows = {line.split("|")[1].strip(): [c.strip() for c in line.split("|")[2:-1]]
            for line in capsys.readouterr().out.splitlines()[2:]}
    # each conversation asks one "when" and two single-hop questions with a gold turn: every
    # one is counted once, in one place, and the walk reads what these small episodes hold
    assert rows["2"][0] == "3" and rows["4"][0] == "6"
    assert all(sum(map(int, row[1:])) == int(row[0]) for row in rows.values())
    assert rows["2"][1] == "3" and rows["4"][1] == "6"


@pytest.mark.parametrize("turns, kept, candidates, expected", [
    ({"c/D1:2": {"dia_id": "D1:2"}}, [], [], "read"),
    ({}, [{"dia_ids": ["D1:1", "D1:2"]}], [], "in H"),
    ({}, [{"dia_ids": ["D2:1"]}], [{"dia_ids": ["D1:2"]}], "reached"),
    ({}, [{"dia_ids": ["D2:1"]}], [{"dia_ids": ["D3:1"]}], "unreached"),
])
def test_walk_reach_names_the_first_place_that_holds_the_gold(
        turns: dict[str, dict[str, str]], kept: list[dict[str, list[str]]],
        candidates: list[dict[str, list[str]]], expected: str) -> None:
    reach = load_script("benchmarks/walk_reach.py")
    item = SimpleNamespace(evidence=["D1:2"])
    found = SimpleNamespace(evidence=SimpleNamespace(turns=turns), handed=())
    state = SimpleNamespace(evidence=SimpleNamespace(events=dict(enumerate(kept))),
                            candidates=dict(enumerate(candidates)))
    assert reach.place(item, found, state) == expected


def test_when_picks_places_each_temporal_answer(data: Path, tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    replay, picks = load_script("benchmarks/reader_replay.py"), \
        load_script("benchmarks/when_picks.py")
    assert replay.main([str(data), "--states", str(tmp_path), "--modes", "active"]) == 0
    capsys.readouterr()
    assert picks.main([str(tmp_path / "invented.active.pkl")]) == 0
    rows = {line.split("|")[1].strip(): [c.strip() for c in line.split("|")[2:-1]]
            for line in capsys.readouterr().out.splitlines() if line.startswith("| ")}
    # each conversation asks one "when" question, its gold turn read and answered from:
    # "I bought a kite at the market yesterday", said on 8 May: 7 May 2023, F1 1; the day it
    # was said, "8 May 2023", would hold two of the gold's three words
    assert rows["from gold"] == ["3", "1.000", "0.667", "1.000"]
    assert rows["all"] == ["3", "1.000", "0.667", "1.000"]
    assert rows["kind: when"][0] == "3"
    assert rows["gold: a date"] == ["3", "1.000", "0.667", "1.000"]
    assert all(rows[p][0] == "0" for p in ("unread", "same day", "earlier", "later"))
    # the oracle of recall: every gold turn is read already, so both columns keep F1 1
    assert picks.main([str(tmp_path / "invented.active.pkl"), "--data", str(data)]) == 0
    rows = {line.split("|")[1].strip(): [c.strip() for c in line.split("|")[2:-1]]
            for line in capsys.readouterr().out.splitlines() if line.startswith("| ")}
    assert rows["all"] == ["3", "1.000", "0.667", "1.000", "1.000", "1.000"]
    with pytest.raises(SystemExit):  # the turns of one transcript go with its states only
        picks.main([str(tmp_path / "invented.active.pkl")] * 2 + ["--data", str(data)])


def test_when_picks_hands_the_reader_the_gold_turns_it_did_not_read(data: Path) -> None:
    from mrgraph.found import Found, Kept

    picks = load_script("benchmarks/when_picks.py")
    turns = picks.transcript_turns(data)
    assert turns[("inv-a", "D1:4")]["text"] == "I went to the lake too, with my sister."
    assert turns[("inv-a", "D1:4")]["date"] == "2023-05-08"
    read_turns = {"inv-a/D1:1": {**turns[("inv-a", "D1:1")], "relevance": 0.7},
                  "inv-a/D1:2": {**turns[("inv-a", "D1:2")], "relevance": 0.4}}
    state = Found("When did Timo go to the lake?", {}, evidence=Kept(turns=read_turns))
    item = SimpleNamespace(sample_id="inv-a", evidence=("D1:4", "D1:1", "D9:9"))
    handed = picks.with_gold(state, item, turns).evidence.turns
    # the missing gold turn joins as relevant as the best turn read; a read one is kept as it
    # was, and an id the transcript lacks adds nothing
    assert set(handed) == {"inv-a/D1:1", "inv-a/D1:2", "inv-a/D1:4"}
    assert handed["inv-a/D1:4"]["relevance"] == 0.7
    assert handed["inv-a/D1:1"] is read_turns["inv-a/D1:1"]
    read_all = SimpleNamespace(sample_id="inv-a", evidence=("D1:2",))
    assert picks.with_gold(state, read_all, turns) is state


@pytest.mark.parametrize("gold, form", [
    ("7 May 2023", "a date"), ("2022", "a date"), ("since 2016", "a date"),
    ("the week before 9 June 2023", "a date"), ("three months", "a length"),
    ("4 years", "a length"), ("her mother", "other"), ("three", "other"),
])
def test_when_picks_tells_what_a_gold_is(gold: str, form: str) -> None:
    assert load_script("benchmarks/when_picks.py").gold_form(gold) == form


@pytest.mark.parametrize("gold, expected", [
    ("7 May 2023", 1.0),  # "yesterday" in the first turn, said on 8 May
    ("1 June 2023", 1.0),  # the day the second was said
    ("8 May", 0.8),  # the first's day, of which it holds two of the three words said
    ("2019", 0.0),
])
def test_when_picks_finds_the_best_date_ranked(gold: str, expected: float) -> None:
    text = "I bought a kite at the market yesterday."
    found = [SimpleNamespace(said="2023-05-08 10:00", turn=text, text=text),
             SimpleNamespace(said="2023-06-01", turn="", text="Nice.")]
    assert load_script("benchmarks/when_picks.py").best_date(found, gold) == \
        pytest.approx(expected)


def _said(dia_id: str, said: str) -> SimpleNamespace:
    return SimpleNamespace(dia_id=dia_id, said=said)


@pytest.mark.parametrize("supports, expected", [
    ((), "unread"), (("D1:2",), "from gold"), (("D1:1",), "same day"),
    (("D0:1",), "earlier"), (("D2:1",), "later"),
])
def test_when_picks_names_where_the_answer_rests(supports: tuple[str, ...],
                                                  expected: str) -> None:
    picks = load_script("benchmarks/when_picks.py")
    found = [_said("D0:1", "2023-05-01"), _said("D1:1", "2023-05-08 10:00"),
             _said("D1:2", "2023-05-08 10:00"), _said("D2:1", "2023-06-01")]
    gold = {"D1:2"} if expected != "unread" else {"D9:9"}
    where, chosen = picks.place(gold, supports, found)
    assert where == expected
    assert chosen is (found[[s.dia_id for s in found].index(supports[0])] if supports else None)


@pytest.mark.parametrize("gold, expected", [
    ({"D3:2"}, "episode kept, not read"), ({"D5:1"}, "episode kept, not read"),
    ({"D9:9"}, "episode not kept"),
])
def test_when_picks_tells_why_a_gold_turn_is_unread(gold: set[str], expected: str) -> None:
    # an episode's record carries its turns as a list, or as the list's text (a stored record)
    events = {"a": {"dia_ids": ["D3:1", "D3:2"]}, "b": {"dia_ids": "['D5:1', 'D5:2']"},
              "c": {"dia_ids": ""}}
    state = SimpleNamespace(evidence=SimpleNamespace(events=events))
    assert load_script("benchmarks/when_picks.py").unread_why(state, gold) == expected
