"""The trace page and the trace file in a real headless Chromium (Debian's `chromium`, which
.ci/run installs), driven by Playwright: the page loads, a question gets its answer and
sources, the trace renders, and a screenshot is saved for people to look at (its path is
printed at the end of the pytest run)."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import pytest
from typer.testing import CliRunner

from mrgraph.cli import app
from mrgraph.serve.http_api import create_app
from mrgraph.serve.service import Service
from tests.serve.conftest import ARTIFACTS, NS, serving

CHROMIUM = "/usr/bin/chromium"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run"]
QUESTION = "Where does Maya live now?"


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if not shutil.which(CHROMIUM):
        if os.environ.get("CI"):
            pytest.fail(f"CI: {CHROMIUM} is missing (.ci/run installs Debian's chromium)")
        pytest.skip(f"{CHROMIUM} not installed (apt-get install chromium)")
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
        try:
            yield b
        finally:
            b.close()


def _page(browser: Any) -> tuple[Any, list[str], list[str]]:
    """A page that records script errors and every request to a host other than ours."""
    page = browser.new_page(viewport={"width": 1400, "height": 1100})
    errors: list[str] = []
    foreign: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))

    def check(route: Any) -> None:
        url = urlparse(route.request.url)
        if url.scheme not in ("file", "data") and url.hostname != "127.0.0.1":
            foreign.append(route.request.url)
            route.abort()
        else:
            route.continue_()
    page.route("**/*", check)
    return page, errors, foreign


def _trace_dom(page: Any) -> dict[str, Any]:
    return page.evaluate("""() => {
        const box = document.getElementById('trace');
        const cy = window.mrgraphCy;
        const bb = cy.elements().renderedBoundingBox();
        return {canvases: box.querySelectorAll('canvas').length, calls: +box.dataset.calls,
                rounds: +box.dataset.rounds, kept: +box.dataset.kept,
                support: cy.nodes('[?support]').length, width: bb.w, height: bb.h,
                version: cytoscape.version};
    }""")


def test_the_page_answers_and_draws_the_trace(browser: Any, service: Service,
                                               tmp_path: Path) -> None:
    expected = service.ask(QUESTION, ns=NS)
    page, errors, foreign = _page(browser)
    with serving(create_app(service, default_ns=NS)) as url:
        page.goto(url + "/")
        assert page.title().startswith("mrgraph")
        assert page.input_value("input[name=ns]") == NS
        page.fill("input[name=question]", QUESTION)
        page.click("button[type=submit]")
        page.wait_for_selector("body[data-state=answered]", timeout=30_000)
        answer = page.inner_text("#answer .answer-text")
        quotes = page.locator("#answer .sources li q").all_inner_texts()
        dom = _trace_dom(page)
        # (returns nothing: a cytoscape collection would be serialised, slowly)
        page.evaluate("() => { window.mrgraphCy.getElementById('call:0').emit('tap'); }")
        detail = page.inner_text("#trace-detail")
        shot = tmp_path / "trace_page.png"
        page.screenshot(path=str(shot), full_page=True)
        page.fill("input[name=ns]", "")  # a bad request: the page shows the API's one line
        page.click("button[type=submit]")
        page.wait_for_selector("body[data-state=error]", timeout=30_000)
        shown_error = page.inner_text("#error")
    ARTIFACTS.append(str(shot))
    assert shown_error.startswith("body.ns:")
    assert answer == expected["answer"]
    assert quotes and expected["sources"][0]["text"] in quotes[0]
    assert dom["version"] == "3.34.4" and dom["canvases"] >= 1
    assert dom["calls"] == expected["tool_calls"] and dom["rounds"] == expected["rounds"]
    assert dom["kept"] > 0 and dom["support"] >= 1
    assert '"tool": "search_cues"' in detail or '"tool": "search_events"' in detail
    assert dom["width"] > 200 and dom["height"] > 100  # drawn, not collapsed to a point
    assert errors == [] and foreign == []
    assert shot.stat().st_size > 20_000


def test_the_trace_file_renders_offline(browser: Any, demo_store: str, tmp_path: Path) -> None:
    out = tmp_path / "trace.html"
    result = CliRunner().invoke(app, ["ask", QUESTION, "--store", demo_store, "--ns", NS,
                                      "--trace-html", str(out)], catch_exceptions=False)
    assert result.exit_code == 0 and f"written to {out}" in result.stderr
    page, errors, foreign = _page(browser)
    page.goto(out.as_uri())
    page.wait_for_selector("body[data-state=answered]", timeout=30_000)
    dom = _trace_dom(page)
    shot = tmp_path / "trace_file.png"
    page.screenshot(path=str(shot), full_page=True)
    ARTIFACTS.append(str(shot))
    assert "Denver" in page.inner_text("#answer .answer-text")
    assert dom["calls"] > 0 and dom["kept"] > 0 and dom["canvases"] >= 1
    assert errors == [] and foreign == []
