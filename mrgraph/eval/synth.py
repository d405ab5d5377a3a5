"""Synthetic LoCoMo-like conversations, for the scale benchmark (no file needed).

Deterministic: conversation `i` of seed `s` depends only on (s, i), so the first conversations of
a 100k-turn set are exactly the 10k-turn set. Each conversation is two people (realistic first
names, cities, jobs, hobbies, relatives) chatting over dated sessions (gaps of 2-20 days) about
what they did, with relative time expressions ("yesterday", "last Saturday", "two weeks ago",
"last month") resolved by the conventions of `mrgraph.dates`, recurring projects that come
back session after session, and facts that change (moves, new jobs, pets): each change also yields
a question with its gold answer and evidence, in LoCoMo form (`QAItem`: category 4 single-hop for
the current value, 2 temporal for dated events, 1 multi-hop for a history such as every city).

`write_locomo` saves samples as a LoCoMo JSON file that `mrgraph ingest` and the LoCoMo harness read.
"""

from __future__ import annotations

import json
import os
import random
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from typing import Any

from mrgraph.eval.locomo import QAItem
from mrgraph.types import Conversation, Session, Turn

NAMES = tuple("""Aaron Abigail Adrian Aisha Alice Amara Andre Anouk Arjun Ava Beatriz Ben Bianca
Caleb Camila Carlos Chloe Daniel Daria Diego Elena Eli Emeka Edda Ethan Farah Felix Fiona Gabriel
Grace Halla Hugo Imani Iris Isaac Ivan Jade Jamal Jasmine Javier Jonas Julia Kai Kavya Keiko Leah
Leo Lina Lorcan Maya Mateo Mei Milo Mira Nerys Naomi Nikhil Noor Noah Olga Omar Osric Paula Pilar
Quinn Rafael Rania Rhea Ruby Sam Sana Signe Sofia Tariq Tessa Tobin Uma Victor Wei Yara Yusuf Zoe
""".split())
SURNAMES = tuple("""Abe Adeyemi Alvarez Andersen Bauer Becker Bianchi Brooks Campbell Chen Costa
Cruz Dubois Duarte Eriksen Evans Fischer Flores Garcia Gupta Hansen Hayes Hoffmann Huang Ibrahim
Ito Jensen Johnson Kang Khan Kim Kowalski Kumar Larsen Lee Lopez Martin Meyer Moreno Murphy
Nakamura Nguyen Novak Okonjo Olsen Ortiz Park Patel Perez Petrov Quinn Ramos Reyes Rossi Russo
Santos Sato Schmidt Schneider Silva Singh Smith Sokolov Suzuki Tanaka Taylor Torres Tran Turner
Vargas Walker Wang Weber Williams Wilson Wong Yamamoto Yilmaz Young Zhang Ziegler Abbott Baker
Castillo Dalton Ellery Fernandes Gallagher Hughes Iyer Jovanovic Keller Lindqvist Mendes Nilsson
O'Brien Popescu Rahman Sharma Takahashi Ueda Varga Whitaker Xu Yoon Zimmerman""".split())
CITIES = tuple("""Austin|Boston|Chicago|Denver|Spokane|Boise|Atlanta|Phoenix|Miami|Nashville|
San Diego|Minneapolis|Pittsburgh|Toronto|Vancouver|Dublin|Lisbon|Berlin|Madrid|Melbourne|
Salt Lake City|Raleigh|Baltimore|Tucson|Sacramento|Montreal|Glasgow|Oslo|Kyoto|Auckland""".replace(
    "\n", "").split("|"))
JOBS = tuple("""nurse|software engineer|teacher|graphic designer|accountant|chef|physical therapist|
architect|librarian|electrician|journalist|pharmacist|data analyst|veterinarian|marketing manager|
social worker|carpenter|dental hygienist|translator|paramedic|urban planner|baker|photographer|
high school counselor|mechanical engineer""".replace("\n", "").split("|"))
PETS = (("dog", "Waffle"), ("cat", "Mochi"), ("dog", "Rocket"), ("cat", "Pepper"),
        ("rabbit", "Clover"), ("dog", "Juniper"), ("parrot", "Kiwi"), ("cat", "Nova"))
