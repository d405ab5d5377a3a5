"""The evidence turns handed to an answer step reading k of them (mrgraph.policies.turns)."""

from __future__ import annotations

from mrgraph.policies.base import Action, Budget, Outcome, State
from mrgraph.policies.turns import asked_speakers, asks_several, is_plural, rank_turns
from mrgraph.text import tokenize
from mrgraph.toolkit import ToolResult
from tests.unit.marks import needs_wordnet


def _state(question: str, episodes: dict[str, tuple[float, list[str]]]) -> State:
    state = State(question, {t: 1.0 for t in tokenize(question)}, Budget())
    for event_id, (relevance, dia_ids) in episodes.items():
        state.evidence.events[event_id] = {"id": event_id, "dia_ids": dia_ids,
                                           "relevance": relevance}
    return state


def test_questions_asking_for_several_things() -> None:
    assert asks_several("What books has Sam read?")
    assert asks_several("Which countries did they visit?")
    assert asks_several("What do Sam and Thane both enjoy?")
    assert asks_several("How many times has Sam been abroad?")
    assert not asks_several("What did Sam research?")
    assert not asks_several("Where does Sam live?")
    assert not asks_several("What does Sam think of this?")
    assert asks_several("What fine arts has Sam studied?")  # "arts" is a noun of its own
    assert asks_several("What damages did the storm cause?")
    assert asks_several("How many children does Thane have?")
    assert asks_several("What are the names of Sam's cats?")
    assert not asks_several("What kind of art does Sam make?")
    assert not asks_several("What class is Sam taking?")
    assert asks_several("What has Sam painted?")  # the present perfect: over time
    assert asks_several("Where have they camped?")
    assert not asks_several("What did Sam paint?")


@needs_wordnet
def test_plural_nouns() -> None:
    assert is_plural("children") and is_plural("women") and is_plural("puppies")
    assert is_plural("arts") and is_plural("books")
    assert not is_plural("class") and not is_plural("art") and not is_plural("his")


def test_the_speakers_a_question_names() -> None:
    speakers = ["Samantha Reed", "Thane"]
    assert asked_speakers("What does Samantha Reed paint?", speakers) == {"Samantha Reed"}
    assert asked_speakers("What did Sam bake?", speakers) == {"Samantha Reed"}  # short name
    assert asked_speakers("What did they bake?", speakers) == frozenset()
    assert asked_speakers("The cat ate what?", speakers) == frozenset()  # "The" is no name


def test_the_reply_to_a_matching_question_ranks_with_it() -> None:
    state = _state("What are the names of the cats?", {"ep-1": (1.0, ["1", "2", "3", "4"])})
    texts = {"1": "Hello there.", "2": "What are the names of your cats?",
             "3": "Pixel and Moss! They are sweet.", "4": "That is lovely."}
    speakers = {"1": "Ann", "2": "Ann", "3": "Bo", "4": "Ann"}
    ranked = rank_turns(state, texts, speakers)
    assert ranked[:2] == ["2", "3"]  # the answer holds none of the question's words


def test_the_asked_persons_own_turns_come_first() -> None:
    state = _state("What does Bo cook?", {"ep-1": (1.0, ["1", "2"])})
    texts = {"1": "Ann: Bo, you cook so well.", "2": "Bo: I cook stews on Sundays."}
    speakers = {"1": "Ann", "2": "Bo"}
    assert rank_turns(state, texts, speakers) == ["2", "1"]


def test_a_question_asking_for_several_things_spreads_over_episodes() -> None:
    episodes = {"ep-1": (1.0, ["1", "2", "3"]), "ep-2": (0.8, ["4", "5"])}
    texts = {"1": "Bo: I love hiking.", "2": "Bo: Fine weather.", "3": "Bo: See you.",
             "4": "Bo: I took up rowing.", "5": "Bo: Bye."}
    speakers = dict.fromkeys(texts, "Bo")
    several = rank_turns(_state("What sports does Bo do?", episodes), texts, speakers)
    one = rank_turns(_state("What sport does Bo do?", episodes), texts, speakers)
    assert one[:3] == ["1", "2", "3"]  # the best episode's turns first
    assert several.index("4") < several.index("2")  # the second episode before the filler


def _returned(state: State, tool: str, records: list[dict[str, object]]) -> None:
    """A call of the walk that returned `records` (routing kept none of them in H)."""
    result = ToolResult(tool, tuple(records), tuple(str(r.get("id", "")) for r in records))
    state.outcomes.append(Outcome(1, Action(tool, {}), result, (), (), None, 0.0))


