"""The capital of a country or a US state, for the note before a user's turn (voicebot/notes.py).

"What is the capital of ...?" is one of the commonest questions put to a voice assistant, and the 0.5B
gets the big countries right but 8 of 60 others wrong ("The capital of Nigeria is Lagos.", Vietnam "Ho Chi
Minh City", Morocco "Tunis", Bolivia "Lima", Mongolia "Tashkent"), and after "What's the capital of
Australia?" it answered "And what about Canada?" with "Canada is located in the western part of the
world." A table answers both: every UN member and a few more, the 50 US states, and a follow-up that
names only the place. Places whose capital is disputed are left to the model.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from voicebot.almanac import ASKING

__all__ = ["capital_note"]

# "name|other name: capital", and after " / " what else a listener should know; "the" where it is said. Another name
# may be how an ASR spells the sound ("Chili" for Chile).
_TABLE = """
Afghanistan: Kabul
Albania: Tirana
Algeria: Algiers
Andorra: Andorra la Vella
Angola: Luanda
Antigua and Barbuda: Saint John's
Argentina: Buenos Aires
Armenia: Yerevan
Australia: Canberra
Austria: Vienna
Azerbaijan: Baku
the Bahamas: Nassau
Bahrain: Manama
Bangladesh: Dhaka
Barbados: Bridgetown
Belarus: Minsk
Belgium: Brussels
Belize: Belmopan
Benin: Porto-Novo / the seat of government is Cotonou
Bhutan: Thimphu
Bolivia: Sucre / the seat of government is La Paz
Bosnia and Herzegovina|Bosnia: Sarajevo
Botswana: Gaborone
Brazil: Brasília
Brunei: Bandar Seri Begawan
Bulgaria: Sofia
Burkina Faso: Ouagadougou
Burundi: Gitega
Cambodia: Phnom Penh
Cameroon: Yaoundé
Canada: Ottawa
Cape Verde|Cabo Verde: Praia
the Central African Republic: Bangui
Chad: N'Djamena
Chile|Chili|Chilly: Santiago
China: Beijing
Colombia: Bogotá
the Comoros: Moroni
the Democratic Republic of the Congo|DR Congo|Congo-Kinshasa: Kinshasa
the Republic of the Congo|Congo-Brazzaville: Brazzaville
Congo: Kinshasa for the Democratic Republic of the Congo, and Brazzaville for the Republic of the Congo
Costa Rica: San José
Croatia: Zagreb
Cuba: Havana
Cyprus: Nicosia
the Czech Republic|Czechia: Prague
Denmark: Copenhagen
Djibouti: Djibouti City
Dominica: Roseau
the Dominican Republic: Santo Domingo
East Timor|Timor-Leste: Dili
Ecuador: Quito
Egypt: Cairo
El Salvador: San Salvador
Equatorial Guinea: Malabo
Eritrea: Asmara
Estonia: Tallinn
Eswatini|Swaziland: Mbabane
Ethiopia: Addis Ababa
Fiji: Suva
Finland: Helsinki
France: Paris
Gabon: Libreville
the Gambia: Banjul
Georgia: Tbilisi for the country, and Atlanta for the US state
Germany: Berlin
Ghana: Accra
Greece: Athens
Grenada: Saint George's
Guatemala: Guatemala City
Guinea: Conakry
Guinea-Bissau: Bissau
Guyana: Georgetown
Haiti: Port-au-Prince
Honduras: Tegucigalpa
Hungary: Budapest
Iceland: Reykjavík
India: New Delhi
Indonesia: Jakarta
Iran: Tehran
Iraq: Baghdad
Ireland: Dublin
Italy: Rome
Ivory Coast|Côte d'Ivoire|Cote d'Ivoire: Yamoussoukro / the largest city is Abidjan
Jamaica: Kingston
Japan: Tokyo
Jordan: Amman
Kazakhstan: Astana
Kenya: Nairobi
Kiribati: Tarawa
Kosovo: Pristina
Kuwait: Kuwait City
Kyrgyzstan: Bishkek
Laos: Vientiane
Latvia: Riga
Lebanon: Beirut
Lesotho: Maseru
Liberia: Monrovia
Libya: Tripoli
Liechtenstein: Vaduz
Lithuania: Vilnius
Luxembourg: Luxembourg City
Madagascar: Antananarivo
Malawi: Lilongwe
Malaysia: Kuala Lumpur
the Maldives: Malé
Mali: Bamako
Malta: Valletta
the Marshall Islands: Majuro
Mauritania: Nouakchott
Mauritius: Port Louis
Mexico: Mexico City
Micronesia: Palikir
Moldova: Chisinau
Monaco: Monaco
Mongolia: Ulaanbaatar
Montenegro: Podgorica
Morocco: Rabat
Mozambique: Maputo
Myanmar|Burma: Naypyidaw
Namibia: Windhoek
Nepal: Kathmandu
the Netherlands|Holland: Amsterdam / the seat of government is The Hague
New Zealand: Wellington
Nicaragua: Managua
Niger: Niamey
Nigeria: Abuja
North Korea: Pyongyang
North Macedonia|Macedonia: Skopje
Norway: Oslo
Oman: Muscat
Pakistan: Islamabad
Palau: Ngerulmud
Panama: Panama City
Papua New Guinea: Port Moresby
Paraguay: Asunción
Peru: Lima
the Philippines: Manila
Poland: Warsaw
Portugal: Lisbon
Qatar: Doha
Romania: Bucharest
Russia: Moscow
Rwanda: Kigali
Saint Kitts and Nevis: Basseterre
Saint Lucia: Castries
Saint Vincent and the Grenadines: Kingstown
Samoa: Apia
San Marino: San Marino
Sao Tome and Principe|São Tomé and Príncipe: São Tomé
Saudi Arabia: Riyadh
Senegal: Dakar
Serbia: Belgrade
the Seychelles: Victoria
Sierra Leone: Freetown
Singapore: Singapore
Slovakia: Bratislava
Slovenia: Ljubljana
the Solomon Islands: Honiara
Somalia: Mogadishu
South Africa: Pretoria / Cape Town is the seat of parliament and Bloemfontein of the highest court
South Korea|Korea: Seoul
South Sudan: Juba
Spain: Madrid
Sri Lanka: Sri Jayawardenepura Kotte / the largest city is Colombo
Sudan: Khartoum
Suriname: Paramaribo
Sweden: Stockholm
Switzerland: Bern
Syria: Damascus
Taiwan: Taipei
Tajikistan: Dushanbe
Tanzania: Dodoma / the largest city is Dar es Salaam
Thailand: Bangkok
Togo: Lomé
Tonga: Nuku'alofa
Trinidad and Tobago: Port of Spain
Tunisia: Tunis
Turkey|Türkiye: Ankara
Turkmenistan: Ashgabat
Tuvalu: Funafuti
Uganda: Kampala
Ukraine: Kyiv
the United Arab Emirates|UAE: Abu Dhabi
the United Kingdom|UK|Britain|Great Britain: London
England: London
Scotland: Edinburgh
Wales: Cardiff
Northern Ireland: Belfast
the United States|USA|US|America|United States of America: Washington, D.C.
Uruguay: Montevideo
Uzbekistan: Tashkent
Vanuatu: Port Vila
Vatican City|the Vatican: Vatican City
Venezuela: Caracas
Vietnam: Hanoi
Yemen: Sanaa
Zambia: Lusaka
Zimbabwe: Harare
Greenland: Nuuk
Puerto Rico: San Juan
Alabama: Montgomery
Alaska: Juneau
Arizona: Phoenix
Arkansas: Little Rock
California: Sacramento
Colorado: Denver
Connecticut: Hartford
Delaware: Dover
Florida: Tallahassee
Hawaii: Honolulu
Idaho: Boise
Illinois: Springfield
Indiana: Indianapolis
Iowa: Des Moines
Kansas: Topeka
Kentucky: Frankfort
Louisiana: Baton Rouge
Maine: Augusta
Maryland: Annapolis
Massachusetts: Boston
Michigan: Lansing
Minnesota: Saint Paul
Mississippi: Jackson
Missouri: Jefferson City
Montana: Helena
Nebraska: Lincoln
Nevada: Carson City
New Hampshire: Concord
New Jersey: Trenton
New Mexico: Santa Fe
New York|New York State: Albany
North Carolina: Raleigh
North Dakota: Bismarck
Ohio: Columbus
Oklahoma: Oklahoma City
Oregon: Salem
Pennsylvania: Harrisburg
Rhode Island: Providence
South Carolina: Columbia
South Dakota: Pierre
Tennessee: Nashville
Texas: Austin
Utah: Salt Lake City
Vermont: Montpelier
Virginia: Richmond
Washington State|Washington: Olympia
West Virginia: Charleston
Wisconsin: Madison
Wyoming: Cheyenne
"""


def _fold(text: str) -> str:
    """Lower case, accents and punctuation away: "Côte d'Ivoire" and "cote divoire" as an ASR may write it."""
    text = text.lower().translate(str.maketrans("àáâãäåçèéêëìíîïñòóôõöùúûüý", "aaaaaaceeeeiiiinooooouuuuy"))
    return " ".join(re.sub(r"[^a-z ]", "", text.replace("-", " ")).split())


def _entries() -> dict[str, str]:
    """folded name -> the fact."""
    out: dict[str, str] = {}
    for line in _TABLE.strip().splitlines():
        names, answer = line.split(": ", 1)
        capital, _, more = answer.partition(" / ")
        first = names.split("|")[0]
        fact = f"The capital of {first} is {capital.removesuffix('.')}."
        fact += f" {more[0].upper()}{more[1:]}." if more else ""
        for name in names.split("|"):
            out[_fold(name).removeprefix("the ")] = fact
    return out


_PLACES = _entries()
_LONGEST = max(len(name.split()) for name in _PLACES)
# Where the place is named: "the capital (city) of X", "X's capital", and in a follow-up after a capital
# question, the place alone: "And Canada?", "What about Peru?", "How about the capital of Spain?", and a
# correction: "No, I meant Australia." (after Austria it said Vienna again)
_ASKED = re.compile(
    r"\bcapitals?(?: city| cities)? of (?P<after>.+)|\b(?P<before>[\w .'-]+?)'s capital\b", re.IGNORECASE
)
_FOLLOW_UP = re.compile(
    r"^\W*(?:(?:(?:and )?(?:what|how) about|and|end|(?:no\W+|sorry\W+)*i (?:meant|mean|said))\b"  # "End": Whisper's
    r"(?: (?:the capital )?(?:of|for|in))? )?(?P<after>.+)$",  # "And"; or the place alone: "New Zealand."
    re.IGNORECASE,
)


def capital_note(text: str, earlier: Sequence[str] = (), said: str = "") -> str | None:
    """'The capital of Canada is Ottawa.' for a question about a place's capital in the user's words, or a
    follow-up naming only the place right after one (`earlier`: their words before, the last last; `said`: the
    assistant's last reply, for "What's its capital?" after "Marrakech is in Morocco."); else None."""
    return " ".join(_PLACES[place] for place in _places(text, earlier, said)) or None


def _places(text: str, earlier: Sequence[str], said: str = "") -> list[str]:
    """The folded places whose capitals the words ask for, directly (a question: "I visited the capital of
    France." gets nothing) or as a follow-up (after a follow-up too)."""
    asking = ASKING.search(text) or re.match(r"\W*(the )?capital\b", text, re.IGNORECASE)  # or "Capital of Texas."
    if asking and (places := _asked(text)):
        return places
    if earlier and (follow := _FOLLOW_UP.match(text)) and (place := _place_at_start(follow["after"], True)):
        return [place] if _places(earlier[-1], earlier[:-1]) else []
    asks_again = asking or re.search(r"\b(?:mean|meant)\b", text, re.IGNORECASE)  # "Sorry, I meant the capital."
    if earlier and asks_again and _ITS_CAPITAL.search(text) and len(named := _named(earlier[-1])) == 1:
        return named  # after "What's the largest city in Australia?" (it said Sydney)
    if earlier and asking and _ITS_CAPITAL.search(text) and not _named(earlier[-1]) and len(named := _named(said)) == 1:
        return named  # "Which country is Marrakesh in?", "Marrakech is in Morocco.": it said "Marrakech's capital is
    return []  # Marrakech."


def _asked(text: str) -> list[str]:
    """The folded places a capital question in `text` names, if the table has them: one, or a list ("the
    capitals of France and Germany", "the capital of Spain and of Portugal": the model gave Madrid alone, and
    "The capitals of France are Paris and Berlin.")."""
    for m in _ASKED.finditer(text):
        if m["after"] is not None and (places := _listed(m["after"])):
            return places
        if m["before"] is not None:
            words = _fold(m["before"]).split()
            for n in range(min(_LONGEST, len(words)), 0, -1):
                if (name := " ".join(words[-n:])) in _PLACES:
                    return [name]
    if _ITS_CAPITAL.search(text) and len(named := _named(text)) == 1:
        return named
    return []


# The capital of a place the same words name: "I'm flying to Laos next month, what's its capital?" (the 0.5B:
# Bangkok), "Laos, what's the capital?".
_ITS_CAPITAL = re.compile(r"\b(?:its|the) capital(?: city)?(?: called)?\W*$", re.IGNORECASE)  # not "capital gains"


def _named(text: str) -> list[str]:
    """The folded places the words name, each once."""
    words = _fold(text).split()
    named: list[str] = []
    i = 0
    while i < len(words):
        place = _place_at_start(" ".join(words[i : i + _LONGEST]))
        named += [place] if place else []
        i += len(place.split()) if place else 1
    return list(dict.fromkeys(named))


_JOINS = {"and", "or", "of", "the", "capital", "capitals", "city", "what", "about", "also"}


def _listed(text: str, most: int = 4) -> list[str]:
    """The places `text` starts with, one after another joined by "and", commas or "and the capital of"."""
    places: list[str] = []
    words = _fold(text.replace(",", " and ")).split()
    while len(places) < most and (place := _place_at_start(" ".join(words))) is not None:
        places.append(place)
        rest = words[len(place.split()) + (words[:1] == ["the"]) :]
        joined = 0
        while joined < len(rest) and rest[joined] in _JOINS:
            joined += 1
        if not joined:
            break
        words = rest[joined - (rest[joined - 1] == "the") :]
    return list(dict.fromkeys(places))


def _place_at_start(text: str, whole: bool = False) -> str | None:
    """The longest place name `text` starts with, after a "the" (whole: that is all of it)."""
    words = _fold(text).split()
    words = words[1:] if words[:1] == ["the"] else words
    for n in range(min(_LONGEST, len(words)), 0, -1):
        if (name := " ".join(words[:n])) in _PLACES and (not whole or n == len(words)):
            return name
    return None
