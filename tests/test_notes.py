"""voicebot.notes: which turns get a note, and what it says."""

from __future__ import annotations

from datetime import UTC, datetime

from voicebot.conversation import WholeReply
from voicebot.notes import (
    TurnNotes,
    about_time,
    clock_note,
    exact_result,
    known_fact,
    limits_note,
    local_clock,
    model_label,
)


def test_the_clock_note_reads_as_people_say_it() -> None:
    assert clock_note(datetime(2026, 12, 3, 0, 5)) == "Now: 12:05 AM, Thursday, December 3, 2026."
    assert clock_note(datetime(2027, 2, 28, 12, 0)) == "Now: 12:00 PM, Sunday, February 28, 2027."
    asks = ["What time is it?", "What's the date today?", "Good morning!", "What day of the week is it?"]
    assert all(about_time(t) for t in asks)
    units = ["How many days are there in a week?", "What is 15 times 12?", "May I ask something?"]
    assert not any(about_time(t) for t in [*units, "What's new?", "Tell me a joke."])
    # of an event in the past, not of now ("What year was that?" got the clock, read out: "3:21 PM, Sunday, ...")
    past = ["What year was that?", "What year did that happen?", "Which year was the Eiffel Tower built?"]
    assert not any(about_time(t) for t in past)
    assert all(about_time(t) for t in ["What day was it yesterday?", "What year was I born?", "What year is it?"])
    # a rate, and "time" not of the clock ("How much water should I drink in a day?" got "In 1 day it will be")
    others = ["How much water should I drink in a day?", "How often should I feed it in a week?",
              "Something about cats this time.", "Read them one at a time.", "Got some free time?"]  # fmt: skip
    assert not any(about_time(t) for t in others)
    calendar = ["What's the date in a week?", "What day will it be in three days?", "Is this a good time to call?",
                "Is this time of year good for planting?"]  # fmt: skip
    assert all(about_time(t) for t in calendar)
    assert local_clock("Asia/Tokyo")().utcoffset().total_seconds() == 9 * 3600
    for unknown in ("Not/A_Zone", "America", "../etc"):  # "America" is a folder of zones (a 500 in serve before)
        assert local_clock(unknown)().tzinfo is not None, unknown  # unknown here: its own zone, no error


def test_requests_for_what_it_lacks_get_a_note_and_questions_about_them_do_not() -> None:
    requests = {
        "Set a timer for ten minutes.": "timers",
        "Remind me to call my mom at five.": "reminders",
        "What's the weather like tomorrow?": "weather",
        "Play some music.": "music",
        "Call my sister.": "phone",
        "Turn on the living room lights.": "lights",
        "Add milk to my shopping list.": "lists",
        "What is 100 dollars in euros?": "exchange rates",
        "How much is 20 pounds in dollars?": "exchange rates",
        "Order me a pizza.": "order",
        "Can you book a table for two tonight?": "book",
        "Send fifty dollars to John.": "pay",
        "Lock the front door.": "doors",
        "Take a picture of me.": "camera",
        "What's my bank balance?": "accounts",
        "Read my last email.": "messages",
        "Where am I right now?": "where anyone is",
        "What's the traffic like on my way to work?": "live information",
        "Is the pharmacy open today?": "live information",
        "What's a good restaurant near me?": "places near the user",  # it named three museums, in New York
        "Is there a gas station around here?": "places near the user",
        "Is it going to rain?": "weather",
        "Is the weather going to be nice tomorrow?": "weather",
        "Tell me what the weather will be tomorrow.": "weather",
        "How do I get the weather forecast?": "weather",  # live information, however asked
        "Remind me about the meeting.": "reminders",
        "What's the weather like in Madrid?": "weather",
        "What will the weather be like this July?": "weather",
        "Book me a flight to Rome.": "book",
    }
    for text, lacks in requests.items():
        note = limits_note(text)
        assert note is not None and lacks in note and "can't" in note, (text, note)
        assert TurnNotes(None).opener(text) == "Sorry, I'm offline, so I can't", text  # the model finishes it
    questions = [
        "At what temperature in Celsius does water freeze?", "Why does it rain?", "What is weather?",
        "How does an alarm clock work?", "What is a thermostat?", "Who won the World Cup in 2018?",
        "How do I call a function in Python?", "Can you play a word game with me?",
        "Convert 10 pounds to kilograms.", "I have 20 dollars to spend on dinner.",
        "How do I book a flight?", "How can I check my bank balance?", "My email is full, what should I do?",
        "Why do doors squeak?", "What causes traffic jams?", "Can you recommend a book to read?",
        "I want to buy a house, any advice?", "What is a horoscope?", "I live near here.",
        "What is the nearest star to Earth?", "My sister lives close to me.",
        "Recommend a book for a long flight.",  # a book, not booking ("book ... flight" refused it)
        "What's the weather usually like in July in Madrid?", "What's the weather like in winter in Norway?",
        # how to do it, not doing it (each was "Sorry, I'm offline, so I can't")
        "How do I set an alarm on my iPhone?", "How do I text my mom a photo?",
        "Show me how to set a timer on my phone.", "Remind me what the capital of Peru is.",
        # the weather told, not asked for
        "We're going hiking tomorrow and the weather will be cold. What should I wear?",
        "Which one do I use? The weather will affect our plans.",
    ]  # fmt: skip  (the weather a place has in a month or season is its climate, which the model knows)
    assert [t for t in questions if limits_note(t)] == []
    assert [t for t in questions if TurnNotes(None, exact=False).opener(t)] == []  # (facts aside: the nearest star)
    assert TurnNotes(None, limits=False).opener("Play some music.") is None


