"""Conversation history: a barge-in keeps only what the user heard."""

import itertools

from voicebot.conversation import Conversation, heard_prefix


def test_heard_prefix_cuts_inside_the_phrase_that_was_playing() -> None:
    spoken = [("Hello there.", 1000), ("I can help you with that today.", 3000)]
    assert heard_prefix(spoken, 0) == ""
    assert heard_prefix(spoken, 1000) == "Hello there."
    assert heard_prefix(spoken, 2500) == "Hello there. I can help"  # 1500/3000 of 7 words -> 3
    assert heard_prefix(spoken, 10_000) == "Hello there. I can help you with that today."


def test_record_reply_replaces_an_interrupted_reply() -> None:
    conv = Conversation("sys", history_turns=2)
    conv.add_user(1, "hi")
    conv.record_reply(1, "Hello, how can I help you today?")
    conv.record_reply(1, "Hello, how")  # barge-in: only this was heard
    conv.add_user(2, "what time is it")
    assert conv.prompt() == [
        {"role": "system", "content": "sys"},
        {"role": "user", "content": "hi"},
        {"role": "assistant", "content": "Hello, how"},
        {"role": "user", "content": "what time is it"},
    ]


def test_unheard_reply_leaves_no_assistant_message_and_history_is_bounded() -> None:
    conv = Conversation("sys", history_turns=1)
    for i in range(4):
        conv.add_user(i, f"q{i}")
        conv.record_reply(i, f"a{i}")
    conv.record_reply(3, "")  # nothing of the last reply was heard
    conv.add_user(4, "q4")
    roles = [m["role"] for m in conv.prompt()]
    assert roles[0] == "system" and roles[1] == "user"
    assert {"role": "assistant", "content": "a3"} not in conv.prompt()
    assert conv.prompt()[-1] == {"role": "user", "content": "q4"}
    assert len(conv.prompt()) <= 1 + 3


def test_retract_removes_a_merged_turn_entirely() -> None:
    conv = Conversation("sys")
    conv.add_user(1, "ask not what your country can do for you")
    conv.record_reply(1, "")  # cancelled before anything was heard
    conv.retract(1)
    conv.add_user(2, "ask not what your country can do for you, ask what you can do")
    merged = "ask not what your country can do for you, ask what you can do"
    assert [m["content"] for m in conv.prompt()][1:] == [merged]


def test_history_is_dropped_in_blocks_so_the_prompt_start_stays_stable() -> None:
    conv = Conversation("sys", history_turns=4)
    firsts, sizes = [], []
    for i in range(12):
        conv.add_user(i, f"q{i}")
        prompt = conv.prompt()
        firsts.append(prompt[1]["content"])
        sizes.append(sum(m["role"] == "user" for m in prompt) - 1)  # past exchanges kept
        conv.record_reply(i, f"a{i}")
    assert max(sizes) == 4 and min(sizes[5:]) == 3  # never over the window, never far under it
    # The first kept message changes only every other turn (blocks of history_turns // 2), not every turn.
    changes = sum(a != b for a, b in itertools.pairwise(firsts))
    assert changes == 4, firsts


def test_a_long_session_keeps_memory_bounded_and_prompts_unchanged() -> None:
    from voicebot.conversation import Conversation

    kept, full = Conversation("sys", history_turns=4), []
    for t in range(1, 101):
        kept.add_user(t, f"question {t}")
        kept.record_reply(t, f"answer {t}")
        full += [{"role": "user", "content": f"question {t}"}, {"role": "assistant", "content": f"answer {t}"}]
        tags = [i // 2 + 1 for i in range(len(full))]
        reference = Conversation("sys", history_turns=4, messages=list(full), _turns=tags)
        assert kept.prompt() == reference.prompt(), t
        assert kept.prompt(pending="next?") == reference.prompt(pending="next?"), t
    assert len(kept.messages) <= 2 * (4 + 2 + 1)


def test_a_prompt_too_long_for_the_context_drops_whole_blocks_until_it_fits() -> None:
    """`fits` (the backend's context) cuts deeper than `history_turns` when turns are long, still in whole
    blocks: between two drops every prompt starts the same, so the cached prefix holds."""
    budget = 120  # characters, standing in for tokens
    conv = Conversation("sys", history_turns=8, fits=lambda m: sum(len(x["content"]) for x in m) <= budget)
    firsts = []
    for i in range(20):
        conv.add_user(i, f"question number {i:02d}")  # 18 characters
        prompt = conv.prompt()
        assert sum(len(x["content"]) for x in prompt) <= budget, i
        assert prompt[-1]["content"] == f"question number {i:02d}"
        firsts.append(prompt[1]["content"])
        conv.record_reply(i, f"answer {i:02d}")  # 9 characters
    starts = [i for i, (a, b) in enumerate(itertools.pairwise(firsts), 1) if a != b]
    assert starts and all(b - a >= 2 for a, b in itertools.pairwise(starts)), firsts  # blocks of 4, not 1


def test_a_last_message_too_long_on_its_own_is_still_sent() -> None:
    conv = Conversation("sys", history_turns=4, fits=lambda m: False)
    conv.add_user(1, "hello")
    conv.record_reply(1, "hi")
    assert conv.prompt(pending="x" * 10_000) == [
        {"role": "system", "content": "sys"},
        {"role": "user", "content": "x" * 10_000},
    ]  # the backend then says what is wrong


def test_a_turn_about_the_time_starts_with_the_clock_and_keeps_it() -> None:
    """The note goes before a turn about the time or date, stays with that turn in the history (so the cached
    prefix holds), leaves with it when the turn is retracted or dropped, and `prompt(pending)` is what
    `add_user` then `prompt()` give."""
    from datetime import datetime

    from voicebot.notes import TurnNotes

    minutes = iter(range(60))
    clock = lambda: datetime(2026, 12, 3, 18, next(minutes))  # noqa: E731
    conv = Conversation("sys", history_turns=2, note=TurnNotes(clock))
    conv.add_user(1, "Say hello.")
    conv.record_reply(1, "Hello!")
    pending = conv.prompt(pending="What time is it?")
    assert pending[-2:] == [
        {"role": "system", "content": "Now: 6:00 PM, Thursday, December 3, 2026."},
        {"role": "user", "content": "What time is it?"},
    ]
    conv.add_user(2, "What time is it?")
    assert conv.prompt()[:-2] == pending[:-2] and conv.prompt()[-1] == pending[-1]
    assert conv.prompt()[-2] == {"role": "system", "content": "Now: 6:01 PM, Thursday, December 3, 2026."}
    conv.record_reply(2, "It is 6:01 PM.")
    conv.add_user(3, "Thanks.")  # not about the time: no note
    assert [m["role"] for m in conv.prompt()] == ["system", "user", "assistant", "system", "user", "assistant", "user"]
    conv.retract(3)
    conv.add_user(4, "And what day is it?")
    assert [m["role"] for m in conv.prompt()][-2:] == ["system", "user"]
    for t in range(5, 9):  # the window drops turn 2 with its note: no note is left without its turn
        conv.record_reply(t - 1, "ok")
        conv.add_user(t, f"question {t}")
        prompt = conv.prompt()
        users = [i for i, m in enumerate(prompt) if m["role"] == "user"]
        notes = [i for i, m in enumerate(prompt) if m["role"] == "system" and i]
        assert all(i + 1 in users for i in notes), prompt
        assert len(users) <= 3
    assert not any(m["content"].startswith("Now: 6:01") for m in conv.messages)

