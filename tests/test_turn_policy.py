"""The end-of-turn decision and the text helpers of turn-taking (no models)."""

import pytest

from voicebot.turn_policy import TurnOptions, Verdict, after, decide, is_backchannel, join

OPTS = TurnOptions(complete_p=0.05, complete_ms=150, unsure_ms=1600, unfinished_ms=2500)


@pytest.mark.parametrize(
    ("text", "p", "label", "wait"),
    [
        ("What is the capital of France?", 0.4, "complete", 150),
        ("What is the capital of", 0.0001, "unfinished", 2500),
        ("A thin stripe runs down the middle.", 0.001, "unsure", 1600),  # closed: never the maximum
        ("Men the coat.", 0.03, "unsure", 1600),  # closed, but the model doubts it
        ("Turn off the lights", 0.02, "unfinished", 2500),  # neither the ASR nor the model calls it done
        ("Turn off the lights", 0.3, "unsure", 1600),  # likely complete, but the ASR did not close it
        ("Paris", 0.5, "complete", 150),  # unclosed, but the model is sure: a terse answer to the bot's question
        ("So the thing is...", 0.9, "unsure", 1600),  # however sure the model, the voice trailed off
        ("Thank you,", 0.02, "unfinished", 2500),  # the ASR heard the voice stay up
        ("So the thing is...", 0.3, "unsure", 1600),  # a likely ending, but written as trailing off
        ("Anything", None, "silence-only", 450),
    ],
)
def test_decide_maps_score_and_punctuation_to_a_wait(text: str, p: float | None, label: str, wait: int) -> None:
    v = decide(OPTS, text, p)
    assert (v.label, v.wait_ms) == (label, wait)


def test_options_reject_unordered_thresholds() -> None:
    with pytest.raises(ValueError):
        TurnOptions(complete_p=1.5)
    with pytest.raises(ValueError):
        TurnOptions(complete_ms=900, unsure_ms=500)
    with pytest.raises(ValueError):
        TurnOptions(open_complete_p=1.2)


def test_unclosed_words_need_both_thresholds() -> None:
    strict = TurnOptions(complete_p=0.6, open_complete_p=0.4)  # a user's stricter complete_p still holds
    assert decide(strict, "Paris", 0.5).label == "unfinished"  # below complete_p, and not closed
    assert decide(strict, "Paris", 0.7).label == "complete"


def test_join_makes_one_sentence_of_two_pieces() -> None:
    assert join("I need to find a...", "New flat near the station.") == "I need to find a new flat near the station."
    assert join("Can you tell me,", "I mean, the time?") == "Can you tell me I mean, the time?"
    assert join("", "Hello.") == "Hello."
    assert join("Paris.", "") == "Paris."


# "MMM", "Mmmm-hmm.": how Whisper writes one Piper "Mm-hmm." from one run to the next (a "MMM" cut the reply)
@pytest.mark.parametrize(
    "text", ["Uh-huh.", "Yeah.", "okay okay", "Mm-hmm, right.", "", "I see.", "MMM", "Mmmm-hmm.", "Yeahhh."]
)
def test_backchannels_and_noise_are_recognised(text: str) -> None:
    assert is_backchannel(OPTS, text)


@pytest.mark.parametrize(
    "text", ["Wait, stop.", "Yeah, but what about Germany?", "No.", "Okay, tell me more.", "Mom.", "Mmm, I disagree."]
)
def test_real_words_are_not_backchannels(text: str) -> None:
    assert not is_backchannel(OPTS, text)


def test_backchannel_list_is_configurable() -> None:
    assert not is_backchannel(TurnOptions(backchannels=("uh-huh",)), "Yeah.")


def test_after_drops_the_answered_words_at_the_start_of_a_segment_text() -> None:
    answered = "Jump the fence and hurry up."
    assert after(answered, "Jump the fence, and hurry up the bank.") == "the bank."
    assert after(answered, "Jump the fence") == ""  # a partial that has not got past them yet
    assert after(answered, "Stop the fence") == "Stop the fence"  # not the answered segment's text
    assert after("", "the bank") == "the bank"


