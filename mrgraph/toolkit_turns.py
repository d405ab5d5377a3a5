"""The toolkit's reads of turns and of a cue's episodes: what a navigator needs beside the hops
(mrgraph.toolkit registers them with the others; same declarations, validation and records).

* search_turns: the words said (and shared photos' captions), ranked by idf like the other
  searches; "quoted phrases" must appear as written (`mrgraph.text.phrase_held`); a `speaker`
  keeps that person's turns only.
* read_turns: turns by dia_id with a window around each, or a session's range.
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
from mrgraph.toolargs import arg
from mrgraph.toolcore import (ToolResult, cue_arg, events, find_cue, limit_arg, missing,
                              resolve_speakers, speaker_arg, turns, window_arg)
from mrgraph.weights import search_weights

QUOTED = re.compile(r'"([^"]+)"|\u201c([^\u201d]+)\u201d')
MAX_TURNS = 60  # turns one read_turns call returns
RANGE = 20  # turns a session read gives when `last` is not said


def quoted_phrases(text: str) -> list[str]:
    """The phrases of `text` between double quotes (straight or curly) that hold a word."""
    return [p for pair in QUOTED.findall(text) for p in pair if p and normalize_key(p)]


@dataclass(frozen=True)
class SearchTurnsParams:
    name: ClassVar[str] = "search_turns"
    description: ClassVar[str] = (
        "Entry point: search what was said, turn by turn (and captions of shared photos). "
        "Words rank by rarity; a \"quoted phrase\" must appear as written. Each turn comes "
        "with its dia_id, speaker, session date and episode.")
    text: str = arg("text", 'words to find; "quote" an exact phrase')
    speaker: str | None = speaker_arg("turns this person said")
    limit: int = limit_arg()

    def run(self, store: GraphStore) -> ToolResult:
        speakers = None
        if self.speaker:
            speakers, known = resolve_speakers(store, self.speaker)
            if not speakers:
                return missing(self.name, "speaker", self.speaker, known)
        weights = search_weights(store, ("Turn",), self.text)
        if not weights:
            return ToolResult(self.name, (), (), note="no turn holds any of these words")
        found = store.search_turns(weights, self.limit, speakers, quoted_phrases(self.text))
        return turns(self.name, found)


@dataclass(frozen=True)
class ReadTurnsParams:
    name: ClassVar[str] = "read_turns"
    description: ClassVar[str] = (
        "Read turns: by dia_ids (e.g. from search_turns) with `window` turns around each, or a "
        "session's turns from `first` to `last` (0-based indexes). Dia_ids repeat across "
        "conversations: name the conversation to read one.")
    dia_ids: tuple[str, ...] | None = arg("dia_ids", "turn ids like \"D3:5\"", None)
    conversation: str | None = arg("name", "conversation id (default: every conversation "
                                   "holding the dia_ids; the only one for a session)", None)
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
        else:
            if len(conversations) != 1:
                raise ToolArgumentError(f"{self.name}: name the conversation of the session "
                                        f"(one of {', '.join(conversations[:12])})")
            last = self.first + RANGE - 1 if self.last is None else self.last
            assert self.session is not None
            found = store.session_turns(conversations[0], self.session, self.first, last)
        return _capped(self.name, found, self._absent(found))

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
        cue = find_cue(store, self.cue)
        if cue is None:
            return missing(self.name, "cue", self.cue)
        return events(self.name, store.cue_events(cue.id, self.limit))
