"""What ``diff`` compares between two Riichi rule sets: a corpus of winning hands (``hands``),
the table situations (``table``), and why a situation cannot arise under a rule set
(``absent``).

The game's public names are those of its package (``__all__``); these modules are its inside."""
