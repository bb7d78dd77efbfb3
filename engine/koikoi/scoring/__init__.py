"""A pile and a round scored: the yaku of captured cards (``yaku``; counted with integer
weights, ``weights``) and the round's award (``award``).

The game's public names are those of its package (``__all__``); these modules are its inside."""
