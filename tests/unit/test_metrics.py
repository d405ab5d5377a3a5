"""Metrics, checked against values computed by hand (the arithmetic is in the comments)."""

from __future__ import annotations

import math

import pytest

from mrgraph.errors import InputError
from mrgraph.eval.metrics import (
    aggregate,
    bleu1,
    category_key,
    f1_simple,
    is_abstention,
    latency_summary,
    locomo_f1,
    multi_answer_f1,
    percentile,
    simple_tokens,
    word_tokens,
)
from mrgraph.scoring import (
    evidence_recall,
    normalize_answer,
    normalize_dia_id,
    parse_evidence,
    stemmed_tokens,
    token_f1,
)

# --- LoCoMo normalisation and token F1 -------------------------------------------------------


def test_normalize_drops_commas_case_punctuation_articles_and_and() -> None:
    assert normalize_answer("The cat, and a Dog!") == "cat dog"
    # Commas go before punctuation, so "1,000" is one number, and a hyphen joins its words.
    assert normalize_answer("An 1,000-year  THEME") == "1000year theme"
    # Only whole words are dropped: "oskar" and "theme" keep their letters.
    assert normalize_answer("Oskar and the theme") == "oskar theme"


def test_normalize_accepts_int() -> None:
    assert normalize_answer(2022) == "2022"


def test_token_f1_stems_both_sides() -> None:
    assert stemmed_tokens("running shoes") == ["run", "shoe"]
    assert token_f1("Running shoes.", "run shoe") == 1.0


def test_token_f1_partial_overlap() -> None:
    # pred {paris, france}, gold {paris}: P = 1/2, R = 1 -> F1 = 2/3.
    assert token_f1("Paris, France", "Paris") == pytest.approx(2 / 3)


def test_token_f1_counts_a_multiset() -> None:
    # pred dog dog cat, gold dog cat cat: overlap dog x1 + cat x1 = 2; P = R = 2/3 -> F1 = 2/3.
    assert token_f1("dog dog cat", "dog cat cat") == pytest.approx(2 / 3)


def test_token_f1_empty_sides_score_zero() -> None:
    assert token_f1("", "Paris") == 0.0
    assert token_f1("Paris", "") == 0.0
    assert token_f1("the a an", "the") == 0.0  # both normalise to nothing


# --- LoCoMo per-category rules ---------------------------------------------------------------


def test_category1_best_part_per_gold_part() -> None:
    # gold parts paris | london; pred part london: paris -> 0, london -> 1; mean = 1/2.
    assert locomo_f1("London", "Paris, London", 1) == pytest.approx(0.5)
    # Plain token F1 would differ: P = 1, R = 1/2 -> 2/3.
    assert token_f1("London", "Paris, London") == pytest.approx(2 / 3)
    assert multi_answer_f1("london, paris", "Paris, London") == 1.0


def test_category1_unsplit_prediction_scored_against_each_part() -> None:
    # pred "london paris" vs "paris": P = 1/2, R = 1 -> 2/3; same for london; mean = 2/3.
    assert locomo_f1("London and Paris", "Paris, London", 1) == pytest.approx(2 / 3)


def test_category2_and_4_are_plain_token_f1_without_semicolon_split() -> None:
    # gold "7 may 2023 or 8 may" (6 tokens), pred 3 tokens all shared: P = 1, R = 1/2 -> 2/3.
    assert locomo_f1("7 May 2023", "7 May 2023; or 8 May", 2) == pytest.approx(2 / 3)
    assert locomo_f1("7 May 2023", "7 May 2023; or 8 May", 4) == pytest.approx(2 / 3)


def test_category3_uses_gold_before_first_semicolon() -> None:
    assert locomo_f1("psychology", "Psychology; counseling certification", 3) == 1.0
    # Whole gold: 3 tokens, 1 shared -> P = 1, R = 1/3 -> 1/2.
    assert token_f1("psychology", "Psychology; counseling certification") == pytest.approx(0.5)


def test_category5_rewards_only_abstention() -> None:
    assert locomo_f1("Not mentioned in the conversation", None, 5) == 1.0
    assert locomo_f1("Sorry, NO INFORMATION AVAILABLE.", "Yes", 5) == 1.0
    assert locomo_f1("Yes", "Yes", 5) == 0.0  # repeating the adversarial answer is wrong
    assert locomo_f1("I don't know", None, 5) == 0.0  # only LoCoMo's two phrases count
    assert is_abstention("it was not mentioned") is True


def test_int_answers_are_stringified() -> None:
    assert locomo_f1("2022", 2022, 2) == 1.0
    assert locomo_f1(2022, "In 2022", 2) == pytest.approx(2 / 3)  # P = 1, R = 1/2
    assert locomo_f1(3, 3, 1) == 1.0


def test_empty_prediction_scores_zero_in_every_category() -> None:
    for category in (1, 2, 3, 4, 5):
        assert locomo_f1("", "Paris, London; maybe", category) == 0.0


def test_unknown_category_and_missing_gold_are_input_errors() -> None:
    with pytest.raises(InputError, match="category 6"):
        locomo_f1("x", "x", 6)
    with pytest.raises(InputError, match="no gold answer"):
        locomo_f1("x", None, 2)


# --- Simple F1 and BLEU-1 --------------------------------------------------------------------


def test_simple_tokens_split_only_on_the_four_marks() -> None:
    assert simple_tokens("Paris, France. Yes!? a;b") == ["paris", "france", "yes", "a;b"]