@pytest.mark.parametrize("text", ["Um.", "Uh, um...", "Hmm.", "So,", "Well, um."])
def test_fillers_alone_wait_the_maximum(text: str) -> None:
    assert decide(OPTS, text, 0.6) == decide(OPTS, text, 0.0001)
    assert (decide(OPTS, text, 0.6).label, decide(OPTS, text, 0.6).wait_ms) == ("filler", 2500)
    assert decide(OPTS, text, None).label == "filler"


@pytest.mark.parametrize("text", ["Um, what time is it?", "So what is the capital of France?", "Yeah.", "No."])
def test_words_beside_fillers_are_decided_as_usual(text: str) -> None:
    assert decide(OPTS, text, 0.6).label == "complete"


@pytest.mark.parametrize("text", ["I want to go to Paris, um.", "What is the, uh...", "Book it for Tuesday, hmm."])
def test_a_hesitation_sound_at_the_end_means_unfinished(text: str) -> None:
    assert decide(OPTS, text, 0.6).label == "unfinished"


@pytest.mark.parametrize("text", ["I think so.", "I feel well.", "The drum."])
def test_sentences_ending_in_ordinary_words_are_not_hesitations(text: str) -> None:
    assert decide(OPTS, text, 0.6).label == "complete"


def test_a_dismissal_is_decided_at_once_and_never_answered() -> None:
    opts = TurnOptions()
    for text in ("Stop.", "Stop it!", "Never mind.", "Be quiet, please stop.", "Cancel that.",
                 "Okay, never mind.", "never mind lol", "Oh, never mind.", "Forget it, thanks."):  # fmt: skip
        # (with words around it, the model answered "You're welcome! I'm glad I could help.")
        assert decide(opts, text, 0.01).label == "dismissal", text
    for text in ("Stop the music.", "Never mind the weather, what time is it?", "Cancel my meeting.", "",
                 "Okay, thanks.", "No."):  # fmt: skip
        assert decide(opts, text, 0.5).label != "dismissal", text
    assert decide(opts, "Stop.", None) == Verdict(opts.silence_only_ms, "dismissal")
    assert decide(TurnOptions(dismissals=()), "Stop.", 0.5).label == "complete"  # configurable, and off


def test_a_short_reply_closed_by_the_asr_is_complete_whatever_the_score() -> None:
    opts = TurnOptions()
    for text in ("Yes.", "No, thank you.", "Tell me more.", "Why?", "Yes, please.", "I don't know.", "Goodbye!",
                 "Yessss.", "How are you?", "Tell me a joke.", "What?", "Sorry?", "Pardon?"):  # fmt: skip
        assert decide(opts, text, 0.002) == Verdict(opts.complete_ms, "complete"), text
    for text in ("Yes", "Tell me more,", "Why...", "Okay.", "Tell me more about Paris.", "Yes, Paris.", "Um, why?",
                 "Tell me a joke about", "What"):  # fmt: skip
        assert decide(opts, text, 0.002).label != "complete", text  # not closed, or more than a short reply
    assert decide(opts, "Thank you.", None).label == "silence-only"  # no score: the fixed silence
    assert decide(TurnOptions(short_replies=()), "Yes.", 0.002).label == "unsure"  # configurable, and off


def test_an_acknowledgement_answers_a_question_the_bot_asked() -> None:
    """ "Okay." / "Yeah." right after the bot asked something is the whole answer; elsewhere the model decides
    ("Okay, so ..." often opens a longer turn)."""
    opts = TurnOptions()
    for text in ("Okay.", "Yeah.", "Alright!", "Okay, sure.", "Got it."):
        assert decide(opts, text, 0.01, answering=True) == Verdict(opts.complete_ms, "complete"), text
        assert decide(opts, text, 0.01).label == "unsure", text  # no question before it
    for text in ("Okay", "Okay, so.", "Okay, what about Rome?", "Yeah,"):  # not closed, or more than that
        assert decide(opts, text, 0.01, answering=True).label != "complete", text
    assert decide(opts, "Hmm.", 0.6, answering=True).label == "filler"  # thinking about it: no answer yet


def test_a_question_the_notes_know_is_complete_whatever_the_score() -> None:
    assert decide(OPTS, "What is the largest planet?", 0.01).label == "unsure"
    assert decide(OPTS, "What is the largest planet?", 0.01, known=True).label == "complete"
    assert decide(OPTS, "And basketball", 0.01, known=True).label == "unfinished"  # not closed: the voice stayed up
