"""Helpers every format parser shares: errors that name the place, speaker order, id checks."""

from __future__ import annotations

import logging
import re
from typing import Iterable

from mrgraph.errors import InputError
from mrgraph.dates import ambiguous_reading, session_iso
from mrgraph.limits import shorten
from mrgraph.types import Session


log = logging.getLogger(__name__)


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
        iso = session_iso(value)
    except ValueError as exc:
        raise input_error(f"{field} is not a date ({exc})", path, line=line, field=field) from exc
    warn_ambiguous(value, path, field=field, line=line)
    return iso


def warn_ambiguous(value: str, path: str, *, field: str, line: int | None = None) -> bool:
    """A warning (logged, one line) for a numeric date whose day and month could be swapped:
    the reading is the documented rule (month first), the user should know it was applied."""
    reading = ambiguous_reading(value)
    if reading is None:
        return False
    where = ":".join(str(p) for p in (path, line) if p is not None)
    log.warning("warning: %s: %s %s is ambiguous, read month first as %s (write ISO dates, "
                "YYYY-MM-DD, to avoid this)", where, field, shorten(value), reading)
    return True


def session_number(digits: str, path: str, *, line: int | None = None) -> int:
    """A session number written in the transcript: a signed 64-bit integer, like every integer
    a store holds (mrgraph.limits)."""
    significant = digits.lstrip("0") or "0"
    if len(significant) > 19 or int(significant) > 2 ** 63 - 1:
        raise input_error(f"session number {significant[:20]}… ({len(significant)} digits) is "
                          "too large (at most 2^63 - 1)", path, line=line, field="session")
    return int(significant)


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
