"""A match: the referee of rounds and matches (``referee``), a match played from moves
(``table``), its record (``trace``), and scripted matches (``scripts``).

The game's public names are those of its package (``__all__``); these modules are its inside."""