def test_a_question_about_the_users_own_facts_starts_with_what_it_was_told() -> None:
    notes = TurnNotes(None)
    for asked in ("What's my name?", "How old am I?", "What did I have for breakfast?", "What am I wearing?"):
        note = notes(asked)
        assert note is not None and "only what they said" in note, asked
        assert notes.opener(asked) == "You haven't told me", asked  # the model made up "John", "25 years old"
    # told earlier, the history answers it ("You told me your name is Maria."; alone it said "My name is Maria.")
    # a name they gave starts the reply whole: started "You told me", the model once finished "... your name is
    # Voicebot" (its own, asked earlier in the talk)
    assert notes.opener("What's my name?", 1, ["Hi, I'm Maria."]) == "You told me your name is Maria."
    assert notes.opener("What's my name?", 1, ["My name is Mary Jane Watson."]) == (
        "You told me your name is Mary Jane Watson."
    )
    assert notes.opener("Who am I?", 2, ["I'm Sam.", "Actually, call me Samuel."]) == "You told me your name is Samuel."
    assert notes.opener("What's my name?", 1, ["my name is maria"]) == "You told me"  # no name to take: the history
    assert notes.opener("What's my name?", 1, ["I'm French."]) == "You told me"  # (a word that only looks like one)
    told = ["Hi, my name is Maria and I am 34."]
    assert notes.opener("How old am I?", 1, told) == "You told me"
    assert notes.opener("What's my job?", 1, told) == "You haven't told me"  # ("... that I am 34 years old.")
    assert notes.opener("What's my name?", 1, ["I'm tired.", "Tell me a joke."]) == "You haven't told me"
    assert notes.opener("What's your name?") is None and notes("What's the name of this song?") is None
    assert TurnNotes(None, limits=False).opener("What's my name?") is None


def test_a_turn_gets_one_note_with_what_it_needs() -> None:
    notes = TurnNotes(lambda: datetime(2026, 12, 3, 7, 30))
    both = notes("Set an alarm for tomorrow morning.")
    assert both is not None and both.startswith("Now: 7:30 AM, Thursday") and "alarms" in both
    assert notes("Why do people yawn?") is None  # a question no table answers
    assert TurnNotes(None, limits=False)("What time is it? And play some music.") is None


def test_a_calculation_gets_its_result_and_can_be_turned_off() -> None:
    note = TurnNotes(None)("What is 17 times 23?")
    assert note == "Exact result: 17 times 23 is 391."
    assert TurnNotes(None)("How many kilometers is 10 miles?") == "Exact result: 10 miles is about 16 kilometers."
    assert TurnNotes(None, exact=False)("What is 17 times 23?") is None
    assert TurnNotes(None)("Tell me about the number 17.") is None


