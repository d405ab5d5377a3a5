"""Terminal output for the CLI (rich): tables, trees, progress. No logic lives here."""

from __future__ import annotations

import dataclasses
import json
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Any, Callable, Iterator, Mapping, Sequence

from rich.console import Console
from rich.markup import escape

from mrgraph.dates import format_day, from_props, render
from mrgraph.types import Answer, NodeView, Stats

# rich's progress bars, tables and trees are imported by the functions that draw them, and
# these only for annotations: a command imports what it runs, not every command's
if TYPE_CHECKING:
    from rich.tree import Tree

    from mrgraph.experience.records import RoundRecord
    from mrgraph.experience.storage import Pool
    from mrgraph.graph_stats import GraphStats
    from mrgraph.ingest.pipeline import BatchDone, IngestReport, Progress as ProgressFn
    from mrgraph.store.copy import Progress as CopyProgress

MAX_QUOTES = 3  # supporting turns quoted under an answer
QUOTE_CHARS = 120


@dataclass(frozen=True)
class IngestBars:
    """The callbacks of the ingest progress bars: turns extracted, write batches written."""

    turns: ProgressFn
    batches: BatchDone


@contextmanager
def ingest_progress(console: Console) -> Iterator[IngestBars]:
    """Rich progress bars: turns extracted, then write batches written (on Neo4j each is a
    commit, so a big file shows its writes progressing too)."""
    from rich.progress import (BarColumn, MofNCompleteColumn, Progress, TaskID, TextColumn,
                               TimeElapsedColumn)
    with Progress(TextColumn("[bold]ingest[/] {task.description}"), BarColumn(),
                  MofNCompleteColumn(), TimeElapsedColumn(),
                  console=console, transient=True) as bar:
        turns = bar.add_task("turns", total=None)
        batches: list[TaskID] = []

        def advance(conversation_id: str, done: int) -> None:
            bar.update(turns, advance=done, description=f"{conversation_id} (turns)")

        def written(done: int, total: int) -> None:
            if not batches:
                batches.append(bar.add_task("write batches", total=total))
            bar.update(batches[0], completed=done, total=total)

        yield IngestBars(advance, written)


@contextmanager
def push_progress(console: Console) -> Iterator[CopyProgress]:
    """Rich progress bars for `mrgraph push`: the source read, then nodes and relationships
    copied (each batch a write unit of the destination)."""
    from rich.progress import (BarColumn, MofNCompleteColumn, Progress, TaskID, TextColumn,
                               TimeElapsedColumn)
    with Progress(TextColumn("[bold]push[/] {task.description}"), BarColumn(),
                  MofNCompleteColumn(), TimeElapsedColumn(),
                  console=console, transient=True) as bar:
        reading = bar.add_task("reading the graph", total=None)
        tasks: dict[str, TaskID] = {}

        def copied(what: str, done: int, total: int) -> None:
            if reading in bar.task_ids:  # the source is read: its totals are known
                bar.remove_task(reading)
            if what not in tasks:
                tasks[what] = bar.add_task(what, total=total)
            bar.update(tasks[what], completed=done, total=total, refresh=True)  # once a batch

        yield copied


def ingest_reports(console: Console, reports: Sequence[IngestReport]) -> None:
    for r in reports:
        rate = r.turns / r.seconds if r.seconds > 0 else 0.0
        console.print(f"[green]ingested[/] {r.path}: {len(r.conversations)} conversation(s), "
                      f"{r.turns} turns, {r.tokens} LLM tokens, {r.seconds:.2f} s "
                      f"({rate:,.0f} turns/s); the graph now holds {r.graph_nodes:,} nodes and "
                      f"{r.graph_edges:,} relationships")
        if r.resumed:
            console.print(f"[yellow]resumed[/] {r.path}: {r.resumed} of {r.batches} write batches "
                          "were committed by an interrupted earlier run and skipped",
                          highlight=False)
        for skipped in r.skipped:
            console.print(f"[yellow]skipped[/] {skipped}; re-run to retry "
                          "(cached sessions cost 0 tokens)", highlight=False)
        if r.embedding_note:
            console.print(f"[yellow]mixed embeddings[/] {escape(r.embedding_note)}",
                          highlight=False)


