"""Stories, jokes and songs: the requests the default model refuses, or answers the same way every time.

Asked for a story, the 0.5B coder model said "I'm sorry, but I can't assist with that." (also to "Say
something funny."); told no more than a friendlier system prompt, it still did (four prompts tried). It
knows one joke ("Why did the tomato turn red? ..."), which greedy decoding tells every time, also when asked
for another, and a joke "about space" or "about music" too. The note before such a turn says what to do:
start a story with "Once upon a time," (it then tells one: 8 of 8 story requests, against 3 of 8), tell
this joke, drawn for the turn from a list, or say that it cannot sing (docs/MEASUREMENTS.md).
"""

from __future__ import annotations

import random
import re

__all__ = ["JOKES", "entertain_note"]

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
_JOKE_TOPIC = re.compile(r"\bjokes? about (?:an? |the )?(?P<topic>[a-z ]+)", re.IGNORECASE)
_SING = re.compile(r"\b(you|please|you to) (sing|hum)\b|^\W*(sing|hum)\b", re.IGNORECASE)
STORY_NOTE = 'Tell a short story now. Start with "Once upon a time,".'
SING_NOTE = 'You can only speak, not sing. Reply: "I can\'t sing, but I can tell you a story or a joke."'


def entertain_note(text: str, session: random.Random, turn: int) -> str | None:
    """What to do for a story, joke or song request; None for other words. The joke is the turn's in an
    order `session` shuffles (seed it with the session): a reply started early and the final one tell
    the same, and no joke comes twice within len(JOKES) turns of a session."""
    if _SING.search(text):
        return SING_NOTE
    if _STORY.search(text):
        return STORY_NOTE
    if _JOKE.search(text):
        jokes = JOKES
        if topic := _JOKE_TOPIC.search(text):  # "a joke about computers": one of those, else the model's own
            stems = {w[:5] for w in topic.group("topic").lower().split() if len(w) > 2}
            jokes = tuple(j for j in JOKES if stems & {w[:5] for w in re.findall(r"[a-z]+", j.lower())})
            if not jokes:
                return None
        order = session.sample(jokes, len(jokes))
        return f'Tell this joke: "{order[turn % len(order)]}"'
    return None
