"""The commands on one memory: ingest, ask, chat, inspect (stats, show, beliefs, experiences,
export), practise, forget, migrate, push, demo.

No `from __future__ import annotations` here: typer reads every command's annotations at each
start, and string annotations cost an eval each (~10 ms of every command). Each command imports
what it runs (the engine through open_memory, `render` and rich when it prints): `mrgraph --help`
loads none of them.
"""

import json
from pathlib import Path
from typing import Annotated, Optional

import typer

from mrgraph.cli.common import (EmbedderOpt, NsOpt, StoreOpt, console, open_memory,
                                say_if_empty)
from mrgraph.cli.startup import collector_paused, frozen
from mrgraph.errors import MrGraphError, UserError
from mrgraph.redact import public_uri, scrub


def ingest(paths: Annotated[list[Path], typer.Argument(help="Transcript files")],
           fmt: Annotated[str, typer.Option("--format", help="auto|locomo|jsonl|text")] = "auto",
           extractor: Annotated[str, typer.Option(help="heuristic (offline) or llm")] = "heuristic",
           concurrency: Annotated[int, typer.Option(min=1, max=64, help="LLM extraction calls in flight")] = 8,
           llm: Annotated[str, typer.Option(help="The llm extractor's model: openai | local (llama.cpp, MRGRAPH_LOCAL_MODEL)")] = "openai",
           embedder: EmbedderOpt = "none", store: StoreOpt = None, ns: NsOpt = None) -> None:
    """Ingest transcripts into the graph (bad input writes nothing; on Neo4j an interrupted
    ingest resumes when run again; re-ingesting changes nothing)."""
    from mrgraph import render
    done: list[str] = []
    try:
        with open_memory(store, ns) as memory, render.ingest_progress(console()) as bars:
            for path in paths:  # each file's report as it is done: a later failure keeps them
                reports = memory.ingest([path], fmt=fmt, extractor=extractor,
                                        concurrency=concurrency, progress=bars.turns,
                                        embedder=embedder, on_batch=bars.batches,
                                        llm=llm)
                render.ingest_reports(console(), reports)
                done.append(str(path))
    except KeyboardInterrupt as e:  # typer makes it exit 130 and drops the message, which on
        if str(e):  # Neo4j says what was committed and that a re-run resumes
            typer.echo(f"interrupted: {e}", err=True)
        raise
    except MrGraphError as e:
        if done:  # say what is in the store now, on the error's one line
            e.args = (f"{e} (ingested before it: {', '.join(done)}; later files not "
                      "ingested)",)
        raise


def ask(question: str,
        mode: Annotated[str, typer.Option(help="active (reconstruction) | topk | graph (passive baselines)")] = "active",
        llm: Annotated[str, typer.Option(help="heuristic (offline) | openai | local (llama.cpp, MRGRAPH_LOCAL_MODEL). Default: openai when OPENAI_API_KEY or OPENAI_BASE_URL is set")] = "auto",
        as_json: Annotated[bool, typer.Option("--json", help="Print the answer as JSON")] = False,
        trace: Annotated[bool, typer.Option("--trace", help="Show the navigation trace")] = False,
        trace_html: Annotated[Optional[Path], typer.Option("--trace-html", help="Write the trace as a picture: one self-contained HTML file")] = None,
        embedder: EmbedderOpt = "none", store: StoreOpt = None, ns: NsOpt = None) -> None:
    """Answer a question from the memory."""
    with frozen() as freeze:  # the CLI's modules: the collector's passes in the ask skip them
        with collector_paused():  # what the answer takes: Memory.ask's imports, printing it
            from mrgraph import engine, reconstruct, render  # noqa: F401 - used by Memory.ask
        freeze()  # those too
        _ask(question, mode, llm, as_json, trace, trace_html, embedder, store, ns)


def _ask(question: str, mode: str, llm: str, as_json: bool, trace: bool,
         trace_html: Optional[Path], embedder: str, store: Optional[str], ns: Optional[str]
         ) -> None:
    from mrgraph import render
    with open_memory(store, ns) as memory:
        say_if_empty(memory)
        answer = memory.ask(question, mode=mode, llm=llm, embedder=embedder)
        if trace_html is not None:
            from mrgraph.serve.page import trace_html as page
            from mrgraph.serve.tracegraph import store_lookup, trace_graph
            picture = page(trace_graph(answer, question, store_lookup(memory.store)))
            trace_html.write_text(scrub(picture), encoding="utf-8")
    if as_json:
        typer.echo(json.dumps(render.answer_dict(answer), ensure_ascii=False))
    else:
        render.answer(console(), answer, trace=trace)
    if trace_html is not None:  # after the answer: stdout stays the answer alone
        typer.echo(f"trace picture written to {trace_html}", err=True)


def chat(mode: Annotated[str, typer.Option(help="active | topk | graph")] = "active",
         llm: Annotated[str, typer.Option(help="heuristic | openai | local")] = "auto",
         embedder: EmbedderOpt = "none", store: StoreOpt = None, ns: NsOpt = None) -> None:
    """Interactive questions (:trace toggles the trace, :history, :quit)."""
    from mrgraph.chat import run_chat
    from mrgraph.engine import MODES
    if mode not in MODES:
        raise UserError(f"unknown mode {mode!r} (choose {', '.join(MODES)})")
    with open_memory(store, ns) as memory:
        run_chat(memory, console(), mode=mode, llm=llm, embedder=memory.embedder(embedder))


