"""Balance studies: ``bots``, whole matches between them (``simulation``), what a study counts
(``tally``) and its figure (``plot``).

The game's public names are those of its package (``__all__``); these modules are its inside."""
