"""voicebot.almanac: which questions get a well-established fact, and which are left to the model."""

from __future__ import annotations

import pytest

from voicebot.almanac import almanac_fact
from voicebot.notes import TurnNotes

ASKED = {  # as people ask, and a word the fact must say (the 0.5B's own answer in the comment)
    "Which planet is closest to the sun?": "Mercury",  # Mars
    "What's the biggest planet in our solar system?": "Jupiter",  # Mars
    "How many continents are there on Earth?": "seven",  # 5
    "How many legs do spiders have?": "eight",  # four
    "How many bones does an adult have?": "206",  # 22
    "What is the fastest land animal?": "cheetah",  # the whale
    "Who was the first man on the moon?": "Neil Armstrong",  # James Bond
    "How many players are on a soccer team?": "eleven",  # 12
    "What's the hardest natural substance?": "Diamond",  # water
    "Who invented the telephone?": "Bell",  # John von Neumann
    "What is the tallest mountain in the world?": "Everest",
    "At what temperature does water freeze?": "0 degrees",
    "What gas do plants take in from the air?": "carbon dioxide",
    "What color do you get when you mix blue and yellow?": "green",  # a light blue
    "What do red and blue make?": "purple",
    "How many zeros are in a million?": "six",  # 10,000
    "What is H2O?": "water",  # a chemical element with atomic number 16
    "How many strings does a guitar have?": "six",  # 12
    "How long should I boil an egg?": "minutes",  # 15-20 minutes
    "What animal is known as the king of the jungle?": "lion",  # the African elephant
    "Who invented the airplane?": "Wright",  # John F. Kennedy
    "What do caterpillars turn into?": "butterflies",  # leaves
    "What do pandas eat?": "bamboo",  # "Pandas is a popular data analysis library in Python"
    "When did World War Two end?": "1945",  # July 14, 1945
    "How long does it take the moon to orbit the Earth?": "27 days",  # 24 hours
    "Which is the smallest continent?": "Australia",  # Africa
    "What is the fastest bird?": "falcon",  # the parrot
    "What is the biggest ocean animal?": "blue whale",  # the sea turtle (the ocean's fact, before the table knew it)
    "A tricycle has how many wheels?": "three",  # four: key words in any order
    "Are shark skeletons made of bone?": "no bones",  # "Yes, shark skeletons are made of bone."
    "Which planet in our solar system is the biggest?": "Jupiter",  # words between the noun and "is the"
    "A spider has how many legs?": "eight",
    "In a soccer team, how many players are there?": "eleven",
    "Which land animal is the fastest?": "cheetah",  # (the fastest animal's pattern stays out of it)
    "Who invented the internet?": "ARPANET",  # Elon Musk in 2008
    "When was the radio invented?": "Marconi",  # Charles Lindley
    "Who discovered America?": "Columbus",  # John Adams in 1776
    "Who was the first person in space?": "Gagarin",  # "Aldrin Neil Armstrong"
    "Who is credited with inventing the telephone?": "Bell",
    "How do I boil an egg?": "minutes",  # "heat it ... until it reaches 375°F (190°C)"
    "How long for a soft-boiled egg?": "6 to 7 minutes",  # 15-20 minutes
    "How long does light from the sun take to reach us?": "8 minutes",  # 29.999999999999997 seconds
    "How many legs does an ant have?": "six",
    "How fast can a cheetah run?": "110 kilometers",  # "around 15-20 miles per hour"
    # first aid
    "A small burn from the oven, should I put ice on it?": "don't put ice",  # "it's important to put ice on it"
    "I burned my hand on the stove. What should I do?": "cool running water",
    "I got stung by a bee. What should I do?": "scrape it out",  # "seek help from a professional counselor"
    "How do I stop a nosebleed?": "lean forward",
    "Which planet is the biggest one in our solar system?": "Jupiter",  # Mars
    "What gas do plants soak up from the air to make their food?": "carbon dioxide",  # water
    "What do you call an animal that only eats plants?": "herbivore",  # "a terrestrial plant"
    "What is an animal that eats only meat called?": "carnivore",
    "What's the word for an animal that eats both plants and meat?": "omnivore",
    "What's the green stuff in leaves that plants use to catch sunlight?": "Chlorophyll",  # "called leaves"
    "Which planet is famous for its big rings?": "Saturn",  # Jupiter
    "How many chambers does the human heart have?": "four",  # 6
    "My son wants to know what kind of animal a frog is.": "amphibian",  # mammals; a question inside a sentence
    "What's it called when water vapor turns back into a liquid?": "condensation",  # "... when it cools."
    "What's it called when light bends as it goes into water?": "refraction",  # the question said back
    "What do you call a sound that bounces back to you?": "echo",  # "a whisper"
    "What instrument do weather forecasters use to measure air pressure?": "barometer",  # "a pressure gauge"
    "Which country gave the Statue of Liberty to the United States?": "France",  # "the United States Congress"
    "What year did Columbus first sail to the Americas?": "1492",  # 1509
    "I wonder who invented the telephone.": "Bell",
    "Which vitamin does your body make when your skin is in sunlight?": "vitamin D",  # vitamin C
    "What blood type is known as the universal donor?": "O negative",  # the A blood type
    "What is the main ingredient in guacamole?": "avocado",  # "guacamole, a sweet, creamy, and sour sauce"
    "How long is a marathon?": "42.195 kilometers",  # approximately 12.5 hours
    "How many holes are on a standard golf course?": "18",  # 12
    "How many points is a touchdown worth in American football?": "six",
    "I always forget, is a tomato a fruit or a vegetable?": "is a fruit",  # a vegetable
    "We're arguing at dinner. Do bats lay eggs or give birth to live babies?": "live young",  # lay eggs
    "My friend keeps saying spiders are insects, is that actually right?": "not an insect",  # "indeed insects"
    "Is a spider an insect?": "arachnid",
    "I'm trying to remember which planet is the one they call the red planet.": "Mars",  # "called the Red Planet"
    "My kid asked me and I honestly don't know how many continents are there.": "seven",  # a question said inside
    "I can't remember how many legs a spider has.": "eight",
    "What do you call a baby cow?": "calf",  # "a small, furry animal that is born in the womb of a human"
    "What is a baby frog called?": "tadpole",  # a frog
    "What are baby foxes called?": "kit",
    "What do you call a group of wolves?": "pack",
    "What's the biggest animal in the whole world?": "blue whale",  # the elephant ("whole" broke the pattern)
    "Is a whale a fish?": "mammal",
    "Which continent do emperor penguins live on?": "Antarctica",  # the Indian Ocean
    "Is the sun a planet?": "a star",
    "My teacher said the moon makes its own light. Is that true?": "reflecting sunlight",  # "Yes, ... indeed"
    "My teacher asked how many degrees the angles in a triangle add up to.": "180",
    "Which part of a cell is often called its powerhouse?": "mitochondria",  # the central nervous system
    "What does the word herbivore mean?": "eats only plants",  # "animals that eat other animals"
    "What does the word nocturnal mean?": "at night",
    "What do you call a word that means the same as another word?": "synonym",
    "settle this for me how many bones are there in an adult human body.": "206",  # a lead-in, closed with "."
    # who made a famous work (voicebot/famous_works.py)
    "Which Russian author wrote War and Peace?": "Tolstoy",  # Viktor Frankl
    "What was the name of the author who wrote 100 years of solitude?": "García Márquez",  # Jane Austen
    "Okay, trivia time, who painted the ceiling of the Sistine Chapel.": "Michelangelo",  # Leonardo da Vinci
    "Do you happen to know who composed The Four Seasons?": "Vivaldi",
    "Who's the author of Moby Dick?": "Melville",
    "Who wrote 1984?": "Orwell",
    "who wrote the wealth of nations, I need the author for my economics essay.": "Adam Smith",  # Keynes
    "Who wrote the little prince?": "Saint-Exupéry",  # not Leviathan's or another "prince"
    # pairs 9: Henry VIII's first wife ("Elizabeth I"), Queen Victoria's husband ("Elizabeth II"), tennis's "20"
    "who was Henry VIII's first wife?": "Catherine of Aragon",
    "Who was Queen Victoria's husband?": "Prince Albert",
    "In tennis scoring, what comes after 15?": "love, 15, 30, 40",
    "How many Harry Potter books are there?": "seven",
    "Name another book she wrote, Jane Austen I mean.": "Sense and Sensibility",
    "What other films did Hitchcock make?": "Psycho",
    # round 36 (held out): a half marathon "1.5 miles", the Colossus "the Pyramids", Henry VIII's "12 wives"
    "We just signed up how many miles is a half marathon?": "13.1 miles",
    "What's the full marathon distance in miles exactly?": "26.2 miles",
    "who was the Greek messenger who supposedly ran from marathon to Athens.": "Pheidippides",
    "How many wives did Henry the 8th have all together?": "six wives",
    "which of the ancient wonders was a giant statue standing at the harbor of roads.": "Colossus of Rhodes",
    "What's the largest artery in the human body called?": "aorta",
    "So what does P-R-N actually stand for when it's written on a medication order?": "as needed",
    "What temperature in Celsius is the setting point for jam?": "104 to 105 degrees Celsius",
    "What's the natural stuff in fruit that makes jam set?": "Pectin",
    "Hey, what's the French word for a flaky crescent shaped pastry made with lots of butter?": "croissant",
    "When a recipe says to cream the butter and sugar, what does that mean exactly?": "beat them together",
    "What does al dente mean?": "firm",
    "Remind me of Ohm's Law, voltage equals what?": "current times resistance",
    # round 35 and pairs 8's other rows
    "Which planet is farthest away?": "Neptune",
    "How often does a leap year come around?": "every four years",
    "How many points is a touch on worth in American football?": "six points",  # Whisper's "touch on"
    "So what river runs through Paris?": "Seine",  # the Rhine
    "What's the common name for h2o?": "water",  # hydrogen chloride
    # Whisper hears "take in" as "taken" (round 16, and the questions bench)
    "What gas do plants taken from the air?": "carbon dioxide",  # "Plants take air from the air"
    "What is the official language of Austria?": "German",  # "Austria is the official language of Austria."
    "Which languages are spoken in the Netherlands?": "Dutch",
    "I was wondering where in the body the femur is.": "thigh",  # "the lower back of the body"
    "What is tahini made from?": "sesame",  # coconut
    "Which grain is traditionally used to make risotto.": "rice",  # wheat
    "Fastest land animal.": "cheetah",  # a superlative said alone, closed with "." ("the whale")
    # a part of the world (voicebot/geography.py): the world's fact would be wrong, the model's was
    "What is the tallest mountain in Europe?": "Elbrus",
    "What is the longest river in Europe?": "Volga",
    "What's the tallest mountain in Africa?": "Kilimanjaro",  # Mount Everest
    "Which continent is Kenya in?": "Africa",  # "Kinyin is a language spoken in China." (round 19, misheard)
    "What ocean lies between Africa and Australia?": "Indian Ocean",  # the Pacific
    # the United States, history's dates and firsts (rounds 18 and 19)
    "How many US senators are there in total?": "100",  # 52
    "How many justices are on the US Supreme Court?": "nine",  # 27
    "How many amendments are there in the US Constitution?": "27",  # 10
    "How many amendments are in the Bill of Rights?": "first ten",
    "How many stripes are on the American flag?": "13",
    "Who wrote the Declaration of Independence?": "Jefferson",  # Franklin D. Roosevelt
    "What year did the Berlin Wall come down?": "1989",  # 1999
    "In what year did the Titanic sink?": "1912",  # "the 1994 Titanic disaster"
    "When did World War One start?": "1914",
    "When did World War One end?": "1918",  # the Second World War's row left it alone
    "When did World War II start?": "1939",
    "When did the civil war end?": "1865",
    "Who was the first woman to fly solo across the Atlantic?": "Earhart",  # Elizabeth II of England
    "Who was the first person to fly solo across the Atlantic?": "Lindbergh",
    "Who was the first to climb Mount Everest?": "Hillary",
    "How many strikes make an out in baseball?": "Three strikes",  # 10
    "How many innings are in a baseball game?": "nine",
    "How many players on a hockey team?": "six",
    "In chess, which piece only moves diagonally?": "bishop",
    "Which wedding anniversary is the silver one?": "25",
    # a child's why (the 0.5B: the sky blue "because it's a color that is often associated with the sun")
    "Why is the sky blue?": "Rayleigh scattering", "How are rainbows made? Can you explain it simply?": "raindrops",
    "Why do leaves change color in the autumn.": "chlorophyll",
    "Why is the ocean salty?": "rivers wash salts", "Why does ice float?": "less dense",
    "My kid asks why stars twinkle.": "atmosphere", "What causes the tides?": "moon's gravity",
    "Why do onions make you cry?": "irritates the eyes", "Why is blood red?": "hemoglobin",
    "Which planet is farthest from the sun?": "Neptune",  # the model's pairs: "Venus"
    "About how long is a dog pregnant for?": "63 days",  # "around 10-15 years"
    "about how long is a dog pregnant for.": "63 days",  # Whisper closed it with "."
    "How long is a pig pregnant?": "114 days", "How long is a guinea pig pregnant?": "9 to 10 weeks",
    "How long is a woman pregnant?": "40 weeks",  # the health guide's, not an animal's
    "How many items are in a gross?": "144", "How many is a baker's dozen?": "13", "How many eggs in a dozen?": "12",
    "What's it called when plants turn sunlight into food?": "photosynthesis",
    "What are the two largest countries in the world by area?": "Russia, the largest, and Canada",  # China, India
    "How many US presidents have been assassinated?": "Four",  # "I cannot provide information about ..."
    "What metals are in brass?": "copper and zinc", "What is steel made from?": "iron with a little carbon",
    "On the pH scale, what number counts as neutral.": "pH of 7", "What is the pH of water?": "pH of 7",
    "Which bird is famous for laying its eggs in other birds nests.": "cuckoo",  # "the chick"
    "What do bees collect from flowers to make honey?": "nectar",  # "pollen"
    "Hey, which is the largest US state by area?": "Alaska",  # "California"
    "What's the biggest state in the US?": "Alaska", "What is the smallest state?": "Rhode Island",
    "Which state is the Grand Canyon in?": "Arizona",
    "Which part of your body pumps the blood around?": "heart",  # "Your body pumps the blood ..."
    "What the hardest natural substances?": "Diamond",  # Whisper dropped "is"
    # a question asked inside a sentence keeps its order when said directly (voicebot/indirect.py)
    "Why leaves change colour in the autumn?": "chlorophyll", "What gas plants take in from the air?": "carbon",
    "Why do we have leap years?": "365 and a quarter", "Where kangaroos come from?": "Australia",
    "Why the moon changes shape?": "sunlit half", "Where the sun goes at night?": "Earth turns",
    "Why do we get goosebumps when we're cold?": "muscles", "Which is the largest country by area?": "Russia",
    "Why do we have seasons?": "tilt", "When the dinosaurs died out?": "66 million",  # "the late 19th century"
    "How bees make honey?": "nectar",
    "My teacher said an octopus has more than one heart. How many does it have?": "three hearts",
    "How tall is the Statue of Liberty?": "93 meters", "I love the Eiffel Tower. How tall is it?": "330 meters",
    "My daughter insists as spiders and insects, how many legs does a spider have?": "eight",  # the last clause
    "which gas two plants absorb during photosynthesis.": "carbon dioxide",  # Whisper's "two" for "do"
    "We want to see Mount Rushmore on the way, which state is it in?": "South Dakota",  # "it" named first  # 15th
    "What's the 50th anniversary called?": "golden",
    "What is the traditional gift for a first anniversary?": "paper",
    # round 20 (written after the rows above; the 0.5B's answers)
    "Battle of Hastings, what year?": "1066",  # 1615
    "In what year was the Magna Carta sealed?": "1215",
    "Who was the first emperor of Rome?": "Augustus",  # Constantine I
    "Settle an argument, what year was Sputnik launched?": "1957",
    "How many players does a rugby union team have on the field?": "15",  # 16
    "In tennis, what's it called when the score is 40-40?": "deuce",  # a tie
    # round 21 (written after all of the above; the 0.5B's answers)
    "My daughter is asking what year Columbus first sailed to the Americas.": "1492",  # 1509 ("did" was needed)
    "I'm planning a trip, which river runs through Budapest.": "Danube",  # "which" with a noun after a comma asks
    "Quick question. What grain is sake made from?": "rice",  # wheat
    "What nut is marzipan made from?": "almond",  # wheat
    "What's hummus mostly made of?": "chickpea",
    "Which country does feta cheese come from?": "Greece",
    "Which spice comes from the crocus flower?": "Saffron",  # cinnamon
    "Do you know which planet has the Great Red Spot?": "Jupiter",  # Mars
    "What was the name of the ship that carried the Pilgrims to America in 1620?": "Mayflower",  # "HMS Vespers"
    "What's a perfect score in 10 pin bowling?": "300",  # 100
    # round 26 (the thirty-second session; the 0.5B's answers)
    "For my chemistry homework, what's the chemical name for table salt?": "sodium chloride",  # "a salt that is used
    "What's the chemical formula for baking soda?": "NaHCO3",  # in various applications, including baking soda"
    "In tennis, what do they call a score of zero?": "love",
    "Playing monopoly with the kids, how much do you collect for passing go?": "$200",  # "$1"
    "Who has won the most Olympic gold medals ever?": "Phelps",  # "John Cena, who won 10 gold medals in 2014"
    "Which of the Beatles played the drums?": "Ringo",  # "The Beatles played the drums in the song "Hey Jude"."
    "I'm training for a marathon, how long is one exactly?": "42.195",  # "approximately 12.5 hours long"
    "What are the actual dimensions of the 2x4?": "one and a half by three and a half inches",  # "2 times 4 is 8."
    "What size is the standard sheet of plywood?": "4 by 8 feet",  # "12 inches wide and 18 inches tall"
    "Roughly, how many square feet does a gallon of paint cover?": "350 to 400",  # 35,000
    "In US house wiring, what color is the neutral wire?": "neutral wire is white",  # black
    "What colour is the earth wire in the UK?": "earth green and yellow",
    "How much does a leader of water weigh in kilograms?": "1 kilogram",  # Whisper's "leader": "about 1.5"
    "What is the smallest bone in the body?": "stapes",
    "Which is the largest state by population?": "California",
    "Which country has the largest population?": "India",
    "What's the smallest ocean?": "Arctic",
    "Where can I see the Starry Night?": "Museum of Modern Art",
    "Which museum has the statue of David?": "Accademia",
    # round 27 (the thirty-second session; the 0.5B's answers)
    "I'm heading to Switzerland soon what money do they use there.": "Swiss franc",  # run on: no question seen
    "And tennis what do they call a score of zero.": "love",  # "a zero-point game"
    "Which way do I turn a screw to loosen it?": "counterclockwise",  # "use a screwdriver"
    "What's the traditional gift for a 50th wedding anniversary?": "gift is gold",  # "a bouquet of flowers"
    "How many sticks of butter make a cup?": "two sticks make a cup",
    # round 28 (general, written after all of the above)
    "I'm studying for a physics test, who came up with the theory of relativity.": "Einstein",  # a comma, then who
    "I'm making dip what's the main ingredient in guacamole.": "avocado",  # "guacamole itself"
    "which spice gives curry its yellow color.": "Turmeric",  # cinnamon
    "I just got a puppy how many teeth does an adult dog have.": "42",  # 12
    "Hey, who wrote charlotte's web?": "E. B. White",  # "Elizabeth Gilbert"
    # round 29 (general, written after all of the above)
    "Tell me who wrote the Declaration of Independent?": "Jefferson",  # "Franklin D. Roosevelt"
    "A who invented the telephone.": "Bell",  # Whisper's "Hey": "John von Neumann"
    "Quick question who painted the Mama Lisa?": "Leonardo",  # "Lisa Maynard"
    "I'm who painted the Mona Lisa.": "Leonardo",  # Whisper's "I'm" for "Um" (pairs 6)
    "I can never remember, brass is an alloy of which two metals.": "zinc",  # round 32: "copper and nickel"
    "who can post the four seasons.": "Vivaldi",  # Whisper's "who can post" (pairs 7, round 33, the 33rd session)
    "What's the most abundant gas in Earth's atmosphere?": "Nitrogen",  # methane
    "How many time zones does the contiguous United States have?": "four main time zones",  # 12
    "is the Golden Gate Bridge in Los Angeles.": "San Francisco",  # "Yes, ... in Los Angeles."
    "How many moons does Mars have?": "two small moons",
    # round 32 and pairs 6 (thirty-fourth session)
    "I can never remember which planet is the one with a big red spot.": "Jupiter",  # Mars
    "How many players are on a cricket team?": "eleven",  # "typically has 12 players"
    "How many rings are on the Olympic flag?": "five interlocking rings",  # 18
    "What do the Olympic rings stand for?": "five continents",
    "When were the pyramids of Giza built?": "2560 BC",  # "1256 BCE"
    "Why do you need vitamin D?": "absorb calcium",
    "Which organ in the body produces insulin?": "pancreas",
    "How many degrees are in a right angle?": "90 degrees",
    "What else did Shakespeare write besides Hamlet?": "Macbeth",
    "What is Mozart famous for?": "The Magic Flute",
    "Name some paintings by Van Gogh.": "The Starry Night",
    "What is the second largest country?": "Canada",  # ranked past the first: only these few
    "What's the second highest mountain in the world?": "K2",
    "What's the second largest planet in the solar system?": "Saturn",
    # round 33 (after its held-out run)
    "In DNA, adenine pairs with which base?": "thymine",
    "Hey what's Avogadro's number again, like roughly?": "6.022 times 10 to the 23rd",
    "Um, roughly what's the molar mass of water in grams per mole?": "18 grams per mole",
    "What's the kind of cell division that makes two identical daughter cells, not meiosis?": "Mitosis",
    "What's the type of chemical bond where atoms share electrons called?": "covalent",
    "What's the process called where plants give off water vapor through their leaves?": "transpiration",
    "What's the word for a word that reads the same backwards and forwards, like racecar?": "palindrome",
    "What's the word for an animal that's active during the day?": "diurnal",
    "My crossword wants the word for an animal that's active during the day. You know.": "diurnal",  # no "?"
    "Leaves of three, let it be, what plant is that old rhyme warning about?": "poison ivy",
    "On my bag of NPK fertilizer, what does the P stand for?": "phosphorus",
    "Um, what is the fear of spiders called?": "arachnophobia",
    "The Greek god of the sea, the one the Romans called Neptune, what was his name again?": "Poseidon",
    "So how many squares are on a chessboard altogether?": "64 squares",
    "Which country hosted the first modern Olympic Games back in 1896?": "Athens, Greece",
    "Okay, trivia night question: who directed the movie Jaws?": "Spielberg",
    "How many points is a touchdown worth, not counting the extra point?": "six points",
    "There's a frost warning, at what temperature Fahrenheit does water freeze?": "32 degrees Fahrenheit",
    # pairs 7 (after its held-out run)
    "What's absolute zero in Fahrenheit?": "minus 459.67 degrees Fahrenheit",
    "Who was the second person to walk on the moon?": "Buzz Aldrin",
    "How long is a soccer match?": "90 minutes", "How long is a rugby union match?": "80 minutes",
    "How big is Jupiter?": "11 times as wide as the Earth", "How deep is the Pacific Ocean?": "Challenger Deep",
    "What's the Statue of Liberty made of?": "copper", "Why was the Taj Mahal built?": "Mumtaz Mahal",
    "Who built Machu Picchu?": "Inca", "How long does light from the moon take to reach Earth?": "1.3 seconds",
    "Who came after Abraham Lincoln?": "Andrew Johnson", "Who was president after Nixon?": "Gerald Ford",
}


