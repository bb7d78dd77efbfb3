"""Played games' logs: the typed ``record`` the readers make, each format's reader (``tenhou``,
``tenhou6``, ``mjai``; ``read`` picks one), the writers (``write``), the checks against our
settlement (``checks``), the lobby a log implies (``lobby``), and a logged game replayed at the
``Table`` (``replay``, from the walls ``wall`` rebuilds).

The game's public names are those of its package (``__all__``); these modules are its inside."""
