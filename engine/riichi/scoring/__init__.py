"""One winning hand scored: its situation and tiles read (``situation``, ``win``), yaku, fu,
limits and payments, the score from han and fu (``score``), from the tiles (``hand``), the
payment grids (``grid``), and shanten and waits of a hand as the API takes it (``tenpai``).

The game's public names are those of its package (``__all__``); these modules are its inside."""
