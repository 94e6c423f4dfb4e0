"""What the model is told right before a user's turn, from what the user said: the clock (with the dates and
the time elsewhere asked about: voicebot/dates.py, voicebot/world_clock.py), what it cannot do, who it is,
the exact result of a calculation, a unit conversion or a spelling (voicebot/arithmetic.py,
voicebot/units.py, voicebot/spelling.py), a capital or a classic fact (voicebot/capitals.py,
voicebot/almanac.py), the user's own earlier words, a coin flip or a die drawn (voicebot/chance.py), what to
say when asked to speak slower (voicebot/speaking_rate.py), and how to take a request for a story, a joke or
a song (voicebot/entertain.py); and the reply's start where a note alone is not enough (`TurnNotes.opener`:
also a kind word for a user who says how they feel, voicebot/feelings.py).

A small model makes up what it does not know. Asked "What time is it?", "What day is it?" or "What year is
it?", the default 0.5B answers "10:00 AM", "Monday", "2023"; asked to set a timer, turn on the lights or
tell the weather, it says it did ("I'll set a timer for ten minutes.", "The living room lights are turned
on.", "Yes, it will rain today."). A short system note right before such a turn fixes both: the clock it
reads the answer off (ten time and date questions at three clock times: 28 of 30 right with the note, 4
of 30 without), and a plain statement of what it lacks, which it then says instead of pretending
(docs/MEASUREMENTS.md). A note goes only before the turns whose words call for it, so other turns pay
nothing (a note is ~20 tokens of prefill at the pause: ~80 ms on 2 AVX2 cores), and it stays in the
history with its turn, so the conversation's cached prefix holds.
"""

from __future__ import annotations

import random
import re
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime, tzinfo
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from audio.chunker import first_sentence
from voicebot.almanac import ASKING, almanac_fact
from voicebot.arithmetic import arithmetic_note, follow_up, split_again
from voicebot.capitals import capital_note
from voicebot.chance import chance_note
from voicebot.conversation import WholeReply
from voicebot.dates import (
    DAYS,
    HOLIDAY_WORDS,
    MONTHS,
    clock_time,
    date_note,
    long_date,
    said_ago,
    said_date,
    with_said_year,
)
from voicebot.electricity import power_note
from voicebot.entertain import STORY_OPENERS, Entertainment, entertain
from voicebot.equations import equation_note, has_unknown
from voicebot.feelings import OFFER, feeling_reply, takes_offer
from voicebot.interest import interest_note
from voicebot.kitchen import servings_note
from voicebot.number_facts import number_fact_note
from voicebot.pace import pace_note
from voicebot.percentages import change_note, percentage_note
from voicebot.prices import basket_note, coins_note, fuel_note, price_note, some_for_note
from voicebot.remaining import left_note
from voicebot.shapes import shape_note
from voicebot.shares import every_note, per_period_note, shared_note
from voicebot.speaking_rate import rate_request
from voicebot.spelling import spelling_note
from voicebot.units import (
    arrival_note,
    comparison_note,
    conversion_note,
    count_needed_note,
    durations_note,
    parts_note,
    scaled_note,
    span_note,
    travel_note,
    volume_note,
)
from voicebot.word_forms import word_form_note
from voicebot.world_clock import time_difference, time_elsewhere_again, time_zone, world_clock_note

