"""Where a country, a city or a sight is, the highest mountain, the longest river and the desert of a continent or
a country, and the ocean between two continents, for the almanac's facts (voicebot/almanac.py).

The 0.5B puts Everest in Africa ("The tallest mountain in Africa is Mount Everest, which is 8,848 meters
tall."), calls the Thames the longest river in the UK, and guesses at continents. The almanac's world-wide rows
("the tallest mountain", "the longest river") leave a question about one place alone; these tables answer it.
Only places with one clear answer are here: Spain's longest river, India's highest mountain and Georgia (a
country, a US state) are left to the model.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

__all__ = ["NOT_PLACES", "PLACE_WORDS", "place_facts"]

# "Where it is: country|other name, ...". A name is written as said in a sentence ("the Netherlands"); other names
# are how people or an ASR may say it.
_CONTINENTS = """
Africa: Algeria, Angola, Benin, Botswana, Burkina Faso, Burundi, Cameroon, Cape Verde|Cabo Verde, the Central \
African Republic, Chad, the Comoros, the Democratic Republic of the Congo|DR Congo|the DRC, the Republic of the \
Congo|Congo, Djibouti, Equatorial Guinea, Eritrea, Eswatini|Swaziland, Ethiopia, Gabon, the Gambia|Gambia, Ghana, \
Guinea, Guinea-Bissau, the Ivory Coast|Ivory Coast|Cote d'Ivoire, Kenya, Lesotho, Liberia, Libya, Madagascar, \
Malawi, Mali, Mauritania, Mauritius, Morocco, Mozambique, Namibia, Niger, Nigeria, Rwanda, Senegal, the \
Seychelles|Seychelles, Sierra Leone, Somalia, South Africa, South Sudan, Sudan, Tanzania, Togo, Tunisia, Uganda, \
Zambia, Zimbabwe
Asia: Afghanistan, Bangladesh, Bhutan, Brunei, Cambodia, China, India, Indonesia, Japan, Kyrgyzstan, Laos, \
Malaysia, the Maldives|Maldives, Mongolia, Myanmar|Burma, Nepal, North Korea, Pakistan, the Philippines|Philippines, \
Singapore, South Korea|Korea, Sri Lanka, Taiwan, Tajikistan, Thailand, East Timor|Timor-Leste, Turkmenistan, \
Uzbekistan, Vietnam
Asia, in the Middle East: Bahrain, Iran, Iraq, Israel, Jordan, Kuwait, Lebanon, Oman, Qatar, Saudi Arabia, Syria, \
the United Arab Emirates|United Arab Emirates|the UAE, Yemen
Europe: Albania, Andorra, Austria, Belarus, Belgium, Bosnia and Herzegovina|Bosnia, Bulgaria, Croatia, the Czech \
Republic|Czech Republic|Czechia, Denmark, England, Estonia, Finland, France, Germany, Greece, Hungary, Iceland, \
Ireland, Italy, Latvia, Liechtenstein, Lithuania, Luxembourg, Malta, Moldova, Monaco, Montenegro, the \
Netherlands|Netherlands|Holland, North Macedonia|Macedonia, Northern Ireland, Norway, Poland, Portugal, Romania, \
San Marino, Scotland, Serbia, Slovakia, Slovenia, Spain, Sweden, Switzerland, Ukraine, the United Kingdom|United \
Kingdom|the UK|Britain|Great Britain, Vatican City|the Vatican, Wales
North America: Canada, Mexico, the United States|United States|the US|the USA|the United States of America
Central America, part of North America: Belize, Costa Rica, El Salvador, Guatemala, Honduras, Nicaragua, Panama
the Caribbean, part of North America: the Bahamas|Bahamas, Barbados, Cuba, the Dominican Republic|Dominican \
Republic, Haiti, Jamaica, Puerto Rico, Trinidad and Tobago
South America: Argentina, Bolivia, Brazil, Chile|Chili, Colombia, Ecuador, Guyana, Paraguay, Peru, Suriname, \
Uruguay, Venezuela
Oceania: Fiji, New Zealand, Papua New Guinea, Samoa, the Solomon Islands|Solomon Islands, Tonga, Vanuatu
"""

# Countries in two continents, counted in one by geography and another by politics, or a continent themselves.
_SPECIAL = {
    "Russia": "Russia spans Europe and Asia: most of its land is in Asia, and most of its people live in Europe.",
    "Turkey": "Turkey is mostly in Asia, with a small part around Istanbul in Europe.",
    "Egypt": "Egypt is in Africa, with its Sinai Peninsula in Asia.",
    "Kazakhstan": "Kazakhstan is mostly in Asia, with a small part west of the Ural River in Europe.",
    "Greenland": "Greenland is part of North America by geography, though it belongs to the Kingdom of Denmark.",
    "Cyprus": "Cyprus is an island in the eastern Mediterranean: in Asia by geography, and a member of the European "
    "Union.",
    "Australia": "Australia is a continent of its own; with New Zealand and the Pacific islands it makes up Oceania.",
}

# "Where it is: city or landmark|other name, ...": "Which country is Timbuktu in?", "Where is the Taj Mahal?".
# Cities that share their name with another place (Paris, Texas; Sydney, Nova Scotia) are said the way most mean.
_SIGHTS = """
Mali: Timbuktu|Timbuctoo
Morocco: Marrakech|Marrakesh, Casablanca, Fez, Tangier
Peru: Cusco|Cuzco, Machu Picchu
Cambodia: Angkor Wat
Agra, India: the Taj Mahal|Taj Mahal
India: Mumbai|Bombay, Bangalore|Bengaluru, Kolkata|Calcutta, Chennai|Madras, Jaipur, Goa, Varanasi
Paris, France: the Eiffel Tower|Eiffel Tower, the Louvre|Louvre
France: Marseille, Lyon, Nice, Bordeaux
Rome, Italy: the Colosseum|Colosseum, the Trevi Fountain
Italy: Venice, Florence, Milan, Naples, Pisa, the Leaning Tower of Pisa|Leaning Tower of Pisa, Pompeii
London, in the United Kingdom: Big Ben, the Tower of London, Buckingham Palace
England, in the United Kingdom: Stonehenge, Manchester, Liverpool, Oxford, Cambridge
Scotland, in the United Kingdom: Edinburgh, Glasgow, Loch Ness
China: the Great Wall|Great Wall|the Great Wall of China, Shanghai, Hong Kong, the Forbidden City
Athens, Greece: the Acropolis|Acropolis, the Parthenon|Parthenon
Greece: Santorini, Crete, Mykonos
Jordan: Petra
Egypt: the Pyramids of Giza|Pyramids of Giza|the pyramids|the Egyptian pyramids, the Great Pyramid|the Great \
Pyramid of Giza, the Sphinx|the Great Sphinx, Luxor, Alexandria
Mexico: Chichen Itza, Cancun, Guadalajara, Tijuana
Rio de Janeiro, Brazil: Christ the Redeemer
Brazil: Rio de Janeiro|Rio, Sao Paulo, Salvador
Sydney, Australia: the Sydney Opera House|Sydney Opera House
Australia: Sydney, Melbourne, Perth, Brisbane, Uluru|Ayers Rock, the Great Barrier Reef|Great Barrier Reef
South Dakota, in the United States: Mount Rushmore
New York, in the United States: the Statue of Liberty|Statue of Liberty, the Empire State Building
San Francisco, in the United States: the Golden Gate Bridge|Golden Gate Bridge, Alcatraz
Arizona, in the United States: the Grand Canyon|Grand Canyon
the United States: Las Vegas, Chicago, Los Angeles, Miami, Seattle, Boston, New Orleans, Hollywood
the border of Canada and the United States: Niagara Falls|the Niagara Falls
the border of Zambia and Zimbabwe: Victoria Falls|the Victoria Falls
Canada: Toronto, Vancouver, Montreal, Quebec City, Calgary
Barcelona, Spain: the Sagrada Familia|Sagrada Familia
Granada, Spain: the Alhambra|Alhambra
Spain: Barcelona, Seville, Valencia, Granada, Ibiza, Mallorca|Majorca
Portugal: Porto, Madeira
Germany: Munich, Hamburg, Frankfurt, Cologne, Neuschwanstein Castle|Neuschwanstein
Switzerland: Zurich, Geneva
the border of Switzerland and Italy: the Matterhorn|Matterhorn
the Netherlands: Rotterdam
Russia: Saint Petersburg|St Petersburg, the Kremlin
Turkey: Istanbul, Cappadocia
the United Arab Emirates: Dubai, the Burj Khalifa|Burj Khalifa
Indonesia: Bali
Thailand: Phuket, Chiang Mai
Japan: Kyoto, Osaka, Hiroshima
Vietnam: Ho Chi Minh City|Saigon, Ha Long Bay
South Africa: Cape Town, Johannesburg, Durban
Nigeria: Lagos
Tanzania: Zanzibar, the Serengeti|Serengeti
Argentina and Chile: Patagonia
Chile: Easter Island
Ecuador: the Galapagos Islands|Galapagos Islands|the Galapagos|Galapagos
"""

# "Mountain[, where]: height: the places it is the highest of". Heights as commonly given, above sea level.
_MOUNTAINS = """
Mount Everest: 8,849 meters, or 29,032 feet: Asia, Nepal, China
Mount Kilimanjaro, in Tanzania: 5,895 meters, or 19,341 feet: Africa, Tanzania
Denali, in Alaska: 6,190 meters, or 20,310 feet: North America, the United States|the US|the USA|America, Alaska
Aconcagua, in Argentina: 6,961 meters, or 22,838 feet: South America, Argentina, the Americas
Mount Elbrus, in Russia's Caucasus mountains: 5,642 meters, or 18,510 feet: Europe, Russia
Mount Vinson: 4,892 meters, or 16,050 feet: Antarctica
Mount Kosciuszko: 2,228 meters, or 7,310 feet: Australia
Puncak Jaya, in New Guinea: 4,884 meters, or 16,024 feet: Oceania
Mount Logan: 5,959 meters, or 19,551 feet: Canada
Pico de Orizaba: 5,636 meters, or 18,491 feet: Mexico
Mount Whitney, in California: 4,421 meters, or 14,505 feet: California, the lower 48 states|the lower 48
Mount Elbert: 4,401 meters, or 14,440 feet: Colorado, the Rocky Mountains|the Rockies
Mount Fuji: 3,776 meters, or 12,388 feet: Japan
Ben Nevis, in Scotland: 1,345 meters, or 4,413 feet: Scotland, the United Kingdom|the UK|Britain|Great Britain
Scafell Pike: 978 meters, or 3,209 feet: England
Snowdon, also called Yr Wyddfa: 1,085 meters, or 3,560 feet: Wales
Carrauntoohil: 1,039 meters, or 3,407 feet: Ireland
Mont Blanc, on the border of France and Italy: 4,806 meters, or 15,770 feet: France, Italy, the Alps, Western Europe
the Dufourspitze of Monte Rosa: 4,634 meters, or 15,203 feet: Switzerland
the Zugspitze: 2,962 meters, or 9,718 feet: Germany
the Grossglockner: 3,798 meters, or 12,461 feet: Austria
Mount Teide, on Tenerife: 3,715 meters, or 12,188 feet: Spain
Mount Olympus: 2,918 meters, or 9,573 feet: Greece
Mount Ararat: 5,137 meters, or 16,854 feet: Turkey
Mount Damavand: 5,610 meters, or 18,406 feet: Iran
K2, on the border of Pakistan and China: 8,611 meters, or 28,251 feet: Pakistan
Mount Kenya: 5,199 meters, or 17,057 feet: Kenya
Mount Toubkal: 4,167 meters, or 13,671 feet: Morocco, North Africa
Aoraki, also called Mount Cook: 3,724 meters, or 12,218 feet: New Zealand
Huascarán: 6,768 meters, or 22,205 feet: Peru
Ojos del Salado, on the border of Chile and Argentina: 6,893 meters, or 22,615 feet: Chile|Chili
Chimborazo: 6,263 meters, or 20,548 feet: Ecuador
"""

# "River[, what else to know]: length: the places it is the longest of".
_RIVERS = """
the Nile: 6,650 kilometers, or 4,130 miles: Africa, Egypt
the Amazon: 6,400 kilometers, or 4,000 miles: South America, Brazil, Peru, the Americas
the Yangtze: 6,300 kilometers, or 3,900 miles: Asia, China
the Missouri, just longer than the Mississippi it flows into: 3,770 kilometers, or 2,340 miles: North America, \
the United States|the US|the USA|America
the Volga: 3,530 kilometers, or 2,190 miles: Europe
the Murray: 2,508 kilometers, or 1,558 miles: Australia
the Mackenzie: 1,738 kilometers, or 1,080 miles: Canada
the Severn: 354 kilometers, or 220 miles: the United Kingdom|the UK|Britain|Great Britain
the Thames, which flows wholly in England: 346 kilometers, or 215 miles: England
the Tay: 188 kilometers, or 117 miles: Scotland
the Shannon: 360 kilometers, or 224 miles: Ireland
the Loire: 1,006 kilometers, or 625 miles: France
the Rhine, counting the part of it in Germany: 865 kilometers, or 537 miles: Germany
the Po: 652 kilometers, or 405 miles: Italy
the Ganges: 2,525 kilometers, or 1,569 miles: India
the Shinano: 367 kilometers, or 228 miles: Japan
"""


# The desert of a country or a region: "Which desert covers most of Botswana?" (the 0.5B: the Sahara).
_DESERTS = {
    "botswana": "The Kalahari covers most of Botswana.",
    "namibia": "The Namib runs along Namibia's coast, and the Kalahari covers its east.",
    "chile": "The Atacama Desert is in northern Chile: one of the driest places on Earth.",
    "mongolia": "The Gobi covers southern Mongolia and northern China.",
    "china": "The Gobi lies in northern China, and the Taklamakan in the west.",
    "north africa": "The Sahara covers most of North Africa.",
    "northern africa": "The Sahara covers most of North Africa.",
    "algeria": "The Sahara covers most of Algeria.",
    "libya": "The Sahara covers most of Libya.",
    "egypt": "Most of Egypt is desert: the Sahara's Western Desert, and the Eastern Desert by the Red Sea.",
    "saudi arabia": "The Arabian Desert covers most of Saudi Arabia, with the Rub' al Khali, the Empty Quarter, in "
    "the south.",
    "india": "The Thar, or Great Indian Desert, is in the northwest of India.",
    "pakistan": "The Thar reaches into Pakistan's southeast, and the Cholistan lies beside it.",
    "australia": "The Great Victoria Desert is Australia's largest.",
    "california": "The Mojave Desert is in southeastern California.",
    "nevada": "The Mojave reaches into southern Nevada; the Great Basin Desert covers much of the rest.",
    "arizona": "The Sonoran Desert is in southern Arizona.",
    "israel": "The Negev Desert is in southern Israel.",
}


def _fold(text: str) -> str:
    """How places are matched: lower case, accents, "the" and punctuation away ("Côte d'Ivoire" -> "cote divoire",
    "the U.S." -> "us"), "Mt." as "mount"."""
    text = text.lower().translate(str.maketrans("àáâãäåçèéêëìíîïñòóôõöùúûüý’", "aaaaaaceeeeiiiinooooouuuuy'"))
    text = re.sub(r"\bmt\b\.?", "mount", re.sub(r"(?<=\b[a-z])\.(?=[a-z]\b)|(?<=\b[a-z]\.[a-z])\.", "", text))
    return " ".join(re.sub(r"[^a-z0-9 ]", " ", text).split()).removeprefix("the ")


def _said(name: str) -> str:
    """A name at a sentence's start: "The Netherlands"."""
    return name[:1].upper() + name[1:]


