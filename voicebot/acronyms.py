"""What common abbreviations stand for: rows for the almanac's table (voicebot/almanac.py).

"What does RPM stand for?" got "RPM stands for RPM (Redundant Power Module)." and "What does the H in HTML stand
for?" got "Huge Hug" (docs/MEASUREMENTS.md, thirty-third session). Whisper writes them in capitals, in small letters
or with dots ("R.P.M."): each row takes all three. An abbreviation that is also a word ("pin", "led", "who") is
taken only with "stand for", "short for" or "abbreviation", not with "mean".
"""

from __future__ import annotations

__all__ = ["ACRONYM_FACTS", "ACRONYM_GATE"]

_STANDS_FOR = {
    "NASA": "National Aeronautics and Space Administration", "FBI": "Federal Bureau of Investigation",
    "CIA": "Central Intelligence Agency", "DNA": "deoxyribonucleic acid", "RNA": "ribonucleic acid",
    "HTML": "HyperText Markup Language", "HTTP": "HyperText Transfer Protocol", "URL": "Uniform Resource Locator",
    "USB": "Universal Serial Bus", "GPS": "Global Positioning System", "ATM": "automated teller machine",
    "PIN": "personal identification number", "RPM": "revolutions per minute", "MPH": "miles per hour",
    "ASAP": "as soon as possible", "RSVP": "répondez s'il vous plaît, French for please reply",
    "AKA": "also known as", "FYI": "for your information", "DIY": "do it yourself",
    "ETA": "estimated time of arrival", "CEO": "chief executive officer",
    "NATO": "North Atlantic Treaty Organization",
    "UNESCO": "United Nations Educational, Scientific and Cultural Organization",
    "UNICEF": "United Nations International Children's Emergency Fund; today it is called the United Nations "
              "Children's Fund",
    "WHO": "World Health Organization", "EU": "European Union", "UN": "United Nations",
    "NBA": "National Basketball Association", "NFL": "National Football League", "PhD": "Doctor of Philosophy",
    "MBA": "Master of Business Administration", "IQ": "intelligence quotient", "CPU": "central processing unit",
    "RAM": "random access memory", "ROM": "read-only memory", "SIM": "subscriber identity module",
    "SMS": "short message service", "PDF": "Portable Document Format", "JPEG": "Joint Photographic Experts Group",
    "LED": "light-emitting diode", "LCD": "liquid crystal display", "SUV": "sport utility vehicle",
    "DVD": "digital versatile disc", "CD": "compact disc", "UFO": "unidentified flying object",
    "SCUBA": "self-contained underwater breathing apparatus",
    "LASER": "light amplification by stimulated emission of radiation", "RADAR": "radio detection and ranging",
    "SONAR": "sound navigation and ranging", "AIDS": "acquired immunodeficiency syndrome",
    "HIV": "human immunodeficiency virus", "ICU": "intensive care unit", "CPR": "cardiopulmonary resuscitation",
    "ADHD": "attention deficit hyperactivity disorder", "BMI": "body mass index",
    "AM": "ante meridiem, Latin for before midday", "PM": "post meridiem, Latin for after midday",
    "BC": "before Christ", "AD": "anno Domini, Latin for in the year of the Lord",
    "RIP": "rest in peace", "PS": "postscript", "NASCAR": "National Association for Stock Car Auto Racing",
    "BBC": "British Broadcasting Corporation", "CNN": "Cable News Network", "VIP": "very important person",
    "LOL": "laughing out loud", "OMG": "oh my god", "BRB": "be right back", "TBA": "to be announced",
    "TBD": "to be determined", "MRI": "magnetic resonance imaging", "IRS": "Internal Revenue Service",
    "NHS": "National Health Service", "GDP": "gross domestic product", "WWW": "World Wide Web",
    "ISP": "internet service provider", "VPN": "virtual private network", "AI": "artificial intelligence",
    "UV": "ultraviolet", "TNT": "trinitrotoluene", "MSG": "monosodium glutamate",
    "BLT": "bacon, lettuce and tomato", "PTA": "parent-teacher association",
    "HVAC": "heating, ventilation and air conditioning", "ISBN": "International Standard Book Number",
    "POW": "prisoner of war", "MIA": "missing in action", "AWOL": "absent without leave", "DOB": "date of birth",
    "FAQ": "frequently asked questions", "MVP": "most valuable player", "RV": "recreational vehicle",
    "ER": "emergency room", "ABS": "anti-lock braking system", "AC": "alternating current in electricity, and air "
    "conditioning in a home or a car", "DC": "direct current", "PVC": "polyvinyl chloride",
    "GFCI": "ground fault circuit interrupter", "BTU": "British thermal unit", "MPG": "miles per gallon",
    "ATP": "adenosine triphosphate", "BPM": "beats per minute",
    "EKG": "electrocardiogram", "ECG": "electrocardiogram", "OTC": "over the counter", "SPF": "sun protection factor",
    # a medication order's (round 36: "P-R-N stands for Prolonged Rest and Nourishment.")
    "PRN": "pro re nata, Latin for as needed", "BID": "bis in die, Latin for twice a day",
    "TID": "ter in die, Latin for three times a day", "QID": "quater in die, Latin for four times a day",
    "NPO": "nil per os, Latin for nothing by mouth", "PO": "per os, Latin for by mouth",
    "STAT": "statim, Latin for immediately", "IV": "intravenous, into a vein", "IM": "intramuscular, into a muscle",
    "DNR": "do not resuscitate", "BP": "blood pressure",
}  # fmt: skip
# Abbreviations that are also words: asked about only as an abbreviation.
_WORDS = frozenset({"PIN", "RAM", "ROM", "SIM", "LED", "WHO", "AM", "PM", "AD", "PS", "RIP", "POW", "ER", "ABS",
                    "AIDS", "MIA", "SCUBA", "LASER", "RADAR", "SONAR", "PO", "STAT", "IM", "BID"})  # fmt: skip


