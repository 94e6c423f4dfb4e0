"""Who wrote, painted or composed a famous work, where the famous paintings hang, and what else a maker is best known
for: rows for the almanac's table (voicebot/almanac.py).

Trivia questions ask it often, and the 0.5B invents a name with confidence: War and Peace "is Viktor Frankl",
One Hundred Years of Solitude "was Jane Austen", the Sistine Chapel's ceiling "Leonardo da Vinci"
(docs/MEASUREMENTS.md, twenty-ninth session). A question gets a work's fact when it names the work and asks who
made it ("Who wrote ...?", "Which Russian author wrote ...?", "... was painted by whom?"); not when it asks about
a film or a show of it, or something else about the work ("Who is the hero of Hamlet?").
"""

from __future__ import annotations

import re

from voicebot.patterns import name_said

__all__ = ["KNOWN_FOR_FACTS", "KNOWN_FOR_GATE", "WORK_FACTS", "title_pattern"]

# (the work's title, who made it, how the fact says it, other names it goes by as regexes of lower-case words):
# the best-known works only, each with a single maker nobody disputes.
_WORKS: tuple[tuple[str, ...], ...] = (
    # books, plays and poems
    ("Romeo and Juliet", "William Shakespeare", "wrote"), ("Hamlet", "William Shakespeare", "wrote"),
    ("Macbeth", "William Shakespeare", "wrote"), ("Othello", "William Shakespeare", "wrote"),
    ("King Lear", "William Shakespeare", "wrote"), ("A Midsummer Night's Dream", "William Shakespeare", "wrote"),
    ("Pride and Prejudice", "Jane Austen", "wrote"), ("War and Peace", "Leo Tolstoy", "wrote"),
    ("Anna Karenina", "Leo Tolstoy", "wrote"), ("Crime and Punishment", "Fyodor Dostoevsky", "wrote"),
    ("One Hundred Years of Solitude", "Gabriel García Márquez", "wrote", r"(100|a hundred) years of solitude"),
    ("Don Quixote", "Miguel de Cervantes", "wrote"), ("Moby-Dick", "Herman Melville", "wrote"),
    ("The Great Gatsby", "F. Scott Fitzgerald", "wrote"), ("To Kill a Mockingbird", "Harper Lee", "wrote"),
    ("Nineteen Eighty-Four", "George Orwell", "wrote", r"1984"), ("Animal Farm", "George Orwell", "wrote"),
    ("Frankenstein", "Mary Shelley", "wrote"), ("Dracula", "Bram Stoker", "wrote"),
    ("Oliver Twist", "Charles Dickens", "wrote"), ("A Christmas Carol", "Charles Dickens", "wrote"),
    ("Great Expectations", "Charles Dickens", "wrote"), ("A Tale of Two Cities", "Charles Dickens", "wrote"),
    ("The Odyssey", "Homer", "is said to have written"), ("The Iliad", "Homer", "is said to have written"),
    ("The Hobbit", "J. R. R. Tolkien", "wrote"), ("The Lord of the Rings", "J. R. R. Tolkien", "wrote"),
    ("Alice's Adventures in Wonderland", "Lewis Carroll", "wrote", r"alice in wonderland"),
    ("The Adventures of Tom Sawyer", "Mark Twain", "wrote", r"tom sawyer"),
    ("Adventures of Huckleberry Finn", "Mark Twain", "wrote", r"(the )?(adventures of )?huckleberry finn"),
    ("Les Misérables", "Victor Hugo", "wrote"), ("The Divine Comedy", "Dante Alighieri", "wrote", r"dante's inferno"),
    ("The Old Man and the Sea", "Ernest Hemingway", "wrote"), ("Jane Eyre", "Charlotte Brontë", "wrote"),
    ("Wuthering Heights", "Emily Brontë", "wrote"), ("The Catcher in the Rye", "J. D. Salinger", "wrote"),
    ("Brave New World", "Aldous Huxley", "wrote"),
    ("On the Origin of Species", "Charles Darwin", "wrote", r"(the )?origin of (the )?species"),
    ("The Little Prince", "Antoine de Saint-Exupéry", "wrote"),
    ("Charlie and the Chocolate Factory", "Roald Dahl", "wrote"), ("The Cat in the Hat", "Dr. Seuss", "wrote"),
    ("Lord of the Flies", "William Golding", "wrote"), ("Of Mice and Men", "John Steinbeck", "wrote"),
    ("The Grapes of Wrath", "John Steinbeck", "wrote"), ("The Raven", "Edgar Allan Poe", "wrote"),
    ("The Canterbury Tales", "Geoffrey Chaucer", "wrote"), ("Paradise Lost", "John Milton", "wrote"),
    ("Gulliver's Travels", "Jonathan Swift", "wrote"), ("Robinson Crusoe", "Daniel Defoe", "wrote"),
    ("Treasure Island", "Robert Louis Stevenson", "wrote"), ("The Jungle Book", "Rudyard Kipling", "wrote"),
    ("Peter Pan", "J. M. Barrie", "wrote"), ("Winnie-the-Pooh", "A. A. Milne", "wrote"),
    ("Little Women", "Louisa May Alcott", "wrote"), ("Charlotte's Web", "E. B. White", "wrote"),
    ("The Communist Manifesto", "Karl Marx and Friedrich Engels", "wrote"),
    ("The Wealth of Nations", "Adam Smith", "wrote", r"(the )?wealth of nations"),
    ("Das Kapital", "Karl Marx", "wrote", r"das (kapital|capital)"),
    ("The Art of War", "Sun Tzu", "is said to have written"), ("Leviathan", "Thomas Hobbes", "wrote"),
    ("A Brief History of Time", "Stephen Hawking", "wrote"), ("Silent Spring", "Rachel Carson", "wrote"),
    ("The Diary of a Young Girl", "Anne Frank", "wrote", r"(the )?diary of anne frank"),
    ("The Wonderful Wizard of Oz", "L. Frank Baum", "wrote", r"(the )?wizard of oz"),
    # paintings and sculptures
    ("The Mona Lisa", "Leonardo da Vinci", "painted", r"(?:the )?m[oa][nm]a lisa"),  # Whisper's "moma", "Mama Lisa"
    ("The Last Supper", "Leonardo da Vinci", "painted"),
    ("The Starry Night", "Vincent van Gogh", "painted"), ("Sunflowers", "Vincent van Gogh", "painted"),
    ("the ceiling of the Sistine Chapel", "Michelangelo", "painted", r"(the )?sistine chapel"),
    ("The Creation of Adam", "Michelangelo", "painted"), ("The Scream", "Edvard Munch", "painted"),
    ("Guernica", "Pablo Picasso", "painted"), ("Girl with a Pearl Earring", "Johannes Vermeer", "painted"),
    ("The Birth of Venus", "Sandro Botticelli", "painted"),
    ("The Persistence of Memory", "Salvador Dalí", "painted"), ("Water Lilies", "Claude Monet", "painted"),
    ("The Night Watch", "Rembrandt", "painted"), ("American Gothic", "Grant Wood", "painted"),
    ("The School of Athens", "Raphael", "painted"), ("Las Meninas", "Diego Velázquez", "painted"),
    ("The Great Wave off Kanagawa", "Katsushika Hokusai", "made", r"the great wave"),
    ("The Thinker", "Auguste Rodin", "sculpted"), ("the statue of David", "Michelangelo", "sculpted"),
    # music
    ("the Moonlight Sonata", "Ludwig van Beethoven", "composed"), ("Für Elise", "Ludwig van Beethoven", "composed"),
    ("the Ode to Joy", "Ludwig van Beethoven", "composed"), ("The Four Seasons", "Antonio Vivaldi", "composed"),
    ("The Magic Flute", "Wolfgang Amadeus Mozart", "composed"),
    ("Eine kleine Nachtmusik", "Wolfgang Amadeus Mozart", "composed"),
    ("The Marriage of Figaro", "Wolfgang Amadeus Mozart", "composed"),
    ("The Nutcracker", "Pyotr Ilyich Tchaikovsky", "composed"), ("Swan Lake", "Pyotr Ilyich Tchaikovsky", "composed"),
    ("the 1812 Overture", "Pyotr Ilyich Tchaikovsky", "composed", r"(the )?eighteen twelve overture"),
    ("Messiah", "George Frideric Handel", "composed", r"(the|handel's) messiah"),
    ("the Brandenburg Concertos", "Johann Sebastian Bach", "composed"), ("Boléro", "Maurice Ravel", "composed"),
    ("Clair de Lune", "Claude Debussy", "composed"), ("The Blue Danube", "Johann Strauss the Second", "composed"),
    ("Rhapsody in Blue", "George Gershwin", "composed"), ("The Planets", "Gustav Holst", "composed"),
    ("Carmen", "Georges Bizet", "composed"), ("The Barber of Seville", "Gioachino Rossini", "composed"),
    ("the William Tell Overture", "Gioachino Rossini", "composed"), ("La Traviata", "Giuseppe Verdi", "composed"),
    ("Aida", "Giuseppe Verdi", "composed"), ("Madama Butterfly", "Giacomo Puccini", "composed"),
    ("La Bohème", "Giacomo Puccini", "composed"), ("the Canon in D", "Johann Pachelbel", "composed"),
    ("the Ride of the Valkyries", "Richard Wagner", "composed"), ("The Rite of Spring", "Igor Stravinsky", "composed"),
)  # fmt: skip