# Words that ask about (or depend on) the clock or the calendar. A note a turn did not need costs its
# prefill; one it needed and lacked is an invented time. So the clock's own words and calendar names count,
# but units ("How many days are there in a week?") only after "what", "this", "next", ...; and not "May",
# which is mostly "May I ...".
_ABOUT_TIME = re.compile(
    r"\b(time|clock|o'?clock|date|today|tonight|tomorrow|yesterday|now|currently|weekend|morning|afternoon|"
    r"evening|noon|midnight|late|early|until|till|since|ago|birthday|patrick'?s|leap\s+(year|day)s?|born in|"
    r"(what|which|this|next|last|current)\s+(day|week|month|year|season)|"
    + HOLIDAY_WORDS  # the holidays voicebot/dates.py counts the days to
    + "|"
    + "|".join(name.lower() for name in (*DAYS, *MONTHS) if name != "May")
    + r")\b",
    re.IGNORECASE,
)
_MONEY = r"dollars?|euros?|yen|pesos?|rupees?|francs?|bitcoins?"  # "pounds" alone is a weight
# The weather a place usually has is the climate, which the model knows: "What's the weather usually like in July
# in Madrid?" is no request for a forecast (unless it also asks about now: "this July", "tomorrow").
_NOT_CLIMATE = (
    r"^(?!.*\b(usually|typically|normally|generally|on average|average|climate)\b)"
    r"(?!(?!.*\b(this|next|today|tonight|tomorrow|now)\b).*\bin ("
    + "|".join(MONTHS)
    + r"|spring|summer|autumn|fall|winter)\b)"
)
# Said of the weather, not asked for: "We're hiking tomorrow and the weather will be cold. What should I wear?"
# and "The weather will affect our plans." were refused as forecasts.
_TOLD_WEATHER = (
    r"(?!.*\bweather\s+(will be|is going to be|'s going to be|is|was|looks|seems|should be|might be)\s+"
    r"(really |very |pretty |quite |so |too |a bit )?(cold|hot|warm|nice|bad|good|great|sunny|rainy|wet|dry|windy|"
    r"snowy|stormy|cloudy|terrible|awful|lovely|fine|chilly|freezing|mild|humid|perfect)\b)"
    r"(?!.*\bweather\s+(will|might|could|may)\s+(affect|ruin|change|spoil)\b)"
)
# Requests for what an offline voice assistant without devices or accounts cannot do, each with what the
# note says it lacks. Narrow on purpose: "At what temperature does water freeze?" or "Why does it rain?"
# are questions it can answer, and must not be told otherwise. Live information first; then what a device
# does, which asked how to do it ("How do I set an alarm on my phone?") it can answer (_HOW_TO).
_LIVE = (
    (r"^" + _TOLD_WEATHER + _NOT_CLIMATE[1:]
     + r".*\bweather\b.*\b(today|tonight|tomorrow|week|weekend|like|outside|forecast|going to|will)\b|"
     r"\bforecast\b|"
     r"\bwill it (rain|snow|be (sunny|cold|hot|warm))\b|\bis it (raining|snowing)\b|\bgoing to (rain|snow)\b",
     "weather information"),
    (r"\b(latest|today's|the) (news|headlines)\b|\bwho won\b.*\b(last night|yesterday|today|game|match)\b|"
     r"\bprice of (bitcoin|gold|oil|a share)\b|\b(stock|share|bitcoin) price\b", "news, scores or prices"),
    (rf"\b({_MONEY}|pounds? sterling|british pounds?)\b.*\b(in|to|into)\b.*\b({_MONEY}|pounds?)\b|"
     rf"\bpounds?\b.*\b(in|to|into)\b.*\b({_MONEY})\b|\bexchange rates?\b", "current exchange rates"),
    (r"\btraffic (like|today|now|on|to|in)\b|\bhow('s| is) (the )?traffic\b|\bscore of the (game|match)\b|"
     r"\b(is|are) \w+( \w+)? open (now|today|tonight)\b|\bflight status\b|\b(my|today'?s) horoscope\b|"
     r"^\W*(what|where|which|is there|are there|any|find|show|recommend|suggest|search|look|can you|could you|"
     r"tell me|give me|list)\b.*\b(near|close to|around) (me|here|us)\b|\bnearest \w+( \w+)? (to me|from here)\b",
     "live information (traffic, opening hours, scores, places near the user)"),
)  # fmt: skip
_DEVICES = (
    # "Remind me what the capital of Peru is." asks to be told again, not for a reminder.
    (r"\b(set|start)\b.*\b(timer|alarm)s?\b|\bwake me\b|\bremind me\b(?!\s+(what|who|how|where|why|which|of)\b)",
     "timers, alarms or reminders"),
    (r"\b(play|put on)\b.*\b(music|songs?|radio|podcasts?|playlist|album)\b|\bplay the\b.*\bby\b",
     "music or audio player"),
    (r"\b(call|phone|ring|text|message|e-?mail)\s+(my|him|her|them|mum|mom|dad)\b|"
     r"\bsend (a|an) (text|message|e-?mail)\b", "phone, messages or email"),
    (r"\b(turn|switch|dim)\s+(on|off|up|down)\b.*\b(lights?|lamp|heating|tv|fan)\b|"
     r"\b(lights?|lamp|heating|tv|fan)\b.*\b(on|off)\b|\b(set|turn|raise|lower)\b.*\bthermostat\b",
     "control of lights or devices"),
    (r"\b(shopping|grocery|to-?do) list\b|\bto (my|the) list\b|\b(my|the) calendar\b", "lists or calendar"),
)  # fmt: skip
# What it cannot do for the user, asked of it; asked how to do it ("How do I book a flight?", "How can I
# check my bank balance?") it can answer, so those questions get no note (_ASKS_HOW).
_DOING = (
    # Acting in the world for the user: "Order me a pizza." got "Sure, I'd be happy to order a pizza for you.",
    # "Send fifty dollars to John." "John will receive fifty dollars.", "Lock the front door." "The front door
    # is locked."
    (r"\b(order|buy|purchase)\b.*\b(me|for me|online)\b|^\W*(please\s+)?(order|buy|purchase)\b|"
     r"(?<!\ba )(?<!\bthe )(?<!\bthis )(?<!\bthat )(?<!\bgood )(?<!\bnew )(?<!\bany )(?<!\bone )(?<!\bmy )"
     r"\b(book|reserve)\b.*\b(table|flight|hotel|room|taxi|cab|ride|tickets?|appointment)\b|"  # not "a book for"
     r"\b(send|transfer|pay)\b.*\b(money|dollars?|euros?|bucks|\$\s?\d)|\bpay (my|the|a|for)\b",
     "way to order, book or pay for anything"),
    (r"\b(lock|unlock|open|close)\b.*\b(doors?|garage|windows?|blinds|curtains|car)\b|"
     r"\btake (a |my )?(picture|photo|selfie)\b|\b(picture|photo) of me\b|\bwho('s| is) at the door\b",
     "camera or control of doors and other devices"),
    # The user's own data and whereabouts: "What's my bank balance?" "My bank balance is $1,000.", "Where am I
    # right now?" "I am currently at the library.", "Read my last email." "I read your last email."
    (r"\bmy( \w+)? (bank|account|balance|e-?mails?|inbox|messages|texts|voicemails?|photos|pictures|files|contacts|"
     r"steps|heart rate|orders?|package|delivery)\b|\bwhere am i\b|\bmy (current )?location\b|"
     r"\b(find|where('s| is| are)) my\b", "access to accounts, files, messages or where anyone is"),
)  # fmt: skip
_LIVE_PATTERNS, _DEVICE_PATTERNS, _DOING_PATTERNS = (
    tuple((re.compile(pattern, re.IGNORECASE), lacks) for pattern, lacks in table)
    for table in (_LIVE, _DEVICES, _DOING)
)
_ASKS_HOW = re.compile(
    r"^\W*(how|why|what is|what are|what's a|when|should|is it)\b|\b(what should|how (do|can|should|would)) i\b",
    re.IGNORECASE,
)
_HOW_TO = re.compile(
    r"\bhow (do|can|should|would|does) (i|you|we|one)\b|\b(show|tell|teach) me how\b|^\W*how to\b", re.IGNORECASE
)
# The user's own facts, which a model makes up ("What's my name?" "My name is John.", "How old am I?" "I am 25
# years old."): it knows only what the user said in the conversation. Each question with what, said earlier,
# tells it (case matters where a name is told: "I'm Maria"). A note alone changed none of eight such replies;
# a reply started "You haven't told me" or "You told me" the model finishes ("... your name.", "... you are
# 34 years old."), but after "You told me" it also made up what it was not told ("... your name as John").
_NAME_FACT = (
    re.compile(r"\bwhat('s| is) my name\b|\bwho am i\b", re.IGNORECASE),
    re.compile(r"(?i:\bmy name\b|\bcall me\b|\bi'?m called\b)|\b(I am|I'm) [A-Z][a-z]+\b"),
)
_USER_FACTS = _NAME_FACT, *(
    (re.compile(asked, re.IGNORECASE), re.compile(told))
    for asked, told in (
        (r"\bhow old am i\b|\bwhat('s| is) my age\b",
         r"(?i:\b(i am|i'm) \d+|\b\d+ years? old\b|\bmy age\b|\bborn in \d{4}\b)"),
        (r"\b(what|when)('s| is) my birthday\b|\b(until|till|to|before) my (next )?birthday\b",
         r"(?i:\bbirthday\b|\bborn\b)"),
        (r"\bwhat('s| is) my (home )?address\b", r"(?i:\baddress\b|\bi live\b)"),
        (r"\bwhat('s| is) my phone number\b", r"(?i:\bnumber\b)"),
        (r"\bwhat('s| is) my job\b|\bwhere do i work\b", r"(?i:\bi work\b|\bmy job\b|\b(i am|i'm) an? [a-z]+)"),
        (r"\bwhat('s| is) my favou?rite \w+\b", r"(?i:\bfavou?rite\b|\bi (love|like)\b)"),
        (r"\bwhat did i (have|eat)\b", r"(?i:\bi (had|ate)\b|\bbreakfast\b|\blunch\b|\bdinner\b)"),
        (r"\bwhat am i (thinking|doing|wearing|holding)\b", r"(?i:\b(i am|i'm) (thinking|wearing|holding|\w+ing)\b)"),
        (r"\bsteps did i\b|\bdid i (walk|sleep|run)\b", r"(?i:\b(steps|walked|slept|ran)\b)"),
    )
)  # fmt: skip
# Questions about the conversation itself: the 0.5B answered "What did I just ask you?" with "I asked you to find
# the tallest mountain ..." (whose words were whose), and at a session's first turn summarized a talk that never was.
_LAST_WORDS = re.compile(
    r"\b(what (did|was) i|remember what i) (just |last )?(ask|asked|say|said|asking|saying|tell|told)( you| to you)?"
    r"( before| just now| last| earlier| a (minute|moment|second|little while|while) ago)?\W*$|"
    r"\bwhat was my (last |previous )?question\W*$|\brepeat my (last )?question\b",
    re.IGNORECASE,
)  # also "Do you remember what I asked you a minute ago?" (it said "I asked you a minute ago about your name.")
_FIRST_WORDS = re.compile(
    r"\bwhat (did|was) i (ask|say)( you)? (first|at the (start|beginning))\W*$|\bwhat was my first question\W*$",
    re.IGNORECASE,
)
_OUR_TALK = re.compile(
    r"\b(summari[sz]e|recap|sum up)\b.*\b(conversation|chat|talk|we (talked|spoke|discussed|said))\b|"
    r"\bwhat (have|did|were|are) we (been )?(talk(ed|ing)?|discuss(ed|ing)?|sp[eo]ke?n?|chat(ted)?) about"
    r"( so far| today| until now| in this (conversation|chat))?\W*$",
    re.IGNORECASE,
)
# Asking for the last reply again: "Can you repeat that?", "Say that again.", "Sorry?", "What did you say?"
_SAY_AGAIN = re.compile(
    r"^\W*(?:sorry\W+|excuse me\W+)?(?:i didn'?t (?:hear|catch|get|understand) (?:that|you|it)\W+)?"  # then asked
    r"(?:(?:can|could|would) you |please )?(?:repeat(?: that| it| what you said| the "
    r"answer| yourself| the last part)?|say (?:that|it) again|come again|what did you (?:just )?say|pardon(?: me)?|"
    r"i didn't (?:hear|catch) (?:that|you|it)|what was that)(?: (?:a bit |a little )?(?:slower|more slowly|slowly))?"
    r"(?: please)?\W*$|^\W*(?:sorry|what|huh|excuse me)\s*\?\s*$|^\W*(?:wait|sorry|oh)\W+(?:what|huh)\W*$",
    re.IGNORECASE,
)
# Asked for the last reply shorter: its first sentence. The 0.5B took the words themselves for the question ("Can
# you say that shorter?" -> "Yes, shorter is a more appropriate word to describe the stain remover.").
_SHORTER = re.compile(  # also "Can you say that again but shorter?", "Okay, give me the one sentence version."
    r"^\W*(?:(?:okay|ok|so|well|alright|all right|hmm|um|just)\W+)*"
    r"(?:(?:can|could|would) you |please )?(?:(?:say|make|put|give me|tell me|keep) (?:that|it|this|your answer)"
    r"(?: again)?(?:,? (?:but|and|only|just))?"
    r"(?: a bit| a little)? (?:shorter|briefer|short|brief|in (?:one|a) sentence|in (?:a )?few(?:er)? words|in short)|"
    r"summari[sz]e (?:that|it|this|your answer)|(?:give me |what's |just )?(?:the )?(?:short version|gist|tl;? ?dr|"
    r"(?:one|single)[ -]sentence version|quick version|summary)|shorter|in short|in brief|briefly|too long|tl;? ?dr)"
    r"(?:\W+please)?\W*$",
    re.IGNORECASE,
)
# Asked to go on: the model answered "Go on." with "I'm glad I could help." and "Tell me more." with its last reply
# again; started "Also," it went on with something new (3 of 4 in a probe).
_GO_ON = re.compile(
    r"^\W*(?:(?:okay|ok|yes|yeah|sure|and|so)\W+)*(?:please )?(?:go on|tell me more|keep going|continue|carry on|"
    r"what else|more please|tell me more about (?:that|it)|say more|go on then)(?:\W+please)?\W*$",
    re.IGNORECASE,
)
_ALSO = "Also,"
# Other conversations, which it does not keep: "Do you remember what I said yesterday?" got yesterday's date (the
# clock note) and a made-up quote.
_PAST_TALK = re.compile(
    r"\b(do|can|did|will) you (still )?(remember|recall)\b.*\b(yesterday|last (time|night|week|month)|"
    r"the other day|before today|(our|my|other|last|previous) (conversations?|chats?|talks?))\b|"
    r"\bwhat did (i|we) (say|tell you|ask|talk about)( you)? (yesterday|last time|last (night|week)|the other day)\b",
    re.IGNORECASE,
)
_NO_PAST = "No, I don't remember other conversations: each one starts fresh. I only know what you've said in this one."
# Signing off after a remark ("Okay, I'm almost at the office. Talk later."), which the model said back word for word.
_SIGN_OFF = re.compile(
    r"^\W*(?:(?:okay|ok|alright|all right|well|right)\W+)?(?:[^.?!]*[.!]\s+)?(?:i'?ll )?(?:talk (?:to you )?"
    r"(?:later|soon)|(?:good)?bye(?: now| for now)?|see (?:you|ya)(?: later| soon)?|catch you later|gotta go|"
    r"i have to go|i've got to go)(?:\W+(?:now|then|bye|soon|later|thanks|thank you))*[.!\s]*$",
    re.IGNORECASE,
)
_BYE = "Bye! Talk to you later."
# Said with "slow down": the user missed the last reply (it got "Sure, I'll speak more slowly." and nothing more).
_MISSED = re.compile(
    r"\b(didn't|did not|couldn't|could not|can't|cannot) (catch|hear|get|follow|understand)\b|\bmissed (that|it)\b|"
    r"\b(repeat|again)\b",
    re.IGNORECASE,
)
_A_FACT = "Tell me a fun fact."  # what a yes to feelings.OFFER asks for
_TALKED = "We talked about"  # the reply's start for a summary, which the model goes on from
# Questions about the assistant itself, which the model answers with a name and a maker it makes up ("My name
# is Akira.", "I am an AI language model created by OpenAI.").
_ABOUT_SELF = re.compile(
    r"\b(your name|who are you|what are you|who (made|built|created|trained|designed|programmed) you|"
    r"are you (a |an )?(robot|human|person|real|alive|man|woman|boy|girl|male|female|ai|bot|machine|computer|"
    r"chat ?gpt|siri|alexa|"
    r"google|connected|online|on the internet)|what can you do|what do you do|(what|which) (language )?model|"
    r"(about|introduce) yourself|tell me about you|are you (always |still )?(listening|recording)|"
    r"(do|will) you (always )?(listen|record)|are you (smarter|better|cleverer|dumber) than)\b",
    re.IGNORECASE,
)