def test_questions_about_the_assistant_get_who_it_is() -> None:
    notes = TurnNotes(None, model=model_label("/models/Llama-3.2-1B.gguf"))
    for asked in ("What's your name?", "Who made you?", "What can you do?", "Are you ChatGPT?", "Are you a robot?"):
        note = notes(asked)
        assert note is not None and "Voicebot" in note and "Llama-3.2-1B language model" in note, asked
    assert notes("What's the name of the river in Paris?") is None
    assert notes("Tell me about yourself.") is not None and notes("Tell me about your day.") is None
    # a yes-or-no question about what it is comes with the reply to give (the model said "Yes" to both)
    assert notes("Are you human?").endswith('Reply: "No, I\'m not a person. I\'m Voicebot, a computer program."')
    assert 'Reply: "No, I\'m offline' in notes("Are you connected to the internet?")
    assert 'Reply: "Yes' in notes("Are you an AI?")
    # who it is, who made it, what it can do, whether it listens: whole replies (the model read the note out, its
    # id "qwen2.5-coder-0.5b" included, and said "Yes, I am listening to you all the time.")
    whole = {"Who are you?": "I'm Voicebot, an offline voice assistant.", "Who made you?": "Voicebot project",
             "Are you listening to me all the time?": "I'm offline", "Are you smarter than Siri?": "small"}
    for asked, said in whole.items():
        start = notes.opener(asked)
        assert isinstance(start, WholeReply) and said in start and f'Reply: "{start}"' in notes(asked), asked
    assert notes.opener("What are you doing?") is None
    # its name too: after the user gave theirs, the model answered "What's your name?" with it ("My name is Priya.")
    assert notes("What's your name?").endswith('Reply: "My name is Voicebot."')
    assert TurnNotes(None)("What's your name?") is None  # no model given: no such note
    # the reply to give is also the reply's start, word for word
    assert notes.opener("Are you a man or a woman?") == "Neither: I'm Voicebot, a computer program."
    assert notes.opener("Are you a real person?") == "No, I'm not a person. I'm Voicebot, a computer program."
    assert notes.opener("What's your name?") == "My name is Voicebot."
    assert TurnNotes(None).opener("Are you human?") is None
    assert TurnNotes(None, rate=True).opener("Speak slower please.") == "Sure, I'll speak more slowly."
    missed = TurnNotes(None, rate=True).opener("Could you slow down? I didn't catch that.", 1, ["Hi."], "It is 5 PM.")
    assert missed == "Sure, I'll speak more slowly. It is 5 PM." and isinstance(missed, WholeReply)  # it said no more
    assert TurnNotes(None).opener("Speak slower please.") is None  # a voice that cannot change pace
    assert model_label("qwen2.5-coder-0.5b") == "qwen2.5-coder-0.5b"


def test_a_question_about_the_conversation_gets_the_users_own_words_or_that_there_were_none() -> None:
    notes = TurnNotes(None)
    said = ["What is the tallest mountain in the world?", "I like mountains."]
    # the model said "I asked you to find the tallest mountain ..." and summarized a talk that never was
    assert notes.opener("What did I just ask you?", 2, said) == 'You said: "I like mountains."'
    assert notes.opener("What was my first question?", 2, said) == f'You asked: "{said[0]}"'
    assert notes.opener("What was my first question?", 2, ["I had pasta.", *said]) == f'You asked: "{said[0]}"'
    assert notes.opener("What did I say first?", 2, ["I had pasta.", *said]) == 'You said: "I had pasta."'
    # it said "I asked you a minute ago about your name."
    assert notes.opener("Do you remember what I asked you a minute ago?", 2, said) == 'You said: "I like mountains."'
    assert notes.opener("What did I ask you earlier?", 2, said) == 'You said: "I like mountains."'
    assert said[0] in notes("What did I ask you first?", 2, said)
    assert notes.opener("Summarize our conversation.", 2, said) == "We talked about"  # the model goes on
    # told only "We talked about", the model made up "a meeting with a friend": the note gives the user's words
    assert notes.opener("What were we talking about?", 2, said) == "We talked about"
    assert notes("What were we talking about?", 2, said) == f'The user\'s words so far: "{said[0]}", "{said[1]}".'
    assert notes.opener("What did I just say?") == "You haven't asked me anything yet."
    assert notes.opener("What have we talked about so far?") == "We haven't talked about anything yet."
    # other conversations it does not keep ("Do you remember what I said yesterday?" got yesterday's date and a quote)
    for past in ("Do you remember what I said yesterday?", "What did we talk about yesterday?",
                 "Can you recall our last chat?"):  # fmt: skip
        assert notes.opener(past, 2, said).startswith("No, I don't remember other conversations"), past
    for other in ("What did I say about the weather?", "I remember yesterday was fun.", "What did you say?",
                  "Summarize the plot of Hamlet.", "What was the question?",
                  "I remember what I said to my mom."):  # fmt: skip
        assert notes.opener(other, 2, said) is None and notes(other, 2, said) is None, other
    assert TurnNotes(None, limits=False).opener("What did I just ask you?", 2, said) is None