RELATIVES = ("sister", "brother", "cousin", "mom", "dad", "best friend", "partner", "roommate")
# (hobby, base form for questions, past form for the telling, details for {x}); {rel} is the
# companion of the day.
ACTIVITIES = (
    ("hiking", "hike {x} with {rel}", "hiked {x} with {rel}",
     "the ridge trail|to the waterfall|around the crater lake|up Eagle Peak|the canyon loop"),
    ("pottery", "make {x} at pottery class", "made {x} at pottery class",
     "a green vase|a set of mugs|a serving bowl|a tiny teapot|a planter for basil"),
    ("painting", "paint {x}", "painted {x}",
     "a sunset over the lake|a portrait of {rel}|a field of sunflowers|the harbor at night"),
    ("running", "run {x}", "ran {x}",
     "the Turkey Trot 10k|a half marathon|the charity 5k|a trail race in the hills"),
    ("cooking", "cook {x} for {rel}", "cooked {x} for {rel}",
     "a Malay curry|homemade ramen|a paella|a three-course Italian dinner|tamales"),
    ("camping", "go camping {x} with {rel}", "went camping {x} with {rel}",
     "by the lake|in the redwoods|at the state park|in the desert"),
    ("music", "see {x}", "saw {x}",
     "a jazz trio downtown|the symphony play Mahler|an indie band at the Blue Room|a folk festival"),
    ("volunteering", "volunteer {x}", "volunteered {x}",
     "at the food bank|at the animal shelter|at a beach cleanup|at the senior center"),
    ("gardening", "plant {x}", "planted {x}",
     "tomatoes in the garden|a row of lavender|an apple tree|herbs on the balcony"),
    ("photography", "photograph {x}", "photographed {x}",
     "the old bridge|the night market|a lunar eclipse|the autumn leaves in the park"),
    ("yoga", "try {x}", "tried {x}", "a hot yoga class|aerial yoga|a sunrise yoga session"),
    ("baking", "bake {x} with {rel}", "baked {x} with {rel}",
     "sourdough bread|a lemon tart|cinnamon rolls|a three-layer birthday cake"),
    ("chess", "play {x}", "played {x}",
     "in a chess tournament|blitz chess at the cafe|a chess match against {rel}"),
    ("cycling", "bike {x}", "biked {x}",
     "forty miles along the river|to the coast|up the old mountain road|around the bay"),
    ("guitar", "learn {x} on the guitar", "learned {x} on the guitar",
     "a Beatles song|a flamenco piece|a blues riff|a lullaby for {rel}"),
    ("swimming", "swim {x}", "swam {x}",
     "in an open-water race|across the lake|laps at the community pool"),
    ("board games", "host {x}", "hosted {x}",
     "a board game night|a Catan tournament|a murder mystery party"),
    ("museums", "visit {x} with {rel}", "visited {x} with {rel}",
     "the science museum|the modern art gallery|the natural history museum|the aquarium"),
)
PROJECTS = (("marathon training", "ran eighteen miles on my long run"),
            ("kitchen renovation", "picked the tiles for the backsplash"),
            ("Spanish lessons", "had my first full conversation in Spanish"),
            ("novel", "finished the third chapter of my novel"),
            ("wedding planning", "booked the venue for the wedding"),
            ("community garden", "got the city to approve the community garden"),
            ("podcast", "recorded a new episode of my podcast"),
            ("woodworking", "built a bookshelf for the living room"))
FEELINGS = ("so much fun", "exhausting but worth it", "really relaxing", "amazing",
            "a bit chaotic", "the highlight of my month", "peaceful", "super rewarding")
REPLIES = ("That sounds {feel}, {name}! How did it go?", "Wow, {name}, I love that! Tell me more.",
           "No way! What was the best part?", "That's awesome, {name}. Would you do it again?",
           "Oh nice! I've always wanted to try that.")
FOLLOWUPS = ("It was {feel}. I'm really glad I did it.", "Honestly {feel}. {rel_cap} loved it too.",
             "It was {feel}! I'm already planning the next one.",
             "{feel_cap}. I took a ton of pictures.")
PROMPTS = ("What about you, {name}?", "Anything fun lately, {name}?", "And you? What's new?",
           "What have you been up to, {name}?")
