"""Deterministic node ids: the same content in the same namespace always gets the same id,
so re-ingesting a file merges instead of duplicating."""

from __future__ import annotations

PREFIX = {
    "Conversation": "conv",
    "Session": "ses",
    "Turn": "turn",
    "Episode": "ep",
    "DateMention": "date",
    "Cue": "cue",
    "Tag": "tag",
    "Fact": "fact",
    "Topic": "topic",
    "Experience": "exp",
    "Proposal": "prop",
    "PracticeRound": "round",
}


def node_id(ns: str, label: str, *key: str | int) -> str:
    """`<prefix>-<16 hex>` from the namespace, label and identifying key parts."""
    import hashlib  # here: loading it (OpenSSL) is ~1% of an ask, which makes no id

    raw = "\x1f".join([ns, label, *(str(k) for k in key)])
    digest = hashlib.blake2b(raw.encode("utf-8"), digest_size=8).hexdigest()
    return f"{PREFIX[label]}-{digest}"