@pytest.mark.parametrize("text", ASKED)
def test_a_classic_question_gets_its_fact(text: str) -> None:
    fact = almanac_fact(text)
    assert fact is not None and ASKED[text] in fact, (text, fact)


@pytest.mark.parametrize(
    "text",
    [
        "What is the largest country in Africa?",  # a part of the world
        "How many bones are in your hand?", "How many teeth does a baby have?",
        "How many legs does a dog have?", "What do plants need to grow?", "What is the largest city in the world?",
        "How many players are in a chess game?", "I love the planet Jupiter.",
        "Who wrote Harry Potter?", "What is the largest lake?",
        "What's the largest planet and the smallest planet?",  # two facts asked: no guessing which
        "What happens when you mix blue, yellow and red?", "Who makes blue and yellow flags?",  # not two paints
        "What is the largest planet's red spot?", "What is the biggest ocean liner?",  # the noun goes on
        "Which bird is the fastest in Australia?",
        "Who invented the paper plane?", "How many eyes does a spider monkey have?",
        "How do I use pandas to read a file in Python?", "How many keys are on a keyboard?",
        "Which country in Africa is the largest?", "Which animal in the zoo is the tallest?",
        "Which planet has the biggest moon?", "Which planet is the biggest gas giant?",
        "Who invented the mobile phone?", "Who invented the radio show Car Talk?", "Who invented the car seat?",
        "What is H2O made of?",
        "How long can I stay in the sun?", "How long do plants need sunlight?", "How do I boil pasta?",
        "How fast is a seahorse?", "How many legs does a bumblebee bat have?",
        "I want to climb the tallest mountain in the world.", "The speed of light is amazing.",  # no question
        "How many calories do I burn running?", "How do I burn a CD?", "How hot does a candle burn?",
        "What should I do for a sunburn?", "Do bees die after they sting?", "Why do I get nosebleeds?",
        "Which country is the biggest one in Africa?", "What do you call a dog that eats grass?",
        "Why do my plants eat bugs?", "What's the green thing on my pizza?",
        "I know what the capital of France is.", "How many chambers of commerce are there?", "What does a frog eat?",
        "I remember how many continents there are.", "Do spiders eat insects?", "What do bats eat?",  # no question
        "How long does it take to run a marathon?", "How many holes in mini golf?",
        "Do I need vitamins?", "How do I make guacamole spicy?", "Is a baseball bat made of wood?",
        "How do I grow tomatoes?",
        "What do baby cows eat?", "What do you call a group of people?", "Does the moon have light?",
        "Who was killed by Macbeth?", "Who is the hero of Hamlet?", "Who directed the Great Gatsby movie?",
        "Who wrote the Psalms of David?", "I climbed the tallest mountain in the world, which was hard.",
        "Paris, which is the capital of France, is lovely.",
        # found in review: a longer name, a character, a question about the story or another kind of work
        "What is a baby tiger shark called?", "What's the name of the baby kangaroo in Winnie the Pooh?",
        "What's a word that means the same as happy?", "Do bats eat eggs?", "Are spiders insect eaters?",
        "Is tomato vegetable soup good for a cold?", "How many holes on a golf ball?",
        "How many points is a field goal worth compared with a touchdown?",
        "How many degrees is each angle in an equilateral triangle?",
        "How does a power plant send electricity to my cell phone?", "What is the universal donor for plasma?",
        "Which vitamin breaks down in sunlight?", "What continent are the Pittsburgh Penguins from?",
        "How long is a marathon in hours?", "Does the full moon make light pollution worse?",
        "Who was Hamlet killed by?", "Which artist illustrated Alice in Wonderland?", "Which author died in 1984?",
        "Who wrote the Christmas carol Silent Night?", "Who wrote Girl with a Pearl Earring?",
        "Who composed the opera Othello?", "Who wrote the poem Ode to Joy?", "Who created the four seasons hotels?",
        "I'm not sure what to cook, maybe something with guacamole ingredients.",
        "Last time, when I was in the capital of Australia, I got lost.",
        "What river is in Paris, Texas and how long is it?", "Which river runs through Washington?",
        "What language do people speak in Switzerland?", "How do you say hello in Japan?",
        "What languages do you speak?", "I speak French in France.", "Best pizza in town.",
        "Fastest land animal I have ever seen.",
        # the rows of rounds 18 and 19, asked about something else
        "When did the Spanish Civil War end?", "When was the Titanic movie released?",
        "How many players are on a field hockey team?", "How many strikes in bowling is a turkey?",
        "What should we do for our first work anniversary?", "Is the 25th anniversary silver or gold?",
        "We hit ten years married on June 5th, any anniversary gift ideas?",  # a date's 5th, no 5th anniversary
        "What is the largest state in Australia?",
        "Which state is Paris in?",
        "Do bees collect pollen from flowers?", "What is the pH of my pool supposed to be?",
        "How many state senators does Texas have?", "How many justices are on the UK Supreme Court?",
        "How many stars are in the sky?", "How many amendments does the Texas state constitution have?",
        "I want to see the Berlin Wall.", "Who was the first woman in the Atlantic Ocean?",
        "Who was the first Holy Roman Emperor?", "How many players in a rugby sevens team?",
        "Who was Britain's Prime Minister when World War II ended in Europe?",  # a who, not a when
        "What cheese is feta?", "I made sake from rice.", "What wine goes with fish?",
        "We went to Rome, which river runs through it is the Tiber.",
        # a question taken back, and a story asked for
        "Why is blood red? Never mind, I'm squeamish, change the subject.",
        "Why does popcorn pop? Actually, just tell me a popcorn recipe.",
        "Tell me a bedtime story about a kid who travels to the farthest planet.",
        "How is steel made?", "My pan is made of stainless steel.",  # an alloy named, its metals not asked
        # the rows of the thirty-fourth session, asked about something else
        "How much insulin should I inject?", "How were the pyramids built?", "Who built the pyramids in Mexico?",
        "How much vitamin D do I need?", "Who won the gymnastics rings at the Olympics?",
        "A gallon of paint covers about 400 square feet. How many gallons do I need for 1,200 square feet?",
        "Who wrote Hamlet and what else?", "When was Mozart famous?",
        "What is the second largest country in Africa?", "What is the second largest country by population?",
        "What is the third largest country?",
        "What is the largest ocean's god?", "What makes the sound of thunder?", "I'm afraid of the fear of flying.",
        "Who came after Adams?", "Who came after Grover Cleveland?", "Who came after the storm?",
        "How long is an American football game?", "How deep is Lake Baikal?", "Who was the second woman on the moon?",
        "How many squares of chocolate in a bar?", "Who wrote Jaws?", "How many extra points is a touchdown worth?",
    ],
)  # fmt: skip
def test_other_questions_are_left_to_the_model(text: str) -> None:
    assert almanac_fact(text) is None


