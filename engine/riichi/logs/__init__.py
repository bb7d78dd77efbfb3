"""Played games' logs: the typed ``record`` the readers make, the formats (``formats``: each
format's module reads it and, where yakuset can, writes it; ``read`` picks one), the checks against our
settlement (``checks``), the lobby a log implies (``lobby``), and a logged game replayed at the
``Table`` (``replay``, from the walls ``wall`` rebuilds).

The game's public names are those of its package (``__all__``); these modules are its inside."""