def _entries(table: str) -> list[tuple[str, list[str]]]:
    """The table's lines as (what is said of them, [names, each with its other names joined by "|"])."""
    return [(line.split(": ", 1)[0], line.split(": ", 1)[1].split(", ")) for line in table.strip().splitlines()]


def _continents() -> dict[str, str]:
    """folded name -> "Kenya is in Africa."."""
    out = {_fold(n): f"{_said(names.split('|')[0])} is in {where}." for where, countries in _entries(_CONTINENTS)
           for names in countries for n in names.split("|")}  # fmt: skip
    return out | {_fold(name): fact for name, fact in _SPECIAL.items()}


def _sizes(table: str, kind: str, size: str) -> tuple[dict[str, str], dict[str, str]]:
    """(folded place -> "Mount Fuji is the highest mountain in Japan, about ...", folded mountain or river -> "Mount
    Fuji is about 3,776 meters, or 12,388 feet, tall.") from "Thing[, what else]: measure: places" lines."""
    best: dict[str, str] = {}
    measured: dict[str, str] = {}
    for line in table.strip().splitlines():
        thing, measure, places = line.split(": ")
        name, _, more = thing.partition(", ")
        more = f", {more}," if more else ""
        for names in places.split(", "):
            place = names.split("|")[0]
            said = "" if place in more else more  # not "Mount Kilimanjaro, in Tanzania, is the highest ... in Tanzania"
            fact = f"{_said(name)}{said} is the {kind} in {place}, about {measure}."
            best |= {_fold(place): fact for place in names.split("|")}
        measured[_fold(name)] = f"{_said(name)} is about {measure}, {size}."
    return best, measured


