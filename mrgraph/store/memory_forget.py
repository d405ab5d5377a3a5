"""The embedded store's forget: a conversation and what only it produced leave the graph.

Kept apart from `memory.py` (lifecycle and writes) so each module stays readable; `MemoryStore`
is the only subclass. The semantics are `GraphStore.forget_conversation`'s (tests/contract).
"""

from __future__ import annotations

from contextlib import AbstractContextManager
from typing import Sequence

from mrgraph.errors import NotFoundError
from mrgraph.store.base import ForgetResult
from mrgraph.store.memory_turns import TurnReads


class GraphForget(TurnReads):
    _dirty: bool  # the open write unit changed something (MemoryStore)

    def writing(self) -> AbstractContextManager[None]:
        raise NotImplementedError  # MemoryStore's

    def _drop_node(self, node_id: str) -> int:
        raise NotImplementedError  # MemoryStore's

    def _drop_edge(self, src: str, etype: str, dst: str) -> None:
        raise NotImplementedError  # MemoryStore's

    def forget_conversation(self, conversation_id: str) -> ForgetResult:
        with self.writing():
            roots = self._index.ids("Conversation", conversation_id)
            if not roots:
                raise NotFoundError(f"no conversation {conversation_id!r} in namespace "
                                    f"{self.ns!r}")
            self._dirty = True
            return self._forget(conversation_id, roots)

    def _forget(self, conversation_id: str, roots: list[str]) -> ForgetResult:
        sessions = self._targets(roots, "HAS_SESSION")
        episodes = self._targets(sessions, "HAS_EPISODE")
        turns = self._targets(sessions, "HAS_TURN")
        doomed = set(roots) | sessions | turns | self._targets(turns, "MENTIONS_DATE") | episodes
        topics = self._sources(episodes, "GROUPS") - doomed
        facts = self._sources(episodes, "FROM_EPISODE") - doomed
        cues = self._sources(episodes, "CUE_OF") - doomed
        tags = self._sources(episodes, "TAGS") - doomed
        entities = sorted({str(self._nodes[f].get("entity")) for f in facts
                           if self._nodes[f].get("entity") is not None})
        nodes = len(doomed)
        edges = sum(self._drop_node(n) for n in sorted(doomed))
        # What is left of the touched neighbours, in dependency order: a fact's removal takes
        # BELIEF edges a cue may have relied on; a cue's removal takes HAS_TAG edges.
        cues |= self._sources(facts, "BELIEF")
        for group, keep in ((topics, ("GROUPS",)), (facts, ("FROM_EPISODE",)),
                            (cues, ("CUE_OF", "BELIEF"))):
            for node_id in sorted(group):
                if not any(self._out(node_id, t) for t in keep):
                    edges += self._drop_node(node_id)
                    nodes += 1
        for cue in sorted(c for c in cues if c in self._nodes):
            edges += self._unbacked_has_tag(cue)
        for tag in sorted(tags):
            if not self._out(tag, "TAGS"):
                edges += self._drop_node(tag)
                nodes += 1
        return ForgetResult(conversation_id, nodes, edges, tuple(entities))

    def _unbacked_has_tag(self, cue: str) -> int:
        """Drop the cue's HAS_TAG edges to tags that no longer tag an episode the cue reaches."""
        reached = {e for e, _ in self._out(cue, "CUE_OF")}
        dropped = 0
        for tag, _ in self._out(cue, "HAS_TAG"):
            if not any(e in reached for e, _ in self._out(tag, "TAGS")):
                self._drop_edge(cue, "HAS_TAG", tag)
                dropped += 1
        return dropped

    def _targets(self, sources: Sequence[str] | set[str], etype: str) -> set[str]:
        return {v for s in sources for v, _ in self._out(s, etype)}

    def _sources(self, targets: set[str], etype: str) -> set[str]:
        return {u for t in targets for u, _ in self._in(t, etype)}
