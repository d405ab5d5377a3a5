"""JSONL: one message per line.

Each non-blank line is a JSON object with
  speaker | role | name | author          (required) who spoke
  text | content | message               (required, a string) what was said
  timestamp | time | datetime | date | created_at
                                         ISO 8601 (other full dates are accepted too); required
                                         on the first message of every session, later messages
                                         without one continue the current session
  session | session_id                   optional session id
  conversation | conversation_id         optional conversation id (default: the file stem)
  dia_id | id                            optional turn id, kept verbatim (default "S{session}:{n}")
  blip_caption | image_caption           optional caption of a shared image

Sessions: when every message of a conversation has a session id, messages are grouped by it
(sessions numbered in order of first appearance). When none has, a new session starts at the
first message and whenever the gap since the previous message exceeds SESSION_GAP (4 hours).
A conversation mixing both is rejected. Time zones are dropped: the wall time as written is
what the speakers meant by "today", and gaps are measured on it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from mrgraph.dates import parse_timestamp
from mrgraph.ingest.formats.common import (check_unique_ids, input_error, speakers_in_order,
                                           warn_ambiguous)
from mrgraph.types import Conversation, Session, Turn

SESSION_GAP = timedelta(hours=4)

_SPEAKER = ("speaker", "role", "name", "author")
_TEXT = ("text", "content", "message")
_TIME = ("timestamp", "time", "datetime", "date", "created_at")
_SESSION = ("session", "session_id")
_CONVERSATION = ("conversation", "conversation_id")
_ID = ("dia_id", "id")
_CAPTION = ("blip_caption", "image_caption")


@dataclass(frozen=True)
class _Message:
    line: int
    speaker: str
    text: str
    time: datetime | None
    session: str | None
    conversation: str
    dia_id: str | None
    caption: str | None


def parse(text: str, path: str) -> list[Conversation]:
    default_id = Path(path).stem
    groups: dict[str, list[_Message]] = {}
    warned: set[str] = set()  # one ambiguous-date warning per file, not one per message
    for number, line in enumerate(text.splitlines(), start=1):
        if line.strip():
            message = _message(line, number, default_id, path, warned)
            groups.setdefault(message.conversation, []).append(message)
    return [_conversation(cid, messages, path) for cid, messages in groups.items()]


def _message(line: str, number: int, default_id: str, path: str,
             warned: set[str]) -> _Message:
    try:
        raw = json.loads(line)
    except json.JSONDecodeError as exc:
        raise input_error(f"invalid JSON: {exc.msg} (column {exc.colno})", path,
                          line=number) from exc
    except RecursionError:
        raise input_error("JSON nested too deeply to be a message", path, line=number) from None
    except ValueError as exc:  # e.g. an integer of more than 4,300 digits
        raise input_error(f"invalid JSON: {exc}", path, line=number) from None
    if not isinstance(raw, dict):
        raise input_error("expected a JSON object (one message per line)", path, line=number)
    stamp = _pick(raw, _TIME, number, path)
    return _Message(
        line=number,
        speaker=_required(raw, _SPEAKER, number, path),
        text=_required(raw, _TEXT, number, path, allow_empty=True),
        time=None if stamp is None else _time(stamp, number, path, warned),
        session=_pick(raw, _SESSION, number, path),
        conversation=_pick(raw, _CONVERSATION, number, path) or default_id,
        dia_id=_pick(raw, _ID, number, path),
        caption=_pick(raw, _CAPTION, number, path) or None,
    )


def _pick(raw: dict[str, Any], keys: tuple[str, ...], line: int, path: str) -> str | None:
    """The first present key's value as a string (ids may be numbers); None if absent."""
    for key in keys:
        value = raw.get(key)
        if value is None:
            continue
        if isinstance(value, bool) or not isinstance(value, (str, int)):
            raise input_error(f"'{key}' must be a string, got {type(value).__name__}", path,
                              line=line, field=key)
        return str(value)
    return None


def _required(raw: dict[str, Any], keys: tuple[str, ...], line: int, path: str, *,
              allow_empty: bool = False) -> str:
    value = _pick(raw, keys, line, path)
    if value is None or not (allow_empty or value.strip()):
        names = " / ".join(f"'{k}'" for k in keys)
        raise input_error(f"{names} is missing", path, line=line, field=keys[0])
    return value


def _time(value: str, line: int, path: str, warned: set[str]) -> datetime:
    try:
        parsed = parse_timestamp(value)
    except ValueError as exc:
        raise input_error(f"'timestamp' is not a date ({exc})", path, line=line,
                          field="timestamp") from exc
    if not warned and warn_ambiguous(value, path, field="'timestamp'", line=line):
        warned.add(path)
    return parsed


def _conversation(cid: str, messages: list[_Message], path: str) -> Conversation:
    with_id = [m for m in messages if m.session is not None]
    if with_id and len(with_id) < len(messages):
        first = next(m for m in messages if m.session is None)
        raise input_error(f"'session' is missing (other messages of conversation {cid!r} have "
                          "one)", path, line=first.line, field="session")
    groups = _by_session_id(messages) if with_id else _by_gap(messages)
    sessions = tuple(_session(number, group, path) for number, group in enumerate(groups, 1))
    check_unique_ids(sessions, path, cid)
    return Conversation(id=cid, speakers=speakers_in_order((), sessions), sessions=sessions,
                        source=path)


def _by_session_id(messages: list[_Message]) -> list[list[_Message]]:
    groups: dict[str | None, list[_Message]] = {}
    for message in messages:
        groups.setdefault(message.session, []).append(message)
    return list(groups.values())


def _by_gap(messages: list[_Message]) -> list[list[_Message]]:
    groups: list[list[_Message]] = []
    last: datetime | None = None
    for message in messages:
        gap = message.time is not None and last is not None and message.time - last > SESSION_GAP
        if not groups or gap:
            groups.append([])
        groups[-1].append(message)
        last = message.time or last
    return groups


def _session(number: int, messages: list[_Message], path: str) -> Session:
    first = messages[0]
    if first.time is None:
        raise input_error("'timestamp' is missing (the first message of a session needs one)",
                          path, line=first.line, field="timestamp")
    turns = tuple(Turn(dia_id=m.dia_id or f"S{number}:{i + 1}", speaker=m.speaker, text=m.text,
                       index=i, blip_caption=m.caption) for i, m in enumerate(messages))
    return Session(number=number, started_at=first.time.isoformat(timespec="seconds"),
                   turns=turns)
