"""Belief memory rules, with the arithmetic written out."""

from __future__ import annotations

import copy
import itertools
import json

import pytest

from mrgraph.beliefs import (
    BeliefState,
    BeliefVersion,
    Observation,
    apply_observations,
    candidates,
    history_from_json,
    history_to_json,
    initial_confidence,
    merge_confidence,
    rank,
    score,
    similarity,
    state_as_of,
    staleness,
)
from mrgraph.errors import ConfigError, InputError, MrGraphError


def obs(statement: str, date: str, episode: str, *, aspect: str = "location",
        entity: str = "Ingrid", fact: str | None = None, **kw: object) -> Observation:
    return Observation(entity=entity, aspect=aspect, statement=statement,
                       fact_id=fact or f"f-{statement}", date=date, episode_id=episode,
                       **kw)  # type: ignore[arg-type]


def only(beliefs: list[BeliefState], statement: str) -> BeliefState:
    [found] = [b for b in beliefs if b.statement == statement]
    return found


def assert_consistent(b: BeliefState) -> None:
    # The last version is the current state; provenance is sorted and unique.
    last = b.history[-1]
    assert (last.confidence, last.status, last.support) == (b.confidence, b.status, b.support)
    assert list(b.provenance) == sorted(set(b.provenance))
    assert b.history[0].reason == "add"


# --- add ---------------------------------------------------------------------------------

@pytest.mark.parametrize(("given", "expected"),
                         [(None, 0.8), (0.95, 0.9), (0.3, 0.7), (0.75, 0.75), (1.0, 0.9)])
def test_initial_confidence_is_clipped_to_range(given: float | None, expected: float) -> None:
    assert initial_confidence(given) == pytest.approx(expected)


def test_add_creates_active_candidate_with_add_version() -> None:
    [b] = apply_observations([obs("lives in Boston", "2022-01-10", "e1", confidence=0.99)])
    assert b.confidence == pytest.approx(0.9)
    assert (b.support, b.status) == (1, "active")
    assert (b.first_seen, b.last_seen, b.provenance) == ("2022-01-10", "2022-01-10", ("e1",))
    assert b.history == (BeliefVersion(0.9, "active", 1, "2022-01-10", "e1", "add"),)


# --- merge -------------------------------------------------------------------------------

def test_three_supporting_observations_noisy_or_from_point_eight() -> None:
    # 1-(0.2)(0.5)=0.9; 1-(0.1)(0.5)=0.95; 1-(0.05)(0.5)=0.975
    seen = [obs("lives in Boston", "2022-01-01", "e0")]
    expected = [0.9, 0.95, 0.975]
    for i, want in enumerate(expected, start=1):
        seen.append(obs("lives in Boston", f"2022-0{i + 1}-01", f"e{i}"))
        [b] = apply_observations(seen)
        assert b.confidence == pytest.approx(want)
        assert b.support == i + 1
    assert [v.confidence for v in b.history] == pytest.approx([0.8, 0.9, 0.95, 0.975])
    assert [v.reason for v in b.history] == ["add", "merge", "merge", "merge"]
    assert b.provenance == ("e0", "e1", "e2", "e3")
    assert_consistent(b)


def test_merge_is_capped_at_099() -> None:
    assert merge_confidence(0.95, 0.9) == pytest.approx(0.99)  # 1-(0.05)(0.1)=0.995 -> 0.99
    assert merge_confidence(0.99, 0.5) == pytest.approx(0.99)
    assert merge_confidence(0.995, 0.5) == pytest.approx(0.995)  # only upward, never lowered
    many = [obs("lives in Boston", f"2022-01-{d:02d}", f"e{d}") for d in range(1, 11)]
    [b] = apply_observations(many)
    assert b.confidence == pytest.approx(0.99)
    assert b.support == 10


def test_delta_is_configurable() -> None:
    seen = [obs("lives in Boston", "2022-01-01", "e1"), obs("lives in Boston", "2022-02-01", "e2")]
    [b] = apply_observations(seen, delta=0.2)
    assert b.confidence == pytest.approx(0.84)  # 1-(0.2)(0.8)
    with pytest.raises(ConfigError):
        apply_observations(seen, delta=0.0)


def test_near_identical_statement_merges_and_keeps_first_wording() -> None:
    seen = [obs("lives in Boston", "2022-01-01", "e1"),
            obs("Ingrid is living in Boston.", "2022-02-01", "e2"),
            obs("moved to Boston", "2022-03-01", "e3")]
    [b] = apply_observations(seen)
    assert (b.statement, b.support) == ("lives in Boston", 3)


