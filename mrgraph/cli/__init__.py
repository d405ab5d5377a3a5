"""The `mrgraph` command: parse, call the library (mrgraph.engine.Memory), print.

Exit codes: 0 ok, 1 user error (one clear line on stderr, no traceback), 2 internal error.

The commands live in `mrgraph.cli.memory` (one memory: ingest, ask, inspect...) and
`mrgraph.cli.services` (servers, tools, benchmarks); this module makes the app of them, in the
order `mrgraph --help` lists them, and maps every error to its exit code and one line.
"""

import logging
import sys
from typing import Any, Callable

from mrgraph.cli.startup import collector_paused, freeze_for_exit

with collector_paused():
    import typer

    from mrgraph.cli import memory, services
    from mrgraph.errors import MrGraphError, UserError
    from mrgraph.limits import has_surrogate, shorten
    from mrgraph.redact import ScrubbedStream

# help is click's plain text, not rich's panels: rendering those imports rich's markdown and
# traceback modules, which doubled what `mrgraph --help` costs (benchmarks/startup.py)
app = typer.Typer(add_completion=False, no_args_is_help=True, pretty_exceptions_enable=False,
                  rich_markup_mode=None,
                  help="mrgraph: a graph memory for LLM agents, answered by active reconstruction.")
bench_app = typer.Typer(no_args_is_help=True, rich_markup_mode=None,
                        help="Benchmarks: LoCoMo and scale.")
app.add_typer(bench_app, name="bench")

for command in (memory.ingest, memory.ask, memory.chat, memory.stats, memory.show,
                memory.practice, memory.experiences, memory.beliefs, memory.export,
                memory.forget, memory.migrate, memory.push, memory.demo,
                services.mcp, services.tool, services.serve):
    app.command()(command)
app.command("local-model")(services.local_model)
bench_app.command("locomo")(services.bench_locomo)
bench_app.command("scale")(services.bench_scale)


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
        rc = app_for(args)(args=args, standalone_mode=False, prog_name="mrgraph")
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


def app_for(args: list[str]) -> typer.Typer:
    """The app that runs `args`: when they name a command (not a group), an app of that command
    alone: typer makes the click objects of every command of the app it runs, and making them
    all was ~3% of an ask's instructions (callgrind)."""
    command = next((c for c in app.registered_commands if args and _name(c) == args[0]), None)
    if command is None:
        return app
    alone = typer.Typer(add_completion=False, pretty_exceptions_enable=False,
                        rich_markup_mode=None)
    alone.registered_commands.append(command)
    alone.callback()(_group)  # a group still: typer would run a lone command as the app itself
    return alone


def _name(command: typer.models.CommandInfo) -> str:
    callback = command.callback
    return command.name or (typer.main.get_command_name(callback.__name__) if callback else "")


def _group() -> None:
    """The group of a lone command (see app_for)."""


MAX_ERROR_CHARS = 600


def one_line(message: str) -> str:
    """An error on one line (a driver's multi-line message joined) of bounded length: whatever
    value the user passed, the line stays readable."""
    text = " ".join(message.split())
    return text if len(text) <= MAX_ERROR_CHARS else text[:MAX_ERROR_CHARS - 1] + "…"


def run() -> None:
    code = main()
    freeze_for_exit()
    sys.exit(code)


__all__: list[Any] = ["app", "main", "run"]
