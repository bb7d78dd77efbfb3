"""A whole game played from moves: each hand's ``wall``, the ``Table`` and its ``View``
(``play``), and the game as text (``trace``).

The game's public names are those of its package (``__all__``); these modules are its inside."""
