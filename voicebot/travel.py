"""What a traveller asks before a trip: rows for the almanac's table (voicebot/almanac.py) with a country's currency,
the side of the road it drives on, and its emergency numbers, found also by a city in it ("We're flying to Cairo.
What currency should we bring?").

The 0.5B answered "We should bring a USD to Cairo.", "Germany calls their highways "Gewandert"" and, asked which side
Australians drive on, agreed with whatever was asked (docs/MEASUREMENTS.md, thirty-second session). Exchange rates,
prices and visa rules change, so no row says them: a question about them gets no row.
"""

from __future__ import annotations

import re

from voicebot.patterns import all_words

__all__ = ["TRAVEL_FACTS", "TRAVEL_GATE"]

# "Country|other name: its currency: cities a traveller names instead of it". Each name is matched as whole words.
_COUNTRIES = """
the United States|the US|the USA|America|the States: the US dollar: New York, Los Angeles, Chicago, Las Vegas, \
Miami, San Francisco, Washington, Boston, Hawaii, Orlando
Canada: the Canadian dollar: Toronto, Vancouver, Montreal, Ottawa, Quebec, Calgary
Mexico: the Mexican peso: Mexico City, Cancun, Tijuana, Guadalajara
Brazil: the Brazilian real: Rio de Janeiro, Rio, Sao Paulo, Brasilia
Argentina: the Argentine peso: Buenos Aires
Chile: the Chilean peso: Santiago
Colombia: the Colombian peso: Bogota, Medellin, Cartagena
Peru: the sol: Lima, Cusco, Machu Picchu
Ecuador: the US dollar: Quito, the Galapagos
Costa Rica: the colón
Cuba: the Cuban peso: Havana
the Dominican Republic: the Dominican peso: Santo Domingo, Punta Cana
Jamaica: the Jamaican dollar: Montego Bay
the United Kingdom|the UK|Britain|Great Britain|England|Scotland|Wales: the pound sterling: London, Edinburgh, \
Manchester, Liverpool, Glasgow
Ireland: the euro: Dublin
France: the euro: Paris, Lyon, Marseille
Germany: the euro: Berlin, Munich, Frankfurt, Hamburg
Spain: the euro: Madrid, Barcelona, Seville, Ibiza, Mallorca
Portugal: the euro: Lisbon, Porto
Italy: the euro: Rome, Milan, Venice, Florence, Naples
the Netherlands|Holland: the euro: Amsterdam, Rotterdam
Belgium: the euro: Brussels
Austria: the euro: Vienna, Salzburg
Greece: the euro: Athens, Santorini, Crete
Finland: the euro: Helsinki
Croatia: the euro: Zagreb, Dubrovnik
Bulgaria: the euro: Sofia
Switzerland: the Swiss franc: Zurich, Geneva, Bern
the Czech Republic|Czechia: the Czech koruna, or crown: Prague
Poland: the Polish zloty: Warsaw, Krakow
Hungary: the Hungarian forint: Budapest
Denmark: the Danish krone: Copenhagen
Sweden: the Swedish krona: Stockholm
Norway: the Norwegian krone: Oslo
Iceland: the Icelandic krona: Reykjavik
Turkey: the Turkish lira: Istanbul, Ankara
Russia: the Russian ruble: Moscow, Saint Petersburg
Egypt: the Egyptian pound: Cairo, Alexandria, Luxor
Morocco: the Moroccan dirham: Marrakech, Marrakesh, Casablanca, Fez
South Africa: the South African rand: Cape Town, Johannesburg
Kenya: the Kenyan shilling: Nairobi
Nigeria: the naira: Lagos, Abuja
Israel: the Israeli new shekel: Jerusalem, Tel Aviv
the United Arab Emirates|the UAE: the UAE dirham: Dubai, Abu Dhabi
Saudi Arabia: the Saudi riyal: Riyadh, Mecca
India: the Indian rupee: Delhi, New Delhi, Mumbai, Goa, Bangalore
Pakistan: the Pakistani rupee: Karachi, Lahore, Islamabad
Sri Lanka: the Sri Lankan rupee: Colombo
China: the yuan, also called the renminbi: Beijing, Shanghai
Hong Kong: the Hong Kong dollar: Kowloon
Japan: the yen: Tokyo, Kyoto, Osaka, Hiroshima
South Korea|Korea: the South Korean won: Seoul, Busan
Thailand: the Thai baht: Bangkok, Phuket, Chiang Mai
Vietnam: the Vietnamese dong: Hanoi, Ho Chi Minh City, Saigon
Cambodia: the riel, and US dollars are widely used: Phnom Penh, Angkor Wat
Indonesia: the Indonesian rupiah: Jakarta, Bali
Malaysia: the Malaysian ringgit: Kuala Lumpur
Singapore: the Singapore dollar
the Philippines: the Philippine peso: Manila
Australia: the Australian dollar: Sydney, Melbourne, Brisbane, Perth, Canberra
New Zealand: the New Zealand dollar: Auckland, Wellington, Queenstown
"""

