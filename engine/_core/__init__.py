"""The core: rule-set files read with locations, ``extends``, schema checks, the expression
language, the plugin manager, errors and results. The core knows no game: games register
themselves through :class:`yakuset._core.game.Game` (see ``docs/architecture.md``)."""
