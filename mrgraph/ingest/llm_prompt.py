"""What one extraction call shows the model (mrgraph.ingest.llm_extract): each turn as one
transcript line, a session cut into chunks of a token budget (or windows of a few turns for a
small model), and the system and user messages of one chunk. Transcript text is data: it is put
on one line with transcript tags neutralised, so it can neither start a fake line nor close the
transcript early."""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from datetime import datetime

from mrgraph.llm.base import Message
from mrgraph.llm.tokens import count_tokens
from mrgraph.prompts import load_prompt
from mrgraph.types import Conversation, Session, Turn

_TAG = re.compile(r"<\s*/?\s*transcript\s*>", re.I)


def _inline(text: str) -> str:
    """Transcript text on one line with transcript tags neutralised, so it can neither start a
    fake line nor close the transcript early."""
    return _TAG.sub("[tag]", " ".join(text.split()))


def transcript_line(turn: Turn) -> str:
    """A turn as the model sees it: `dia_id speaker: text [shares a photo: caption]`."""
    text = f"{turn.speaker}: {turn.text}"
    if turn.blip_caption:
        text += f" [shares a photo: {turn.blip_caption}]"
    return f"{turn.dia_id} {_inline(text)}"


def chunk_turns(turns: Sequence[Turn], budget: int) -> list[tuple[Turn, ...]]:
    """Turns split at turn boundaries into the fewest chunks of at most `budget` tokens, made
    as even as possible (a single turn longer than the budget is a chunk of its own)."""
    sizes = [count_tokens(transcript_line(t)) + 1 for t in turns]  # +1: the newline
    fewest = len(_cuts(sizes, budget))
    # The smallest cap that still needs no more chunks gives the most even split (the count
    # only falls as the cap grows, so a binary search finds it).
    low, high = 1, budget
    while low < high:
        middle = (low + high) // 2
        if len(_cuts(sizes, middle)) <= fewest:
            high = middle
        else:
            low = middle + 1
    bounds = [*_cuts(sizes, low), len(turns)]
    return [tuple(turns[a:b]) for a, b in zip(bounds, bounds[1:])]


def _cuts(sizes: Sequence[int], cap: int) -> list[int]:
    """Start indexes of greedy chunks of at most `cap` (an oversized item stands alone)."""
    starts: list[int] = []
    used = cap + 1  # forces a chunk to start at the first item
    for index, size in enumerate(sizes):
        if used + size > cap:
            starts.append(index)
            used = 0
        used += size
    return starts


def window_turns_of(turns: Sequence[Turn], size: int) -> list[tuple[Turn, ...]]:
    """Turns in the fewest windows of at most `size` turns, as even as possible."""
    if not turns:
        return []
    count = math.ceil(len(turns) / size)
    bounds = [round(i * len(turns) / count) for i in range(count + 1)]
    return [tuple(turns[a:b]) for a, b in zip(bounds, bounds[1:])]


def build_messages(conversation: Conversation, session: Session, turns: Sequence[Turn],
                   part: int = 1, parts: int = 1,
                   system: str = "extract_system") -> tuple[Message, ...]:
    """The system and user messages for one chunk of a session."""
    started = datetime.fromisoformat(session.started_at)
    note = (f" Part {part} of {parts} of this session: episodes cover only these turns."
            if parts > 1 else "")
    user = load_prompt("extract").render(
        speakers=_inline(", ".join(conversation.speakers)),
        session_time=started.strftime("%Y-%m-%d %H:%M"), weekday=started.strftime("%A"),
        part=note, transcript="\n".join(transcript_line(t) for t in turns))
    return Message.system(load_prompt(system).render()), Message.user(user)