def _sights() -> dict[str, str]:
    """folded name -> "Timbuktu is in Mali."."""
    out: dict[str, str] = {}
    for where, sights in _entries(_SIGHTS):
        for names in sights:
            name = names.split("|")[0]
            verb = "are" if re.search(r"\b(?:Islands|[Pp]yramids)\b", name) else "is"
            out |= {_fold(n): f"{_said(name)} {verb} {'on' if where.startswith('the border') else 'in'} {where}."
                    for n in names.split("|")}  # fmt: skip
    return out


_COUNTRIES = _continents()
_PLACES = _sights()
_HIGHEST, _HEIGHTS = _sizes(_MOUNTAINS, "highest mountain", "tall")
_LONGEST, _LENGTHS = _sizes(_RIVERS, "longest river", "long")
del _HEIGHTS["mount everest"]  # the almanac says it ("How tall is Everest?")
_LENGTHS["rhine"] = "The Rhine is about 1,230 kilometers, or 765 miles, long."  # the table's is its part in Germany
# Buildings and monuments people ask the height of (the 0.5B: the Eiffel Tower "288 meters").
_HEIGHTS |= {
    _fold(name): f"{_said(name)} is about {measure}, tall{more}."
    for name, measure, more in (
        ("the Eiffel Tower", "330 meters, or 1,083 feet", ""),
        ("the Statue of Liberty", "93 meters, or 305 feet", ", from the ground to the torch"),
        ("the Empire State Building", "443 meters, or 1,454 feet", ", to its tip"),
        ("the Burj Khalifa", "828 meters, or 2,717 feet", ": the tallest building in the world"),
        ("Big Ben", "96 meters, or 316 feet", ", the Elizabeth Tower that holds the bell"),
        ("the Leaning Tower of Pisa", "56 meters, or 183 feet", ""),
        ("the Great Pyramid", "139 meters, or 455 feet", " now; 146 meters when it was built"),
    )
}
# Said without "Mount": "How tall is Kilimanjaro?", not "How tall is Logan?" (a name) or "... Kenya?" (a country).
_HEIGHTS |= {
    n.removeprefix("mount "): fact
    for n, fact in _HEIGHTS.items()
    if n.startswith("mount ") and n.removeprefix("mount ") not in {"logan", "kenya", "whitney", "elbert", "vinson"}
}
# Names that are also words or first names: no pronoun stands for them ("I ate a turkey sandwich." "Which continent
# is it from?").
NOT_PLACES = frozenset({"chad", "turkey", "jordan", "guinea", "chile", "chili", "georgia", "china", "victoria"})
# The words that name a place, a mountain or a river, for the almanac's pronoun follow-ups ("How tall is it?").
PLACE_WORDS = (
    frozenset(
        word
        for table in (_COUNTRIES, _PLACES, _HIGHEST, _LONGEST, _HEIGHTS, _LENGTHS, _DESERTS)
        for name in table
        for word in name.split()
    )
    - NOT_PLACES
    - {"new", "south", "north", "the", "of", "and"}
)


