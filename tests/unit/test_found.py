"""mrgraph.found's shared helpers: the dia_id sort order."""

from __future__ import annotations

from mrgraph.found import dia_order


def test_dia_order_sorts_numbers_as_numbers_then_verbatim_ids_as_text() -> None:
    ids = ["final", "D2:10", "m2", "hello", "D2:9", "D10:1"]
    assert sorted(ids, key=dia_order) == ["m2", "D2:9", "D2:10", "D10:1", "final", "hello"]


def test_dia_order_breaks_ties_on_the_id_so_the_order_never_depends_on_input_order() -> None:
    assert sorted(["S1:2", "D1:2"], key=dia_order) == sorted(["D1:2", "S1:2"], key=dia_order)
