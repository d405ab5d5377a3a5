"""Keeping secrets out of what mrgraph prints: one helper for every URI shown to a user."""

from __future__ import annotations

import re

_USERINFO = re.compile(r"//[^/@\s]*@")


def public_uri(uri: str | None) -> str:
    """`uri` without any `user:password@` part (bolt://, neo4j+s://, http://...)."""
    return _USERINFO.sub("//", uri or "")
