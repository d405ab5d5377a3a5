"""mrgraph.redact: every form of a remembered secret is scrubbed, after every decoding; nothing
else is touched. And the OpenAI backend hands out replies scrubbed after its JSON decoding."""

from __future__ import annotations

import base64
import io
import json
from pathlib import Path
from urllib.parse import quote

import pytest

from mrgraph import redact
from mrgraph.ingest.extract import HeuristicExtractor
from mrgraph.ingest.pipeline import ingest_file
from mrgraph.ingest.sample import sample_path
from mrgraph.llm.base import Message, ToolSpec
from mrgraph.llm.openai import OpenAIChat
from mrgraph.llm.scripted import ScriptedLLM
from mrgraph.reconstruct import ask
from mrgraph.store.memory import MemoryStore
from tests.fakes.openai_server import FakeOpenAIServer

KEY = "sk-test-SECRET-redact-0f1e2d3c4b5a"
PASSWORD = "pw with spaces & /slashes/ é"


@pytest.fixture(autouse=True)
def secrets() -> None:
    redact.remember_secret(KEY)
    redact.remember_secret(PASSWORD)


def _b64_inside(secret: str, prefix: bytes) -> str:
    return base64.b64encode(prefix + secret.encode() + b" and more").decode()


FORMS = {
    "plain": lambda s: s,
    "json escapes, some": lambda s: json.dumps(s)[1:-1].replace(s[0], f"\\u{ord(s[0]):04x}", 1),
    "json escapes, all, upper case": lambda s: "".join(f"\\u{ord(c):04X}" for c in s),
    "json short escapes": lambda s: json.dumps(s)[1:-1].replace("/", "\\/"),
    "url-encoded": lambda s: quote(s, safe=""),
    "url-encoded, every byte": lambda s: "".join(f"%{b:02x}" for b in s.encode()),
    "url form, plus for space": lambda s: quote(s, safe="").replace("%20", "+"),
    "html references": lambda s: "".join(f"&#{ord(c)};" for c in s),
    "html hex references": lambda s: "".join(f"&#x{ord(c):X};" for c in s),
    "base64": lambda s: base64.b64encode(s.encode()).decode(),
    "base64 url-safe": lambda s: base64.urlsafe_b64encode(s.encode()).decode(),
    "base64 at offset 1": lambda s: _b64_inside(s, b"k:"[:1]),
    "base64 at offset 2": lambda s: _b64_inside(s, b"k:"),
    "base64 at offset 0 inside": lambda s: _b64_inside(s, b"key"),
    "json escape, url-encoded": lambda s: quote(f"\\u{ord(s[0]):04x}" + s[1:], safe=""),
}


@pytest.mark.parametrize("secret", [KEY, PASSWORD])
@pytest.mark.parametrize("form", list(FORMS))
def test_every_form_is_scrubbed(secret: str, form: str) -> None:
    text = f"before {FORMS[form](secret)} after"
    assert redact.contains_secret(text)
    clean = redact.scrub(text)
    assert not redact.contains_secret(clean) and "***" in clean
    assert secret not in clean and FORMS[form](secret) not in clean


@pytest.mark.parametrize("text", ["", "plain words", "C++ & co: 50% off \\n", KEY[:-1],
                                  "sk-test-SECRET", base64.b64encode(KEY[:-3].encode()).decode()])
def test_text_without_a_secret_is_left_alone(text: str) -> None:
    assert not redact.contains_secret(text) and redact.scrub(text) == text


def test_short_secrets_are_not_remembered() -> None:
    redact.remember_secret("neo4j")  # a common word in a transcript: scrubbing it corrupts
    assert redact.scrub("I use neo4j") == "I use neo4j"


def test_a_decoded_value_is_scrubbed_and_an_untouched_one_kept() -> None:
    value = json.loads(json.dumps({"a": [1.5, 2], "b": {"c": KEY}, KEY: True}))
    assert redact.scrub_value(value) == {"a": [1.5, 2], "b": {"c": "***"}, "***": True}
    clean = {"a": [1.0] * 10, "b": ("x", "y")}
    assert redact.scrub_value(clean) is clean
    escaped = '{"k": "\\u0073k-test-SECRET-redact-0f1e2d3c4b5a"}'
    assert json.loads(redact.scrub_json_text(escaped)) == {"k": "***"}


def test_the_uri_password_is_remembered() -> None:
    redact.remember_uri_password("bolt://neo4j:uri-password-77@db:7687")
    assert redact.scrub("was uri-password-77") == "was ***"
    redact.remember_uri_password("http://[::1:bad")  # malformed: ignored, no error


def test_a_scrubbed_stream_writes_no_secret() -> None:
    target = io.StringIO()
    stream = redact.ScrubbedStream(target)
    assert stream.write(f"key={KEY}\n") == len(f"key={KEY}\n")
    assert target.getvalue() == "key=***\n" and stream.getvalue() == target.getvalue()


def test_the_openai_backend_scrubs_after_decoding(fake_openai: FakeOpenAIServer) -> None:
    """The key escaped in the JSON reply and in a tool call's arguments: only decoding shows
    it, so the decoded value and the arguments must come out without it."""
    escaped = "\\u0073" + KEY[1:]
    fake_openai.reply('{"answer": "the key is ' + escaped + '"}')
    fake_openai.reply(None, tool_calls=[("c1", "search", '{"text": "' + escaped + '"}')])
    llm = OpenAIChat("m", KEY, base_url=fake_openai.base_url, max_retries=0)
    schema = {"type": "object", "properties": {"answer": {"type": "string"}},
              "required": ["answer"]}
    reply = llm.complete([Message.user("q")], response_schema=schema)
    assert reply.parsed == {"answer": "the key is ***"} and KEY not in str(reply)
    tool = ToolSpec("search", "find",
                    {"type": "object", "properties": {"text": {"type": "string"}}})
    reply = llm.complete([Message.user("q")], tools=[tool])
    assert json.loads(reply.tool_calls[0].arguments) == {"text": "***"}


def test_an_answer_from_any_backend_is_scrubbed_after_decoding(tmp_path: Path) -> None:
    """A scripted model (no scrubbing of its own) answers with the key JSON-escaped: the
    policy decodes the answer and must hand it out without the key."""
    store = MemoryStore(tmp_path / "graph", "t")
    ingest_file(store, sample_path(), HeuristicExtractor())
    escaped = ('{"answer": "the key is \\u0073' + KEY[1:] + '", "supports": [], '
               '"confidence": 0.5}')
    answer = ask(store, "What did Maya plant?", llm=ScriptedLLM(["", escaped]))
    assert answer.answer == "the key is ***" and KEY not in repr(answer)


def test_only_the_part_holding_a_decoded_secret_is_replaced_by_its_decoding() -> None:
    """A page's script keeps its escapes ("a+b", "%41") when a secret is found only after
    decoding another part of it (a trace page inlines its JavaScript)."""
    twice = quote("".join(f"%{b:02x}" for b in KEY.encode()))  # URL-encoded twice
    page = f'<script>var x = a+b; s="%41";</script><p>key: {twice}</p>'
    assert redact.scrub(page) == '<script>var x = a+b; s="%41";</script><p>key: ***</p>'


def test_a_decoded_secret_across_parts_is_still_scrubbed() -> None:
    # an HTML reference of a JSON escape, the secret's spaces left as they are
    text = f"say &#92;u{ord(PASSWORD[0]):04x}{PASSWORD[1:]} now"
    assert redact.contains_secret(text)
    clean = redact.scrub(text)
    assert not redact.contains_secret(clean) and "***" in clean
