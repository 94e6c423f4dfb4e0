"""Dinosaurs a child asks about and a gardener's plants and pests: rows for the almanac's table (voicebot/almanac.py).

The 0.5B named the three-horned dinosaur "Tyrannosaurus rex", the black insects on broad beans "bean beetles", the
poison in rhubarb leaves "rhubarbic acid" and a plant that lives two years "parsley" (docs/MEASUREMENTS.md,
thirty-fifth session). Each row asks by what the thing looks like or does, as people who forgot its name ask.
"""

from __future__ import annotations

from voicebot.patterns import all_words as _all

__all__ = ["NATURE_FACTS"]

_WHICH = r"which|what|name|called|call|remember|know"
_LIVES = r"lives?|lasts?|grows?|survives?|flowers?|comes? back|life ?cycle"

NATURE_FACTS: tuple[tuple[str, str], ...] = (
    # dinosaurs, by their look
    (_all(r"dinosaurs?", r"three horns?|3 horns?|horns? on (?:its|their|his) (?:face|head)|horned|frill", _WHICH,
          unless=r"one horn|unicorn|rhino\w*"),
     "Triceratops had three horns on its face and a big bony frill behind its head."),
    (_all(r"dinosaurs?", r"plates? (?:on|along|down) (?:its|their|his) back|spiked tail|spikes? on (?:its|their) tail",
          _WHICH), "Stegosaurus had big bony plates along its back and spikes on its tail."),
    (_all(r"dinosaurs?", r"club(?:bed)? tail|club on (?:its|the|their) tail|armou?r(?:ed)?|tail (?:like a|with a) club",
          _WHICH),
     "Ankylosaurus was the armored dinosaur with a bony club at the end of its tail."),
    (_all(r"dinosaurs?", r"long neck|longest neck", _WHICH, unless=r"giraffe"),
     "The long-necked dinosaurs are the sauropods, such as Brachiosaurus, Diplodocus and Brontosaurus."),
    (_all(r"dinosaurs?", r"(?:biggest|largest|heaviest) (?:ever|of all|that ever)|(?:biggest|largest|heaviest) "
          r"dinosaurs?", r"what|which|was|is", unless=r"meat|carnivor\w*|predator|flying|sea|swimming"),
     "The biggest dinosaurs were long-necked sauropods such as Argentinosaurus, around 30 meters long and perhaps "
     "70 tons."),
    (_all(r"(?:biggest|largest) (?:meat[- ]eating|carnivorous|predatory) dinosaurs?|(?:biggest|largest) carnivores? "
          r"(?:dinosaur)?|(?:biggest|largest) (?:dinosaur )?predators?", r"dinosaurs?"),
     "Spinosaurus was probably the longest meat-eating dinosaur; Tyrannosaurus rex was among the heaviest."),
    (_all(r"pterodactyls?|pterosaurs?", r"dinosaurs?", r"is|was|are|were|really"),
     "A pterodactyl was a flying reptile, a pterosaur, and not a dinosaur, though they lived at the same time."),
    # a gardener's pests and plants
    (_all(r"(?:tiny|little|small) black (?:insects?|bugs?|flies)|black ?fly|blackflies",
          r"beans?|broad beans?|plants?|shoots?|tips?|stems?", _WHICH + r"|what are"),
     "Those are blackfly, the black bean aphid: tiny sap-sucking insects that cluster on the tips of broad beans."),
    (_all(r"(?:tiny|little|small) green (?:insects?|bugs?|flies)|green ?fly|greenflies",
          r"roses?|plants?|shoots?|buds?|stems?", _WHICH + r"|what are"),
     "Those are greenfly, a kind of aphid: tiny sap-sucking insects that cluster on new shoots and buds."),
    (_all(r"plants?|flowers?|herbs?|vegetables?", r"(?:two|2) years|second year|every other year", _LIVES,
          r"word|called|call|name|term|(?:kind|type) of plant"),
     "A plant that lives for two years is a biennial: it grows leaves in the first year, then flowers, sets seed "
     "and dies in the second, like parsley, carrots and foxgloves."),
    (_all(r"plants?|flowers?|herbs?|vegetables?", r"(?:one|1|a single) (?:year|season|growing season)", _LIVES,
          r"word|called|call|name|term|(?:kind|type) of plant", unless=r"two years|2 years"),
     "A plant that lives for one year is an annual: it grows, flowers, sets seed and dies in a single season."),
    (_all(r"plants?|flowers?|herbs?", r"(?:many|several|more than two|lots of) years|year after year|every year|"
          r"comes? back", _LIVES, r"word|called|call|name|term"),
     "A plant that lives for more than two years, coming back each year, is a perennial."),
    (_all(r"rhubarb", r"leaf|leaves", r"poison\w*|toxic|chemical|acid|what makes|why|substance|compound"),
     "Rhubarb leaves are poisonous because of oxalic acid, as oxalates; the stalks are the part people eat."),
)
