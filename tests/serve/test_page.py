"""The trace picture's data (tracepath, tracegraph), the self-contained file, the vendored
library and the Browser style file, without a browser (tests/serve/test_browser.py renders
them)."""

from __future__ import annotations

import hashlib
import json
import re
from importlib import resources
from typing import Any

from mrgraph.config import Settings
from mrgraph.dates import render
from mrgraph.engine import Memory
from mrgraph.serve.page import trace_html
from mrgraph.serve.tracegraph import store_lookup, trace_graph
from mrgraph.serve.tracepath import CallView, PathEdge, answer_path
from mrgraph.text import normalize_key
from mrgraph.types import Answer, Step
from tests.browser_paste import BROWSER_DIR, grass_rules
from tests.serve.conftest import NS

VENDOR_SHA256 = "081591ab735b2b6a3b31a3c60f8f3a3e2fee8c92939e0c7820ad1208571b6cd8"
EP_A, EP_B, CUE = "ep-aaaaaaaaaaaaaaaa", "ep-bbbbbbbbbbbbbbbb", "cue-cccccccccccccccc"
_FOUND = re.compile(r"(\d+) \w+ found(?:: (\d+) drawn(?:, (\d+) more)?)?")


def _answer() -> Answer:
    """Four rounds: a cue found by words, its tag, the tag's episode B, B's turns, B's date;
    beside them a search, a reverse hop and a read that lead nowhere. The answer rests on
    D2:2, a turn of episode B."""
    steps = (
        Step(1, "search_cues", {"text": "dog", "limit": 10}, (CUE,), (CUE,)),
        Step(1, "search_events", {"text": "dog", "limit": 10}, (EP_A,), (EP_A,)),
        Step(2, "cue_tags", {"cue": CUE, "limit": 50}, ("adopted dog", "walks"),
             ("adopted dog",)),
        Step(2, "event_keywords", {"event_id": EP_A}, (CUE,), ()),
        Step(3, "tag_events", {"cue": CUE, "tag": "adopted dog", "limit": 5}, (EP_B,), (EP_B,)),
        Step(4, "event_context", {"event_id": EP_B, "window": 1}, ("D2:1", "D2:2"),
             ("D2:1", "D2:2")),
        Step(4, "event_context", {"event_id": EP_A, "window": 1}, ("D1:1",), ("D1:1",)),
        Step(4, "conversation_time", {"event_id": EP_B}, (EP_B,), (EP_B,)),
    )
    return Answer("2023-03-17", ("D2:2",), 0.8, 4, len(steps), 0, 5.0, steps, ("D2:1", "D2:2"))


