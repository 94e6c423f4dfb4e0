"""Common beliefs that are false, for the almanac's table (voicebot/almanac.py): "Is it true that ...?"

A family settling an argument asks the assistant, and the 0.5B agrees with whatever is asked: "Yes, you can see
the great wall of China from space with the naked eye.", "Yes, Grandpa's statement is true. Lightning never strikes
the same place twice." (docs/MEASUREMENTS.md, thirty-first session). Each row names the belief by its key words,
in any order, and says what is so in a short spoken sentence.
"""

from __future__ import annotations

from voicebot.patterns import all_words as _all

__all__ = ["MYTH_FACTS"]


MYTH_FACTS: tuple[tuple[str, str], ...] = (
    (_all(r"great wall", r"space|the moon|orbit", r"see|seen|visible|view\w*|spot"),
     "No: the Great Wall is far too narrow to see with the naked eye from orbit, let alone from the moon."),
    (_all(r"lightning", r"twice|same (?:place|spot)|again"),
     "That's a myth: lightning often strikes the same place again; the Empire State Building is hit about 20 times a "
     "year."),
    (_all(r"goldfish", r"memor(?:y|ies)|remember|forget|seconds?"),
     "That's a myth: goldfish remember things for months, and can be trained."),
    (_all(r"(?:10|ten) ?(?:percent|%)", r"brains?"),
     "That's a myth: we use virtually all of our brain, just not every part at once."),
    (_all(r"bulls?", r"red"),
     "Bulls can't tell red from green: it's the cape's movement that makes them charge, not its color."),
    (_all(r"baby birds?|chicks?|fledglings?|nestlings?|birds? nests?", r"touch\w*|smell|handl\w*", r"mother|reject\w*|"
          r"abandon\w*|parents?"),
     "That's a myth: most birds hardly smell and won't abandon a chick a person touched; put it back in its nest."),
    (_all(r"crack\w*", r"knuckles?", r"arthritis"), "No: studies find cracking your knuckles doesn't cause arthritis."),
    (_all(r"bats?", r"blind") + r"(?!.*\bbaseball\b)",
     "No: bats can see, many of them well; most also find their way in the dark by echolocation."),
    (_all(r"shav\w*", r"thicker|darker|faster|coarser"),
     "No: shaving doesn't make hair grow back thicker or darker; the cut tip just feels blunter."),
    (_all(r"sugar", r"hyper\w*"), "Studies find no link: sugar doesn't make children hyperactive."),
    (_all(r"ostrich\w*", r"bur(?:y|ies|ied)|heads? in the sand"),
     "No: ostriches don't bury their heads; they lower them to turn their eggs, or lie flat to hide."),
    (_all(r"peanuts?", r"nuts?|legumes?|beans?") + r"(?=.*\b(?:really|actually|true|truly|technically|is|are)\b)"
     r"(?!.*\b(?:allerg\w*|butter|oil|cost|eat|calories)\b)",
     "No: a peanut is a legume, a relative of peas and beans that grows underground, not a true nut."),
    (_all(r"gum", r"swallow\w*"), "No: swallowed gum passes through in a few days, like other things we can't digest."),
    (_all(r"vikings?", r"horn\w*"),
     "No: no Viking helmet with horns has ever been found; the idea comes from 19th-century costumes."),
    (_all(r"napoleon", r"short|height|tall"),
     "Napoleon was about 5 foot 7, average for his time; the myth came from French inches and British cartoons."),
    (_all(r"hair|nails?|fingernails?", r"after (?:death|(?:you|we|people|someone|they) (?:die|dies|died))"),
     "No: after death the skin dries and pulls back, which only makes hair and nails look longer."),
    (_all(r"drains?|toilets?|sinks?|bath ?tubs?|water", r"southern hemisphere|equator|australia|coriolis",
          r"direction|clockwise|counter ?clockwise|anti ?clockwise|spin\w*|swirl\w*|other way|backwards?"),
     "Not in a sink or a toilet: the Coriolis effect is far too weak at that size; the basin's shape sets the swirl."),
    (_all(r"penguins?", r"north pole|arctic"),
     "No: penguins live in the Southern Hemisphere, mostly around Antarctica; there are none at the North Pole."),
    (_all(r"penn(?:y|ies)|coins?", r"empire state|skyscrapers?|tall building|top of a building", r"kill\w*|die|dead|"
          r"hurt|dangerous|deadly"),
     "No: a falling penny slows to a harmless speed; it would only sting."),
    (_all(r"swallow\w*", r"spiders?", r"sleep\w*"),
     "That's a myth: there's no evidence that people swallow spiders in their sleep."),
    (_all(r"(?:is|does|do) (?:our |my |your |the |human )?blood (?:really )?(?:blue|look blue|turn blue)|"
          r"blood (?:is|looks?) blue|veins (?:are|look) blue|blood in (?:our |my |your |the )?veins blue"),
     "No: blood is always red, darker in the veins; veins only look blue through the skin."),
    (_all(r"camels?", r"humps?", r"water"), "No: a camel's hump stores fat, not water."),
    (_all(r"heat", r"heads?", r"lose|lost|losing|most"),
     "No: an uncovered head loses heat like any other uncovered part of the body, about a tenth of it."),
)  # fmt: skip