SMALL_TALK = ("How's everything with you, {name}?", "Work has been busy, but I'm hanging in there.",
              "The weather in {city} has been lovely lately.", "Same here, just trying to rest.",
              "I've been reading a lot before bed.", "Thanks for checking in, {name}!")
WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")


def _fmt_day(day: date) -> str:
    return f"{day.day} {day:%B %Y}"


def relative_expression(rng: random.Random, anchor: date) -> tuple[str, str, date | None]:
    """A relative time phrase, its gold answer (LoCoMo style) and its exact day, if one."""
    choice = rng.randrange(6)
    if choice == 0:
        return "yesterday", _fmt_day(anchor - timedelta(days=1)), anchor - timedelta(days=1)
    if choice == 1:
        n = rng.randint(2, 4)
        word = ("two", "three", "four")[n - 2]
        day = anchor - timedelta(days=n)
        return f"{word} days ago", _fmt_day(day), day
    if choice == 2:  # a weekday said relatively is answered relatively (LoCoMo's form)
        weekday = rng.randrange(7)
        back = (anchor.weekday() - weekday) % 7 or 7  # strictly before the anchor
        day = anchor - timedelta(days=back)
        name = WEEKDAYS[weekday]
        return f"last {name}", f"the {name} before {_fmt_day(anchor)}", day
    if choice == 3:  # a week, not a day: "two weeks ago" fixes no day
        return "two weeks ago", f"two weeks before {_fmt_day(anchor)}", None
    if choice == 4:
        return "last week", f"the week before {_fmt_day(anchor)}", None
    first = anchor.replace(day=1) - timedelta(days=1)
    return "last month", f"{first:%B %Y}", None


@dataclass
class Person:
    name: str
    city: str
    job: str
    hobbies: list[int]  # indexes into ACTIVITIES
    relative: str
    project: int  # index into PROJECTS
    cities: list[str] = field(default_factory=list)
    pet: tuple[str, str] | None = None

    @property
    def first(self) -> str:
        """What the other speaker calls them."""
        return self.name.split()[0]


@dataclass(frozen=True)
class SynthSample:
    """One generated conversation and the questions its changing facts and dated events give."""

    conversation: Conversation
    qa: tuple[QAItem, ...]
    session_dates: tuple[str, ...]  # LoCoMo-style session timestamps ("1:56 pm on 8 May, 2023")

    @property
    def turns(self) -> int:
        return self.conversation.turn_count


@dataclass(frozen=True)
class SynthConfig:
    seed: int = 0
    sessions: tuple[int, int] = (8, 20)  # sessions per conversation (inclusive range)
    turns: tuple[int, int] = (12, 28)  # turns per session (inclusive range)
    first_day: date = date(2020, 1, 6)
    spread_days: int = 1200  # conversations start within this many days of first_day
    # "Mei Tanaka": distinct people across conversations (a few share a name, as in life).
    # False: first names only, as LoCoMo; ~90 names then recur across every conversation, so
    # one namespace merges thousands of different people into each entity.
    full_names: bool = True


