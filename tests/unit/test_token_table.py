"""The token table's two scorers (Python below NUMPY_FROM postings, numpy from it) give the
same raw scores, bit for bit, and so the same ranking, with and without a filter."""

from __future__ import annotations

import random
from array import array

import pytest

from mrgraph.store.token_table import best, summed, summed_numpy

# sums of these tie exactly or differ only in their last bits (0.1 + 0.2 != 0.3)
TIED = (0.1, 0.2, 0.3, 1 / 3, 2.0, 0.7)


def _postings(seed: int) -> tuple[list[array[int]], list[float], list[str], list[str]]:
    rng = random.Random(seed)
    slots = rng.randint(1, 300)
    arrays = [array("q", rng.sample(range(slots), rng.randint(0, slots)))
              for _ in range(rng.randint(1, 8))]
    per_token = [rng.choice(TIED) if rng.random() < 0.6 else rng.uniform(0.01, 5.0)
                 for _ in arrays]
    ids = [f"node-{n}" for n in rng.sample(range(10 * slots), slots)]
    sec = [rng.choice(("", "2023-01-05", "2023-02-11")) for _ in range(slots)]
    return arrays, per_token, ids, sec


@pytest.mark.parametrize("seed", range(60))
def test_python_and_numpy_add_the_same_floats(seed: int) -> None:
    arrays, per_token, ids, _ = _postings(seed)
    python = dict(summed(arrays, per_token, None))
    numpy = dict(summed_numpy(arrays, per_token, None, len(ids), len(ids)))
    assert python == numpy  # every slot held, every score equal as a float
    assert set(python) == {s for a in arrays for s in a}


@pytest.mark.parametrize("seed", range(60))
@pytest.mark.parametrize("limit", [1, 3, 10, 1000])
def test_python_and_numpy_rank_alike(seed: int, limit: int) -> None:
    arrays, per_token, ids, sec = _postings(seed)
    for kept in (None, lambda slot: slot % 3 != 0):
        python = best(summed(arrays, per_token, kept), limit, ids, sec)
        numpy = best(summed_numpy(arrays, per_token, kept, len(ids), limit), limit, ids, sec)
        assert python == numpy
        assert len(python) == min(limit, len({s for a in arrays for s in a
                                               if kept is None or kept(s)}))


def test_ties_are_ordered_by_secondary_key_then_id() -> None:
    arrays = [array("q", [0, 1, 2, 3])]
    ids, sec = ["b", "a", "c", "d"], ["2023-02-01", "2023-02-01", "2023-01-01", "2023-03-01"]
    expected = [("c", 1.5), ("a", 1.5), ("b", 1.5)]
    assert best(summed(arrays, [1.5], None), 3, ids, sec) == expected
    assert best(summed_numpy(arrays, [1.5], None, 4, 3), 3, ids, sec) == expected