def test_same_episode_twice_is_idempotent() -> None:
    once = apply_observations([obs("lives in Boston", "2022-01-01", "e1"),
                               obs("lives in Chicago", "2022-02-01", "e2")])
    again = apply_observations([obs("lives in Boston", "2022-01-01", "e1")], beliefs=once)
    assert again == once


# --- contradiction -----------------------------------------------------------------------

def test_single_valued_change_supersedes_to_025_and_keeps_history() -> None:
    out = apply_observations([obs("lives in Boston", "2022-01-10", "e1"),
                              obs("lives in Boston", "2022-02-10", "e2"),
                              obs("moved to Chicago", "2022-06-01", "e3")])
    boston, chicago = only(out, "lives in Boston"), only(out, "moved to Chicago")
    assert (chicago.status, chicago.confidence) == ("active", 0.8)
    assert (boston.status, boston.confidence) == ("superseded", 0.25)
    assert [(v.reason, v.status) for v in boston.history] == [
        ("add", "active"), ("merge", "active"), ("contradict", "superseded")]
    assert [v.confidence for v in boston.history] == pytest.approx([0.8, 0.9, 0.25])
    assert boston.history[-1].episode_id == "e3"
    assert boston.support == 2 and boston.last_seen == "2022-02-10"  # demotion is not support
    assert out[0] is chicago


def test_moves_twice_and_changes_job_once() -> None:
    out = apply_observations([
        obs("lives in Boston", "2022-01-10", "e1"),
        obs("works as a nurse", "2022-01-10", "e1", aspect="job"),
        obs("moved to Chicago", "2022-06-01", "e2"),
        obs("works as a teacher", "2022-09-01", "e3", aspect="job"),
        obs("moved to Denver", "2023-02-01", "e4"),
        obs("likes hiking", "2022-01-10", "e1", aspect="hobbies"),
        obs("likes painting", "2023-02-01", "e4", aspect="hobbies"),
    ])
    location = candidates(out, "ingrid", "Location")
    assert [(b.statement, b.status) for b in location] == [
        ("moved to Denver", "active"), ("moved to Chicago", "superseded"),
        ("lives in Boston", "superseded")]
    assert [b.confidence for b in location] == pytest.approx([0.8, 0.25, 0.25])
    job = candidates(out, "Ingrid", "job")
    assert [(b.statement, b.status) for b in job] == [
        ("works as a teacher", "active"), ("works as a nurse", "superseded")]
    assert [b.confidence for b in job] == pytest.approx([0.8, 0.25])
    hobbies = candidates(out, "Ingrid", "hobbies")  # multi-valued: both stay
    assert {b.status for b in hobbies} == {"active"} and len(hobbies) == 2
    for b in out:
        assert_consistent(b)


def test_moving_back_reinstates_the_old_value() -> None:
    out = apply_observations([obs("lives in Boston", "2022-01-01", "e1"),
                              obs("lives in Chicago", "2022-02-01", "e2"),
                              obs("lives in Boston", "2022-03-01", "e3")])
    boston, chicago = only(out, "lives in Boston"), only(out, "lives in Chicago")
    # max(noisy-OR 1-(0.75)(0.5)=0.625, add value 0.8)
    assert (boston.status, boston.confidence, boston.support) == ("active", 0.8, 2)
    assert [v.reason for v in boston.history] == ["add", "contradict", "merge"]
    assert (chicago.status, chicago.confidence) == ("superseded", 0.25)


def test_negated_observation_demotes_and_is_kept_as_negated_candidate() -> None:
    out = apply_observations([
        obs("works at Acme", "2022-01-01", "e1", aspect="job"),
        obs("no longer works at Acme", "2022-05-01", "e2", aspect="job"),
        obs("works at Globex", "2022-09-01", "e3", aspect="job"),
    ])
    acme, left = only(out, "works at Acme"), only(out, "no longer works at Acme")
    globex = only(out, "works at Globex")
    assert (acme.status, acme.confidence) == ("superseded", 0.25)
    assert acme.history[-1].episode_id == "e2"
    # "no longer at Acme" stays true when a new job arrives: negated candidates are exempt.
    assert (left.status, left.negated, left.confidence) == ("active", True, 0.8)
    assert (globex.status, globex.negated) == ("active", False)