# "What's the date in three weeks?" is about the calendar; "How many days are there in a week?" is units, and
# "How much water should I drink in a day?" a rate (it got "In 1 day it will be Monday, December 7, 2026.").
_IN_TIME = re.compile(r"\bin (a|an|\d+|[a-z]+) (day|week|month|year)s?\b", re.IGNORECASE)
_UNIT_QUESTION = re.compile(r"\bhow (many|much|often)\b", re.IGNORECASE)
# "time" in a phrase that is not about the clock ("Something about cats this time.", "one at a time").
_NOT_CLOCK_TIME = re.compile(
    r"\b(this|next|last|first|second|every|each|any|one|some|long|spare|free|whole|all the|at a) time\b"
    r"(?! of (the )?(day|week|month|year))"
    r"|^\W*(?:(?:and|so|ok|okay|right|alright)\W+)?now\b(?=\W+(?:what|times|multiply|divide|add|subtract|take|"
    r"double|halve|square|cube|how|tell|say|let|do|try|give|what's|can|could|is|and)\b)",  # "Now times that by 2."
    re.IGNORECASE,
)
# Words that ask for the time of day, which a date sentence alone does not answer ("How many hours until ...").
_ASKS_TIME = re.compile(
    r"\b(time|hours?|minutes?|o'?clock|morning|afternoon|evening|tonight|noon|midnight)\b", re.IGNORECASE
)


