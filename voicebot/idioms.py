"""What common English idioms mean: rows for the almanac's table (voicebot/almanac.py).

Someone learning English hears a saying and asks: "My coworker said break a leg before my interview. What does that
mean?" got "Breaking a leg before an interview is a common practice in professional settings ..." from the 0.5B
(docs/MEASUREMENTS.md, thirty-fifth session). A row answers only where the words ask what something means and hold
the idiom itself; a row's words may vary where people vary them ("spilt" or "spilled milk", "my leg" or "your leg").
"""

from __future__ import annotations

__all__ = ["IDIOM_FACTS", "IDIOM_GATE"]

_WHOSE = r"(?:my|your|his|her|our|their|someone's|somebody's|one's|the)"
_WHO = r"(?:i|you|he|she|we|they|one|someone|somebody|people)"
# The idiom as said, what it means, and, where people say it more than one way, the words' pattern (a regex of
# lower-case words; a space stands for any run of spaces and punctuation).
_IDIOMS: tuple[tuple[str, str] | tuple[str, str, str], ...] = (
    ("break a leg", "good luck: people say it to someone before a performance, a match or an interview"),
    ("a piece of cake", "something is very easy", "piece of cake"),
    ("under the weather", "feeling a little ill"),
    ("hit the sack", "go to bed", "hit the (?:sack|hay)"),
    ("cost an arm and a leg", "cost a lot of money: be very expensive", "cost(?:s|ing)? an arm and a leg"),
    ("spill the beans", "tell a secret", "spill(?:ed|s|t)? the beans"),
    ("let the cat out of the bag", "give away a secret, often by accident"),
    ("bite the bullet", "make yourself do something hard that you have been putting off"),
    ("once in a blue moon", "very rarely"),
    ("raining cats and dogs", "raining very hard"),
    ("the ball is in your court", "it is now your turn to act or decide",
     "ball is in (?:your|my|his|her|their|our) court"),
    ("beat around the bush", "avoid saying something directly", "beat(?:ing)? (?:around|about) the bush"),
    ("call it a day", "stop working for now"),
    ("hit the nail on the head", "say exactly the right thing"),
    ("cut corners", "do something the cheap or quick way, less carefully than it should be", "cut(?:ting)? corners"),
    ("get cold feet", "get nervous and want to back out of something planned", "(?:get|got|getting) cold feet"),
    ("pull someone's leg", "joke with someone by telling them something untrue", f"pull(?:ing|ed)? {_WHOSE} leg"),
    ("break the ice", "ease the first awkward moments when people meet", "break(?:ing)? the ice"),
    ("on the fence", "not yet decided"),
    ("kill two birds with one stone", "get two things done with one action"),
    ("a blessing in disguise", "something that seemed bad at first but turned out good", "blessing in disguise"),
    ("cry over spilt milk", "get upset about something that has happened and cannot be changed",
     "cry(?:ing)? over spil(?:t|led) milk"),
    ("the last straw", "the last of several problems, the one that makes someone lose patience", "last straw"),
    ("back to square one", "back to the start, after an attempt failed"),
    ("see eye to eye", "agree"),
    ("go the extra mile", "do more than is expected", "go(?:ing)? the extra mile"),
    ("in hot water", "in trouble"),
    ("when pigs fly", "never"),
    ("by the skin of your teeth", "only just, by a very small margin", f"by the skin of {_WHOSE} teeth"),
    ("hang in there", "don't give up; keep going through a hard time"),
    ("the elephant in the room", "an obvious problem that nobody wants to talk about", "elephant in the room"),
    ("jump on the bandwagon", "join something because it has become popular", "jump(?:ing)? on the bandwagon"),
    ("ring a bell", "sound familiar", "rings? a bell"),
    ("bite off more than you can chew", "take on more than you can manage",
     f"bit(?:e|ten) off more than {_WHO} can chew"),
    ("hold your horses", "wait a moment; be patient"),
    ("throw in the towel", "give up", "throw(?:ing)? in the towel"),
    ("cold turkey", "stopping a habit all at once, not little by little"),
    ("under the table", "paid or done secretly, usually to get around tax or rules"),
    ("sit tight", "wait patiently and do nothing for now"),
    ("a dime a dozen", "very common, so not worth much", "dime a dozen"),
    ("get the ball rolling", "get something started"),
    ("take a rain check", "turn down an invitation now but accept it for another time", "rain check"),
    ("hit the road", "leave, or set off on a journey"),
    ("out of the blue", "suddenly and unexpectedly"),
    ("in a nutshell", "in short, in a few words"),
    ("on cloud nine", "very happy"),
    ("burn the midnight oil", "work or study late into the night", "burn(?:ing)? the midnight oil"),
    ("take it with a grain of salt", "don't believe it completely", "with a (?:grain|pinch) of salt"),
    ("sleep on it", "wait until the next day before deciding"),
    ("up in the air", "not yet decided"),
    ("tie the knot", "get married"),
    ("kick the bucket", "die", "kick(?:ed)? the bucket"),
    ("cat got your tongue", "why aren't you saying anything?"),
    ("butterflies in your stomach", "feeling nervous", "butterflies in (?:my|your|his|her|the) stomach"),
    ("couch potato", "someone who spends a lot of time sitting and watching TV"),
    ("the apple of my eye", "the person someone loves most", "apple of (?:my|his|her|their|your) eye"),
    ("feeling blue", "feeling sad", "feel(?:ing)? blue"),
    ("no pain, no gain", "you have to work hard, or suffer a little, to make progress", "no pain no gain"),
    ("easier said than done", "it sounds easy but is hard to do"),
    ("the early bird catches the worm", "whoever starts early gets the advantage", "early bird catches the worm"),
    ("actions speak louder than words", "what people do shows more than what they say"),
    ("don't count your chickens before they hatch", "don't count on something good before it has happened",
     "(?:don't|do not) count your chickens"),
    ("it's not rocket science", "it is not hard to understand", "not rocket science"),
    ("a penny for your thoughts", "what are you thinking about?"),
    ("get out of hand", "get out of control", "(?:get|gets|got|getting) out of hand"),
    ("sick and tired", "fed up with something that has gone on too long"),
    ("let sleeping dogs lie", "leave a problem alone, since stirring it up may make it worse"),
    ("the best of both worlds", "the advantages of two things at once", "best of both worlds"),
    ("speak of the devil", "people say it when the person they were just talking about turns up"),
    ("every cloud has a silver lining", "something good comes out of every bad situation"),
)
# Words that ask what something means: "What does break a leg mean?", "He said it's a piece of cake, what does that
# mean?", "What's the meaning of ...", "What is meant by ...".
_ASKS = (
    r"what (?:does|do|did|is) (?:[\w'\"]+ ){0,8}mean\b|\bmeaning\b|\bmeant by\b|what(?:'s| is) (?:that|this) mean\b|"
    r"\bmean(?:s)?\W*$|\b(?:idiom|expression|saying)\b"
)
IDIOM_GATE = r"\bmean|\bmeaning\b|\bmeant\b|\bidiom\b|\bexpression\b|\bsaying\b"


def _row(said: str, meaning: str, pattern: str = "") -> tuple[str, str]:
    words = (pattern or said).replace(" ", r"\W+")
    return rf"^(?=.*\b(?:{words})\b)(?=.*(?:{_ASKS}))", f'"{said[0].upper()}{said[1:]}" means {meaning}.'


IDIOM_FACTS = tuple(_row(*row) for row in _IDIOMS)
