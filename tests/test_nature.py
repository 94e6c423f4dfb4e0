"""voicebot.nature: dinosaurs by their look, a gardener's pests, plants' life spans and rhubarb's poison."""

from __future__ import annotations

import pytest

from voicebot.notes import known_fact

ASKED = {  # round 35: "Tyrannosaurus rex", "bean beetles", "rhubarbic acid", "parsley" from the 0.5B
    "Which dinosaur had three horns on its face? My daughter can't remember the name.": "Triceratops",
    "What's the dinosaur with plates on its back called?": "Stegosaurus",
    "Which dinosaur had a club on its tail?": "Ankylosaurus",
    "What are those tiny black insects clustering on the tips of our broad beans called?": "blackfly",
    "My roses have tiny green bugs all over the new shoots. What are those likely to be?": "greenfly",
    "What's the word for a plant that lives for two years, like parsley?": "biennial",
    "What do you call a plant that lives for one year?": "annual",
    "What do you call a plant that comes back every year?": "perennial",
    "We know rhubarb leaves are poisonous, but what's the chemical in them that does it?": "oxalic acid",
    "Is a pterodactyl a dinosaur?": "not a dinosaur",
    "My grandson asked what it's called when plants use sunlight to make their food. What's the word?":
        "photosynthesis",
}  # fmt: skip


@pytest.mark.parametrize("text", list(ASKED))
def test_a_nature_question_gets_its_fact(text: str) -> None:
    fact = known_fact(text)
    assert fact is not None and ASKED[text] in fact


@pytest.mark.parametrize(
    "text",
    [
        "Which dinosaur movie should we watch tonight?",
        "How do I get rid of black flies in my kitchen?",  # kitchen flies: no plant named
        "Can I eat rhubarb stalks raw?",
        "What plant should I grow for two years?",
    ],
)
def test_other_talk_of_plants_and_dinosaurs_gets_none(text: str) -> None:
    assert known_fact(text) is None
