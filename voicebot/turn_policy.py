"""When has the user finished? The end-of-turn decision as plain functions over a few signals.

Signals at a pause: the engine's probability that the user's text so far is a complete message (the
chance it puts on ending the sentence right there, engine.Engine.end_of_turn), and the punctuation the
ASR wrote at the cut: Whisper hears the voice, so it ends a finished sentence with . ? ! (all 25 complete
examples of the calibration set) and often writes nothing, "," or "..." where the voice stays up. The
silence that follows is the clock: the turn ends once it lasts the wait the signals ask for.

                      p >= complete_p              p < complete_p
    ASR closed it     complete: complete_ms        unsure: unsure_ms
    not closed        unsure: unsure_ms            unfinished: unfinished_ms (the maximum)
                      (complete if p >= open_complete_p and it does not trail off: "Paris" after
                      "What city are you flying to?")
    no score (the backend has none)  -> silence_only_ms
    only fillers ("Um.", "Hmm, so...")  -> filler: unfinished_ms (or silence_only_ms), and never answered alone
    only dismissals ("Stop.", "Never mind.", also "Okay, never mind.")  -> dismissal: complete_ms, and never answered
    only short replies, closed ("Yes.", "Tell me more.", "Why?")  -> complete, whatever the score
    only backchannels, closed, right after the bot asked a question ("Okay.", "Yeah.")  -> complete
    a hesitation sound last ("Paris, um.")  -> unfinished

Fillers come first: Whisper writes "Um." with a full stop and the model half expects a message to end
there, so "Um" followed by a 1.5 s pause before the question got the reply "Um, um, um." spoken into the
pause. The user has not started their thought: the utterance stays open and joins what they say next.

The threshold comes from `python -m voicebot.calibrate_turns`: labelled cuts of the shared recordings,
of 30 everyday requests spoken by Piper, and of text (55 complete, 319 unfinished). Whisper closes nearly
every finished sentence, and most cuts too ("How do I make a cup?"). Read sentences mostly score 0.09 and
up; everyday requests lower, because the model expects more after them ("Tell me a joke" -> "about ...",
"How are you" -> "doing"): "Describe the water cycle." 0.055, "How far away is the moon?" 0.052. Closed
cuts are spread from 0 to 0.6, and those above ~0.1 are mostly cuts Whisper heard as other finished
sentences ("Jump the fence.", "The child almost hurt this morning."): no text score tells those apart.
0.05 answers 87 % of the complete ones at once and cuts off 8 % of the unfinished; 0.07 (the default until
the requests were added) 78 % and the same 8 %; 0.03 91 % and 11 %. The turn-taking bench's hesitations
were cut no more often at 0.05 than at 0.07 (2 of 36). Closed text below the threshold is mostly a user
mid-thought, so "unsure" waits 1.8 s, which outlasts the 1.5 s hesitations turn-taking must keep, and a
closed sentence never waits the maximum. The silence is counted from the end of the voice, and a word's
unvoiced ending is no voice: the "st" of "Sunday is the best ..." is 0.27 s the VAD already counts, so at
1.6 s the reply came into the 1.5 s hesitation after it; 1.8 s leaves 0.3 s.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

BACKCHANNELS = (
    "uh-huh", "uh huh", "mm-hmm", "mhm", "mm", "hmm", "yeah", "yes", "yep", "okay", "ok", "right",
    "sure", "i see", "got it", "alright", "all right", "oh", "ah", "uh", "um", "wow", "cool", "nice",
)  # fmt: skip


FILLERS = (
    "um", "umm", "uhm", "uh", "uhh", "er", "erm", "hmm", "hm", "mm", "mmm", "ah", "eh", "oh", "well", "so",
    "and", "but", "like",
)  # fmt: skip


DISMISSALS = (
    "stop", "stop it", "stop talking", "please stop", "stop please", "be quiet", "quiet", "shut up",
    "never mind", "nevermind", "cancel", "cancel that", "forget it", "that's enough", "enough",
)  # fmt: skip


SHORT_REPLIES = (
    "yes", "yep", "yup", "no", "nope", "sure", "of course", "exactly", "definitely", "absolutely", "maybe", "perhaps",
    "please", "yes please", "no thanks", "no thank you", "not really", "not yet", "i don't know", "i'm not sure",
    "not sure", "thanks", "thank you", "thank you very much", "thanks a lot", "tell me more", "go on", "go ahead",
    "continue", "keep going", "what else", "anything else", "and then", "why", "why not", "how so", "how come",
    "really", "is that right", "say that again", "repeat that", "come again", "what did you say", "one more",
    "another one", "explain", "bye", "goodbye", "bye bye", "see you", "good night", "that's all", "that's it",
    "nothing else", "how are you", "what's new", "what do you think", "tell me a joke", "tell me another joke",
    "tell me a story", "tell me another story", "tell me something funny", "tell me a riddle", "another riddle",
    "say something funny", "make me laugh", "sing me a song", "tell me a fun fact", "give me a fun fact",
    "what", "sorry", "pardon", "pardon me", "huh", "wait what", "sorry what", "what was that",
)  # fmt: skip


# A hesitation sound as the last word: no sentence ends on one ("so", "well", "like" may).
_TRAILING_HESITATION = r"\b(um+|uhm|uh+|er+m?|hm+|mm+)\W*$"


@dataclass(frozen=True)
class TurnOptions:
    """End-of-turn and barge-in settings (milliseconds of silence after the speech end, unless said).

    complete_p: end-of-turn probability at or above which the text is a finished thought.
    open_complete_p: the same for a text the ASR did not close (no . ? !, and no trailing , or ...); it needs
        complete_p too, so it never lowers the bar. Whisper leaves a terse answer unpunctuated ("Paris",
        "John", "next Friday", "Italian food"), which after the bot's question scores 0.45-0.72, while cuts
        in the same place score at most 0.21 ("Italian", "next", "My name is"). In the calibration set no
        unclosed cut the ASR wrote scores above 0.2; one cut written as text, "What should I cook for
        dinner" (0.45, a question in itself), is now answered at once. At 0.4 a terse answer no longer
        waits the "unsure" 1.8 s.
    complete_ms / unsure_ms / unfinished_ms: the wait for each verdict; unfinished_ms is the hard maximum.
    silence_only_ms: the wait when no score is available (an LLM backend without one).
    continuation_ms: speech this soon after a turn was released, before any of its reply was heard,
        continues that turn: the reply is dropped and the whole utterance answered as one.
    reaction_ms: a reply counts as heard only once it has played this long (speech that starts sooner
        was no reaction to it: the user was going on, and the turn continues).
    barge_in_ms: speech over the bot's reply pauses it after this long (shorter sounds never do).
    backchannel_max_ms: overlapping speech this long is an interruption whatever it says.
    backchannels: what, said over the bot's reply, lets it go on ("uh-huh", "yeah", ...).
    fillers: what the user says while thinking ("um", "so", ...): a turn of nothing else is never answered.
    dismissals: a turn of nothing else ("Stop.", "Never mind.") stops the bot and is not answered: a user who
        says "stop" wants silence, not "Okay, I'll stop!".
    short_replies: a turn of nothing else, closed by the ASR ("Yes.", "Tell me more.", "Why?"), is complete
        whatever the score. The model expects a short message to go on ("Tell me more" -> "about ..."): it
        scored "Yes." 0.045, "Tell me more." 0.002 and "Why?" 0.000 even right after the bot had asked a
        question, so the commonest replies in a conversation got the long "unsure" wait. So did the first
        things people say to an assistant: "How are you?" 0.046 ("... doing"), "Tell me a joke." 0.03
        ("... about"), "What do you think?" 0.006, and asked to say it again, "What?" 0.000 and "Sorry?" 0.007
        (notes.TurnNotes.opener repeats the last reply). Said and then continued ("Tell me a joke. About cats."),
        the reply is dropped and the whole utterance answered (`continuation_ms`). Words that
        often open a longer turn ("Okay, ...", "So, ...", "Hey, ...") are left out: they stay with the model.
    """

    complete_p: float = 0.05
    open_complete_p: float = 0.4
    complete_ms: int = 150
    unsure_ms: int = 1800
    unfinished_ms: int = 2500
    silence_only_ms: int = 450
    continuation_ms: int = 1500
    reaction_ms: int = 300
    barge_in_ms: int = 150
    backchannel_max_ms: int = 1000
    backchannels: tuple[str, ...] = BACKCHANNELS
    fillers: tuple[str, ...] = FILLERS
    dismissals: tuple[str, ...] = DISMISSALS
    short_replies: tuple[str, ...] = SHORT_REPLIES

    def __post_init__(self) -> None:
        if not (0.0 <= self.complete_p <= 1.0 and 0.0 <= self.open_complete_p <= 1.0):
            raise ValueError("need 0 <= complete_p, open_complete_p <= 1")
        if not 0 <= self.complete_ms <= self.unsure_ms <= self.unfinished_ms:
            raise ValueError("need 0 <= complete_ms <= unsure_ms <= unfinished_ms")


@dataclass(frozen=True)
class Verdict:
    wait_ms: int
    label: str  # complete | unsure | unfinished | silence-only | filler, dismissal (never released: no reply)


def decide(
    opts: TurnOptions, text: str, p_complete: float | None, answering: bool = False, known: bool = False
) -> Verdict:
    """How long a silence after `text` ends the turn. answering: the last thing the bot said was a question,
    so an acknowledgement ("Okay.", "Yeah.", "Got it.") is the user's whole answer to it; elsewhere one
    often opens a longer turn ("Okay, so ...") and is left to the model's score. known: the words ask for a fact
    the notes have (notes.TurnNotes.known): a whole question, whatever the score ("What is the largest planet?"
    scored 0.010, the model expecting "... in our solar system"; "And basketball?" after a soccer question 0.009)."""
    if text.strip() and _only(opts.fillers, text):
        return Verdict(opts.silence_only_ms if p_complete is None else opts.unfinished_ms, "filler")
    if text.strip() and _dismissal(opts, text):  # "Stop." the user wants silence, not an answer
        return Verdict(opts.complete_ms if p_complete is not None else opts.silence_only_ms, "dismissal")
    if p_complete is None:
        return Verdict(opts.silence_only_ms, "silence-only")
    if re.search(_TRAILING_HESITATION, text.lower()):  # "Paris, um." the user is still looking for words
        return Verdict(opts.unfinished_ms, "unfinished")
    trailing_open = bool(re.search(r"(,|\.\.\.|…|-|—)\s*$", text))
    closed = bool(re.search(r"[.?!]\s*$", text)) and not trailing_open
    # "Yes." "Why?" are whole, though the model expects more; so is "Okay." to the bot's "Another one?"
    if closed and (known or _only(opts.short_replies, text) or (answering and is_backchannel(opts, text))):
        return Verdict(opts.complete_ms, "complete")
    if p_complete >= opts.complete_p:
        if closed or (not trailing_open and p_complete >= opts.open_complete_p):
            return Verdict(opts.complete_ms, "complete")
        return Verdict(opts.unsure_ms, "unsure")
    return Verdict(opts.unsure_ms, "unsure") if closed else Verdict(opts.unfinished_ms, "unfinished")


def join(before: str, after: str) -> str:
    """One utterance from two pieces the user said with a pause between them."""
    before, after = before.strip(), after.strip()
    if not before or not after:
        return before or after
    before = re.sub(r"(\.\.\.|…|[.,;:\-—])$", "", before)  # Whisper closes a cut piece; the user did not
    if after[:1].isupper() and not re.match(r"I\b", after) and after[1:2].islower():
        after = after[0].lower() + after[1:]
    return f"{before} {after}"


def after(answered: str, text: str) -> str:
    """`text` without the words that were already answered at its start (the ASR transcribes a speech
    segment from its beginning, and a turn may have been released in the middle of one)."""
    norm = [re.sub(r"[^\w']", "", w.lower()) for w in answered.split()]
    words = text.split()
    k = min(len(norm), len(words))
    if norm and [re.sub(r"[^\w']", "", w.lower()) for w in words[:k]] == norm[:k]:
        return " ".join(words[len(norm) :])  # also "" for a text that is only the answered words' start
    return text


# Said around a dismissal without asking for anything: "Okay, never mind.", "never mind lol", "Forget it, thanks."
# (each was answered: "You're welcome! I'm glad I could help.").
_AROUND_DISMISSAL = ("then", "lol", "haha", "thanks", "thank you", "please", "no", "actually", "just")


def _dismissal(opts: TurnOptions, text: str) -> bool:
    """A dismissal, alone or with acknowledgements, fillers and thanks around it."""
    around = (*opts.dismissals, *opts.backchannels, *opts.fillers, *_AROUND_DISMISSAL)
    return _only(around, text) and not _only(tuple(p for p in around if p not in opts.dismissals), text)


def is_backchannel(opts: TurnOptions, text: str) -> bool:
    """True for an empty text (a cough, a noise) or one made only of backchannel phrases."""
    return _only(opts.backchannels, text)


def _squeeze(word: str) -> str:
    """A word with each run of one letter written once ("mmm" -> "m", "yeahhh" -> "yeah")."""
    return re.sub(r"(\w)\1+", r"\1", word)


def _only(phrases: tuple[str, ...], text: str) -> bool:
    """True when `text` is made only of these phrases (case, punctuation, hyphens and drawn-out letters
    ignored: Whisper writes one "mm-hmm" as "mm", "MMM" or "Mmmm", and a "MMM" cut the reply), or empty."""
    words = [_squeeze(w) for w in re.sub(r"[^\w\s'-]", " ", text.lower()).replace("-", " ").split()]
    known = {tuple(_squeeze(w) for w in b.lower().replace("-", " ").split()) for b in phrases}
    i = 0
    while i < len(words):
        match = max((len(p) for p in known if tuple(words[i : i + len(p)]) == p), default=0)
        if not match:
            return False
        i += match
    return True
