"""A Koi-Koi rule set compiled: the deck, yaku, award and match settings (``compiled``), the
table rules (``table``), the hooks as the engine calls them (``hooks``) and what compiled rules
remember (``memos``).

The game's public names are those of its package (``__all__``); these modules are its inside."""
