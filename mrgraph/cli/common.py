"""What the commands share: the --store/--ns/--embedder options, the console they print on,
opening the memory.

Nothing here imports the engine or rich when the module is imported: `mrgraph --help` loads
neither (tests/cli/test_cli_imports.py).
"""

from functools import cache
from typing import TYPE_CHECKING, Annotated, Optional

import typer

from mrgraph.cli.startup import collector_paused
from mrgraph.config import Settings
from mrgraph.redact import public_uri

if TYPE_CHECKING:
    from rich.console import Console

    from mrgraph.engine import Memory

StoreOpt = Annotated[Optional[str], typer.Option("--store", help="file:PATH (embedded) or bolt://HOST:7687 (Neo4j). Default: MRGRAPH_STORE or file:.mrgraph/graph")]
EmbedderOpt = Annotated[str, typer.Option("--embedder", help="none (lexical search only) | openai (episode embeddings, MRGRAPH_EMBED_MODEL; hybrid search)")]
NsOpt = Annotated[Optional[str], typer.Option("--ns", help="Namespace (tenant). Default: MRGRAPH_NS or 'default'")]


@cache
def console() -> "Console":
    """The console the commands print on, made when the first one prints (importing rich
    costs ~20 ms: `mrgraph --help` does without)."""
    from rich.console import Console
    return Console()


def open_memory(store: str | None, ns: str | None, *, current: bool = True) -> "Memory":
    with collector_paused():  # the engine's modules: most of an ask's imports
        from mrgraph.engine import Memory
    return Memory.open(Settings.from_env(), store=store, ns=ns, current=current)


def say_if_empty(memory: "Memory") -> None:
    """One line on stderr when the namespace holds nothing: an answer or a table alone
    would not say why it is empty."""
    if memory.is_empty():
        typer.echo(f"namespace {memory.store.ns!r} of {public_uri(memory.store.uri)} is empty: "
                   "ingest a transcript first (mrgraph ingest PATH), or try mrgraph demo",
                   err=True)