# Where traffic keeps left; every other country in the table keeps right.
_LEFT = frozenset({
    "the United Kingdom", "Ireland", "Jamaica", "South Africa", "Kenya", "India", "Pakistan", "Sri Lanka", "Hong Kong",
    "Japan", "Thailand", "Indonesia", "Malaysia", "Singapore", "Australia", "New Zealand",
})  # fmt: skip
# How a traveller may name the people instead of the country: "Do the Japanese drive on the left?"
_PEOPLE = {
    "the United States": "americans", "Canada": "canadians", "the United Kingdom": "the british|brits|english",
    "Ireland": "the irish", "France": "the french", "Germany": "germans", "Italy": "italians", "Spain": "spaniards",
    "Japan": "the japanese", "India": "indians", "Australia": "australians|aussies", "South Africa": "south africans",
    "New Zealand": "new zealanders|kiwis", "Thailand": "thais",
}  # fmt: skip

# Emergency numbers where the table is sure of them; 112 also reaches help from any mobile phone in the EU.
_EU_112 = "call 112 for the police, an ambulance or the fire brigade"
_IN_THE_EU = (
    "France", "Germany", "Spain", "Portugal", "Italy", "the Netherlands", "Belgium", "Austria", "Greece", "Finland",
    "Croatia", "Bulgaria", "the Czech Republic", "Poland", "Hungary", "Denmark", "Sweden",
)
_EMERGENCY = {
    "the United States": "call 911 for the police, an ambulance or the fire department",
    "Canada": "call 911 for the police, an ambulance or the fire department",
    "Mexico": "call 911 for the police, an ambulance or the fire department",
    "the United Kingdom": "call 999 for the police, an ambulance or the fire brigade; 112 works too",
    "Ireland": "call 112 or 999 for the police, an ambulance or the fire brigade",
    **dict.fromkeys(_IN_THE_EU, _EU_112),
    "Australia": "call 000 for the police, an ambulance or the fire brigade; 112 works from mobile phones",
    "New Zealand": "call 111 for the police, an ambulance or the fire service",
    "Japan": "call 110 for the police, and 119 for an ambulance or the fire department",
    "India": "call 112 for any emergency",
}

_WORTH = r"worth|exchange|rates?|convert\w*|cost|how much|how many|in dollars|to dollars|say|translat\w*|word"
_CURRENCY = r"currency|currencies|(?:what|which) (?:kind of |sort of )?money|money (?:do|does|is|are) (?:they|people)"
_SIDE = (
    r"side of the road|(?:drive|drives|driving) on the (?:left|right)|(?:left|right)[- ]hand (?:drive|traffic)|"
    r"which side (?:do|does) (?:they|people|you|cars)"
)
_EMERGENCY_ASKED = (
    r"emergency (?:number|services|line|phone)|(?:call|dial|phone) (?:for )?(?:an? |the )?(?:ambulance|police|fire)|"
    r"number (?:for|of) (?:an? |the )?(?:ambulance|police|fire)|(?:ambulance|police)(?:'s)? number|"
    r"what(?:'s| is) (?:their |the )?(?:911|nine one one)|(?:911|nine one one) (?:there|in)"
)


# Names that are other words too, matched only as the place: "us" is a pronoun, and "America" and "Korea" have others.
_ONLY = {
    "the US": r"the u\.?s", "the USA": r"(?:the )?u\.?s\.?a", "the States": r"the states",
    "America": r"(?<!south )(?<!latin )(?<!central )(?<!north )america", "Korea": r"(?<!north )korea",
}


def _pattern(name: str) -> str:
    return _ONLY.get(name) or r"(?:the )?" + re.escape(name.lower().removeprefix("the "))


def _names(line: str) -> tuple[str, list[str], str, list[str]]:
    names, currency, *cities = line.split(": ")
    return names.split("|")[0], names.split("|"), currency, cities[0].split(", ") if cities else []


def _rows() -> tuple[tuple[str, str], ...]:
    rows: list[tuple[str, str]] = []
    for line in _COUNTRIES.replace("\\\n", "").strip().splitlines():
        country, names, currency, cities = _names(line)
        where = "|".join(_pattern(n) for n in [*names, *cities])
        rows.append((all_words(_CURRENCY, where, unless=_WORTH), f"In {country}, the currency is {currency}."))
        side = "left" if country in _LEFT else "right"
        people = "|" + re.sub(r"(?<=[a-z])s\b", "'?s", _PEOPLE[country]) if country in _PEOPLE else ""  # "Australian's"
        rows.append((all_words(_SIDE, where + people), f"In {country}, people drive on the {side}."))
        if country in _EMERGENCY:
            rows.append((all_words(_EMERGENCY_ASKED, where), f"In {country}, {_EMERGENCY[country]}."))
    return tuple(rows)


# (what asks for it, the fact as said): patterns run on the lower-cased words.
TRAVEL_FACTS: tuple[tuple[str, str], ...] = _rows()
# What every row asks (the almanac skips the rows for words without it).
TRAVEL_GATE = rf"\b(?:{_CURRENCY}|{_SIDE}|{_EMERGENCY_ASKED})\b"
