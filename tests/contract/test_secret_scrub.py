"""Issue 31 item 2 on both stores: a model reply carrying the API key (and the Neo4j password)
plainly, JSON-escaped, URL-encoded or in base64 leaves no trace of it in the store's export, the
embedded store's file, the LLM reply cache, the trace (text and HTML) or the `ask` output.

The model is the fake OpenAI-compatible endpoint (tests/fakes/openai_server.py), driven through
the CLI (`mrgraph.cli.main`): the extraction reply puts the encoded secret in an episode summary,
a fact statement and a topic summary; the answer reply puts it in the answer."""

from __future__ import annotations

import base64
import html
import json
import os
import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from mrgraph.ingest.llm_extract import build_messages
from mrgraph.ingest.loaders import load
from tests.cli_run import endpoint, run
from tests.contract.conftest import Backend
from tests.fakes.openai_server import FakeOpenAIServer
from tests.unit.test_llm_extract import fake_model

API_KEY = "sk-test-SECRET-scrub-4d5e6f7a8b9c0d1e"
GOOD = "## Session 1 — 2023-05-08 13:56\nAnn: I went hiking with Bob yesterday.\n"


def _json_escaped(secret: str) -> str:
    """How a model may write it inside a JSON string: the first letters as \\u escapes."""
    return "".join(f"\\u{ord(c):04x}" for c in secret[:4]) + secret[4:]


def _url_encoded(secret: str) -> str:
    return "".join(f"%{b:02X}" for b in secret.encode("utf-8"))


def _base64(secret: str) -> str:
    return base64.b64encode(secret.encode("utf-8")).decode("ascii")


FORMS: dict[str, Callable[[str], str]] = {
    "plain": lambda s: s, "json-escaped": _json_escaped, "url-encoded": _url_encoded,
    "base64": _base64}


def exposed(blob: str, secret: str) -> list[str]:
    """The forms of `secret` found in `blob`, read raw and after each decoding (independent of
    mrgraph.redact: plain, URL, HTML, JSON escapes)."""
    found = [name for name, form in FORMS.items() if form(secret) in blob]
    unescaped = re.sub(r"\\u([0-9a-fA-F]{4})", lambda m: chr(int(m.group(1), 16)), blob)
    for name, decoded in (("url-decoded", _unquote(blob)), ("html-decoded", html.unescape(blob)),
                          ("json-decoded", unescaped)):
        if secret in decoded:
            found.append(name)
    return found


def _unquote(blob: str) -> str:
    from urllib.parse import unquote
    return unquote(blob)


def files_text(root: Path) -> str:
    return "".join(p.read_bytes().decode("utf-8", "replace") for p in sorted(root.rglob("*"))
                   if p.is_file())


@pytest.fixture
def fake(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[FakeOpenAIServer]:
    yield from endpoint(monkeypatch, tmp_path, API_KEY)


@pytest.mark.parametrize("form", list(FORMS))
def test_an_encoded_secret_in_model_output_reaches_no_store_cache_trace_or_output(
        capsys: pytest.CaptureFixture[str], fake: FakeOpenAIServer, backend: Backend,
        tmp_path: Path, form: str) -> None:
    password = os.environ.get("NEO4J_PASSWORD", "") if backend.kind == "neo4j" else ""
    secrets = [API_KEY, *([password] if password else [])]
    carried = " and ".join(FORMS[form](s) for s in secrets)
    transcript = tmp_path / "good.txt"
    transcript.write_text(GOOD, encoding="utf-8")
    conversation = load(transcript)[0]
    session = conversation.sessions[0]
    reply = fake_model(build_messages(conversation, session, session.turns))
    reply["episodes"][0]["summary"] = f"Ann hikes (key {carried})"
    reply["facts"][0]["statement"] = f"Ann likes {carried}"
    reply["topics"][0]["summary"] = f"About {carried}"
    # the model writes the JSON-escaped form inside its JSON: decoding it gives the secret
    fake.reply(json.dumps(reply).replace("\\\\u", "\\u"))
    where = ["--store", backend.uri, "--ns", backend.ns()]
    backend.open()  # the namespace is wiped after the test
    code, out, err = run(capsys, "ingest", str(transcript), "--extractor", "llm", *where)
    assert code == 0, err
    answer = {"answer": f"the key is {carried}", "supports": [], "confidence": 0.5}
    for _ in range(10):
        fake.reply(json.dumps(answer).replace("\\\\u", "\\u"), usage=(10, 5))
    picture = tmp_path / "trace.html"
    code, out2, err2 = run(capsys, "ask", "When did Ann go hiking?", "--llm", "openai",
                           "--trace", "--trace-html", str(picture), *where)
    assert code == 0, err2
    code, out3, err3 = run(capsys, "ask", "When did Ann go hiking?", "--llm", "openai",
                           "--json", *where)
    assert code == 0, err3
    code, export, err4 = run(capsys, "export", *where)
    assert code == 0, err4
    cache = files_text(tmp_path / ".mrgraph" / "llm-cache")
    # the replies did reach the store, the cache and the answer, with the secret masked
    assert "Ann likes ***" in export and "Ann likes ***" in cache and "***" in out2 + out3
    blobs = {"ingest output": out + err, "ask --trace": out2 + err2, "ask --json": out3 + err3,
             "export": export + err4, "cache": cache, "trace page": picture.read_text("utf-8")}
    if backend.kind == "memory":
        blobs["store files"] = files_text(tmp_path / "graph")
    for name, blob in blobs.items():
        for secret in secrets:
            assert not exposed(blob, secret), (name, exposed(blob, secret))
