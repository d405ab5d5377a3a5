"""Transcript loaders: a file in, `Conversation`s out, or an InputError naming file, line, field.

Formats (each documented in its parser module under `mrgraph.ingest.formats`):
  locomo  LoCoMo JSON: a list of samples or one sample            (formats/locomo.py)
  jsonl   one JSON message per line                                (formats/jsonl.py)
  text    session date headers and `Speaker: text` lines           (formats/text.py)

`fmt="auto"` decides from the content, not the file name (see `sniff`). Files are checked
before they are read: only regular files are read (a FIFO or device is refused, it could block
forever), a file over `max_bytes` (default 20 MB) is refused from its size alone, an empty
file, non-UTF-8 bytes (with the byte offset and line) and malformed content are errors. What
the parsers produce is checked against `mrgraph.limits` (names, Unicode, session numbers).
"""

from __future__ import annotations

import json
import os
import stat
from typing import Callable, Literal

from mrgraph.ingest.formats import jsonl, locomo, text
from mrgraph.ingest.formats.common import input_error
from mrgraph.limits import check_conversations
from mrgraph.types import Conversation

Format = Literal["locomo", "jsonl", "text"]
FORMATS: tuple[str, ...] = ("auto", "locomo", "jsonl", "text")
DEFAULT_MAX_BYTES = 20 * 1024 * 1024
_SNIFF_BYTES = 64 * 1024

_PARSERS: dict[str, Callable[[str, str], list[Conversation]]] = {
    "locomo": locomo.parse,
    "jsonl": jsonl.parse,
    "text": text.parse,
}


def load(path: str | os.PathLike[str], fmt: str = "auto", *,
         max_bytes: int | None = None) -> list[Conversation]:
    """Every conversation in the file, in file order. `max_bytes` None: DEFAULT_MAX_BYTES."""
    where = str(path)
    max_bytes = DEFAULT_MAX_BYTES if max_bytes is None else max_bytes
    if fmt not in FORMATS:
        raise input_error(f"unknown format {fmt!r} (choose from {', '.join(FORMATS)})", where,
                          field="format")
    content = read_text(where, max_bytes=max_bytes)
    chosen = sniff(content) if fmt == "auto" else fmt
    conversations = _PARSERS[chosen](content, where)
    check_conversations(conversations, where)
    return conversations


def detect_format(path: str | os.PathLike[str]) -> Format:
    """'locomo', 'jsonl' or 'text', from the start of the file's content."""
    where = str(path)
    _check_size(where, max_bytes=None)
    try:
        with open(where, "rb") as handle:
            head = handle.read(_SNIFF_BYTES)
    except OSError as exc:
        raise input_error(f"cannot read file: {exc.strerror or exc}", where) from None
    return sniff(head.decode("utf-8", errors="replace"))


def sniff(content: str) -> Format:
    """JSON documents are LoCoMo unless their first line is a complete object that is not a
    LoCoMo sample (then it is JSONL); anything else is a text transcript."""
    stripped = content.lstrip("\ufeff \t\r\n")
    if stripped.startswith("["):
        return "locomo"
    if not stripped.startswith("{"):
        # a lone JSON value (42, "x", null) is JSON, not text: the LoCoMo parser says what is wrong
        return "locomo" if _is_json(stripped) else "text"
    first_line = stripped.split("\n", 1)[0].strip()
    try:
        first = json.loads(first_line)
    except (ValueError, RecursionError):  # JSONDecodeError, or an integer of 4,300+ digits
        return "locomo"  # an object spread over many lines: one pretty-printed sample
    # A JSONL message may name its conversation ("conversation": "c1"); a sample holds it.
    if isinstance(first, dict) and (isinstance(first.get("conversation"), dict)
                                    or "sample_id" in first):
        return "locomo"
    return "jsonl"


def _is_json(text: str) -> bool:
    try:
        json.loads(text)
    except (ValueError, RecursionError):
        return False
    return True


def read_text(path: str, *, max_bytes: int = DEFAULT_MAX_BYTES) -> str:
    """The file as text: size-checked before reading, strict UTF-8, BOM dropped, not empty."""
    _check_size(path, max_bytes=max_bytes)
    try:
        with open(path, "rb") as handle:
            data = handle.read(max_bytes + 1)  # never more than the limit, even if it grew
    except OSError as exc:  # read() errors carry no file name: add it
        raise input_error(f"cannot read file: {exc.strerror or exc}", path) from None
    if len(data) > max_bytes:
        raise _too_big(path, len(data), max_bytes)
    try:
        content = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise input_error(f"not UTF-8: byte 0x{data[exc.start]:02x} at byte offset {exc.start}",
                          path, line=line) from exc
    content = content.removeprefix("\ufeff")
    if not content.strip():
        raise input_error("file is empty", path)
    return content


def _check_size(path: str, *, max_bytes: int | None) -> None:
    try:
        info = os.stat(path)
    except FileNotFoundError:
        raise input_error("file not found", path) from None
    except OSError as exc:
        raise input_error(f"cannot read file: {exc.strerror}", path) from None
    if stat.S_ISDIR(info.st_mode):
        raise input_error("is a directory, not a transcript file", path)
    if not stat.S_ISREG(info.st_mode):  # a FIFO or device would block or never end
        raise input_error("is not a regular file (a pipe, device or socket); save the "
                          "transcript to a file first", path)
    if max_bytes is not None and info.st_size > max_bytes:
        raise _too_big(path, info.st_size, max_bytes)


def _too_big(path: str, size: int, max_bytes: int) -> Exception:
    mb = 1024 * 1024
    return input_error(f"file is {size / mb:.1f} MB, over the {max_bytes / mb:g} MB limit "
                       "(raise the limit to load it)", path, field="max_bytes")