def test_f1_simple_is_set_overlap_without_stemming() -> None:
    assert f1_simple("Paris, France.", "paris france") == 1.0
    # {running, shoes} vs {run, shoes}: 1 shared, P = R = 1/2 -> 1/2 (LoCoMo F1 would say 1).
    assert f1_simple("running shoes", "run shoes") == pytest.approx(0.5)
    # Sets: {dog, cat} vs {dog, cat} -> 1 (the multiset LoCoMo F1 says 2/3).
    assert f1_simple("dog dog cat", "dog cat cat") == 1.0
    # Articles are kept: {the, dog} vs {dog}: P = 1/2, R = 1 -> 2/3.
    assert f1_simple("the dog", "dog") == pytest.approx(2 / 3)


def test_f1_simple_empty_and_int() -> None:
    assert f1_simple("", "paris") == 0.0
    assert f1_simple("...", "paris") == 0.0
    assert f1_simple(2022, "2022.") == 1.0


def test_word_tokens_split_sentences_and_punctuation() -> None:
    assert word_tokens("He went home. Then slept.") == [
        "he", "went", "home", ".", "then", "slept", "."]
    assert word_tokens("It's 7 May, 2023!") == ["it", "'s", "7", "may", ",", "2023", "!"]


def test_bleu1_hand_computed() -> None:
    assert bleu1("Paris France", "paris france") == pytest.approx(1.0)
    # Precision 1, hypothesis shorter (c=1, r=2): BP = exp(1 - 2/1) = e^-1.
    assert bleu1("Paris", "Paris France") == pytest.approx(math.exp(-1))
    # Precision 2/3, c=3 > r=2 so BP = 1.
    assert bleu1("paris france london", "paris france") == pytest.approx(2 / 3)
    # Clipping: "the" counted at most once (reference has one) -> 1/3; BP = 1.
    assert bleu1("the the the", "the cat") == pytest.approx(1 / 3)
    # "!" is a token: precision 1/2, BP = 1.
    assert bleu1("Paris!", "paris") == pytest.approx(0.5)


def test_bleu1_empty_and_int() -> None:
    assert bleu1("", "paris") == 0.0
    assert bleu1("paris", "") == 0.0
    assert bleu1("london", "paris") == 0.0
    assert bleu1(2022, "2022") == pytest.approx(1.0)


# --- Evidence ids and recall -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("D8:6", "D8:6"),
        ("D30:05", "D30:5"),  # leading zeros
        (" D 8 : 6 ", "D8:6"),  # spaces
        ("d3:1", "D3:1"),
        ("D8", None),  # session only: not a turn
        ("", None),
        ("D8:6; D9:17", None),  # several ids: parse_evidence's job
        ("turn 6", None),
    ],
)
def test_normalize_dia_id(raw: str, expected: str | None) -> None:
    assert normalize_dia_id(raw) == expected


def test_parse_evidence_repairs_splits_and_deduplicates() -> None:
    raw: list[object] = ["D8:6; D9:17", "D30:05", "", "D8:6", None, 5, "junk", "D2:1,D2:2"]
    assert parse_evidence(raw) == ("D8:6", "D9:17", "D30:5", "D2:1", "D2:2")
    assert parse_evidence([]) == ()


def test_evidence_recall_normalises_both_sides() -> None:
    assert evidence_recall(["D8:6; D9:17"], ["D8:6", "D1:1"]) == pytest.approx(0.5)
    assert evidence_recall(["D30:05"], ["D30:5"]) == 1.0
    assert evidence_recall(["D30:5"], [" D30 : 005"]) == 1.0
    assert evidence_recall(["D1:1"], []) == 0.0
    # A duplicated gold id counts once.
    assert evidence_recall(["D1:1", "D1:01"], ["D1:1"]) == 1.0


def test_evidence_recall_without_valid_gold_is_none() -> None:
    assert evidence_recall([], ["D1:1"]) is None
    assert evidence_recall(["", "  "], ["D1:1"]) is None


# --- Latency and aggregation -----------------------------------------------------------------


def test_percentile_nearest_rank() -> None:
    values = [50.0, 15.0, 40.0, 20.0, 35.0]  # sorted: 15 20 35 40 50
    assert percentile(values, 30) == 20.0  # rank ceil(1.5) = 2
    assert percentile(values, 50) == 35.0  # rank ceil(2.5) = 3
    assert percentile(values, 95) == 50.0  # rank ceil(4.75) = 5
    assert percentile(values, 0) == 15.0
    assert percentile(values, 100) == 50.0


def test_percentile_rejects_bad_input() -> None:
    with pytest.raises(ValueError, match="empty"):
        percentile([], 50)
    with pytest.raises(ValueError, match="q must be"):
        percentile([1.0], 101)


def test_latency_summary() -> None:
    values = [float(ms) for ms in range(100, 1001, 100)]  # ten values
    # p50: rank 5 -> 500; p95: rank ceil(9.5) = 10 -> 1000; mean 550.
    assert latency_summary(values) == {"p50": 500.0, "p95": 1000.0, "mean": 550.0}


def test_aggregate_skips_none_and_groups_by_category() -> None:
    records: list[tuple[int, dict[str, float | None]]] = [
        (5, {"f1": 1.0, "recall": None}),
        (1, {"f1": 1.0, "recall": None}),
        (1, {"f1": 0.0, "recall": 0.5}),
    ]
    result = aggregate(records)
    assert list(result) == ["overall", "multi-hop", "adversarial"]
    assert result["overall"] == {"f1": pytest.approx(2 / 3), "recall": 0.5}
    assert result["multi-hop"] == {"f1": 0.5, "recall": 0.5}
    assert result["adversarial"] == {"f1": 1.0}  # no recall value at all: key absent


def test_aggregate_empty_and_unknown_category() -> None:
    assert aggregate([]) == {"overall": {}}
    assert category_key(7) == "category-7"
    assert aggregate([(7, {"f1": 0.25})])["category-7"] == {"f1": 0.25}
