"""A kind word first, when the user tells how they feel or what happened to them.

Told "I had a really rough day at work.", the 0.5B said it back in the first person ("I had a really rough
day at work, but I managed to get through it and feel refreshed."); "Today was a terrible day." and "I'm
hungry." it repeated word for word; "My dog died yesterday." got "The dog died yesterday, which means it was not
alive at the time."; "I'm bored." and "I feel lonely." a lecture on boredom and loneliness. Started with a
short reply that ends in a question, it stopped there (5 of 5 tried; now said whole, `conversation.WholeReply`),
and the user's answer goes to the model with the talk so far. Only statements: a turn that also asks something
("I'm tired, what should I do?") is left to the model, and so is a feeling about something else ("I'm tired of
this", "I'm bad at math"). A mishap alike ("I burned the toast." it said back; "My car broke down this morning."
got "I'm sorry, but I can't assist with that."), but not good news in the same words ("I lost weight!").
"""

from __future__ import annotations

import re

__all__ = ["OFFER", "feeling_reply", "takes_offer"]

_ASKS = re.compile(
    r"\?|\b(what|how|why|when|where|which|who|can you|could you|would you|will you|tell me|help me|should i|"
    r"do you|any (tips|ideas|advice))\b"
)
_I_FEEL = r"\b(?:i'?m|i am|i feel|i'?m feeling|i've been feeling|i have been feeling|feeling)\s+"
_VERY = r"(?:so |really |very |a (?:little |bit )?|kind of |pretty |quite |super |extremely |totally )*"
_NOT_ABOUT = r"(?!\s+(?:of|at|with|to|for|on|in|by)\b)"  # "tired of this", "bad at math", "down to two"


def _feeling(words: str) -> re.Pattern[str]:
    return re.compile(rf"{_I_FEEL}{_VERY}(?:{words})\b{_NOT_ABOUT}")


_SORRY = "I'm sorry to hear that. Do you want to talk about it?"
OFFER = "Want to hear a fun fact, a joke or a short story?"  # to "I'm bored."
# A yes to that offer that picks none of them: "Sure, what do you suggest?" got "You could try a new game."
_TAKES = re.compile(
    r"^\W*(?:sure|yes|yeah|yep|ok|okay|go ahead|please|surprise me|anything|any of them|whatever|you choose|"
    r"you pick|you decide|i don't mind|what do you suggest|why not)\b"
)
_REPLIES = (  # (what the user says, the reply), the first that matches
    (re.compile(
        r"\bmy (?:\w+ )?(?:mom|mother|dad|father|grandma|grandmother|grandpa|grandfather|wife|husband|friend|dog|"
        r"cat|pet|brother|sister|son|daughter|uncle|aunt) (?:just |has |have )?(?:died|passed away)\b"
    ), "I'm so sorry for your loss. Do you want to talk about it?"),
    (re.compile(
        r"\b(?:i|we) (?:just |finally )?(?:got (?:the |a |my )?(?:new )?(?:job|promotion|raise|scholarship|part|"
        r"offer)\b|got (?:promoted|engaged|married|accepted)\b|got in\W*$|passed (?:my|the) (?:\w+ )?(?:test|exam)|"
        r"graduated|won (?:the|a|my)\b|had a baby)"
    ), "Congratulations, that's wonderful news! How are you going to celebrate?"),
    (re.compile(
        rf"\b(?:i had|i've had|i have had|it's been|it has been|it was|today was|today has been|this (?:has been|"
        rf"was))\s+(?:a |such a |one )?{_VERY}(?:rough|bad|terrible|awful|hard|tough|horrible|stressful|"
        rf"exhausting|long)\s+(?:day|week|night|morning|month|year)\b"
    ), _SORRY),
    (_feeling(
        r"sad|down|unhappy|lonely|depressed|miserable|upset|low|awful|terrible|horrible|stressed(?: out)?|anxious|"
        r"worried|nervous|overwhelmed|scared|frustrated|angry|heartbroken"
    ), _SORRY),
    (_feeling(r"tired|exhausted|worn out|drained|sick|ill|unwell"),
     "I'm sorry to hear that. Can you get some rest soon?"),
    (re.compile(  # a mishap: "I burned the toast.", "My car broke down this morning." (it said the first back)
        r"\bi (?:just |accidentally )?(?:burned|burnt|broke|dropped|spilled|forgot|missed|crashed|lost|failed|ruined|"
        r"locked myself out)\b(?! (?:you|him|her|them)\b)(?!.*\b(?:weight|pounds|kilos|record|personal best)\b)|"
        r"\bmy (?:\w+ )?(?:car|phone|laptop|computer|bike|washing machine|fridge|heating|flight|train) "
        r"(?:just |has |is |was )?(?:broke(?:n| down)?|died|crashed|stopped working|won't start|got cancell?ed|"
        r"is delayed|was delayed)\b"
    ), "Oh no, I'm sorry to hear that. Is there anything I can help with?"),
    (_feeling("hungry|starving"), "Sounds like time for a snack. What do you feel like eating?"),
    (_feeling("bored"), OFFER),
    (_feeling("happy|excited|thrilled|overjoyed"), "That's great to hear! What's making you so happy?"),
)  # fmt: skip


def feeling_reply(text: str) -> str | None:
    """The reply's start for a user who says how they feel or what happened to them, and asks nothing; else
    None."""
    words = re.sub(r"^\W*guess what\W*", "", _words(text))  # no question
    if not words or _ASKS.search(words):
        return None
    return next((reply for pattern, reply in _REPLIES if pattern.search(words)), None)


def takes_offer(text: str) -> bool:
    """Whether the words say yes to `OFFER` without picking one ("Sure.", "You choose."): a fun fact, then."""
    words = _words(text)
    return bool(_TAKES.match(words)) and len(words.split()) <= 6


def _words(text: str) -> str:
    """Lower-cased, one space apart, with a typographic apostrophe as the patterns write it."""
    return " ".join(text.lower().replace("’", "'").split())
