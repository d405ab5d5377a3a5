"""The trace picture's data (tracegraph), the self-contained file, the vendored library and
the Browser style file, without a browser (tests/serve/test_browser.py renders them)."""

from __future__ import annotations

import hashlib
import json
import re
from importlib import resources

from mrgraph.config import Settings
from mrgraph.engine import Memory
from mrgraph.serve.page import trace_html
from mrgraph.serve.tracegraph import COLUMN, trace_graph
from mrgraph.types import Answer, NodeRecord, Step
from tests.browser_paste import BROWSER_DIR, grass_rules
from tests.serve.conftest import NS

VENDOR_SHA256 = "081591ab735b2b6a3b31a3c60f8f3a3e2fee8c92939e0c7820ad1208571b6cd8"


def _answer() -> Answer:
    """Two rounds: a search reaches two episodes (one kept), the reverse hop on the kept one
    reaches a cue, then the cue's tags; the answer rests on turn D1:2."""
    steps = (
        Step(1, "search_events", {"text": "dog", "limit": 10}, ("ep-aaaaaaaaaaaaaaaa",
             "ep-bbbbbbbbbbbbbbbb"), ("ep-aaaaaaaaaaaaaaaa",)),
        Step(2, "event_keywords", {"event_id": "ep-aaaaaaaaaaaaaaaa"},
             ("cue-cccccccccccccccc",), ("cue-cccccccccccccccc",)),
        Step(2, "event_context", {"event_id": "ep-aaaaaaaaaaaaaaaa", "window": 1},
             ("D1:1", "D1:2"), ("D1:1", "D1:2")),
        Step(3, "cue_tags", {"cue": "cue-cccccccccccccccc", "limit": 50}, ("adopted dog",), (),
             error=None),
    )
    return Answer("2023-03-17", ("D1:2",), 0.8, 3, 4, 0, 5.0, steps, ("D1:1", "D1:2"))


NAMES = {"ep-aaaaaaaaaaaaaaaa": NodeRecord("Episode", "ep-aaaaaaaaaaaaaaaa",
                                           {"date": "2023-03-17", "tag": "adopted dog"}),
         "cue-cccccccccccccccc": NodeRecord("Cue", "cue-cccccccccccccccc", {"name": "Biscuit"})}


def test_rounds_are_columns_and_calls_their_nodes() -> None:
    graph = trace_graph(_answer(), "When?", NAMES.get)
    nodes = {n["data"]["id"]: n for n in graph["elements"]["nodes"]}
    assert [k for k in nodes if k.startswith("round:")] == ["round:1", "round:2", "round:3"]
    calls = [n for n in nodes.values() if n["data"]["kind"] == "call"]
    assert len(calls) == 4
    for call in calls:  # each call sits in its round's column, inside its round
        assert call["position"]["x"] == call["data"]["round"] * COLUMN
        assert call["data"]["parent"] == f"round:{call['data']['round']}"
    # an episode is captioned by the day it was said, as people say it
    assert nodes["call:1"]["data"]["label"].startswith(
        "event_keywords(event_id: said 17 March 2023")


def test_what_each_hop_reached_is_shared_and_kept_evidence_marked() -> None:
    graph = trace_graph(_answer(), "When?", NAMES.get)
    nodes = {n["data"]["id"]: n["data"] for n in graph["elements"]["nodes"]}
    edges = [e["data"] for e in graph["elements"]["edges"]]
    assert nodes["episode:ep-aaaaaaaaaaaaaaaa"]["kept"] is True
    assert nodes["episode:ep-bbbbbbbbbbbbbbbb"]["kept"] is False
    assert nodes["cue:cue-cccccccccccccccc"]["label"] == "Biscuit"
    assert nodes["turn:D1:2"]["support"] is True and nodes["turn:D1:1"]["support"] is False
    assert nodes["tag:adopted dog"]["kind"] == "tag"
    hops = {(e["source"], e["target"]) for e in edges if e["kind"] == "hop"}
    # the kept episode leads to both calls made on it, the cue it yielded to cue_tags
    assert hops == {("episode:ep-aaaaaaaaaaaaaaaa", "call:1"),
                    ("episode:ep-aaaaaaaaaaaaaaaa", "call:2"),
                    ("cue:cue-cccccccccccccccc", "call:3")}
    kept = {(e["source"], e["target"]) for e in edges if e["kind"] == "reach" and e["kept"]}
    assert ("call:0", "episode:ep-aaaaaaaaaaaaaaaa") in kept
    assert ("call:0", "episode:ep-bbbbbbbbbbbbbbbb") not in kept


def test_the_trace_file_is_self_contained(demo_store: str) -> None:
    with Memory.open(Settings(), store=demo_store, ns=NS) as memory:
        answer = memory.ask("When did Maya adopt the dog?")
        graph = trace_graph(answer, "When did Maya adopt the dog? </script>", memory.store.get_node)
    page = trace_html(graph)
    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:)?//""", page)  # nothing fetched
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