def test_days_until_my_birthday_count_to_the_day_told_or_say_it_was_not() -> None:
    from datetime import datetime

    notes = TurnNotes(lambda: datetime(2026, 12, 6, 6, 0))
    asked = "How many days until my birthday?"
    assert notes.opener(asked) == "You haven't told me"  # the model said "It's 1 day until your birthday."
    for told, counted in (
        ("My birthday is on March 3rd.", "March 3 is 87 days from today."),
        ("I was born on the 5th of May.", "May 5 is 150 days from today."),
        ("Hi, my birthday is June 10 and I love cake.", "June 10 is 186 days from today."),
        ("My birthday is the fifth of May.", "May 5 is 150 days from today."),  # any date the clock note reads
    ):
        note = notes(asked, 1, [told])
        assert note is not None and counted in note, (told, note)
        assert notes.opener(asked, 1, [told]) == counted  # the count starts the reply ("You told me" led away)
    assert notes.opener("When is my birthday?", 1, ["I was born on the 5th of May."]) == "You told me"
    assert notes.opener(asked, 1, ["My birthday is 5th May."]) == "You told me"  # no date the clock note reads
    for vague in ("My birthday is in 5 days.", "I was born in 1990."):  # no day to count to
        assert "days from today" not in notes(asked, 1, [vague]), vague


def test_say_that_again_starts_the_reply_with_the_last_reply_as_it_was() -> None:
    from voicebot.conversation import Conversation

    notes = TurnNotes(None)
    conv = Conversation("sys", note=notes, opener=notes.opener)
    assert conv.reply_start("Can you repeat that?") == ""  # nothing said yet: the model's own
    conv.add_user(1, "What is the tallest mountain?")
    conv.record_reply(1, "Mount Everest is the tallest mountain in the world.")
    for again in ("Can you repeat that?", "Say that again.", "Sorry?", "What?", "Pardon?", "I didn't catch that.",
                  "I didn't catch that. Can you say it again?", "Wait, what?", "What was that?", "say it again slower"):
        start = conv.reply_start(again)
        assert start == "Mount Everest is the tallest mountain in the world." and isinstance(start, WholeReply), again
    for other in ("Sorry.", "Repeat after me: hello.", "What did you say about Paris?", "One more time.",
                  "What was that noise?", "Wait, what do you mean?"):
        assert conv.reply_start(other) == "", other
    conv.add_user(2, "Tell me more.")
    conv.record_reply(2, "It is in the Himalayas")  # cut short by a barge-in: what was heard
    assert conv.reply_start("What did you say?") == "It is in the Himalayas"


def test_go_on_starts_the_reply_with_also_and_a_story_with_then() -> None:
    """"Go on." got "I'm glad I could help." and "Tell me more." the last reply again."""
    from voicebot.conversation import Conversation

    notes = TurnNotes(None)
    conv = Conversation("sys", note=notes, opener=notes.opener)
    assert conv.reply_start("Go on.") == ""  # nothing said yet
    conv.add_user(1, "How do I fix a squeaky door?")
    conv.record_reply(1, "Put a few drops of oil on the hinges.")
    for more in ("Go on.", "Tell me more.", "Okay, keep going.", "What else?", "Tell me more about that, please."):
        start = conv.reply_start(more)
        assert start == "Also," and not isinstance(start, WholeReply), more
    for other in ("Go on a trip.", "Tell me more about Paris.", "Continue the list with five more."):
        assert conv.reply_start(other) == "", other
    conv.add_user(2, "Tell me a story.")
    conv.record_reply(2, "Once upon a time, a fox found a key.")
    assert conv.reply_start("Go on.") == "Then,"