# A year or a day in the past asked of an event ("What year was that?" after the moon landing got the clock note,
# read out: "3:21 PM, Sunday, December 6, 2026."); not of the user ("What year was I born?") or of a day the
# clock counts from ("What day was it yesterday?": "yesterday" asks on its own).
_PAST_EVENT = re.compile(r"\b(what|which) (day|week|month|year|decade|century) (was|were|did|had)\b", re.IGNORECASE)
_SELF = re.compile(r"\b(i|me|my|born)\b", re.IGNORECASE)


def about_time(text: str) -> bool:
    """Whether the user's words are about the time or the date ("What day is it?", "Good morning")."""
    if not _SELF.search(text):
        text = _PAST_EVENT.sub(" ", text)
    text = _NOT_CLOCK_TIME.sub(" ", text)
    in_time = _IN_TIME.search(text) is not None and _UNIT_QUESTION.search(text) is None
    return in_time or _ABOUT_TIME.search(text) is not None


def clock_note(now: datetime) -> str:
    """'Now: 6:04 PM, Thursday, December 3, 2026.': the form the model answers from best (it then says
    "The time is 6:04 PM." to a time question; a longer sentence it repeated whole). English names
    whatever the process's locale."""
    return f"Now: {clock_time(now)}, {long_date(now.date())}."


# A yes-or-no question about what it is, and the reply to give: told only the facts, the 0.5B still said
# "Yes" to "Are you human?" and "Are you connected to the internet?" (docs/MEASUREMENTS.md).
_CAN_DO = "I can chat, answer questions, do sums and conversions, spell words, and tell the time and date."
_ARE_YOU = (
    (r"(man|woman|boy|girl|male|female) or (a |an )?\w+", "Neither: I'm Voicebot, a computer program."),
    (r"alive|living", "No, I'm not alive. I'm Voicebot, a computer program."),
    (r"human|person|real person|man|woman|boy|girl|male|female",
     "No, I'm not a person. I'm Voicebot, a computer program."),
    (r"connected|online|on the internet", "No, I'm offline: I have no internet connection."),
    (r"chat ?gpt|siri|alexa|google", "No, I'm Voicebot, an open-source voice assistant."),
    (r"robot|ai|bot|machine|computer", "Yes, I'm Voicebot, a computer program."),
)
_ARE_YOU_PATTERNS = tuple(
    (re.compile(rf"\bare you (a |an )?({words})\b", re.IGNORECASE), reply) for words, reply in _ARE_YOU
)
# Whole replies to the other questions about it: with the note alone the model read it out, four sentences and
# "qwen2.5-coder-0.5b" included, to "Who are you?" and again to "Who made you?", and said "Yes, I am listening
# to you all the time." and "Yes, I am smarter than Siri."
_ABOUT_REPLIES = tuple(
    (re.compile(pattern, re.IGNORECASE), WholeReply(reply))
    for pattern, reply in (
        (r"\bwho (made|built|created|trained|designed|programmed) you\b",
         "I was made by the open-source Voicebot project, and I run offline, on a small language model."),
        (r"\bwho are you\b|\bwhat are you\W*$|\b(about|introduce) yourself\b|\btell me about you\W*$",
         f"I'm Voicebot, an offline voice assistant. {_CAN_DO}"),
        (r"\bwhat can you do\b|\bwhat do you do\W*$", _CAN_DO),
        (r"\b(listen|listening|record|recording)\b",
         "Yes, while we're talking. I'm offline: nothing you say goes to the internet."),
        (r"\b(smarter|better|cleverer|dumber) than\b",
         "Probably not: big assistants online know more than a small offline one like me. Try me, though!"),
    )
)  # fmt: skip


