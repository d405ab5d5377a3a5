"""README's Neo4j Browser recipe in the real Browser (the one the live Neo4j serves), driven in
Debian's Chromium by Playwright as a person would: log in, drop the style file on the window,
paste into the editor (the clipboard, Ctrl+V), run. tests/contract/test_neo4j_browser.py replays
the same pastes through the driver; this file checks what Browser shows of them."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import pytest

from mrgraph.config import Settings
from tests.chromium import chromium
from tests.browser_paste import BROWSER_DIR, example_blocks, paste_first_rows
from tests.contract.conftest import sample_namespace
from tests.serve.conftest import ARTIFACTS

URI = os.environ.get("MRGRAPH_TEST_NEO4J_URI")
pytestmark = pytest.mark.skipif(not URI and os.environ.get("MRGRAPH_REQUIRE_NEO4J") != "1",
                                reason="set MRGRAPH_TEST_NEO4J_URI to run against Neo4j")

WAIT_MS = 60_000


@pytest.fixture(scope="module")
def demo_ns() -> Iterator[str]:
    """The demo's sample transcript in a fresh namespace of the live Neo4j."""
    assert URI, "MRGRAPH_REQUIRE_NEO4J=1 but MRGRAPH_TEST_NEO4J_URI is not set"
    with sample_namespace(URI, "brc") as ns:
        yield ns


@pytest.fixture(scope="module")
def browser_page() -> Iterator[Any]:
    """Neo4j Browser, logged in, in a 1400×1000 window that may use the clipboard."""
    settings = Settings.from_env()
    bolt = urlparse(URI or "")
    page_url = (f"http://{bolt.hostname or '127.0.0.1'}:"
                f"{os.environ.get('MRGRAPH_TEST_NEO4J_HTTP_PORT', '7474')}")
    with chromium() as browser:
        context = browser.new_context(viewport={"width": 1400, "height": 1000})
        context.grant_permissions(["clipboard-read", "clipboard-write"], origin=page_url)
        page = context.new_page()
        page.goto(page_url + "/browser/")
        page.wait_for_selector("[data-testid=connect]", timeout=WAIT_MS)
        page.fill("[data-testid=boltaddress]", f"{bolt.hostname}:{bolt.port or 7687}")
        page.fill("[data-testid=username]", settings.neo4j_user)
        page.fill("[data-testid=password]", settings.neo4j_password or "")
        page.click("[data-testid=connect]")
        page.wait_for_selector("text=Connected to Neo4j", timeout=WAIT_MS)
        yield page


def _paste_and_run(page: Any, text: str) -> Any:
    """Paste `text` into Browser's editor and run it; the frame it opens (the newest)."""
    before = page.locator("[data-testid=frame]").count()
    page.evaluate("text => navigator.clipboard.writeText(text)", text)
    page.click("[data-testid=activeEditor]")
    page.keyboard.press("Control+V")
    page.click("[data-testid=editor-Run]")
    page.wait_for_function(f"document.querySelectorAll('[data-testid=frame]').length > {before}",
                           timeout=WAIT_MS)
    frame = page.locator("[data-testid=frame]").first
    # a frame is done when it shows a result: a graph, a table or the multi-statement list
    frame.locator("[data-testid=vizInspector], table, [data-testid=multi-statement-list]"
                  ).first.wait_for(timeout=WAIT_MS)
    return frame


def _drawn_graph(frame: Any) -> tuple[int, int, list[str]]:
    """What `_drawn` gives once the frame's graph is on screen: Browser draws it after the frame
    shows its inspector, later still on a busy machine; counted when two reads agree."""
    frame.locator("g.node").first.wait_for(timeout=WAIT_MS)
    drawn, previous = _drawn(frame), None
    while drawn != previous:
        frame.page.wait_for_timeout(300)
        previous, drawn = drawn, _drawn(frame)
    return drawn


def _drawn(frame: Any) -> tuple[int, int, list[str]]:
    """(nodes, relationships, node captions) the frame's graph draws."""
    captions = frame.locator("g.node").evaluate_all(
        "nodes => nodes.map(n => [...n.querySelectorAll('text')].map(t => t.textContent))")
    return (frame.locator("g.node").count(), frame.locator("g.relationship").count(),
            [" ".join(" ".join(lines).split()) for lines in captions])


def _statements(ns: str) -> list[str]:
    """The statements of the facts Maya's BELIEF edges lead to."""
    import neo4j
    settings = Settings.from_env()
    auth = (settings.neo4j_user, settings.neo4j_password or "")
    with neo4j.GraphDatabase.driver(URI or "", auth=auth) as driver:
        records, _, _ = driver.execute_query(
            "MATCH (:Cue {ns: $ns, key: 'maya'})-[:BELIEF]->(f:Fact) RETURN f.statement AS s",
            {"ns": ns}, database_=settings.neo4j_database)
    return [str(record["s"]) for record in records]


def test_the_readme_example_pasted_as_it_stands_draws_the_graph(
        browser_page: Any, demo_ns: str, tmp_path: Path) -> None:
    page = browser_page
    style = (BROWSER_DIR / "style.grass").read_text(encoding="utf-8")
    dropped = page.evaluate_handle("""text => { const dt = new DataTransfer();
        dt.items.add(new File([text], 'style.grass')); return dt; }""", style)
    for event in ("dragenter", "dragover", "drop"):  # what a file manager's drag does
        page.dispatch_event("[data-testid=main]", event, {"dataTransfer": dropped})
    page.wait_for_selector("[data-testid=frameCommand] >> text=:style", timeout=WAIT_MS)
    (example,) = example_blocks()
    frame = _paste_and_run(page, example.replace("'default'", f"'{demo_ns}'"))
    nodes, relationships, captions = _drawn_graph(frame)
    shot = tmp_path / "browser_recipe.png"
    page.wait_for_timeout(1500)  # the graph's force layout settles
    page.screenshot(path=str(shot))
    ARTIFACTS.append(str(shot))
    statements = _statements(demo_ns)
    assert len(statements) >= 3 and (nodes, relationships) == (len(statements) + 1,
                                                                len(statements))
    assert frame.locator("[data-testid=multi-statement-list]").count() == 0
    # the style is in force: facts are captioned by their statement (Browser may cut a long
    # one short with "…"), the cue by its name; no caption is the namespace
    assert "Maya" in captions and not any(demo_ns in c for c in captions)
    assert all(any(s.startswith(c.rstrip("…").strip()) for c in captions if c != "Maya")
               for s in statements), (captions, statements)
    assert shot.stat().st_size > 20_000


def test_a_file_shows_its_graph_when_its_parameters_run_first(browser_page: Any,
                                                               demo_ns: str) -> None:
    """As README says: pasted with its `:param` lines Browser shows only a tick per statement;
    the `:param` lines run first, then the file alone, it draws the graph."""
    page = browser_page
    params = paste_first_rows()["entity_beliefs.cypher"].replace("'default'", f"'{demo_ns}'")
    query = (BROWSER_DIR / "entity_beliefs.cypher").read_text(encoding="utf-8")
    together = _paste_and_run(page, params + "\n" + query)
    statements = together.locator("[data-testid=multi-statement-list-title]")
    assert statements.count() == 3 and _drawn(together)[0] == 0
    _paste_and_run(page, params)
    nodes, relationships, _ = _drawn_graph(_paste_and_run(page, query))
    assert nodes > len(_statements(demo_ns)) and relationships >= nodes - 1
