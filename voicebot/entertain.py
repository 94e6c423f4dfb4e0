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
of the same, also after a laugh at it. "I don't get it." after a joke gets why it is funny, written beside
the joke (the model repeated the punchline or made up a reason), and a laugh gets "Glad you liked it!"
(the model laughed back).
A backend that cannot continue a reply (an OpenAI-compatible server) gets the note alone.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from typing import NamedTuple

from voicebot.conversation import WholeReply

__all__ = ["FACTS", "JOKES", "STORY_OPENERS", "Entertainment", "entertain"]

# Classic clean riddle jokes that work aloud: one question, one short answer; each with why it is funny, said to
# "I don't get it." (asked, the 0.5B only repeated the joke or made up a reason: "... is funny because of 'scarecrow'").
JOKES = (
    ("Why don't scientists trust atoms? Because they make up everything.",
     "Atoms make up everything, and to make things up also means to lie."),
    ("Why did the scarecrow win an award? Because he was outstanding in his field.",
     "A scarecrow stands out in a field, and someone outstanding in their field is the best at their job."),
    ("What do you call a fake noodle? An impasta.",
     "Impasta sounds like impostor, which is a fake, and pasta is noodles."),
    ("Why don't skeletons fight each other? They don't have the guts.",
     "Skeletons have no insides, and having the guts means being brave."),
    ("What do you call cheese that isn't yours? Nacho cheese.",
     "Nacho cheese sounds like not your cheese."),
    ("Why did the bicycle fall over? Because it was two tired.",
     "A bicycle has two tires, and two tired sounds like too tired."),
    ("What do you call a bear with no teeth? A gummy bear.",
     "A bear with no teeth has only its gums, so it's gummy, like the candy."),
    ("Why was the math book sad? Because it had too many problems.",
     "A math book is full of problems to solve, and a person with too many problems is sad."),
    ("What do you call a sleeping dinosaur? A dino-snore.",
     "A sleeping dinosaur snores, and dino-snore sounds like dinosaur."),
    ("Why did the cookie go to the doctor? Because it felt crummy.",
     "Feeling crummy means feeling unwell, and cookies make crumbs."),
    ("What did the ocean say to the beach? Nothing, it just waved.",
     "The ocean makes waves, and waving is also a way to say hello."),
    ("Why did the golfer bring two pairs of pants? In case he got a hole in one.",
     "A hole in one is a perfect shot in golf, and also a hole torn in a pair of pants."),
    ("What did one wall say to the other wall? I'll meet you at the corner.",
     "Two walls meet at a corner, just as friends meet at a street corner."),
    ("Why are ghosts bad liars? Because you can see right through them.",
     "You can see through a ghost, and seeing through someone means knowing they are lying."),
    ("What do you call a pig that does karate? A pork chop.",
     "A karate chop is a hit with the hand, and a pork chop is meat from a pig."),
    ("Why did the computer go to the doctor? Because it had a virus.",
     "People and computers both get viruses, and a sick person goes to the doctor."),
    ("How do you throw a party in space? You planet.",
     "You planet sounds like you plan it, and space is full of planets."),
    ("Why did the tomato turn red? Because it saw the salad dressing.",
     "It saw the salad dressing, as if it saw someone getting dressed, and blushed red."),
    ("What has ears but cannot hear? A cornfield.",
     "Corn grows in ears, but a field of corn can't hear anything."),
    ("What do you call an alligator in a vest? An investigator.",
     "An alligator in a vest is an in-vest-igator."),
    ("Why don't eggs tell jokes? They'd crack each other up.",
     "Eggs crack, and to crack someone up means to make them laugh."),
    ("Why did the coffee call the police? It got mugged.",
     "Coffee is served in a mug, and being mugged means being robbed."),
    ("What kind of shoes do ninjas wear? Sneakers.",
     "Ninjas sneak around, and sneakers are shoes."),
    ("Why did the music teacher need a ladder? To reach the high notes.",
     "High notes are high in pitch, and a ladder reaches high places."),
    ("What do you call a dog that does magic tricks? A labracadabrador.",
     "It's a Labrador, a kind of dog, mixed with abracadabra, the magic word."),
    ("What did the zero say to the eight? Nice belt.",
     "An eight looks like a zero with a belt pulled tight around its middle."),
    ("Why was the stadium so cool? It was full of fans.",
     "Fans are people who cheer for a team, and fans also keep you cool."),
    ("What do you call a boomerang that won't come back? A stick.",
     "A boomerang is a throwing stick that comes back, so one that doesn't is just a stick."),
    ("Why can't a bicycle stand up by itself? It's two tired.",
     "A bicycle has two tires, and two tired sounds like too tired."),
    ("What do you call a cow with no legs? Ground beef.",
     "A cow with no legs lies on the ground, and ground beef is minced meat."),
    ("Why did the student eat his homework? Because the teacher said it was a piece of cake.",
     "A piece of cake means something easy, but the student took it literally."),
    ("What do you call a fish wearing a bowtie? Sofishticated.",
     "A bowtie looks sophisticated, and sofishticated has a fish in it."),
    ("Why do birds fly south for the winter? Because it's too far to walk.",
     "Birds fly south to stay warm, but the joke pretends it's because walking would take too long."),
    ("What do you call a snowman with a six-pack? An abdominal snowman.",
     "A six-pack is strong stomach muscles, the abdominals, and it sounds like the abominable snowman."),
    ("Why did the banana go to the doctor? Because it wasn't peeling well.",
     "Bananas have peels, and not peeling well sounds like not feeling well."),
    ("How does the moon cut his hair? Eclipse it.",
     "Eclipse it sounds like he clips it, and an eclipse is when the moon hides the sun."),
)
_WHY = dict(JOKES)

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
    r"\b(tell|know|have|hear|want|give|share|got|do|make|crack)\b.*\bjokes?\b|^\W*(another|a|one more|any) jokes?\b|"
    r"\b(say|tell me) something funny\b|\bmake me (laugh|smile)\b",
    re.IGNORECASE,
)
_FACT = re.compile(
    r"\b(tell|give|share|know|have|got|want|hear|teach)\b.*\b(fun|interesting|random|cool|amazing|weird) facts?\b|"
    r"^\W*(a |an |another |one more )?(fun|interesting|random|cool) facts?\b|"
    r"\b(tell|give|teach) (me|us) (something|anything) (interesting|cool|amazing|fascinating|new|surprising|"
    r"i don't know|nice|good|happy|positive|cheerful|uplifting)\b",
    re.IGNORECASE,
)
_TOPIC = re.compile(r"\b(?:jokes?|facts?) about (?:an? |the )?(?P<topic>[a-z ]+)", re.IGNORECASE)
# A riddle: the joke's question alone, and its answer once the user guesses or gives up (the 0.5B made up "Why did
# the cat sleep? Because it had a bath!" and then "The answer is that the cat is not a towel.").
_RIDDLE = re.compile(r"\briddles?\b", re.IGNORECASE)
_RIDDLE_NOTE = "If asked for a riddle, ask this one and do not give the answer yet: "
_GIVE_UP = re.compile(
    r"\b(what's|what is|tell me|give me) the answer\b|\bi give up\b|\bi (don't|do not) know\b|\bno idea\b|"
    r"^\W*(tell me|what is it|what's it)\W*$",
    re.IGNORECASE,
)
_SING = re.compile(r"\b(you|please|you to) (sing|hum)\b|^\W*(sing|hum)\b", re.IGNORECASE)
_CANT_SING = "I can't sing, but I can tell you a story or a joke."
# "Another one." asks for more of what was asked for before (the model told the same joke again), also after a
# reaction to it ("Haha.", "I don't get it."): a short turn that asks for nothing.
_MORE = re.compile(
    r"^\W*((ha( ?ha)+|lol|ok(ay)?|good one|nice one|ah|oh|wow|cool|nice|alright|all right)\W+)?"  # "Ah, another one."
    r"([^.!?]*\b(funny|joke|lame|bad|terrible|boring|heard (that|it)|know (that|it))\b[^.!?]*[.!?]\s+)?"  # "That
    # wasn't funny. Tell me a better one." told the same joke again
    r"(and |so |now )?(((give me|i want|let's have|let's hear|try|do) )?another( one)?"
    r"(,? (but |an? )?(easier|harder|shorter|better|funnier|different|new)( one)?)?|"  # "Give me another, but easier."
    r"one more( time)?|more|again|do another( one)?|tell me another( one)?|"
    r"do it again|once more|((tell me|give me|i want|try|do) )?an?( (better|different|new|funnier|other))+ one)"
    r"\W*(please\W*)?$",
    re.IGNORECASE,
)
# More of the same about a topic, named alone: "Something about cats this time." and "One more, but make it about
# food." after jokes got the last joke again.
_MORE_ABOUT = re.compile(
    r"^\W*(?:(?:ok(?:ay)?|alright|all right|and|now|so|hmm)\W+)*(?:(?:one more|another(?: one)?)\W+(?:but\W+)?)?"
    r"(?:make it|something|one|do one|how about one|what about one|maybe one)\W+about\W+"
    r"(?P<topic>[a-z' ]+?)(?:\W+(?:this time|instead|please|now|then))*\W*$",
    re.IGNORECASE,
)
# Laughing at a joke, asking for nothing: the model said "Haha, good one." back.
_LIKED = re.compile(
    r"^(?!.*\b(another|more|again|tell|next|but)\b)\W*(ha( ?ha)+|he( ?he)+|lol|good one|nice one|funny|hilarious|"
    r"(that's|that was|that is|very|so) (funny|hilarious|a good one)|i love (it|that))\b[^?]*$",
    re.IGNORECASE,
)
_GLAD = "Glad you liked it!"
# Not liking a joke, asking for nothing: the model explained the joke again. A yes to the offer then gets another.
_DISLIKED = re.compile(
    r"^(?!.*\b(another|more|again|tell|next|better|different|why)\b)[^?]*\b(not (very |that |so )?funny|"
    r"n't (very |that |so )?funny|lame|terrible|awful|so bad|not good|boring|i don't like (it|that))\b[^?]*$",
    re.IGNORECASE,
)
_GROAN = "Fair enough, that one was a groaner. Want another?"
_YES = re.compile(r"^\W*(yes|yeah|yep|sure|ok|okay|go ahead|go on|why not|please)\b\W*(please\W*)?$", re.IGNORECASE)
_ASKS = re.compile(
    r"\?|^\W*(what|who|how|where|when|why|which|can|could|would|will|do|does|did|is|are|tell|give|name|list|"
    r"explain|show|find|make|write|say|read|play|let's)\b",
    re.IGNORECASE,
)
_NOT_GOT = re.compile(
    r"\b(don't|do not) (get|understand)( it| that| the joke| this)?\W*$|"
    r"\b(didn't|did not) (get|understand) (it|the joke)\W*$|"
    r"^\W*(what does (it|that) mean|explain (it|that|the joke)|why is (it|that) funny)\b",
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
    "Another one." or "One more." right after a request (or after more of it, or a reaction to it) asks for
    more of the same, a new joke or story (the turn is another); "I don't get it." right after a joke gets
    why it is funny."""
    if answered := _riddle_answer(text, session, turn, earlier):
        return answered
    reacted = _NOT_GOT.search(text) or _LIKED.match(text) or _DISLIKED.match(text)
    if reacted and (told := _told_joke(session, turn, earlier)):
        if _LIKED.match(text):
            return Entertainment(f'The user liked your joke. Reply: "{_GLAD}"', _GLAD)
        if _DISLIKED.match(text):
            return Entertainment(f'The user did not like your joke. Reply: "{_GROAN}"', _GROAN)
        return Entertainment(f'Explain the joke: "{_WHY[told]}"', _WHY[told])
    if (topic := _MORE_ABOUT.match(text)) and (kind := _kind(_asked_before(earlier) or "")):
        text = f"Tell me a {kind} about {topic['topic']}."  # asked anew, about that
    more = _MORE.match(text) is not None or bool(earlier and _DISLIKED.match(earlier[-1]) and _YES.match(text))
    if more:
        text = _asked_before(earlier) or text
    if _SING.search(text):
        return Entertainment(f'You can only speak, not sing. Reply: "{_CANT_SING}"', _CANT_SING)
    if _STORY.search(text):
        start = _drawn(STORY_OPENERS, session, turn)
        return Entertainment(f'Tell a short story now. Start with "{start}".', start)
    if _RIDDLE.search(text):
        question = _drawn([j for j, _ in JOKES], session, turn).split("? ", 1)[0] + "?"
        return Entertainment(f'{_RIDDLE_NOTE}"{question}"', WholeReply(question))
    if _JOKE.search(text):
        if not (jokes := _about(text, [(j, j) for j, _ in JOKES])) and not more:
            return None  # none about that topic: the model's own
        joke, lead = _another(text, jokes, [j for j, _ in JOKES], "joke", more, session, turn)
        return Entertainment(f'If asked for a joke, tell this one: "{joke}"', lead + joke)
    if _FACT.search(text):
        if not (facts := _about(text, FACTS)) and not more:
            return None
        fact, lead = _another(text, facts, [f for _, f in FACTS], "fun fact", more, session, turn)
        return Entertainment(f'If asked for a fun fact, say this one: "{fact}"', (lead or "Here's a fun fact: ") + fact)
    return None


def _another(
    text: str, about: list[str], every: list[str], kind: str, more: bool, session: random.Random, turn: int
) -> tuple[str, str]:
    """The turn's item of those `about` the topic asked, and what to say before it: asked for more where the
    list has one or none about the topic (the model's own was told first), another of `every`, after saying so
    (it told the same octopus fact, or its own dog joke, again)."""
    if not (more and len(about) <= 1 and (topic := _TOPIC.search(text))):
        return _drawn(about, session, turn), ""
    other = _drawn([item for item in every if item not in about], session, turn)
    topic_words = topic["topic"].strip()
    if about:
        return other, f"That's the only {kind} I know about {topic_words}, but here's another one: "
    return other, f"I don't know another {kind} about {topic_words}, but here's one: "


def _told_joke(session: random.Random, turn: int, earlier: Sequence[str]) -> str | None:
    """The joke the reply to the turn before told, if it told one of the list's."""
    told = _told_before(session, turn, earlier) if earlier else None
    return next((joke for joke in _WHY if told.opener.endswith(joke)), None) if told is not None else None


def _told_before(session: random.Random, turn: int, earlier: Sequence[str]) -> Entertainment | None:
    """What the reply to the turn before (`earlier[-1]`, not empty) was given to tell, drawn anew as then."""
    before = random.Random()
    before.setstate(session.getstate())  # leaving this turn's draws as they are
    return entertain(earlier[-1], before, turn - 1, earlier[:-1])


def _riddle_answer(text: str, session: random.Random, turn: int, earlier: Sequence[str]) -> Entertainment | None:
    """The answer to the riddle the reply to the turn before asked, for a short guess or a give-up; else None."""
    if not earlier or not _guess(text, earlier[-1]):
        return None
    told = _told_before(session, turn, earlier)
    if told is None or not told.note.startswith(_RIDDLE_NOTE):
        return None
    joke = next(j for j, _ in JOKES if j.startswith(told.opener))
    answer = joke.split("? ", 1)[1]
    if set(re.findall(r"[a-z]{4,}", answer.lower())) & set(re.findall(r"[a-z]+", text.lower())):
        reply = f"Yes, that's it! {answer}"
    else:
        reply = f"{'' if _GIVE_UP.search(text) else 'Nice try! '}The answer: {answer}"
    return Entertainment(f'Reply: "{reply}"', WholeReply(reply))


def _guess(text: str, before: str) -> bool:
    """A short turn right after a riddle was asked for that asks for nothing new: a guess, or "I give up"."""
    asks = (_SING, _STORY, _JOKE, _FACT, _RIDDLE, _MORE)
    return bool(_RIDDLE.search(before) or _MORE.match(before)) and len(text.split()) <= 8 and not any(
        pattern.search(text) for pattern in asks
    )


def _asked_before(earlier: Sequence[str]) -> str | None:
    """What "Another one." asks more of: the last request before it, past other "more"s, up to two short
    reactions ("Haha, good one.", "I don't get it.") and a guess at a riddle; None where a turn in between asks
    for something else."""
    reactions = 0
    for i in range(len(earlier) - 1, -1, -1):
        words = earlier[i]
        if _MORE.match(words):
            continue
        if reactions < 2 and (_reaction(words) or (i and _guess(words, earlier[i - 1]))):
            reactions += 1
            continue
        return words
    return None


def _kind(asked: str) -> str | None:
    """What a request asked for: a story, a joke or a fun fact (None: none of them)."""
    kinds = ((_STORY, "story"), (_JOKE, "joke"), (_FACT, "fun fact"))
    return next((kind for pattern, kind in kinds if pattern.search(asked)), None)


def _about(text: str, items: Sequence[tuple[str, str]]) -> list[str]:
    """The items (topics, text) about the topic the words ask for ("a joke about computers"), all without one."""
    if (topic := _TOPIC.search(text)) is None:
        return [item for _, item in items]
    asked = _stems(topic.group("topic"))
    return [item for topics, item in items if asked & _stems(f"{topics} {item}")]


def _reaction(words: str) -> bool:
    """A short turn that asks for nothing: "Haha.", "That's a good one.", "I don't get it."."""
    asks = (_ASKS, _SING, _STORY, _JOKE, _FACT)
    return len(words.split()) <= 6 and not any(pattern.search(words) for pattern in asks)


def _stems(text: str) -> set[str]:
    """Words by their first five letters ("planets" ~ "planet", "animal" ~ "animals")."""
    return {w[:5] for w in re.findall(r"[a-z]+", text.lower()) if len(w) > 2}


def _drawn(items: Sequence[str], session: random.Random, turn: int) -> str:
    """The turn's item in an order the session shuffles: none twice within len(items) turns."""
    return session.sample(items, len(items))[turn % len(items)]