def test_negated_flag_without_cue_words_and_reassertion_demotes_the_negation() -> None:
    out = apply_observations([
        obs("has a dog", "2022-01-01", "e1", aspect="pets"),
        obs("has a dog", "2022-02-01", "e2", aspect="pets", negated=True, fact="f-nodog"),
        obs("has a dog", "2022-03-01", "e3", aspect="pets", fact="f-dog2"),
    ])
    positive = [b for b in out if not b.negated]
    negative = [b for b in out if b.negated]
    assert [(b.status, b.support) for b in positive] == [("active", 2)]
    assert [(b.status, b.confidence) for b in negative] == [("superseded", 0.25)]


@pytest.mark.parametrize(("before", "after"), [
    ("likes hiking", "hates hiking"),
    ("loves jazz", "dislikes jazz"),
    ("plays guitar", "used to play guitar"),
    ("plays guitar", "stopped playing guitar"),
    ("smokes", "quit smoking"),
    ("enjoys running", "doesn't enjoy running anymore"),
])
def test_antonyms_and_cue_words_contradict_multi_valued(before: str, after: str) -> None:
    out = apply_observations([obs(before, "2022-01-01", "e1", aspect="hobbies"),
                              obs(after, "2022-02-01", "e2", aspect="hobbies")])
    assert (only(out, before).status, only(out, before).confidence) == ("superseded", 0.25)
    assert only(out, after).status == "active"


def test_multi_valued_unrelated_statements_accumulate() -> None:
    out = apply_observations([obs("likes Italian food", "2022-01-01", "e1", aspect="food"),
                              obs("hates Mexican food", "2022-02-01", "e2", aspect="food"),
                              obs("likes sushi", "2022-03-01", "e3", aspect="food")])
    assert {b.status for b in out} == {"active"}


def test_explicit_contradicts_flag_overrides_rules() -> None:
    forced = apply_observations([
        obs("likes hiking", "2022-01-01", "e1", aspect="hobbies"),
        obs("prefers staying indoors", "2022-02-01", "e2", aspect="hobbies", contradicts=True)])
    assert only(forced, "likes hiking").status == "superseded"
    second_job = apply_observations([
        obs("works at Acme", "2022-01-01", "e1", aspect="job"),
        obs("works at Globex", "2022-02-01", "e2", aspect="job", contradicts=False)])
    assert {b.status for b in second_job} == {"active"}


def test_custom_single_valued_set() -> None:
    seen = [obs("drives a Honda", "2022-01-01", "e1", aspect="car"),
            obs("drives a Tesla", "2022-02-01", "e2", aspect="car")]
    assert {b.status for b in apply_observations(seen)} == {"active"}
    out = apply_observations(seen, single_valued=frozenset({"car"}))
    assert only(out, "drives a Honda").status == "superseded"


# --- cap ---------------------------------------------------------------------------------

def test_fifth_candidate_evicts_lowest_confidence_as_archived() -> None:
    confs = {"hiking": 0.9, "painting": 0.85, "chess": 0.7, "surfing": 0.8, "pottery": 0.75}
    seen = [obs(f"likes {name}", f"2022-01-0{i}", f"e{i}", aspect="hobbies", confidence=c)
            for i, (name, c) in enumerate(confs.items(), start=1)]
    out = apply_observations(seen)
    assert len(out) == 5  # archived, never deleted
    chess = only(out, "likes chess")
    assert (chess.status, chess.confidence) == ("archived", 0.7)
    assert [(v.reason, v.status) for v in chess.history] == [("add", "active"),
                                                              ("evict", "archived")]
    assert chess.history[-1].episode_id == "e5"
    assert [b.status for b in out] == ["active"] * 4 + ["archived"]
    assert out[-1] is chess


def test_eviction_ties_break_on_last_seen_then_fact_id() -> None:
    seen = [obs(f"likes {n}", f"2022-01-0{i}", f"e{i}", aspect="hobbies")
            for i, n in enumerate(["chess", "golf", "judo", "polo", "yoga"], start=1)]
    assert only(apply_observations(seen), "likes chess").status == "archived"  # oldest
    same_day = [obs(f"likes {n}", "2022-01-01", "e1", aspect="hobbies", fact=f"f{i}")
                for i, n in enumerate(["chess", "golf", "judo", "polo", "yoga"])]
    out = apply_observations(same_day)
    assert [b.fact_id for b in out if b.status == "archived"] == ["f4"]  # largest fact_id


