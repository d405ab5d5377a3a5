"""The LLM extractor: one model call per session (per chunk of a long session), replies cached.

Per call the model gets the system prompt `extract_system` (rules; the transcript is data, never
instructions) and `extract` (speakers, session time with its weekday, the delimited transcript,
one `dia_id speaker: text` line per turn) and must answer JSON following
`llm_reply.RESPONSE_SCHEMA`: resolved sentences per dia_id, episodes (lists of dia_ids) with ISO
date, tag, summary and cues, facts with confidences, topics. `llm_reply` validates the meaning
and converts it to drafts; topics of all sessions merge by normalised label.

Budget: a session whose transcript is at most `chunk_tokens` (default 4,000 cl100k tokens) goes
in one call. A longer one is split at turn boundaries into near-equal chunks of at most that size
(a single longer turn is a chunk of its own), each a call of its own. 4,000 keeps the prompt
under ~5k tokens and the reply (about 1.5x the transcript) well inside a 16k output limit; the
LoCoMo sessions (at most ~1,500 tokens) always fit in one call.

Small local models (`window_turns`, what `--llm local` uses): a session goes in windows of at
most `window_turns` turns, each a call whose reply follows `llm_reply.window_schema`: every list
and string bounded and the dia_ids and fact entities enums of the window's own, so the reply
completes within the token cap and names only real turns and speakers. Each call gets the
backend's per-question time budget (MRGRAPH_LLM_BUDGET); running out of it stops the ingest with
one line (LLMBudgetError): the next window would only run out too.

Cache: every validated reply is stored under (model, endpoint, prompt hash) in a `ReplyCache`
(default `.mrgraph/llm-cache/`), so re-ingesting or resuming costs no tokens; `Extraction.tokens`
counts only tokens of calls actually made.

Failures: a session any of whose calls fails after the backend's retries and repairs (LLMError),
or whose reply holds no usable episode, is skipped: it gets no SessionExtraction, so the graph
holds its turns (the transcript) but no episodes, cues or facts from it, and nothing half-made.
It is listed in `last_failures`; re-running the ingest calls the model only for it (the cache
holds the rest). When every session of a conversation fails, LLMError is raised instead, so the
file is not written at all. Configuration errors (LLMConfigError: bad key, unknown model) are
never swallowed.
"""

from __future__ import annotations

import logging
import os
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor, as_completed
from dataclasses import dataclass, field
from typing import Any

from mrgraph.errors import LLMBudgetError, LLMError, LLMReplyError
from mrgraph.ingest.llm_cache import DEFAULT_CACHE_DIR, ReplyCache, cache_key, endpoint_of
from mrgraph.ingest.llm_prompt import build_messages, chunk_turns, window_turns_of
from mrgraph.ingest.llm_reply import (
    RESPONSE_SCHEMA,
    WINDOW_EPISODE_TURNS,
    ChunkDrafts,
    EmptyReply,
    convert_reply,
    flat_reply,
    window_schema,
)
from mrgraph.llm.base import LLM, Message, question_clock, scrubbed
from mrgraph.llm.jsonrepair import InvalidReply
from mrgraph.llm.structured import parse_structured
from mrgraph.redact import scrub, scrub_value
from mrgraph.text import normalize_key
from mrgraph.ingest.drafts import (
    EpisodeDraft,
    Extraction,
    FactDraft,
    SessionExtraction,
    TopicDraft,
)
from mrgraph.types import Conversation, Turn

log = logging.getLogger(__name__)

PURPOSE = "extract"
DEFAULT_CHUNK_TOKENS = 4000
DEFAULT_CONCURRENCY = 8
SMALL_MODEL_WINDOW = 8  # turns per call for a small local model (--llm local)

ExtractProgress = Callable[[str, int, int], None]  # (conversation id, sessions done, sessions)


@dataclass(frozen=True)
class ExtractRequest:
    """One model call the extractor makes: a chunk of a session and the messages for it."""

    session_number: int
    part: int  # from 1
    parts: int
    turns: tuple[Turn, ...]
    messages: tuple[Message, ...]
    schema: dict[str, Any] = field(default_factory=lambda: RESPONSE_SCHEMA)


