"""The trace page and the trace file in a real headless Chromium (Debian's `chromium`, which
.ci/run installs), driven by Playwright, in a 1400x1000 window over the demo's sample:

- at the opening zoom every label is at least 11 px on screen (font size x zoom), and the
  answer's path, the turns it rests on included, lies inside the visible picture;
- a real click on the answer's turn shows its words, speaker and date in the panel beside the
  picture; a round's count expands into its calls; the wheel zooms;
- each ask starts clean, an empty namespace is said to be empty, nothing is fetched from
  another host and no request fails (no favicon 404).

Screenshots of three questions (opening view, tapped turn) are written to
$MRGRAPH_SCREENSHOT_DIR when set, else under the test's tmp path; their paths are printed at the
end of the pytest run."""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import pytest
from typer.testing import CliRunner

from mrgraph.cli import app
from mrgraph.config import Settings
from mrgraph.engine import Memory
from mrgraph.ingest.sample import sample_path
from mrgraph.serve.http_api import create_app
from mrgraph.serve.service import Service
from mrgraph.types import Answer
from tests.serve.conftest import ARTIFACTS, NS, serving

WINDOW = {"width": 1400, "height": 1000}
READABLE_PX = 11
QUESTIONS = ("When did Maya adopt the dog?", "Where does Maya live now?",
             "What did Jonas build at the community garden?")


@dataclass(frozen=True)
class Served:
    url: str  # the server's base URL
    uri: str  # its store
    answers: dict[str, Answer]  # each of QUESTIONS answered by the library itself


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """One store holding the sample and a server on it, for the whole module."""
    uri = f"file:{tmp_path_factory.mktemp('browser') / 'graph'}"
    with Memory.open(Settings(), store=uri, ns=NS) as memory:
        memory.ingest([sample_path()])
        answers = {q: memory.ask(q) for q in QUESTIONS}
    service = Service(Settings(), uri)
    try:
        with serving(create_app(service, default_ns=NS)) as url:
            yield Served(url, uri, answers)
    finally:
        service.close()


@pytest.fixture
def watched(browser: Any) -> Iterator["Watched"]:
    page = Watched(browser)
    try:
        yield page
    finally:
        page.page.close()


def _shots(tmp_path: Path) -> Path:
    where = Path(os.environ.get("MRGRAPH_SCREENSHOT_DIR") or tmp_path / "screenshots")
    where.mkdir(parents=True, exist_ok=True)
    return where


class Watched:
    """A page that records script errors, requests to another host and failed responses."""

    def __init__(self, browser: Any) -> None:
        self.page = browser.new_page(viewport=WINDOW)
        self.errors: list[str] = []
        self.foreign: list[str] = []
        self.failed: list[str] = []
        self.page.on("pageerror", lambda exc: self.errors.append(str(exc)))
        self.page.on("response", lambda r: self.failed.append(f"{r.status} {r.url}")
                     if r.status >= 400 and "/api/" not in r.url else None)
        self.page.route("**/*", self._check)

    def _check(self, route: Any) -> None:
        url = urlparse(route.request.url)
        if url.scheme not in ("file", "data") and url.hostname != "127.0.0.1":
            self.foreign.append(route.request.url)
            route.abort()
        else:
            route.continue_()

    def clean(self) -> bool:
        return self.errors == [] and self.foreign == [] and self.failed == []


def _ask(page: Any, question: str, ns: str = NS) -> None:
    page.evaluate("() => { document.body.dataset.state = ''; }")  # not the last ask's state
    page.fill("input[name=ns]", ns)
    page.fill("input[name=question]", question)
    page.click("button[type=submit]")
    page.wait_for_selector("body[data-state=answered], body[data-state=error]", timeout=30_000)


# What the opening view shows, measured in the page: the smallest label on screen, where the
# path's elements are drawn (with their labels) against the visible picture, where the panel is.
MEASURE = """() => {
    const cy = window.mrgraphCy, zoom = cy.zoom();
    const rect = (el) => { const r = el.getBoundingClientRect();
        return {left: r.left, top: r.top, right: r.right, bottom: r.bottom}; };
    const labelled = cy.elements().filter((e) => e.visible() && e.data('label'));
    const sizes = labelled.map((e) => parseFloat(e.style('font-size')) * zoom);
    const outside = cy.elements('[?path]').union(cy.edges()).filter((e) => {
        const b = e.renderedBoundingBox({includeLabels: true});
        return b.x1 < 0 || b.y1 < 0 || b.x2 > cy.width() || b.y2 > cy.height(); });
    return {zoom: zoom, smallest: Math.min(...sizes), labels: sizes.length,
            outside: outside.map((e) => e.id()),
            supports: cy.nodes('[?support]').length,
            pathCalls: cy.nodes("[kind = 'call'][?path]").length,
            rounds: cy.nodes("[kind = 'round']").map((n) => n.data('count')),
            trace: rect(document.getElementById('trace')),
            detail: rect(document.getElementById('detail')),
            window: {width: innerWidth, height: innerHeight}};
}"""


