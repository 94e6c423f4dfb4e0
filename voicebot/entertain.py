"""Stories, jokes, fun facts and songs: what the default model refuses, or answers the same way every time.

Asked for a story, the 0.5B coder model said "I'm sorry, but I can't assist with that." (also to "Say
something funny."); told no more than a friendlier system prompt, it still did (four prompts tried). It
knows one joke ("Why did the tomato turn red? ..."), which greedy decoding tells every time, also when asked
for another, and a joke "about space" or "about music" too. The note before such a turn says what to do
(tell a story, this joke drawn for the turn from a list, or that it cannot sing), and the reply is started
for the model (`Engine.generate`'s reply_start): with "Once upon a time," (or another start drawn the same
way) it tells a story (8 of 8 story requests, against 3 of 8), and the joke is told as written, where a
note alone got the list's joke told right 22 times in 72 (the rest: the tomato again, or mangled: "Why did
the math book sad?"). A fun fact is one of a list of well-established ones, said as the reply's start: told
one in a note, the model rewrote it, wrongly ("A cat's tail is longer than its brain." for the ostrich's
eye; alone it said "Mars is the largest planet" or refused). "Another one." after a request asks for more
of the same.
A backend that cannot continue a reply (an OpenAI-compatible server) gets the note alone.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from typing import NamedTuple

__all__ = ["FACTS", "JOKES", "STORY_OPENERS", "Entertainment", "entertain"]

# Classic clean riddle jokes that work aloud: one question, one short answer.
JOKES = (
    "Why don't scientists trust atoms? Because they make up everything.",
    "Why did the scarecrow win an award? Because he was outstanding in his field.",
    "What do you call a fake noodle? An impasta.",
    "Why don't skeletons fight each other? They don't have the guts.",
    "What do you call cheese that isn't yours? Nacho cheese.",
    "Why did the bicycle fall over? Because it was two tired.",
    "What do you call a bear with no teeth? A gummy bear.",
    "Why was the math book sad? Because it had too many problems.",
    "What do you call a sleeping dinosaur? A dino-snore.",
    "Why did the cookie go to the doctor? Because it felt crummy.",
    "What did the ocean say to the beach? Nothing, it just waved.",
    "Why did the golfer bring two pairs of pants? In case he got a hole in one.",
    "What did one wall say to the other wall? I'll meet you at the corner.",
    "Why are ghosts bad liars? Because you can see right through them.",
    "What do you call a pig that does karate? A pork chop.",
    "Why did the computer go to the doctor? Because it had a virus.",
    "How do you throw a party in space? You planet.",
    "Why did the tomato turn red? Because it saw the salad dressing.",
    "What has ears but cannot hear? A cornfield.",
    "What do you call an alligator in a vest? An investigator.",
    "Why don't eggs tell jokes? They'd crack each other up.",
    "Why did the coffee call the police? It got mugged.",
    "What kind of shoes do ninjas wear? Sneakers.",
    "Why did the music teacher need a ladder? To reach the high notes.",
    "What do you call a dog that does magic tricks? A labracadabrador.",
    "What did the zero say to the eight? Nice belt.",
    "Why was the stadium so cool? It was full of fans.",
    "What do you call a boomerang that won't come back? A stick.",
    "Why can't a bicycle stand up by itself? It's two tired.",
    "What do you call a cow with no legs? Ground beef.",
    "Why did the student eat his homework? Because the teacher said it was a piece of cake.",
    "What do you call a fish wearing a bowtie? Sofishticated.",
    "Why do birds fly south for the winter? Because it's too far to walk.",
    "What do you call a snowman with a six-pack? An abdominal snowman.",
    "Why did the banana go to the doctor? Because it wasn't peeling well.",
    "How does the moon cut his hair? Eclipse it.",
)

# Well-established facts, each with the topics a user may ask a fun fact "about" (its own words count too).
FACTS = (
    ("animals ocean", "An octopus has three hearts and blue blood."),
    ("food history", "Honey never spoils: pots thousands of years old, found in Egyptian tombs, were still edible."),
    ("space planets", "A day on Venus is longer than its year."),
    ("food plants science", "Bananas are berries, but strawberries are not."),
    ("animals ocean history", "Sharks are older than trees: they swam in the oceans before the first forests grew."),
    ("science history", "The Eiffel Tower grows about 15 centimeters taller in summer: its iron expands in the heat."),
    ("animals birds words", "A group of flamingos is called a flamboyance."),
    ("animals", "Wombats are the only animals whose poop is shaped like little cubes."),
    ("space stars", "There are more stars in the universe than grains of sand on all the beaches of Earth."),
    ("body human health", "Your heart beats about one hundred thousand times a day."),
    ("history war", "The shortest war in history, between Britain and Zanzibar in 1896, lasted about 38 minutes."),
    ("animals birds", "Hummingbirds are the only birds that can fly backwards."),
    ("science weather nature space", "A bolt of lightning is about five times hotter than the surface of the sun."),
    ("space moon", "The moon moves about 4 centimeters farther away from Earth every year."),
    ("space planets", "Jupiter spins faster than any other planet: a day there lasts only about 10 hours."),
    ("animals ocean", "Sea otters hold hands while they sleep, so they don't drift apart."),
    ("animals birds", "An ostrich's eye is bigger than its brain."),
    ("space planets", "Venus is the hottest planet, even though Mercury is closer to the sun."),
    ("animals insects", "Butterflies taste with their feet."),
    ("body human babies", "A baby is born with about 300 bones, but an adult has 206: some grow together."),
    ("animals", "Koalas sleep up to 20 hours a day."),
    ("space sun light science", "Light from the sun takes about eight minutes to reach Earth."),
    ("animals arctic", "Polar bears have black skin under their white fur."),
    ("words language", "The dot over the letters i and j is called a tittle."),
    ("history animals countries", "Scotland's national animal is the unicorn."),
    ("science weather nature", "An ordinary cloud can weigh more than a million pounds."),
    ("animals ocean", "The blue whale is the largest animal that has ever lived, bigger than any dinosaur."),
    ("space planets", "Saturn is less dense than water: in a big enough bathtub, it would float."),
)

# How a story starts: drawn like the jokes, so "Another one." is another story (greedy decoding tells the
# same one after the same words).
STORY_OPENERS = (
    "Once upon a time,",
    "Long ago, in a land far away,",
    "Once upon a time, in a small village by the sea,",
    "Once upon a time, deep in a quiet forest,",
)

_STORY = re.compile(
    r"\b(tell|read|make up|invent|share|give|hear|want|know|have|write|got)\b.*"
    r"\b(a|an|another|one|some|any|me|us)\b( \w+){0,3}? (story|stories|fairy ?tales?|fables?)\b"
    r"|^\W*(a|another|one more)\b( \w+){0,2}? (story|fairy ?tale)\b",
    re.IGNORECASE,
)
_JOKE = re.compile(
    r"\b(tell|know|have|hear|want|give|share|got)\b.*\bjokes?\b|^\W*(another|a|one more|any) jokes?\b|"
    r"\b(say|tell me) something funny\b|\bmake me (laugh|smile)\b",
    re.IGNORECASE,
)
_FACT = re.compile(
    r"\b(tell|give|share|know|have|got|want|hear|teach)\b.*\b(fun|interesting|random|cool|amazing|weird) facts?\b|"
    r"^\W*(a |an |another |one more )?(fun|interesting|random|cool) facts?\b|"
    r"\b(tell|give|teach) (me|us) (something|anything) (interesting|cool|amazing|fascinating|new|surprising|"
    r"i don't know)\b",
    re.IGNORECASE,
)
_TOPIC = re.compile(r"\b(?:jokes?|facts?) about (?:an? |the )?(?P<topic>[a-z ]+)", re.IGNORECASE)
_SING = re.compile(r"\b(you|please|you to) (sing|hum)\b|^\W*(sing|hum)\b", re.IGNORECASE)
_CANT_SING = "I can't sing, but I can tell you a story or a joke."
# "Another one." asks for more of what was asked for before (the model told the same joke again).
_MORE = re.compile(
    r"^\W*(and )?(another( one)?|one more( time)?|more|again|do another( one)?|tell me another( one)?|"
    r"do it again|once more)\W*(please\W*)?$",
    re.IGNORECASE,
)


class Entertainment(NamedTuple):
    note: str  # what the model is told before the user's words
    opener: str  # what its reply starts with


def entertain(text: str, session: random.Random, turn: int, earlier: Sequence[str] = ()) -> Entertainment | None:
    """The note and the reply's start for a story, joke, fun fact or song request; None for other words. The
    joke (or fact) is the turn's in an order `session` shuffles (seed it with the session): a reply started
    early and the final one tell the same, and no joke comes twice within len(JOKES) turns of a session.
    Asked for one "about" a topic, it is one about that, or, where the list has none, none: the model's own.

    The joke's note is worded "If asked for a joke, ...": the end-of-turn score is read with the note in the
    prompt, and "Tell this joke: ..." lowered it ("Tell me another joke." 0.094 -> 0.036, now waiting the
    unsure 1.8 s), this wording raised it (0.22). earlier: the user's words before these, the last last:
    "Another one." or "One more." right after a request (or after more of it) asks for more of the same,
    a new joke or story (the turn is another)."""
    if _MORE.match(text):
        text = next((t for t in reversed(earlier) if not _MORE.match(t)), text)
    if _SING.search(text):
        return Entertainment(f'You can only speak, not sing. Reply: "{_CANT_SING}"', _CANT_SING)
    if _STORY.search(text):
        start = _drawn(STORY_OPENERS, session, turn)
        return Entertainment(f'Tell a short story now. Start with "{start}".', start)
    if _JOKE.search(text):
        if not (jokes := _about(text, [(j, j) for j in JOKES])):
            return None
        joke = _drawn(jokes, session, turn)
        return Entertainment(f'If asked for a joke, tell this one: "{joke}"', joke)
    if _FACT.search(text):
        if not (facts := _about(text, FACTS)):
            return None
        fact = _drawn(facts, session, turn)
        return Entertainment(f'If asked for a fun fact, say this one: "{fact}"', f"Here's a fun fact: {fact}")
    return None


def _about(text: str, items: Sequence[tuple[str, str]]) -> list[str]:
    """The items (topics, text) about the topic the words ask for ("a joke about computers"), all without one."""
    if (topic := _TOPIC.search(text)) is None:
        return [item for _, item in items]
    asked = _stems(topic.group("topic"))
    return [item for topics, item in items if asked & _stems(f"{topics} {item}")]


def _stems(text: str) -> set[str]:
    """Words by their first five letters ("planets" ~ "planet", "animal" ~ "animals")."""
    return {w[:5] for w in re.findall(r"[a-z]+", text.lower()) if len(w) > 2}


def _drawn(items: Sequence[str], session: random.Random, turn: int) -> str:
    """The turn's item in an order the session shuffles: none twice within len(items) turns."""
    return session.sample(items, len(items))[turn % len(items)]