def test_turns_of_episodes_reached_but_not_kept_rank_by_their_own_words() -> None:
    state = _state("Where did Bo go kayaking?", {"ep-1": (0.2, ["1", "2"])})
    _returned(state, "search_events", [{"id": "ep-2", "dia_ids": ["3", "4"]},
                                       {"id": "ep-1", "dia_ids": ["1", "2"]}])
    state.event_q["ep-2"] = 0.1  # the search's share of the question in its whole text
    texts = {"1": "Ann: Hello Bo.", "2": "Bo: Hi.", "3": "Bo: We went kayaking on the lake.",
             "4": "Ann: Nice."}
    speakers = {"1": "Ann", "2": "Bo", "3": "Bo", "4": "Ann"}
    ranked = rank_turns(state, texts, speakers)
    assert ranked[0] == "3"  # holds "kayaking" itself, though its episode is not in H
    assert set(ranked) == {"1", "2", "3", "4"}
    assert ranked.index("2") < ranked.index("4")  # H's relevance still orders the filler


def test_an_episode_kept_in_h_keeps_its_own_relevance() -> None:
    state = _state("What does Bo bake?", {"ep-1": (0.9, ["1", "2"])})
    _returned(state, "tag_events", [{"id": "ep-1", "dia_ids": ["1", "2"]}])
    state.candidates["ep-1"] = {"id": "ep-1", "dia_ids": ["1", "2"], "relevance": 0.1}
    _returned(state, "timeline", [{"id": "ep-3", "dia_ids": ["3"]}])  # no share known: 0
    texts = {"1": "Bo: Hi.", "2": "Ann: Hey.", "3": "Ann: Morning."}
    speakers = {"1": "Bo", "2": "Ann", "3": "Ann"}
    assert rank_turns(state, texts, speakers) == ["1", "2", "3"]


def test_a_beliefs_episodes_are_reached_and_other_tools_records_are_not_episodes() -> None:
    state = _state("What pets does Bo have?", {})
    _returned(state, "personal_aspect", [{"aspect": "pets", "statement": "Bo has a cat",
                                          "dia_ids": ["9"],
                                          "episodes": [{"id": "ep-4", "dia_ids": ["5"]}]}])
    _returned(state, "search_cues", [{"id": "cue-1", "name": "pets", "episodes": 3}])
    texts = {"5": "Bo: My cat sleeps all day.", "9": "Bo: Hi."}
    assert rank_turns(state, texts, dict.fromkeys(texts, "Bo")) == ["5"]


def test_several_things_weigh_a_turns_own_words_above_its_episode() -> None:
    # H's best episode holds filler; a less relevant episode's turn names the thing itself
    episodes = {"ep-1": (1.0, ["1", "2"]), "ep-2": (0.5, ["3"])}
    texts = {"1": "Bo: Hi Ann.", "2": "Ann: Hello.", "3": "Bo: Rowing is my sport."}
    speakers = {"1": "Bo", "2": "Ann", "3": "Bo"}
    one = _state("What sport does Bo do?", episodes)
    one.weights = {"sport": 1.0, "bo": 1.0}
    # one thing: 0.5 + ASKED + 1.0 (its episode) ties 1.0 + ASKED + 0.5; transcript order
    assert rank_turns(one, texts, speakers)[0] == "1"
    several = _state("What sports does Bo do?", episodes)
    several.weights = {"sport": 1.0, "bo": 1.0}
    # several things: the episode weighs SEVERAL_EPISODE (0.5), so the turn's own words win
    assert rank_turns(several, texts, speakers)[0] == "3"


def test_several_things_favour_a_sessions_opening_exchange() -> None:
    episodes = {"ep-1": (0.5, ["7"]), "ep-2": (0.5, ["9"])}
    texts = {"7": "Bo: I also like the sea a lot.", "9": "Bo: Since we last spoke I sailed."}
    speakers = dict.fromkeys(texts, "Bo")
    several = _state("What sports does Bo do?", episodes)
    assert rank_turns(several, texts, speakers, {"9"}) == ["9", "7"]  # "9" opens its session
    assert rank_turns(several, texts, speakers) == ["7", "9"]  # without it: transcript order
    one = _state("What sport does Bo do?", episodes)
    assert rank_turns(one, texts, speakers, {"9"}) == ["7", "9"]  # one thing: no bonus


def test_kinds_of_a_thing_are_several_things() -> None:
    """"What kinds / types / sorts of X": several kinds, whatever X's number ("bread", "yoga"
    are mass nouns); "what kind of" stays one."""
    assert asks_several("What kinds of cheese did Sam make last winter?")
    assert asks_several("Which types of yoga did Thane try?")
    assert asks_several("What sorts of music does Sam play at the café?")
    assert not asks_several("What kind of bread did Sam bake?")
