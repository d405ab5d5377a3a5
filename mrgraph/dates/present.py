"""A present said of a time, and a future told in the past: which way a day looks when its
sentence has no plain past or future form of its own (mrgraph.dates.tense reads them).

  noun_present        a noun subject's or a name's present about one day is a schedule,
                      ahead ("My brother arrives on Friday", "Jess starts on Friday"), not a
                      report, a result, a complaint, a past after the subject or a past
                      spelled as its present; a stance word before the subject is none of
                      it ("Apparently Jess starts on Friday");
  noun_same_past      such a subject's verb spelled alike in past and present is a past: its
                      present takes -s ("Dad put the tree up on Sunday");
  present_before_past  and one before a clause telling a past ("I fly home on Friday, ...");
  present_after_past  a present clause joined after a past is its day's ("The plumber came
                      on Monday and comes back on Friday"); a new person's present only where
                      the past would come before the sentence's earlier day (goes_on_ahead:
                      "I saw Mia on Saturday and she flies home on Thursday");
  story               a story told in the present ("So Mum walks in on Saturday and sees the
                      mess") has no day ahead;
  reported_would      a future told in the past ("she said she'd call on Monday") has no date,
                      unless the sentence says how it went ("... and she did");
  reported_present    a report in the present after a past verb of telling ("Tom said the
                      match is on Saturday") is still so: its day is ahead.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import date

from mrgraph.dates.clauses import sentence_start
from mrgraph.dates.verbs import NEGATED_PAST as _NEGATED_PAST
from mrgraph.dates.verbs import PAST_WORDS as _PAST_WORDS
from mrgraph.dates.verbs import WORD as _WORD
from mrgraph.dates.verbs import clause_past as _clause_past
from mrgraph.dates.verbs import inflected as _inflected
from mrgraph.dates.verbs import past as _past
from mrgraph.dates.verbs import s_form as _s_form
from mrgraph.dates.value import DateMention
from mrgraph.lexicon import default as lexicon
from mrgraph.text import DETERMINERS, STOPWORDS

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


# a past verb of telling or hearing ("saying" after one: "she rang saying ..."), its hearer and
# "that": what follows is the report
_TOLD = re.compile(r"\b(?:(?:rang|called|phoned|texted|wrote|messaged|emailed)\s+(?:\w+\s+)?"
                   r"to say|"  # "rang to say", first: "texted" alone is a telling too
                   r"(?:said|told|heard|texted|wrote|mentioned|announced|confirmed|found out|"
                   r"reminded|saying)"
                   r"(?:\s+(?:me|us|him|her|them|you|everyone))?|"
                   r"did\s+(?:\w+\s+)?(?:say|hear|mention))"  # "did he say"
                   # the telling's own day ("told me on Monday that ..."), then the report
                   r"(?:\s+on\s+[a-z]+day(?=\s+that\b))?(?:\s+that)?\s+")
# where the day's clause ends after it, and the particles of a verb of coming before the day
_REST_END = re.compile(r"[,;:]|\b(?:and|but|so|because)\b")
_ARRIVING = frozenset("on in round over back up down out home along".split())
# "it's", "he's", "there's": a pronoun's "'s" is "is" (a noun's may be a possessive)
_PRONOUN_IS = frozenset("it's he's she's there's that's".split())


def reported_present(before: str, after: str = "") -> bool:
    """Whether the lowercased text before a day ends with a report in the present after a
    past verb of telling or hearing (`_TOLD`: "said", "rang to say", "did he say"): a present
    "be", a verb's -s form, a pronoun's plain present or a noun subject's schedule
    (`noun_present`), and no past, in the report ("Tom said the match is on Saturday", "I
    heard the shop opens on Sunday", "She told me it's on Friday", "Jake mentioned the party's
    on Saturday", "Sam said they arrive on Sunday"): a report keeps its present only while it
    still holds, so the day is ahead. Not the telling's own day ("She told me on Friday that
    ..."), nor a report told in the past ("Tom said the match was on Saturday")."""
    told = list(_TOLD.finditer(before))
    report = before[told[-1].end():] if told else ""
    said = _WORD.findall(report)
    rest = _REST_END.split(after, 1)[0]  # its clause after the day: "... on Friday was a laugh"
    if not said or _past(" ".join(said)) or _clause_past(" ".join(said)) or _past(rest):
        return False
    # a noun's "'s" right before the day, or before "on" it, is "is": "the party's on Friday"
    ends_is = said[-1].endswith("'s") or (len(said) > 1 and said[-1] == "on" and
                                          said[-2].endswith("'s"))
    # a pronoun's plain present ("they arrive"), not a verb spelled as its past ("we put")
    pronoun = len(said) > 1 and said[0] in ("i", "we", "you", "they") and \
        said[1] not in SAME_FORMS and lexicon().mostly_verb(said[1]) and \
        lexicon().base(said[1], "verb") == said[1]
    # a noun's "'s" and a verb's -ing right before the day: an arrangement ("the plumber's
    # coming (round) on Thursday"; not "Mark's leaving do on Friday")
    coming = any(w.endswith("'s") and n.endswith("ing") and
                 all(p in _ARRIVING for p in said[i + 2:])
                 for i, (w, n) in enumerate(zip(said, said[1:])))
    return ends_is or pronoun or coming or noun_present(report) or \
        any(_be_now(w) or w in _PRONOUN_IS or _present_verb(w) for w in said[:SUBJECT + 1])


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


def noun_present(before: str, after: str = "") -> bool:
    """Whether the day's own clause, up to the day, opens with a noun subject and its present
    verb: a schedule, as "I fly out on Sunday" is ("My brother arrives on Friday", "The
    removal men come on Wednesday", "Mum visits on Friday"; not "Thanks for the lunch on
    Sunday", "My birthday party on Saturday", a result, "Arsenal beats Spurs on Saturday", or
    a complaint, "Dad loses his keys on Friday, typical", told of the past as often)."""
    said = _opened(_WORD.findall(before))
    if _COMPLAINT.search(before + after) or any(w in _RESULTS for w in said):
        return False
    if len(said) > 1 and _named(said[0]) and _s_form(said[1]) and \
            (said[0] in _KIN or _present_verb(said[1])) and \
            said[1] not in _NOT_SCHEDULE and said[1] not in _REPORTING:
        return True  # "Mum visits on Friday", "Jess starts her new job on Monday"
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
        if _present_verb(word) or \
                lexicon().mostly_verb(word) and _plural(prev):
            return True
    return False


def noun_same_past(before: str) -> str | None:
    """When the day's own clause, up to the day, opens with a singular noun subject or a name
    and a verb whose past is spelled as its present (SAME_FORMS), the words after that verb
    (a clause of their own may hold the day's verb: dates.tense), else None: its present
    would take -s ("Dad puts"), so it is a past, as after "she" ("Dad put the tree up on
    Sunday", "My sister cut her hair on Monday", "The dog hurt its paw on Saturday"); not
    after a plural, whose present is spelled so too ("The kids put on a show on Friday")."""
    said = _opened(_WORD.findall(before))
    if len(said) > 1 and _named(said[0]):
        return " ".join(said[2:]) if said[1] in SAME_FORMS else None
    if not said or said[0] not in _SUBJECT_OPENS:
        return None
    for i in range(2, min(len(said), SUBJECT + 2)):
        word, prev = said[i], said[i - 1]
        if word in ("and", "or") or word in _PAST_WORDS or _inflected(word) or _be(word):
            return None  # "My mum and dad put ...": a plural; "The road is shut": a state
        if word in SAME_FORMS:
            singular = prev.isalpha() and prev not in DETERMINERS and not _plural(prev)
            return " ".join(said[i + 1:]) if singular else None  # not "The shop's shut"
    return None


def _be(word: str) -> bool:
    """A form of "be": a present one (`_be_now`), "was", "been"..., a noun's "'s"."""
    return _be_now(word) or word in _BE_OTHER or word.endswith("'s")


_BE_OTHER = frozenset("was were be been being".split())


# a word of stance or a discourse marker opening a sentence, before its subject ("Apparently
# Jess starts on Friday"); not "so" or "then", which go on with a story
_OPENERS = frozenset("apparently hopefully luckily fortunately unfortunately thankfully sadly "
                     "also plus anyway oh well yeah yes ok okay".split())


def _opened(said: list[str]) -> list[str]:
    """The words of a clause without the stance words opening it (`_OPENERS`)."""
    first = next((i for i, w in enumerate(said) if w not in _OPENERS), len(said))
    return said[first:]


def _named(word: str) -> bool:
    """A subject said bare: a relative ("mum") or a name (a word WordNet does not know, or
    knows as a noun only: "jess", "tom", "ed"); not a pronoun or a word of another kind
    ("thanks", "work" are nouns and verbs alike, "so", "then"), nor two letters that are a
    stop word or a sound ("us", "ha")."""
    if word in _KIN:
        return True
    lex = lexicon()
    if not word.isalpha() or (word.endswith("s") and lex.base(word, "noun") != word):
        return False  # "he'd", "it's": a pronoun's contraction; "tickets": a noun's plural
    return not lex.offsets(word, "verb") and not lex.offsets(word, "adj") and \
        not lex.offsets(word, "adv") and word not in DETERMINERS and word not in _ANYONE and \
        (len(word) > 2 or len(word) == 2 and word not in STOPWORDS and word not in _NOT_NAMES)


# two letters that are no name: a pronoun the stop words leave out, a sound or a chat word
# ("ha", "ya"); "ed", "jo", "al" are names ("Ed hit the gatepost on Thursday")
_NOT_NAMES = frozenset("us ya yo uh ah eh ha lo ye ow aw er em mm hm ty ur ok ps pm".split())


# a pronoun of anyone or anything: what it does is a habit more than a plan ("nobody comes")
_ANYONE = frozenset("nobody somebody someone everyone everybody anyone anybody noone nothing "
                    "something everything anything".split())
# a result, mostly told of the past in a headline or gossip ("Arsenal beats Spurs on Saturday")
_RESULTS = frozenset("beats loses wins draws sacks dumps".split())
# a complaint about what keeps happening: no plan ("Dad loses his keys on Friday, typical")
_COMPLAINT = re.compile(r"\b(?:typical|can you believe|again|every time|as usual)\b")


def _present_verb(word: str) -> bool:
    """A verb's -s form whose base is mostly a verb ("arrives", "comes"; not "pictures")."""
    return _s_form(word) and lexicon().mostly_verb(lexicon().base(word, "verb"))


_BE_NOW = frozenset("am is are 'm 're isn't aren't".split())


def _be_now(word: str) -> bool:
    """A present "be": "is", "are", "am", "I'm", "they're", "isn't", "aren't"."""
    return word in _BE_NOW or word.endswith(("'m", "'re"))


def _plural(word: str) -> bool:
    """A plural noun ("kids", "men"; "twins", "shoes", whose plural WordNet lists as a noun of
    its own too; not "boss", "bus", "class")."""
    if word in _PLURALS:
        return True
    if not word.endswith("s") or word.endswith(("ss", "us", "is")):
        return False
    lex = lexicon()
    return lex.base(word, "noun") != word or bool(lex.offsets(word[:-1], "noun")) or \
        (word.endswith("es") and bool(lex.offsets(word[:-2], "noun")))


# a verb whose past is spelled as its present: a past or a plan ("I read it on Monday")
SAME_FORMS = frozenset("burst cast cost cut hit hurt let put quit read rid set shut split "
                       "spread thrust upset".split())

# where a clause joined after a past begins: "and", "but", "so" (not "and then": a story goes
# on so, "... and then he shows up on Tuesday")
_JOINED = re.compile(r"\b(?:and|but|so)\s+(?!then\b)")
# ... or a comma before a pronoun or a determiner's noun, as chat joins clauses ("I booked it
# on Monday, we leave on Friday", "..., the follow-up is on Monday"): present_after_past's joins
_JOINS = re.compile(_JOINED.pattern + r"|(?P<spliced>[,;]\s+(?=(?:i|we|you|it|they|he's|she's|"
                    r"the|my|our|his|her|their|your)\b))")
# a second thing had or done, not a verb: "I had school on Monday and *work* on Friday"
_HAD = re.compile(r"\b(?:had|did)\b")


def present_after_past(before: str) -> bool:
    """Whether the lowercased text before a day ends with a clause joined after the past that
    is a present of its own, no past in it: the day is that clause's, ahead ("The plumber came
    on Monday and *comes back* on Friday", "I ordered it on Monday and *it arrives* on Friday",
    "I booked it on Monday, *we leave* on Friday",
    "I worked on Saturday so *I'm off* on Tuesday", "... and *the show is* on Saturday"). Not
    a story going on in the present with a new person ("He proposed on Saturday and *she says*
    yes on Sunday"), nor a second thing had ("I had school on Monday and work on Friday")."""
    joined = list(_JOINS.finditer(before))
    if not joined or not _past(before[:joined[-1].start()]):
        return False
    if joined[-1]["spliced"] and re.search(r"[,;]", before[joined[-1].end():]):
        return False  # an aside, not a clause of the day: "He left on Friday, I guess, or ..."
    said = _WORD.findall(before[joined[-1].end():])
    if not said or _past(" ".join(said)) or _clause_past(" ".join(said)):
        return False
    if any(_be_now(w) or (w in _PRONOUN_IS and not _inflected(n)) for w, n in
           zip(said[:SUBJECT + 1], [*said[1:SUBJECT + 2], ""])) or \
            (said[-1].endswith("'s") and len(said) <= SUBJECT):
        return True  # "and is back", "so I'm off", "the show is", "my flight's"; not "he's gone"
    first = said[0]
    if len(said) == 1 and _HAD.search(before[:joined[-1].start()]):
        return False  # "had school on Monday and work on Friday"
    if first in ("i", "we", "you", "it") and len(said) > 1:
        first = said[1]  # "and it arrives", "and we start"
    elif first in _SUBJECT_OPENS:  # "and the builders start": a noun's schedule
        return noun_present(" ".join(said))
    elif not (lexicon().mostly_verb(first) or _s_form(first)):
        return False  # a new person's present: a story ("and she says", "and Dad finds")
    return first not in SAME_FORMS and (
        (lexicon().mostly_verb(first) and lexicon().base(first, "verb") == first) or
        _present_verb(first))


# a clause joined after a day's own: a comma before a subject pronoun, "and" / "but" / "so"
_JOINED_AFTER = re.compile(r"[,;]\s+(?=(?:i|we|you|he|she|it|they)\b)|"
                           r"\b(?:and|but|so|because)\s+(?!then\b)")
_PRONOUNS = frozenset("i we you they he she it".split())
_ADVERBS = frozenset("still just really also finally actually only even now".split())  # "I still"
# a verb of thought or feeling about a day is no schedule ("I still think about the gig")
_STATIVE = frozenset("think love like miss remember know hate wish hope bet guess feel mean "
                     "want need believe recall enjoy appreciate thank".split())
_NOT_ONE_DAY = re.compile(r"\b(?:usually|always|often|sometimes|never|every|not)\b|n't\b")


def present_before_past(before: str, after: str) -> bool:
    """Whether a day's own clause (the lowercased text `before` it) is a present with no past,
    followed within a few words by a joined clause telling a past (`after` the day): ahead ("I
    fly home on Friday, we met on Monday", "My exam is on Thursday but I started revising on
    Sunday"). Not a verb of thought or feeling ("I still think about the concert on Saturday,
    it was amazing"), a past spelled as its present ("I read it on Sunday"), a habit, a denial."""
    join = _JOINED_AFTER.search(after)
    if join is None or len(_WORD.findall(after[:join.start()])) > SUBJECT:
        return False
    if not (_past(after[join.end():]) or _clause_past(after[join.end():])):
        return False
    own = before[max((m.end() for m in _JOINS.finditer(before)), default=0):]
    said = _WORD.findall(own)
    if not said or _past(own) or _clause_past(own) or _NOT_ONE_DAY.search(own) or \
            _WORD.findall(before)[:1] == ["so"]:
        return False  # a story told in the present: "So Mum walks in on Saturday and I was..."
    return _presents(said)


def _presents(said: list[str]) -> bool:
    """The clause's subject is followed by a present verb: "I fly", "she arrives", "I'm off",
    "the party is", "the wedding's" (a noun subject of up to SUBJECT words)."""
    if _be_now(said[0]):
        return True  # "I'm off on Friday", "we're moving on Saturday"
    if said[0] not in _PRONOUNS and said[-1].endswith("'s") and len(said) <= SUBJECT:
        return True  # "the wedding's on Saturday": no noun after it, so no one's
    if said[0] in _PRONOUNS:
        verbs = [w for w in said[1:4] if w not in _ADVERBS][:1]
        plain = said[0] not in ("he", "she", "it")
    else:
        verbs = [w for w in said[1:SUBJECT + 1] if _be_now(w) or _present_verb(w)][:1]
        plain = False
    if not verbs:
        return False
    verb = verbs[0]
    if verb in SAME_FORMS or lexicon().base(verb, "verb") in _STATIVE:
        return False
    return _be_now(verb) or _present_verb(verb) or (
        plain and lexicon().mostly_verb(verb) and lexicon().base(verb, "verb") == verb)


# a story told in the present goes on with another present verb after the day
_STORY = re.compile(r"\b(?:and|then)\s+(?:\w+\s+)?([a-z]+s)\b")


def story(sentence: str, end: int) -> bool:
    """Whether a lowercased sentence tells a story in the present around a day ending at
    `end`: it opens with "So" or a stance word (`_OPENERS`: "Well", "Anyway") and goes on with
    "and / then" and another present verb (`_STORY`: "So Mum walks in on Saturday and sees
    the mess", "Well Dad walks in on Sunday and just stares"); its day is not one ahead."""
    said = _WORD.findall(sentence[:end])
    return bool(said) and (said[0] == "so" or said[0] in _OPENERS) and \
        any(_s_form(m.group(1)) and not lexicon().mostly_noun(m.group(1))
            for m in _STORY.finditer(sentence, end))


def goes_on_ahead(text: str, start: int, day: date, found: Sequence[DateMention]) -> bool:
    """Whether a weekday at `start` of `text`, read as past (`day`), is told in a present
    clause joined after an earlier day of its sentence that it would come before: then the
    clause looks ahead ("I saw Mia on Tuesday and she flies home on Thursday" said on a
    Wednesday: last Thursday is before Tuesday, so it is the coming one; "He proposed on
    Saturday and she says yes on Sunday" keeps last Sunday, after Saturday)."""
    left = sentence_start(text, start)
    earlier = [m for m in found if left <= m.span[0] and m.span[1] <= start and
               m.value.precision == "day" and date.fromisoformat(m.value.start) >= day]
    if not earlier:
        return False
    clause = text[earlier[-1].span[1]:start].lower()
    joined = list(_JOINED.finditer(clause)) + list(re.finditer(r"\bthen\s+", clause))
    if not joined:
        return False
    said = _WORD.findall(clause[max(j.end() for j in joined):])
    if len(said) == 1 and _HAD.search(text[left:start].lower()):
        return False  # "I had meetings on Monday and calls on Friday": a second thing had
    return bool(said) and not _past(" ".join(said)) and any(
        _be_now(w) or _present_verb(w) for w in said[:SUBJECT + 1])
