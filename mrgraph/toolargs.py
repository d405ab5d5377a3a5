"""Tool arguments: their kinds, validation and JSON schemas (the toolkit's params are built
from these, see mrgraph.toolkit).

A params dataclass declares each field with `arg(kind, description, default)`; `parse_fields`
validates a model's raw arguments against those fields and `fields_schema` derives the JSON
schema the model is given, from the same declarations, so the two cannot drift apart.
Everything is checked before anything reaches a store: types, string lengths, limit and window
ranges, id patterns, ISO dates.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import date
from typing import Any, Literal

from mrgraph.errors import ToolArgumentError
from mrgraph.limits import shorten

ArgKind = Literal["text", "name", "event_id", "limit", "window", "date"]
MAX_TEXT = 500
MAX_NAME = 200
MAX_LIMIT = 50
MAX_WINDOW = 10
EVENT_ID = re.compile(r"^ep-[0-9a-f]{16}$")
_PARTIAL_DATE = re.compile(r"^(\d{4})(?:-(\d{2}))?(?:-(\d{2}))?$")


@dataclass(frozen=True)
class Arg:
    kind: ArgKind
    description: str


def arg(kind: ArgKind, description: str, default: Any = dataclasses.MISSING) -> Any:
    """A dataclass field declaring a tool argument."""
    return field(default=default, metadata={"arg": Arg(kind, description)})


def date_bounds(name: str, value: str) -> tuple[str, str]:
    """(first day, last day) of an ISO date, month or year ("2023-05" -> May 1st..31st)."""
    match = _PARTIAL_DATE.match(value.strip())
    try:
        if match is None:
            raise ValueError(value)
        year, month, day = int(match[1]), int(match[2] or 0), int(match[3] or 0)
        if day:
            iso = date(year, month, day).isoformat()
            return iso, iso
        if month:
            last = date(year + month // 12, month % 12 + 1, 1) - date.resolution
            return date(year, month, 1).isoformat(), last.isoformat()
        return date(year, 1, 1).isoformat(), date(year, 12, 31).isoformat()
    except ValueError:
        raise ToolArgumentError(f"'{name}' must be an ISO date (YYYY-MM-DD, YYYY-MM or YYYY), "
                                f"got {shorten(value)}") from None


def _check_str(name: str, value: object, kind: ArgKind) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ToolArgumentError(f"'{name}' must be a non-empty string")
    limit = MAX_TEXT if kind == "text" else MAX_NAME
    if len(value) > limit:
        raise ToolArgumentError(f"'{name}' is longer than {limit} characters")
    if kind == "event_id" and not EVENT_ID.match(value):
        raise ToolArgumentError(f"'{name}' must be an episode id like ep-0123456789abcdef")
    if kind == "date":
        date_bounds(name, value)
    return value.strip()


def _check_int(name: str, value: object, low: int, high: int) -> int:
    if isinstance(value, float) and value.is_integer():
        value = int(value)  # JSON has one number type: 5.0 is 5
    if isinstance(value, bool) or not isinstance(value, int):  # JSON true is not a number
        raise ToolArgumentError(f"'{name}' must be an integer")
    if not low <= value <= high:
        raise ToolArgumentError(f"'{name}' must be between {low} and {high}, got {value}")
    return value


def check_value(name: str, value: object, kind: ArgKind) -> object:
    """The validated (and normalised) value of one argument."""
    if kind == "limit":
        return _check_int(name, value, 1, MAX_LIMIT)
    if kind == "window":
        return _check_int(name, value, 0, MAX_WINDOW)
    return _check_str(name, value, kind)


def _fields(params_type: type) -> list[tuple[dataclasses.Field[Any], Arg]]:
    return [(f, f.metadata["arg"]) for f in dataclasses.fields(params_type)]


def parse_fields(tool: str, params_type: type, args: Mapping[str, object]) -> dict[str, object]:
    """Validated keyword arguments for `params_type`; ToolArgumentError naming the tool.
    A null value counts as absent (models send null for optional arguments)."""
    if not isinstance(args, Mapping):
        raise ToolArgumentError(f"{tool}: arguments must be a JSON object")
    known = [f.name for f in dataclasses.fields(params_type)]
    unknown = sorted(set(args) - set(known))
    if unknown:
        raise ToolArgumentError(f"{tool}: unknown argument(s) {', '.join(unknown)}; "
                                f"expected {', '.join(known)}")
    values: dict[str, object] = {}
    for f, spec in _fields(params_type):
        value = args.get(f.name)
        if value is None:
            if f.default is dataclasses.MISSING:
                raise ToolArgumentError(f"{tool}: missing required argument '{f.name}'")
            continue
        try:
            values[f.name] = check_value(f.name, value, spec.kind)
        except ToolArgumentError as err:
            raise ToolArgumentError(f"{tool}: {err}") from None
    return values


def _schema_of(kind: ArgKind, description: str) -> dict[str, Any]:
    if kind in ("limit", "window"):
        return {"type": "integer", "minimum": 1 if kind == "limit" else 0,
                "maximum": MAX_LIMIT if kind == "limit" else MAX_WINDOW,
                "description": description}
    schema: dict[str, Any] = {"type": "string", "minLength": 1, "description": description,
                              "maxLength": MAX_TEXT if kind == "text" else MAX_NAME}
    if kind == "event_id":
        schema["pattern"] = EVENT_ID.pattern
    return schema


def fields_schema(params_type: type) -> dict[str, Any]:
    """The JSON schema of a params dataclass (what the model is given)."""
    fields = _fields(params_type)
    return {"type": "object",
            "properties": {f.name: _schema_of(a.kind, a.description) for f, a in fields},
            "required": [f.name for f, _ in fields if f.default is dataclasses.MISSING],
            "additionalProperties": False}
