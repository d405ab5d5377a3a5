"""Tool calls from small models: calls written in the content (every usual form), the same
argument checks as native calls, the constrained "calls or stop" schema, repairs counted, and
the local backend's bounds (token caps, time budget, no resend of a timed-out request), all
through the real openai client against the fake endpoint."""

from __future__ import annotations

import json
import random
import time
from typing import Any

import pytest

from mrgraph.errors import LLMBudgetError, LLMUnavailableError
from mrgraph.llm import Message, OpenAIChat, TokenLedger, ToolSpec
from mrgraph.llm.base import question_clock
from mrgraph.llm.structured import validate
from mrgraph.llm.toolcalls import (
    inline_history,
    json_tool_request,
    navigation_schema,
    parse_content_calls,
)
from mrgraph.toolkit import tool_specs
from tests.fakes.openai_server import FakeOpenAIServer, FakeResponse, chat_completion

TOOLS = (
    ToolSpec("search_cues", "Find cues matching keywords.",
             {"type": "object", "properties": {"text": {"type": "string", "minLength": 1}},
              "required": ["text"], "additionalProperties": False}),
    ToolSpec("cue_tags", "Tags of a cue.",
             {"type": "object", "properties": {"cue": {"type": "string"}}, "required": ["cue"]}),
)
QUESTION = [Message.system("You navigate."), Message.user("Where does the cat live?")]


@pytest.mark.parametrize(("text", "form"), [
    ('{"name": "search_cues", "arguments": {"text": "cat"}}', "bare JSON"),
    ('[{"name": "search_cues", "arguments": {"text": "cat"}}, '
     '{"name": "cue_tags", "parameters": {"cue": "cat"}}]', "bare JSON"),
    ('<tool_call>\n{"name": "search_cues", "arguments": {"text": "cat"}}\n</tool_call>\n'
     '<tool_call>{"name": "cue_tags", "arguments": {"cue": "cat"}}</tool_call>', "tool_call block"),
    ('Let me look.\n```json\n{"name": "search_cues", "arguments": {"text": "cat"}}\n```',
     "bare JSON"),
    ('```json\n{"name": "search_cues", "arguments": "{\\"text\\": \\"cat\\"}"}\n```',
     "fenced JSON"),
    ('{"calls": [{"name": "search_cues", "arguments": {"text": "cat"}}]}', "calls object"),
    ('<think>which tool?</think>{"tool_calls": [{"type": "function", "function": '
     '{"name": "search_cues", "arguments": "{\\"text\\": \\"cat\\"}"}}]}', "calls object"),
])
def test_calls_written_in_content_are_read_in_every_usual_form(text: str, form: str) -> None:
    found = parse_content_calls(text, TOOLS)
    assert found is not None and found.valid and found.form == form
    assert found.calls[0].name == "search_cues"
    assert json.loads(found.calls[0].arguments) == {"text": "cat"}
    assert len({c.id for c in found.calls}) == len(found.calls)


@pytest.mark.parametrize("text", ["The cat lives in Paris.", "", None,
                                  '{"answer": "Paris", "confidence": 0.9}', "[1, 2]"])
def test_prose_and_non_call_json_are_not_calls(text: str | None) -> None:
    assert parse_content_calls(text, TOOLS) is None


def test_content_calls_get_the_tools_argument_checks() -> None:
    found = parse_content_calls('[{"name": "drop_all", "arguments": {}}, '
                                '{"name": "search_cues", "arguments": {"text": ""}}, '
                                '{"name": "search_cues", "arguments": {"txt": "cat"}}]', TOOLS)
    assert found is not None and not found.valid and len(found.calls) == 3
    assert found.problems[0] == "drop_all: not a tool"
    assert "shorter than 1" in found.problems[1]
    assert "missing required property 'text'" in found.problems[2]


def test_the_navigation_schema_admits_exactly_calls_or_the_stop() -> None:
    schema = navigation_schema(tool_specs(), 2)
    ok = {"calls": [{"name": "search_cues", "arguments": {"text": "dog"}},
                    {"name": "event_context", "arguments": {"event_id": "ep-0123456789abcdef"}}]}
    assert validate(ok, schema) == [] and validate({"calls": []}, schema) == []
    for bad in ({"calls": [{"name": "search_cues", "arguments": {}}]},
                {"calls": [{"name": "drop", "arguments": {}}]},
                {"calls": [{"name": "event_context", "arguments": {"event_id": "x"}}]},
                {"calls": [{"name": "search_cues", "arguments": {"text": "x" * 41}}]},
                {"calls": [ok["calls"][0]] * 3}, {"answer": "x"}):
        assert validate(bad, schema), bad