def test_the_fact_is_the_note_and_the_replys_start() -> None:
    notes = TurnNotes(None)
    assert notes("How many legs does a spider have?") == "Fact: A spider has eight legs."
    assert notes.opener("Is Mars the closest planet to the sun?") == "Mercury is the planet closest to the sun."
    assert TurnNotes(None, exact=False).opener("How many legs does a spider have?") is None


SOCCER = "How many players are on a soccer team?"


@pytest.mark.parametrize(
    ("earlier", "text", "said"),
    [
        ([SOCCER], "And basketball?", "five"),  # "A basketball team has ten players ..., and so does a soccer team."
        ([SOCCER, "And basketball?"], "What about in baseball?", "nine"),  # a follow-up of a follow-up
        ([SOCCER, *["And basketball?", "And baseball?"] * 2], "And volleyball?", "six"),  # ... of four
        (["How many legs does a spider have?"], "What about insects?", "six"),
        (["Who invented the light bulb?"], "And the telephone?", "Bell"),  # two words swapped for one
        (["What is the largest planet?"], "And the smallest?", "Mercury"),
        (["What is the biggest planet?", "And the smallest one?"], "What about the hottest?", "Venus"),  # not Mercury
        (["How many legs does a spider have?"], "And a beetle?", "six"),  # "A beetle has eight legs."
        (["How fast can a cheetah run?"], "What about a horse?", "50 to 70"),  # "around 10-15 miles per hour"
        (["How many legs does a spider have?"], "No, I meant an insect.", "six"),  # "I don't have enough context"
        (["What is the largest planet?"], "Sorry, I meant the smallest.", "Mercury"),
        (["Is the sun a star?"], "Wow, how far away is it?", "150 million"),  # a pronoun: "98 million miles"
        (["What about the one with spots? Cheetahs?"], "How fast can they run?", "110"),  # no speed given
        (["What is the highest mountain in Africa?"], "How tall is it?", "5,895 meters"),  # Everest's height
        (["Which continent is Kenya in?"], "And Peru?", "South America"),
        (["What's the chemical symbol for gold?"], "And silver?", "Ag"),
        (["What's the chemical symbol for gold?"], "What's its atomic number?", "79"),  # a possessive: 13
        (["What's the largest ocean on earth?"], "No, I meant the smallest one.", "Arctic"),  # "The Pacific is the
        (["What's the longest bone in the human body?"], "No, the smallest one.", "stapes"),  # smallest ocean"
        (["What's the biggest US state by area?"], "I meant by population.", "California"),
        (["What's the tallest animal in the world?"], "No, I meant the fastest-land animal.", "cheetah"),  # giraffe
        (["Can you name the planets in our solar system?"], "How many are there?", "eight"),  # "There are 7 planets"
        (["Who painted the Mona Lisa?"], "Where is it displayed?", "Louvre"),  # "in the Mona Lisa painting"
        (["How many hearts does an octopus have?"], "And how many arms?", "eight arms"),  # "four arms"
        (["How many legs does a spider have?"], "End a crab?", "ten legs"),  # Whisper's "End": "eight legs"
        (["How much does a gallon of water weigh in pounds?"], "And kilograms?", "3.79 kilograms"),
        (["Which planet is closest to the sun?"], "And which one is farthest?", "Neptune"),  # "Venus"
        # pairs 8: "one" is what the last question asked for (the 0.5B: "Mercury is the planet farthest away")
        (["which planet is closest to the sun."], "Which one is farthest away?", "Neptune"),
        (["What is the largest ocean?"], "And which one is the smallest?", "Arctic"),
        # pairs 9 (held out): the next in rank, "which is" with the noun of "how many", the language asked before
        (["Who was the first person to walk on the moon?"], "Who stepped out after him?", "Buzz Aldrin"),
        (["What's the largest planet in our solar system?"], "Which one comes second?", "Saturn"),  # "Earth"
        (["who was the first president of the United States."], "Who came next?", "John Adams"),  # "Washington"
        (["How many continents are there?"], "Which is the smallest?", "Australia"),  # "Africa"
        (["What does bonjour mean in French?"], "How would I say goodbye?", "au revoir"),
        (["What does the Spanish word gracias mean?"], "How would I say you're welcome back?", "de nada"),
        (["How many rings are on the Olympic flag?"], "What colors are they?", "blue, yellow"),  # "the five continents"
        (["who was Henry VIII's first wife?"], "Which of his wives outlived him?", "Catherine Parr"),  # one person's
        (["When was the great fire of London?"], "Where did it start?", "Pudding Lane"),  # it said 1765
        (["What's the main ingredient in guacamole?"], "Why does it turn brown so quickly?", "oxygen"),
        (["How many strings does a standard guitar have?"], "Sorry, I meant a bass guitar.", "four strings"),
        (["How many points is a touch on worth in American football?"], "How many for a field goal?", "three points"),
        (["What year did World War II end?"], "How many years had it lasted?", "six years"),
        (["Who was the first person to walk on the moon?"], "who else was on that mission?", "Buzz Aldrin"),
        (["What do you call a baby kangaroo?"], "Where does it live when it's tiny?", "pouch"),
    ],
)
def test_a_follow_up_naming_another_thing_gets_its_fact(earlier: list[str], text: str, said: str) -> None:
    fact = almanac_fact(text, earlier)
    assert fact is not None and said in fact, fact