def test_signing_off_gets_a_goodbye() -> None:
    """"Okay, I'm almost at the office. Talk later." was said back word for word."""
    notes = TurnNotes(None)
    for bye in ("Okay, I'm almost at the office. Talk later.", "I have to go now, bye.", "Gotta go!", "Goodbye."):
        assert notes.opener(bye) == "Bye! Talk to you later." and isinstance(notes.opener(bye), WholeReply), bye
    for other in ("I have to go to the store.", "See you tomorrow?", "Say goodbye to my mom for me."):
        assert notes.opener(other) is None, other


def test_say_that_shorter_is_the_last_replys_first_sentence_alone() -> None:
    """The 0.5B took the words for the question ("Yes, shorter is a more appropriate word ...")."""
    from voicebot.conversation import Conversation

    notes = TurnNotes(None)
    conv = Conversation("sys", note=notes, opener=notes.opener)
    assert conv.reply_start("Can you say that shorter?") == ""  # nothing said yet
    conv.add_user(1, "How do I get a wine stain out?")
    conv.record_reply(1, "Blot it, then rinse it with cold water from the back. Dr. Smith says salt helps too.")
    for shorter in ("Can you say that shorter?", "Shorter, please.", "Say it in one sentence.", "Too long.",
                    "Summarize that.", "Give me the short version.", "Give me the gist.", "TL;DR?",
                    "Can you say that again but shorter?", "Okay, give me the one sentence version."):  # fmt: skip
        start = conv.reply_start(shorter)
        assert start == "Blot it, then rinse it with cold water from the back." and isinstance(start, WholeReply)
    for other in ("Which is shorter?", "Is a meter shorter than a yard?", "Summarize our conversation."):
        assert not isinstance(conv.reply_start(other), WholeReply), other
    # a reply of one sentence, or one that opens with a remark, is no shorter by its first sentence: the model's
    conv.add_user(2, "Thanks.")
    conv.record_reply(2, "That's okay! Plan the party for Saturday afternoon, with pizza and games.")
    assert not isinstance(conv.reply_start("Could you summarize that please?"), WholeReply)  # "That's okay!"
    conv.add_user(3, "What is a comet?")
    conv.record_reply(3, "A comet is a ball of ice and dust that orbits the sun.")
    assert not isinstance(conv.reply_start("Shorter, please."), WholeReply)  # the same 12 words again


def test_doubting_a_fact_from_the_tables_gets_it_again_and_a_new_topic_is_asked_for() -> None:
    """After "The capital of Australia is Canberra.", "Why not Sydney?" got "Sydney is the capital of Australia.";
    "Let's talk about something else." went back to the last topic."""
    notes = TurnNotes(None)
    asked = ["What is the capital of Australia?"]
    for doubt in ("Are you sure?", "Why not Sydney?", "That's wrong.", "Really?", "I heard it was Sydney.",
                  "Really? I always thought it was Sydney.", "Why isn't it Sydney then?"):  # fmt: skip
        start = notes.opener(doubt, 1, asked)
        assert start == "I'm sure. The capital of Australia is Canberra." and isinstance(start, WholeReply), doubt
    assert notes.opener("Are you sure?", 1, ["Who is Taylor Swift?"]) is None  # no fact of ours: the model's
    assert notes.opener("Why?", 1, asked) is None
    assert notes.opener("I thought that " * 200 + ". So", 1, asked) is None  # a first form backtracked for minutes
    for change in ("Let's talk about something else.", "Can we change the subject?", "Okay, let's change the topic."):
        assert notes.opener(change, 1, ["Who is Taylor Swift?"]) == "Sure! What would you like to talk about?"
    assert notes.opener("Let's talk about dogs.", 1, ["Who is Taylor Swift?"]) is None


