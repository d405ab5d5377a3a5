"""How the trace picture names a tool call: its label (the tool, its arguments with ids
replaced by names, its round, and what it found: counts that add up with what is drawn, or the
result itself where it is one, e.g. the date `conversation_time` read) and what a tap shows
(every argument, every result named, the counts, the time)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from mrgraph.serve.tracecontent import Content, Found, clip, joined, session_dates
from mrgraph.types import PropValue, Step

_NAMED = ("cue", "event_id", "topic")  # arguments holding an id the store can name
_HIDDEN = ("limit", "window")  # arguments left out of the label (the panel has them)
_PLAIN = frozenset({"cue_tags", "personal_aspects"})  # calls whose results are names
_PLURAL = {"episode": "episodes", "cue": "cues", "fact": "facts", "turn": "turns",
           "tag": "tags", "topic": "topics", "aspect": "aspects", "result": "results"}


def call_label(found: Found, step: Step, results: Sequence[str], drawn: int | None) -> str:
    """Two lines: `tool(arguments)`, then the round and what the call found. `results`: the
    keys of its distinct results; `drawn`: how many of them the path draws (None: the call is
    off the path, nothing of it drawn)."""
    args = ", ".join(f"{k}: {clip(_shown(found, k, v, ids=False), 40)}"
                     for k, v in step.arguments.items() if k not in _HIDDEN)
    return clip(f"{step.tool}({args})", 80) + f"\nround {step.round} · " + _outcome(
        found, step, results, drawn)


def _outcome(found: Found, step: Step, results: Sequence[str], drawn: int | None) -> str:
    if step.error:
        return "error: " + clip(step.error, 60)
    dated = _date_found(found, step)
    if dated:
        return "→ " + dated
    if step.tool in _PLAIN and results:
        return "→ " + joined(_distinct(step.result_ids))
    if not results:
        return "nothing found"
    found_ = f"{len(results)} {_plural(results)} found"
    if drawn is None:
        return found_
    more = f", {len(results) - drawn} more (tap)" if len(results) > drawn else ""
    return f"{found_}: {drawn} drawn{more}"


def _date_found(found: Found, step: Step) -> str:
    """What a `conversation_time` call read, in the words the picture uses for dates."""
    if step.tool != "conversation_time":
        return ""
    event = step.arguments.get("event_id")
    time = found.times.get(event) if isinstance(event, str) else None
    if time is None:
        return ""
    return "; ".join(f"{name} {value}" for name, value in session_dates(time, {}))


def call_detail(found: Found, step: Step, results: Sequence[str],
                contents: Mapping[str, Content], drawn: Sequence[str]) -> dict[str, Any]:
    """What the panel shows for a tapped call: its arguments (ids named), its counts, the
    date it read, then every result it found (those drawn on the path marked ●)."""
    fields = [[k, _shown(found, k, v)] for k, v in step.arguments.items()]
    fields.append(["found", str(len(results))])
    if drawn:
        fields.append(["drawn on the path", str(len(drawn))])
    # what the walk kept (its evidence and leads) is not what the answer used: said apart
    fields.append(["kept by the walk", str(len(_distinct(step.kept_ids)))])
    dated = _date_found(found, step)
    if dated:
        fields.append(["read", dated])
    fields.append(["time", f"{step.ms:.1f} ms"])
    items = [("● " if key in drawn else "") + _one_line(contents[key]) for key in results]
    return {"title": f"{step.tool} · round {step.round}", "text": step.error or "",
            "fields": fields, "items": items,
            "items_title": f"{len(results)} {_plural(results)} found"}


def _shown(found: Found, argument: str, value: PropValue, ids: bool = True) -> str:
    """An argument's value as a person reads it: an id replaced by the store's name for it
    (the id kept beside it when `ids`), a text quoted."""
    if argument in _NAMED and isinstance(value, str):
        name = found.name(value)
        return name if name == value or not ids else f"{name} ({value})"
    return f"“{value}”" if argument in ("text", "query") else str(value)


def _one_line(content: Content) -> str:
    return clip(content.label.replace("\n", " — "), 160)


def _plural(results: Sequence[str]) -> str:
    """What the results are ("episodes", "turn"), from their keys ("episode:ep-…");
    "results" when they are of several kinds."""
    kinds = {r.split(":", 1)[0] for r in results}
    kind = kinds.pop() if len(kinds) == 1 else "result"
    return kind if len(results) == 1 else _PLURAL.get(kind, "results")


def _distinct(ids: Sequence[str]) -> list[str]:
    return [i for i in dict.fromkeys(ids) if i]


__all__: Sequence[str] = ["call_label", "call_detail"]
