"""A present said of a time, and a future told in the past: which way a day looks when its
sentence has no plain past or future form of its own (mrgraph.dates.tense reads them).

  noun_present        a noun subject's present about one day is a schedule, ahead ("My
                      brother arrives on Friday"), not a report, a past after the subject or a
                      past spelled as its present;
  present_after_past  a present clause joined after a past is its day's ("The plumber came
                      on Monday and comes back on Friday");
  story               a story told in the present ("So Mum walks in on Saturday and sees the
                      mess") has no day ahead;
  reported_would      a future told in the past ("she said she'd call on Monday") has no date,
                      unless the sentence says how it went ("... and she did").
"""

from __future__ import annotations

import re

from mrgraph.dates.verbs import NEGATED_PAST as _NEGATED_PAST
from mrgraph.dates.verbs import PAST_WORDS as _PAST_WORDS
from mrgraph.dates.verbs import WORD as _WORD
from mrgraph.dates.verbs import clause_past as _clause_past
from mrgraph.dates.verbs import inflected as _inflected
from mrgraph.dates.verbs import past as _past
from mrgraph.dates.verbs import s_form as _s_form
from mrgraph.lexicon import default as lexicon
from mrgraph.text import DETERMINERS

# a future told in the past ("she said she would drop it round on Thursday", "he said he'd
# call"): whether that day has come the words do not say, as for any sentence of both tenses;
# "'d" is "would" only before a verb's base ("he'd call", not "he'd lost": had)
_REPORTED_WOULD = re.compile(r"\b(?:said|told|promised|agreed|mentioned|wrote|texted|swore)\s+"
                             r"(?:\w+\s+)??(?:that\s+)?(?:(\w+)(\s+would|'d)|(would))\s+"
                             r"(?:(?:just|already|never|always|really)\s+)?([a-z]+)")


def reported_would(sentence: str, day: int) -> bool:
    """Whether `sentence` tells a future in the past (`_REPORTED_WOULD`) before the day at
    `day` ("she said she'd call on Monday"; not "On Monday she told me she'd leave"), and not
    how it went after ("... and she did", "... but he didn't": a past)."""
    for match in _REPORTED_WOULD.finditer(sentence, 0, day):
        subject, verb = match.group(1), match.group(4)
        if verb == "have" or (match.group(2) == "'d" and (
                lexicon().base(verb, "verb") != verb or verb.endswith("ed") or
                not lexicon().offsets(verb, "verb"))):
            continue
        outcome = _OUTCOME.search(sentence, match.end())
        if outcome is None or outcome.group(1) not in (None, subject):
            return True
        went = _WORD.findall(outcome.group(2))
        return not went or not (_past(outcome.group(2)) or went[0] in _NEGATED_PAST or
                                went[0] == "never")
    return False


# how a future told in the past went: "and she did", "but he didn't", "which he did", "and
# fixed it" (its subject, if any, the reported one's)
_OUTCOME = re.compile(r"\b(?:and|but|which)\s+(?:(i|we|you|he|she|they|it)\s+)?([a-z']+.*)")


# a noun subject's opening ("*the* removal men", "*my* brother"); its verb within SUBJECT words
_SUBJECT_OPENS = frozenset("the my our his her their your this these".split())
_PLURALS = frozenset("men women children people kids folks".split())
SUBJECT = 3  # words of a noun subject before its verb, at most
# a reporting verb: the clause it reports says when ("Mum says the pipes burst on Monday")
_REPORTING = frozenset("say says tell tells think thinks reckon reckons reckoned hope hopes "
                       "claim claims swear swears".split())
# more pasts spelled as their present, after a plural noun ("The Reds beat them on Saturday",
# "the kids lay in the sun")
_NOUN_SAME = frozenset("beat bet bid wet shed fit bust broadcast forecast spit slit knit "
                       "lay".split())
