"""Validate structured replies against the small JSON Schema subset mrgraph's prompts use.

Why not the `jsonschema` package: the subset is small (type, properties, required,
additionalProperties, items, enum, const, minimum/maximum, min/maxLength, pattern,
min/maxItems, anyOf), the
error text is sent back to the model in a repair prompt and must be short and precise, and one
fewer dependency. A schema using any other keyword is a programming error (ValueError), so a
constraint is never silently ignored.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

from mrgraph.llm.jsonrepair import InvalidReply, parse_json_reply

# "format" is an annotation, as in JSON Schema 2020-12's default vocabulary.
_ANNOTATIONS = frozenset({"description", "title", "default", "examples", "$schema", "$comment",
                          "format"})
_SUPPORTED = _ANNOTATIONS | frozenset({
    "type", "properties", "required", "additionalProperties", "items", "enum", "const",
    "minimum", "maximum", "minLength", "maxLength", "pattern", "minItems", "maxItems", "anyOf"})
# Keys that mean "this is a schema", not data, when found at the top of a reply.
_ECHO_KEYS = frozenset({"$schema", "properties", "required", "additionalProperties", "$defs",
                        "definitions", "json_schema"})
_MAX_ERRORS = 8  # enough for the model to fix its reply; more only bloats the repair prompt


def _type_matches(value: Any, name: str) -> bool:
    # bool is a subclass of int in Python but not a number in JSON.
    if name == "object":
        return isinstance(value, dict)
    if name == "array":
        return isinstance(value, list)
    if name == "string":
        return isinstance(value, str)
    if name == "boolean":
        return isinstance(value, bool)
    if name == "null":
        return value is None
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return False
    if name == "number":
        return True
    if name == "integer":
        return isinstance(value, int) or value.is_integer()
    raise ValueError(f"unsupported JSON Schema type {name!r}")


def _short(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 60 else text[:57] + "..."


class _Validator:
    def __init__(self) -> None:
        self.errors: list[str] = []

    def check(self, value: Any, schema: Mapping[str, Any], path: str) -> None:
        _check_keywords(schema, path)
        if "anyOf" in schema and not self._check_any_of(value, schema["anyOf"], path):
            return
        if not self._check_type(value, schema, path):
            return  # further keywords would only repeat the type error
        self._check_values(value, schema, path)
        if isinstance(value, dict):
            self._check_object(value, schema, path)
        elif isinstance(value, list):
            self._check_array(value, schema, path)

    def _check_any_of(self, value: Any, options: Any, path: str) -> bool:
        """True when `value` matches one option; else one error naming the closest miss."""
        misses = []
        for option in options:
            errors = validate(value, option, path)
            if not errors:
                return True
            misses.append(errors)
        closest = min(misses, key=len) if misses else []
        self._error(path, "matches none of the allowed forms" +
                    (f" (closest: {closest[0]})" if closest else ""))
        return False

    def _error(self, path: str, message: str) -> None:
        if len(self.errors) < _MAX_ERRORS:
            self.errors.append(f"{path}: {message}")

    def _check_type(self, value: Any, schema: Mapping[str, Any], path: str) -> bool:
        expected = schema.get("type")
        if expected is None:
            return True
        names = [expected] if isinstance(expected, str) else list(expected)
        if any(_type_matches(value, n) for n in names):
            return True
        self._error(path, f"expected {' or '.join(names)}, got {_short(value)}")
        return False

    def _check_values(self, value: Any, schema: Mapping[str, Any], path: str) -> None:
        if "enum" in schema and value not in schema["enum"]:
            self._error(path, f"{_short(value)} is not one of {_short(schema['enum'])}")
        if "const" in schema and value != schema["const"]:
            self._error(path, f"must be {_short(schema['const'])}")
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            if "minimum" in schema and value < schema["minimum"]:
                self._error(path, f"{value} is below the minimum {schema['minimum']}")
            if "maximum" in schema and value > schema["maximum"]:
                self._error(path, f"{value} is above the maximum {schema['maximum']}")
        if isinstance(value, str):
            if "minLength" in schema and len(value) < schema["minLength"]:
                self._error(path, f"shorter than {schema['minLength']} characters")
            if "maxLength" in schema and len(value) > schema["maxLength"]:
                self._error(path, f"longer than {schema['maxLength']} characters")
            if "pattern" in schema and not re.search(schema["pattern"], value):
                self._error(path, f"does not match the pattern {schema['pattern']!r}")

    def _check_object(self, value: dict[str, Any], schema: Mapping[str, Any], path: str) -> None:
        properties: Mapping[str, Any] = schema.get("properties", {})
        for key in schema.get("required", ()):
            if key not in value:
                self._error(path, f"missing required property {key!r}")
        extra = schema.get("additionalProperties", True)
        for key, item in value.items():
            if key in properties:
                self.check(item, properties[key], f"{path}.{key}")
            elif extra is False:
                self._error(path, f"unexpected property {key!r}")
            elif isinstance(extra, Mapping):
                self.check(item, extra, f"{path}.{key}")

    def _check_array(self, value: list[Any], schema: Mapping[str, Any], path: str) -> None:
        if "minItems" in schema and len(value) < schema["minItems"]:
            self._error(path, f"fewer than {schema['minItems']} items")
        if "maxItems" in schema and len(value) > schema["maxItems"]:
            self._error(path, f"more than {schema['maxItems']} items")
        items = schema.get("items")
        if isinstance(items, Mapping):
            for index, item in enumerate(value):
                self.check(item, items, f"{path}[{index}]")


def _check_keywords(schema: Mapping[str, Any], path: str) -> None:
    unknown = set(schema) - _SUPPORTED
    if unknown:
        raise ValueError(f"response schema at {path} uses unsupported keyword(s) "
                         f"{sorted(unknown)}; supported: {sorted(_SUPPORTED - _ANNOTATIONS)}")


def check_schema(schema: Mapping[str, Any], path: str = "$") -> None:
    """Raise ValueError if `schema` uses a keyword `validate` does not implement. Backends call
    it before sending a request, so a bad schema costs no model call."""
    _check_keywords(schema, path)
    for key, sub in schema.get("properties", {}).items():
        check_schema(sub, f"{path}.{key}")
    for keyword, suffix in (("items", "[]"), ("additionalProperties", ".*")):
        if isinstance(schema.get(keyword), Mapping):
            check_schema(schema[keyword], path + suffix)
    for index, option in enumerate(schema.get("anyOf", ())):
        check_schema(option, f"{path}.anyOf[{index}]")


def validate(value: Any, schema: Mapping[str, Any], path: str = "$") -> list[str]:
    """Errors of `value` against `schema`, each prefixed with its JSON path ('$.a[0]')."""
    validator = _Validator()
    validator.check(value, schema, path)
    return validator.errors


def is_schema_echo(value: Any, schema: Mapping[str, Any]) -> bool:
    """True when the model returned a schema (often the one it was given) instead of data.

    Small local models do this under json_schema response formats. Schema keywords count as an
    echo only when the expected schema does not declare them as real properties of the data.
    """
    if not isinstance(value, dict):
        return False
    if value == dict(schema):
        return True
    declared = set(schema.get("properties", {}))
    undeclared = set(value) - declared
    if undeclared & _ECHO_KEYS:
        return True
    return ("type" in undeclared and value.get("type") in ("object", "array")
            and ("items" in value or "properties" in value))


def parse_structured(text: str | None, schema: Mapping[str, Any]) -> Any:
    """The JSON value in a reply, validated against `schema`. Raises InvalidReply with a message
    meant to be shown to the model in a repair prompt."""
    value = parse_json_reply(text)
    if is_schema_echo(value, schema):
        raise InvalidReply("the reply is a JSON schema, not data: return a JSON value that "
                           "follows the schema, not the schema itself")
    errors = validate(value, schema)
    if errors:
        raise InvalidReply("the reply does not match the schema: " + "; ".join(errors))
    return value
