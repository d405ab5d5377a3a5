"""Start-up without the cyclic garbage collector's passes over what the imports make.

A command's imports make ~10^5 objects (modules, classes, functions, the dataclasses' methods)
that live as long as the process and are not garbage; the collector's passes over them while
they are made, and again at exit, were ~5% of an `mrgraph ask`'s instructions (callgrind).
Nothing is frozen before the exit: ingest's workers fork after their own gc.freeze
(mrgraph.ingest.parallel), and a process that imports the CLI keeps its collector as it was.
"""

import gc
from collections.abc import Callable, Iterator
from contextlib import contextmanager


@contextmanager
def collector_paused() -> Iterator[None]:
    """Run the block (imports) with the cyclic collector paused, then restore it as it was."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


@contextmanager
def frozen() -> Iterator[Callable[[], None]]:
    """Run the block (a short command) with the objects that exist at its start, and those that
    exist when it calls the function it is given (after its imports), kept out of the
    collector's passes; unfrozen at its end, so a process that runs the CLI in-process keeps its
    collector as it was. If something is frozen already (an application froze its own objects,
    or ingest's workers are forking: mrgraph.ingest.parallel) the block runs as it is."""
    if gc.get_freeze_count():
        yield lambda: None
        return
    gc.freeze()
    try:
        yield gc.freeze
    finally:
        gc.unfreeze()


def freeze_for_exit() -> None:
    """Before the process exits: the interpreter's last collection would walk every object of
    the process, for garbage that is freed at exit anyway."""
    gc.freeze()
