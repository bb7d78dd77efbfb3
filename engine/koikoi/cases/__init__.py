"""What ``diff`` compares between two Koi-Koi rule sets (``part``): the award grid, each yaku's
fewest cards, seeded piles, lucky hands, a draw and the bundled example scripts, and how a
user's case is read.

The game's public names are those of its package (``__all__``); these modules are its inside."""
