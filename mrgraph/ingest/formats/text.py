"""Plain-text transcripts: session date headers and `Speaker: text` lines.

Grammar, line by line (blank lines are ignored everywhere):

    # Any title                       a single '#': a title or comment, ignored
    ## Session 1 — 2023-05-08 13:56   a session header: two or more '#', an optional
    ## 8 May 2023                       "Session N" followed by — – - : or , and a date
    === 8 May 2023 ===                a session header between runs of three or more '='
    === Session 2: 1:14 pm on 25 May, 2023 ===
    Odile: I went to a chess club meeting yesterday.
    [D1:3] Odile: ...                  a turn with its own id, kept verbatim
      and we played until late.       a continuation: appended to the previous turn
    [photo: a chess board mid-game]   an image caption of the previous turn

A turn line is `Speaker: text` where Speaker is one to four capitalised words ("Odile",
"Dr. Lee") or one word of any case ("user"), followed by a colon and a space. Any other line,
and every line starting with whitespace, continues the previous turn (joined with a space).
The date is any full date `mrgraph.dates.parse_timestamp` reads (ISO, "8 May 2023",
"1:56 pm on 8 May, 2023"); a header without a date is an error. Session numbers, when given,
must increase; otherwise sessions are numbered 1, 2, 3... Turns without an id get "S{n}:{i}".
The conversation id is the file stem.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from mrgraph.ingest.formats.common import (
    check_unique_ids,
    input_error,
    session_number,
    speakers_in_order,
    timestamp_iso,
)
from mrgraph.types import Conversation, Session, Turn

_HASH_HEADER = re.compile(r"#{2,}\s*(.*?)\s*")
_EQ_HEADER = re.compile(r"={3,}\s*(.*?)\s*={3,}\s*")
_SESSION_PREFIX = re.compile(r"session\s+(\d+)\s*(?:[—–:,-]\s*)?(.*)", re.I)
_NAME = r"(?:[A-Z][\w.'’-]*(?: [A-Z][\w.'’-]*){0,3}|[A-Za-z][\w'’-]*)"
_TURN = re.compile(r"(?:\[([^\]\s]+)\]\s*)?(" + _NAME + r")\s*:(?:\s+(.*)|\s*)")
_CAPTION = re.compile(r"\s*\[(?:photo|image|picture):\s*(.*?)\]\s*", re.I)


@dataclass
class _OpenTurn:
    dia_id: str | None
    speaker: str
    parts: list[str]
    caption: str | None = None


@dataclass
class _OpenSession:
    number: int
    started_at: str
    turns: list[_OpenTurn] = field(default_factory=list)


def parse(text: str, path: str) -> list[Conversation]:
    sessions: list[_OpenSession] = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip() or _is_title(line):
            continue
        header = _header(line, number, path)
        if header is not None:
            sessions.append(_new_session(header, sessions, number, path))
        elif not sessions:
            raise input_error("text before the first session header (expected e.g. "
                              "'## Session 1 — 2023-05-08 13:56' or '=== 8 May 2023 ===')",
                              path, line=number)
        else:
            _add_line(sessions[-1], line, number, path)
    if not any(s.turns for s in sessions):
        raise input_error("no 'Speaker: text' lines found", path)
    conversation_id = Path(path).stem
    closed = tuple(_close(s) for s in sessions)
    check_unique_ids(closed, path, conversation_id)
    return [Conversation(id=conversation_id, speakers=speakers_in_order((), closed),
                         sessions=closed, source=path)]


def _is_title(line: str) -> bool:
    return line.startswith("#") and not line.startswith("##")


def _header(line: str, number: int, path: str) -> tuple[int | None, str] | None:
    """(explicit session number or None, ISO start) of a header line; None for other lines."""
    match = _HASH_HEADER.fullmatch(line) or _EQ_HEADER.fullmatch(line)
    if match is None:
        return None
    body, explicit = match.group(1), None
    prefix = _SESSION_PREFIX.fullmatch(body)
    if prefix:
        explicit, body = session_number(prefix.group(1), path, line=number), prefix.group(2)
    if not body:
        raise input_error("session header has no date", path, line=number, field="date")
    return explicit, timestamp_iso(body, path, field="session header date", line=number)


def _new_session(header: tuple[int | None, str], sessions: list[_OpenSession], line: int,
                 path: str) -> _OpenSession:
    explicit, started_at = header
    previous = sessions[-1].number if sessions else 0
    if explicit is not None and explicit <= previous:
        raise input_error(f"session number {explicit} does not follow session {previous}",
                          path, line=line, field="session")
    return _OpenSession(number=explicit if explicit is not None else previous + 1,
                        started_at=started_at)


def _add_line(session: _OpenSession, line: str, number: int, path: str) -> None:
    match = None if line[0].isspace() else _TURN.fullmatch(line)
    if match is not None:
        session.turns.append(_OpenTurn(match.group(1), match.group(2).strip(),
                                       [match.group(3) or ""]))
        return
    if not session.turns:
        raise input_error("text before the first 'Speaker: text' line of the session", path,
                          line=number)
    caption = _CAPTION.fullmatch(line)
    if caption:
        session.turns[-1].caption = caption.group(1)
    else:
        session.turns[-1].parts.append(line.strip())


def _close(session: _OpenSession) -> Session:
    turns = tuple(
        Turn(dia_id=t.dia_id or f"S{session.number}:{i + 1}", speaker=t.speaker,
             text=" ".join(p for p in t.parts if p), index=i, blip_caption=t.caption)
        for i, t in enumerate(session.turns))
    return Session(number=session.number, started_at=session.started_at, turns=turns)