# Who made it: a word that asks who, and a verb (or "the author of", ...) for the kind of work: "Which artist
# illustrated Alice in Wonderland?" and "Which author died in 1984?" ask no such thing, nor does "Who wrote Girl with
# a Pearl Earring?" (a painting's title, and a novel's).
_ASKS_WHO = r"(?=.*\b(who|who's|whom|which|what)\b)"
_MADE = {
    "wrote": r"wrote|written|write|writes|(author|writer|poet|playwright|novelist) of",
    "painted": r"painted|paint|paints|(painter|artist) of",
    "composed": r"composed|compose|composes|wrote|written|write|writes|composer of|can post",  # Whisper's: 3 sessions
    "sculpted": r"sculpted|sculpt|carved|made|(sculptor|artist) of",
}
# Not the work itself: a film or a show of it, what is told in it, a work of another kind with its name (the opera
# Othello, the ballet Romeo and Juliet, the poem Ode to Joy, the novel Carmen), or something else that bears it.
_OTHER_THING = (
    r"movies?|films?|shows?|series|musicals?|adaptations?|versions?|covers?|sequels?|songs?|about|screenplay|script"
)
_OTHER_KIND = {
    "wrote": r"operas?|ballets?|music|score|soundtrack|lyrics|album|game",
    "painted": r"novels?|books?|stor(y|ies)",
    "composed": r"poems?|novels?|stor(y|ies)|plays?|books?|libretto|words|lyrics",
    "sculpted": r"novels?|books?|stor(y|ies)|poems?",
}
# The title ends the question, or a few words come after it ("... and when?", "... in 1850?"): "the Christmas
# carol Silent Night" is not A Christmas Carol, nor "the Four Seasons hotels" The Four Seasons.
_TITLE_ENDS = r"(?=\s*[?.!,]|\s*$|\s+(?:in|by|and|or|was|is|were|first|originally)\b)"
_PLAIN = str.maketrans({"é": "[eé]", "è": "[eè]", "ü": "[uü]", "í": "[ií]", "á": "[aá]", "ë": "[eë]"})


