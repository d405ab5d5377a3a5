"""The trace page's files: the page at `/` and the self-contained trace file.

The JS graph library is cytoscape.js, vendored from the npm registry into `static/vendor/`
(version, licence and checksum in `static/vendor/README.md`): nothing is loaded from a CDN,
so the page and the file work offline.
"""

from __future__ import annotations

import html
import json
import re
from importlib import resources
from typing import Any, Mapping

_SLOT = re.compile(r"__(TITLE|STYLE|CYTOSCAPE|TRACE_JS|DATA|NS|LEGEND)__")
STATIC_FILES = ("index.html", "trace.js", "style.css", "vendor/cytoscape.min.js")


def static_text(name: str) -> str:
    """A file of mrgraph/serve/static, by its path there."""
    return resources.files("mrgraph.serve").joinpath("static", name).read_text(encoding="utf-8")


def _fill(template: str, slots: Mapping[str, str]) -> str:
    # one pass: text put into a slot is never scanned for slots again
    return _SLOT.sub(lambda m: slots.get(m.group(1), m.group(0)), template)


def index_html(ns: str) -> str:
    """The page at `/`, its namespace field filled with the server's default namespace."""
    return _fill(static_text("index.html"), {"NS": html.escape(ns, quote=True),
                                             "LEGEND": static_text("legend.html")})


def trace_html(graph: Mapping[str, Any]) -> str:
    """One self-contained HTML file (styles, cytoscape.js, drawing code and data inline)
    showing the answer, its sources and the trace as `tracegraph.trace_graph` built it."""
    data = json.dumps(graph, ensure_ascii=False)
    # inside <script> only "</" could end the element early; \u003c keeps the JSON the same
    data = data.replace("<", "\\u003c")
    return _fill(static_text("trace_file.html"), {
        "TITLE": html.escape(str(graph.get("question", ""))),
        "STYLE": static_text("style.css"),
        "CYTOSCAPE": static_text("vendor/cytoscape.min.js"),
        "TRACE_JS": static_text("trace.js"),
        "DATA": data,
        "LEGEND": static_text("legend.html"),  # the page's legend, the same file
    })