def _said(letters: str) -> str:
    """'r[.-]?\\s?p[.-]?\\s?m\\.?' for RPM, as Whisper may write it ("R.P.M.", "P-R-N"), as a whole word."""
    return r"(?<![\w.])" + r"[.-]?\s?".join(letters.lower()) + r"\.?(?!\w)"


def _row(short: str, long: str) -> tuple[str, str]:
    """The letters right before "stand for" or "short for", or after "short for" or "the full form of"; and for one
    that is no word, "What does RPM mean?" and "What's an ATM?"."""
    said = _said(short)
    if short in _WORDS:  # "What does PIN stand for?", not "Who stands for the anthem?"
        forms = [
            rf"\bwhat (?:does|do|is|'s) (?:the )?{said}\W+(?:stand|stands|short|an abbreviation|an acronym) for\b",
            rf"\b(?:full form|abbreviation|acronym) (?:for|of) (?:the )?{said}",
        ]
    else:
        forms = [
            rf"{said}\W+(?:(?:actually|exactly|really|even)\W+)?(?:stand|stands|standing) for\b",
            rf"{said}\W+(?:is )?(?:an? )?(?:short|abbreviation|acronym) for\b",
            rf"\b(?:full form|short|abbreviation|acronym|meaning) (?:for|of) (?:the )?{said}",
            rf"\bwhat (?:does|do|is|'s) (?:the )?{said}\W+mean\b", rf"\bwhat(?:'s| is) (?:an? |the )?{said}\W*$",
        ]
    return "|".join(forms), f"{short} stands for {long}."


ACRONYM_FACTS: tuple[tuple[str, str], ...] = (
    *(_row(short, long) for short, long in _STANDS_FOR.items()),
    (_row("SOS", "")[0], "SOS doesn't stand for anything: it was chosen as the distress signal because in Morse code "
     "it is easy to send and to recognize, three dots, three dashes, three dots."),
)
# The words every row asks with: the almanac skips these rows for words without them (one pattern of every row's
# letters took ~0.1 ms a call, and a turn's notes call it hundreds of times).
ACRONYM_GATE = (
    r"\b(?:stand|stands|standing|short for|abbreviation|acronym|full form|mean|means|meaning)\b|"
    r"^\W*what(?:'s| is) (?:an? |the )?[\w.]+\W*$"
)
