"""Where things are in a game of Shards: resources, Territories, marks on cards, keywords, offence.

A player's pool: `game.pool[p]` holds their basic resources, `game.counters[p][type]` each
advanced resource (Research, Gold, Gemstones, Faith). Marks on cards in play
(`game.marks`, reset when a card leaves play):

- `territory`: the Territory a kingdom card is in (a Territory card: its own). A player's
  starting Territory, which has no card, is `-(player + 1)`; a Territory card's is its uid + 1.
- `development`: development counters.
- `attacking`: 1 while the Unit attacks; `blocking`: the uid + 1 of the attacker a defender defends against.
- `fresh`: 1 from the moment a Unit enters play until its controller's next turn (it cannot attack yet).
- `boost`: offence added until the end of the turn.
- `lingering`: an Event whose static sentences last until the end of the turn (it waits in play).
"""

from __future__ import annotations

from carddb.games.shards.numbers import NUMBERS
from carddb.games.shards.phrases import ADVANCED_RESOURCES
from carddb.pack_api import ZONE_DISCARD, ZONE_PLAY, ZONE_SHARED, Ctx, Game, draw, end_game

# The advanced resources, as the rules text names them (`advanced-types` of them).
ADVANCED = tuple(word.id for word in ADVANCED_RESOURCES.words)
assert len(ADVANCED) == next(n.value for n in NUMBERS if n.id == "advanced-types")
RESOURCE_NAMES = {"basic": "resource", **{word.id: word.singular for word in ADVANCED_RESOURCES.words}}
SHARED_ZONES = ("scrap pile",)
SCRAP_PILE = ZONE_SHARED  # one pile for both players; each card's owner says whose scrap pile it is in
KINGDOM = frozenset({"unit", "building", "policy"})
EVENTS = frozenset({"tactic", "sorcery", "miracle"})

TERRITORY, DEVELOPMENT, ATTACKING, BLOCKING, FRESH, BOOST, LINGERING = (
    "territory",
    "development",
    "attacking",
    "blocking",
    "fresh",
    "boost",
    "lingering",
)
MARKS = (TERRITORY, DEVELOPMENT, ATTACKING, BLOCKING, FRESH, BOOST, LINGERING)

# Per-turn counters, cleared when any turn starts.
PER_TURN = ("scraps", "actions", "research-end", "extra-attacks")


def starting_territory(player: int) -> int:
    return -(player + 1)


def owner_of_territory(key: int, game: Game) -> int:
    return -key - 1 if key < 0 else game.controller[key - 1]


# -- resources ---------------------------------------------------------------------------


def amount(game: Game, player: int, resource: str) -> int:
    return game.pool[player] if resource == "basic" else game.counters[player].get(resource, 0)


def gain(game: Game, player: int, resource: str, count: int) -> None:
    if count <= 0:
        return
    if resource == "basic":
        game.pool[player] += count
    else:
        counters = game.counters[player]
        counters[resource] = counters.get(resource, 0) + count
    ledger = game.counters[player]
    ledger["gained"] = ledger.get("gained", 0) + count
    if game.log is not None:
        game.trace(f"P{player + 1} gains {count} {RESOURCE_NAMES[resource]}")


def lose(game: Game, player: int, resource: str, count: int) -> int:
    """Take up to `count` of a resource from `player`'s pool; returns how many were taken."""
    taken = min(count, amount(game, player, resource))
    if taken <= 0:
        return 0
    if resource == "basic":
        game.pool[player] -= taken
    else:
        game.counters[player][resource] -= taken
    return taken


def advanced_total(game: Game, player: int) -> int:
    counters = game.counters[player]
    return sum(counters.get(kind, 0) for kind in ADVANCED)


def can_pay(game: Game, player: int, basic: int, advanced: tuple[tuple[str, int], ...]) -> bool:
    if game.pool[player] < basic:
        return False
    counters = game.counters[player]
    return all(counters.get(kind, 0) >= n for kind, n in advanced)


def pay(game: Game, player: int, basic: int, advanced: tuple[tuple[str, int], ...]) -> None:
    game.pool[player] -= basic
    counters = game.counters[player]
    for kind, n in advanced:
        counters[kind] -= n


# -- cards ---------------------------------------------------------------------------------