def stats(store: StoreOpt = None, ns: NsOpt = None,
          as_json: Annotated[bool, typer.Option("--json", help="Print JSON")] = False) -> None:
    """Counts per label and relationship, conversations, date span, tokens spent; episodes
    per tag, tags per cue, the most active people's tags, facts per person."""
    from mrgraph import render
    with open_memory(store, ns) as memory:
        say_if_empty(memory)
        s = memory.stats()
        shape = memory.graph_stats()
    if as_json:
        typer.echo(json.dumps({**render.stats_dict(s), "shape": render.graph_stats_dict(shape)}))
    else:
        render.stats(console(), s)
        render.graph_stats(console(), shape)


def show(node_id: str, store: StoreOpt = None, ns: NsOpt = None) -> None:
    """A node with its neighbours."""
    from mrgraph import render
    with open_memory(store, ns) as memory:
        render.node_view(console(), memory.show(node_id))


def practice(rounds: Annotated[int, typer.Option("--rounds", min=1, help="Practice rounds to run (more, after those done)")] = 1,
             conversation: Annotated[Optional[list[str]], typer.Option("--conversation", help="Practise on this conversation only (repeatable)")] = None,
             llm: Annotated[str, typer.Option(help="heuristic (offline rules) | openai")] = "heuristic",
             budget: Annotated[int, typer.Option("--budget", min=50, help="Memory budget: tokens of active experiences")] = 800,
             max_questions: Annotated[Optional[int], typer.Option("--max-questions", min=1, help="Question items per round (the costly ones: each is asked several times)")] = None,
             store: StoreOpt = None, ns: NsOpt = None) -> None:
    """Experiential memory: practise on the memory's own history (trial, reflection, review,
    consensus); resumable: a round is written whole."""
    from mrgraph import render
    with open_memory(store, ns) as memory, render.practice_progress(console()) as tick:
        records = memory.practice(rounds, llm=llm, conversations=conversation or (),
                                  budget_tokens=budget, max_questions=max_questions, tick=tick)
    render.practice_rounds(console(), records)


def experiences(as_json: Annotated[bool, typer.Option("--json", help="Print JSON")] = False,
                store: StoreOpt = None, ns: NsOpt = None) -> None:
    """Experiences learnt by practice: kind, statement, support, provenance dia_ids."""
    from mrgraph import render
    with open_memory(store, ns) as memory:
        pool = memory.experiences()
    if as_json:
        typer.echo(json.dumps(render.experiences_dict(pool), ensure_ascii=False))
    else:
        render.experiences(console(), pool)


def beliefs(entity: str,
            aspect: Annotated[Optional[str], typer.Option(help="One aspect (e.g. location)")] = None,
            as_of: Annotated[Optional[str], typer.Option("--as-of", help="What was believed at this ISO date")] = None,
            as_json: Annotated[bool, typer.Option("--json", help="Print JSON")] = False,
            store: StoreOpt = None, ns: NsOpt = None) -> None:
    """Belief candidates about a person, with confidences and history."""
    from mrgraph import render
    with open_memory(store, ns) as memory:
        rows = memory.beliefs(entity, aspect, as_of)
    if as_json:
        typer.echo(json.dumps(rows, ensure_ascii=False))
    else:
        render.beliefs(console(), entity, rows, as_of)


def export(fmt: Annotated[str, typer.Option("--format", help="json | graphml")] = "json",
           output: Annotated[Optional[Path], typer.Option("--out", help="File (default stdout)")] = None,
           store: StoreOpt = None, ns: NsOpt = None) -> None:
    """Export the namespace's graph."""
    with open_memory(store, ns) as memory:
        text = memory.export(fmt)
    if output is None:
        typer.echo(text)
    else:
        output.write_text(text, encoding="utf-8")
        console().print(f"wrote {output}")


def forget(conversation: Annotated[str, typer.Option("--conversation", help="Conversation id")],
           store: StoreOpt = None, ns: NsOpt = None) -> None:
    """Remove a conversation and everything derived only from it."""
    with open_memory(store, ns, current=False) as memory:
        result = memory.forget(conversation)
    console().print(f"forgot {result.conversation_id}: {result.nodes_removed} nodes, "
                    f"{result.edges_removed} relationships removed")


def migrate(store: StoreOpt = None, ns: NsOpt = None) -> None:
    """Re-derive conversations an older mrgraph wrote (dates derived by older rules) from
    their stored turns, each in one write unit."""
    with open_memory(store, ns, current=False) as memory:
        if memory.is_empty():  # a mistyped --store or --ns is not "up to date"
            say_if_empty(memory)
            return
        done = memory.migrate(lambda m: console().print(
            f"migrated {m.conversation_id}: {m.turns} turns, {m.episodes} episodes, "
            f"{m.date_mentions} dates mentioned" + (
                f" ({m.embeddings_dropped} episode embeddings dropped: re-ingest with "
                "--embedder to have them)" if m.embeddings_dropped else ""), highlight=False))
    if not done:
        console().print("nothing to migrate: the namespace is up to date", highlight=False)


def push(to: Annotated[str, typer.Option("--to", help="bolt://HOST:7687 (NEO4J_USER / NEO4J_PASSWORD)")],
         store: StoreOpt = None, ns: NsOpt = None) -> None:
    """Copy the embedded graph into Neo4j, to inspect it in Neo4j Browser (idempotent)."""
    from mrgraph import render
    with open_memory(store, ns) as memory, render.push_progress(console()) as copied:
        result = memory.push(to, progress=copied)
    console().print(f"pushed {result.nodes} nodes and {result.edges} relationships to "
                    f"{public_uri(to)}", highlight=False)


def demo(store: StoreOpt = None, ns: NsOpt = None) -> None:
    """Ingest the bundled sample transcript, show what the graph holds, ask sample questions."""
    from mrgraph.demo import DEMO_STORE, run_demo
    with open_memory(store or DEMO_STORE, ns) as memory:
        run_demo(memory, console(), store or DEMO_STORE, ns)
