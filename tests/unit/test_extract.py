"""The heuristic extractor on a hand-written conversation (and its facts rules on sentences)."""

from __future__ import annotations


import pytest

from mrgraph.ingest.build import build_batch
from mrgraph.ingest.extract import Extractor, HeuristicExtractor
from mrgraph.ingest.facts import find_facts
from mrgraph.ingest.loaders import load
from mrgraph.text import STOPWORDS
from mrgraph.ingest.drafts import EpisodeDraft, Extraction
from mrgraph.types import Conversation

from tests.unit.test_loaders import LOCOMO_DEV

TRANSCRIPT = """\
## Session 1 — 2023-03-04 18:20
Maya: Hey Jonas! How have you been?
Jonas: Good! I built three raised beds for the community garden yesterday.
Maya: Raised beds in the community garden, nice. I live in Boise, so I only have a balcony.
Jonas: You should grab a garden plot. How is work?
Maya: I work as a nurse at St. Wenna's Hospital. Night shifts are rough.
Jonas: By the way, are you still thinking about a dog?
Maya: Yes, I'm planning to visit the animal shelter next week.
Jonas: Send me pictures of the shelter dogs.

## Session 2 — 2023-03-20 12:05
Maya: Big news: I adopted a dog last Saturday!
[photo: a brown beagle puppy on a blanket]
Jonas: No way! What is the dog called?
Maya: Her name is Waffle, a beagle from the shelter.
Jonas: Waffle the beagle, adorable.
Maya: Anyway, how are the raised beds in the garden?
Jonas: The garden tomatoes are sprouting in the raised beds.

## Session 3 — 2023-06-02 19:45
Maya: I moved to Denver last month.
Jonas: Denver! That is a big change.
Maya: I got a job at Denver Children's Hospital, so I don't live in Boise anymore.
Jonas: Congratulations on the hospital job.
"""


@pytest.fixture(scope="module")
def conversation(tmp_path_factory: pytest.TempPathFactory) -> Conversation:
    path = tmp_path_factory.mktemp("extract") / "maya.txt"
    path.write_text(TRANSCRIPT, encoding="utf-8")
    [conv] = load(path)
    return conv


@pytest.fixture(scope="module")
def extraction(conversation: Conversation) -> Extraction:
    extractor: Extractor = HeuristicExtractor()  # the protocol is what the pipeline holds
    return extractor.extract(conversation)


def _episodes(extraction: Extraction) -> list[tuple[int, EpisodeDraft]]:
    return [(s.session_number, e) for s in extraction.sessions for e in s.episodes]


def _episode_with(extraction: Extraction, dia_id: str) -> EpisodeDraft:
    return next(e for _, e in _episodes(extraction) if dia_id in e.dia_ids)


def test_episodes_cover_every_turn_once_in_order(conversation: Conversation,
                                                 extraction: Extraction) -> None:
    assert extraction.conversation_id == "maya"
    assert [s.session_number for s in extraction.sessions] == [1, 2, 3]
    for session, part in zip(conversation.sessions, extraction.sessions):
        covered = [d for e in part.episodes for d in e.dia_ids]
        assert covered == [t.dia_id for t in session.turns]
        assert [e.index for e in part.episodes] == list(range(len(part.episodes)))
        assert all(2 <= len(e.dia_ids) <= 8 for e in part.episodes)
    assert extraction.tokens == 0


def test_shift_cue_starts_an_episode(extraction: Extraction) -> None:
    assert _episode_with(extraction, "S1:6").dia_ids[0] == "S1:6"  # "By the way, ..."


def test_episode_text_is_resolved(extraction: Extraction) -> None:
    episode = _episode_with(extraction, "S1:2")
    assert ("Jonas: Good! Jonas built three raised beds for the community garden yesterday "
            "[2023-03-03].") in episode.text
    plans = _episode_with(extraction, "S1:7")
    assert "the animal shelter next week [2023-W10]." in plans.text  # a week, as said
    assert "Maya: Hey Jonas! How has Jonas been?" in episode.text
    photo = _episode_with(extraction, "S2:1")
    assert "Maya adopted a dog last Saturday [2023-03-18]! [photo: a brown beagle" in photo.text


