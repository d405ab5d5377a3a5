"""Which graph model a store's conversations were written by, and refusing an older one.

A conversation's Conversation node records the graph model it was built with (`MODEL_VERSION`;
none recorded: 1, before dates had a precision). Kept apart from the migration itself
(mrgraph.ingest.migrate) so that opening a store checks it without importing the extraction.
"""

from __future__ import annotations

from mrgraph.errors import UserError
from mrgraph.store.base import GraphStore

# 2: episodes dated by their session, per-mention dates with a precision (DateMention nodes)
# 3: dates named within another period and holidays ("since November last year", "Christmas
#    2022": mrgraph.dates.named); "back in March of last year" no longer March of this year
MODEL_VERSION = 3


class StoreOutdatedError(UserError):
    """The store holds conversations of an older graph model: `mrgraph migrate` brings them up."""


def check_current(store: GraphStore, uri: str) -> None:
    """StoreOutdatedError (one line, the command to run) when the store holds conversations
    built by an older graph model."""
    old = store.outdated_conversations(MODEL_VERSION)
    if old:
        shown = ", ".join(old[:3]) + (f" and {len(old) - 3} more" if len(old) > 3 else "")
        raise StoreOutdatedError(
            f"{uri} (namespace {store.ns!r}) holds {shown}, written by an older mrgraph "
            f"(its dates derived by older rules): run "
            f"`mrgraph migrate --store {uri} --ns {store.ns}` to re-derive them from their turns")
