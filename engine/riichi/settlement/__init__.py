"""A game between hands: its ``state``, one hand settled among the players (``settle``), the
final ``standings``, and scripted games of settled hands (``scripts``).

The game's public names are those of its package (``__all__``); these modules are its inside."""
