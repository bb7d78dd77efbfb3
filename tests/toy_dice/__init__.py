"""A toy third game for the tests: dice, whose rule set has a ``points:`` table (what a die
showing each face scores) and one evaluator (:func:`~tests.toy_dice.game.score`). It lives here,
registered in a registry of its own, to show that a game is one folder: it loads, validates,
diffs and is served without a change to the core, the command line or the server."""