def test_new_arrival_weaker_than_four_is_archived_on_arrival() -> None:
    seen = [obs(f"likes {n}", "2022-01-01", "e1", aspect="hobbies", confidence=0.9)
            for n in ["chess", "golf", "judo", "polo"]]
    seen.append(obs("likes yoga", "2022-02-01", "e2", aspect="hobbies", confidence=0.7))
    yoga = only(apply_observations(seen), "likes yoga")
    assert [v.reason for v in yoga.history] == ["add", "evict"]


def test_support_revives_archived_candidate() -> None:
    seen = [obs(f"likes {n}", "2022-01-01", "e1", aspect="hobbies", confidence=0.9)
            for n in ["chess", "golf", "judo", "polo"]]
    seen.append(obs("likes yoga", "2022-02-01", "e2", aspect="hobbies", confidence=0.7))
    seen += [obs("likes yoga", f"2022-0{m}-01", f"e{m}", aspect="hobbies") for m in (3, 4, 5)]
    out = apply_observations(seen)
    yoga = only(out, "likes yoga")
    # revived at max(1-(0.3)(0.5)=0.85, 0.8)=0.85, then 0.925, then 0.9625 > 0.9
    assert yoga.status == "active"
    assert yoga.confidence == pytest.approx(0.9625)
    assert sum(b.status == "archived" for b in out) == 1


# --- order independence ------------------------------------------------------------------

MIXED = [
    obs("lives in Boston", "2022-01-01", "e1"),
    obs("lives in Boston", "2022-02-01", "e2"),
    obs("moved to Chicago", "2022-03-01", "e3"),
    obs("no longer lives in Chicago", "2022-04-01", "e4"),
    obs("lives in Boston", "2022-04-01", "e4", fact="f-back"),
]


@pytest.mark.parametrize("observations", [MIXED, [
    obs(f"likes {n}", "2022-01-01", f"e{i % 2}", aspect="hobbies", fact=f"f{i}")
    for i, n in enumerate(["chess", "golf", "judo", "polo", "yoga"])]])
def test_all_permutations_give_identical_output(observations: list[Observation]) -> None:
    expected = apply_observations(observations)
    for perm in itertools.permutations(observations):
        assert apply_observations(perm) == expected


def test_incremental_equals_batch_in_sorted_order() -> None:
    state: list[BeliefState] = []
    for o in MIXED:
        previous = {b.fact_id: b.history for b in state}
        state = apply_observations([o], beliefs=state)
        for b in state:  # nothing is ever removed from a history
            assert b.history[: len(previous.get(b.fact_id, ()))] == previous.get(b.fact_id, ())
    assert state == apply_observations(MIXED)


def test_entity_and_aspect_match_case_insensitively() -> None:
    out = apply_observations([obs("lives in Boston", "2022-01-01", "e1"),
                              obs("lives in Boston", "2022-02-01", "e2", entity="ingrid",
                                  aspect="Location")])
    assert len(out) == 1 and out[0].support == 2


# --- as of -------------------------------------------------------------------------------

def test_state_as_of_reconstructs_each_step() -> None:
    out = apply_observations([obs("lives in Boston", "2022-01-10", "e1"),
                              obs("lives in Boston", "2022-02-10", "e2"),
                              obs("moved to Chicago", "2022-06-01", "e3")])
    boston = only(out, "lives in Boston")
    assert state_as_of(boston, "2022-01-01") is None
    jan = state_as_of(boston, "2022-01-15")
    assert jan is not None
    assert (jan.confidence, jan.status, jan.support, jan.last_seen, jan.provenance) == (
        0.8, "active", 1, "2022-01-10", ("e1",))
    assert len(jan.history) == 1
    march = state_as_of(boston, "2022-03-01")
    assert march is not None
    assert march.confidence == pytest.approx(0.9)
    assert (march.support, march.provenance) == (2, ("e1", "e2"))
    june = state_as_of(boston, "2022-06-01")  # the end of the day counts
    assert june == boston
    assert state_as_of(only(out, "moved to Chicago"), "2022-05-31") is None
    with pytest.raises(InputError):
        state_as_of(boston, "June 2022")


# --- scoring -----------------------------------------------------------------------------

def test_score_decays_with_staleness() -> None:
    assert score(0.8, 0) == pytest.approx(0.8)
    assert score(0.8, 2) == pytest.approx(0.2)  # 0.8 * 0.5^2
    assert score(0.8, 1, lam=0.9) == pytest.approx(0.72)
    with pytest.raises(ConfigError):
        score(0.8, 1, lam=1.5)
    with pytest.raises(MrGraphError):
        score(0.8, -1)