# a relative named without "my", as a name is ("Mum visits on Friday")
_KIN = frozenset("mum mom mam dad gran granny grandma grandpa nan nana auntie".split())
# "be" and "have" say how a thing is, not what happens ("The view is amazing on Friday")
_NOT_SCHEDULE = frozenset("is are am has have does do".split())


def noun_present(before: str) -> bool:
    """Whether the day's own clause, up to the day, opens with a noun subject and its present
    verb: a schedule, as "I fly out on Sunday" is ("My brother arrives on Friday", "The
    removal men come on Wednesday", "Mum visits on Friday"; not "Thanks for the lunch on
    Sunday", "My birthday party on Saturday")."""
    said = _WORD.findall(before)
    if len(said) > 1 and said[0] in _KIN and _s_form(said[1]) and \
            said[1] not in _NOT_SCHEDULE and said[1] not in _REPORTING:
        return True  # "Mum visits on Friday"
    if not said or said[0] not in _SUBJECT_OPENS:
        return False
    for i in range(2, min(len(said), SUBJECT + 2)):
        word, prev = said[i], said[i - 1]
        if word in _PAST_WORDS or _inflected(word) or word.endswith("ed"):
            return False  # "The kids drew pictures on Sunday": a past after the subject
        if prev in DETERMINERS or word.endswith("ing") or word in _NOT_SCHEDULE:
            continue
        if word in SAME_FORMS or word in _NOUN_SAME or word in _REPORTING:
            return False  # "the pipes burst on Monday": a past or a plan; "Mum says ..."
        if _s_form(word) and lexicon().mostly_verb(lexicon().base(word, "verb")) or \
                lexicon().mostly_verb(word) and _plural(prev):
            return True
    return False


def _plural(word: str) -> bool:
    """A plural noun ("kids", "men"; not "boss", "bus", "class")."""
    return word in _PLURALS or (word.endswith("s") and not word.endswith(("ss", "us", "is")) and
                                lexicon().base(word, "noun") != word)


# a verb whose past is spelled as its present: a past or a plan ("I read it on Monday")
SAME_FORMS = frozenset("burst cast cost cut hit hurt let put quit read rid set shut split "
                       "spread thrust upset".split())

# where a clause joined after a past begins: "and", "but", "so", "then"
_JOINED = re.compile(r"\b(?:and|but|so|then)\s+")


def present_after_past(before: str) -> bool:
    """Whether the lowercased text before a day ends with a clause joined after the past that
    is a present of its own, no past in it: the day is that clause's, ahead ("The plumber came
    on Monday and *comes back* on Friday", "I saw Mia on Tuesday and *she flies home* on
    Thursday", "I worked on Saturday so *I'm off* on Tuesday")."""
    joined = list(_JOINED.finditer(before))
    if not joined or not _past(before[:joined[-1].start()]):
        return False
    said = _WORD.findall(before[joined[-1].end():])
    if not said or _past(" ".join(said)) or _clause_past(" ".join(said)):
        return False
    first = said[0]  # a verb right after "and", its subject the first clause's: "and finish"
    if first not in SAME_FORMS and lexicon().mostly_verb(first) and \
            lexicon().base(first, "verb") == first:
        return True
    return any(w in ("am", "is", "are", "'m", "'re") or w.endswith(("'m", "'re")) or
               (_s_form(w) and lexicon().mostly_verb(lexicon().base(w, "verb")))
               for w in said[:SUBJECT + 1])


# a story told in the present goes on with another present verb after the day
_STORY = re.compile(r"\b(?:and|then)\s+(?:\w+\s+)?([a-z]+s)\b")


def story(sentence: str, end: int) -> bool:
    """Whether a lowercased sentence tells a story in the present around a day ending at
    `end`: it opens with "So" and goes on with "and / then" and another present verb
    (`_STORY`: "So Mum walks in on Saturday and sees the mess"); its day is not one ahead."""
    return sentence.lstrip(" \"'").startswith("so ") and \
        any(_s_form(m.group(1)) and not lexicon().mostly_noun(m.group(1))
            for m in _STORY.finditer(sentence, end))