def test_the_second_one_after_a_first() -> None:
    """Pairs 7: "The second one." after the highest mountain got "Mount Everest is the second tallest"."""
    assert almanac_fact("The second one.", ["What's the highest mountain in the world?"]) == (
        "K2 is the second highest mountain, about 8,611 meters, after Everest."
    )
    assert almanac_fact("The second one?", ["Who was the first president?"]) == (
        "John Adams was the second president of the United States."
    )
    assert almanac_fact("The third one.", ["What's the highest mountain in the world?"]) is None  # not in the table


@pytest.mark.parametrize(
    ("earlier", "text"),
    [
        ([SOCCER], "And then?"),  # no thing named
        (["How many legs does a spider have?"], "What about a spider monkey?"),  # its pattern refuses it
        (["How many legs does a spider have?"], "What about dogs?"),  # no fact for the swap
        (["What is the capital of France?"], "And basketball?"),  # the last question got no fact here
        (["How many players are on a soccer team?", "Tell me a joke."], "And basketball?"),  # not the last question
        ([SOCCER, *["And basketball?", "And baseball?"] * 3], "And volleyball?"),  # a chain too long to follow
        (["What is the capital of France?"], "Is it safe?"),  # no fact for the pronoun's swap
        (["What is the largest ocean?"], "Which one is the best?"),  # "one" swapped gives no fact
        (["What is the capital of France?"], "What color is it?"),  # the fact names no colors
        (["What is the capital of France?"], "Who came next?"),  # no rank to go on from
        (["How do you say hello in Spanish?", "Tell me a joke."], "How would I say goodbye?"),  # not the last words
        (["Tell me about the sun and the moon."], "How far away is it?"),  # two facts: no guessing which
    ],
)
def test_other_follow_ups_get_none(earlier: list[str], text: str) -> None:
    assert almanac_fact(text, earlier) is None
    assert almanac_fact("And basketball?") is None  # no earlier words: no follow-up


