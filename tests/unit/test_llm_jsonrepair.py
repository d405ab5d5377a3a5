"""Recovering and validating structured replies."""

from __future__ import annotations

from typing import Any

import pytest

from mrgraph.llm.jsonrepair import (
    InvalidReply,
    extract_first_json,
    parse_json_reply,
    strip_fences,
    strip_think,
)
from mrgraph.llm.structured import check_schema, is_schema_echo, parse_structured, validate

SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "answer": {"type": "string", "minLength": 1},
        "confidence": {"type": "number", "minimum": 0, "maximum": 1},
        "supports": {"type": "array", "items": {"type": "string"}, "maxItems": 2},
        "kind": {"enum": ["fact", "event"]},
        "count": {"type": ["integer", "null"]},
    },
    "required": ["answer"],
    "additionalProperties": False,
}


@pytest.mark.parametrize(("text", "expected"), [
    ("<think>a</think>B", "B"),
    ("<THINK>a\nb</THINK>\n B <think>c</think>", "B"),
    ("reasoning without an opening tag</think>answer", "answer"),
    ("answer <think>cut off reasoning", "answer"),
    ("<thinking>x</thinking>y", "y"),
    ("plain", "plain"),
])
def test_strip_think(text: str, expected: str) -> None:
    assert strip_think(text) == expected


def test_strip_fences() -> None:
    assert strip_fences('Here:\n```json\n{"a": 1}\n```\nbye') == '{"a": 1}'
    assert strip_fences("```\n[1]\n```") == "[1]"
    assert strip_fences("no fence") == "no fence"


def test_extract_first_balanced_json_honours_strings() -> None:
    assert extract_first_json('Sure! {"a": "x } y", "b": [1, {"c": 2}]} trailing') == {
        "a": "x } y", "b": [1, {"c": 2}]}
    assert extract_first_json('bad {oops} then {"ok": true}') == {"ok": True}
    assert extract_first_json('["a", "b\\"]"]') == ["a", 'b"]']
    with pytest.raises(InvalidReply):
        extract_first_json("nothing here")


@pytest.mark.parametrize(("text", "problem"), [
    (None, "empty"),
    ("   ", "empty"),
    ("<think>only thoughts</think>", "only reasoning"),
    ("no json at all", "no JSON object or array"),
    ('{"a": 1', "not valid JSON"),
    ('{"a": NaN}', "not valid JSON"),
])
def test_parse_json_reply_errors(text: str | None, problem: str) -> None:
    with pytest.raises(InvalidReply, match=problem):
        parse_json_reply(text)


def test_validate_accepts_a_valid_value() -> None:
    value = {"answer": "a", "confidence": 1, "supports": ["D1:3"], "kind": "fact", "count": None}
    assert validate(value, SCHEMA) == []
    assert validate({"answer": "a", "count": 3.0}, SCHEMA) == []  # 3.0 is an integer in JSON


@pytest.mark.parametrize(("value", "error"), [
    ([], "$: expected object, got []"),
    ({}, "$: missing required property 'answer'"),
    ({"answer": ""}, "$.answer: shorter than 1 characters"),
    ({"answer": "a", "confidence": 1.5}, "$.confidence: 1.5 is above the maximum 1"),
    ({"answer": "a", "confidence": -1}, "$.confidence: -1 is below the minimum 0"),
    ({"answer": "a", "confidence": True}, "$.confidence: expected number, got true"),
    ({"answer": "a", "supports": ["x", 2]}, "$.supports[1]: expected string, got 2"),
    ({"answer": "a", "supports": ["x", "y", "z"]}, "$.supports: more than 2 items"),
    ({"answer": "a", "kind": "opinion"}, '$.kind: "opinion" is not one of ["fact", "event"]'),
    ({"answer": "a", "count": 1.5}, "$.count: expected integer or null, got 1.5"),
    ({"answer": "a", "extra": 1}, "$: unexpected property 'extra'"),
])
def test_validate_reports_path_and_problem(value: Any, error: str) -> None:
    assert validate(value, SCHEMA) == [error]


def test_unsupported_schema_keywords_are_refused() -> None:
    with pytest.raises(ValueError, match="unsupported keyword.*oneOf"):
        validate(1, {"oneOf": [{"type": "integer"}]})
    nested = {"type": "object", "properties": {"a": {"type": "array", "items": {"allOf": []}}}}
    with pytest.raises(ValueError, match=r"at \$\.a\[\] uses unsupported keyword.*allOf"):
        check_schema(nested)
    check_schema(SCHEMA)


def test_any_of_accepts_one_matching_form_and_names_the_closest_miss() -> None:
    schema = {"anyOf": [{"type": "object", "properties": {"name": {"const": "a"}},
                         "required": ["name"]},
                        {"type": "integer", "minimum": 3}]}
    check_schema(schema)
    assert validate({"name": "a"}, schema) == []
    assert validate(5, schema) == []
    errors = validate(1, schema)
    assert len(errors) == 1 and "none of the allowed forms" in errors[0]
    assert "(closest: $: " in errors[0]


def test_pattern_and_format() -> None:
    schema = {"type": "string", "pattern": r"^D\d+:\d+$", "format": "dia-id"}
    assert validate("D1:3", schema) == []
    assert validate("turn 3", schema) == [r"$: does not match the pattern '^D\\d+:\\d+$'"]


def test_schema_echo_detection() -> None:
    assert is_schema_echo(dict(SCHEMA), SCHEMA)
    assert is_schema_echo({"$schema": "x", "answer": "a"}, SCHEMA)
    assert is_schema_echo({"type": "object", "properties": {"answer": {"type": "string"}}}, SCHEMA)
    assert is_schema_echo({"type": "array", "items": {}}, {"type": "array"})
    assert not is_schema_echo({"answer": "a"}, SCHEMA)
    assert not is_schema_echo([1], SCHEMA)
    # A schema whose data really has "type"/"properties" fields is not an echo of itself.
    declares = {"type": "object", "properties": {"type": {"type": "string"},
                                                 "properties": {"type": "object"}}}
    assert not is_schema_echo({"type": "object", "properties": {}}, declares)


def test_parse_structured() -> None:
    assert parse_structured('```json\n{"answer": "a"}\n```', SCHEMA) == {"answer": "a"}
    with pytest.raises(InvalidReply, match="is a JSON schema, not data"):
        parse_structured('{"type": "object", "properties": {}}', SCHEMA)
    with pytest.raises(InvalidReply, match="does not match the schema: \\$: missing"):
        parse_structured("{}", SCHEMA)