def about_note(text: str, model: str) -> str | None:
    """Who the assistant is, before a question about it; None for other words. On 9 such questions the 0.5B
    made up a name and a maker every time; with this 7 of 9 right, and 9 of 9 once the yes-or-no ones came
    with the reply to give (docs/MEASUREMENTS.md)."""
    if _ABOUT_SELF.search(text) is None:
        return None
    reply = f' Reply: "{answer}"' if (answer := about_reply(text)) else ""
    return (
        f"About you: your name is Voicebot. You are a computer program, not a person, made by the open-source "
        f"Voicebot project on the {model} language model. You are not ChatGPT. You are offline: you have no "
        f"internet connection. {_CAN_DO.replace('I can', 'You can')}{reply}"
    )


# Asked its name after the user gave theirs, the model answered with the user's ("My name is Priya.").
_YOUR_NAME = re.compile(r"\bwhat('s| is) your name\b", re.IGNORECASE)


def about_reply(text: str) -> str | None:
    """The reply to a yes-or-no question about what it is ("Are you human?"), to its name, or the whole reply to
    who it is, who made it and what it can do; None for other words."""
    if _ABOUT_SELF.search(text) is None:
        return None
    if _YOUR_NAME.search(text):
        return "My name is Voicebot."
    replies = (*_ARE_YOU_PATTERNS, *_ABOUT_REPLIES)  # the yes-or-no questions the model goes on from, then whole
    return next((reply for pattern, reply in replies if pattern.search(text)), None)


# What the voice now does, and the reply to say: told only that its voice is slower, the model answered
# "Speak slower please." with "I'm sorry, but I can't assist with that." (docs/MEASUREMENTS.md).
_RATE_DONE = {
    "slower": ("your voice is now slower", "Sure, I'll speak more slowly."),
    "faster": ("your voice is now faster", "Sure, I'll speak faster."),
    "normal": ("your voice is back to its normal speed", "Sure, back to my normal speed."),
}


def rate_note(text: str) -> str | None:
    """The note for "speak slower", "talk faster", "normal speed" (the LLM stage changes the rate); else None."""
    if (request := rate_request(text)) is None:
        return None
    done, reply = _RATE_DONE[request]
    return f'Done: {done}. Reply: "{reply}"'


def rate_reply(text: str) -> str | None:
    """What to say to "speak slower" and the like; None for other words."""
    request = rate_request(text)
    return _RATE_DONE[request][1] if request is not None else None


def model_label(name: str) -> str:
    """'qwen2.5-coder-0.5b' as it is; a file or directory by its name ('/m/Llama-3.2-1B.gguf' -> 'Llama-3.2-1B')."""
    if "/" in name or name.endswith(".gguf"):
        return name.rstrip("/").rsplit("/", 1)[-1].removesuffix(".gguf")
    return name


def lacking(text: str) -> list[str]:
    """What the words ask for that the assistant does not have ("weather information", ...). Asked how to do
    something, the user gets an answer (it was "Sorry, I'm offline, so I can't" to "How do I set an alarm on my
    iPhone?" and "How do I text my mom a photo?"); asked how something is, live information is still lacking."""
    patterns = (
        *_LIVE_PATTERNS,
        *(() if _HOW_TO.search(text) else _DEVICE_PATTERNS),
        *(() if _ASKS_HOW.search(text) else _DOING_PATTERNS),
    )
    return [what for pattern, what in patterns if pattern.search(text)]


def limits_note(text: str) -> str | None:
    """What the assistant lacks, when the user asks for it; None when they do not. "You have no X" is what
    the model heeds: "you cannot X" it read past (4 of 20 requests refused, against 13 of 20)."""
    notes = []
    if lacks := lacking(text):
        what = " or ".join(lacks)
        notes.append(f"You are offline and have no {what}. If asked for these, say briefly that you can't do that.")
    if any(asked.search(text) for asked, _ in _USER_FACTS):
        notes.append("About the user you know only what they said in this conversation; say so if you don't know.")
    return " ".join(notes) or None


def limits_reply(text: str, earlier: Sequence[str] = ()) -> str | None:
    """The start of the reply to a request for what the assistant lacks, or to a question about the user's
    own facts (whether they told it in the conversation: `earlier`, their words so far); None otherwise. The
    model finishes it: "Sorry, I'm offline, so I can't" -> "... lock the front door.", "You haven't told me"
    -> "... your name.", "You told me" -> "... your name is Maria." (said alone: "My name is Maria."). With
    the note alone the 0.5B still said "No, it won't rain tomorrow." and "I'm at the door."; after "Sorry, I
    can't" it said "... assist with that." or "... help with that." to 20 of 44 such requests, after this
    start to 5."""
    asked = [told for question, told in _USER_FACTS if question.search(text)]
    if asked and _COUNTS.search(text) and _with_birthday(text, earlier) != text:
        return None  # "How long until my birthday?" after they said the day: the clock note counts the days to it
    if asked and re.search(r"\bborn in \w", text, re.IGNORECASE):  # "If I was born in 1987, how old am I?": the
        return None  # clock note's age answers (it got "You haven't told me")
    if asked == [_NAME_FACT[1]] and (name := told_name(earlier)):  # the name alone asked, and one given
        return f"You told me your name is {name}."
    if asked:
        return "You told me" if all(any(t.search(words) for words in earlier) for t in asked) else "You haven't told me"
    return "Sorry, I'm offline, so I can't" if lacking(text) else None


# A name the user gave: the model, started "You told me", once finished "... your name is Voicebot" (its own name,
# asked for earlier in the talk), so the name itself starts the reply. A capitalised word after "I'm" is taken
# as a name unless it says where the user is from or how they are.
_NAME_TOLD = re.compile(
    r"(?i:\bmy name(?:'s| is)|\bcall me|\b(?:i'm|i am) called)\s+([A-Z][\w'-]*(?: [A-Z][\w'-]*){0,2})|"
    r"\b(?:I am|I'm) ([A-Z][a-z'-]+)\b(?! [A-Z])"
)
_NOT_NAMES = frozenset({
    "american", "british", "english", "french", "german", "spanish", "italian", "chinese", "japanese", "indian",
    "canadian", "mexican", "irish", "scottish", "australian", "russian", "dutch", "polish", "christian", "jewish",
    "muslim", "catholic", "sorry", "fine", "okay", "good", "great", "here", "back", "home",
})  # fmt: skip