def title_pattern(title: str) -> str:
    """The title as a regex of the lower-cased words an ASR writes: "the" optional, "'" and "-" optional."""
    words = re.sub(r"^(the|a) ", "", title.lower())
    words = re.escape(words).replace("'", "'?").replace(r"\-", "[ -]?").replace(r"\ ", " ")
    return r"(?:(?:the|a) )?" + words.translate(_PLAIN)


def _row(title: str, maker: str, verb: str, *others: str) -> tuple[str, str]:
    kind = {"is said to have written": "wrote", "made": "painted"}.get(verb, verb)
    names = "|".join([title_pattern(title), *others])
    made, other = rf"(?=.*\b({_MADE[kind]})\b)", rf"(?!.*\b({_OTHER_THING}|{_OTHER_KIND[kind]})\b)"
    besides = r"(?!.*\b(?:else|besides|apart from|other than)\b)"  # "What else did he write besides Hamlet?"
    return rf"^{_ASKS_WHO}{made}{other}{besides}(?=.*\b(?:{names}){_TITLE_ENDS})", f"{maker} {verb} {title}."


# Where a famous work can be seen (the 0.5B: the Mona Lisa "is displayed in the Mona Lisa painting"); works in
# several versions or places (Sunflowers, Water Lilies, The Scream) are left out.
_SEEN = {
    "The Mona Lisa": "hangs in the Louvre, in Paris", "The Last Supper": "is on a wall of Santa Maria delle Grazie, "
    "in Milan", "The Starry Night": "hangs in the Museum of Modern Art, in New York",
    "the ceiling of the Sistine Chapel": "is in the Vatican", "Guernica": "hangs in the Reina Sofía museum, in Madrid",
    "Girl with a Pearl Earring": "hangs in the Mauritshuis, in The Hague",
    "The Birth of Venus": "hangs in the Uffizi Gallery, in Florence",
    "The Persistence of Memory": "hangs in the Museum of Modern Art, in New York",
    "The Night Watch": "hangs in the Rijksmuseum, in Amsterdam", "American Gothic": "hangs in the Art Institute of "
    "Chicago", "Las Meninas": "hangs in the Prado, in Madrid", "the statue of David": "stands in the Accademia "
    "Gallery, in Florence", "The Creation of Adam": "is on the ceiling of the Sistine Chapel, in the Vatican",
}  # fmt: skip
_WHERE = r"(?=.*\b(?:where|which (?:museum|gallery|city|country)|what (?:museum|gallery|city|country))\b)"
_SHOWN = (
    r"(?=.*\b(?:displayed|kept|hung|hangs|housed|exhibited|on display|located|shown|see|seen|find|found|now|is|has|"
    r"holds?)\b)"
)