def _nodes(graph: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {n["data"]["id"]: n["data"] for n in graph["elements"]["nodes"]}


def _edges(graph: dict[str, Any], kind: str) -> set[tuple[str, str]]:
    return {(e["data"]["source"], e["data"]["target"]) for e in graph["elements"]["edges"]
            if e["data"]["kind"] == kind}


def test_the_path_runs_from_the_question_through_each_hop_to_the_answers_turn() -> None:
    graph = trace_graph(_answer(), "When did she adopt the dog?")
    nodes = _nodes(graph)
    calls = sorted(k for k, d in nodes.items() if d["kind"] == "call")
    assert calls == ["call:0", "call:2", "call:4", "call:5", "call:7"]
    assert {k for k, d in nodes.items() if d.get("path") and d["kind"] != "call"} == {
        "question", f"cue:{CUE}", "tag:adopted dog", f"episode:{EP_B}", "turn:D2:2"}
    assert [k for k, d in nodes.items() if d.get("support")] == ["turn:D2:2"]
    assert _edges(graph, "ask") == {("question", "call:0")}
    assert _edges(graph, "reach") == {("call:0", f"cue:{CUE}"), ("call:2", "tag:adopted dog"),
                                      ("call:4", f"episode:{EP_B}"), ("call:5", "turn:D2:2")}
    assert _edges(graph, "hop") == {(f"cue:{CUE}", "call:2"), (f"cue:{CUE}", "call:4"),
                                    ("tag:adopted dog", "call:4"),
                                    (f"episode:{EP_B}", "call:5"), (f"episode:{EP_B}", "call:7")}
    # each hop's tool named on it; rows go down the path, the question on top
    assert nodes["call:4"]["label"].startswith("tag_events(cue: ")
    y = {n["data"]["id"]: n["position"]["y"] for n in graph["elements"]["nodes"]
         if "position" in n}
    assert y["question"] < y["call:0"] < y[f"cue:{CUE}"] < y["call:4"] < y["turn:D2:2"]


def test_counts_add_up() -> None:
    graph = trace_graph(_answer(), "When did she adopt the dog?")
    nodes = _nodes(graph)
    reach = _edges(graph, "reach")
    for key, data in nodes.items():
        if data["kind"] != "call" or data["tool"] in ("cue_tags", "conversation_time"):
            continue
        found = _FOUND.search(data["label"])
        assert found, data["label"]
        total, drawn, more = (int(g or 0) for g in found.groups())
        assert drawn == sum(1 for source, _ in reach if source == key)
        assert total == drawn + more == len(data["detail"]["items"])
    rest = graph["rest"]
    assert {r: [c["data"]["id"] for c in block] for r, block in rest.items()} == {
        "1": ["call:1"], "2": ["call:3"], "4": ["call:6"]}
    for r, block in rest.items():
        assert nodes[f"round:{r}"]["count"] == len(block)
        assert nodes[f"round:{r}"]["label"].endswith(f"+{len(block)} call ▸")
    summary = graph["summary"]
    assert (summary["calls"], summary["on_path"], summary["collapsed"]) == (8, 5, 3)
    assert sum(r["calls"] for r in summary["rounds"]) == summary["calls"]
    assert sum(r["on_path"] for r in summary["rounds"]) == summary["on_path"]


def _view(index: int, results: tuple[str, ...], kept: tuple[str, ...] = (),
          refs: tuple[str, ...] = (), tool: str = "search_events") -> CallView:
    return CallView(index, index + 1, tool, results, frozenset(kept), refs)


def test_the_path_takes_the_first_call_that_kept_a_node_and_a_belief_that_rests_on_it() -> None:
    calls = [_view(0, ("episode:A",)),  # reached A, did not keep it
             _view(1, ("episode:A",), kept=("episode:A",)),  # kept it: A was found here
             _view(2, ("turn:T",), kept=("turn:T",), refs=("episode:A",), tool="event_context"),
             _view(3, ("aspect:home",), kept=("aspect:home",), tool="personal_aspects"),
             _view(4, ("fact:F", "fact:G"), kept=("fact:F", "fact:G"), refs=("aspect:home",),
                   tool="personal_aspect")]
    path = answer_path(calls, ["turn:T"], {"fact:F": frozenset({"turn:T"}),
                                           "fact:G": frozenset()})
    assert path.calls == (1, 2, 3, 4)
    assert path.nodes == {"question", "episode:A", "turn:T", "aspect:home", "fact:F"}
    assert PathEdge("fact:F", "turn:T", "from") in path.edges
    assert PathEdge("call:1", "episode:A", "reach") in path.edges
    assert PathEdge("call:0", "episode:A", "reach") not in path.edges


def test_node_contents_come_from_the_store(demo_store: str) -> None:
    with Memory.open(Settings(), store=demo_store, ns=NS) as memory:
        answer = memory.ask("When did Maya adopt the dog?")
        graph = trace_graph(answer, "When did Maya adopt the dog?", store_lookup(memory.store))
        times = {n["data"]["ref"]: memory.store.conversation_time(n["data"]["ref"])
                 for n in graph["elements"]["nodes"] if n["data"]["kind"] == "episode"}
    nodes = _nodes(graph)
    (turn,) = [d for d in nodes.values() if d.get("support")]
    source = answer.sources[0]
    fields = dict(turn["detail"]["fields"])
    assert (fields["speaker"], fields["session date"]) == (source.speaker, source.date)
    assert turn["detail"]["text"] == source.text and source.text[:20] in turn["label"]
    assert times  # the path passes through the episode the turn belongs to
    for ref, time in times.items():
        episode = dict(nodes[f"episode:{ref}"]["detail"]["fields"])
        assert time is not None
        assert episode["session date"].split(" ")[0] == time.session_started_at[:10]
        # each date a turn mentions, as precisely as it was said, with the words said
        assert all(f"{render(m)} (“{m.phrase}”" in episode["dates mentioned"]
                   for m in time.mentions)
    dated = [d for d in nodes.values() if d.get("tool") == "conversation_time"]
    assert dated, "a 'when' answer reads its episode's date: the call is on the path"
    for call in dated:  # the call shows the date it read
        named = re.search(r"\((ep-[0-9a-f]+)\)", call["detail"]["fields"][0][1])
        time = times[named.group(1)] if named else None
        assert time is not None and f"session date {time.session_started_at[:10]}" in call["label"]
    assert not graph["empty"]


def test_facts_show_their_statement_and_confidence(demo_store: str) -> None:
    question = "Where does Maya live now?"
    with Memory.open(Settings(), store=demo_store, ns=NS) as memory:
        answer = memory.ask(question)
        graph = trace_graph(answer, question, store_lookup(memory.store))
        beliefs = {b.fact_id: b for b in memory.store.entity_beliefs(normalize_key("Maya"),
                                                                     "location")}
    facts = [d for d in _nodes(graph).values() if d["kind"] == "fact"]
    assert facts, "the answer is read off a belief: its facts are on the path"
    for fact in facts:
        belief = beliefs[fact["ref"]]
        assert belief.statement in fact["label"]
        assert f"confidence {belief.confidence:.2f}" in fact["label"]
        assert set(belief.dia_ids) & set(answer.supports)  # it rests on the answer's turn
    assert ("fact:" + facts[0]["ref"], next(k for k, d in _nodes(graph).items()
                                            if d.get("support"))) in _edges(graph, "from")


def test_an_empty_namespace_is_said_to_be_empty(demo_store: str) -> None:
    with Memory.open(Settings(), store=demo_store, ns="nothing-here") as memory:
        answer = memory.ask("Where does Maya live now?")
        graph = trace_graph(answer, "Where does Maya live now?", store_lookup(memory.store))
    assert graph["empty"] is True and graph["supports"] == []  # the page says so in words


def test_the_trace_file_is_self_contained(demo_store: str) -> None:
    with Memory.open(Settings(), store=demo_store, ns=NS) as memory:
        answer = memory.ask("When did Maya adopt the dog?")
        graph = trace_graph(answer, "When did Maya adopt the dog? </script>",
                            store_lookup(memory.store))
    page = trace_html(graph)
    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:)?//""", page)  # nothing fetched
    assert '<link rel="icon" href="data:,">' in page  # no request for a favicon either
    assert 'version="3.34.4"' in page and "MrgraphTrace" in page
    data = re.search(r'<script type="application/json" id="trace-data">(.*?)</script>', page,
                     flags=re.S)
    assert data and json.loads(data.group(1)) == graph  # the question's "</script>" escaped
    assert "&lt;/script&gt;" in page.split("<body>")[1].split("<main>")[0]