@pytest.mark.parametrize(
    ("said", "text", "fact"),
    [
        ("The sky is blue.", "Why is that?", "Rayleigh"),  # pairs 6: "Because it's the color of the sun."
        ("Ice floats on water.", "How come?", "less dense"),
        ("Leaves turn red and yellow in the fall.", "Why?", "chlorophyll"),
        ("Yes, the ocean is salty.", "Why?", "rivers wash salts"),
        ("The capital of Australia is Canberra.", "Why?", None),  # no why in the table
        ("2 plus 2 is 4.", "Why?", None), ("Pigs cannot fly.", "Why not?", None), ("", "Why?", None),
    ],
)
def test_a_bare_why_asks_why_of_the_last_reply(said: str, text: str, fact: str | None) -> None:
    found = almanac_fact(text, ["What about it?"], said)
    assert (found is None) if fact is None else (found is not None and fact in found), found


@pytest.mark.parametrize(
    ("earlier", "said", "text", "fact"),
    [  # the pronoun stands for what the last reply named (the 0.5B: 8 moons, 78 % oxygen, the Pacific)
        ("which planet is called the red planet.", "Mars is known as the red planet.", "How many moons does it have?",
         "two small moons"),
        ("Which element has the symbol O?", "O is the symbol for oxygen, element number 8.",
         "What percentage of the air is it?", "21 percent"),
        ("What's the longest river in South America?", "The Amazon is the longest river in South America.",
         "Which ocean does it flow into?", "Atlantic"),
        ("Which planet is known as the red planet?", "Mars is known as the red planet.", "Why is it red?",
         "iron oxide"),  # "because it is the only planet ... that has a reddish hue"
        ("Who was the British Prime Minister for most of World War II?", "The British Prime Minister for most of "
         "World War II was Winston Churchill.", "Which party did he belong to?", "Conservative"),  # "the United States"
        ("What is the smallest country in the world?", "Vatican City is the smallest country.",
         "What city is it surrounded by?", "Rome"),  # "surrounded by the Vatican City State"
        ("What is the largest ocean on earth?", "The Pacific is the largest ocean on Earth.",
         "Is it bigger than all the land on earth put together?", "Yes"),  # "No, the Pacific is not bigger ..."
    ],
)
def test_a_pronoun_for_what_the_last_reply_named(earlier: str, said: str, text: str, fact: str) -> None:
    found = almanac_fact(text, [earlier], said)
    assert found is not None and fact in found, found


