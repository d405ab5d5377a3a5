"""Neo4j Browser is served by the launcher next to Bolt, for inspecting the memory."""

from __future__ import annotations

import os
import re
import urllib.request
import uuid
from collections.abc import Iterator
from typing import Any
from urllib.parse import urlparse

import pytest

from mrgraph.config import Settings
from tests.browser_paste import (BROWSER_DIR, example_blocks, grass_rules, paste_first_rows,
                                 run_pasted)
from mrgraph.store.uri import open_store
from tests.contract.conftest import World, _wipe_neo4j, sample_namespace, write_an_experience

URI = os.environ.get("MRGRAPH_TEST_NEO4J_URI")
pytestmark = pytest.mark.skipif(not URI and os.environ.get("MRGRAPH_REQUIRE_NEO4J") != "1",
                                reason="set MRGRAPH_TEST_NEO4J_URI to run against Neo4j")


def test_the_browser_page_is_served() -> None:
    assert URI, "MRGRAPH_REQUIRE_NEO4J=1 but MRGRAPH_TEST_NEO4J_URI is not set"
    host = urlparse(URI).hostname or "127.0.0.1"
    port = os.environ.get("MRGRAPH_TEST_NEO4J_HTTP_PORT", "7474")
    with urllib.request.urlopen(f"http://{host}:{port}/browser/", timeout=30) as response:
        page = response.read().decode("utf-8", "replace")
        assert response.status == 200
    assert "<title>Neo4j Browser</title>" in page


# ------------------------------------------------------------------ pasted as the README says


@pytest.fixture(scope="module")
def demo_ns() -> Iterator[str]:
    """The demo's sample transcript ingested into a fresh namespace of the live Neo4j."""
    assert URI, "MRGRAPH_REQUIRE_NEO4J=1 but MRGRAPH_TEST_NEO4J_URI is not set"
    with sample_namespace(URI, "br", also=write_an_experience) as ns:  # experiences.cypher
        yield ns


@pytest.fixture(scope="module")
def driver() -> Iterator[Any]:
    import neo4j
    settings = Settings.from_env()
    auth = (settings.neo4j_user, settings.neo4j_password or "")
    with neo4j.GraphDatabase.driver(URI or "", auth=auth) as d:
        yield d


def _as_pasted(paste: str, ns: str) -> str:
    # the README's namespace is 'default'; the test's own namespace stands in for it
    return paste.replace("'default'", f"'{ns}'")


def test_every_browser_file_runs_as_the_readme_says_to_paste_it(demo_ns: str,
                                                                  driver: Any) -> None:
    rows = paste_first_rows()
    files = sorted(BROWSER_DIR.glob("*.cypher"))
    assert len(files) >= 9 and sorted(rows) == [f.name for f in files]
    for file in files:
        paste = _as_pasted(rows[file.name], demo_ns) + "\n" + file.read_text(encoding="utf-8")
        results = run_pasted(driver, paste, Settings.from_env().neo4j_database)
        assert len(results) == 1, file.name  # the :param lines set parameters, one query runs
        assert results[0], f"{file.name} returned no rows on the demo's graph"


def test_the_readme_example_runs_as_pasted(demo_ns: str, driver: Any) -> None:
    blocks = example_blocks()
    assert blocks
    for block in blocks:
        results = run_pasted(driver, _as_pasted(block, demo_ns),
                             Settings.from_env().neo4j_database)
        assert results and all(results), block
        # the demo's sample holds several beliefs about its person: one row per BELIEF edge
        assert len(results[-1]) >= 3 and all(set(row) == {"c", "b", "f"} for row in results[-1])


def test_cue_tags_table_lists_the_most_frequent_tag_first(driver: Any) -> None:
    """On the contract tests' shared graph, where one cue reaches 3 episodes under one tag
    and 1 under another (the demo's tags each hold one episode: no order to see there)."""
    settings = Settings.from_env()
    ns = f"br{uuid.uuid4().hex[:12]}"
    store = open_store(URI, ns, settings)
    try:
        World(ns).write_into(store)
        paste = _as_pasted(paste_first_rows()["cue_tags_table.cypher"], ns).replace(
            "'Maya'", "'Alice'") + "\n" + \
            (BROWSER_DIR / "cue_tags_table.cypher").read_text(encoding="utf-8")
        rows = run_pasted(driver, paste, settings.neo4j_database)[0]
    finally:
        store.close()
        _wipe_neo4j(URI or "", {ns}, settings)
    assert [row["episodes"] for row in rows] == [3, 1]


def test_style_captions_name_properties_the_graph_holds(demo_ns: str, driver: Any) -> None:
    rules = grass_rules((BROWSER_DIR / "style.grass").read_text(encoding="utf-8"))
    checked = 0
    for selector, props in rules.items():
        kind, _, name = selector.partition(".")
        caption = props.get("caption", "")
        names = re.findall(r"\{([^{}]*)\}", caption)
        if not name or not names:
            continue
        records, _, _ = driver.execute_query(
            "MATCH (n) WHERE n.ns = $ns AND $label IN labels(n) RETURN keys(n) AS k LIMIT 50"
            if kind == "node" else
            "MATCH (a)-[r]->() WHERE a.ns = $ns AND type(r) = $label RETURN keys(r) AS k "
            "LIMIT 50",
            {"ns": demo_ns, "label": name}, database_=Settings.from_env().neo4j_database)
        held = {key for record in records for key in record["k"]}
        assert records and set(names) <= held, (selector, names, held)
        checked += 1
    assert checked >= 8