def _names(names: Iterable[str]) -> str:
    """A regex of these folded names (a table's keys), longest first ("south sudan" before "sudan")."""
    return "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))


_END = r"(?: called| named)?(?: in [a-z]+)?$"  # the place ends the question: "... in Africa called?"
# Names a table writes with "the" may be said with it ("Where's the Netherlands?"); others not ("Where's the chili?").
_WITH_THE = frozenset(
    _fold(n) for table in (_CONTINENTS, _SIGHTS) for n in re.findall(r"(?<![\w'])the [\w' -]+", table)
)


def _place(table: dict[str, str], group: str) -> str:
    """A regex for one of the table's names, with "the" before those written with it, as named group `group`."""
    the = [name for name in table if name in _WITH_THE]
    return rf"(?:the (?P<{group}_the>{_names(the)})|(?P<{group}>{_names(table)}))"


def _named(m: re.Match[str], *groups: str) -> str:
    """The name the first of these groups that took part matched (said with "the" or without)."""
    return next(m[g] or m[g + "_the"] for g in groups if m[g] or m[g + "_the"])


# "Which continent is Kenya in?", "On which continent is Peru?", "Kenya is on which continent?"; not "Which continent
# is New Mexico in?" or "Which continent do guinea pigs come from?" (the country must be all that is asked of).
_CONTINENT_ASKED = re.compile(
    rf"\b(?:which|what) continent (?:is|are) (?:the country of )?{_place(_COUNTRIES, 'a')}"
    rf"(?: located| situated)?(?: in| on| part of| from)?$|"
    rf"\b(?:in|on) (?:which|what) continent (?:is|are) {_place(_COUNTRIES, 'b')}(?: located| situated)?$|"
    rf"(?:^|\b(?:is|and|so|okay) ){_place(_COUNTRIES, 'c')} (?:is|are) (?:located )?(?:in|on) "
    rf"(?:which|what) continent$|"
    rf"\b(?:which|what) continent does {_place(_COUNTRIES, 'd')} belong to$"
)
_ASKS_WHERE = r"^(?:(?:so|and|hey|okay|um) )*where(?: s| is| are)"  # "Where's Peru?": the place is all that is asked
# "Where is Peru?", not "Where is Chad?" (a name) or "Where's the turkey?".
_WHERE = re.compile(rf"{_ASKS_WHERE} (?!chad$|jordan$|turkey$){_place(_COUNTRIES, 'a')}(?: located)?$")
# "Which country is Timbuktu in?", "In what country is the Taj Mahal?", "Where is Machu Picchu located?"
_OF = r"(?:the (?:city|town|island) of )?"  # "What country is the city of Marrakech in?"
# "Which state is Mount Rushmore in?", "Which city is the Colosseum in?": its row names it
_REGION = r"(?:country|state|u s state|us state|province|city|town)"
_IN_COUNTRY = re.compile(
    rf"\b(?:which|what) {_REGION} (?:is|are) {_OF}{_place(_PLACES, 'a')}(?: located)?(?: in)?$|"
    rf"\bin (?:which|what) {_REGION} (?:is|are) {_OF}{_place(_PLACES, 'b')}(?: located)?$|"
    rf"\b{_place(_PLACES, 'c')} (?:is|are) in (?:which|what) {_REGION}$|"
    rf"{_ASKS_WHERE} {_place(_PLACES, 'd')}(?: located)?$|"
    # "Is the Golden Gate Bridge in Los Angeles?" (it said "Yes"): where it is, whatever place was guessed
    rf"^(?:is|are) {_OF}{_place(_PLACES, 'e')} (?:located |found )?in (?:the )?[a-z]+(?: [a-z]+){{0,2}}$"
)
_MOUNTAIN_ASKED = re.compile(
    rf"\b(?:tallest|highest|biggest) (?:mountain|peak|point)s? (?:in|of|on) (?:the )?(?P<a>{_names(_HIGHEST)}){_END}|"
    rf"\b(?P<b>{_names(_HIGHEST)}) s (?:tallest|highest|biggest) (?:mountain|peak|point)$|"
    rf"\b(?:mountain|peak) (?:in|of|on) (?:the )?(?P<c>{_names(_HIGHEST)}) is (?:the )?(?:tallest|highest|biggest)$"
)
_RIVER_ASKED = re.compile(
    rf"\blongest river (?:in|of|through|that flows through|that runs through) (?:the )?(?P<a>{_names(_LONGEST)}){_END}|"
    rf"\b(?P<b>{_names(_LONGEST)}) s longest river$|"
    rf"\briver (?:in|of) (?:the )?(?P<c>{_names(_LONGEST)}) is (?:the )?longest$"
)
_SIZE_ASKED = re.compile(
    rf"\bhow (?:tall|high) is (?:the )?(?P<m>{_names(_HEIGHTS)}){_END}|"
    rf"\bhow long is the (?:river )?(?P<r>{_names(_LENGTHS)})(?: river)?{_END}"
)
# "Which desert covers most of Botswana?", "What's the big desert in northern Chile?"; not "What desert animals live
# in Australia?" (the desert must be what is asked for).
_DESERT_ASKED = re.compile(
    rf"\b(?:which|what)(?: s| is)? (?:the )?(?:big |biggest |largest |main |great )?desert "
    rf"(?:(?:is|lies|covers|stretches|spans)(?: in| across| over| through)?|in|of|across) "
    rf"(?:most of |much of |the )?(?:[\w ]+ and )?(?:southern |northern |western |eastern )?"
    rf"(?P<place>{_names(_DESERTS)})$"
)