def test_a_follow_ups_fact_starts_the_reply() -> None:
    notes = TurnNotes(None)
    assert notes.opener("And basketball?", 1, [SOCCER]) == "A basketball team has five players on the court."
    assert notes("And basketball?", 1, [SOCCER]) == "Fact: A basketball team has five players on the court."


def test_a_fact_in_two_units_is_said_in_the_one_asked_for() -> None:
    """After "How far is the moon?", "Sorry, I meant in miles." got "384,000 miles, or 239,000 kilometers"."""
    moon = "How far is the moon?"
    assert almanac_fact("Sorry, I meant in miles.", [moon]) == "The moon is about 239,000 miles from Earth."
    assert almanac_fact("What's that in kilometers?", [moon]) == "The moon is about 384,000 kilometers from Earth."
    assert almanac_fact("In miles.", ["I meant in kilometers.", moon]) == "The moon is about 239,000 miles from Earth."
    assert almanac_fact("How tall is Everest in feet?") == "Mount Everest is about 29,032 feet tall."
    assert almanac_fact("How tall is it in feet?", ["How tall is Mount Everest?"]) == (
        "Mount Everest is about 29,032 feet tall."
    )
    assert almanac_fact("At what temperature does water boil in Fahrenheit?") == (
        "Water boils at 212 degrees Fahrenheit at sea level."
    )
    assert almanac_fact(moon) == "The moon is about 384,000 kilometers, or 239,000 miles, from Earth."
    assert almanac_fact("In miles?", ["What is the capital of France?"]) is None  # no fact before it
    assert almanac_fact("How far is the moon in light years?") == almanac_fact(moon)  # a unit it lacks: as it is
    # kelvin, from the Celsius (after Fahrenheit the model said "273.15 degrees Fahrenheit")
    assert almanac_fact("And in Kelvin?", ["What is the freezing point of water in Fahrenheit?"]) == (
        "Water freezes at 273.15 kelvin."
    )
    assert almanac_fact("What is the boiling point of water in kelvin?") == "Water boils at 373.15 kelvin at sea level."
    assert almanac_fact("How far is the moon in kelvin?") == almanac_fact(moon)


@pytest.mark.parametrize(
    "text",
    [
        "How many grams of salt can I eat a day?",  # no chemistry asked
        "Is sugar bad for my teeth?",
        "What's 2 x 4?",
        "I painted the fence with two gallons of paint.",
        "How long is the marathon movie?",
        "Where was the painter of the Mona Lisa born?",  # where the painter was, not the painting
    ],
)
def test_the_kitchen_chemistry_and_diy_rows_leave_other_talk(text: str) -> None:
    assert almanac_fact(text) is None, (text, almanac_fact(text))
