"""Koi-Koi results for people: the award tables as text, Markdown and JSON (``tables``), the
deck (``cards``), the studio's part (``web``, ``templates/``, ``static/``) and each yaku's
example pile (``yaku_examples``).

The game's public names are those of its package (``__all__``); these modules are its inside."""
