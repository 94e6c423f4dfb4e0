"""Who sang a famous song, and a band's lead singer: rows for the almanac's table (voicebot/almanac.py).

"Who sang ...?" is asked of a voice assistant as often as who wrote a book, and the 0.5B named a singer at random:
Jailhouse Rock "sung by Taylor Swift", Thriller "by Frank Sinatra", the Beatles' drummer "John Lennon"
(docs/MEASUREMENTS.md, thirty-second session). The rows hold songs whose first and best-known recording is by one
artist; songs best known in a cover (Hound Dog, Respect, I Will Always Love You) are left to the model, and so are
titles that are everyday words (Hello, Happy, Africa).
"""

from __future__ import annotations

from voicebot.famous_works import title_pattern

__all__ = ["SONG_FACTS", "SONG_GATE"]

# (title, artist, other names the title goes by as regexes of lower-case words)
_SONGS: tuple[tuple[str, ...], ...] = (
    ("Thriller", "Michael Jackson"), ("Billie Jean", "Michael Jackson"), ("Beat It", "Michael Jackson"),
    ("Bohemian Rhapsody", "Queen"), ("We Will Rock You", "Queen"), ("We Are the Champions", "Queen"),
    ("Imagine", "John Lennon"), ("Hey Jude", "the Beatles"), ("Let It Be", "the Beatles"),
    ("Yellow Submarine", "the Beatles"), ("Yesterday", "the Beatles"),
    ("Jailhouse Rock", "Elvis Presley"), ("Heartbreak Hotel", "Elvis Presley"), ("Love Me Tender", "Elvis Presley"),
    ("Like a Rolling Stone", "Bob Dylan"), ("Blowin' in the Wind", "Bob Dylan", r"blowing in the wind"),
    ("Satisfaction", "the Rolling Stones", r"(?:i )?can'?t get no satisfaction"),
    ("Purple Rain", "Prince"), ("Like a Prayer", "Madonna"), ("Like a Virgin", "Madonna"),
    ("Material Girl", "Madonna"), ("Smells Like Teen Spirit", "Nirvana"), ("Stairway to Heaven", "Led Zeppelin"),
    ("Hotel California", "the Eagles"), ("Sweet Caroline", "Neil Diamond"), ("Dancing Queen", "ABBA"),
    ("Waterloo", "ABBA"), ("My Way", "Frank Sinatra"), ("What a Wonderful World", "Louis Armstrong"),
    ("Johnny B. Goode", "Chuck Berry", r"johnny b\.? ?goode?"), ("Born in the U.S.A.", "Bruce Springsteen",
    r"born in the (?:u\.?s\.?a\.?|usa)"), ("Born to Run", "Bruce Springsteen"), ("Rocket Man", "Elton John"),
    ("Your Song", "Elton John"), ("Wonderwall", "Oasis"), ("Don't Stop Believin'", "Journey",
    r"don'?t stop believing?"), ("Sweet Child o' Mine", "Guns N' Roses", r"sweet child (?:o'?|of) mine"),
    ("Rolling in the Deep", "Adele"), ("Shake It Off", "Taylor Swift"), ("Bad Romance", "Lady Gaga"),
    ("Uptown Funk", "Mark Ronson with Bruno Mars"), ("Despacito", "Luis Fonsi and Daddy Yankee"),
    ("Gangnam Style", "PSY"), ("Every Breath You Take", "the Police"), ("Superstition", "Stevie Wonder"),
    ("Good Vibrations", "the Beach Boys"), ("Bridge Over Troubled Water", "Simon and Garfunkel"),
    ("Hallelujah", "Leonard Cohen"), ("Wannabe", "the Spice Girls"), ("Rehab", "Amy Winehouse"),
    ("Single Ladies", "Beyoncé"), ("Baby One More Time", "Britney Spears", r"(?:hit me )?baby,? one more time"),
)  # fmt: skip

_BANDS = frozenset({"Queen", "Nirvana", "Led Zeppelin", "ABBA", "Oasis", "Journey", "Guns N' Roses"})
_WHO = r"(?=.*\b(?:who|who's|whom|which (?:band|singer|group|artist)|what (?:band|singer|group|artist))\b)"
_SANG_WORDS = (
    r"sang|sing|sings|sung|singer|vocalist|frontman|front man|recorded|performed|performs|band|group|artist|song by|by"
)
_SANG = rf"(?=.*\b(?:{_SANG_WORDS})\b)"
# Not the one who wrote it, nor a cover, a film or a show of it.
_OTHER = r"(?!.*\b(?:wrote|written|write|composed|cover\w*|remake|movies?|films?|musicals?|directed|dance\w*)\b)"


def _row(title: str, artist: str, *others: str) -> tuple[str, str]:
    names = "|".join([title_pattern(title), *others])
    band = artist in _BANDS or artist.startswith("the ") or " and " in artist or " with " in artist
    verb = "recorded" if band else "sang"
    said = f"{artist[0].upper()}{artist[1:]} {verb} {title}."
    return rf"^{_WHO}{_SANG}{_OTHER}(?=.*\b(?:{names})\b)", said


# A band's lead singer, either way round (the 0.5B: Freddie Mercury "the lead singer of the band The Beatles"): the
# singer best known as its voice.
_FRONTS = {
    "Freddie Mercury": "Queen", "Mick Jagger": "the Rolling Stones", "Bono": "U2", "Kurt Cobain": "Nirvana",
    "Robert Plant": "Led Zeppelin", "Jim Morrison": "the Doors", "Axl Rose": "Guns N' Roses",
    "Chris Martin": "Coldplay", "Steven Tyler": "Aerosmith", "Roger Daltrey": "the Who", "Debbie Harry": "Blondie",
    "Thom Yorke": "Radiohead", "Sting": "the Police", "Anthony Kiedis": "the Red Hot Chili Peppers",
}  # fmt: skip
_FRONTED = r"lead singer|singer|vocalist|frontman|front man|sings|sang"


def _front_rows(singer: str, band: str) -> tuple[tuple[str, str], tuple[str, str]]:
    said = f"{singer} was the lead singer of {band}."
    name, group = title_pattern(singer), title_pattern(band).replace("n'", "n'?")
    which_band = rf"^(?=.*\b(?:which|what|who)\b)(?=.*\b(?:band|group)\b)(?=.*\b{name}\b)"
    who_sang = rf"^(?=.*\b(?:who|who's|whom|name)\b)(?=.*\b(?:{_FRONTED})\b)(?=.*\b(?:of|in|for) {group}\W*$)"
    return (which_band, said), (who_sang, said)


SONG_FACTS: tuple[tuple[str, str], ...] = (
    *(_row(*song) for song in _SONGS),
    *(row for singer, band in _FRONTS.items() for row in _front_rows(singer, band)),
)
# In every row (the almanac skips the rows for words without it); searched as itself, not as the rows' lookahead,
# which a search tries at every position (~40 µs a call).
SONG_GATE = rf"\b(?:{_SANG_WORDS})\b"
