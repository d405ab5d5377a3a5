"""Helpers every format parser shares: errors that name the place, speaker order, id checks."""

from __future__ import annotations

import re

from typing import Iterable

from mrgraph.errors import InputError
from mrgraph.ingest.dates import session_iso
from mrgraph.types import Session


def input_error(message: str, path: str, *, line: int | None = None,
                field: str | None = None) -> InputError:
    """An InputError whose message already names the field ("session_3[4].text is missing"),
    with `.field` still set for callers that inspect it (the constructor would repeat it)."""
    error = InputError(message, path=path, line=line)
    error.field = field
    return error


def timestamp_iso(value: object, path: str, *, field: str, line: int | None = None) -> str:
    """The ISO datetime of a timestamp value, or an InputError naming the field."""
    if not isinstance(value, str) or not value.strip():
        raise input_error(f"{field} must be a date string, got {value!r}", path, line=line,
                          field=field)
    try:
        return session_iso(value)
    except ValueError as exc:
        raise input_error(f"{field} is not a date ({exc})", path, line=line, field=field) from exc


def speakers_in_order(first: Iterable[str], sessions: Iterable[Session]) -> tuple[str, ...]:
    """The given speakers, then any other speaker of a turn, in order of first appearance."""
    seen = dict.fromkeys(first)
    for session in sessions:
        for turn in session.turns:
            seen.setdefault(turn.speaker)
    return tuple(seen)


# A turn id is a short token: it is shown to LLMs and users verbatim, so it must not be able to
# carry text (newlines, tags) that could pass for instructions or break a prompt's delimiters.
DIA_ID = re.compile(r"[A-Za-z0-9_.:/#-]{1,64}")


def check_unique_ids(sessions: Iterable[Session], path: str, conversation_id: str) -> None:
    """Every dia_id of a conversation is a short token and unique: turns are keyed by it."""
    seen: set[str] = set()
    for session in sessions:
        for turn in session.turns:
            if not DIA_ID.fullmatch(turn.dia_id):
                raise input_error(f"conversation {conversation_id!r}: dia_id {turn.dia_id[:40]!r} "
                                  "is not a short id (letters, digits, _ . : / # -, at most 64)",
                                  path, field="dia_id")
            if turn.dia_id in seen:
                raise input_error(f"conversation {conversation_id!r}: dia_id {turn.dia_id!r} "
                                  f"appears twice", path, field="dia_id")
            seen.add(turn.dia_id)
