"""Riichi tiles with no rule set: numbers and mpsz notation, melds, the readings of a
winning hand, and shanten and waits counted per suit.

The game's public names are those of its package (``__all__``); these modules are its inside."""