def _check_opening_view(view: dict[str, Any], summary: dict[str, Any]) -> None:
    assert view["smallest"] >= READABLE_PX, view
    assert view["outside"] == []  # the whole path, its turns included, seen without zooming
    assert view["supports"] >= 1 and view["pathCalls"] == summary["on_path"]
    assert sum(view["rounds"]) == summary["collapsed"] == summary["calls"] - summary["on_path"]
    trace, detail, window = view["trace"], view["detail"], view["window"]
    assert detail["left"] >= trace["right"] and detail["top"] < trace["bottom"]  # beside it
    assert max(trace["bottom"], detail["bottom"]) <= window["height"]  # both on screen


def _tap_support(page: Any) -> str:
    """A real mouse click on the first turn the answer rests on; the panel's text after it."""
    at = page.evaluate("""() => { const r = document.getElementById('trace')
        .getBoundingClientRect(); const p = window.mrgraphCy.nodes('[?support]')[0]
        .renderedPosition(); return {x: r.left + p.x, y: r.top + p.y}; }""")
    page.mouse.click(at["x"], at["y"])
    return str(page.inner_text("#detail"))


@pytest.mark.parametrize("number,question", list(enumerate(QUESTIONS)))
def test_the_answers_path_is_readable_at_the_opening_zoom(
        served: Served, watched: Watched, tmp_path: Path, number: int, question: str) -> None:
    expected = served.answers[question]
    page = watched.page
    shots = _shots(tmp_path)
    page.goto(served.url + "/")
    assert page.input_value("input[name=ns]") == NS
    _ask(page, question)
    summary = page.evaluate("() => window.mrgraphTrace.summary")
    view = page.evaluate(MEASURE)
    page.screenshot(path=str(shots / f"q{number + 1}-opening.png"))
    tapped = _tap_support(page)
    page.screenshot(path=str(shots / f"q{number + 1}-tapped-turn.png"))
    ARTIFACTS.extend(str(shots / f"q{number + 1}-{n}.png") for n in ("opening", "tapped-turn"))
    assert page.inner_text("#answer .answer-text") == expected.answer
    _check_opening_view(view, summary)
    source = expected.sources[0]
    assert source.text in tapped and source.speaker in tapped and source.date in tapped
    assert watched.clean(), (watched.errors, watched.foreign, watched.failed)


def test_rounds_expand_the_wheel_zooms_and_each_ask_starts_clean(
        served: Served, watched: Watched) -> None:
    page = watched.page
    page.goto(served.url + "/")
    _ask(page, QUESTIONS[0])
    count = page.evaluate("() => window.mrgraphCy.getElementById('round:2').data('count')")
    before = page.evaluate("() => window.mrgraphCy.nodes().length")
    page.evaluate("() => { window.mrgraphCy.getElementById('round:2').emit('tap'); }")
    expanded = page.evaluate("() => window.mrgraphCy.nodes().length")
    listed = page.locator("#detail li").count()
    page.evaluate("() => { window.mrgraphCy.getElementById('round:2').emit('tap'); }")
    collapsed = page.evaluate("() => window.mrgraphCy.nodes().length")
    page.wait_for_timeout(300)  # the expand animation has ended
    zoom = page.evaluate("() => window.mrgraphCy.zoom()")
    box = page.locator("#trace").bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.wheel(0, -100)  # one notch of a mouse wheel, towards the reader
    page.wait_for_timeout(100)
    zoomed = page.evaluate("() => window.mrgraphCy.zoom()")
    _tap_support(page)
    _ask(page, QUESTIONS[1])  # a new ask: the previous question's detail is gone
    panel = page.inner_text("#detail")
    _ask(page, QUESTIONS[0], ns="nothing-here")
    empty = page.inner_text("#trace")
    _ask(page, QUESTIONS[0], ns="")  # a bad request: the page shows the API's one line
    shown_error = page.inner_text("#error")
    cleared = page.inner_text("#answer")
    assert count > 0 and expanded == before + count + 1 and collapsed == before  # +1: its box
    assert listed == count
    assert 1.1 < zoomed / zoom < 1.5, (zoom, zoomed)
    assert panel.startswith("Tap a node")
    assert "holds no conversations" in empty
    assert shown_error.startswith("body.ns:") and cleared == ""
    assert watched.clean(), (watched.errors, watched.foreign, watched.failed)


def test_the_trace_file_is_the_same_page_offline(served: Served, watched: Watched,
                                                  tmp_path: Path) -> None:
    out = tmp_path / "trace.html"
    result = CliRunner().invoke(app, ["ask", QUESTIONS[1], "--store", served.uri, "--ns", NS,
                                      "--trace-html", str(out)], catch_exceptions=False)
    assert result.exit_code == 0 and f"written to {out}" in result.stderr
    page = watched.page
    page.goto(out.as_uri())
    page.wait_for_selector("body[data-state=answered]", timeout=30_000)
    view = page.evaluate(MEASURE)
    summary = page.evaluate("() => window.mrgraphTrace.summary")
    tapped = _tap_support(page)
    shot = _shots(tmp_path) / "trace-file-tapped-turn.png"
    page.screenshot(path=str(shot))
    ARTIFACTS.append(str(shot))
    assert "Denver" in page.inner_text("#answer .answer-text")
    _check_opening_view(view, summary)
    assert "Maya" in tapped and "Denver" in tapped
    assert watched.clean(), (watched.errors, watched.foreign, watched.failed)
