"""What the disk under an embedded store allows: telling a full disk and a read-only store from
other failures, and how much free space a write needs.

SQLite reports a full disk as SQLITE_FULL ("database or disk is full"), or as an I/O error when
the file it could not grow was the write-ahead log's index (`-shm`); a read-only file, directory
or mount as SQLITE_READONLY, SQLITE_CANTOPEN or an I/O error. What the file system says decides
which one it is (`read_only_reason`), not the error's text.

The space a write needs: measured on the LoCoMo dev file and long generated sessions, a write
unit's peak on disk (the grown database plus its write-ahead log, which holds every page the
unit wrote until the commit copies them in) is 5.4x the bytes of its records (ids, labels and
the JSON of their properties), so NEEDED_FACTOR x those bytes is asked for.
"""

from __future__ import annotations

import errno
import os
import shutil
import sqlite3
from collections.abc import Iterable
from pathlib import Path

from mrgraph.errors import DiskFullError, StoreReadOnlyError, UserError
from mrgraph.types import GraphBatch, Props

NEEDED_FACTOR = 6
FULL = "the disk is full"  # why a store is read-only when SQLite cannot make the log's index
ROOM = 2**20  # free bytes past which a full disk may be written again (the index is 32 KiB)
PER_TURN_BYTES = 5_000  # the same need per turn of input (0.6-0.9 KB of records a turn)
_FALLBACK_CODES = frozenset({sqlite3.SQLITE_CANTOPEN, sqlite3.SQLITE_READONLY,
                             sqlite3.SQLITE_IOERR, sqlite3.SQLITE_FULL, sqlite3.SQLITE_PERM,
                             sqlite3.SQLITE_AUTH})


def primary_code(exc: sqlite3.Error) -> int | None:
    code = getattr(exc, "sqlite_errorcode", None)
    return None if code is None else int(code) & 0xFF


def is_full(exc: BaseException, directory: Path) -> bool:
    """`exc` (from SQLite or the OS) means the disk under `directory` is full."""
    if isinstance(exc, OSError):
        return exc.errno in (errno.ENOSPC, errno.EDQUOT)
    if not isinstance(exc, sqlite3.Error):
        return False
    code = primary_code(exc)
    return code == sqlite3.SQLITE_FULL or (code == sqlite3.SQLITE_IOERR and _no_space(directory))


def may_read_only(exc: sqlite3.Error) -> bool:
    """Opening a file for writing failed in a way opening it read-only may not."""
    return primary_code(exc) in _FALLBACK_CODES


def _no_space(directory: Path) -> bool:
    try:
        return os.statvfs(directory).f_bavail == 0
    except OSError:
        return False


def has_room(directory: Path) -> bool:
    """The disk under `directory` has ROOM free again."""
    try:
        return shutil.disk_usage(directory).free >= ROOM
    except OSError:
        return False


def read_only_reason(directory: Path, file: Path) -> str | None:
    """Why the store in `directory` (its namespace's `file`) cannot be written, or None."""
    try:
        if os.statvfs(directory).f_flag & os.ST_RDONLY:
            return "it is on a read-only file system"
    except OSError:
        pass
    if directory.exists() and not os.access(directory, os.W_OK):
        return "its directory is not writable"
    if file.exists() and not os.access(file, os.W_OK):
        return "its file is not writable"
    return None


def unwritable(exc: BaseException, directory: Path, file: Path) -> UserError | None:
    """The error to report for `exc`, raised as a write to the store in `directory` (its
    namespace's `file`) began: the disk is full, or the store is read-only; None otherwise."""
    if is_full(exc, directory):  # what it will write is not known yet: at most the file twice
        return DiskFullError(max(2 * (file.stat().st_size if file.exists() else 0), 2**20))
    reason = read_only_reason(directory, file)
    return read_only_error(str(directory), reason) if reason is not None else None


def read_only_error(where: str, reason: str) -> StoreReadOnlyError:
    return StoreReadOnlyError(f"the store {where} is read-only ({reason}): it can be read but "
                              "not written; nothing was written")


def record_bytes(batches: Iterable[GraphBatch]) -> int:
    """The bytes of the records of `batches`: ids, labels, types and property values."""
    total = 0
    for batch in batches:
        for node in batch.nodes:
            total += len(node.id) + len(node.label) + _props_bytes(node.props)
        for edge in batch.edges:
            total += len(edge.src) + len(edge.type) + len(edge.dst) + _props_bytes(edge.props)
    return total


def _props_bytes(props: Props) -> int:
    size = 0
    for key, value in props.items():
        size += len(key) + 4
        if isinstance(value, (list, tuple)):
            size += sum(len(str(v)) + 3 for v in value)
        else:
            size += len(str(value)) + 2
    return size


def needed_bytes(batches: Iterable[GraphBatch], written: int = 0) -> int:
    """The free space a write unit of `batches` needs; at least twice the `written` bytes it
    reached before the disk filled."""
    return max(NEEDED_FACTOR * record_bytes(batches), 2 * written)


def unit_error(exc: BaseException, directory: Path, file: Path,
               batches: Iterable[GraphBatch]) -> UserError | None:
    """The error to report for `exc`, which rolled back a write unit of `batches` to `file`:
    the disk filled up (with the space the unit needs), or the store became read-only after
    the unit began; None for any other failure."""
    if is_full(exc, directory):
        wal = file.with_name(file.name + "-wal")
        written = wal.stat().st_size if wal.exists() else 0
        return DiskFullError(max(needed_bytes(batches, written), 2**20))
    if isinstance(exc, sqlite3.Error) and primary_code(exc) == sqlite3.SQLITE_READONLY:
        return read_only_error(str(directory), read_only_reason(directory, file)
                               or "SQLite refused to write")
    return None
