"""The public API: a sorted __all__ whose every name resolves, and one error tree."""

from __future__ import annotations

import inspect

import mrgraph
from mrgraph import errors


def test_all_is_sorted_and_resolves() -> None:
    assert mrgraph.__all__ == sorted(mrgraph.__all__)
    assert all(hasattr(mrgraph, name) for name in mrgraph.__all__)


def test_every_error_is_in_one_tree() -> None:
    classes = [c for _, c in inspect.getmembers(errors, inspect.isclass)
               if c.__module__ == errors.__name__]
    assert len(classes) > 10
    assert all(issubclass(c, errors.MrGraphError) for c in classes)