def _seen_row(title: str, where: str) -> tuple[str, str]:
    names = "|".join([title_pattern(title), *next((w[3:] for w in _WORKS if w[0] == title), ())])
    return rf"^{_WHERE}{_SHOWN}(?!.*\b(?:painted|made|wrote|born|died|buried)\b)(?=.*\b(?:{names})\b)", (
        f"{title[0].upper()}{title[1:]} {where}."
    )


# What else a maker is known for: "What else did she write?" after Pride and Prejudice got "The Catcher in the Rye
# and The Great Gatsby" (pairs 6). (who, the shorter names people use, what the works are called, the best known)
_KNOWN_FOR = (
    ("William Shakespeare", r"shakespeare", "plays",
     "Hamlet, Romeo and Juliet, Macbeth, Othello, King Lear and A Midsummer Night's Dream"),
    ("Jane Austen", r"austen", "novels",
     "Pride and Prejudice, Sense and Sensibility, Emma, Persuasion and Mansfield Park"),
    ("Charles Dickens", r"dickens", "novels",
     "Oliver Twist, A Christmas Carol, David Copperfield, Great Expectations and A Tale of Two Cities"),
    ("Mark Twain", r"twain", "books", "The Adventures of Tom Sawyer and Adventures of Huckleberry Finn"),
    ("Leo Tolstoy", r"tolstoy", "novels", "War and Peace and Anna Karenina"),
    ("Fyodor Dostoevsky", r"dostoevsky|dostoyevsky", "novels",
     "Crime and Punishment, The Idiot and The Brothers Karamazov"),
    ("Ernest Hemingway", r"hemingway", "books",
     "The Old Man and the Sea, The Sun Also Rises, A Farewell to Arms and For Whom the Bell Tolls"),
    ("George Orwell", r"orwell", "books", "Nineteen Eighty-Four and Animal Farm"),
    ("J. R. R. Tolkien", r"tolkien", "books", "The Hobbit and The Lord of the Rings"),
    ("Charlotte Brontë", r"charlotte bront[eë]", "novels", "Jane Eyre and Villette"),
    ("F. Scott Fitzgerald", r"fitzgerald", "novels", "The Great Gatsby and Tender Is the Night"),
    ("Victor Hugo", r"victor hugo", "novels", "Les Misérables and The Hunchback of Notre-Dame"),
    ("Roald Dahl", r"roald dahl|dahl", "books",
     "Charlie and the Chocolate Factory, Matilda, The BFG, James and the Giant Peach and The Witches"),
    ("Lewis Carroll", r"lewis carroll", "books", "Alice's Adventures in Wonderland and Through the Looking-Glass"),
    ("Agatha Christie", r"agatha christie", "novels",
     "Murder on the Orient Express, Death on the Nile and And Then There Were None"),
    ("Oscar Wilde", r"oscar wilde", "works", "The Picture of Dorian Gray and The Importance of Being Earnest"),
    ("John Steinbeck", r"steinbeck", "novels", "Of Mice and Men, The Grapes of Wrath and East of Eden"),
    ("Edgar Allan Poe", r"edgar allan poe|edgar poe", "works",
     "The Raven, The Tell-Tale Heart and The Fall of the House of Usher"),
    ("Homer", r"homer", "epics", "the Iliad and the Odyssey"),
    ("Dr. Seuss", r"dr\.? seuss|doctor seuss|seuss", "books",
     "The Cat in the Hat, Green Eggs and Ham and How the Grinch Stole Christmas"),
    ("Robert Louis Stevenson", r"stevenson", "books", "Treasure Island and Strange Case of Dr Jekyll and Mr Hyde"),
    ("Rudyard Kipling", r"kipling", "books", "The Jungle Book, Just So Stories and Kim"),
    ("Leonardo da Vinci", r"leonardo|da vinci", "paintings",
     "the Mona Lisa, The Last Supper, Lady with an Ermine and The Annunciation, and his drawing Vitruvian Man"),
    ("Michelangelo", r"michelangelo", "works",
     "the statue of David, the Pietà, and the ceiling of the Sistine Chapel with The Creation of Adam"),
    ("Vincent van Gogh", r"van gogh", "paintings",
     "The Starry Night, Sunflowers, Café Terrace at Night and The Bedroom"),
    ("Pablo Picasso", r"picasso", "paintings", "Guernica, Les Demoiselles d'Avignon and The Old Guitarist"),
    ("Claude Monet", r"monet", "paintings", "Water Lilies, Impression, Sunrise, and his Haystacks"),
    ("Johannes Vermeer", r"vermeer", "paintings", "Girl with a Pearl Earring, The Milkmaid and View of Delft"),
    ("Sandro Botticelli", r"botticelli", "paintings", "The Birth of Venus and Primavera"),
    ("Ludwig van Beethoven", r"beethoven", "works",
     "his nine symphonies, above all the Fifth and the Ninth with its Ode to Joy, the Moonlight Sonata and Für Elise"),
    ("Wolfgang Amadeus Mozart", r"mozart", "works",
     "The Magic Flute, The Marriage of Figaro, Don Giovanni, Eine kleine Nachtmusik and his Requiem"),
    ("Johann Sebastian Bach", r"bach", "works",
     "the Brandenburg Concertos, the Goldberg Variations, the Mass in B minor and the St Matthew Passion"),
    ("Pyotr Ilyich Tchaikovsky", r"tchaikovsky", "works", "The Nutcracker, Swan Lake, The Sleeping Beauty and the 1812 "
     "Overture"),
    ("Antonio Vivaldi", r"vivaldi", "works", "The Four Seasons and his Gloria"),
    ("Giuseppe Verdi", r"verdi", "operas", "La Traviata, Aida, Rigoletto and Otello"),
    ("Giacomo Puccini", r"puccini", "operas", "La Bohème, Tosca, Madama Butterfly and Turandot"),
    ("George Frideric Handel", r"handel", "works", "Messiah, Water Music and Music for the Royal Fireworks"),
    # film directors (pairs 9: "Name another film he made in the 70s" after Jaws got "The Godfather")
    ("Steven Spielberg", r"spielberg", "films", "Jaws (1975), Close Encounters of the Third Kind (1977), Raiders of "
     "the Lost Ark (1981), E.T. (1982), Jurassic Park and Schindler's List (1993) and Saving Private Ryan (1998)"),
    ("Alfred Hitchcock", r"hitchcock", "films", "Psycho, Vertigo, Rear Window, North by Northwest and The Birds"),
    ("Stanley Kubrick", r"kubrick", "films", "2001: A Space Odyssey, A Clockwork Orange, The Shining and Dr. "
     "Strangelove"),
    ("Francis Ford Coppola", r"coppola", "films", "The Godfather and its sequel, and Apocalypse Now"),
    ("Martin Scorsese", r"scorsese", "films", "Taxi Driver, Raging Bull, Goodfellas and The Departed"),
    ("George Lucas", r"lucas", "films", "Star Wars and American Graffiti"),
    ("James Cameron", r"cameron", "films", "The Terminator, Aliens, Titanic and Avatar"),
    ("Christopher Nolan", r"nolan", "films", "Memento, The Dark Knight, Inception, Interstellar and Oppenheimer"),
    ("Quentin Tarantino", r"tarantino", "films", "Reservoir Dogs, Pulp Fiction and Kill Bill"),
    ("Charlie Chaplin", r"chaplin", "films", "The Kid, The Gold Rush, Modern Times and The Great Dictator"),
)  # fmt: skip
_WORK_NOUNS = (
    r"books?|novels?|plays?|poems?|stories|paintings?|pictures?|works?|pieces?|operas?|symphon(?:y|ies)|music|films?|"
    r"movies?"
)
_ASKS_OTHER = (
    rf"what else|which else|what other|which other|(?:an)?other (?:{_WORK_NOUNS})|known for|famous for|remembered for|"
    rf"(?:most )?famous (?:{_WORK_NOUNS})|(?:best[- ]known|greatest|popular) (?:{_WORK_NOUNS})|"
    rf"(?:what|which) (?:{_WORK_NOUNS}) (?:did|has|have|does|by|of)|(?:{_WORK_NOUNS}) (?:by|of)|"
    r"what (?:did|has|does) (?:\w+ ){1,3}(?:write|written|paint|painted|compose|composed)"
)


def _known_for_row(maker: str, called: str, noun: str, works: str) -> tuple[str, str]:
    return (
        rf"^(?!.*\b(?:who|whom|when|where|born|died|how many|how old)\b)(?=.*\b(?:{_ASKS_OTHER})\b)"
        rf"(?=.*\b(?:{name_said(maker)}|{called})\b)",
        f"{maker}'s best-known {noun} include {works}.",
    )


WORK_FACTS: tuple[tuple[str, str], ...] = (
    *(_row(*work) for work in _WORKS),
    *(_seen_row(title, where) for title, where in _SEEN.items()),
)
KNOWN_FOR_FACTS: tuple[tuple[str, str], ...] = tuple(_known_for_row(*row) for row in _KNOWN_FOR)
KNOWN_FOR_GATE = rf"\b(?:{_ASKS_OTHER})\b"  # in every row (the almanac skips the rows for words without it)
