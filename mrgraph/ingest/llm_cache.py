"""A disk cache of structured LLM replies and embeddings, so re-ingesting or resuming an ingest
costs no tokens.

Key: sha256 over (model name, endpoint, the exact messages sent, the response schema). Anything
that changes what the model would be asked (prompt text, transcript, schema, model) or who answers
(the endpoint's base URL, without its credentials: `endpoint_of`) changes the key, so a stale
entry, or one another server gave for a model of the same name, is never served; nothing else
(wall clock, concurrency) is part of it.

Layout: `<dir>/<key[:2]>/<key>.json` (a fan-out level keeps directories small for big corpora),
each file `{"format": "mrgraph-llm-reply", "version": 1, "model", "purpose", "reply": <JSON>}`.
Only validated replies are stored (the parsed JSON value, not the raw text), and a hit is
validated again against the caller's schema, so a corrupt or hand-edited file is a miss (logged),
never a crash or bad data. No secret is written or served (mrgraph.redact.scrub_value on both
ways: an entry an older version wrote with a key in it is served without it).

Writes are atomic (temp file in the same directory, fsync, os.replace): a process killed
mid-write leaves either the old entry or none. Concurrent writers of one key write the same
content, and the last rename wins, so no lock is needed.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import secrets
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from mrgraph.llm.base import Message
from mrgraph.llm.structured import validate
from mrgraph.redact import scrub_value

log = logging.getLogger(__name__)

FORMAT = "mrgraph-llm-reply"
VERSION = 1
DEFAULT_CACHE_DIR = Path(".mrgraph") / "llm-cache"


def endpoint_of(backend: object) -> str:
    """Who answers for `backend`: its `endpoint` (an OpenAI-compatible server's base URL
    without user:password@; "local" for the local model's own server), or "" for a backend
    without one (a scripted model)."""
    endpoint = getattr(backend, "endpoint", None)
    return endpoint if isinstance(endpoint, str) else ""


def cache_key(model: str, messages: Sequence[Message],
              schema: Mapping[str, Any] | None, endpoint: str = "") -> str:
    """The hex sha256 of everything that decides the model's reply."""
    payload = {
        "v": VERSION, "model": model, "schema": schema,
        "messages": [[m.role, m.content, m.name] for m in messages],
    }
    if endpoint:  # keys without one are those of earlier versions: scripted models keep theirs
        payload["endpoint"] = endpoint
    canonical = json.dumps(payload, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


def text_key(model: str, purpose: str, text: str, endpoint: str = "") -> str:
    """The hex sha256 of a single-text request (an embedding): model, endpoint, purpose and the
    text. Its payload has no `messages`, so it can never equal a chat reply's key."""
    payload = {"v": VERSION, "model": model, "purpose": purpose, "text": text}
    if endpoint:
        payload["endpoint"] = endpoint
    canonical = json.dumps(payload, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


class ReplyCache:
    """Validated structured replies on disk, one JSON file per key. No I/O until used."""

    def __init__(self, directory: str | os.PathLike[str] = DEFAULT_CACHE_DIR) -> None:
        self.directory = Path(directory)

    def __repr__(self) -> str:
        return f"ReplyCache({str(self.directory)!r})"

    def path(self, key: str) -> Path:
        return self.directory / key[:2] / f"{key}.json"

    def get(self, key: str, schema: Mapping[str, Any] | None = None) -> Any | None:
        """The stored reply for `key`, or None (absent, unreadable, or not matching `schema`)."""
        path = self.path(key)
        try:
            entry = json.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return None
        except (OSError, ValueError) as exc:
            log.warning("ignoring unreadable LLM cache entry %s: %s", path, exc)
            return None
        if not isinstance(entry, dict) or entry.get("format") != FORMAT or "reply" not in entry:
            log.warning("ignoring LLM cache entry %s: not a %s file", path, FORMAT)
            return None
        reply = scrub_value(entry["reply"])
        if schema is not None and validate(reply, schema):
            log.warning("ignoring LLM cache entry %s: it does not match the schema", path)
            return None
        return reply

    def put(self, key: str, reply: Any, *, model: str, purpose: str) -> Path:
        """Store `reply` (a JSON value) atomically; returns the entry's path."""
        path = self.path(key)
        path.parent.mkdir(parents=True, exist_ok=True)
        entry = {"format": FORMAT, "version": VERSION, "model": model, "purpose": purpose,
                 "reply": scrub_value(reply)}
        data = json.dumps(entry, ensure_ascii=False, indent=1).encode("utf-8")
        # A unique temp name per write: two threads storing the same key must not share one.
        tmp = path.with_name(f".{path.name}.{secrets.token_hex(6)}.tmp")
        try:
            with open(tmp, "wb") as handle:
                handle.write(data)
                handle.flush()
                os.fsync(handle.fileno())
            os.replace(tmp, path)
        finally:
            tmp.unlink(missing_ok=True)
        return path

    def __len__(self) -> int:
        if not self.directory.is_dir():
            return 0
        return sum(1 for _ in self.directory.glob("*/*.json"))
