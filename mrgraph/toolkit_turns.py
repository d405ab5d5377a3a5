"""The toolkit's reads of turns and of a cue's episodes: what a navigator needs beside the hops
(mrgraph.toolkit registers them with the others; same declarations, validation and records).

* search_turns: the words said (and shared photos' captions), ranked by idf like the other
  searches; "quoted phrases" must appear as written (`mrgraph.text.phrase_held`); a `speaker`
  keeps that person's turns only, `said_start`/`said_end` the turns of sessions held on those
  days (the session's day; a date a turn speaks of is another thing, left for a filter of its
  own beside these). A hit that asks something (its text holds a "?") carries the turn
  that answers it, `reply` (`store.replies`: the next turn of its session by another
  speaker, at most REPLY_AHEAD on): a question ranks by the words it shares with the question
  asked of the memory, its answer ("next month") often shares none.
* read_turns: turns by dia_id with a window around each, or a session's range; the
  conversation need not be named unless the namespace holds several that have the dia_ids.
* cue_events: the episodes of a cue under any tag and any date (timeline needs a range, and
  skips undated episodes).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import ClassVar

from mrgraph.errors import ToolArgumentError
from mrgraph.ids import node_id
from mrgraph.store.base import GraphStore, TurnRecord
from mrgraph.text import normalize_key
from mrgraph.toolargs import arg, date_bounds
from mrgraph.toolcore import (ToolResult, cue_arg, events, limit_arg, on_cue, on_speakers,
                              speaker_arg, turn_record, turns, window_arg)
from mrgraph.weights import search_weights

QUOTED = re.compile(r'"([^"]+)"|\u201c([^\u201d]+)\u201d')
MAX_TURNS = 60  # turns one read_turns call returns
RANGE = 20  # turns a session read gives when `last` is not said
REPLY_AHEAD = 2  # turns after a question its answer may be (the asker may say one more first)
OPEN_DAYS = ("0001-01-01", "9999-12-31")  # a date filter given one end only


def quoted_phrases(text: str) -> list[str]:
    """The phrases of `text` between double quotes (straight or curly) that hold a word."""
    return [p for pair in QUOTED.findall(text) for p in pair if p and normalize_key(p)]


@dataclass(frozen=True)
class SearchTurnsParams:
    name: ClassVar[str] = "search_turns"
    description: ClassVar[str] = (
        "Entry point: search what was said, turn by turn (and captions of shared photos). "
        "Words rank by rarity; a \"quoted phrase\" must appear as written. Each turn comes "
        "with its dia_id, speaker, session date and episode; a turn asking something also "
        "with the `reply` answering it.")
    text: str = arg("text", 'words to find; "quote" an exact phrase')
    speaker: str | None = speaker_arg("turns this person said")
    said_start: str | None = arg("date", "optional: only turns of sessions held on or after "
                                 "this day (YYYY-MM-DD; YYYY-MM or YYYY: its first day)", None)
    said_end: str | None = arg("date", "optional: only turns of sessions held on or before "
                               "this day (YYYY-MM-DD; YYYY-MM or YYYY: its last day)", None)
    limit: int = limit_arg()

    def run(self, store: GraphStore) -> ToolResult:
        said = self._said()
        if self.speaker:
            return on_speakers(self.name, store, self.speaker,
                               lambda speakers: self._search(store, speakers, said))
        return self._search(store, None, said)

    def _search(self, store: GraphStore, speakers: list[str] | None,
                said: tuple[str, str] | None) -> ToolResult:
        weights = search_weights(store, ("Turn",), self.text)
        if not weights:
            return ToolResult(self.name, (), (), note="no turn holds any of these words")
        found = store.search_turns(weights, self.limit, speakers, quoted_phrases(self.text),
                                   said)
        if not found and said is not None:
            return ToolResult(self.name, (), (), note="no turn of a session held on those days "
                              "holds these words")
        return with_replies(store, found, turns(self.name, found))

    def _said(self) -> tuple[str, str] | None:
        if self.said_start is None and self.said_end is None:
            return None
        start = date_bounds("said_start", self.said_start)[0] if self.said_start \
            else OPEN_DAYS[0]
        end = date_bounds("said_end", self.said_end)[1] if self.said_end else OPEN_DAYS[1]
        if start > end:
            raise ToolArgumentError(f"{self.name}: said_start {self.said_start} is after "
                                    f"said_end {self.said_end}")
        return start, end


def asks(turn: TurnRecord) -> bool:
    """Whether a turn asks something: its text holds a question mark. (Only a turn whose last
    sentence asks reaches 0.9 points less of dev's gold evidence with replies at k=5, for 3%
    fewer tokens: benchmarks/turn_search_recall.py.)"""
    return "?" in turn.text


def with_replies(store: GraphStore, found: list[TurnRecord], result: ToolResult) -> ToolResult:
    """`result` with each hit that asks something carrying the turn answering it (`reply`)."""
    asking = {node_id(store.ns, "Turn", t.conversation_id, t.dia_id): n
              for n, t in enumerate(found) if asks(t)}
    if not asking:
        return result
    records = [dict(r) for r in result.records]
    for turn_id, reply in store.replies(list(asking), REPLY_AHEAD).items():
        records[asking[turn_id]]["reply"] = turn_record(reply)
    return ToolResult(result.tool, tuple(records), result.ids, result.note)


@dataclass(frozen=True)
class ReadTurnsParams:
    name: ClassVar[str] = "read_turns"
    description: ClassVar[str] = (
        "Read turns: by dia_ids (e.g. from search_turns) with `window` turns around each, or a "
        "session's turns from `first` to `last` (0-based indexes).")
    dia_ids: tuple[str, ...] | None = arg("dia_ids", "turn ids like \"D3:5\"", None)
    conversation: str | None = arg("name", "conversation id: only needed when the namespace "
                                   "holds several conversations (an error then lists them)",
                                   None)
    window: int = window_arg(1)
    session: int | None = arg("number", "instead of dia_ids: a session number to read", None)
    first: int = arg("number", "with session: the first turn index", 0)
    last: int | None = arg("number", f"with session: the last turn index (default first + "
                           f"{RANGE - 1})", None)

    def run(self, store: GraphStore) -> ToolResult:
        if (self.dia_ids is None) == (self.session is None):
            raise ToolArgumentError(f"{self.name}: give dia_ids or a session, not both")
        conversations = [self.conversation] if self.conversation else store.conversations()
        if self.dia_ids is not None:
            ids = [node_id(store.ns, "Turn", cid, dia) for cid in conversations
                   for dia in self.dia_ids]
            found = store.turns_around(ids, self.window)
            self._one_conversation(found)
        else:
            if len(conversations) != 1:
                raise ToolArgumentError(f"{self.name}: name the conversation of the session "
                                        f"(one of {', '.join(conversations[:12])})")
            last = self.first + RANGE - 1 if self.last is None else self.last
            assert self.session is not None
            found = store.session_turns(conversations[0], self.session, self.first, last)
        return _capped(self.name, found, self._absent(found))

    def _one_conversation(self, found: list[TurnRecord]) -> None:
        """Unnamed, the conversation is the one holding the dia_ids; when several of the
        namespace's do, which one is meant cannot be guessed: the error lists them."""
        held = sorted({t.conversation_id for t in found if t.in_event})
        if not self.conversation and len(held) > 1:
            raise ToolArgumentError(
                f"{self.name}: this namespace holds several conversations with these dia_ids: "
                f"name one as `conversation` ({', '.join(held[:12])})")

    def _absent(self, found: list[TurnRecord]) -> str:
        if self.dia_ids is None:
            return "" if found else f"no turns in session {self.session} from {self.first}"
        held = {t.dia_id for t in found if t.in_event}
        lost = [d for d in self.dia_ids if d not in held]
        where = f" in conversation {self.conversation!r}" if self.conversation else ""
        return f"no turn {', '.join(lost)}{where}" if lost else ""


def _capped(tool: str, found: list[TurnRecord], note: str) -> ToolResult:
    shown = turns(tool, found[:MAX_TURNS])
    if len(found) > MAX_TURNS:
        more = f"{len(found) - MAX_TURNS} more turns not shown: ask for fewer"
        note = f"{note}; {more}" if note else more
    return ToolResult(tool, shown.records, shown.ids, note)


@dataclass(frozen=True)
class CueEventsParams:
    name: ClassVar[str] = "cue_events"
    description: ClassVar[str] = ("Hop: every episode a cue (person, thing, keyword) is in, "
                                  "any tag, any date, oldest first.")
    cue: str = cue_arg()
    limit: int = limit_arg()

    def run(self, store: GraphStore) -> ToolResult:
        return on_cue(self.name, store, self.cue,
                      lambda cue: events(self.name, store.cue_events(cue.id, self.limit)))