@dataclass(frozen=True)
class SessionFailure:
    """A session skipped because its extraction failed; re-running the ingest retries it."""

    conversation_id: str
    session_number: int
    error: str


@dataclass(frozen=True)
class ExtractStats:
    """What the last `extract` call did."""

    calls: int  # model calls made (cache misses)
    cache_hits: int
    tokens: int  # tokens of the calls made
    warnings: tuple[str, ...]  # invalid reply items dropped or replaced, one line each
    valid: int = 0  # calls made whose reply was used as it came
    repaired: int = 0  # calls made whose reply was used after a JSON re-ask or item repairs


@dataclass(frozen=True)
class _Outcome:
    request: ExtractRequest
    drafts: ChunkDrafts | None
    tokens: int
    cached: bool
    error: str | None = None
    re_asked: bool = False  # the backend re-asked for valid JSON


class LLMExtractor:
    """Extractor backed by an LLM (see the module docstring). Not re-entrant: `last_failures`
    and `last_stats` describe the latest `extract` call."""

    name = "llm"

    def __init__(self, llm: LLM, *, concurrency: int = DEFAULT_CONCURRENCY,
                 cache: ReplyCache | str | os.PathLike[str] | None = DEFAULT_CACHE_DIR,
                 chunk_tokens: int = DEFAULT_CHUNK_TOKENS,
                 progress: ExtractProgress | None = None,
                 window_turns: int | None = None) -> None:
        if concurrency < 1:
            raise ValueError("concurrency must be at least 1")
        if chunk_tokens < 100:
            raise ValueError("chunk_tokens must be at least 100")
        if window_turns is not None and not 1 <= window_turns <= 2 * WINDOW_EPISODE_TURNS:
            raise ValueError(f"window_turns must be 1 to {2 * WINDOW_EPISODE_TURNS}")
        self.llm = llm
        self.concurrency = concurrency
        self.cache = cache if isinstance(cache, ReplyCache) or cache is None else ReplyCache(cache)
        self.chunk_tokens = chunk_tokens
        self.progress = progress
        self.window_turns = window_turns
        self.last_failures: tuple[SessionFailure, ...] = ()
        self.last_stats = ExtractStats(0, 0, 0, ())

    def __repr__(self) -> str:
        return (f"LLMExtractor(llm={self.llm.name!r}, concurrency={self.concurrency}, "
                f"cache={self.cache!r})")

    def requests(self, conversation: Conversation) -> list[ExtractRequest]:
        """Every call `extract` would make for `conversation` (no model call, no cache use)."""
        found: list[ExtractRequest] = []
        for session in conversation.sessions:
            if self.window_turns is None:
                chunks = chunk_turns(session.turns, self.chunk_tokens)
            else:
                chunks = window_turns_of(session.turns, self.window_turns)
            for part, turns in enumerate(chunks, 1):
                if self.window_turns is None:
                    found.append(ExtractRequest(session.number, part, len(chunks), turns,
                                                build_messages(conversation, session, turns,
                                                               part, len(chunks))))
                    continue
                messages = build_messages(conversation, session, turns, part, len(chunks),
                                          system="extract_window_system")
                found.append(ExtractRequest(session.number, part, len(chunks), turns, messages,
                                            window_schema(turns, conversation.speakers)))
        return found

    def extract(self, conversation: Conversation) -> Extraction:
        """Episodes, facts and topics of every session that did not fail (see the module
        docstring); raises LLMError when all of them failed."""
        requests = self.requests(conversation)
        outcomes = self._run(conversation, requests)
        failed = self._failures(conversation, outcomes)
        sessions = tuple(_session_extraction(s.number, [o for o in outcomes
                                                        if o.request.session_number == s.number])
                         for s in conversation.sessions if s.number not in failed)
        warnings = tuple(w for o in outcomes if o.drafts for w in o.drafts.warnings)
        for warning in warnings:
            log.warning("LLM extraction: %s", warning)
        tokens = sum(o.tokens for o in outcomes)
        made = [o for o in outcomes if not o.cached and o.drafts is not None]
        repaired = sum(1 for o in made if o.re_asked or (o.drafts and o.drafts.warnings))
        self.last_stats = ExtractStats(sum(1 for o in outcomes if not o.cached),
                                       sum(1 for o in outcomes if o.cached), tokens, warnings,
                                       len(made) - repaired, repaired)
        log.info("LLM extraction of %s: %d calls (%d valid, %d repaired, %d failed), "
                 "%d from the cache, %d tokens", conversation.id, self.last_stats.calls,
                 len(made) - repaired, repaired, self.last_stats.calls - len(made),
                 self.last_stats.cache_hits, tokens)
        return Extraction(conversation.id, sessions, _merge_topics(outcomes, failed), tokens)

    def _failures(self, conversation: Conversation,
                  outcomes: Sequence[_Outcome]) -> set[int]:
        errors: dict[int, str] = {}
        for outcome in outcomes:
            if outcome.error is not None:
                errors.setdefault(outcome.request.session_number, outcome.error)
        self.last_failures = tuple(SessionFailure(conversation.id, n, e)
                                   for n, e in sorted(errors.items()))
        for failure in self.last_failures:  # the ingest's report lists them (one line each)
            log.info("LLM extraction skipped session %d of %s: %s", failure.session_number,
                     conversation.id, failure.error)
        with_turns = {s.number for s in conversation.sessions if s.turns}
        if with_turns and with_turns <= set(errors):
            first = self.last_failures[0]
            raise LLMReplyError(f"LLM extraction failed for every session of "
                                f"{conversation.id!r}; "
                           f"session {first.session_number}: {first.error}")
        return set(errors)

    def _run(self, conversation: Conversation,
             requests: Sequence[ExtractRequest]) -> list[_Outcome]:
        """Every request, `concurrency` at a time; outcomes in request order. Progress is
        reported from this (the calling) thread, so a callback needs no locking."""
        if not requests:
            return []
        total = len({r.session_number for r in requests})
        pending = {r.session_number: r.parts for r in requests}
        results: dict[int, _Outcome] = {}
        out_of_time = threading.Event()  # set by the first call out of its time budget
        pool = ThreadPoolExecutor(max_workers=min(self.concurrency, len(requests)),
                                  thread_name_prefix="mrgraph-extract")
        try:
            futures: dict[Future[_Outcome], int] = {
                pool.submit(self._one, conversation, r, out_of_time): i
                for i, r in enumerate(requests)}
            for future in as_completed(futures):
                outcome = future.result()  # only non-LLMError exceptions propagate
                results[futures[future]] = outcome
                pending[outcome.request.session_number] -= 1
                if pending[outcome.request.session_number] == 0 and self.progress is not None:
                    self.progress(conversation.id, total - sum(1 for v in pending.values() if v),
                                  total)
        finally:
            pool.shutdown(wait=True, cancel_futures=True)
        return [results[i] for i in range(len(requests))]

    def _one(self, conversation: Conversation, request: ExtractRequest,
             out_of_time: threading.Event) -> _Outcome:
        """One request: from the cache, else from the model (then cached if usable). After a
        call ran out of its time budget no new call starts (the ingest stops with its error)."""
        session = next(s for s in conversation.sessions if s.number == request.session_number)
        where = f"{conversation.id} session {session.number}" + (
            f" part {request.part}/{request.parts}" if request.parts > 1 else "")
        key = cache_key(self.llm.name, request.messages, request.schema,
                        endpoint_of(self.llm))
        cached = self.cache.get(key, request.schema) if self.cache is not None else None
        if cached is not None:
            try:
                drafts = convert_reply(self._shaped(cached), session, request.turns,
                                       conversation.speakers, where)
                return _Outcome(request, drafts, 0, cached=True)
            except EmptyReply:
                pass  # an unusable entry (never written by us): ask the model again
        if out_of_time.is_set():
            return _Outcome(request, None, 0, cached=False, error="not attempted: out of time")
        try:
            reply, tokens, re_asked = self._ask(request)
        except LLMBudgetError as err:  # the next call would run out too: stop the ingest
            out_of_time.set()
            raise LLMBudgetError(f"LLM extraction of {where}: {err}") from None
        except LLMError as err:
            return _Outcome(request, None, 0, cached=False, error=str(err))
        try:
            drafts = convert_reply(self._shaped(reply), session, request.turns,
                                   conversation.speakers, where)
        except EmptyReply as err:
            return _Outcome(request, None, tokens, cached=False, error=str(err))
        if self.cache is not None:
            try:
                self.cache.put(key, reply, model=self.llm.name, purpose=PURPOSE)
            except OSError as err:  # the cache saves tokens later; losing it loses no data now
                log.warning("cannot write the LLM reply cache %s: %s", self.cache.directory, err)
        return _Outcome(request, drafts, tokens, cached=False, re_asked=re_asked)

    def _shaped(self, reply: dict[str, Any]) -> dict[str, Any]:
        return reply if self.window_turns is None else flat_reply(reply)

    def _ask(self, request: ExtractRequest) -> tuple[dict[str, Any], int, bool]:
        """The parsed reply, its tokens and whether it needed a JSON re-ask. Each call is a
        "question" of its own for a backend's time budget."""
        with question_clock(time.monotonic()):
            reply = scrubbed(self.llm.complete(request.messages, response_schema=request.schema,
                                               purpose=PURPOSE, temperature=0.0))
        parsed = reply.parsed
        if parsed is None:  # a backend that does not parse structured replies itself
            try:
                parsed = parse_structured(reply.text, request.schema)
            except InvalidReply as err:
                raise LLMError(f"invalid extraction reply: {scrub(str(err))}") from None
        # decoded, then scrubbed: whatever backend answered, no secret reaches the graph
        return scrub_value(parsed), reply.usage.total_tokens, bool(reply.repairs)