def test_an_exact_result_starts_the_reply() -> None:
    """With the note alone, "A pizza costs 14 dollars. What do 6 pizzas cost? That's 14 times 6." got the question
    said back, "... double a recipe with 2 cups of flour" no amount, and a discount "the shirt costs $10" against
    the note's 30 (a probe of 17 turns: 3 wrong with the note alone, none with the result as the start)."""
    notes = TurnNotes(None)
    assert notes.opener("A pizza costs 14 dollars. What do 6 pizzas cost? That's 14 times 6.") == "14 times 6 is 84."
    doubled = "Doubled, 2 cups is 4 cups."
    assert notes.opener("I need to double a recipe with 2 cups of flour. How much flour?") == doubled
    assert notes.opener("If a shirt costs 40 dollars and it's 25% off, how much do I pay?") == (
        "The price after 25 percent off 40 is 30."
    )
    spelled = "Necessary is spelled N, E, C, E, S, S, A, R, Y (9 letters)."
    assert notes.opener("How do you spell necessary?") == spelled
    assert notes.opener("How many tablespoons are in half a cup?") == "Half a cup is 8 tablespoons."  # not "halved"
    assert TurnNotes(None, exact=False).opener("What is 7 times 8?") is None


def test_a_follow_up_resolves_against_the_last_reply_and_asks_something_new() -> None:
    """Two-turn exchanges written blind (thirty-first session): "How tall is it?" after a reply naming the Eiffel
    Tower got "288 meters"; "What does it eat?" after "the largest animal" got that fact again; "How big is it?"
    after the largest desert in Africa got the world's."""
    notes = TurnNotes()
    cases = [
        ("How tall is it?", "What's the most famous landmark in Paris?",
         "Paris is famous for its landmarks, including the Louvre Museum, the Eiffel Tower, and Notre-Dame.", "330"),
        ("How long is it?", "What river flows through London?", "The Thames runs through London.", "346"),
        ("What does it eat?", "What's the largest animal that has ever lived?",
         "The blue whale is the largest animal that has ever lived.", "krill"),
        ("How long did he serve?", "Who was the first president of the United States?",
         "George Washington was the first president of the United States.", "eight years"),
        ("How tall is it?", "What's the highest mountain in Africa?", "", "5,895 meters"),  # the fact given holds it
    ]  # fmt: skip
    for text, before, said, expected in cases:
        assert expected in (notes.opener(text, 1, [before], said) or ""), (text, before)
    desert = ["What's the largest desert in Africa?"]
    assert notes.opener("How big is it?", 1, desert, "The largest desert in Africa is the Sahara.") is None


def test_a_follow_up_about_a_place_gets_no_clock_unless_the_time_was_asked() -> None:
    """"What about in Argentina?" after the language of Brazil got the clock and Argentina's time beside the language
    (pairs 6); after the time in London, "And in Tokyo?" still asks Tokyo's time. A leading "Now" is no clock word."""
    notes = TurnNotes(lambda: datetime(2026, 12, 7, 9, 30, tzinfo=UTC))
    brazil = ["What language do they speak in Brazil?"]
    assert notes("What about in Argentina?", 2, brazil, "In Brazil, people speak Portuguese.") == (
        "Fact: In Argentina, people speak Spanish."
    )
    assert "In Tokyo it is 6:30 PM" in (notes("And in Tokyo?", 2, ["What time is it in London?"]) or "")
    assert notes("Now times that by 2.", 2, ["What's 15 plus 27?"]) == "Exact result: 42 times 2 is 84."
    assert notes("Now what time is it?", 2, ["What's 15 plus 27?"]).startswith("Now: 9:30 AM")


def test_a_follow_up_asks_the_last_conversion_or_calculation_anew() -> None:
    assert exact_result("And in a foot?", ["How many centimeters are in an inch?"]) == "1 foot is 30.48 centimeters."
    assert exact_result("And how many yards?", ["How many feet are in a mile?"]) == "1 mile is 1760 yards."
    assert exact_result("What about meters?", ["How many feet are in a mile?"]) == "1 mile is about 1609 meters."
    assert exact_result("And apples?", ["Convert 10 miles to kilometers."]) is None
    assert exact_result("What about 15%?", ["What's 20% of 150?"]) == "15 percent of 150 is 22.5."  # it said 225
    assert exact_result("and cubed.", ["What's 7 squared?"]) == "7 cubed is 343."  # it said 49 cubed
    assert exact_result("And cubed?", ["What is 2 plus 3?"]) == "5 cubed is 125."  # a result goes on as before
    moon, light = ["How far is the moon from Earth in kilometers?"], ["How fast does light travel?"]
    assert known_fact("And miles please.", moon) == "The moon is about 239,000 miles from Earth."
    assert known_fact("In miles per second, please.", light) == "Light travels about 186,000 miles per second."
