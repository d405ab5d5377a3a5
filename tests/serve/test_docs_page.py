"""`/docs` (Swagger UI) renders offline in a real headless Chromium: every request
a page makes goes to the server itself (any other is aborted and fails the test), the
operations and the error schema appear, and a screenshot is saved (its path printed at the end
of the run) and checked to be a picture, not a blank page."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

from mrgraph.serve.http_api import create_app
from mrgraph.serve.service import Service
from tests.serve.conftest import ARTIFACTS, NS, serving

NOTES_COPY = Path("/work/notes/http-docs.png")  # for the people of this project, when present


def _colours(png: bytes) -> int:
    """Distinct pixel colours of a screenshot (a blank page has one or two)."""
    from io import BytesIO

    from PIL import Image

    image = Image.open(BytesIO(png)).convert("RGB").resize((350, 250))
    return len(image.getcolors(maxcolors=1 << 20) or ())


def _offline_page(browser: Any) -> tuple[Any, list[str], list[str]]:
    """A page that records script errors and aborts (and records) every request to a host
    other than the server's."""
    page = browser.new_page(viewport={"width": 1400, "height": 1100})
    errors: list[str] = []
    foreign: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))

    def check(route: Any) -> None:
        url = urlparse(route.request.url)
        if url.scheme not in ("data", "blob") and url.hostname != "127.0.0.1":
            foreign.append(route.request.url)
            route.abort()
        else:
            route.continue_()
    page.route("**/*", check)
    return page, errors, foreign


def test_the_docs_render_offline(browser: Any, service: Service, tmp_path: Path) -> None:
    page, errors, foreign = _offline_page(browser)
    with serving(create_app(service, default_ns=NS)) as url:
        page.goto(url + "/docs")
        page.wait_for_selector(".opblock-summary-path", timeout=30_000)
        paths = page.locator(".opblock-summary-path").all_inner_texts()
        page.click("#operations-default-ask_api_ask_post .opblock-summary")
        page.wait_for_selector("#operations-default-ask_api_ask_post .responses-table",
                               timeout=30_000)
        shown = page.inner_text("#operations-default-ask_api_ask_post")
        shot = tmp_path / "http-docs.png"
        png = page.screenshot(path=str(shot), full_page=False)
    ARTIFACTS.append(str(shot))
    if NOTES_COPY.parent.is_dir():
        shutil.copyfile(shot, NOTES_COPY)
    assert errors == [] and foreign == []
    assert {"/api/ask", "/api/ingest", "/api/traces/{trace_id}", "/api/stats"} <= set(paths)
    assert all(str(status) in shown for status in (400, 401, 413, 421, 422, 503))
    assert '"error": "string"' in shown  # the error shape, as Swagger UI shows its example
    assert _colours(png) > 50, "the screenshot is (nearly) blank"
