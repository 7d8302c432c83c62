"""Tidewake, a sea game declared in game.yaml: five kinds, fields of every type, one declared layout.

Each kind has fields that are not stats, so the default layout has to print them: a number
(`tariff`, `wage`, the vessel's `hold`), a text (`motto`, `lore`), a choice (`timing`, `role`) and a
flag (`unique`, `cursed`, the vessel's `flagship`). Vessels are drawn with a declared layout
(their name centred in the title bar, the hold in a shield on the art, 'Flagship' in a banner, a
fixed label, the footer hidden); the four other kinds use the default layout. `write_tidewake`
writes it at any card size, so the same cards can be printed on poker, tarot and mini cards.
"""

from __future__ import annotations

from pathlib import Path

from support.game_projects import write_game

GAME = """\
name: Tidewake
card_size: {size}
cost: {{label: coins, icon: coin}}
icons: [coin, wind]
stats:
  - {{id: speed, label: Speed}}
  - {{id: hull, label: Hull}}
factions:
  - {{id: corsairs, name: Corsairs, color: "#7a2430", accent: "#e8c07a"}}
  - {{id: league, name: Harbor League, color: "#1d4f6e", accent: "#a8d4e6"}}
kinds:
  - id: vessel
    label: Vessel
    fields:
      cost: {{type: number, min: 0, max: 9}}
      speed: {{type: number, min: 0, max: 9}}
      hull: {{type: number, min: 0, max: 9}}
      hold: {{type: number, min: 0, max: 12}}
      flagship: {{type: flag, required: false}}
  - id: maneuver
    label: Maneuver
    fields:
      cost: {{type: number, min: 0, max: 9}}
      timing: {{type: choice, values: [action, reaction]}}
  - id: harbor
    label: Harbor
    fields:
      tariff: {{type: number, min: 0, max: 9}}
      unique: {{type: flag, required: false}}
  - id: crew
    label: Crew
    fields:
      cost: {{type: number, min: 0, max: 9}}
      wage: {{type: number, min: 0, max: 9}}
      role: {{type: choice, values: [bosun, gunner, navigator]}}
      motto: {{type: text, required: false}}
  - id: relic
    label: Relic
    fields:
      lore: {{type: text}}
      cursed: {{type: flag, required: false}}
layouts:
  - kinds: [vessel]
    hide: [footer]
    regions:
      - {{show: name, slot: title, align: center, font: display}}
      - {{show: hold, slot: art-bottom-left, shape: shield, color: faction}}
      - {{show: flagship, slot: art-top, shape: banner, color: accent, label: Flagship}}
      - {{text: "Under sail {{wind}}", slot: footer, align: center}}
placeholder: {{motif: sea, kinds: {{harbor: landscape}}}}
"""

CARDS = """\
- {id: black-gull, name: Black Gull, kind: vessel, faction: corsairs, set: T1, number: 1, rarity: rare,
   cost: 4, speed: 3, hull: 5, hold: 6, flagship: true,
   text: "When this sails, gain 2{coin}.", flavor: "Her sails are patched with stolen flags."}
- {id: tide-turn, name: Turn of the Tide, kind: maneuver, faction: league, set: T1, number: 2,
   rarity: common, cost: 1, timing: reaction, text: "Cancel an attack on a Vessel you control."}
- {id: saltmarsh, name: Saltmarsh Quay, kind: harbor, faction: league, set: T1, number: 3,
   rarity: uncommon, tariff: 2, unique: true, text: "Vessels here cost 1{coin} less."}
- {id: old-ned, name: Old Ned, kind: crew, faction: corsairs, set: T1, number: 4, rarity: common,
   cost: 2, wage: 1, role: navigator, motto: "Follow the gulls", text: "Your Vessels get +1 speed."}
- {id: drowned-bell, name: Drowned Bell, kind: relic, set: T1, number: 5, rarity: rare,
   lore: "Rung once for every ship the sea kept", cursed: true,
   text: "At dusk, each player loses 1{coin}."}
"""


def write_tidewake(root: Path, size: str = "poker", *, cards: str = CARDS) -> Path:
    """A Tidewake project at `root` with cards of `size` (a card size name of game.yaml)."""
    return write_game(root, "tidewake", GAME.format(size=size), cards, icons=("coin", "wind"))
