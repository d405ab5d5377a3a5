"""ScriptedLLM: the shipped test fake plays its script, records calls, counts tokens."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

import pytest

from mrgraph.errors import LLMConfigError, LLMError, ScriptExhaustedError
from mrgraph.llm import (
    LLM,
    LLMReply,
    Message,
    ScriptedLLM,
    TokenLedger,
    ToolCall,
    ToolSpec,
    count_messages,
    count_tokens,
    make_llm,
    tool_call,
    tool_reply,
)

SCHEMA: dict[str, Any] = {"type": "object", "properties": {"answer": {"type": "string"}},
                          "required": ["answer"]}
TOOL = ToolSpec("search_cues", "Find cues.", {"type": "object",
                                              "properties": {"text": {"type": "string"}}})
ASK = [Message.user("Where does Ingrid live?")]


def test_plays_text_dict_and_tool_replies_in_order() -> None:
    llm = ScriptedLLM(["hello", {"answer": "Boston"},
                       tool_reply([("search_cues", {"text": "x"}), ("cue_tags", '{"cue": ')])])
    assert isinstance(llm, LLM)
    text = llm.complete(ASK)
    assert (text.text, text.tool_calls, text.parsed) == ("hello", (), None)
    structured = llm.complete(ASK, response_schema=SCHEMA)
    assert structured.parsed == {"answer": "Boston"} and structured.text == '{"answer": "Boston"}'
    calls = llm.complete(ASK, tools=[TOOL]).tool_calls
    assert calls == (ToolCall("call_1", "search_cues", '{"text": "x"}'),
                     ToolCall("call_2", "cue_tags", '{"cue": '))  # raw text: malformed on purpose
    assert llm.remaining == 0


def test_records_every_call_as_made() -> None:
    llm = ScriptedLLM(["a", "b"])
    llm.complete(ASK, tools=[TOOL], purpose="navigate")
    llm.complete(ASK, response_schema=None, purpose="answer", temperature=0.3)
    first, second = llm.calls
    assert first.messages == tuple(ASK) and first.tools == (TOOL,)
    assert (first.purpose, second.purpose, second.response_schema) == ("navigate", "answer", None)
    with pytest.raises(dataclasses.FrozenInstanceError):
        first.purpose = "x"  # type: ignore[misc]


def test_raises_when_the_script_runs_out() -> None:
    llm = ScriptedLLM(["only"])
    llm.complete(ASK)
    with pytest.raises(ScriptExhaustedError, match="no reply for call 2.*script had 1 reply"):
        llm.complete(ASK, purpose="answer")
    assert len(llm.calls) == 2  # the failed call is recorded too, for diagnosis
    assert issubclass(ScriptExhaustedError, LLMError)


def test_callable_entries_see_the_messages() -> None:
    def echo(messages: Sequence[Message], tools: Sequence[ToolSpec]) -> str:
        return f"{len(messages)} messages, {len(tools)} tools: {messages[-1].content}"

    llm = ScriptedLLM([echo])
    assert llm.complete(ASK, tools=[TOOL]).text == "1 messages, 1 tools: Where does Ingrid live?"


def test_structured_text_is_parsed_like_a_real_model_reply() -> None:
    llm = ScriptedLLM(['<think>hm</think>```json\n{"answer": "Boston"}\n```', "not json",
                       {"answer": 3}])
    assert llm.complete(ASK, response_schema=SCHEMA).parsed == {"answer": "Boston"}
    with pytest.raises(LLMError, match="scripted reply for 'other' is invalid"):
        llm.complete(ASK, response_schema=SCHEMA)
    with pytest.raises(LLMError, match=r"\$\.answer: expected string"):
        llm.complete(ASK, response_schema=SCHEMA)


def test_counts_tokens_with_tiktoken_into_the_ledger() -> None:
    ledger = TokenLedger()
    llm = ScriptedLLM(["Boston.", tool_reply([("search_cues", {"text": "x"})])], ledger=ledger)
    reply = llm.complete(ASK, purpose="answer")
    assert reply.usage.source == "tiktoken" and reply.usage.purpose == "answer"
    assert reply.usage.prompt_tokens == count_messages(ASK)
    assert reply.usage.completion_tokens == count_tokens("Boston.")
    llm.complete(ASK, tools=[TOOL], purpose="navigate")
    totals = ledger.totals()
    assert set(totals.by_purpose) == {"answer", "navigate"}
    assert totals.by_purpose["navigate"].prompt_tokens == count_messages(ASK, [TOOL])
    assert totals.total.calls == 2


def test_given_llm_replies_keep_content_but_get_real_usage() -> None:
    given = LLMReply("x", (tool_call("a", {}),), usage=tool_reply([]).usage, parsed=[1])
    reply = ScriptedLLM([given]).complete(ASK, purpose="p")
    assert (reply.text, reply.tool_calls, reply.parsed) == ("x", given.tool_calls, [1])
    assert reply.usage.purpose == "p" and reply.usage.prompt_tokens > 0


def test_bad_entry_type_is_a_type_error() -> None:
    with pytest.raises(TypeError, match="unsupported script entry"):
        ScriptedLLM([42]).complete(ASK)  # type: ignore[list-item]


def test_make_llm() -> None:
    scripted = make_llm("scripted", script=["hi"])
    assert isinstance(scripted, ScriptedLLM) and scripted.complete(ASK).text == "hi"
    remote = make_llm("openai", api_key="sk-test")
    assert remote.name == "openai:gpt-4o-mini"
    assert make_llm("openai", model="m", base_url="http://127.0.0.1:1/v1").name == "openai:m"
    with pytest.raises(LLMConfigError, match="unknown LLM kind 'gpt'"):
        make_llm("gpt")
    with pytest.raises(LLMConfigError, match="OPENAI_API_KEY"):
        make_llm("openai")
