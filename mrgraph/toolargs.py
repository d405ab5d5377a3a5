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
from mrgraph.limits import MAX_QUESTION_CHARS, has_surrogate, shorten

ArgKind = Literal["text", "name", "event_id", "limit", "window", "date", "dia_ids", "number",
                  "flag", "question", "document"]
MAX_TEXT = 500
MAX_NAME = 200
MAX_LIMIT = 50
MAX_WINDOW = 10
MAX_DIA_IDS = 20  # turns asked by id in one call
MAX_DIA_ID = 32
MAX_NUMBER = 1_000_000  # a session number or a turn index
MAX_QUESTION = MAX_QUESTION_CHARS
EVENT_ID = re.compile(r"^ep-[0-9a-f]{16}$")
_PARTIAL_DATE = re.compile(r"^(\d{4})(?:-(\d{2}))?(?:-(\d{2}))?$")


@dataclass(frozen=True)
class Arg:
    kind: ArgKind
    description: str
    choices: tuple[str, ...] = ()  # a name that must be one of these


def arg(kind: ArgKind, description: str, default: Any = dataclasses.MISSING, *,
        choices: tuple[str, ...] = ()) -> Any:
    """A dataclass field declaring a tool argument."""
    return field(default=default, metadata={"arg": Arg(kind, description, choices)})


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


def _max_chars(kind: ArgKind) -> int | None:
    return {"text": MAX_TEXT, "question": MAX_QUESTION, "document": None}.get(kind, MAX_NAME)


def _check_str(name: str, value: object, kind: ArgKind, choices: tuple[str, ...] = ()) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ToolArgumentError(f"'{name}' must be a non-empty string")
    limit = _max_chars(kind)
    if limit is not None and len(value) > limit:
        raise ToolArgumentError(f"'{name}' is longer than {limit:,} characters")
    if has_surrogate(value):
        raise ToolArgumentError(f"'{name}' holds invalid Unicode (a lone surrogate)")
    if choices and value.strip() not in choices:
        raise ToolArgumentError(f"'{name}' must be one of {', '.join(choices)}, "
                                f"got {shorten(value)}")
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


def _check_dia_ids(name: str, value: object) -> tuple[str, ...]:
    if isinstance(value, str):  # one id given alone
        value = [value]
    if not isinstance(value, list) or not value or len(value) > MAX_DIA_IDS:
        raise ToolArgumentError(f"'{name}' must be a list of 1 to {MAX_DIA_IDS} dia_ids "
                                "(like \"D1:3\")")
    found = []
    for item in value:
        if not isinstance(item, str) or not item.strip() or len(item) > MAX_DIA_ID \
                or has_surrogate(item):
            raise ToolArgumentError(f"'{name}' holds {shorten(item)}: each dia_id is a "
                                    f"non-empty string of at most {MAX_DIA_ID} characters")
        found.append(item.strip())
    return tuple(dict.fromkeys(found))


def check_value(name: str, value: object, kind: ArgKind, choices: tuple[str, ...] = ()
                ) -> object:
    """The validated (and normalised) value of one argument."""
    if kind == "limit":
        return _check_int(name, value, 1, MAX_LIMIT)
    if kind == "window":
        return _check_int(name, value, 0, MAX_WINDOW)
    if kind == "number":
        return _check_int(name, value, 0, MAX_NUMBER)
    if kind == "flag":
        if not isinstance(value, bool):
            raise ToolArgumentError(f"'{name}' must be true or false")
        return value
    if kind == "dia_ids":
        return _check_dia_ids(name, value)
    return _check_str(name, value, kind, choices)


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
            values[f.name] = check_value(f.name, value, spec.kind, spec.choices)
        except ToolArgumentError as err:
            raise ToolArgumentError(f"{tool}: {err}") from None
    return values


_INTEGERS = {"limit": (1, MAX_LIMIT), "window": (0, MAX_WINDOW), "number": (0, MAX_NUMBER)}


def _schema_of(spec: Arg) -> dict[str, Any]:
    kind, description = spec.kind, spec.description
    if kind in _INTEGERS:
        low, high = _INTEGERS[kind]
        return {"type": "integer", "minimum": low, "maximum": high, "description": description}
    if kind == "flag":
        return {"type": "boolean", "description": description}
    if kind == "dia_ids":
        return {"type": "array", "minItems": 1, "maxItems": MAX_DIA_IDS,
                "items": {"type": "string", "minLength": 1, "maxLength": MAX_DIA_ID},
                "description": description}
    schema: dict[str, Any] = {"type": "string", "minLength": 1, "description": description}
    limit = _max_chars(kind)
    if limit is not None:
        schema["maxLength"] = limit
    if kind == "event_id":
        schema["pattern"] = EVENT_ID.pattern
    if spec.choices:
        schema["enum"] = list(spec.choices)
    return schema


def fields_schema(params_type: type) -> dict[str, Any]:
    """The JSON schema of a params dataclass (what the model is given)."""
    fields = _fields(params_type)
    return {"type": "object",
            "properties": {f.name: _schema_of(a) for f, a in fields},
            "required": [f.name for f, _ in fields if f.default is dataclasses.MISSING],
            "additionalProperties": False}
