"""The figures a health guide gives, as rows for the almanac's table (voicebot/almanac.py): heart rate, sleep,
exercise, calories, BMI, blood pressure, body temperature.

People ask a voice assistant these while they exercise or cook, and the 0.5B got them wrong in ways that mislead: a
normal resting heart rate "between 60 and 80", adults need "7 hours of sleep", the maximum heart rate formula "70.7 ±
2.5", a pound of fat "1,920 calories", exercise "30 minutes a day" asked per week (docs/MEASUREMENTS.md,
thirty-second session). Each row is the usual public-health figure (the American Heart Association's, the CDC's, the
WHO's), said as a short sentence; a question about the user's own symptoms or numbers gets no row: that is for a
doctor.
"""

from __future__ import annotations

from voicebot.patterns import all_words

__all__ = ["HEALTH_FACTS"]

# Words of a question about the user's own case, which a guide's figure does not answer.
_OWN = r"my|i'm|i am|i have|i've|me|should i worry|worried|dangerous|emergency|symptoms?|pain|hurts?|dizzy|sick|ill"
_ADULT = r"adults?|grown[- ]ups?|people|person|humans?|normal|healthy|average|typical|good|should|recommended|need"
_CALORIES = r"calories|kcal|kilocalories|cals?"

HEALTH_FACTS: tuple[tuple[str, str], ...] = (
    (all_words(r"(?:body|human|normal|average) temperature|temperature of (?:the|a) (?:human )?body",
               r"normal|average|usual|typical|healthy|human", unless=r"dogs?|cats?|animals?|room|water|sun|" + _OWN),
     "Normal body temperature is about 37 degrees Celsius, or 98.6 degrees Fahrenheit."),
    (all_words(r"what temperature (?:is|counts as|means) (?:a|an) fever|(?:what|which) temperature is "
               r"(?:considered )?(?:a )?fever|at what temperature (?:is it|do you have|does it become) (?:a )?fever|"
               r"what (?:is|counts as) (?:considered )?a fever|fever (?:starts|begins) at",
               unless=_OWN + r"|dogs?|cats?|animals?|babies|baby"),
     "A fever is a temperature of 38 degrees Celsius, or 100.4 degrees Fahrenheit, or higher."),
    (all_words(r"fever", r"babies|baby|infants?|newborns?|toddlers?", r"temperature|degrees|considered|counts|what is|"
               r"when is|how high"),
     "In a baby, a fever is a temperature of 38 degrees Celsius, 100.4 degrees Fahrenheit, or higher, taken rectally; "
     "a baby under 3 months with a fever should see a doctor right away."),
    (all_words(r"babies|baby|infants?|newborns?", r"sleep\w*|put (?:her|him|them|it) down|lay", r"backs?|tummy|stomach|"
               r"sides?|position|which way", unless=r"how (?:long|much|many)|when|train\w*|bag|sack"),
     "Put a baby to sleep on their back, on a firm flat surface with no pillows or blankets, for every sleep: it "
     "lowers the risk of sudden infant death."),
    (all_words(r"honey", r"babies|baby|infants?|newborns?|months? old", r"age|old|when|safe|can|give|until|before"),
     "Don't give honey to a baby under 1 year old: it can carry the spores of infant botulism."),
    (all_words(r"resting heart rate|resting pulse|heart rate at rest|normal (?:heart rate|pulse)", unless=_OWN),
     "A normal resting heart rate for adults is 60 to 100 beats per minute; fit people's is often lower."),
    (all_words(r"max(?:imum)? heart rate|heart rate max", r"formula|calculate|estimate|work out|figure out|how do"),
     "A common estimate of your maximum heart rate is 220 minus your age."),
    (all_words(r"how (?:many|much) (?:hours of )?sleep|hours of sleep|sleep (?:do|does|should)", _ADULT,
               unless=r"babies|baby|newborns?|infants?|toddlers?|kids?|children|child|teens?|teenagers?|cats?|dogs?|"
                      r"koalas?|animals?|" + _OWN),
     "Adults need 7 to 9 hours of sleep a night; teenagers 8 to 10, and school children 9 to 12."),
    (all_words(_CALORIES, r"(?:a|one|per|each) (?:gram|g) of (?:fat|protein|carbs?|carbohydrates?|alcohol)|"
               r"(?:fat|protein|carbs?|carbohydrates?|alcohol) per gram"),
     "A gram of fat has 9 calories; a gram of protein or carbohydrate 4, and a gram of alcohol 7."),
    (all_words(_CALORIES, r"(?:a|one|per|each) pound of (?:body )?fat|lose (?:a|one) pound|burn (?:a|one) pound"),
     "A pound of body fat holds about 3,500 calories."),
    (all_words(r"exercise|activity|physical activity|workouts?|cardio", r"minutes|hours|how much|how long|how often",
               r"a week|per week|each week|weekly|guidelines?|recommend\w*",
               unless=r"dogs?|puppy|puppies|cats?|kids?|children|child|teens?"),
     "Adults should get at least 150 minutes of moderate activity a week, or 75 of vigorous activity, and "
     "strengthen their muscles twice a week."),
    (all_words(r"bmi|body mass index", r"healthy|normal|good|ideal|range|underweight|overweight|obese", unless=_OWN),
     "For adults, a BMI from 18.5 to 24.9 is in the healthy range; 25 to 29.9 is overweight, and 30 or more obese."),
    (all_words(r"blood pressure", r"normal|healthy|good|ideal|should|average", unless=_OWN + r"|low"),
     "Normal blood pressure for adults is below 120 over 80."),
    (all_words(r"how many calories|calories (?:a|per) day|daily calories", r"a day|per day|daily|each day",
               r"adults?|women|woman|men|man|people|person|average|need",
               unless=r"burn\w*|lose|losing|cats?|dogs?|kids?|children|child|babies|baby|" + _OWN),
     "Food labels go by 2,000 calories a day; most women need about 1,600 to 2,400, and men 2,000 to 3,000, "
     "depending on age and activity."),
    (all_words(r"caffeine", r"how much|limit|safe|too much|maximum|max", r"a day|per day|daily|each day",
               unless=r"pregnan\w*|kids?|children|child|teens?|dogs?|cats?"),
     "Up to 400 milligrams of caffeine a day is considered safe for healthy adults: about four cups of brewed coffee."),
    (all_words(r"wash\w*", r"hands?", r"how long|seconds|minutes|long enough"),
     "Wash your hands for at least 20 seconds, with soap and water."),
    (all_words(r"brush\w*", r"teeth", r"how long|how often|how many times|minutes"),
     "Brush your teeth twice a day, for two minutes each time."),
    (all_words(r"oxygen|o2|sats|saturation|spo2", r"normal|healthy|good|should|level", unless=_OWN),
     "A normal blood oxygen level is 95 to 100 percent."),
    (all_words(r"how long|how many (?:weeks|days|months)", r"pregnancy|pregnant|gestation",
               unless=r"dogs?|cats?|elephants?|horses?|cows?|animals?|rabbits?|pigs?|sheep|goats?|giraffes?|before|"
                      r"after|test|until|symptoms?"),  # animals: the almanac's
     "A pregnancy lasts about 40 weeks from the first day of the last period: about nine months."),
    (all_words(r"how much water|how many (?:glasses|cups|liters|litres|ounces) of water", r"drink|a day|per day|daily",
               unless=r"my|plants?|dogs?|cats?|babies|baby|garden|lawn|plant|boil|cook|rice|pasta"),
     "A common guide is about 8 glasses, or 2 liters, a day; the US National Academies suggest about 3.7 liters for "
     "men and 2.7 for women, counting all drinks and food."),
    (all_words(r"normal|healthy|fasting", r"blood sugar|blood glucose|glucose level", unless=_OWN + r"|dogs?|cats?"),
     "A normal fasting blood sugar is 70 to 99 milligrams per deciliter, or about 4 to 5.5 millimoles per liter."),
    (all_words(r"breath(?:s|ing)? (?:rate|per minute|a minute)|respiratory rate|how many breaths",
               unless=_OWN + r"|dogs?|cats?|babies|baby|whales?"),
     "A normal breathing rate for an adult at rest is 12 to 20 breaths a minute."),
    (all_words(r"bmi|body mass index", r"calculat\w*|formula|work(?:ed)? out|how (?:do|is) (?:you|i|it)"),
     "BMI is your weight in kilograms divided by the square of your height in meters."),
    (all_words(r"how much protein|how many grams of protein", r"a day|per day|daily|need|should",
               unless=r"my|in (?:an?|one|the)|dogs?|cats?"),
     "Adults need about 0.8 grams of protein a day for each kilogram of body weight; more for athletes."),
    (all_words(r"how much blood|how many (?:liters|litres|pints|quarts) of blood|blood volume",
               r"body|adults?|humans?|person|people|we|us|you",
               unless=r"donate|donating|donation|give|lose|dogs?|cats?|whales?|animals?"),
     "An adult has about 5 liters of blood, around 10 pints."),
)  # fmt: skip