def _clip(text: str, limit: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def answer_dict(a: Answer) -> dict[str, Any]:
    return {
        "answer": a.answer, "supports": list(a.supports), "confidence": round(a.confidence, 4),
        "rounds": a.rounds, "tool_calls": a.tool_calls, "tokens": a.tokens,
        "latency_ms": round(a.latency_ms, 2),
        "sources": [dataclasses.asdict(s) for s in a.sources],
        "trace": [{"round": s.round, "tool": s.tool, "arguments": dict(s.arguments),
                   "result_ids": list(s.result_ids), "kept_ids": list(s.kept_ids),
                   "error": s.error, "tokens": s.tokens, "ms": round(s.ms, 2)} for s in a.trace],
    }


def answer(console: Console, a: Answer, *, trace: bool = False) -> None:
    console.print(f"[bold]{a.answer}[/]", highlight=False)
    console.print(f"[dim]supports: {', '.join(a.supports) or '-'} · confidence {a.confidence:.2f}"
                  f" · {_n(a.rounds, 'round')} · {_n(a.tool_calls, 'tool call')} · {a.tokens} tokens"
                  f" · {a.latency_ms:.0f} ms[/]", highlight=False)
    for source in [s for s in a.sources if s.text][:MAX_QUOTES]:
        said = f"{source.speaker}: {_clip(source.text, QUOTE_CHARS)}"
        day = f"said {format_day(source.date)}" if source.date else "-"
        console.print(f"[dim]  {source.dia_id} · {source.conversation} · {day} ·[/] "
                      f"{escape(said)}", highlight=False)
    if trace:
        console.print(trace_tree(a))


def trace_tree(a: Answer) -> Tree:
    """Rounds → tool calls (arguments, results, what was kept)."""
    from rich.tree import Tree
    root = Tree("[bold]trace[/]")
    rounds: dict[int, Tree] = {}
    for step in a.trace:
        node = rounds.get(step.round) or root.add(f"round {step.round}")
        rounds[step.round] = node
        args = json.dumps(dict(step.arguments), ensure_ascii=False)
        label = f"[cyan]{step.tool}[/]({args}) · {step.ms:.1f} ms"
        call = node.add(label + (f" [red]error: {step.error}[/]" if step.error else ""))
        if step.result_ids:
            call.add(f"results: {', '.join(step.result_ids[:12])}"
                     + (" …" if len(step.result_ids) > 12 else ""))
        if step.kept_ids:
            call.add(f"[green]kept[/]: {', '.join(step.kept_ids[:12])}")
    if a.evidence:
        root.add(f"[bold]evidence[/]: {', '.join(a.evidence)}")
    if a.experiences:
        used = root.add("[bold]experiences used[/]")
        for line in a.experiences:
            used.add(escape(line))
    return root


def stats_dict(s: Stats) -> dict[str, Any]:
    return {"nodes": dict(s.nodes), "edges": dict(s.edges), "conversations": list(s.conversations),
            "first_date": s.first_date, "last_date": s.last_date}


def stats(console: Console, s: Stats) -> None:
    from rich.table import Table
    table = Table(title="graph")
    table.add_column("kind")
    table.add_column("name")
    table.add_column("count", justify="right")
    for label, n in sorted(s.nodes.items()):
        table.add_row("node", label, str(n))
    for rel, n in sorted(s.edges.items()):
        table.add_row("relationship", rel, str(n))
    console.print(table)
    console.print(f"conversations: {', '.join(s.conversations) or '-'}", highlight=False)
    console.print(f"dates: {s.first_date or '-'} … {s.last_date or '-'}")


def graph_stats_dict(g: GraphStats) -> dict[str, Any]:
    return {"episodes_per_tag": asdict(g.episodes_per_tag), "tags_per_cue": asdict(g.tags_per_cue),
            "facts_per_person": dict(g.facts_per_person), "people": [asdict(p) for p in g.people]}


def graph_stats(console: Console, g: GraphStats) -> None:
    """The shape of the cue -> tag -> episodes hop, and facts per person."""
    for name, spread in (("episodes per tag", g.episodes_per_tag),
                         ("tags per cue", g.tags_per_cue)):
        console.print(f"{name}: median {spread.median:g}, mean {spread.mean:g}, max "
                      f"{spread.max} (over {spread.count})", highlight=False)
    for p in g.people:
        console.print(f"  {p.name}: {p.episodes} episodes under {p.tags} tags, median "
                      f"{p.median_per_tag:g} episodes per tag", highlight=False)
    facts = ", ".join(f"{name} {n}" for name, n in g.facts_per_person[:5])
    console.print(f"facts per person: {facts or '-'}", highlight=False)


def node_view(console: Console, view: NodeView) -> None:
    from rich.tree import Tree
    n = view.node
    tree = Tree(f"[bold]{n.label}[/] {n.id}")
    said = _when(n.props)
    if said:
        tree.add(f"[bold]when[/] {said}")
    for k, v in sorted(n.props.items()):
        tree.add(f"{k} = {_short(v)}")
    for edge, other in view.out_edges:
        tree.add(f"-[{edge.type}{_props(edge.props)}]-> {other.label} {other.id} {_name(other.props)}")
    for edge, other in view.in_edges:
        tree.add(f"<-[{edge.type}{_props(edge.props)}]- {other.label} {other.id} {_name(other.props)}")
    console.print(tree, highlight=False)


def beliefs(console: Console, entity: str, rows: Sequence[Mapping[str, Any]],
            as_of: str | None) -> None:
    """Per aspect, every candidate: confidence bar, status, statement, then its history."""
    from rich.tree import Tree
    when = f" as of {as_of}" if as_of else ""
    if not rows:
        console.print(f"no beliefs about {entity}{when}", highlight=False)
        return
    tree = Tree(f"[bold]beliefs about {entity}{when}[/]")
    aspects: dict[str, Tree] = {}
    for r in rows:
        aspect = str(r.get("aspect", ""))
        node = aspects.get(aspect) or tree.add(f"[cyan]{aspect}[/]")
        aspects[aspect] = node
        conf = float(r.get("confidence", 0.0))
        bar = "█" * round(conf * 10) + "·" * (10 - round(conf * 10))
        style = "bold" if r.get("status") == "active" else "dim"
        cand = node.add(f"{bar} {conf:.3f} [{style}]{r.get('statement', '')}[/] "
                        f"({r.get('status', '')}, support {r.get('support', '')}, "
                        f"seen {r.get('first_seen', '')} … {r.get('last_seen', '')})")
        history = _history(r)
        if history:
            cand.add(f"[dim]history: {history}[/]")
    console.print(tree, highlight=False)


def next_steps(console: Console, store: str, commands: Sequence[str]) -> None:
    """Where the demo's graph lives and what to try next against it."""
    console.rule("try next")
    console.print(f"The demo's graph is in {escape(store)}. Try:", highlight=False)
    for command in commands:
        console.print(f"  {escape(command)}", highlight=False, soft_wrap=True)


def _n(count: int, noun: str) -> str:
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def _history(row: Mapping[str, Any]) -> str:
    hist = row.get("history") or []
    return " → ".join(f"{h.get('confidence', 0):.2f}@{h.get('at', '')}" for h in hist[-4:]
                      if isinstance(h, Mapping))


def _short(v: Any, n: int = 100) -> str:
    s = json.dumps(list(v)) if isinstance(v, (list, tuple)) else str(v)
    return s if len(s) <= n else s[: n - 1] + "…"


def _props(props: Mapping[str, Any]) -> str:
    keep = {k: v for k, v in props.items() if k != "history"}
    return (" " + ", ".join(f"{k}: {_short(v, 40)}" for k, v in sorted(keep.items()))) if keep else ""


def _when(props: Mapping[str, Any]) -> str:
    """A node's date as people say it, at its precision, with what it is: a date a turn
    mentions ("last week: the week before 9 June 2023, week, relative"), or the day a
    session, turn or episode was said ("8 May 2023, the session's day")."""
    value = from_props(props)
    if value is not None:
        return f"{value.phrase}: {render(value)} ({value.precision}, {value.source})"
    if props.get("date_source") == "session" and props.get("date"):
        return f"{format_day(str(props['date']))} (the session's day)"
    return ""


def _name(props: Mapping[str, Any]) -> str:
    if from_props(props) is not None:  # a DateMention: what was said and when that was
        return _short(f"{props.get('phrase', '')}: {props.get('when', '')}", 60)
    for key in ("name", "label", "dia_id", "statement", "summary", "conversation_id"):
        if key in props:
            return _short(props[key], 60)
    return ""


# ------------------------------------------------------------------ experiential memory


@contextmanager
def practice_progress(console: Console) -> Iterator[Callable[[int, int], None]]:
    """A bar per practice round, told (items done, items in the round)."""
    from rich.progress import Progress
    with Progress(console=console, transient=False) as bars:
        state: dict[str, Any] = {"task": None}

        def tick(done: int, total: int) -> None:
            if state["task"] is None or done == 1:
                state["task"] = bars.add_task("practice round", total=total)
            bars.update(state["task"], completed=done)
        yield tick


def practice_rounds(console: Console, records: Sequence[RoundRecord]) -> None:
    for r in records:
        console.print(f"round {r.round}: {r.items} items, {r.hits} hits, {r.proposals} proposals,"
                      f" {r.adopted} adopted, {r.demoted} demoted; {r.active} active experiences,"
                      f" {r.memory_tokens}/{r.budget_tokens} tokens", highlight=False,
                      soft_wrap=True)


def experiences_dict(pool: Pool) -> dict[str, Any]:
    return {
        "experiences": [{"kind": e.kind, "statement": e.statement, "support": e.support,
                         "contradict": e.contradict, "status": e.status, "subject": e.subject,
                         "rule": e.rule, "dia_ids": list(e.dia_ids),
                         "conversation_ids": list(e.conversation_ids), "round": e.round,
                         "tokens": e.token_count} for e in pool.experiences],
        "proposals": len(pool.proposals),
        "rounds": [dataclasses.asdict(r) for r in pool.rounds],
    }


def experiences(console: Console, pool: Pool) -> None:
    from rich.table import Table
    if not pool.experiences:
        console.print(f"no experiences yet ({_n(len(pool.rounds), 'practice round')}, "
                      f"{_n(len(pool.proposals), 'proposal')} in the pool)")
        return
    table = Table("kind", "status", "support", "statement", "provenance")
    for e in sorted(pool.experiences, key=lambda e: (e.status, e.kind, -e.support, e.key)):
        table.add_row(e.kind, e.status, f"{e.support} (-{e.contradict})", escape(e.statement),
                      ", ".join(e.dia_ids[:6]) + (" …" if len(e.dia_ids) > 6 else ""))
    console.print(table)
    console.print(f"[dim]{_n(len(pool.proposals), 'proposal')} in the pool · "
                  f"{_n(len(pool.rounds), 'round')}[/]", highlight=False)
