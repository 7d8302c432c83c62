"""Draftmancer's custom cards: the checks its parser makes of each one (src/CustomCards.ts, src/parseCost.ts).

Part of carddb's mirror of Draftmancer's card-list rules (see `carddb.play.draftmancer_lists`).
"""

from __future__ import annotations

from typing import Any

# src/CustomCards.ts and src/data/mana_symbols.json
RARITIES = ("common", "uncommon", "rare", "mythic", "special")
MANA_SYMBOLS = frozenset(
    [f"{{{n}}}" for n in range(21)]
    + ["{100}", "{1000000}", "{X}", "{Y}", "{Z}", "{W}", "{U}", "{B}", "{R}", "{G}", "{C}", "{S}", "{P}"]
    + ["{2/W}", "{2/U}", "{2/B}", "{2/R}", "{2/G}", "{A}", "{CHAOS}", "{D}", "{E}", "{H}", "{HR}", "{HW}"]
    + ["{L}", "{PW}", "{Q}", "{T}", "{TK}", "{½}", "{∞}"]
    + [f"{{{a}/{b}}}" for a, b in ("WU", "WB", "UB", "UR", "BR", "BG", "RG", "RW", "GW", "GU")]
    + [f"{{{c}/P}}" for c in "WUBRGC"]
    + [f"{{{a}/{b}/P}}" for a, b in ("WU", "WB", "UB", "UR", "BR", "BG", "RG", "RW", "GW", "GU")]
    + [f"{{C/{c}}}" for c in "WUBRG"]
)


def custom_card_id(name: str, set_code: str, number: str) -> str:
    """src/CustomCardID.ts."""
    return f"{name}_{set_code.lower()}_{number}"


def mana_cost_problem(cost: str) -> str | None:
    """src/parseCost.ts: `{...}` symbols must be Draftmancer's; bare text is matched greedily."""
    front = cost.split("//")[0].strip() if "//" in cost else cost
    longest = max(len(s) for s in MANA_SYMBOLS) - 2
    index = 0
    while index < len(front):
        if front[index] == "{":
            end = front.find("}", index)
            symbol = front[index : end + 1] if end >= 0 else front[index:]
            if symbol not in MANA_SYMBOLS:
                return f"Error parsing mana cost '{cost}': '{symbol}' is not a valid mana symbol."
            index = end + 1 if end >= 0 else len(front)
            continue
        for length in range(longest, 0, -1):
            if f"{{{front[index : index + length]}}}" in MANA_SYMBOLS:
                index += length
                break
        else:
            return f"Error parsing mana cost '{cost}': No valid mana symbol starting by '{front[index]}'."
    return None


def custom_card_problem(card: Any) -> str | None:
    """validateCustomCard's checks of one card object (src/CustomCards.ts), worded as Draftmancer words them."""
    if not isinstance(card, dict):
        return "Custom cards must be an array of card objects."
    for key in ("name", "mana_cost", "type"):
        if key not in card:
            return f"Missing mandatory property '{key}' in custom card"
    types: dict[str, tuple[type, ...]] = {
        "name": (str,),
        "mana_cost": (str,),
        "type": (str,),
        "image_uris": (dict,),
        "set": (str,),
        "rarity": (str,),
        "rating": (int, float),
        "in_booster": (bool,),
        "layout": (str,),
        "printed_names": (dict,),
        "collector_number": (str,),
        "foil": (bool,),
        "oracle_text": (str,),
        "power": (int, float, str),
        "toughness": (int, float, str),
        "loyalty": (int, float, str),
    }
    for key, allowed in types.items():
        value = card.get(key)
        if key in card and (not isinstance(value, allowed) or (isinstance(value, bool) and bool not in allowed)):
            return f"Property '{key}' should be of type '{'/'.join(t.__name__ for t in allowed)}'"
    if "image_uris" in card and "image" in card:
        return "Only one of 'image_uris' or 'image' can be used."
    if "image_uris" in card and "en" not in card["image_uris"]:
        return "Invalid property 'image_uris' in custom card: Missing 'en' property."
    colors = card.get("colors", [])
    if not isinstance(colors, list) or any(not isinstance(c, str) or c not in "WUBRG" for c in colors):
        return "Invalid optional property 'colors' in custom card (W, U, B, R or G)."
    if "rarity" in card and card["rarity"] not in RARITIES:
        return f"Invalid mandatory property 'rarity' in custom card, must be one of [{', '.join(RARITIES)}]."
    if "subtypes" in card and not isinstance(card["subtypes"], list):
        return "Invalid property 'subtypes' in custom card, must be an Array"
    if "back" in card:
        back = card["back"]
        if not isinstance(back, dict) or not isinstance(back.get("name"), str) or not isinstance(back.get("type"), str):
            return "Face property 'name' and 'type' should be strings"
    return mana_cost_problem(card["mana_cost"])
