"""A question asked inside a sentence, said as the question itself: what the model and the notes are given.

People ask for someone else, or wrap a question in what they feel: "My daughter wants to know why the sky is
blue.", "I can never remember what the capital of Australia is.", "Someone at work was asking when the dinosaurs
died out, and nobody knew." The 0.5B answered the wrapper: "She might be looking for a reason to believe that the
sky is blue", "Your little one might want to know which part of your body pumps the blood around", "The kids were
debating which is the smallest planet" said back. Given the question alone ("Why is the sky blue?") it answers it,
and the notes' tables match its usual word order. On 50 such questions written blind for the check, 31 useful
replies before, 36 with the question alone, 33 with it in a note beside the words (docs/MEASUREMENTS.md,
thirty-first session).
"""

from __future__ import annotations

import re

__all__ = ["direct_question"]

# What wraps the question: someone wants to know, asked, wonders, forgets, argues about ... Not "I don't know what
# you mean" nor "I'm not sure what to say": the words themselves ask nothing of the world.
_WANTS_TO_KNOW = (
    r"wants? to know|wanted to know|(?:would|'d) (?:really )?(?:like|love) to know|love to know|"
    r"keeps? asking(?: me| us)?|kept asking(?: me| us)?|(?:is|was|were|are|'s) asking(?: me| us)?|asked(?: me| us)?|"
    r"asks(?: me| us)?|(?:is|was|were|am|are|'m|just) curious(?: about)?|wondering|wondered|wonders?|"
    r"can never remember|can't remember|never remember|always forget|forget|forgot|"
    r"trying to (?:figure out|work out|remember)|debating|arguing(?: about)?|an argument about|a bet about|"
    r"homework asks|project asks|can't agree (?:on|about)|don't know(?= how (?:many|much|far|long|old|big|tall))"
)
_WRAPPED = re.compile(
    rf"^(?P<lead>.*?)\b(?:(?:really|just|always|honestly|actually|still)\s+)?(?:{_WANTS_TO_KNOW})\W+(?P<asked>(?:what|why|how|which|where|when|who|whose|whether|if)\b.*)$",
    re.IGNORECASE,
)
# Where the asked clause ends: ", and I wasn't sure", ", since it's not a fish", " and nobody knew".
_CLAUSE_END = re.compile(
    r"(?:,\s*(?:and|but|since|because|so|or|i|we)\b|\s+and (?:i|we|nobody|no one|none of us)\b|[.?!;:]).*$",
    re.IGNORECASE,
)
_COPULAS = frozenset({"is", "are", "was", "were"})
_SUBJECT_STARTS = frozenset({
    "the", "a", "an", "my", "your", "our", "his", "her", "its", "their", "this", "that", "these", "those", "it",
    "we", "they", "he", "she", "there",
})  # fmt: skip
# What follows "how" as part of the question word: "how many bones are ...", "how far away is ...".
_HOW_WORDS = frozenset({
    "many", "much", "far", "long", "old", "big", "tall", "often", "fast", "deep", "high", "heavy", "hot", "cold",
    "large", "small", "wide", "quickly", "soon",
})  # fmt: skip
_PRONOUNS = {"it": "does", "he": "does", "she": "does", "we": "do", "they": "do"}
_LEAD_WORDS = 10  # a longer lead is a story with a question in it, left as it is


def direct_question(text: str) -> str | None:
    """The question the words ask inside a sentence, as one asks it ("Why is the sky blue?"); None where they
    ask none that way, or ask it directly already."""
    wrapped = _WRAPPED.match(" ".join(text.split()))
    if wrapped is None or len(wrapped["lead"].split()) > _LEAD_WORDS:
        return None
    asked = wrapped["asked"]
    end = _CLAUSE_END.search(asked)
    after = asked[end.start() :] if end else ""
    # what follows a full stop is said on ("Can you explain it simply?"); what follows a comma is about the user
    after = after[1:].strip() if after[:1] in (".", "?", "!") else ""
    words = asked[: end.start()].split() if end else asked.split()
    if len(words) < 2 or words[1].lower() in ("to", "you", "i"):  # "what to do", "what you mean", "what I said"
        return None
    if words[0].lower() in ("if", "whether"):
        words = _yes_or_no(words[1:])
        if words is None:
            return None
    else:
        words = _inverted(words)
    said = " ".join(words)
    return f"{said[0].upper()}{said[1:]}?" + (f" {after}" if after else "")


def _inverted(words: list[str]) -> list[str]:
    """The asked clause in a question's order: "what the capital of Australia is" -> "what is the capital of
    Australia", "why the sky is blue" -> "why is the sky blue", "how long it takes" -> "how long does it take".
    Where the question word is the subject ("which ocean is the largest", "who wrote Hamlet") or a noun is and
    no "is" follows ("what temperature water freezes at"), the order stays: the model reads it as a question."""
    lowered = [w.lower() for w in words]
    if lowered[:2] == ["how", "come"]:  # "how come the sky is blue" asks in that order
        return words
    subject = next((i for i in range(1, len(words)) if lowered[i] in _SUBJECT_STARTS), None)
    if subject is None and lowered[0] in ("how", "why", "where", "when") and lowered[1] not in _HOW_WORDS:
        subject = 1  # "how rainbows are made" -> "how are rainbows made"; not "how many bones are ..."
    if subject is None:
        return words
    copula = next((i for i in range(subject + 1, len(words)) if lowered[i] in _COPULAS), None)
    if copula is not None and all(w not in _COPULAS for w in lowered[1:subject]):
        return [*words[:subject], lowered[copula], *words[subject:copula], *words[copula + 1 :]]
    if lowered[subject] in _PRONOUNS and subject + 1 < len(words):  # "how long it takes", "why we have"
        verb = _base(lowered[subject + 1], lowered[subject])
        if verb is not None:
            return [*words[:subject], _PRONOUNS[lowered[subject]], words[subject], verb, *words[subject + 2 :]]
    return words


def _yes_or_no(words: list[str]) -> list[str] | None:
    """"whether bats are blind" -> "are bats blind"; None where no "is" or "are" says how to ask it."""
    lowered = [w.lower() for w in words]
    copula = next((i for i, w in enumerate(lowered) if w in _COPULAS), None)
    if copula is None or copula == 0:
        return None
    return [lowered[copula], *words[:copula], *words[copula + 1 :]]


_IRREGULAR = {"has": "have", "does": "do", "goes": "go", "have": "have", "do": "do", "go": "go"}


def _base(verb: str, pronoun: str) -> str | None:
    """The verb's plain form after "does" or "do" ("takes" -> "take"); None where the word is no verb this knows
    to be one (an adverb, a past tense, "can")."""
    if verb in _IRREGULAR:
        return _IRREGULAR[verb]
    if _PRONOUNS[pronoun] == "does":
        if not verb.endswith("s") or verb.endswith("ss"):
            return None
        return verb[:-2] if verb.endswith(("ches", "shes", "xes", "zes")) else verb[:-1]
    # after we / they the word is the plain form already: "why we have", "how they make"
    return verb if re.fullmatch(r"[a-z]+", verb) and not verb.endswith(("ed", "ly")) and verb not in _MODALS else None


_MODALS = frozenset({"can", "could", "will", "would", "should", "must", "might", "may", "shall", "all", "both", "each"})
