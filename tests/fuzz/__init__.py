"""Fuzzing yakuset: structure-aware mutations of the bundled rule files, hostile YAML, arbitrary
arguments to every public API and arbitrary command lines. ``campaign`` runs counted campaigns
(``python -m tests.fuzz.campaign``); the tests run bounded ones, and keep what fuzzing found."""
