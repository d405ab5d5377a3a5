"""Hypothesis strategies for hostile transcripts: (file name, bytes) pairs.

`malformed()` only makes files that are certainly bad (each family breaks a rule the loaders or
mrgraph.limits enforce), so an ingest of one must fail with an InputError; `mutated()` makes
arbitrary damage to good files (truncation, random bytes, spliced text, dropped or repeated
lines), which may or may not leave them valid: either they load or they fail with an
InputError, never anything else.
"""

from __future__ import annotations

import json
from typing import Any

from hypothesis import strategies as st

TEXT = ("## Session 1 — 2023-05-08 13:56\n"
        "Ana: I went to the lake yesterday with my sister.\n"
        "Ben: Nice! Did you swim?\n"
        "=== Session 2: 1:14 pm on 25 May, 2023 ===\n"
        "Ana: We are moving to a new flat next month.\n")
MESSAGES: list[dict[str, Any]] = [
    {"speaker": "Ana", "text": "Morning Ben! I adopted a kitten yesterday.",
     "timestamp": "2023-05-08T09:00:00"},
    {"speaker": "Ben", "text": "Congrats! What's her name?", "timestamp": "2023-05-08T09:02:00"},
    {"speaker": "Ana", "text": "Her name is Miso.", "timestamp": "2023-05-08T09:03:30"},
]
SAMPLE: dict[str, Any] = {"sample_id": "s1", "conversation": {
    "speaker_a": "Ana", "speaker_b": "Ben",
    "session_1_date_time": "1:56 pm on 8 May, 2023",
    "session_1": [{"speaker": "Ana", "dia_id": "D1:1", "text": "I adopted a kitten."},
                  {"speaker": "Ben", "dia_id": "D1:2", "text": "What is her name?"}]}}


def jsonl(messages: list[dict[str, Any]]) -> str:
    return "".join(json.dumps(m) + "\n" for m in messages)


def locomo(samples: Any) -> str:
    return json.dumps(samples, indent=1)


GOOD = {"t.txt": TEXT, "t.jsonl": jsonl(MESSAGES), "t.json": locomo([SAMPLE])}

_json_scalars = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | \
    st.text(max_size=20)
json_values = st.recursive(_json_scalars, lambda inner: st.lists(inner, max_size=3) |
                           st.dictionaries(st.text(max_size=5), inner, max_size=3), max_leaves=8)


def _encode(name: str, text: str) -> tuple[str, bytes]:
    return name, text.encode("utf-8")


@st.composite
def _truncated_json(draw: st.DrawFn) -> tuple[str, bytes]:
    """A LoCoMo document cut before its last bracket: never valid JSON."""
    text = GOOD["t.json"].rstrip()
    return _encode("t.json", text[:draw(st.integers(1, len(text) - 1))])


@st.composite
def _deep(draw: st.DrawFn) -> tuple[str, bytes]:
    """Nesting from shallow to far beyond the parser's recursion limit, where a field or the
    whole document should be."""
    depth = draw(st.integers(2, 12_000))
    nested = "[" * depth + "]" * depth
    where = draw(st.sampled_from(["document", "jsonl field", "locomo turn"]))
    if where == "document":
        return _encode("t.json", nested)
    if where == "jsonl field":
        line = json.dumps(MESSAGES[0])[:-1] + ', "text": ' + nested + "}"  # text: a list
        return _encode("t.jsonl", jsonl(MESSAGES[:1]) + line + "\n")
    doc = locomo([SAMPLE]).replace('"I adopted a kitten."', nested)
    return _encode("t.json", doc)


@st.composite
def _surrogate(draw: st.DrawFn) -> tuple[str, bytes]:
    """A lone surrogate escape (only JSON can carry one) in a speaker, text or id."""
    escape = f"\\u{draw(st.integers(0xD800, 0xDFFF)):04x}"
    field = draw(st.sampled_from(["speaker", "text", "conversation"]))
    prefix, suffix = draw(st.text("abc ", max_size=5)), draw(st.text("xyz ", max_size=5))
    message = dict(MESSAGES[0])
    message[field] = "@@"
    line = json.dumps(message).replace('"@@"', json.dumps(prefix)[:-1] + escape + suffix + '"')
    return _encode("t.jsonl", jsonl(MESSAGES[1:]) + line + "\n")


@st.composite
def _long_name(draw: st.DrawFn) -> tuple[str, bytes]:
    """A speaker name or conversation id over the 256-character limit."""
    name = draw(st.sampled_from("ABC")) * draw(st.integers(257, 20_000))
    if draw(st.booleans()):
        return _encode("t.txt", TEXT.replace("Ben:", f"{name}:", 1).replace("Ben", "B"))
    field = draw(st.sampled_from(["speaker", "conversation"]))
    return _encode("t.jsonl", jsonl([{**MESSAGES[0], field: name}] + MESSAGES[1:]))


@st.composite
def long_word(draw: st.DrawFn) -> tuple[str, bytes]:
    """A word too long for any index, in any format: an ingest error when the extractor makes
    it a cue key, else nothing to index."""
    word = draw(st.sampled_from("zqxk")) * draw(st.integers(8_001, 16_000))
    name = draw(st.sampled_from(sorted(GOOD)))
    text = GOOD[name].replace("yesterday", f"yesterday and I love {word} so much", 1) \
        if name != "t.json" else GOOD[name].replace("I adopted a kitten.", f"I love {word}.")
    return _encode(name, text)