def told_name(earlier: Sequence[str]) -> str | None:
    """The name the user last gave for themselves ("My name is Maria.", "Call me Sam.", "Hi, I'm Tom."), if any."""
    for words in reversed(earlier):
        names = [a or b for a, b in _NAME_TOLD.findall(words)]
        names = [n for n in names if n.split()[0].lower() not in _NOT_NAMES]
        if names:
            return names[-1]
    return None


def recall_note(text: str, earlier: Sequence[str] = ()) -> str | None:
    """For "What did I just ask you?", the words it asks about (the history holds them, but the model mixed up
    whose they were); None for other words, and where the reply's start says it all (no words before: a note
    saying so was quoted back in a later summary)."""
    reply = recall_reply(text, earlier)
    if reply == _TALKED:  # "What were we talking about?": told only "We talked about", it made up "a meeting"
        return "The user's words so far: " + ", ".join(f'"{w.strip()}"' for w in earlier[-4:]) + "."
    return f"The user's words it asks about: {reply.split(': ', 1)[1]}" if reply and ': "' in reply else None


def recall_reply(text: str, earlier: Sequence[str] = ()) -> str | None:
    """The start of the reply to "What did I just ask you?" (their last words, quoted), "What was my first
    question?" and "Summarize our conversation." (the model goes on from "We talked about"); or, where they
    said nothing before, that they haven't. None for other words."""
    first, last, talk = (p.search(text) is not None for p in (_FIRST_WORDS, _LAST_WORDS, _OUR_TALK))
    if not (first or last or talk):
        return None
    if not earlier:
        return "We haven't talked about anything yet." if talk else "You haven't asked me anything yet."
    if talk:
        return _TALKED
    said = [w.strip() for w in earlier]
    if re.search(r"\bquestion\b", text, re.IGNORECASE):  # "my first question": past a statement before it
        said = [w for w in said if w.endswith("?")] or said
    words = said[0] if first else said[-1]
    return f'You {"asked" if words.endswith("?") else "said"}: "{words}"'


# Doubting the last answer: "Are you sure?", "That's wrong.", "Why not Sydney?", "I heard it was K2." After a fact
# from the tables the model gave way ("Sydney is the capital of Australia.") or said "I don't have enough context".
# Short ones in a row, perhaps ending with one that names what the user believes: "Really? I always thought it was
# Sydney.", "Why isn't it Sydney then?" (the free words only last: repeated, they backtracked for minutes).
_DOUBT_SHORT = (
    r"(?:are you (?:sure|certain)|really|seriously|is that (?:true|right|correct|so)|"
    r"(?:that's|that is|you're|you are|that was) (?:wrong|not right|not true|incorrect|not correct)|no way|"
    r"i don't think so|i'm not sure about that)"
)
_DOUBT_NAMING = (
    r"(?:i (?:always |just )?(?:thought|heard|read|was told) (?:it was|it's|that)|why (?:not|isn't it|is it not)|"
    r"isn't it)\b[^.?!]*"
)
_DOUBT = re.compile(
    rf"^\W*(?:(?:no|hmm|wait|oh|but|hm)\W+)*(?:{_DOUBT_SHORT}\W+)*(?:{_DOUBT_SHORT}|{_DOUBT_NAMING})\W*$",
    re.IGNORECASE,
)
# Asking to change the topic: the model went back to the last one.
_NEW_TOPIC = re.compile(
    r"^\W*(?:(?:okay|ok|so|well|alright|anyway)\W+)*(?:let's|let us|can we|could we|i want to|i'd like to) "
    r"(?:talk about|change the subject|change the topic|discuss) ?(?:something else|another (?:thing|topic)|"
    r"the subject|the topic)?\W*(?:please)?\W*$",
    re.IGNORECASE,
)
_WHAT_TOPIC = "Sure! What would you like to talk about?"


def _says_enough(first: str, said: str) -> bool:
    """Whether the last reply's first sentence is a shorter reply worth saying: not the whole reply again, and not
    a remark like "That's okay!" (which "Could you summarize that please?" got)."""
    return len(first.split()) > 3 and len(first) < len(said.strip())


def exact_note(text: str, earlier: Sequence[str] = ()) -> str | None:
    """'Exact result: 17 times 23 is 391.' (`exact_result`); else None. ("Calculator: ..." the model heeded as
    well, but then said "The calculator cannot divide by zero.")"""
    return f"Exact result: {result}" if (result := exact_result(text, earlier)) else None


def exact_result(text: str, earlier: Sequence[str] = ()) -> str | None:
    """'17 times 23 is 391.', for calculations (also one going on from the result of the user's words before: "And
    times three?"), unit conversions, a trip's time or distance at a speed, a runner's time at a pace or pace for a
    time, a recipe amount doubled or halved, when something that starts at a clock time ends (or must start to end on
    time) and how long from one time to another, spellings, plurals and past tenses, a shape's area or perimeter, a
    percentage and a percentage change, interest at a yearly rate, a recipe's servings scaled, a price per unit times a
    count (wages too), things at a price each summed, a drive's fuel, watts from volts and amps, a length or a weight
    cut into equal parts, a box's volume, how many things hold a total, things shared out, an amount a week over a
    year, coins in dollars, times added up, what is left of an amount, a number prime or even, its factors, two
    numbers' common factor or multiple, a linear equation solved; else None. A shape's sizes are no sum of their own
    ("a 7 x 3 rectangle" is not "7 times 3 is 21"), nor an equation's ("2x minus 4 equals 10": x is 7, not "2 times
    -4")."""
    if has_unknown(text):
        return equation_note(text)
    if shape := shape_note(text):
        return shape
    calculation = arithmetic_note(text) or split_again(text, earlier) or (
        c.note() if (c := follow_up(text, earlier)) else None
    )
    per_period = per_period_note(text, earlier)  # "9 hours a day, how many hours in a week?": not 168
    conversion = None if per_period else conversion_note(text, earlier) or comparison_note(text)
    percentage = interest_note(text, earlier) or percentage_note(text) or change_note(text, earlier)
    notes = (calculation, conversion, percentage, basket_note(text) or price_note(text) or some_for_note(text),
             coins_note(text), travel_note(text) or pace_note(text), power_note(text), parts_note(text),
             fuel_note(text) or count_needed_note(text), shared_note(text), per_period, every_note(text),
             durations_note(text), scaled_note(text), servings_note(text), arrival_note(text, earlier), span_note(text),
             volume_note(text), left_note(text), number_fact_note(text), spelling_note(text, earlier),
             word_form_note(text))
    return " ".join(note for note in notes if note) or None


