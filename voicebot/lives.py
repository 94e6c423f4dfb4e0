"""When and where famous people of the past were born, when, where and at what age they died, and where they were
from: rows for the almanac's table (voicebot/almanac.py).

Asked alone ("When was Mozart born?") and, more often, right after a question that named someone ("Who wrote Pride
and Prejudice?" then "What year was she born?"), where the 0.5B gave the book's year with today's date, "December 7,
1813", and Leonardo da Vinci's death as 1472 (docs/MEASUREMENTS.md, thirty-third session). Only people who have
died: their dates do not change. An age is worked out from both dates, so it is the age they reached.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from voicebot.patterns import all_words, name_said

__all__ = ["LIFE_FACTS", "LIFE_GATE"]


class _Life(NamedTuple):
    name: str  # as said in a reply
    called: str  # the pattern of the shorter names people use (the full name is always taken)
    nationality: str
    role: str
    place: str  # where born
    born: tuple[int, int, int]  # (year, month, day); a year before Christ as 1 - year (356 BC is -355)
    died: tuple[int, int, int]


_LIVES = (
    # writers
    _Life("William Shakespeare", r"shakespeare", "English", "playwright", "Stratford-upon-Avon, England",
          (1564, 4, 23), (1616, 4, 23)),
    _Life("Jane Austen", r"jane aust[ei]n", "English", "novelist", "Steventon, England", (1775, 12, 16), (1817, 7, 18)),
    _Life("Charles Dickens", r"dickens", "English", "novelist", "Portsmouth, England", (1812, 2, 7), (1870, 6, 9)),
    _Life("Mark Twain", r"twain", "American", "writer", "Florida, Missouri", (1835, 11, 30), (1910, 4, 21)),
    _Life("Leo Tolstoy", r"tolstoy", "Russian", "novelist", "Yasnaya Polyana, Russia", (1828, 9, 9), (1910, 11, 20)),
    _Life("Ernest Hemingway", r"hemingway", "American", "writer", "Oak Park, Illinois", (1899, 7, 21), (1961, 7, 2)),
    _Life("Edgar Allan Poe", r"edgar al(?:l?a|le)n poe", "American", "writer", "Boston", (1809, 1, 19),
          (1849, 10, 7)),
    _Life("George Orwell", r"orwell", "English", "writer", "Motihari, India", (1903, 6, 25), (1950, 1, 21)),
    _Life("Victor Hugo", r"victor hugo", "French", "writer", "Besançon, France", (1802, 2, 26), (1885, 5, 22)),
    _Life("Agatha Christie", r"agatha christie", "English", "crime writer", "Torquay, England", (1890, 9, 15),
          (1976, 1, 12)),
    _Life("J. R. R. Tolkien", r"tolkien", "English", "writer", "Bloemfontein, South Africa", (1892, 1, 3),
          (1973, 9, 2)),
    _Life("Oscar Wilde", r"oscar wilde", "Irish", "writer", "Dublin, Ireland", (1854, 10, 16), (1900, 11, 30)),
    _Life("Emily Dickinson", r"emily dickinson", "American", "poet", "Amherst, Massachusetts", (1830, 12, 10),
          (1886, 5, 15)),
    _Life("Miguel de Cervantes", r"cervantes", "Spanish", "writer", "Alcalá de Henares, Spain", (1547, 9, 29),
          (1616, 4, 22)),
    _Life("Fyodor Dostoevsky", r"dostoy?evsky", "Russian", "novelist", "Moscow, Russia", (1821, 11, 11),
          (1881, 2, 9)),
    _Life("Charlotte Brontë", r"charlotte bront[eë]", "English", "novelist", "Thornton, England", (1816, 4, 21),
          (1855, 3, 31)),
    _Life("F. Scott Fitzgerald", r"(?:f\.? )?scott fitzgerald", "American", "novelist", "Saint Paul, Minnesota",
          (1896, 9, 24), (1940, 12, 21)),
    _Life("Anne Frank", r"anne frank", "German-born Jewish", "diarist", "Frankfurt, Germany", (1929, 6, 12),
          (1945, 2, 15)),
    _Life("Roald Dahl", r"roald dahl", "British", "writer", "Llandaff, Wales", (1916, 9, 13), (1990, 11, 23)),
    _Life("Lewis Carroll", r"lewis carroll", "English", "writer", "Daresbury, England", (1832, 1, 27), (1898, 1, 14)),
    _Life("Hans Christian Andersen", r"hans christian andersen", "Danish", "writer", "Odense, Denmark", (1805, 4, 2),
          (1875, 8, 4)),
    _Life("Beatrix Potter", r"beatrix potter", "English", "writer", "London, England", (1866, 7, 28), (1943, 12, 22)),
    # composers
    _Life("Wolfgang Amadeus Mozart", r"mozart", "Austrian", "composer", "Salzburg, Austria", (1756, 1, 27),
          (1791, 12, 5)),
    _Life("Ludwig van Beethoven", r"beethoven", "German", "composer", "Bonn, Germany", (1770, 12, 16), (1827, 3, 26)),
    _Life("Johann Sebastian Bach", r"(?:j\.? ?s\.? )?bach", "German", "composer", "Eisenach, Germany", (1685, 3, 31),
          (1750, 7, 28)),
    _Life("Frédéric Chopin", r"chopin", "Polish", "composer", "Żelazowa Wola, near Warsaw, Poland", (1810, 3, 1),
          (1849, 10, 17)),
    _Life("Pyotr Ilyich Tchaikovsky", r"t?chaikovsky", "Russian", "composer", "Votkinsk, Russia", (1840, 5, 7),
          (1893, 11, 6)),
    _Life("Antonio Vivaldi", r"vivaldi", "Italian", "composer", "Venice, Italy", (1678, 3, 4), (1741, 7, 28)),
    _Life("George Frideric Handel", r"handel", "German-born British", "composer", "Halle, Germany", (1685, 2, 23),
          (1759, 4, 14)),
    _Life("Joseph Haydn", r"haydn", "Austrian", "composer", "Rohrau, Austria", (1732, 3, 31), (1809, 5, 31)),
    _Life("Franz Schubert", r"schubert", "Austrian", "composer", "Vienna, Austria", (1797, 1, 31), (1828, 11, 19)),
    _Life("Giuseppe Verdi", r"verdi", "Italian", "composer", "Le Roncole, Italy", (1813, 10, 10), (1901, 1, 27)),
    _Life("Richard Wagner", r"wagner", "German", "composer", "Leipzig, Germany", (1813, 5, 22), (1883, 2, 13)),
    _Life("Johannes Brahms", r"brahms", "German", "composer", "Hamburg, Germany", (1833, 5, 7), (1897, 4, 3)),
    # painters
    _Life("Leonardo da Vinci", r"leonardo(?! dicaprio)(?: da vinci)?|da vinci", "Italian", "painter and inventor",
          "Vinci, Italy", (1452, 4, 15), (1519, 5, 2)),
    _Life("Michelangelo", r"michelangelo", "Italian", "artist", "Caprese, Italy", (1475, 3, 6), (1564, 2, 18)),
    _Life("Vincent van Gogh", r"van gogh", "Dutch", "painter", "Zundert, the Netherlands", (1853, 3, 30),
          (1890, 7, 29)),
    _Life("Pablo Picasso", r"picasso", "Spanish", "painter", "Málaga, Spain", (1881, 10, 25), (1973, 4, 8)),
    _Life("Rembrandt", r"rembrandt", "Dutch", "painter", "Leiden, the Netherlands", (1606, 7, 15), (1669, 10, 4)),
    _Life("Claude Monet", r"monet", "French", "painter", "Paris, France", (1840, 11, 14), (1926, 12, 5)),
    _Life("Frida Kahlo", r"kahlo", "Mexican", "painter", "Coyoacán, Mexico City", (1907, 7, 6), (1954, 7, 13)),
    _Life("Salvador Dalí", r"dal[ií]", "Spanish", "painter", "Figueres, Spain", (1904, 5, 11), (1989, 1, 23)),
    _Life("Andy Warhol", r"warhol", "American", "artist", "Pittsburgh, Pennsylvania", (1928, 8, 6), (1987, 2, 22)),
    # scientists and inventors
    _Life("Isaac Newton", r"(?:isaac )?newton", "English", "scientist", "Woolsthorpe, England", (1642, 12, 25),
          (1727, 3, 20)),
    _Life("Albert Einstein", r"einstein", "German-born", "physicist", "Ulm, Germany", (1879, 3, 14), (1955, 4, 18)),
    _Life("Galileo Galilei", r"galileo", "Italian", "astronomer", "Pisa, Italy", (1564, 2, 15), (1642, 1, 8)),
    _Life("Charles Darwin", r"darwin", "English", "naturalist", "Shrewsbury, England", (1809, 2, 12), (1882, 4, 19)),
    _Life("Marie Curie", r"(?:marie|madame) curie", "Polish-born French", "scientist", "Warsaw, Poland",
          (1867, 11, 7), (1934, 7, 4)),
    _Life("Thomas Edison", r"edison", "American", "inventor", "Milan, Ohio", (1847, 2, 11), (1931, 10, 18)),
    _Life("Nikola Tesla", r"(?:nikola )?tesla", "Serbian-American", "inventor", "Smiljan, in today's Croatia",
          (1856, 7, 10), (1943, 1, 7)),
    _Life("Alexander Graham Bell", r"(?:alexander )?graham bell", "Scottish-born", "inventor", "Edinburgh, Scotland",
          (1847, 3, 3), (1922, 8, 2)),
    _Life("Stephen Hawking", r"hawking", "English", "physicist", "Oxford, England", (1942, 1, 8), (2018, 3, 14)),
    _Life("Benjamin Franklin", r"(?:benjamin|ben) franklin", "American", "statesman and inventor",
          "Boston, Massachusetts", (1706, 1, 17), (1790, 4, 17)),
    _Life("Nicolaus Copernicus", r"copernicus", "Polish", "astronomer", "Toruń, Poland", (1473, 2, 19), (1543, 5, 24)),
    _Life("Louis Pasteur", r"pasteur", "French", "scientist", "Dole, France", (1822, 12, 27), (1895, 9, 28)),
    _Life("Alexander Fleming", r"alexander fleming", "Scottish", "scientist", "Darvel, Scotland", (1881, 8, 6),
          (1955, 3, 11)),
    _Life("Ada Lovelace", r"lovelace", "English", "mathematician", "London, England", (1815, 12, 10), (1852, 11, 27)),
    _Life("Sigmund Freud", r"freud", "Austrian", "neurologist", "Freiberg, in today's Czech Republic", (1856, 5, 6),
          (1939, 9, 23)),
    _Life("James Watt", r"james watt", "Scottish", "inventor", "Greenock, Scotland", (1736, 1, 19), (1819, 8, 25)),
    _Life("Michael Faraday", r"faraday", "English", "scientist", "London, England", (1791, 9, 22), (1867, 8, 25)),
    _Life("Johannes Kepler", r"kepler", "German", "astronomer", "Weil der Stadt, Germany", (1571, 12, 27),
          (1630, 11, 15)),
    _Life("Dmitri Mendeleev", r"mendele[ey]?ev", "Russian", "chemist", "Tobolsk, Russia", (1834, 2, 8), (1907, 2, 2)),
    _Life("Alfred Nobel", r"alfred nobel", "Swedish", "chemist", "Stockholm, Sweden", (1833, 10, 21), (1896, 12, 10)),
    _Life("Henry Ford", r"henry ford", "American", "industrialist", "Dearborn, Michigan", (1863, 7, 30), (1947, 4, 7)),
    _Life("Wilbur Wright", r"wilbur wright", "American", "aviation pioneer", "Millville, Indiana", (1867, 4, 16),
          (1912, 5, 30)),
    _Life("Orville Wright", r"orville wright", "American", "aviation pioneer", "Dayton, Ohio", (1871, 8, 19),
          (1948, 1, 30)),
    # leaders and history
    _Life("George Washington", r"george washington", "American", "president", "Westmoreland County, Virginia",
          (1732, 2, 22), (1799, 12, 14)),
    _Life("Abraham Lincoln", r"(?:abe )?lincoln", "American", "president", "Hodgenville, Kentucky", (1809, 2, 12),
          (1865, 4, 15)),
    _Life("Thomas Jefferson", r"thomas jefferson", "American", "president", "Shadwell, Virginia", (1743, 4, 13),
          (1826, 7, 4)),
    _Life("John F. Kennedy", r"john f\.? kennedy|john kennedy|president kennedy|jfk", "American", "president",
          "Brookline, Massachusetts", (1917, 5, 29), (1963, 11, 22)),
    _Life("Franklin D. Roosevelt", r"franklin (?:d\.? |delano )?roosevelt|fdr", "American", "president",
          "Hyde Park, New York", (1882, 1, 30), (1945, 4, 12)),
    _Life("Theodore Roosevelt", r"(?:theodore|teddy) roosevelt", "American", "president", "New York City",
          (1858, 10, 27), (1919, 1, 6)),
    _Life("Napoleon Bonaparte", r"napoleon", "French", "emperor", "Ajaccio, Corsica", (1769, 8, 15), (1821, 5, 5)),
    _Life("Queen Victoria", r"queen victoria", "British", "queen", "London, England", (1819, 5, 24), (1901, 1, 22)),
    _Life("Winston Churchill", r"churchill", "British", "prime minister", "Blenheim Palace, England", (1874, 11, 30),
          (1965, 1, 24)),
    _Life("Martin Luther King Jr.", r"martin luther king(?: jr\.?| junior)?|mlk", "American", "civil rights leader",
          "Atlanta, Georgia", (1929, 1, 15), (1968, 4, 4)),
    _Life("Martin Luther", r"martin luther(?! king)", "German", "church reformer", "Eisleben, Germany", (1483, 11, 10),
          (1546, 2, 18)),
    _Life("Mahatma Gandhi", r"(?<!indira )(?<!rajiv )gandhi", "Indian", "independence leader", "Porbandar, India",
          (1869, 10, 2), (1948, 1, 30)),
    _Life("Nelson Mandela", r"mandela", "South African", "president", "Mvezo, South Africa", (1918, 7, 18),
          (2013, 12, 5)),
    _Life("Joan of Arc", r"joan of arc", "French", "heroine", "Domrémy, France", (1412, 1, 6), (1431, 5, 30)),
    _Life("Christopher Columbus", r"columbus", "Italian", "explorer", "Genoa, Italy", (1451, 10, 31), (1506, 5, 20)),
    _Life("Queen Elizabeth the First", r"(?:queen )?elizabeth (?:the first|i|1st)", "English", "queen",
          "Greenwich, England", (1533, 9, 7), (1603, 3, 24)),
    _Life("Queen Elizabeth the Second", r"queen elizabeth(?! (?:the first|i|1st)\b)(?: the second| ii| 2nd)?",
          "British", "queen", "London, England", (1926, 4, 21), (2022, 9, 8)),
    _Life("Henry the Eighth", r"henry (?:the )?(?:viii|eighth|8th)", "English", "king", "Greenwich, England",
          (1491, 6, 28), (1547, 1, 28)),
    _Life("Neil Armstrong", r"neil armstrong", "American", "astronaut", "Wapakoneta, Ohio", (1930, 8, 5),
          (2012, 8, 25)),
    _Life("Yuri Gagarin", r"gagarin", "Soviet", "cosmonaut", "Klushino, Russia", (1934, 3, 9), (1968, 3, 27)),
    _Life("Edmund Hillary", r"edmund hillary", "New Zealand", "mountaineer", "Auckland, New Zealand", (1919, 7, 20),
          (2008, 1, 11)),
    _Life("James Cook", r"captain cook|james cook", "British", "explorer", "Marton, England", (1728, 11, 7),
          (1779, 2, 14)),
    _Life("Rosa Parks", r"rosa parks", "American", "civil rights activist", "Tuskegee, Alabama", (1913, 2, 4),
          (2005, 10, 24)),
    _Life("Mother Teresa", r"mother teresa", "Albanian-Indian", "nun", "Skopje, in today's North Macedonia",
          (1910, 8, 26), (1997, 9, 5)),
    _Life("Florence Nightingale", r"florence nightingale", "British", "nurse", "Florence, Italy", (1820, 5, 12),
          (1910, 8, 13)),
    _Life("Karl Marx", r"karl marx", "German", "philosopher", "Trier, Germany", (1818, 5, 5), (1883, 3, 14)),
    _Life("Adolf Hitler", r"hitler", "Austrian-born", "dictator of Nazi Germany", "Braunau am Inn, Austria",
          (1889, 4, 20), (1945, 4, 30)),
    _Life("Vladimir Lenin", r"lenin", "Russian", "revolutionary", "Simbirsk, Russia", (1870, 4, 22), (1924, 1, 21)),
    _Life("Joseph Stalin", r"stalin", "Georgian-born Soviet", "dictator", "Gori, Georgia", (1878, 12, 18),
          (1953, 3, 5)),
    _Life("Alexander the Great", r"alexander the great", "Macedonian", "king", "Pella, Macedonia", (-355, 7, 20),
          (-322, 6, 10)),
    _Life("Julius Caesar", r"julius caesar|caesar", "Roman", "general and statesman", "Rome", (-99, 7, 12),
          (-43, 3, 15)),
    _Life("Cleopatra", r"cleopatra", "Egyptian", "queen", "Alexandria, Egypt", (-68, 1, 1), (-29, 8, 10)),
    _Life("Pope John Paul the Second", r"john paul (?:the second|ii|2)", "Polish", "pope", "Wadowice, Poland",
          (1920, 5, 18), (2005, 4, 2)),
    # entertainers
    _Life("Elvis Presley", r"elvis", "American", "singer", "Tupelo, Mississippi", (1935, 1, 8), (1977, 8, 16)),
    _Life("Michael Jackson", r"michael jackson", "American", "singer", "Gary, Indiana", (1958, 8, 29), (2009, 6, 25)),
    _Life("John Lennon", r"lennon", "English", "singer and songwriter", "Liverpool, England", (1940, 10, 9),
          (1980, 12, 8)),
    _Life("Freddie Mercury", r"freddie mercury", "British", "singer", "Zanzibar", (1946, 9, 5), (1991, 11, 24)),
    _Life("Marilyn Monroe", r"marilyn monroe|marilyn", "American", "actress", "Los Angeles, California",
          (1926, 6, 1), (1962, 8, 4)),
    _Life("Walt Disney", r"walt disney", "American", "filmmaker", "Chicago, Illinois", (1901, 12, 5), (1966, 12, 15)),
    _Life("Charlie Chaplin", r"chaplin", "English", "actor and filmmaker", "London, England", (1889, 4, 16),
          (1977, 12, 25)),
    _Life("Steve Jobs", r"steve jobs", "American", "Apple co-founder", "San Francisco, California", (1955, 2, 24),
          (2011, 10, 5)),
    _Life("Princess Diana", r"(?:princess|lady) diana|princess of wales", "British", "princess",
          "Sandringham, England", (1961, 7, 1), (1997, 8, 31)),
    _Life("Bob Marley", r"(?:bob )?marley", "Jamaican", "singer", "Nine Mile, Jamaica", (1945, 2, 6), (1981, 5, 11)),
    _Life("Kurt Cobain", r"cobain", "American", "singer", "Aberdeen, Washington", (1967, 2, 20), (1994, 4, 5)),
    _Life("Jimi Hendrix", r"hendrix", "American", "guitarist", "Seattle, Washington", (1942, 11, 27), (1970, 9, 18)),
    _Life("Bruce Lee", r"bruce lee", "American-born Hong Kong", "actor and martial artist",
          "San Francisco, California", (1940, 11, 27), (1973, 7, 20)),
    _Life("Audrey Hepburn", r"audrey hepburn", "British", "actress", "Brussels, Belgium", (1929, 5, 4), (1993, 1, 20)),
)  # fmt: skip



# Where each died.
_DIED_IN = {
    "William Shakespeare": "Stratford-upon-Avon, England", "Jane Austen": "Winchester, England",
    "Charles Dickens": "Higham, Kent, England", "Mark Twain": "Redding, Connecticut",
    "Leo Tolstoy": "Astapovo, Russia", "Ernest Hemingway": "Ketchum, Idaho", "Edgar Allan Poe": "Baltimore, Maryland",
    "George Orwell": "London, England", "Victor Hugo": "Paris, France", "Agatha Christie": "Wallingford, England",
    "J. R. R. Tolkien": "Bournemouth, England", "Oscar Wilde": "Paris, France",
    "Emily Dickinson": "Amherst, Massachusetts", "Miguel de Cervantes": "Madrid, Spain",
    "Fyodor Dostoevsky": "Saint Petersburg, Russia", "Charlotte Brontë": "Haworth, England",
    "F. Scott Fitzgerald": "Hollywood, California", "Anne Frank": "the Bergen-Belsen concentration camp, Germany",
    "Roald Dahl": "Oxford, England", "Lewis Carroll": "Guildford, England",
    "Hans Christian Andersen": "Copenhagen, Denmark", "Beatrix Potter": "Near Sawrey, England",
    "Wolfgang Amadeus Mozart": "Vienna, Austria", "Ludwig van Beethoven": "Vienna, Austria",
    "Johann Sebastian Bach": "Leipzig, Germany", "Frédéric Chopin": "Paris, France",
    "Pyotr Ilyich Tchaikovsky": "Saint Petersburg, Russia", "Antonio Vivaldi": "Vienna, Austria",
    "George Frideric Handel": "London, England", "Joseph Haydn": "Vienna, Austria",
    "Franz Schubert": "Vienna, Austria", "Giuseppe Verdi": "Milan, Italy", "Richard Wagner": "Venice, Italy",
    "Johannes Brahms": "Vienna, Austria", "Leonardo da Vinci": "Amboise, France", "Michelangelo": "Rome, Italy",
    "Vincent van Gogh": "Auvers-sur-Oise, France", "Pablo Picasso": "Mougins, France",
    "Rembrandt": "Amsterdam, the Netherlands", "Claude Monet": "Giverny, France",
    "Frida Kahlo": "Coyoacán, Mexico City", "Salvador Dalí": "Figueres, Spain", "Andy Warhol": "New York City",
    "Isaac Newton": "London, England", "Albert Einstein": "Princeton, New Jersey",
    "Galileo Galilei": "Arcetri, near Florence, Italy", "Charles Darwin": "Downe, England",
    "Marie Curie": "Passy, in the French Alps", "Thomas Edison": "West Orange, New Jersey",
    "Nikola Tesla": "New York City", "Alexander Graham Bell": "Nova Scotia, Canada",
    "Stephen Hawking": "Cambridge, England", "Benjamin Franklin": "Philadelphia, Pennsylvania",
    "Nicolaus Copernicus": "Frombork, Poland", "Louis Pasteur": "Marnes-la-Coquette, near Paris, France",
    "Alexander Fleming": "London, England", "Ada Lovelace": "London, England", "Sigmund Freud": "London, England",
    "James Watt": "Birmingham, England", "Michael Faraday": "Hampton Court, England",
    "Johannes Kepler": "Regensburg, Germany", "Dmitri Mendeleev": "Saint Petersburg, Russia",
    "Alfred Nobel": "Sanremo, Italy", "Henry Ford": "Dearborn, Michigan", "Wilbur Wright": "Dayton, Ohio",
    "Orville Wright": "Dayton, Ohio", "George Washington": "Mount Vernon, Virginia",
    "Abraham Lincoln": "Washington, D.C.", "Thomas Jefferson": "Monticello, Virginia",
    "John F. Kennedy": "Dallas, Texas", "Franklin D. Roosevelt": "Warm Springs, Georgia",
    "Theodore Roosevelt": "Oyster Bay, New York", "Napoleon Bonaparte": "Saint Helena, an island in the South Atlantic",
    "Queen Victoria": "Osborne House, on the Isle of Wight", "Winston Churchill": "London, England",
    "Martin Luther King Jr.": "Memphis, Tennessee", "Martin Luther": "Eisleben, Germany",
    "Mahatma Gandhi": "New Delhi, India", "Nelson Mandela": "Johannesburg, South Africa",
    "Joan of Arc": "Rouen, France", "Christopher Columbus": "Valladolid, Spain",
    "Queen Elizabeth the First": "Richmond Palace, England",
    "Queen Elizabeth the Second": "Balmoral Castle, Scotland", "Henry the Eighth": "London, England",
    "Neil Armstrong": "Cincinnati, Ohio", "Yuri Gagarin": "near Kirzhach, Russia",
    "Edmund Hillary": "Auckland, New Zealand", "James Cook": "Hawaii", "Rosa Parks": "Detroit, Michigan",
    "Mother Teresa": "Kolkata, India", "Florence Nightingale": "London, England", "Karl Marx": "London, England",
    "Adolf Hitler": "Berlin, Germany", "Vladimir Lenin": "Gorki, near Moscow, Russia",
    "Joseph Stalin": "near Moscow, Russia", "Alexander the Great": "Babylon", "Julius Caesar": "Rome",
    "Cleopatra": "Alexandria, Egypt", "Pope John Paul the Second": "Vatican City",
    "Elvis Presley": "Memphis, Tennessee", "Michael Jackson": "Los Angeles, California",
    "John Lennon": "New York City", "Freddie Mercury": "London, England", "Marilyn Monroe": "Los Angeles, California",
    "Walt Disney": "Burbank, California", "Charlie Chaplin": "Corsier-sur-Vevey, Switzerland",
    "Steve Jobs": "Palo Alto, California", "Princess Diana": "Paris, France", "Bob Marley": "Miami, Florida",
    "Kurt Cobain": "Seattle, Washington", "Jimi Hendrix": "London, England", "Bruce Lee": "Hong Kong",
    "Audrey Hepburn": "Tolochenaz, Switzerland",
}  # fmt: skip


def _year(year: int) -> str:
    return f"{1 - year} BC" if year <= 0 else str(year)


def _age(life: _Life) -> int:
    (y0, m0, d0), (y1, m1, d1) = life.born, life.died
    return y1 - y0 - ((m1, d1) < (m0, d0))


def _who(life: _Life) -> str:
    """The pattern of the names the person goes by: the full name, also without its dots ("John F Kennedy"), and
    the shorter ones."""
    if re.fullmatch(life.called, life.name.lower()):
        return rf"(?:{life.called})"
    return rf"(?:{name_said(life.name)}|{life.called})"


def _rows(life: _Life) -> tuple[tuple[str, str], ...]:
    """Born (when or where), died (when, where, at what age, or whether still alive), who they were and where from:
    each only as the question asks it ("Was Beethoven born deaf?", "Who was Lincoln's vice president when he died?" get
    none)."""
    who = _who(life)
    article = "an" if life.nationality[0] in "AEIOU" else "a"
    died = f"{life.name} died in {_year(life.died[0])}, at {_age(life)}."
    other = r"who|whom|how did|why|cause|of what|what did|before|after|while|during"  # asks something else
    return (
        (all_words(who, r"born|birthplace", r"when|where|year|what city|which city|what country|which country|"
                   r"birthplace", unless=rf"{other}|how old|would|died?|death"),
         f"{life.name} was born in {life.place}, in {_year(life.born[0])}."),
        (all_words(who, r"die|died|death|dead|alive|passed away|pass away", r"when|year|how old|age|alive|dead|still",
                   unless=rf"{other}|where|born"), died),
        (all_words(who, r"where", r"die|died|death|passed away|pass away", unless=rf"{other}|born|buried"),
         f"{life.name} died in {_DIED_IN[life.name]}, in {_year(life.died[0])}."),
        # not "How old was he?" alone: after "Neil Armstrong was the first person on the moon." it asks his age then
        (rf"^\W*how old (?:was {who} when (?:he|she) died|did {who} (?:get|live to be))\W*$|"
         rf"\bhow long did {who} live\b|\bat what age did {who} die\b", died),
        (rf"^\W*(?:(?:and|so|ok|okay)\W+)?who (?:was|is) {who}\W*$|"  # "Who was Florence Nightingale?"
         rf"\bwhere (?:was|is|were|did) {who}(?: originally)?(?: come)? from\b|"
         rf"\b(?:what|which) (?:country|nationality) (?:was|is|did) {who}\b(?: originally)?(?: come)?(?: from)?\W*$|"
         rf"\b{who}'s nationality\b",
         f"{life.name} was {article} {life.nationality} {life.role}, born in {life.place}."),
    )


LIFE_FACTS: tuple[tuple[str, str], ...] = tuple(row for life in _LIVES for row in _rows(life))
# The almanac skips these rows for words without a life's question words and a name from the table (~560 rows).
LIFE_GATE = (
    r"^(?=.*\b(?:born|birth\w*|die|died|dies|death|dead|alive|passed|pass|old|age|live|from|nationality|who)\b)"
    rf"(?=.*\b(?:{'|'.join(_who(life) for life in _LIVES)})\b)"
)
