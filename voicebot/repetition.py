"""Where a reply starts going round in circles.

Small models decoded greedily fall into loops ("sunscreen, sunscreen, sunscreen, ..." until
`max_tokens`; a poem line said again and again). Read aloud, a loop is the worst kind of answer: it
goes on for many seconds and the user has to talk over it. The LLM stage stops a reply where its loop
begins (`loop_start`), on the text, so it works the same with any backend. The rules are on words
(case and punctuation ignored) and set so that ordinary speech never trips them:

- a run of `SPAN_WORDS` (6) words the reply already said, anywhere: no answer repeats six words in a
  row verbatim unless it repeats itself;
- a shorter unit of 1-5 words said three times in a row ("no, no, no" is cut to "no,"), unless it is numbers
  alone (a sum: "$84 + $84 + $84").

Words that may be a loop's start are held back until it is clear (`repeating_tail`): the rules fire only on
the sixth repeated word (or the third unit), and the five before it had gone to the voice ("a pair of
sunglasses, a pair of sunglasses," ended a cut reply).

A reply can also go round across turns: asked a follow-up, the 0.5B often says its last reply again
("Is it scary at all?" -> "The Last of Us is a classic that's suitable for children..." once more; "No, I
mean in feet." -> the same height in meters). A reply that opens with the last reply's first
`OPENING_WORDS` (5) words, to a request that does not ask for it again, is a repeat (`opens_as`): held
back as it grows (`may_open_as`), it is asked again by the engine backend without the last reply in the
prompt (voicebot/llm.py). With only its first word banned, the model went on copying after another one.
"""

from __future__ import annotations

import re

SPAN_WORDS = 6
SHORT_REPEATS = 3
OPENING_WORDS = 5  # "The capital of Spain is" after "The capital of France is" differs at the fourth
_WORD = re.compile(r"[\w']+")
_AGAIN = re.compile(r"\b(again|repeat\w*|same|once more|one more time)\b", re.IGNORECASE)


def loop_start(text: str) -> int | None:
    """The character offset where the repetition begins (the start of the repeated words' second
    occurrence), or None. Looks only at the end of `text`: call it as the reply grows."""
    matches = list(_WORD.finditer(text))
    words = [m.group().lower() for m in matches]
    n = len(words)
    starts: list[int] = []
    if n > SPAN_WORDS:
        tail = words[-SPAN_WORDS:]
        for i in range(n - SPAN_WORDS):
            if words[i : i + SPAN_WORDS] == tail:
                starts.append(n - SPAN_WORDS)
                break
    for unit in range(1, SPAN_WORDS):
        if n >= unit * SHORT_REPEATS:
            last = words[n - unit :]
            if all(w.isdigit() for w in last):  # a sum: "$84 + $84 + $84 + $84" (a run of numbers: the span rule)
                continue
            if all(words[n - unit * (k + 1) : n - unit * k] == last for k in range(1, SHORT_REPEATS)):
                starts.append(n - unit * (SHORT_REPEATS - 1))
    return matches[min(starts)].start() if starts else None


def repeating_tail(text: str) -> int | None:
    """The character offset of the words at the end of `text` that may be starting a loop: 1-5 words the
    reply already said; None if there are none. Held back, they are said once the next word shows there is
    no loop (a word or two later: "the" again, then a new word), and dropped if there is."""
    matches = list(_WORD.finditer(text))
    words = [m.group().lower() for m in matches]
    n = len(words)
    for k in range(min(SPAN_WORDS - 1, n - 1), 0, -1):  # the longest first
        if any(words[i : i + k] == words[n - k :] for i in range(n - k)):
            return matches[n - k].start()
    return None


def may_retry_repeat(request: str, last_reply: str) -> bool:
    """Whether a reply to `request` that opens as `last_reply` did would be a repeat worth asking again:
    the last reply is long enough to tell, and the request does not ask for it again ("Say that again.",
    "The same, but shorter.")."""
    return len(_WORD.findall(last_reply)) >= OPENING_WORDS and _AGAIN.search(request) is None


def may_open_as(text: str, last_reply: str) -> bool:
    """True while `text` (a reply so far) could still open with `last_reply`'s first words: hold it back.
    The last word of `text` may be cut mid-token ("The capi")."""
    first, words = _lower_words(last_reply)[:OPENING_WORDS], _lower_words(text)
    complete = words[:-1] if text and _WORD.match(text[-1]) else words
    if len(first) < OPENING_WORDS or complete[:OPENING_WORDS] != first[: len(complete[:OPENING_WORDS])]:
        return False
    return len(complete) >= OPENING_WORDS or len(complete) == len(words) or first[len(complete)].startswith(words[-1])


def opens_as(text: str, last_reply: str, ended: bool = False) -> bool:
    """True when `text` opens with `last_reply`'s first `OPENING_WORDS` words (case and punctuation
    ignored); its last word counts only once a space or mark follows it, or the reply `ended`."""
    words = _lower_words(text)
    if not ended and text and _WORD.match(text[-1]):
        words = words[:-1]
    first = _lower_words(last_reply)[:OPENING_WORDS]
    return len(first) == OPENING_WORDS and words[:OPENING_WORDS] == first


def _lower_words(text: str) -> list[str]:
    return [w.lower() for w in _WORD.findall(text)]
