"""What LLM ingestion would cost, counted from the prompts it would send (no model, no key).

    python benchmarks/llm_ingest_cost.py ../shared/data/locomo_dev.json [--chunk-tokens 4000]

For every session: the model calls `LLMExtractor` makes for it (one, or one per chunk when the
transcript exceeds the chunk budget) and their prompt tokens (system + user message + response
schema, counted with `mrgraph.llm.tokens.count_messages`, the same count ScriptedLLM and the
OpenAI backend's fallback use), against the session's own tokens: its turns written
`Speaker: text` (plus `[shares a photo: caption]`), one per line. Overhead = prompt − session.
Targets: <= 2 calls per session; overhead <= 1.5x the session's tokens.
Completion tokens are not counted (they depend on the model); a re-run served from the reply
cache costs 0 tokens.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from mrgraph.ingest.llm_extract import DEFAULT_CHUNK_TOKENS, LLMExtractor
from mrgraph.ingest.llm_reply import RESPONSE_SCHEMA
from mrgraph.ingest.loaders import load
from mrgraph.llm.scripted import ScriptedLLM
from mrgraph.llm.tokens import count_messages, count_tokens
from mrgraph.types import Conversation, Turn

MAX_CALLS = 2
MAX_OVERHEAD = 1.5


@dataclass(frozen=True)
class Row:
    conversation: str
    session: int
    turns: int
    calls: int
    session_tokens: int
    prompt_tokens: int

    @property
    def overhead(self) -> float:
        return (self.prompt_tokens - self.session_tokens) / max(1, self.session_tokens)


def session_tokens(turns: Sequence[Turn]) -> int:
    lines = [f"{t.speaker}: {t.text}" + (f" [shares a photo: {t.blip_caption}]"
                                         if t.blip_caption else "") for t in turns]
    return count_tokens("\n".join(lines))


def rows(conversation: Conversation, chunk_tokens: int) -> list[Row]:
    # The extractor only builds prompts here: `requests` never calls the model or the cache.
    extractor = LLMExtractor(ScriptedLLM([]), cache=None, chunk_tokens=chunk_tokens)
    requests = extractor.requests(conversation)
    found = []
    for session in conversation.sessions:
        mine = [r for r in requests if r.session_number == session.number]
        prompt = sum(count_messages(r.messages, (), RESPONSE_SCHEMA) for r in mine)
        found.append(Row(conversation.id, session.number, len(session.turns), len(mine),
                         session_tokens(session.turns), prompt))
    return found


def total(label: str, part: Sequence[Row]) -> Row:
    return Row(label, 0, sum(r.turns for r in part), sum(r.calls for r in part),
               sum(r.session_tokens for r in part), sum(r.prompt_tokens for r in part))


def report(all_rows: Sequence[Row], per_session: bool) -> str:
    head = ("| conversation | session | turns | calls | session tokens | prompt tokens "
            "| overhead |\n|---|---:|---:|---:|---:|---:|---:|")
    def line(r: Row, session: str) -> str:
        return (f"| {r.conversation} | {session} | {r.turns:,} | {r.calls} | {r.session_tokens:,} "
                f"| {r.prompt_tokens:,} | {r.overhead:.2f}x |")
    out = [head]
    if per_session:
        out += [line(r, str(r.session)) for r in all_rows]
    for conversation in dict.fromkeys(r.conversation for r in all_rows):
        part = [r for r in all_rows if r.conversation == conversation]
        out.append(line(total(conversation, part), f"all {len(part)}"))
    out.append(line(total("**total**", all_rows), f"all {len(all_rows)}"))
    worst_calls = max(r.calls for r in all_rows)
    worst = max(all_rows, key=lambda r: r.overhead)
    over = sum(1 for r in all_rows if r.overhead > MAX_OVERHEAD)
    out += ["", f"- sessions: {len(all_rows)}; calls per session: max {worst_calls} "
            f"(target <= {MAX_CALLS})",
            f"- overhead (prompt - session tokens) / session tokens: total "
            f"{total('', all_rows).overhead:.2f}x, worst session {worst.overhead:.2f}x "
            f"({worst.conversation} session {worst.session}, {worst.session_tokens} tokens); "
            f"sessions over {MAX_OVERHEAD}x: {over} (target <= {MAX_OVERHEAD}x)"]
    return "\n".join(out)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("path", type=Path, help="LoCoMo JSON file (e.g. locomo_dev.json)")
    parser.add_argument("--chunk-tokens", type=int, default=DEFAULT_CHUNK_TOKENS,
                        help="transcript tokens per call (default %(default)s)")
    parser.add_argument("--summary", action="store_true", help="totals only, no session rows")
    args = parser.parse_args(argv)
    all_rows = [r for c in load(args.path) for r in rows(c, args.chunk_tokens)]
    print(report(all_rows, per_session=not args.summary))
    ok = (max(r.calls for r in all_rows) <= MAX_CALLS
          and total("", all_rows).overhead <= MAX_OVERHEAD)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
