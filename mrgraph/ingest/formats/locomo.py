"""LoCoMo JSON: a list of samples (or one sample object).

A sample has `sample_id` and `conversation` = {speaker_a, speaker_b, session_N: [turn...],
session_N_date_time: "1:56 pm on 8 May, 2023"}; a turn has `speaker`, `dia_id`, `text` and an
optional `blip_caption`. Other keys (qa, observations, summaries, img_url...) are ignored.
Only sessions that have a turn list are loaded (the published data lists dates for sessions it
has no turns for). A list of turns under a key that names no session (`session_-1`,
`session_one`) is skipped with a warning. Every dia_id is kept verbatim.
"""

from __future__ import annotations

import json
import logging
import re
from typing import Any

from mrgraph.ingest.formats.common import (
    check_unique_ids,
    input_error,
    session_number,
    speakers_in_order,
    timestamp_iso,
)
from mrgraph.limits import shorten
from mrgraph.types import Conversation, Session, Turn

log = logging.getLogger(__name__)

_SESSION_KEY = re.compile(r"session_(\d+)")
_JSON_TYPES = {int: "number", float: "number", str: "string", bool: "boolean",
               type(None): "null"}


def parse(text: str, path: str) -> list[Conversation]:
    data = _json(text, path)
    if isinstance(data, dict):
        samples, prefix = [data], [""]
    elif isinstance(data, list):
        samples, prefix = data, [f"[{i}]." for i in range(len(data))]
    else:
        raise input_error("expected a LoCoMo sample object or a list of samples, got a JSON "
                          f"{_JSON_TYPES.get(type(data), type(data).__name__)}", path)
    if not samples:
        raise input_error("the file holds an empty list: no conversations", path)
    conversations = [_sample(sample, where, path) for sample, where in zip(samples, prefix)]
    seen: set[str] = set()
    for conversation in conversations:
        if conversation.id in seen:
            raise input_error(f"sample_id {conversation.id!r} appears twice", path,
                              field="sample_id")
        seen.add(conversation.id)
    return conversations


def _json(text: str, path: str) -> Any:
    try:
        return json.loads(text)
    except RecursionError:
        raise input_error("JSON nested too deeply to be a transcript", path) from None
    except json.JSONDecodeError as exc:
        # An error at the very end, or a string still open at the end, means the document stops
        # early (an interrupted download or copy), the usual failure: say so, at the last line.
        if exc.pos >= len(text.rstrip()) or exc.msg.startswith("Unterminated string"):
            raise input_error("truncated JSON (the file ends mid-document)", path,
                              line=text.rstrip().count("\n") + 1) from exc
        raise input_error(f"invalid JSON: {exc.msg} (column {exc.colno})", path,
                          line=exc.lineno) from exc
    except ValueError as exc:  # e.g. an integer of more than 4,300 digits
        raise input_error(f"invalid JSON: {exc}", path) from None


def _sample(sample: object, where: str, path: str) -> Conversation:
    if not isinstance(sample, dict):
        raise input_error(f"{where.rstrip('.') or 'the document'} is not an object", path)
    sample_id = _string(sample, "sample_id", where, path)
    conv = sample.get("conversation")
    if not isinstance(conv, dict):
        raise _missing_or_type(conv, f"{where}conversation", "an object", path)
    field = f"{where}conversation."
    speaker_a = _string(conv, "speaker_a", field, path)
    speaker_b = _string(conv, "speaker_b", field, path)
    numbers = sorted(session_number(m.group(1), path)
                     for key in conv if (m := _SESSION_KEY.fullmatch(key)))
    for key, value in conv.items():
        if isinstance(value, list) and not _SESSION_KEY.fullmatch(key):
            # turns under a key that names no session: skipped, and said (never silently)
            log.warning("%s: %s%s is not a session (session_1, session_2...): its %d turn(s) "
                        "were skipped", path, field, shorten(key), len(value))
    sessions = tuple(_session(conv, number, field, path) for number in numbers)
    check_unique_ids(sessions, path, sample_id)
    return Conversation(id=sample_id, speakers=speakers_in_order((speaker_a, speaker_b), sessions),
                        sessions=sessions, source=path)


def _session(conv: dict[str, Any], number: int, field: str, path: str) -> Session:
    key = f"session_{number}"
    turns = conv[key]
    if not isinstance(turns, list):
        raise _missing_or_type(turns, field + key, "a list of turns", path)
    date_key = f"{key}_date_time"
    if date_key not in conv:
        raise input_error(f"{field}{date_key} is missing", path, field=field + date_key)
    started_at = timestamp_iso(conv[date_key], path, field=field + date_key)
    return Session(number=number, started_at=started_at,
                   turns=tuple(_turn(raw, i, f"{field}{key}[{i}]", path)
                               for i, raw in enumerate(turns)))


def _turn(raw: object, index: int, field: str, path: str) -> Turn:
    if not isinstance(raw, dict):
        raise input_error(f"{field} is not an object", path, field=field)
    caption = raw.get("blip_caption")
    if caption is not None and not isinstance(caption, str):
        raise _missing_or_type(caption, f"{field}.blip_caption", "a string", path)
    return Turn(dia_id=_string(raw, "dia_id", field + ".", path),
                speaker=_string(raw, "speaker", field + ".", path),
                text=_string(raw, "text", field + ".", path, allow_empty=True),
                index=index, blip_caption=caption or None)


def _string(obj: dict[str, Any], key: str, where: str, path: str, *,
            allow_empty: bool = False) -> str:
    value = obj.get(key)
    if not isinstance(value, str) or not (allow_empty or value.strip()):
        raise _missing_or_type(value, where + key, "a non-empty string", path)
    return value


def _missing_or_type(value: object, field: str, expected: str, path: str) -> Exception:
    if value is None:
        return input_error(f"{field} is missing", path, field=field)
    return input_error(f"{field} must be {expected}, got {type(value).__name__}", path,
                       field=field)