@st.composite
def _session_number(draw: st.DrawFn) -> tuple[str, bytes]:
    # as digits: Hypothesis itself cannot print an int of over 4,300 digits
    number = str(draw(st.integers(2 ** 63, 10 ** 40))) + "9" * draw(st.integers(0, 5000))
    if draw(st.booleans()):
        return _encode("t.txt", TEXT.replace("Session 1", f"Session {number}", 1))
    conv = dict(SAMPLE["conversation"])
    conv[f"session_{number}"] = conv.pop("session_1")
    conv[f"session_{number}_date_time"] = conv.pop("session_1_date_time")
    return _encode("t.json", locomo({"sample_id": "s1", "conversation": conv}))


@st.composite
def _not_utf8(draw: st.DrawFn) -> tuple[str, bytes]:
    name = draw(st.sampled_from(sorted(GOOD)))
    data = GOOD[name].encode("utf-8")
    at = draw(st.integers(0, len(data)))
    junk = draw(st.sampled_from([b"\xff", b"\xfe", b"\xc3(", b"\xa0\xa1", b"\xed\xa0\x80"]))
    return name, data[:at] + junk + data[at:]


@st.composite
def _lone_value(draw: st.DrawFn) -> tuple[str, bytes]:
    value = draw(_json_scalars)
    return _encode(draw(st.sampled_from(["t.json", "t.txt", "t"])), json.dumps(value))


@st.composite
def _jsonl_damage(draw: st.DrawFn) -> tuple[str, bytes]:
    """A message that is not an object, lacks its speaker, or has a text of the wrong type."""
    messages: list[Any] = [dict(m) for m in MESSAGES]
    index = draw(st.integers(1, len(messages) - 1))
    kind = draw(st.sampled_from(["not an object", "no speaker", "bad text"]))
    if kind == "not an object":
        messages[index] = draw(json_values.filter(lambda v: not isinstance(v, dict)))
    elif kind == "no speaker":
        del messages[index]["speaker"]
    else:
        messages[index]["text"] = draw(
            (st.lists(st.integers(), max_size=2) | st.dictionaries(st.text(max_size=3),
                                                                    st.integers(), max_size=2)
             | st.floats(allow_nan=False) | st.booleans()))
    return _encode("t.jsonl", jsonl(messages))


@st.composite
def _bad_locomo(draw: st.DrawFn) -> tuple[str, bytes]:
    """A LoCoMo sample with a required field missing or of the wrong type."""
    sample = json.loads(json.dumps(SAMPLE))
    target = draw(st.sampled_from(["sample_id", "conversation", "speaker_a", "session_1",
                                   "session_1_date_time", "turn text", "turn dia_id"]))
    bad = draw(st.none() | st.integers() | st.lists(st.integers(), max_size=2) | st.booleans())
    conv = sample["conversation"]
    if target in ("sample_id", "conversation"):
        sample[target] = bad
    elif target.startswith("turn"):
        conv["session_1"][draw(st.integers(0, 1))][target.split()[1]] = bad
    elif target == "session_1" and isinstance(bad, list):
        conv[target] = [bad]  # a turn that is not an object
    else:
        conv[target] = bad
    return _encode("t.json", locomo([sample]))


@st.composite
def _text_damage(draw: st.DrawFn) -> tuple[str, bytes]:
    """A text transcript with words before its first header, or a header without a date."""
    if draw(st.booleans()):
        lead = draw(st.text(st.characters(codec="utf-8", exclude_categories=["Cs", "Zl", "Zp",
                                                                               "Cc"]),
                            min_size=1, max_size=30).filter(
            lambda s: s.strip() and not s.lstrip().startswith(("#", "=", "[", "{", '"'))
            and not s.strip().lstrip("-").replace(".", "").replace("e", "").isdigit()))
        return _encode("t.txt", lead + "\n" + TEXT)
    return _encode("t.txt", TEXT.replace(" — 2023-05-08 13:56", "", 1))


def malformed() -> st.SearchStrategy[tuple[str, bytes]]:
    return st.one_of(_truncated_json(), _deep(), _surrogate(), _long_name(), _session_number(),
                     _not_utf8(), _lone_value(), _jsonl_damage(), _bad_locomo(), _text_damage())


@st.composite
def mutated(draw: st.DrawFn) -> tuple[str, bytes]:
    """A good file with one to three random edits."""
    name = draw(st.sampled_from(sorted(GOOD)))
    data = GOOD[name].encode("utf-8")
    for _ in range(draw(st.integers(1, 3))):
        at = draw(st.integers(0, len(data)))
        op = draw(st.sampled_from(["truncate", "insert bytes", "insert text", "delete",
                                   "repeat line", "drop line"]))
        if op == "truncate":
            data = data[:at]
        elif op == "insert bytes":
            data = data[:at] + draw(st.binary(min_size=1, max_size=8)) + data[at:]
        elif op == "insert text":
            data = data[:at] + draw(st.text(max_size=12)).encode("utf-8", "surrogatepass") + \
                data[at:]
        elif op == "delete":
            data = data[:at] + data[at + draw(st.integers(1, 20)):]
        else:
            lines = data.splitlines(keepends=True) or [b""]
            i = draw(st.integers(0, len(lines) - 1))
            lines[i:i + 1] = [lines[i]] * (2 if op == "repeat line" else 0)
            data = b"".join(lines)
    return name, data
