"""mtgasp: the rules of Magic: The Gathering as answer-set programs (Python glue)."""