def _session_extraction(number: int, outcomes: Sequence[_Outcome]) -> SessionExtraction:
    """The chunks of one session joined: episode indexes continue across chunks."""
    episodes: list[EpisodeDraft] = []
    facts: list[FactDraft] = []
    for outcome in outcomes:
        assert outcome.drafts is not None  # failed sessions never get here
        offset = len(episodes)
        episodes += [_reindex(e, e.index + offset) for e in outcome.drafts.episodes]
        facts += [_refact(f, f.episode_index + offset) for f in outcome.drafts.facts]
    return SessionExtraction(number, tuple(episodes), tuple(facts))


def _reindex(episode: EpisodeDraft, index: int) -> EpisodeDraft:
    return EpisodeDraft(index, episode.dia_ids, episode.text, episode.summary, episode.tag,
                        episode.cues)


def _refact(fact: FactDraft, index: int) -> FactDraft:
    return FactDraft(fact.entity, fact.aspect, fact.statement, index, fact.confidence,
                     fact.negated, fact.contradicts)


def _merge_topics(outcomes: Sequence[_Outcome], failed: set[int]) -> tuple[TopicDraft, ...]:
    """Topics of all sessions, merged by normalised label: the first label and summary seen
    (in session order) name the topic; its episodes are the union."""
    merged: dict[str, tuple[str, str, set[tuple[int, int]]]] = {}
    offsets: dict[int, int] = {}
    for outcome in outcomes:
        number = outcome.request.session_number
        if number in failed or outcome.drafts is None:
            continue
        offset = offsets.get(number, 0)
        for label, summary, refs in outcome.drafts.topics:
            entry = merged.setdefault(normalize_key(label), (label, summary, set()))
            entry[2].update((number, i + offset) for i in refs)
        offsets[number] = offset + len(outcome.drafts.episodes)
    return tuple(TopicDraft(label, summary, tuple(sorted(refs)))
                 for label, summary, refs in merged.values())
