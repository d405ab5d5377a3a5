"""Recover a JSON value from what a model actually wrote.

Models asked for JSON still wrap it: reasoning models prepend `<think>...</think>`, chat models
put it in a ```json fence or add a sentence around it. These helpers undo exactly those habits
and nothing more (no guessing at truncated or trailing-comma JSON: a reply that is broken gets
sent back to the model with the error instead, which fixes it more reliably than we could).
"""

from __future__ import annotations

import json
import re
from typing import Any

_THINK_BLOCK = re.compile(r"<(think|thinking|reasoning)>.*?</\1>", re.IGNORECASE | re.DOTALL)
_THINK_CLOSE = re.compile(r"</(think|thinking|reasoning)>", re.IGNORECASE)
_THINK_OPEN = re.compile(r"<(think|thinking|reasoning)>", re.IGNORECASE)
_FENCE = re.compile(r"```[A-Za-z0-9_+-]*[ \t]*\n?(.*?)```", re.DOTALL)
_MAX_START_POSITIONS = 50  # bounds the scan on long chatty replies


class InvalidReply(ValueError):
    """A reply that is not the JSON asked for. Internal: backends turn it into a repair prompt
    or, when repairs run out, into LLMError."""


def strip_think(text: str) -> str:
    """Remove reasoning blocks. Some servers put the opening tag in the chat template, so the
    reply holds only `...</think>`: everything up to the last closing tag is reasoning then.
    An unclosed opening tag means the reasoning was cut off: nothing after it is an answer."""
    text = _THINK_BLOCK.sub("", text)
    closes = list(_THINK_CLOSE.finditer(text))
    if closes:
        text = text[closes[-1].end():]
    opening = _THINK_OPEN.search(text)
    if opening:
        text = text[:opening.start()]
    return text.strip()


def strip_fences(text: str) -> str:
    """The content of the first ``` fence, or the text unchanged when there is none."""
    match = _FENCE.search(text)
    return match.group(1).strip() if match else text


def _reject_constant(name: str) -> Any:
    # Python's json accepts NaN/Infinity; JSON does not, and neither do our consumers.
    raise ValueError(f"{name} is not valid JSON")


def loads_strict(text: str) -> Any:
    """json.loads without the NaN/Infinity extension."""
    return json.loads(text, parse_constant=_reject_constant)


def _balanced_end(text: str, start: int) -> int | None:
    """Index one past the bracket closing the one at `start`, honouring JSON strings."""
    depth, in_string, escaped = 0, False, False
    for index in range(start, len(text)):
        char = text[index]
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "{[":
            depth += 1
        elif char in "}]":
            depth -= 1
            if depth == 0:
                return index + 1
    return None


def extract_first_json(text: str) -> Any:
    """The first balanced JSON object or array in `text` that parses."""
    starts = [m.start() for m in re.finditer(r"[{\[]", text)][:_MAX_START_POSITIONS]
    for start in starts:
        end = _balanced_end(text, start)
        if end is None:
            continue
        try:
            return loads_strict(text[start:end])
        except ValueError:
            continue
    raise InvalidReply("the reply contains no JSON object or array")


def parse_json_reply(text: str | None) -> Any:
    """Parse a model's JSON reply: strip reasoning and fences, then take the whole text or the
    first balanced object/array inside it. Raises InvalidReply naming what was wrong."""
    if text is None or not text.strip():
        raise InvalidReply("the reply is empty; a JSON value was expected")
    cleaned = strip_think(text)
    if not cleaned:
        raise InvalidReply("the reply holds only reasoning (<think>) and no JSON value")
    unfenced = strip_fences(cleaned)
    try:
        return loads_strict(unfenced)
    except ValueError as err:
        first_error = str(err)
    try:
        return extract_first_json(unfenced)
    except InvalidReply as err:
        if not re.search(r"[{\[]", unfenced):
            raise  # prose only: "no JSON object or array" says it best
        raise InvalidReply(f"the reply is not valid JSON ({first_error})") from err