def test_the_vendored_library_is_the_recorded_release() -> None:
    vendor = resources.files("mrgraph.serve").joinpath("static", "vendor")
    data = vendor.joinpath("cytoscape.min.js").read_bytes()
    assert hashlib.sha256(data).hexdigest() == VENDOR_SHA256
    note = vendor.joinpath("README.md").read_text(encoding="utf-8")
    assert "3.34.4" in note and VENDOR_SHA256 in note and "MIT" in note
    assert "MIT" in vendor.joinpath("cytoscape.LICENSE").read_text(encoding="utf-8") or \
        "Permission is hereby granted" in vendor.joinpath("cytoscape.LICENSE").read_text(
            encoding="utf-8")


def test_the_browser_style_captions_what_the_issue_asks_for() -> None:
    text = (BROWSER_DIR / "style.grass").read_text(encoding="utf-8")
    assert "/*" not in text and "//" not in text  # Browser's parser has no comments
    rules = grass_rules(text)
    captions = {selector: props.get("caption", "") for selector, props in rules.items()}
    assert "{statement}" in captions["node.Fact"]
    assert "{tag}" in captions["node.Episode"] and "{date}" in captions["node.Episode"]
    assert captions["node.Cue"] == "{name}"
    assert "{confidence}" in captions["relationship.BELIEF"]
    # what Browser's parser kept is what the file says (a ':' inside a caption would cut it)
    blocks = re.findall(r"^(\S+) \{\n(.*?)^\}", text, flags=re.M | re.S)
    written = {selector: m.group(1) for selector, body in blocks
               if (m := re.search(r"caption: '([^']*)';", body))}
    assert len(written) >= 10
    assert all(captions[selector] == caption for selector, caption in written.items())
