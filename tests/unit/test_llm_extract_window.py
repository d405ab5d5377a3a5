"""The LLM extractor's small-model mode (`window_turns`, what `--llm local` uses): windows of a
few turns, a bounded per-window schema whose dia_ids and speakers are enums, the meaning still
validated (and repairs counted), the cache, and the per-call time budget."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from mrgraph.errors import LLMBudgetError, LLMError
from mrgraph.ingest.llm_extract import LLMExtractor
from mrgraph.ingest.llm_prompt import window_turns_of
from mrgraph.ingest.llm_reply import (
    WINDOW_CUES,
    WINDOW_EPISODE_TURNS,
    WINDOW_EPISODES,
    WINDOW_FACTS,
    flat_reply,
    window_schema,
)
from mrgraph.ingest.loaders import load
from mrgraph.llm.base import Message, TokenLedger, ToolSpec
from mrgraph.llm.local import LOCAL_MAX_TOKENS, bounded
from mrgraph.llm.openai import OpenAIChat
from mrgraph.llm.scripted import ScriptedLLM
from mrgraph.llm.structured import validate
from mrgraph.llm.tokens import count_tokens
from mrgraph.types import Conversation
from tests.fakes.openai_server import FakeOpenAIServer, FakeResponse, chat_completion
from tests.unit.test_llm_extract import SAMPLE, transcript


@pytest.fixture
def conversation(tmp_path: Path) -> Conversation:
    path = tmp_path / "sample.json"
    path.write_text(json.dumps([SAMPLE]), encoding="utf-8")
    return load(path)[0]


def window_model(messages: Sequence[Message], tools: Sequence[ToolSpec] = ()) -> dict[str, Any]:
    """A reply a small model could give under the window schema: one episode of the first
    turns (at most WINDOW_EPISODE_TURNS), the rest of the window left out."""
    day, lines = transcript(messages)
    return {"episodes": [{"turns": [d for d, _, _ in lines[:WINDOW_EPISODE_TURNS]],
                          "date": day, "tag": "talks", "summary": "They talk.",
                          "cues": {"entity": [lines[0][1]], "keyword": ["talk"]},
                          "facts": [{"entity": lines[0][1], "aspect": "likes",
                                     "statement": "likes talking"}],
                          "topic": "talking"}]}


def test_windows_are_even_and_never_longer_than_asked() -> None:
    turns = tuple(range(10))
    assert [len(w) for w in window_turns_of(turns, 4)] == [3, 4, 3]  # type: ignore[arg-type]
    assert [len(w) for w in window_turns_of(turns, 8)] == [5, 5]  # type: ignore[arg-type]
    assert window_turns_of((), 8) == []


def test_each_window_is_one_call_with_its_own_bounded_schema(conversation: Conversation,
                                                             tmp_path: Path) -> None:
    llm = ScriptedLLM([window_model] * 4)
    ex = LLMExtractor(llm, cache=tmp_path / "cache", window_turns=4, concurrency=1)
    extraction = ex.extract(conversation)
    # Sessions of 6, 4 and 3 turns: windows of 3+3, 4 and 3.
    assert [len(r.turns) for r in ex.requests(conversation)] == [3, 3, 4, 3]
    assert len(llm.calls) == 4
    for call, request in zip(llm.calls, ex.requests(conversation)):
        schema = call.response_schema
        assert schema == window_schema(request.turns, conversation.speakers)
        episode = schema["properties"]["episodes"]["items"]
        assert episode["properties"]["turns"]["items"]["enum"] == [t.dia_id for t in
                                                                    request.turns]
        fact = episode["properties"]["facts"]["items"]["properties"]
        assert fact["entity"]["enum"] == ["Ingrid", "Marta"]
        assert "Turn a few turns" in (call.messages[0].content or "")
    # Every turn is in exactly one episode (turns a reply left out join a neighbouring one).
    for session, source in zip(extraction.sessions, conversation.sessions):
        assert [d for e in session.episodes for d in e.dia_ids] == [t.dia_id for t in
                                                                     source.turns]
        assert all(f.confidence == 0.8 for f in session.facts)  # the default: not asked
    assert ex.last_stats.calls == 4 and ex.last_stats.valid + ex.last_stats.repaired == 4


def test_a_reply_naming_a_turn_outside_its_window_breaks_the_schema(
        conversation: Conversation) -> None:
    window = conversation.sessions[0].turns[:3]
    schema = window_schema(window, conversation.speakers)
    episode: dict[str, Any] = {"turns": ["D1:4"], "date": "2023-05-08", "tag": "t",
                               "summary": "s", "cues": {}, "facts": [], "topic": "t"}
    reply = {"episodes": [episode]}
    assert any("D1:4" in e for e in validate(reply, schema))
    episode["turns"] = ["D1:1"]
    assert validate(reply, schema) == []
    episode["facts"] = [{"entity": "Someone", "aspect": "job", "statement": "x"}]
    assert validate(reply, schema)  # only the conversation's speakers


def test_a_flat_reply_points_facts_and_topics_at_their_episodes() -> None:
    def episode(turn: str, topic: str, facts: list[dict[str, str]]) -> dict[str, Any]:
        return {"turns": [turn], "date": "2023-05-08", "tag": "t", "summary": "s", "cues": {},
                "facts": facts, "topic": topic}

    fact = {"entity": "Ingrid", "aspect": "job", "statement": "counsels"}
    flat = flat_reply({"episodes": [episode("D1:1", "Work", []),
                                    episode("D1:2", "work", [fact])]})
    assert flat["facts"] == [{**fact, "episode": 1}]
    assert flat["topics"] == [{"label": "Work", "episodes": [0, 1]}]
    assert all("facts" not in e and "topic" not in e for e in flat["episodes"])


def test_meaning_repairs_are_counted_and_a_clean_reply_is_valid(conversation: Conversation,
                                                                tmp_path: Path) -> None:
    def clean(messages: Sequence[Message], tools: Sequence[ToolSpec] = ()) -> dict[str, Any]:
        reply = window_model(messages)
        reply["episodes"][0]["turns"] = [d for d, _, _ in transcript(messages)[1]]
        return reply

    def repaired(messages: Sequence[Message], tools: Sequence[ToolSpec] = ()) -> dict[str, Any]:
        reply = clean(messages)
        reply["episodes"][0]["turns"] = reply["episodes"][0]["turns"][:1]  # the rest: in none
        return reply

    ex = LLMExtractor(ScriptedLLM([clean, repaired, clean, repaired]), cache=None,
                      window_turns=4, concurrency=1)
    ex.extract(conversation)
    assert (ex.last_stats.valid, ex.last_stats.repaired) == (2, 2)
    assert sum("in no episode joined" in w for w in ex.last_stats.warnings) == 2


def test_window_replies_are_cached(conversation: Conversation, tmp_path: Path) -> None:
    first = LLMExtractor(ScriptedLLM([window_model] * 4), cache=tmp_path / "c", window_turns=4)
    made = first.extract(conversation)
    again = LLMExtractor(ScriptedLLM([]), cache=tmp_path / "c", window_turns=4)
    cached = again.extract(conversation)
    assert cached.sessions == made.sessions and cached.topics == made.topics
    assert again.last_stats.calls == 0 and again.last_stats.cache_hits == 4
    assert cached.tokens == again.last_stats.tokens == 0 and made.tokens > 0


def test_the_longest_reply_the_schema_admits_fits_the_local_cap(
        conversation: Conversation) -> None:
    """Every list at its maxItems and every string at its maxLength (English words): the
    reply still completes within the extract token cap, so the grammar never gets cut."""
    turns = conversation.sessions[0].turns[:WINDOW_EPISODE_TURNS]
    schema = bounded(window_schema(turns, conversation.speakers))
    words = "the quick brown fox jumps over a lazy dog near river banks " * 20

    def text(length: int) -> str:
        return words[:length]

    episode = schema["properties"]["episodes"]["items"]["properties"]
    fact = {"entity": "Ingrid", "aspect": "a" * 24, "statement": text(80)}
    longest = {
        "episodes": [{"turns": [t.dia_id for t in turns], "date": "2023-05-08",
                      "tag": text(episode["tag"]["maxLength"]),
                      "summary": text(episode["summary"]["maxLength"]),
                      "cues": {k: [text(40)] * WINDOW_CUES for k in ("entity", "keyword")},
                      "facts": [fact] * WINDOW_FACTS, "topic": text(30)}
                     ] * WINDOW_EPISODES}
    assert validate(longest, schema) == []
    compact = json.dumps(longest, separators=(",", ":"))
    assert count_tokens(compact) < 0.8 * LOCAL_MAX_TOKENS["extract"]


def test_running_out_of_the_time_budget_stops_the_ingest_in_one_line(
        conversation: Conversation, fake_openai: FakeOpenAIServer) -> None:
    fake_openai.enqueue(FakeResponse(chat_completion("{}"), delay=20.0))
    llm = OpenAIChat("fake-model", None, fake_openai.base_url, timeout=5.0, max_retries=2,
                     ledger=TokenLedger(), sleep=lambda s: None, rng=random.Random(0),
                     question_seconds=0.5, retry_timeouts=False)
    ex = LLMExtractor(llm, cache=None, window_turns=4, concurrency=1)
    started = time.monotonic()
    with pytest.raises(LLMBudgetError) as caught:
        ex.extract(conversation)
    message = str(caught.value)
    assert "\n" not in message and message.startswith(
        "LLM extraction of conv-t session 1 part 1/2: ")
    assert "0.5s time budget" in message and "MRGRAPH_LLM_BUDGET" in message
    # Cut at the budget, not at the reply (20 s); slack for a loaded machine.
    assert time.monotonic() - started < 10 and len(fake_openai.requests) == 1
    assert isinstance(caught.value, LLMError)


def test_window_turns_is_checked() -> None:
    with pytest.raises(ValueError, match="window_turns"):
        LLMExtractor(ScriptedLLM([]), cache=None, window_turns=2 * WINDOW_EPISODE_TURNS + 1)
