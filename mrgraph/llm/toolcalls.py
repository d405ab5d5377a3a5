"""Tool calls that survive small models: find them in a reply's content, check them, and
constrain a model to write them as JSON.

A server that fills `tool_calls` needs none of this. Small local models served by llama.cpp,
Ollama and the like write the call as plain text instead; the forms seen in practice are a bare
JSON object (`{"name": ..., "arguments": {...}}`) or a list of them, Hermes/Qwen style
`<tool_call>{...}</tool_call>` blocks, the same inside a ```json fence, and the `{"calls": [...]}`
object that `navigation_schema` asks for. `parse_content_calls` reads all of them; each call's
arguments are checked against the tool's own JSON schema (the checks the toolkit applies), so
the caller can tell a valid reply from a repaired or a broken one.

When the server can constrain decoding by a JSON schema (llama.cpp turns it into a grammar),
`navigation_schema` makes "a list of calls, or an empty list to stop" the only thing the model
can write, so even a 135M model emits well-formed calls.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from mrgraph.llm.base import Message, ToolCall, ToolSpec
from mrgraph.llm.jsonrepair import InvalidReply, loads_strict, parse_json_reply, strip_think
from mrgraph.llm.structured import validate
from mrgraph.prompts import load_prompt

_TOOL_CALL_BLOCK = re.compile(r"<tool_call>\s*(.*?)\s*(?:</tool_call>|$)", re.DOTALL)
_NAME_KEYS = ("name", "tool", "function")
_ARGUMENT_KEYS = ("arguments", "parameters", "args", "input")
_LIST_KEYS = ("calls", "tool_calls")


@dataclass(frozen=True)
class ContentCalls:
    """Tool calls found in a reply's text. `form` names where they were found ("calls object",
    "tool_call block", "bare JSON", "fenced JSON"); `problems` lists the calls whose name or
    arguments fail the tool's checks (they are kept: the loop reports them to the model)."""

    calls: tuple[ToolCall, ...]
    form: str
    problems: tuple[str, ...] = ()

    @property
    def valid(self) -> bool:
        return not self.problems


def _call_parts(item: Any) -> tuple[str, Any] | None:
    """(name, arguments) of one call object in any of the usual spellings, or None."""
    if not isinstance(item, dict):
        return None
    if isinstance(item.get("function"), dict):  # the OpenAI wire form written as text
        item = item["function"]
    name = next((item[k] for k in _NAME_KEYS if isinstance(item.get(k), str)), None)
    if name is None:
        return None
    arguments: Any = next((item[k] for k in _ARGUMENT_KEYS if k in item), {})
    if isinstance(arguments, str):  # the wire form keeps arguments as a JSON string
        try:
            arguments = loads_strict(arguments)
        except ValueError:
            pass
    return name, arguments


def _items(value: Any) -> list[Any] | None:
    """The call objects in a parsed value: a list, a {"calls": [...]} object, or one call."""
    if isinstance(value, list):
        return value
    if isinstance(value, dict):
        for key in _LIST_KEYS:
            if isinstance(value.get(key), list):
                return list(value[key])
        return [value]
    return None


def _form(text: str) -> tuple[str, list[Any]]:
    """Where the calls are and the parsed JSON values holding them. InvalidReply if none."""
    blocks = _TOOL_CALL_BLOCK.findall(text)
    if blocks:
        values = [parse_json_reply(block) for block in blocks]
        return "tool_call block", values
    value = parse_json_reply(text)
    stripped = text.strip()
    if stripped.startswith("```"):
        return "fenced JSON", [value]
    if isinstance(value, dict) and any(isinstance(value.get(k), list) for k in _LIST_KEYS):
        return "calls object", [value]
    return "bare JSON", [value]


def parse_content_calls(text: str | None, tools: Sequence[ToolSpec]) -> ContentCalls | None:
    """The tool calls written in `text`, or None when it holds none (then it is prose: the
    model's way of stopping). An empty `{"calls": []}` is a valid stop: no calls, form kept."""
    if not text or not text.strip():
        return None
    cleaned = strip_think(text)
    try:
        form, values = _form(cleaned)
    except InvalidReply:
        return None
    found: list[tuple[str, Any]] = []
    for value in values:
        items = _items(value)
        if items is None:
            return None
        parts = [_call_parts(item) for item in items]
        if any(p is None for p in parts):
            return None  # JSON, but not calls (e.g. an answer object): treat as prose
        found += [p for p in parts if p is not None]
    calls = tuple(ToolCall(f"call_{i}", name, json.dumps(args, ensure_ascii=False))
                  for i, (name, args) in enumerate(found, 1))
    return ContentCalls(calls, form, tuple(check_calls(calls, tools)))


