"""A log's lobby and the bundled rule set it implies (docs/rules/tenhou-logs.md §4).

Tenhou's lobby ``type`` is a bit field: ``0x01`` played by people (else against the computer),
``0x02`` no red fives, ``0x04`` no open tanyao, ``0x08`` East-South (else East only),
``0x10`` three players, ``0x40`` fast; ``0x20`` and ``0x80`` the room (neither: 一般, ``0x80``
上級, ``0x20`` 特上, both 鳳凰). A rule set is implied when every rule the lobby states is the
bundled one's (:func:`lobby_rules` lists them; a test checks them against the files).
"""

from __future__ import annotations

from typing import Any

from ..._core.arguments import shown
from ..._core.errors import InputError
from .record import Lobby

ROOMS = {0x00: "ippan", 0x80: "joukyuu", 0x20: "tokujou", 0xA0: "houou"}
#: The bits this reader knows; a lobby with another bit set implies no rule set.
KNOWN_BITS = 0xFF
#: The bundled rule set of each table size, for the lobby rules it states.
BUNDLED = {4: "tenhou", 3: "tenhou-sanma"}
_BUNDLED_RULES = {"ending.length": "east_south", "wins.open_tanyao": True, "red_fives": True}


def lobby_rules(lobby: Lobby) -> dict[str, Any]:
    """The rule-set keys a lobby decides: ``players``, ``ending.length``, ``wins.open_tanyao``
    and ``red_fives`` (whether ``tiles.red_fives`` has any)."""
    return {
        "players": lobby.players,
        "ending.length": lobby.length,
        "wins.open_tanyao": lobby.open_tanyao,
        "red_fives": lobby.red_fives,
    }


def implied_ruleset(lobby: Lobby | None) -> tuple[str | None, str]:
    """The bundled rule set a lobby implies and why, or ``None`` and why none is."""
    if lobby is None:
        return None, "the log names no rules; give the rule set"
    if lobby.type is not None and lobby.type & ~KNOWN_BITS:
        return None, f"lobby type {lobby.type} sets bits this reader does not know ({lobby.type & ~KNOWN_BITS:#x})"
    base = BUNDLED[lobby.players]
    stated = lobby_rules(lobby)
    differ = [f"{key}: {_yaml(stated[key])}" for key, value in _BUNDLED_RULES.items() if stated[key] != value]
    if differ:
        return None, f"no bundled rule set: {base} with {', '.join(differ)}"
    return base, f"the lobby's rules are {base}'s ({'East-South' if lobby.length == 'east_south' else 'East'}, " + (
        "red fives, open tanyao)"
    )


#: How a lobby's rule that differs from the bundled rule set's is written in a rule set: the
#: key's YAML, a word for the variant's id and one for its name.
_VARIANT = {
    "ending.length": ("ending:\n  length: east\n", "east", "East only"),
    "wins.open_tanyao": ("wins:\n  open_tanyao: false\n", "no-open-tanyao", "no open tanyao"),
    "red_fives": ("tiles:\n  red_fives: {m: 0, p: 0, s: 0}\n", "no-red-fives", "no red fives"),
}


def lobby_variant(lobby: Lobby | None) -> tuple[str, str] | None:
    """For a lobby whose rules no bundled rule set has (an East-only game, a lobby without red
    fives or open tanyao): the id and the YAML text of the rule set it implies, which extends the
    table's bundled one with what the lobby sets otherwise (``tenhou-east``: ``extends: tenhou``,
    ``ending: {length: east}``). ``None`` when a bundled rule set is implied, or none is (a log
    that names no rules, a lobby with bits this reader does not know)."""
    if lobby is not None and type(lobby) is not Lobby:
        raise InputError(f"lobby must be a yakuset.riichi.Lobby (a GameLog's lobby) or None, got {shown(lobby)}")
    if lobby is None or (lobby.type is not None and lobby.type & ~KNOWN_BITS):
        return None
    base = BUNDLED[lobby.players]
    stated = lobby_rules(lobby)
    differ = [key for key, value in _BUNDLED_RULES.items() if stated[key] != value]
    if not differ:
        return None
    ident = "-".join([base, *(_VARIANT[key][1] for key in differ)])
    text = (
        f"extends: {base}\n"
        f"name: {base} ({', '.join(_VARIANT[key][2] for key in differ)})\n"
        "metadata:\n  source: the log's lobby (docs/rules/tenhou-logs.md §4)\n"
    )
    return ident, text + "".join(_VARIANT[key][0] for key in differ)


def _yaml(value: Any) -> str:
    if value is True or value is False:
        return "true" if value else "false"
    return str(value)


def lobby_of_type(type_: int) -> tuple[Lobby, str | None, str]:
    """The lobby of Tenhou's ``type`` bits, and the rule set it implies with the reason."""
    lobby = Lobby(
        type=type_,
        players=3 if type_ & 0x10 else 4,
        length="east_south" if type_ & 0x08 else "east",
        red_fives=not type_ & 0x02,
        open_tanyao=not type_ & 0x04,
        fast=bool(type_ & 0x40),
        room=ROOMS[type_ & 0xA0],
    )
    ruleset, reason = implied_ruleset(lobby)
    return lobby, ruleset, reason


#: The rooms by the first character of tenhou.net/6's ``rule.disp``.
DISP_ROOMS = {"般": "ippan", "上": "joukyuu", "特": "tokujou", "鳳": "houou"}


def lobby_of_disp(disp: str, red_fives: bool) -> Lobby | None:
    """The lobby of tenhou.net/6's ``rule.disp`` (``"鳳南喰赤"``: room, 東 or 南, 喰 open tanyao,
    赤 red fives, 速 fast, 三 three players), or ``None`` for a text that is not one."""
    if not disp or disp[0] not in DISP_ROOMS:
        return None
    marks = disp[1:]
    if ("東" in marks) == ("南" in marks) or set(marks) - set("東南喰赤速三"):
        return None
    return Lobby(
        type=None,
        players=3 if "三" in marks else 4,
        length="east" if "東" in marks else "east_south",
        red_fives=red_fives,
        open_tanyao="喰" in marks,
        fast="速" in marks,
        room=DISP_ROOMS[disp[0]],
    )
