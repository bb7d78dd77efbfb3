"""Riichi results for people: a result in words (``explain``), the payment grids as text,
Markdown and JSON (``grids``), the tile names (``tile_names``), the studio's part (``web``,
``templates/``, ``static/``) and each yaku's example hand (``yaku_examples``).

The game's public names are those of its package (``__all__``); these modules are its inside."""