# The ocean between two continents: "What ocean lies between Africa and Australia?" (the 0.5B: the Pacific).
_OCEANS = {
    "the Atlantic Ocean": ("europe", "north america", "south america", "africa", "america", "the americas"),
    "the Pacific Ocean": ("asia", "australia", "north america", "south america", "america", "the americas"),
    "the Indian Ocean": ("africa", "asia", "australia"),
}
_CONTINENT = r"north america|south america|the americas|america|europe|africa|asia|australia"
_BETWEEN = re.compile(
    rf"\b(?:which|what) ocean (?:is|lies|sits|separates)(?: between)? (?:the )?({_CONTINENT}) (?:and|from) "
    rf"(?:the )?({_CONTINENT})$"
)


def _ocean(a: str, b: str) -> str | None:
    """ "The Indian Ocean lies between Africa and Australia." where one ocean lies between them; else None."""
    if a == b or {a, b} in ({"north america", "south america"}, {"europe", "africa"}):  # the Mediterranean
        return None
    oceans = [ocean for ocean, shores in _OCEANS.items() if a in shores and b in shores]
    a, b = (re.sub(r"\b(?!the\b)\w", lambda c: c[0].upper(), x) for x in (a, b))
    return f"{_said(oceans[0])} lies between {a} and {b}." if len(oceans) == 1 else None


