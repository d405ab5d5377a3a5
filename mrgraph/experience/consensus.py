"""Consensus: an experience enters memory only when >= 3 independent proposals support it.

Independent = different practice items (one vote per item and key, whatever the round), and
only proposals that passed both reviews vote. A key is adopted when its supporters number at
least QUORUM and outnumber its contradictors (the "remove" proposals); an active experience is
demoted when at least QUORUM contradict it and they outnumber its supporters. One slot (a
knob of a question kind; a person's stem) holds one active experience: a rival replaces it
only with a larger margin. The memory budget (tokens of the active statements) is respected
by adopting the widest margins first. Everything else stays in the pool."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from mrgraph.experience.records import Experience, Proposal, slot
from mrgraph.llm.tokens import count_tokens

QUORUM = 3
PROVENANCE = 12  # turns an experience cites at most

Merge = Callable[[str, Sequence[str]], str]  # (key, statements) -> one statement


@dataclass(frozen=True)
class Votes:
    supporters: tuple[Proposal, ...]  # latest add proposal of each supporting item
    contradictors: tuple[Proposal, ...]

    @property
    def margin(self) -> int:
        return len(self.supporters) - len(self.contradictors)


@dataclass(frozen=True)
class Outcome:
    experiences: tuple[Experience, ...]
    adopted: tuple[str, ...]  # keys
    demoted: tuple[str, ...]
    votes: dict[str, Votes]


def tally(proposals: Sequence[Proposal]) -> dict[str, Votes]:
    latest: dict[tuple[str, str, str], Proposal] = {}
    for p in sorted(proposals, key=lambda p: p.round):
        if p.reviewed_ok:
            latest[(p.key, p.op, p.item)] = p
    keys = sorted({k for k, _, _ in latest})
    return {k: Votes(tuple(p for (pk, op, _), p in sorted(latest.items())
                           if pk == k and op == "add"),
                     tuple(p for (pk, op, _), p in sorted(latest.items())
                           if pk == k and op == "remove")) for k in keys}


def decide(proposals: Sequence[Proposal], current: Sequence[Experience], round_no: int,
           budget_tokens: int, merge: Merge | None = None) -> Outcome:
    votes = tally(proposals)
    known = {e.key: e for e in current}
    demoted = [k for k, e in known.items() if e.status == "active" and k in votes
               and len(votes[k].contradictors) >= QUORUM and votes[k].margin < 0]
    for key in demoted:
        known[key] = _refresh(known[key], votes[key], round_no, "demoted")
    candidates = sorted((k for k, v in votes.items() if len(v.supporters) >= QUORUM
                         and v.margin > 0 and k not in demoted
                         and (k not in known or known[k].status != "active")),
                        key=lambda k: (-votes[k].margin, k))
    adopted: list[str] = []
    for key in candidates:
        holder = next((e for e in known.values() if e.status == "active"
                       and slot(e.key) == slot(key)), None)
        if holder is not None and votes.get(holder.key, Votes((), ())).margin >= votes[key].margin:
            continue
        new = _new(key, votes[key], round_no, merge)
        used = sum(e.token_count for e in known.values() if e.status == "active"
                   and e is not holder)
        if used + new.token_count > budget_tokens:
            continue
        if holder is not None:
            known[holder.key] = replace(holder, status="demoted", round=round_no)
            demoted.append(holder.key)
        known[key] = new
        adopted.append(key)
    for key, exp in list(known.items()):  # support counts follow the pool
        if exp.status == "active" and key in votes and key not in adopted:
            known[key] = _refresh(exp, votes[key], exp.round, "active")
    return Outcome(tuple(known[k] for k in sorted(known)), tuple(adopted), tuple(demoted), votes)


def _provenance(votes: Votes) -> tuple[tuple[str, ...], tuple[str, ...]]:
    pairs = sorted({pair for p in votes.supporters
                    for pair in zip(p.conversation_ids, p.dia_ids)})[:PROVENANCE]
    return tuple(d for _, d in pairs), tuple(c for c, _ in pairs)


def _new(key: str, votes: Votes, round_no: int, merge: Merge | None) -> Experience:
    first = votes.supporters[-1]
    statements = [p.statement for p in votes.supporters]
    statement = merge(key, statements) if merge is not None else first.statement
    dia_ids, conversations = _provenance(votes)
    return Experience(first.kind, key, first.subject, first.rule, statement,
                      len(votes.supporters), len(votes.contradictors), "active", dia_ids,
                      conversations, round_no, count_tokens(statement))


def _refresh(exp: Experience, votes: Votes, round_no: int, status: str) -> Experience:
    dia_ids, conversations = _provenance(votes)
    return replace(exp, support=len(votes.supporters), contradict=len(votes.contradictors),
                   status="active" if status == "active" else "demoted", round=round_no,
                   dia_ids=dia_ids or exp.dia_ids,
                   conversation_ids=conversations or exp.conversation_ids)


def verdicts(proposals: Sequence[Proposal], outcome: Outcome) -> list[Proposal]:
    """This round's proposals with what became of them."""
    active = {e.key for e in outcome.experiences if e.status == "active"}
    out = []
    for p in proposals:
        verdict = ("rejected" if not p.reviewed_ok else
                   "adopted" if p.op == "add" and p.key in outcome.adopted else
                   "demoted" if p.op == "remove" and p.key in outcome.demoted else
                   "supports" if p.op == "add" and p.key in active else "pooled")
        out.append(replace(p, verdict=verdict))
    return out
