"""Experiential memory by the offline rules: question kinds, knobs, consensus, both reviews,
practice end to end on a small transcript, and the heuristic policy's calibration hook."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from mrgraph.engine import Memory
from mrgraph.experience.consensus import QUORUM, decide, verdicts
from mrgraph.experience.guide import Guide
from mrgraph.experience.items import PatternItem, QuestionItem, practice_data
from mrgraph.experience.kinds import question_kind
from mrgraph.experience.loop import PracticeOptions, practice
from mrgraph.experience.records import Experience, Proposal, calibration_key, pattern_key
from mrgraph.experience.reflect import Counterfactual, pattern_holds
from mrgraph.experience.review import review_calibration, review_pattern
from mrgraph.experience.storage import load_pool
from mrgraph.experience.trial import Score
from mrgraph.ingest.extract import HeuristicExtractor
from mrgraph.ingest.pipeline import ingest_file
from mrgraph.policies.heuristic import HeuristicPolicy
from mrgraph.policies.knobs import Knobs
from mrgraph.reconstruct import reconstruct
from mrgraph.store.memory import MemoryStore
from mrgraph.types import Answer

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "practice.txt"


@pytest.fixture
def store(tmp_path: Path) -> MemoryStore:
    opened = MemoryStore(tmp_path / "graph", "t")
    ingest_file(opened, FIXTURE, HeuristicExtractor())
    return opened


# ------------------------------------------------------------------ kinds and knobs


@pytest.mark.parametrize("question, kind", [
    ("When did she start the new job?", "when"), ("How many dogs does he have?", "count"),
    ("Where did they move to?", "where"), ("Who gave her the book?", "who"),
    ("Did he enjoy the concert?", "yes_no"), ("What activities does she do?", "list"),
    ("Why did he quit?", "why"), ("Would she like a hiking trip?", "would"),
    ("What is his favourite food?", "what")])
def test_question_kinds(question: str, kind: str) -> None:
    assert question_kind(question) == kind


def _calibration(kind: str, rule: str, support: int = 3) -> Experience:
    return Experience("calibration", calibration_key(kind, *rule.split("=")), kind, rule,
                      f"For '{kind}' questions: {rule}.", support, 0, "active", (), (), 1, 9)


def test_calibrations_set_the_knobs_of_their_question_kind_only() -> None:
    guide = Guide((_calibration("when", "read_episodes=5"), _calibration("when", "semantic=off"),
                   _calibration("who", "context_window=2")))
    assert guide.advice("When did she move?").rules == ("read_episodes=5", "semantic=off")
    assert Knobs().apply(guide.advice("When did she move?").rules) == \
        Knobs(read_episodes=5, semantic=False)
    assert guide.advice("What did she say?").rules == ()
    assert Knobs().set("read_episodes=7") == Knobs()  # a value practice never tries: ignored
    assert Knobs().apply(Knobs(2, 0, False, 0.1).rules()) == Knobs(2, 0, False, 0.1)
    assert [e.rule for e in guide.used("Who came?", llm=False)] == ["context_window=2"]


def test_the_heuristic_policy_reads_as_many_episodes_as_its_calibration_says(
        store: MemoryStore) -> None:
    question = "When did Iris talk about the garden beds?"
    plain = reconstruct(store, question, HeuristicPolicy())
    guide = Guide((_calibration("when", "read_episodes=5"),))
    guided = reconstruct(store, question, HeuristicPolicy(), advice=guide.advice(question))
    other = "What did Iris say about the garden beds?"
    other_kind = reconstruct(store, other, HeuristicPolicy(), advice=guide.advice(other))
    reads = [sum(s.tool == "event_context" for s in a.trace)
             for a in (plain, guided, other_kind)]
    assert reads == [3, 5, 3]


# ------------------------------------------------------------------ consensus


def _proposal(item: str, key: str = "calibration|when|read_episodes=5", op: str = "add",
              ok: bool = True, round_no: int = 1) -> Proposal:
    rule = key.split("|")[-1]
    return Proposal("add" if op == "add" else "remove", "calibration", key, "when", rule,
                    "For 'when' questions, read the raw turns of the 5 best episodes.", item,
                    (f"D{item}:1",), ("c",), round_no, ok, ok)


def test_an_experience_needs_three_independent_reviewed_proposals() -> None:
    two = decide([_proposal("1"), _proposal("2")], [], 1, 800)
    assert two.adopted == ()
    same_item = decide([_proposal("1"), _proposal("1", round_no=2), _proposal("2")], [], 2, 800)
    assert same_item.adopted == ()  # one vote per item, whatever the round
    unreviewed = decide([_proposal("1"), _proposal("2"), _proposal("3", ok=False)], [], 1, 800)
    assert unreviewed.adopted == ()
    three = decide([_proposal(str(i)) for i in range(QUORUM)], [], 1, 800)
    assert three.adopted == ("calibration|when|read_episodes=5",)
    (exp,) = three.experiences
    assert exp.support == 3 and exp.status == "active" and exp.dia_ids == ("D0:1", "D1:1", "D2:1")
    marked = verdicts([_proposal("3", ok=False), _proposal("0")], three)
    assert [p.verdict for p in marked] == ["rejected", "adopted"]


def test_contradiction_demotes_and_a_rival_needs_a_wider_margin() -> None:
    held = decide([_proposal(str(i)) for i in range(3)], [], 1, 800).experiences
    against = [_proposal(str(i), op="remove", round_no=2) for i in range(3, 7)]
    out = decide([*(_proposal(str(i)) for i in range(3)), *against], held, 2, 800)
    assert out.demoted == ("calibration|when|read_episodes=5",)
    assert out.experiences[0].status == "demoted" and out.experiences[0].contradict == 4
    rival = "calibration|when|read_episodes=2"  # the same slot: one value per knob and kind
    narrow = decide([*(_proposal(str(i)) for i in range(3)),
                     *(_proposal(str(i), key=rival) for i in range(10, 13))], held, 2, 800)
    assert narrow.adopted == ()
    wide = decide([*(_proposal(str(i)) for i in range(3)),
                   *(_proposal(str(i), key=rival) for i in range(10, 14))], held, 2, 800)
    assert wide.adopted == (rival,) and "calibration|when|read_episodes=5" in wide.demoted


def test_the_memory_budget_caps_what_is_adopted() -> None:
    keys = ["calibration|when|read_episodes=5", "calibration|who|read_episodes=5"]
    proposals = [_proposal(f"{k}{i}", key=k) for k in keys for i in range(3 + keys.index(k))]
    roomy = decide(proposals, [], 1, 800)
    tight = decide(proposals, [], 1, roomy.experiences[0].token_count)
    assert len(roomy.adopted) == 2 and tight.adopted == ("calibration|who|read_episodes=5",)


# ------------------------------------------------------------------ reviews


def _score(evidence: tuple[str, ...], answer: str) -> Score:
    a = Answer(answer, (), 0.5, 1, 1, 0, 1.0, evidence=evidence)
    return Score(1.0 if "D1:1" in evidence else 0.0, 1.0 if answer == "May" else 0.0, a)


def _item(name: str, dia: str, answer: str) -> QuestionItem:
    return QuestionItem(name, "when", f"When did Ana talk about {name}?", answer, (dia,), "c",
                        (name,))


def test_a_calibration_that_wins_whatever_the_truth_is_not_grounded() -> None:
    item, other = _item("kayak", "D1:1", "May"), _item("violin", "D5:5", "June")
    specific = Counterfactual(_proposal("kayak"), _score((), "no"), _score(("D1:1",), "May"),
                              Knobs(read_episodes=5))
    reviewed = review_calibration(specific, item, other, [lambda: (_score((), "x"),
                                                                   _score((), "x"))])
    assert reviewed.grounded and reviewed.general
    # a variant that reads everything finds the perturbed label's turn just as well
    greedy = Counterfactual(_proposal("kayak"), _score((), "no"),
                            _score(("D1:1", "D5:5"), "May June"), Knobs(read_episodes=5))
    perturbed = review_calibration(greedy, item, _item("violin", "D5:5", "May June"), [])
    assert not perturbed.grounded and not perturbed.general  # no alternative: not general
    # worse on the same-kind alternatives than it is better: it singles the item out
    hurts = review_calibration(specific, item, other, [
        lambda: (_score(("D1:1",), "May"), _score((), "May"))] * 2)
    assert hurts.grounded and not hurts.general


def test_pattern_review_perturbs_the_cited_statements(store: MemoryStore) -> None:
    data = practice_data(store)
    item = next(p for p in data.patterns if p.person == "Iris" and "garden" in p.keywords
                and p.session >= 7)
    said = [u for u in data.utterances if u.speaker == "Iris" and "garden" in u.keywords
            and u.session < item.session]
    assert pattern_holds(data.utterances, "Iris", item.conversation_id, item.session, "garden")
    proposal = Proposal("add", "pattern", pattern_key("Iris", "garden"), "Iris", "garden",
                        "Iris keeps coming back to garden.", item.id,
                        tuple(u.dia_id for u in said), tuple(u.conversation_id for u in said),
                        1, False, False)
    full = review_pattern(proposal, item, data.utterances)
    assert full.grounded and full.general
    # citing only some of the statements: perturbing them leaves the pattern standing
    partial = review_pattern(replace(proposal, dia_ids=proposal.dia_ids[:1],
                                     conversation_ids=proposal.conversation_ids[:1]),
                             item, data.utterances)
    assert not partial.grounded
    # a statement naming a word only the item's own turn says singles the item out
    own = next(u for u in data.utterances if u.dia_id == item.dia_id)
    word = next(w for w in own.text.split() if w.strip(",.!").lower() not in
                " ".join(u.text.lower() for u in said))
    assert not review_pattern(replace(proposal, statement=f"Iris keeps mentioning {word}."),
                              item, data.utterances).general
    # about someone who never said it: the derivation does not hold at all
    omar = PatternItem("p", "Omar", item.conversation_id, item.session, "x", ("garden",))
    assert not review_pattern(replace(proposal, subject="Omar"), omar, data.utterances).grounded


# ------------------------------------------------------------------ practice end to end


def test_practice_adopts_patterns_with_their_provenance_and_resumes(store: MemoryStore) -> None:
    first = practice(store, PracticeOptions(rounds=1, max_questions=4))
    pool = load_pool(store)
    adopted = {(e.subject, e.rule) for e in pool.active if e.kind == "pattern"}
    assert {("Iris", "garden"), ("Omar", "bicycl")} <= adopted
    for exp in pool.active:
        backing = {p.item for p in pool.proposals if p.key == exp.key and p.reviewed_ok}
        assert len(backing) >= QUORUM and exp.support >= QUORUM and exp.dia_ids
    assert first[0].memory_tokens == sum(e.token_count for e in pool.active) <= 800
    again = practice(store, PracticeOptions(rounds=2, max_questions=4))
    assert [r.round for r in again] == [2, 3] and again[0].hits > first[0].hits


def test_ask_shows_the_experiences_it_used(store: MemoryStore, tmp_path: Path) -> None:
    memory = Memory(store)
    assert memory.ask("When did Iris talk about the garden?").experiences == ()
    exp = _calibration("when", "read_episodes=5")
    from mrgraph.experience.records import RoundRecord
    from mrgraph.experience.storage import save_round
    save_round(store, RoundRecord(1, "", 0, 0, 0, 1, 0, 1, 9, 800), [exp], [], {}, {})
    used = memory.ask("When did Iris talk about the garden?")
    assert used.experiences == ("calibration: For 'when' questions: read_episodes=5.",)
    assert sum(s.tool == "event_context" for s in used.trace) == 5
    assert memory.ask("Who talked about the garden?").experiences == ()