def place_facts(text: str) -> list[str]:
    """The facts a question asks about a place: "Which continent is Kenya in?" -> "Kenya is in Africa.", "Tallest
    mountain in Africa?", "What's the longest river in the UK?", "How tall is Mount Fuji?". The almanac asks first
    whether a rank past the first is meant ("the second highest ...")."""
    words = _fold(text)
    found: list[str] = []
    for asked, table, groups in (
        (_CONTINENT_ASKED, _COUNTRIES, "abcd"), (_WHERE, _COUNTRIES, "a"), (_IN_COUNTRY, _PLACES, "abcde"),
    ):  # fmt: skip
        if m := asked.search(words):
            found.append(table[_named(m, *groups)])
    for asked, table in ((_MOUNTAIN_ASKED, _HIGHEST), (_RIVER_ASKED, _LONGEST)):
        if m := asked.search(words):
            found.append(table[m["a"] or m["b"] or m["c"]])
    if m := _DESERT_ASKED.search(words):
        found.append(_DESERTS[m["place"]])
    if (m := _BETWEEN.search(words)) and (ocean := _ocean(m[1], m[2])):
        found.append(ocean)
    if m := _SIZE_ASKED.search(words):
        found.append(_HEIGHTS[m["m"]] if m["m"] else _LENGTHS[m["r"]])
    return found