class _Writer:
    """Builds one conversation session by session."""

    def __init__(self, sample_id: str, rng: random.Random, config: SynthConfig) -> None:
        self.id, self.rng, self.config = sample_id, rng, config
        names = rng.sample(NAMES, 2)
        if config.full_names:
            names = [f"{n} {rng.choice(SURNAMES)}" for n in names]
        self.people = [self._person(n) for n in names]
        self.qa: list[tuple[str, str, tuple[str, ...], int]] = []
        self.turns: list[tuple[str, str]] = []
        self.session = 0
        self.day = config.first_day + timedelta(days=rng.randrange(config.spread_days))

    def _person(self, name: str) -> Person:
        rng = self.rng
        city = rng.choice(CITIES)
        return Person(name, city, rng.choice(JOBS), rng.sample(range(len(ACTIVITIES)), 3),
                      rng.choice(RELATIVES), rng.randrange(len(PROJECTS)), cities=[city])

    def dia(self) -> str:
        return f"D{self.session}:{len(self.turns) + 1}"

    def say(self, speaker: Person, text: str) -> str:
        dia_id = self.dia()
        self.turns.append((speaker.name, text))
        return dia_id

    def session_turns(self, count: int) -> list[tuple[str, str]]:
        self.session += 1
        self.turns = []
        a, b = self.people if self.rng.random() < 0.5 else self.people[::-1]
        self.say(a, f"Hey {b.first}! Good to hear from you. What's new?")
        while len(self.turns) < count:
            teller, listener = (a, b) if self.rng.random() < 0.5 else (b, a)
            self._exchange(teller, listener)
        return self.turns[:count]

    def _exchange(self, teller: Person, listener: Person) -> None:
        if self.turns and self.turns[-1][0] == teller.name:  # the listener hands over the turn
            self.say(listener, self.rng.choice(PROMPTS).format(name=teller.first))
        roll = self.rng.random()
        if roll < 0.08:
            self._change(teller, listener)
        elif roll < 0.25:
            self._project(teller, listener)
        elif roll < 0.85:
            self._activity(teller, listener)
        else:
            fill = {"name": listener.first, "city": teller.city}
            self.say(teller, self.rng.choice(SMALL_TALK).format(**fill))

    def _activity(self, teller: Person, listener: Person) -> None:
        rng = self.rng
        hobby, base, past, details = ACTIVITIES[rng.choice(teller.hobbies)]
        rel = f"my {rng.choice(RELATIVES)}"
        fill = {"x": rng.choice(details.split("|")).replace("{rel}", rel), "rel": rel}
        phrase, gold, _ = relative_expression(rng, self.day)
        feel = rng.choice(FEELINGS)
        dia_id = self.say(teller, f"I {past.format(**fill)} {phrase}! "
                                  f"I've been really into {hobby} lately.")
        self.say(listener, rng.choice(REPLIES).format(feel=feel, name=teller.first))
        self.say(teller, rng.choice(FOLLOWUPS).format(
            feel=feel, feel_cap=feel.capitalize(), rel_cap=rel.capitalize()))
        their = {"x": fill["x"].replace("my ", "their "), "rel": rel.replace("my ", "their ")}
        self.qa.append((f"When did {teller.name} {base.format(**their)}?", gold, (dia_id,), 2))

    def _project(self, teller: Person, listener: Person) -> None:
        label, progress = PROJECTS[teller.project]
        self.say(listener, f"How is your {label} going, {teller.first}?")
        phrase, _, _ = relative_expression(self.rng, self.day)
        self.say(teller, f"Really well! I {progress} {phrase}. The {label} keeps me busy.")

    def _change(self, teller: Person, listener: Person) -> None:
        kind = self.rng.randrange(3)
        if kind == 0:
            self._move(teller)
        elif kind == 1:
            old, teller.job = teller.job, self.rng.choice([j for j in JOBS if j != teller.job])
            dia_id = self.say(teller, f"Big news: I quit my job as a {old} and started working "
                                      f"as a {teller.job} last month!")
            self.qa.append((f"What is {teller.name}'s job now?", teller.job, (dia_id,), 4))
        else:
            teller.pet = self.rng.choice(PETS)
            kind_name, pet_name = teller.pet
            dia_id = self.say(teller, f"We adopted a {kind_name} named {pet_name} yesterday!")
            self.qa.append((f"What is the name of {teller.name}'s {kind_name}?", pet_name,
                            (dia_id,), 4))
        self.say(listener, f"Congratulations, {teller.first}! That's a big change.")

    def _move(self, teller: Person) -> None:
        fresh = [c for c in CITIES if c not in teller.cities] or [c for c in CITIES if c != teller.city]
        teller.city = self.rng.choice(fresh)
        teller.cities.append(teller.city)
        dia_id = self.say(teller, f"I finally moved to {teller.city} two weeks ago. "
                                  f"I'm living in {teller.city} now!")
        self.qa.append((f"Where does {teller.name} live now?", teller.city, (dia_id,), 4))
        self.qa.append((f"Which cities has {teller.name} lived in?", ", ".join(teller.cities),
                        (dia_id,), 1))

    def advance(self) -> datetime:
        self.day += timedelta(days=self.rng.randint(2, 20))
        minutes = self.rng.randrange(8 * 60, 22 * 60)
        return datetime.combine(self.day, datetime.min.time()) + timedelta(minutes=minutes)