def check_calls(calls: Sequence[ToolCall], tools: Sequence[ToolSpec]) -> list[str]:
    """Problems of `calls` against the offered tools: unknown name, arguments that are not a
    JSON object or fail the tool's parameter schema."""
    specs = {t.name: t for t in tools}
    problems: list[str] = []
    for call in calls:
        spec = specs.get(call.name)
        if spec is None:
            problems.append(f"{call.name}: not a tool")
            continue
        try:
            arguments = loads_strict(call.arguments or "{}")
        except ValueError:
            problems.append(f"{call.name}: arguments are not JSON")
            continue
        errors = validate(arguments, spec.parameters)
        if errors:
            problems.append(f"{call.name}: " + "; ".join(errors[:3]))
    return problems


# Strings in constrained calls are keywords, names or ids: a small model left free to write
# 500 characters fills them with run-on sentences until the token cap cuts the JSON.
CONSTRAINED_STRING_CHARS = 40


def _tight(schema: Mapping[str, Any]) -> dict[str, Any]:
    """`schema` with string lengths capped at CONSTRAINED_STRING_CHARS (a stricter form of the
    tool's own schema: whatever it admits, the tool admits)."""
    tight = dict(schema)
    if tight.get("type") == "string" and "pattern" not in tight:
        tight["maxLength"] = min(int(tight.get("maxLength", CONSTRAINED_STRING_CHARS)),
                                 CONSTRAINED_STRING_CHARS)
    if isinstance(tight.get("properties"), Mapping):
        tight["properties"] = {k: _tight(v) for k, v in tight["properties"].items()}
    return tight


def navigation_schema(tools: Sequence[ToolSpec], max_calls: int) -> dict[str, Any]:
    """A JSON schema whose only values are {"calls": [...]} with each call one of `tools`
    with its own argument schema (strings shortened); an empty list is the final signal."""
    variants = [{"type": "object",
                 "properties": {"name": {"const": t.name}, "arguments": _tight(t.parameters)},
                 "required": ["name", "arguments"], "additionalProperties": False}
                for t in tools]
    return {"type": "object",
            "properties": {"calls": {"type": "array", "items": {"anyOf": variants},
                                     "maxItems": max_calls}},
            "required": ["calls"], "additionalProperties": False}


def json_tool_request(messages: Sequence[Message], tools: Sequence[ToolSpec],
                      max_calls: int) -> tuple[list[Message], dict[str, Any]]:
    """The conversation and response schema that ask for calls as JSON content: the tools are
    described in the system message (prompts/tools_json.md), earlier calls and outputs inlined."""
    described = load_prompt("tools_json").render(tools=tool_lines(tools), max_calls=max_calls)
    inlined = inline_history(messages)
    if inlined and inlined[0].role == "system":
        inlined[0] = Message.system(f"{inlined[0].content or ''}\n\n{described}")
    else:
        inlined.insert(0, Message.system(described))
    return inlined, navigation_schema(tools, max_calls)


def tool_lines(tools: Sequence[ToolSpec]) -> str:
    """One line per tool (name, arguments with `?` for optional ones, description), for a
    prompt that describes the tools in text when they are not sent as `tools`."""
    lines = []
    for tool in tools:
        props: Mapping[str, Any] = tool.parameters.get("properties", {})
        required = set(tool.parameters.get("required", ()))
        args = ", ".join(f"{k}{'' if k in required else '?'}: {v.get('type', 'any')}"
                         for k, v in props.items())
        lines.append(f"- {tool.name}({args}): {tool.description}")
    return "\n".join(lines)


def inline_history(messages: Sequence[Message]) -> list[Message]:
    """The conversation for a server offered no `tools`: earlier calls become the assistant's
    JSON text and tool outputs become user messages (chat templates without tool roles accept
    only system, user and assistant)."""
    inlined: list[Message] = []
    for message in messages:
        if message.role == "assistant" and message.tool_calls:
            calls = [{"name": c.name, "arguments": _loads_or_text(c.arguments)}
                     for c in message.tool_calls]
            inlined.append(Message.assistant(json.dumps({"calls": calls}, ensure_ascii=False)))
        elif message.role == "tool":
            inlined.append(Message.user(message.content or ""))
        else:
            inlined.append(message)
    return _merge_users(inlined)


def _loads_or_text(raw: str) -> Any:
    try:
        return loads_strict(raw or "{}")
    except ValueError:
        return raw


def _merge_users(messages: list[Message]) -> list[Message]:
    # Several tool outputs in a row would be several user turns: templates expect alternation.
    merged: list[Message] = []
    for message in messages:
        if merged and message.role == "user" and merged[-1].role == "user":
            merged[-1] = Message.user(f"{merged[-1].content or ''}\n{message.content or ''}")
        else:
            merged.append(message)
    return merged