def test_history_is_inlined_for_servers_offered_no_tools() -> None:
    found = parse_content_calls('[{"name": "search_cues", "arguments": {"text": "cat"}},'
                                '{"name": "cue_tags", "arguments": {"cue": "cat"}}]', TOOLS)
    assert found is not None
    history = [*QUESTION, Message.assistant(None, found.calls),
               Message.tool("call_1", "<tool_output>a</tool_output>"),
               Message.tool("call_2", "<tool_output>b</tool_output>"), Message.user("Budget left")]
    inlined = inline_history(history)
    assert [m.role for m in inlined] == ["system", "user", "assistant", "user"]
    assert json.loads(inlined[2].content or "")["calls"][1] == {"name": "cue_tags",
                                                                "arguments": {"cue": "cat"}}
    assert inlined[3].content == "<tool_output>a</tool_output>\n<tool_output>b</tool_output>\n" \
                                 "Budget left"
    messages, schema = json_tool_request(history, TOOLS, 2)
    assert messages[0].role == "system" and "- search_cues(text: string)" in (messages[0].content
                                                                                or "")
    assert schema["properties"]["calls"]["maxItems"] == 2


# ---------------------------------------------------------------- through the openai client


def chat(fake: FakeOpenAIServer, **kwargs: Any) -> OpenAIChat:
    options: dict[str, Any] = {"timeout": 5.0, "ledger": TokenLedger()}
    options.update(kwargs)
    return OpenAIChat("fake-model", None, fake.base_url, sleep=lambda s: None,
                      rng=random.Random(0), **options)


def test_native_mode_reads_calls_from_content_and_counts_the_repair(
        fake_openai: FakeOpenAIServer) -> None:
    fake_openai.reply('<tool_call>{"name": "search_cues", "arguments": {"text": "cat"}}'
                      '</tool_call>', usage=(50, 12))
    fake_openai.reply(None, tool_calls=[("c1", "cue_tags", '{"cue": "cat"}')], usage=(60, 5))
    fake_openai.reply("The cat lives in Paris.", usage=(70, 6))
    llm = chat(fake_openai)
    first = llm.complete(QUESTION, tools=TOOLS, purpose="navigate")
    assert [c.name for c in first.tool_calls] == ["search_cues"] and first.text is None
    assert first.repairs == ("calls from content: tool_call block",)
    assert first.usage.total_tokens == 62
    assert llm.complete(QUESTION, tools=TOOLS, purpose="navigate").repairs == ()
    assert llm.complete(QUESTION, tools=TOOLS, purpose="navigate").tool_calls == ()
    assert llm.ledger is not None
    assert llm.ledger.reply_outcomes() == {"navigate": {"ok": 1, "repaired": 1, "stop": 1}}
    assert "tools" in fake_openai.bodies[0] and fake_openai.bodies[0]["max_tokens"] == 1024


def test_json_mode_sends_the_constrained_schema_and_no_tools(
        fake_openai: FakeOpenAIServer) -> None:
    fake_openai.reply('{"calls": [{"name": "search_cues", "arguments": {"text": "cat"}}]}')
    fake_openai.reply("I think the cat is in Paris")  # unconstrained server: re-asked once
    fake_openai.reply('{"calls": []}')
    llm = chat(fake_openai, tool_mode="json", max_tokens={"navigate": 99}, max_calls_per_reply=3)
    reply = llm.complete(QUESTION, tools=TOOLS, purpose="navigate")
    assert [(c.name, json.loads(c.arguments)) for c in reply.tool_calls] == [
        ("search_cues", {"text": "cat"})]
    body = fake_openai.bodies[0]
    assert "tools" not in body and body["max_tokens"] == 99
    schema = body["response_format"]["json_schema"]["schema"]
    assert schema == navigation_schema(TOOLS, 3)
    assert "search_cues(text: string)" in body["messages"][0]["content"]
    stop = llm.complete(QUESTION, tools=TOOLS, purpose="navigate")
    assert stop.tool_calls == () and stop.repairs == ("invalid JSON re-asked",)
    assert llm.ledger is not None
    assert llm.ledger.reply_outcomes() == {"navigate": {"ok": 1, "stop": 1}}
    assert llm.ledger.totals().by_purpose["navigate"].calls == 3  # the re-ask is paid for


def test_the_question_budget_bounds_requests_and_is_not_spent_on_resends(
        fake_openai: FakeOpenAIServer) -> None:
    fake_openai.enqueue(FakeResponse(chat_completion("late"), delay=20.0))
    llm = chat(fake_openai, question_seconds=0.5, retry_timeouts=False, max_retries=3)
    started = time.monotonic()
    with question_clock(started), pytest.raises(LLMBudgetError, match="0.5s time budget"):
        llm.complete(QUESTION, purpose="navigate")
    # Cut at the budget, not at the 5 s timeout nor the 20 s reply (slack for a loaded machine).
    assert time.monotonic() - started < 4.5
    assert len(fake_openai.requests) == 1  # and not resent to the busy server
    with question_clock(time.monotonic() - 10), pytest.raises(LLMBudgetError):
        llm.complete(QUESTION, purpose="navigate")  # spent already: no request at all
    assert len(fake_openai.requests) == 1


def test_a_timed_out_request_is_not_resent_when_timeouts_are_not_retried(
        fake_openai: FakeOpenAIServer) -> None:
    fake_openai.enqueue(FakeResponse(chat_completion("late"), delay=2.0))
    llm = chat(fake_openai, timeout=0.3, retry_timeouts=False, max_retries=3)
    with pytest.raises(LLMUnavailableError, match="timed out"):
        llm.complete(QUESTION)
    assert len(fake_openai.requests) == 1