def test_fresh_weak_match_outranks_stale_strong_and_confidences_do_not_change() -> None:
    out = apply_observations([obs("lives in Boston", "2022-01-01", "e1"),
                              obs("lives in Boston", "2022-02-01", "e2"),
                              obs("likes hiking", "2022-06-01", "e9", aspect="hobbies")])
    strong_stale, weak_fresh = only(out, "lives in Boston"), only(out, "likes hiking")
    before = copy.deepcopy(out)
    ranked = rank([strong_stale, weak_fresh], sims=[0.9, 0.3], staleness=[3, 0])
    # 0.9 * 0.5^3 = 0.1125 < 0.3 * 0.5^0 = 0.3
    assert [b.statement for b, _ in ranked] == ["likes hiking", "lives in Boston"]
    assert [s for _, s in ranked] == pytest.approx([0.3, 0.1125])
    assert ranked[0][0] is weak_fresh and ranked[1][0] is strong_stale
    assert out == before
    assert strong_stale.confidence == pytest.approx(0.9)  # higher confidence, still ranked second
    fresh_both = rank([strong_stale, weak_fresh], sims=[0.9, 0.3], staleness=[0, 0])
    assert fresh_both[0][0] is strong_stale
    with pytest.raises(MrGraphError):
        rank([strong_stale], sims=[0.9, 0.3], staleness=[0])


def test_staleness_counts_sessions_after_latest_update() -> None:
    out = apply_observations([obs("lives in Boston", "2022-01-01", "e1"),
                              obs("moved to Chicago", "2022-03-01", "e2")])
    sessions = ["2022-01-01", "2022-02-01", "2022-03-01", "2022-04-01", "2022-05-01"]
    # Boston was last updated (demoted) on 2022-03-01: two sessions since.
    assert staleness([only(out, "lives in Boston")], sessions) == 2
    assert staleness(out, sessions) == 2
    with pytest.raises(MrGraphError):
        staleness([], sessions)


def test_similarity_is_lexical_jaccard() -> None:
    assert similarity("Lives in Boston", "lives in boston!") == 1.0
    # {ingrid, liv} & {ingrid, liv, boston}: 2/3, "where/does/in" are stopwords
    query, text = "Where does Ingrid live?", "Ingrid lives in Boston"
    assert similarity(query, text) == pytest.approx(2 / 3)
    assert similarity("hiking", "Boston") == 0.0
    assert similarity("the of", "Boston") == 0.0


# --- serialisation and validation --------------------------------------------------------

def test_history_json_round_trip() -> None:
    [b] = apply_observations([obs("lives in Boston", "2022-01-01", "e1"),
                              obs("lives in Boston", "2022-02-01", "e2")])
    text = history_to_json(b.history)
    assert isinstance(text, str)
    assert json.loads(text)[1] == {"at": "2022-02-01", "confidence": 0.9, "episode_id": "e2",
                                   "reason": "merge", "status": "active", "support": 2}
    assert history_from_json(text) == b.history
    assert history_from_json("[]") == ()


@pytest.mark.parametrize("text", [
    "not json", "{}", "[1]", '[{"confidence": 0.8}]',
    '[{"confidence": "x", "status": "active", "support": 1, "at": "2022-01-01",'
    ' "episode_id": "e1", "reason": "add"}]',
    '[{"confidence": 0.8, "status": "gone", "support": 1, "at": "2022-01-01",'
    ' "episode_id": "e1", "reason": "add"}]',
])
def test_history_from_json_rejects_malformed(text: str) -> None:
    with pytest.raises(InputError) as info:
        history_from_json(text)
    assert info.value.field == "history"


@pytest.mark.parametrize(("kwargs", "field"), [
    ({"date": "2022/01/01"}, "date"), ({"date": "2022-02-30"}, "date"),
    ({"entity": " "}, "entity"), ({"confidence": 1.5}, "confidence"),
])
def test_observation_validates_fields(kwargs: dict[str, object], field: str) -> None:
    base: dict[str, object] = {"entity": "Ingrid", "aspect": "location",
                               "statement": "lives in Boston", "fact_id": "f1",
                               "date": "2022-01-01", "episode_id": "e1"}
    with pytest.raises(InputError) as info:
        Observation(**{**base, **kwargs})  # type: ignore[arg-type]
    assert info.value.field == field