# Where a user tells their birthday: "My birthday is on March 3rd.", "I was born on the 5th of May." (the day
# after it is read as the dates are: dates.said_date)
_BIRTHDAY_TOLD = re.compile(r"\b(?:my birthday(?: is|'s)|i was born)\b(?P<rest>.*)", re.IGNORECASE)
_COUNTS = re.compile(r"\bhow (many|long|soon)\b|\b(until|till)\b", re.IGNORECASE)
_ASKS_BIRTHDAY = re.compile(r"\bmy (next )?birthday\b(?! (on|is))", re.IGNORECASE)


def _with_birthday(text: str, earlier: Sequence[str]) -> str:
    """"How many days until my birthday?" with the day the user told earlier ("... on March 3"), for the dates."""
    if not _ASKS_BIRTHDAY.search(text):
        return text
    told = [day for words in earlier if (m := _BIRTHDAY_TOLD.search(words)) and (day := said_date(m["rest"]))]
    return f"{text.rstrip(' ?.!')} on {told[-1]}?" if told else text


# A question about a date, in the clause that asks: not "I have a test tomorrow, any tips?" nor "I'm going as Marie
# Curie for Halloween, what should I wear?" (each got the date as the reply's start).
_WHEN_WORDS = re.compile(
    r"\b(when|what day|which day|date|days?|weeks?|months?|how long|how soon|until|till|what year|how old|age)\b|"
    r"\b(?:is|was|will|does|did) [\w' ]{1,30}\b(?:on )?an? (?:mon|tues|wednes|thurs|fri|satur|sun)day\b"
)


def _asks_when(text: str) -> bool:
    clauses = re.split(r"(?<=[.?!;,])\s+", text.lower())
    return any(ASKING.search(c) and _WHEN_WORDS.search(c) for c in clauses)


_UNKNOWN = "not looked up"  # TurnNotes._fact's memo: None is a result (no fact)


def known_fact(text: str, earlier: Sequence[str] = (), said: str = "") -> str | None:
    """The fact the words ask for from the tables, the note's "Fact: ..." and the reply's start: a capital
    (voicebot/capitals.py) or another well-established fact (voicebot/almanac.py: "How many legs does a spider
    have?"); None for other words."""
    return capital_note(text, earlier, said) or almanac_fact(text, earlier, said)


def _guarded(note: Callable[..., str | None], *args: object) -> str | None:
    try:
        return note(*args)
    except Exception as e:  # a note is a hint: the turn goes on without it
        print(f"voicebot: no {note.__name__} for this turn ({type(e).__name__}: {e})", file=sys.stderr)
        return None


def local_clock(zone: str | None = None) -> Callable[[], datetime]:
    """The wall clock in `zone` (an IANA name the browser gave, e.g. "Europe/Paris"), else in this
    machine's zone. A name this machine does not know falls back to its own zone: a call is not refused
    over its clock."""
    where: tzinfo | None = None
    if zone:
        try:
            where = ZoneInfo(zone)
        except (ZoneInfoNotFoundError, ValueError, OSError):  # OSError: "America" names a folder of zones
            where = None
    return (lambda: datetime.now(where)) if where is not None else (lambda: datetime.now().astimezone())