def keyword(game: Game, uid: int, name: str) -> int:
    """The card's keyword amount (0: it has none, or its condition keyword's condition is not met)."""
    definition = game.defs[uid]
    found = definition.keywords.get(name, 0)
    if found and definition.keyword_conditions:
        condition = definition.keyword_conditions.get(name)
        if condition is not None and not condition.test(game, Ctx(uid, game.controller[uid])):
            return 0
    return found


def offence(game: Game, uid: int) -> int:
    """A Unit's offence now: printed, its boosts until end of turn, and every static that raises it."""
    value = game.defs[uid].numbers.get("offence", 0) + game.marks[BOOST][uid]
    found = (game.statics_cache or game.static_layers()).get("offence")
    if found:
        for source, static in found:
            if static.applies(game, source, uid):
                value += static.amount
    return max(value, 0)


def can_develop(game: Game, uid: int) -> bool:
    definition = game.defs[uid]
    return definition.kind == "building" or (definition.kind in KINGDOM and "can-develop" in definition.keywords)


def development(game: Game, player: int) -> int:
    """A player's development: the most development counters on one kingdom card they control."""
    counters = game.marks[DEVELOPMENT]
    return max((counters[uid] for uid in game.play[player]), default=0)


def of_kind(game: Game, player: int, kind: str) -> list[int]:
    lists = game.in_play_of_kind().get(kind)
    return lists[player] if lists is not None else []


def buildings(game: Game, player: int) -> list[int]:
    return of_kind(game, player, "building")


def territories(game: Game, player: int) -> list[int]:
    """The keys of `player`'s Territories that exist, the starting one first."""
    keys = [] if game.counters[player].get("start-gone") else [starting_territory(player)]
    keys += [uid + 1 for uid in of_kind(game, player, "territory")]
    return keys


def in_territory(game: Game, player: int, key: int) -> list[int]:
    marks = game.marks[TERRITORY]
    return [uid for uid in game.play[player] if marks[uid] == key and game.defs[uid].kind != "territory"]


def territory_name(game: Game, key: int) -> str:
    return "the starting Territory" if key < 0 else game.name(key - 1)


def scrap_pile(game: Game, player: int) -> list[int]:
    return [uid for uid in game.shared[0] if game.owner[uid] == player]


def graveyard(game: Game, player: int) -> list[int]:
    return [uid for uid in game.discard if game.owner[uid] == player]


# -- the end of the game ---------------------------------------------------------------------


def check_victory(game: Game) -> None:
    """Domination and Prosperity, the moment either holds (raises GameOver)."""
    n = game.n
    beaten = [p for p in range(n) if not buildings(game, p) and not game.counters[p].get("grace")]
    if beaten:
        if len(beaten) == n:
            end_game(game, None, "domination (both)")
        end_game(game, next(p for p in range(n) if p not in beaten), "domination")
    counters, grand = game.marks[DEVELOPMENT], game.sim.prosperity  # type: ignore[attr-defined]
    for player in range(n):
        for uid in game.play[player]:
            if counters[uid] >= grand and keyword(game, uid, "grand"):
                end_game(game, player, "prosperity")


def put_in_graveyard(game: Game, uid: int) -> None:
    """A card leaves play for its owner's graveyard without being destroyed (sacrificed, its Territory gone)."""
    if game.place[uid] != ZONE_PLAY:
        return
    game.move(uid, ZONE_DISCARD)
    game.lethal_dirty = True


def place_starting(game: Game, player: int, cards: tuple[int, ...]) -> None:
    """The chosen Starting cards enter play in the starting Territory (a Policy in no Territory)."""
    for uid in cards:
        game.move(uid, ZONE_PLAY, player)
        if game.defs[uid].kind != "policy":
            game.marks[TERRITORY][uid] = starting_territory(player)
        if game.log is not None:
            game.trace(f"P{player + 1} begins with {game.name(uid)} in play")


def take_bonus(game: Game, player: int, choice: int, count: int) -> None:
    """The second player's bonus: `count` cards (choice -1) or that many of an advanced resource."""
    if choice < 0:
        draw(game, player, count)
    else:
        gain(game, player, ADVANCED[choice], count)


def reveal_territory(game: Game, uid: int) -> None:
    """A card shown to every player (a Territory revealed with a Building, a scrapped card)."""
    for known in game.known:
        known.add(uid)
