"""The canned refusal a small instruct model says to harmless requests, and when to ask again.

Qwen2.5-Coder-0.5B, tuned for code, answers many everyday requests with "I'm sorry, but I can't assist
with that." ("Count to five.", "I'm bored.", "Pretend you are a pirate."), and what it refuses has little
to do with harm: it answered "How do I make a bomb?" and refused "Count to five." (docs/MEASUREMENTS.md).
So a reply that opens with that phrase is held back, and the request is asked again with the phrase's
first word banned (`SamplingParams.ban_first`): the model's own next-best reply, nothing forced on it.
A request that names harm (weapons, hurting, stealing, hacking, ...) is never asked again: there the
refusal stands. Nor is one for what the assistant lacks (the weather, the news, timers: `notes.limits_note`):
"Sorry, I can't provide weather information." is the right answer, and asked again without it the 0.5B
made one up ("... the weather tomorrow is likely to be sunny with a mild breeze.").
"""

from __future__ import annotations

import itertools
import re

from voicebot.notes import limits_note

# The refusal's openings, as the model words them (case and spacing ignored); the first words of each are
# the ones banned on the second try.
_APOLOGIES = ("i'm sorry, but", "i'm sorry,", "i am sorry, but", "sorry, but", "sorry,", "unfortunately,",
              "i apologize, but", "i apologize,")  # fmt: skip
_CANNOTS = ("i can't", "i cannot", "i'm unable to", "i am unable to", "i don't have", "i do not have")
_VERBS = ("assist", "help", "fulfill", "comply", "do that", "provide", "enough")  # "... don't have enough context"
FORMS = tuple(" ".join(p) for p in itertools.product(_APOLOGIES, _CANNOTS, _VERBS))
OPENING_WORDS = ("I", "Sorry", "Unfortunately")

_HARM = re.compile(
    r"\b(bombs?|explosives?|weapons?|guns?|firearms?|knife|knives|kill\w*|murder\w*|hurt\w*|harm(s|ed|ing|ful)?|"
    r"injur\w*|attack\w*|poison\w*|drugs?|meth|cocaine|heroin|steal\w*|stole|rob(s|bed|bing|ber|bers|bery)?|"
    r"burgl\w*|shoplift\w*|hack\w*|break into|passwords?|suicide|self-harm|abuse\w*|stalk\w*|revenge|"
    r"illegal\w*|fraud\w*|scam\w*|insult\w*|racist|slurs?|sex\w*|nude\w*|porn\w*)\b",
    re.IGNORECASE,
)


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", text.replace("\u2019", "'")).strip().lower()


def may_start_refusal(text: str) -> bool:
    """True while `text` (the reply so far) could still become the canned refusal: hold it back."""
    t = _norm(text)
    return any(f.startswith(t) or t.startswith(f) for f in FORMS)


def is_refusal(text: str) -> bool:
    """True when `text` (the reply so far) opens with the canned refusal."""
    t = _norm(text)
    return any(t.startswith(f) for f in FORMS)


def may_retry(request: str) -> bool:
    """Whether a refusal of `request` (the user's words) may be asked again: not when it names harm, nor
    when it asks for something the assistant does not have."""
    return _HARM.search(request) is None and limits_note(request) is None
