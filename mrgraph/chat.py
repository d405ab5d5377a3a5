"""`mrgraph chat`: questions in a loop on the same reconstruction as `ask`.

Commands: `:trace` toggles the navigation trace, `:history` lists the questions so far,
`:quit` (or Ctrl-D) leaves. Line editing and recall come from the standard readline module.
The one `Memory` (and its store) stays open for the whole session: no question reloads the
store, and each sees what other processes ingested meanwhile (mrgraph.store.memory).
"""

from __future__ import annotations

from typing import Callable

from rich.console import Console

from mrgraph import render
from mrgraph.engine import Memory
from mrgraph.errors import UserError
from mrgraph.llm.base import Embedder

HELP = "ask a question; :trace toggles the trace, :history lists questions, :quit leaves"


def run_chat(memory: Memory, console: Console, *, mode: str = "active", llm: str = "auto",
             read: Callable[[str], str] = input, embedder: Embedder | None = None) -> list[str]:
    """Run until :quit or end of input; returns the questions asked. `embedder`, built once for
    the session, makes episode search hybrid (see Memory.ask)."""
    try:
        import readline  # noqa: F401  - enables editing and history in input()
    except ImportError:  # pragma: no cover - not on every platform
        pass
    console.print(f"[dim]{HELP}[/]")
    history: list[str] = []
    show_trace = False
    while True:
        try:
            line = read("you> ").strip()
        except (EOFError, KeyboardInterrupt):
            console.print()  # leave the terminal on a fresh line
            break
        if line in (":quit", ":q", ":exit"):
            break
        if line == ":trace":
            show_trace = not show_trace
            console.print(f"[dim]trace {'on' if show_trace else 'off'}[/]")
        elif line == ":history":
            for i, q in enumerate(history, 1):
                console.print(f"{i}. {q}", highlight=False)
        elif line.startswith(":"):
            console.print(f"[dim]unknown command {line}; {HELP}[/]", highlight=False)
        elif line:
            history.append(line)
            try:
                answer = memory.ask(line, mode=mode, llm=llm, embedder=embedder)
                render.answer(console, answer, trace=show_trace)
            except UserError as e:
                console.print(f"[red]error:[/] {e}", highlight=False)
    return history
