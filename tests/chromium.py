"""Debian's Chromium, headless, driven by Playwright: the one launch every browser test uses
(tests/serve: the trace page and /docs; tests/contract: Neo4j Browser)."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from tests.required import missing

CHROMIUM = "/usr/bin/chromium"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run"]


@contextmanager
def chromium() -> Iterator[Any]:
    """A launched browser, closed on exit. Where Chromium is missing the test is skipped, or
    fails under MRGRAPH_REQUIRE_LOCAL=1 (tests.required: tools/test-deps.sh installs it)."""
    if not shutil.which(CHROMIUM):
        missing(f"{CHROMIUM} is not installed (bash tools/test-deps.sh installs chromium)")
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
        try:
            yield browser
        finally:
            browser.close()