@dataclass(frozen=True)
class TurnNotes:
    """The note for a user's turn. clock: the wall clock for turns about the time (None: no clock note);
    limits: say what the assistant cannot do when it is asked to, and that it knows of the user only what
    they said (quoted when they ask what it was); exact: give the exact result of a calculation, a unit
    conversion or a spelling the user asked for, and a capital or a classic fact from a table; chance: draw a
    coin flip, a die or a random number asked for; model: the language model's name for questions about the
    assistant itself (None: no such note); rate: say that the voice now speaks slower or faster when asked to
    (where it can: `Tts.rates`); entertain: a story asked for starts "Once upon a time," or the like, a joke
    is drawn from a list, "sing" gets that it cannot, each as a note and as the reply's start (`opener`;
    entertain.py), and a user who says how they feel gets a kind word first (feelings.py).
    seed: the session's, for the draws."""

    clock: Callable[[], datetime] | None = None
    limits: bool = True
    exact: bool = True
    chance: bool = True
    model: str | None = None
    rate: bool = False
    entertain: bool = True
    seed: int = field(default_factory=lambda: random.SystemRandom().getrandbits(64))
    # The last question's fact: the note, the reply's start and the turn's end each ask for it, and the tables'
    # follow-up resolution tries every pattern on many swaps (~10-30 ms on 2 AVX2 cores).
    _facts: dict[tuple[str, tuple[str, ...], str], str | None] = field(
        default_factory=dict, init=False, compare=False, repr=False
    )

    def __call__(self, text: str, turn: int = 0, earlier: Sequence[str] = (), said: str = "") -> str | None:
        """turn: the user turn's number in the session. A draw depends on the session, the turn and the
        words, so the preemptive reply and the final one see the same note and the next turn draws anew.
        earlier: the user's words before these, the last last ("Another one." after "Tell me a joke.").
        said: the assistant's last reply, for a pronoun that stands for what it named ("How tall is it?")."""
        again = earlier and about_time(earlier[-1])  # "And in Tokyo?" after the time in London; not after a language
        timed = text if about_time(text) else _guarded(time_elsewhere_again, text, earlier[-1]) if again else None
        if timed and said and (ago := _guarded(said_ago, text, said)):  # "How long ago was that?" after "... about
            timed, told = None, f"Fact: {ago}"  # 66 million years ago": no clock, which the model read out
        else:
            # "..., in 1912?" after the Titanic's year; no clock where the reply named no year (it was read out)
            timed, told = timed and with_said_year(timed, said), None
        parts = [
            told,
            self._clock(timed, earlier) if self.clock is not None and timed else None,
            limits_note(text) if self.limits else None,
            recall_note(text, earlier) if self.limits else None,
            about_note(text, self.model) if self.model else None,
            rate_note(text) if self.rate else None,
            _guarded(exact_note, text, earlier) if self.exact else None,
            f"Fact: {fact}" if self.exact and (fact := self._fact(text, earlier, said)) else None,
            _guarded(self._chance, text, turn) if self.chance else None,
            fun.note if (fun := self._entertainment(text, turn, earlier)) else None,
        ]
        return " ".join(p for p in parts if p) or None

    def opener(self, text: str, turn: int = 0, earlier: Sequence[str] = (), said: str = "") -> str | None:
        """What the reply to these words starts with, if anything (`Conversation.opener`): the story's
        opening or the joke, the reply a note gives word for word ("Are you human?", "Speak slower."),
        which told alone the model sometimes bent ("Are you a man or a woman?" -> "I am a man."), a fact or an
        exact result ("17 times 23 is 391."), that it can't or wasn't told (`limits_reply`), and, asked to say
        it again, the last reply (`said`) as it was (the model answered "Can you repeat that?" with "Yes, I can
        repeat that." and a paraphrase); asked to go on, "Also," (`_GO_ON`). The last reply, its first sentence
        ("Say that shorter.") and a kind word (feelings.py) are the whole reply (`WholeReply`): the model is not
        asked to go on."""
        if self.limits and said and _SAY_AGAIN.match(text):
            return WholeReply(said)
        if self.limits and said and _SHORTER.match(text) and _says_enough(first := first_sentence(said), said):
            return WholeReply(first)
        if fun := self._entertainment(text, turn, earlier):
            return fun.opener
        if self.limits and said and _GO_ON.match(text):
            return "Then," if said.startswith(STORY_OPENERS) else _ALSO  # a story goes on with what happened next
        if self.entertain and (kind := _guarded(feeling_reply, text)) and kind != said:  # not twice in a row
            return WholeReply(kind)
        if self.model and (reply := about_reply(text)):
            return reply
        if self.exact and (fact := self._fact(text, earlier, said)):
            return fact  # with the fact in a note alone: "Yes, Sydney is the capital of Australia."
        if self.exact and (result := _guarded(exact_result, text, earlier)):  # with the note alone, a word problem
            return result[0].upper() + result[1:]  # got the question said back, "the shirt costs $10" against 30
        if self.exact and earlier and _DOUBT.match(text) and (fact := _guarded(known_fact, earlier[-1], earlier[:-1])):
            return WholeReply(f"I'm sure. {fact}")  # a table's fact stands
        if self.limits and _NEW_TOPIC.match(text):
            return WholeReply(_WHAT_TOPIC)
        if self.limits and _PAST_TALK.search(text):
            return WholeReply(_NO_PAST)
        if self.limits and _SIGN_OFF.match(text):
            return WholeReply(_BYE)
        if self.limits and (reply := limits_reply(text, earlier) or recall_reply(text, earlier)):
            return reply
        if self.exact and said and (ago := _guarded(said_ago, text, said)):
            return ago  # "That was about 4,500 years ago.", as the reply before said it
        if self.exact and (dated := self._dated(with_said_year(text, said) or text, earlier)):
            return dated  # also "How long ago was that?" after a reply's year (it said "770 years ago" to 1256 BCE)
        between = _guarded(time_difference, text, self.clock()) if self.clock and ASKING.search(text) else None
        if between:
            return between  # "Los Angeles is 3 hours behind New York." (it said 5, the note's hours behind here)
        if self.clock and (zone := _guarded(time_zone, text, self.clock())):
            return zone  # "Iceland is on Greenwich Mean Time, ..." (it said "UTC+11")
        if self.rate and said and (reply := rate_reply(text)) and _MISSED.search(text):
            return WholeReply(f"{reply} {said}")  # "Slow down, I didn't catch that.": slower, and the reply again
        return rate_reply(text) if self.rate else None

    def known(self, text: str, earlier: Sequence[str] = (), said: str = "") -> bool:
        """Whether the words ask for a fact the tables have (a capital, a classic fact, also as a follow-up):
        a whole question, which the turn-taking need not wait on (turn_policy.decide)."""
        return self.exact and self._fact(text, earlier, said) is not None

    def _fact(self, text: str, earlier: Sequence[str], said: str = "") -> str | None:
        key = (text, tuple(earlier), said)
        if (known := self._facts.get(key, _UNKNOWN)) is not _UNKNOWN:
            return known
        fact = _guarded(known_fact, text, earlier, said)
        self._facts.clear()  # one entry: a turn's words, asked about a few times in a row
        self._facts[key] = fact
        return fact

    def _entertainment(self, text: str, turn: int, earlier: Sequence[str]) -> Entertainment | None:
        """entertain.py's note and opener; a yes to the offer made to "I'm bored." ("Sure, what do you suggest?",
        which got "You could try a new game.") asks for a fun fact, and "Another one." after it for another."""
        if not self.entertain:
            return None
        said = [*earlier, text]
        offered = [False, *(feeling_reply(w) == OFFER for w in said[:-1])]  # the reply before each was the offer
        asked = [_A_FACT if o and takes_offer(w) else w for w, o in zip(said, offered, strict=True)]
        return _guarded(entertain, asked[-1], random.Random(self.seed), turn, asked[:-1])

    def _clock(self, text: str, earlier: Sequence[str] = ()) -> str:
        """The clock, the dates the words ask about counted from it ("Christmas is 21 days from today: ..."),
        also the birthday the user told earlier (`earlier`), and the time in a place they name. A parser's bug
        costs its sentence, never the turn (the parsers are fuzzed: tests/test_arithmetic.py)."""
        assert self.clock is not None
        now = self.clock()
        dates = _guarded(date_note, _with_birthday(text, earlier), now.date())
        elsewhere = _guarded(world_clock_note, text, now)
        if dates and not elsewhere and not _ASKS_TIME.search(text):  # dates alone: no clock time, whose digits
            return f"Today is {long_date(now.date())}. {dates}"  # the 0.5B copied (at 1:07 AM "10 days" for 20)
        return " ".join(p for p in (clock_note(now), dates, elsewhere) if p)

    def _dated(self, text: str, earlier: Sequence[str]) -> str | None:
        """The first date a question asks about, said as the reply starts ("Christmas is 19 days from today: ...").
        With the note alone the model miscopied it: "the 4th of July 2020" was a Friday to it against the note's
        Saturday, and a date 90 days on in 2028 against its 2027."""
        if self.clock is None or not about_time(text) or not _asks_when(text):
            return None
        dates = _guarded(date_note, _with_birthday(text, earlier), self.clock().date())
        return first_sentence(dates) or None if dates else None

    def _chance(self, text: str, turn: int) -> str | None:
        words = " ".join(re.findall(r"[a-z0-9]+", text.lower()))  # "Flip a coin" then "Flip a coin.": one draw
        drawn = chance_note(text, random.Random(f"{self.seed}|{turn}|{words}"))
        return f"Random result: {drawn}" if drawn else None