def test_episodes_are_dated_by_their_session(conversation: Conversation,
                                             extraction: Extraction) -> None:
    """Whatever a turn mentions ("yesterday", "next week", "last month"), its episode is dated
    by its session; the dates mentioned are the turn's, each at its own precision."""
    batch = build_batch(conversation, extraction, "t")
    sessions = {n.props["number"]: n.props["date"] for n in batch.nodes if n.label == "Session"}
    episodes = [n for n in batch.nodes if n.label == "Episode"]
    assert {n.props["date"] for n in episodes} <= set(sessions.values())
    assert all(n.props["date"] == sessions[n.props["session"]] for n in episodes)
    mentions = {(n.props["dia_id"], n.props["phrase"]): (n.props["value"], n.props["precision"])
                for n in batch.nodes if n.label == "DateMention"}
    assert mentions == {
        ("S1:2", "yesterday"): ("2023-03-03", "day"),
        ("S1:7", "next week"): ("2023-W10", "week"),  # 6-12 March, after Saturday 4 March
        ("S2:1", "last Saturday"): ("2023-03-18", "day"),  # before Monday 20 March
        ("S3:1", "last month"): ("2023-05", "month"),  # never 1 May
    }


def test_tags(extraction: Extraction) -> None:
    # the same kind of event in two sessions shares one tag, in base forms ("raised beds")
    assert _episode_with(extraction, "S1:2").tag == "raise bed"
    assert _episode_with(extraction, "S2:6").tag == "raise bed"
    tags = [e.tag for _, e in _episodes(extraction)]
    assert all(tags) and len(set(tags)) < len(tags)
    assert not any(set(t.split()) & STOPWORDS for t in tags)


def test_cues(extraction: Extraction) -> None:
    adopted = _episode_with(extraction, "S2:1")
    kinds = {c.name: c.kind for c in adopted.cues}
    assert kinds["Maya"] == "entity" and kinds["Jonas"] == "entity"
    assert kinds["Waffle"] == "entity"
    assert kinds["pets"] == "attribute"
    assert "beagle" in kinds and kinds["beagle"] == "keyword"
    hospital = _episode_with(extraction, "S1:5")
    assert "St. Wenna's Hospital" in {c.name for c in hospital.cues}
    for _, episode in _episodes(extraction):
        names = [c.name.lower() for c in episode.cues]
        assert len(names) == len(set(names))


def test_date_cues_are_the_values_the_turns_mention(conversation: Conversation,
                                                    extraction: Extraction) -> None:
    batch = build_batch(conversation, extraction, "t")
    dates = {n.props["name"] for n in batch.nodes if n.label == "Cue" and n.props["kind"] == "date"}
    assert dates == {"2023-03-03", "2023-W10", "2023-03-18", "2023-05"}


def test_summary_is_a_resolved_sentence(extraction: Extraction) -> None:
    summary = _episode_with(extraction, "S1:2").summary
    assert summary and "I " not in f" {summary} "


def test_facts(extraction: Extraction) -> None:
    facts = {(f.entity, f.aspect, f.statement, f.negated)
             for s in extraction.sessions for f in s.facts}
    assert ("Maya", "location", "Maya lives in Boise", False) in facts
    assert ("Maya", "location", "Maya no longer lives in Boise", True) in facts
    assert ("Maya", "location", "Maya lives in Denver", False) in facts
    assert ("Maya", "job", "Maya works as a nurse", False) in facts
    assert ("Maya", "job", "Maya works at Denver Children's Hospital", False) in facts
    assert ("Maya", "pets", "Maya has a dog", False) in facts
    assert ("Maya", "plans", "Maya plans to visit the animal shelter", False) in facts
    for part in extraction.sessions:
        indexes = {e.index for e in part.episodes}
        assert all(f.episode_index in indexes and f.confidence for f in part.facts)


def test_topics_span_sessions(extraction: Extraction) -> None:
    assert extraction.topics
    labels = {t.label for t in extraction.topics}
    assert any("garden" in label or "beds" in label for label in labels)
    for topic in extraction.topics:
        assert len({session for session, _ in topic.episodes}) >= 2
        assert topic.summary and list(topic.episodes) == sorted(topic.episodes)


def test_deterministic(conversation: Conversation, extraction: Extraction) -> None:
    assert HeuristicExtractor().extract(conversation) == extraction


def test_episode_sizes_are_configurable(conversation: Conversation) -> None:
    small = HeuristicExtractor(min_episode=1, max_episode=2).extract(conversation)
    assert all(1 <= len(e.dia_ids) <= 2 for _, e in _episodes(small))
    with pytest.raises(ValueError):
        HeuristicExtractor(min_episode=3, max_episode=2)