def locomo_timestamp(moment: datetime) -> str:
    """LoCoMo's session timestamp form: "1:56 pm on 8 May, 2023"."""
    hour = moment.hour % 12 or 12
    return f"{hour}:{moment.minute:02d} {'am' if moment.hour < 12 else 'pm'} on " \
           f"{moment.day} {moment:%B}, {moment.year}"


def sample(index: int, config: SynthConfig = SynthConfig(), max_turns: int | None = None
           ) -> SynthSample:
    """Conversation `index` of the config's seed (at most `max_turns` turns)."""
    rng = random.Random(f"mrgraph-synth:{config.seed}:{index}")
    writer = _Writer(f"synth-{config.seed}-{index:06d}", rng, config)
    sessions: list[Session] = []
    stamps: list[str] = []
    left = max_turns if max_turns is not None else 10 ** 9
    for _ in range(rng.randint(*config.sessions)):
        moment = writer.advance()
        turns = writer.session_turns(min(rng.randint(*config.turns), left))
        number = writer.session
        sessions.append(Session(number, moment.isoformat(), tuple(
            Turn(f"D{number}:{i + 1}", speaker, text, i) for i, (speaker, text) in enumerate(turns))))
        stamps.append(locomo_timestamp(moment))
        left -= len(turns)
        if left <= 0:
            break
    qa = tuple(QAItem(writer.id, i, q, a, c, ev)
               for i, (q, a, ev, c) in enumerate(_questions(writer.qa, sessions)))
    conversation = Conversation(writer.id, tuple(p.name for p in writer.people), tuple(sessions))
    return SynthSample(conversation, qa, tuple(stamps))


def _questions(raw: list[tuple[str, str, tuple[str, ...], int]], sessions: list[Session]
               ) -> list[tuple[str, str, tuple[str, ...], int]]:
    """Questions whose evidence was kept; the latest of a repeated "now"/history question (its
    value changed), and no temporal question asked twice (two events, two dates: ambiguous)."""
    kept = {t.dia_id for s in sessions for t in s.turns}
    asked: dict[str, int] = {}
    for question, *_ in raw:
        asked[question] = asked.get(question, 0) + 1
    latest = {item[0]: item for item in raw if set(item[2]) <= kept}
    return [item for item in latest.values() if item[3] != 2 or asked[item[0]] == 1]


def generate(total_turns: int, config: SynthConfig = SynthConfig()) -> Iterator[SynthSample]:
    """Samples until `total_turns` turns in all (the last conversation is cut to fit)."""
    if total_turns < 1:
        raise ValueError(f"total_turns must be positive, got {total_turns}")
    done, index = 0, 0
    while done < total_turns:
        made = sample(index, config, max_turns=total_turns - done)
        done += made.turns
        index += 1
        yield made


def conversations(total_turns: int, seed: int = 0) -> Iterator[Conversation]:
    """Just the conversations of `generate`."""
    return (s.conversation for s in generate(total_turns, SynthConfig(seed=seed)))


def to_locomo(samples: Iterable[SynthSample]) -> list[dict[str, Any]]:
    """Samples as LoCoMo JSON objects (sample_id, conversation with session_N lists, qa)."""
    out: list[dict[str, Any]] = []
    for s in samples:
        c = s.conversation
        conv: dict[str, Any] = {"speaker_a": c.speakers[0], "speaker_b": c.speakers[1]}
        for session, stamp in zip(c.sessions, s.session_dates):
            conv[f"session_{session.number}_date_time"] = stamp
            conv[f"session_{session.number}"] = [
                {"speaker": t.speaker, "dia_id": t.dia_id, "text": t.text} for t in session.turns]
        qa = [{"question": q.question, "answer": q.answer, "evidence": list(q.evidence),
               "category": q.category} for q in s.qa]
        out.append({"sample_id": c.id, "conversation": conv, "qa": qa})
    return out


def write_locomo(path: str | os.PathLike[str], samples: Iterable[SynthSample]) -> int:
    """Write samples as a LoCoMo JSON file; returns the number of samples written."""
    data = to_locomo(samples)
    with open(path, "w", encoding="utf-8") as handle:
        json.dump(data, handle, ensure_ascii=False, indent=1)
    return len(data)