@pytest.mark.parametrize(("text", "expected"), [
    ("I live in Boston with my partner.", ("location", "Ingrid lives in Boston", False)),
    ("I don't live in Boston anymore.", ("location", "Ingrid no longer lives in Boston", True)),
    ("I no longer live in Boston.", ("location", "Ingrid no longer lives in Boston", True)),
    ("Lost my job as a plumber yesterday.", ("job", "Ingrid no longer works as a plumber", True)),
    ("I love painting sunsets and hiking.", ("likes", "Ingrid likes painting sunsets", False)),
    ("I'm single.", ("relationship_status", "Ingrid is single", False)),
    ("I'm not married anymore.", ("relationship_status", "Ingrid is no longer married", True)),
    ("I have two kids.", ("family", "Ingrid has two kids", False)),
    ("I'm going to the beach next week.", ("plans", "Ingrid plans to go to the beach", False)),
    ("I just started doing trapeze, it's great.",
     ("activities", "Ingrid is into trapeze", False)),
    ("I quit smoking three years ago.", ("activities", "Ingrid is no longer into smoking", True)),
    ("I'm from Norway.", ("origin", "Ingrid is from Norway", False)),
    ("I work at St. Wenna's Hospital.", ("job", "Ingrid works at St Wenna's Hospital", False)),
    ("We went hiking with my brother last week.", ("activities", "Ingrid goes hiking", False)),
    ("I'm off to go sailing with the kids.", ("activities", "Ingrid goes sailing", False)),
    ("I took my dog running this morning.", ("activities", "Ingrid goes running", False)),
    ("I signed up for a sculpture class yesterday.",
     ("activities", "Ingrid signed up for sculpture class", False)),
    ("Yeah, I play the violin!", ("activities", "Ingrid plays violin", False)),
])
def test_fact_rules(text: str, expected: tuple[str, str, bool]) -> None:
    found = [(f.aspect, f.statement, f.negated)
             for f in find_facts(text, "Ingrid", ("Ingrid", "Marta"))]
    assert expected in found


@pytest.mark.parametrize("text", [
    "I love that!", "I'd love to see it.", "You live in Boston.", "She has a dog.", "",
    "I play with the kids a lot.", "We went to the park.", "I went to bed early.",
])
def test_no_facts(text: str) -> None:
    assert find_facts(text, "Ingrid", ("Ingrid", "Marta")) == []


@pytest.mark.skipif(not LOCOMO_DEV.exists(), reason="LoCoMo dev file not available")
def test_dev_file_episodes_cover_every_turn() -> None:
    # speed is measured by benchmarks/ingest.py, not here
    conversations = load(LOCOMO_DEV)
    extractions = [HeuristicExtractor().extract(c) for c in conversations]
    for conv, extraction in zip(conversations, extractions):
        covered = [d for s in extraction.sessions for e in s.episodes for d in e.dia_ids]
        assert covered == [t.dia_id for s in conv.sessions for t in s.turns]


def test_tag_vocabulary_regroups_small_groups() -> None:
    from mrgraph.ingest.tag_vocabulary import Candidate, assign

    offers = [[Candidate("go camping", 2.0)], [Candidate("go camping", 1.0)],
              [Candidate("go camping", 1.5), Candidate("tent", 3.0)],
              [Candidate("lake", 5.0), Candidate("go camping", 0.5)], []]
    # "lake" alone would reach one episode: it joins the group "go camping" it also offers
    assert assign(offers) == ["go camping"] * 4 + ["chat"]


@pytest.mark.parametrize(("text", "expected"), [
    # a long object is cut where a new phrase starts, never mid-phrase
    ("I plan to keep using my own small voice to make a real difference",
     "Ingrid plans to keep using Ingrid's own small voice"),
    ("I started looking into counseling jobs.", "Ingrid is into counseling jobs"),
])
def test_facts_read_as_whole_statements(text: str, expected: str) -> None:
    found = [f.statement for f in find_facts(text, "Ingrid", ("Ingrid", "Marta"))]
    assert expected in found


def test_resolved_text_has_agreeing_verbs() -> None:
    from mrgraph.ingest.rewrite import resolve_pronouns

    said = resolve_pronouns("I love it, I go hiking, I can swim and I went home.", "Ana",
                            ("Ana", "Ben"))
    assert said == "Ana loves it, Ana goes hiking, Ana can swim and Ana went home."
