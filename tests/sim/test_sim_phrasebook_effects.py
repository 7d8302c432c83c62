"""Every example of the broad phrasebook's effects, executed on the reference game's table: the change a player expects."""

from __future__ import annotations

import pytest
from phrasebook_table import SCENARIOS, Table, run_scenario, scenario

from carddb.sim.broad_state import cannot, expire_lasting, has_keyword, mark, stat
from carddb.sim.game import ZONE_DECK, ZONE_DISCARD, ZONE_HAND, ZONE_PLAY, ZONE_SHARED
from carddb.sim.program import Event

EXILE = ZONE_SHARED  # the reference simulator's first shared zone


def _end_turn(t: Table) -> None:
    t.g.turn += 1
    expire_lasting(t.g)


@scenario("gain-resource", "Gain 2 energy.")
def _gain(t: Table, text: str) -> None:
    t.run(text)
    assert t.g.counters[0]["res:energy"] == 2 and "res:energy" not in t.g.counters[1]


@scenario("gain-resource", "Each player gains 1 life.")
def _each_gains(t: Table, text: str) -> None:
    t.run(text)
    assert (t.life(0), t.life(1)) == (21, 21)


@scenario("lose-resource", "Each opponent loses 2 life.")
def _lose(t: Table, text: str) -> None:
    t.run(text)
    assert (t.life(0), t.life(1)) == (20, 18)


@scenario("steal-resource", "Steal 1 energy.")
def _steal(t: Table, text: str) -> None:
    t.g.counters[1]["res:energy"] = 3
    t.run(text)
    assert (t.g.counters[0]["res:energy"], t.g.counters[1]["res:energy"]) == (1, 2)


@scenario("give-resource", "Give target opponent 2 life.")
def _give(t: Table, text: str) -> None:
    t.run(text, targets=[1])
    assert (t.life(0), t.life(1)) == (20, 22)


@scenario("draw-until", "Draw cards until you have 5 cards in hand.")
def _draw_until(t: Table, text: str) -> None:
    t.deck(8)
    t.card(zone="hand")
    t.card(zone="hand")
    t.run(text)
    assert len(t.hand()) == 5


@scenario("discard-card", "Discard a card.")
def _discard_one(t: Table, text: str) -> None:
    kept, gone = t.card(zone="hand"), t.card(zone="hand")
    t.agents[0].picks = [gone]
    t.run(text)
    assert t.hand() == [kept] and t.zone(gone) == ZONE_DISCARD


@scenario("discard-card", "Discard 2 cards.")
def _discard_two(t: Table, text: str) -> None:
    cards = [t.card(zone="hand") for _ in range(3)]
    t.run(text)
    assert len(t.hand()) == 1 and sum(t.zone(u) == ZONE_DISCARD for u in cards) == 2


@scenario("discard-card", "Each opponent discards a card at random.")
def _discard_random(t: Table, text: str) -> None:
    theirs = [t.card(zone="hand", owner=1) for _ in range(3)]
    t.run(text)
    assert len(t.hand(1)) == 2 and sum(t.zone(u) == ZONE_DISCARD for u in theirs) == 1
    assert "choose" not in t.agents[1].asked  # nobody chose: it was random


@scenario("discard-card", "Discard this card.")
def _discard_this(t: Table, text: str) -> None:
    other = t.card(zone="hand")
    card = t.card("artifact", f"At the end of your turn, {text[0].lower()}{text[1:]}", zone="hand")
    t.g.move(card, ZONE_PLAY, 0)
    t.emit(Event("turn-end", 0))
    assert t.zone(card) == ZONE_DISCARD and t.hand() == [other]


@scenario("discard-down", "Each opponent discards down to 3 cards in hand.")
def _discard_down(t: Table, text: str) -> None:
    [t.card(zone="hand", owner=1) for _ in range(5)]
    mine = [t.card(zone="hand") for _ in range(5)]
    t.run(text)
    assert len(t.hand(1)) == 3 and t.hand(0) == mine


@scenario("move-card", "Put a creature from your hand into play.")
def _into_play(t: Table, text: str) -> None:
    artifact, creature = t.card("artifact", zone="hand"), t.card(zone="hand")
    t.run(text)
    assert t.zone(creature) == ZONE_PLAY and t.zone(artifact) == ZONE_HAND and creature in t.g.play[0]


def test_each_player_puts_a_card_from_their_own_hand() -> None:
    # `their` is each player in turn, not the owner of the card the player before moved
    t = Table()
    mine, theirs = t.card(zone="hand"), t.card(zone="hand", owner=1)
    t.run("Each player puts a creature from their hand into play.")
    assert (t.zone(mine), t.zone(theirs)) == (ZONE_PLAY, ZONE_PLAY)
    assert t.g.play == [[mine], [theirs]]


@scenario("move-card", "Return target creature to its owner's hand.")
def _bounce(t: Table, text: str) -> None:
    theirs = t.card(owner=1)
    t.g.damage[theirs] = 1
    t.run(text, targets=[theirs])
    assert t.hand(1) == [theirs] and t.g.damage[theirs] == 0


@scenario("move-card", "Return a creature from your graveyard to your hand.")
def _raise(t: Table, text: str) -> None:
    dead, theirs = t.card(zone="graveyard"), t.card(zone="graveyard", owner=1)
    t.run(text)
    assert t.hand() == [dead] and t.zone(theirs) == ZONE_DISCARD


@scenario("move-card", "Put target card from your graveyard on top of your deck.")
def _to_top(t: Table, text: str) -> None:
    t.deck(2)
    dead = t.card(zone="graveyard")
    t.run(text, targets=[dead])
    assert t.g.deck[-1] == dead


@scenario("move-card", "Each player puts the top 2 cards of their deck into their graveyard.")
def _mill(t: Table, text: str) -> None:
    deck = t.deck(5)
    t.run(text)
    assert [t.zone(u) for u in deck] == [ZONE_DECK] * 1 + [ZONE_DISCARD] * 4  # two for each player: the deck is shared


@scenario("exile", "Exile target creature.")
def _exile(t: Table, text: str) -> None:
    theirs = t.card(owner=1)
    t.run(text, targets=[theirs])
    assert t.zone(theirs) == EXILE


@scenario("exile", "Exile a card from an opponent's graveyard.")
def _exile_graveyard(t: Table, text: str) -> None:
    mine, theirs = t.card(zone="graveyard"), t.card(zone="graveyard", owner=1)
    t.run(text)
    assert (t.zone(mine), t.zone(theirs)) == (ZONE_DISCARD, EXILE)


@scenario("sacrifice-card", "Each opponent sacrifices a creature.")
def _sacrifice(t: Table, text: str) -> None:
    mine, theirs = t.card(), t.card(owner=1)
    t.run(text)
    assert (t.zone(mine), t.zone(theirs)) == (ZONE_PLAY, ZONE_DISCARD)


@scenario("sacrifice-card", "Sacrifice this card.")
def _sacrifice_this(t: Table, text: str) -> None:
    card = t.card("artifact", f"When this card is dealt damage, {text.lower()}")
    t.emit(Event("dealt-damage", 0, card))
    assert t.zone(card) == ZONE_DISCARD


@scenario("shuffle", "Shuffle your deck.")
def _shuffle(t: Table, text: str) -> None:
    deck = t.deck(10)
    t.g.known[0].update(deck)
    t.run(text)
    assert sorted(t.g.deck) == sorted(deck) and not t.g.known[0] & set(deck)  # nobody knows the order now


@scenario("shuffle", "Shuffle your graveyard into your deck.")
def _shuffle_graveyard(t: Table, text: str) -> None:
    dead = [t.card(zone="graveyard") for _ in range(3)]
    t.run(text)
    assert all(t.zone(u) == ZONE_DECK for u in dead)


@scenario("shuffle", "Each player shuffles their hand into their deck.")
def _shuffle_hands(t: Table, text: str) -> None:
    held = [t.card(zone="hand"), t.card(zone="hand", owner=1)]
    t.run(text)
    assert all(t.zone(u) == ZONE_DECK for u in held) and t.hand(0) == t.hand(1) == []


@scenario("search-zone", "Search your deck for a creature, reveal it and put it into your hand, then shuffle.")
def _search(t: Table, text: str) -> None:
    t.deck(3, kind="artifact")
    wanted = t.card(zone="deck")
    t.deck(2, kind="artifact")
    t.run(text)
    assert t.hand() == [wanted] and all(wanted in known for known in t.g.known)  # revealed to everyone


@scenario("search-zone", "Search the top 5 cards of your deck for an artifact and put it into your hand.")
def _search_top(t: Table, text: str) -> None:
    deep = t.card("artifact", zone="deck")
    t.deck(6)
    t.run(text)
    assert t.hand() == [] and t.zone(deep) == ZONE_DECK  # the only artifact is below the top five
    near = t.card("artifact", zone="deck")
    t.run(text)
    assert t.hand() == [near]


@scenario("reveal-cards", "Reveal the top card of your deck.")
def _reveal_top(t: Table, text: str) -> None:
    top = t.deck(2)[-1]
    t.run(text)
    assert top in t.g.known[1] and t.zone(top) == ZONE_DECK


@scenario("reveal-cards", "Each opponent reveals their hand.")
def _reveal_hand(t: Table, text: str) -> None:
    theirs = [t.card(zone="hand", owner=1) for _ in range(2)]
    t.run(text)
    assert set(theirs) <= t.g.known[0]


@scenario("rearrange", "Look at the top three cards of your deck, then put them back in any order.")
def _rearrange(t: Table, text: str) -> None:
    deck = t.deck(5)
    top = deck[-3:]
    t.agents[0].picks = [top[0], top[1], top[2]]  # the first chosen goes on top
    t.run(text)
    assert t.g.deck[-3:] == [top[2], top[1], top[0]] and set(top) <= t.g.known[0]


@scenario("choose-card", "Choose a creature. It gets +2/+0 until end of turn.")
def _choose(t: Table, text: str) -> None:
    first, second = t.card(), t.card()
    t.agents[0].picks = [second]
    t.run(text)
    assert (stat(t.g, first, "power"), stat(t.g, second, "power")) == (2, 4)


@scenario("exhaust-card", "Exhaust target creature.")
def _exhaust(t: Table, text: str) -> None:
    theirs = t.card(owner=1)
    t.run(text, targets=[theirs])
    assert t.g.used[theirs]


@scenario("ready-card", "Ready each creature you control.")
def _ready(t: Table, text: str) -> None:
    mine, theirs = t.card(), t.card(owner=1)
    t.g.used[mine] = t.g.used[theirs] = True
    t.run(text)
    assert (t.g.used[mine], t.g.used[theirs]) == (False, True)


@scenario("put-counters", "Put a +1/+1 counter on each creature you control.")
def _plus_counters(t: Table, text: str) -> None:
    mine, theirs = t.card(), t.card(owner=1)
    t.run(text)
    assert (t.counters(mine, "+1/+1"), t.counters(theirs, "+1/+1")) == (1, 0)


@scenario("put-counters", "Put 2 charge counters on this card.")
def _charge(t: Table, text: str) -> None:
    card = t.card("artifact", f"When this card is dealt damage, {text[0].lower()}{text[1:]}")
    t.emit(Event("dealt-damage", 0, card))
    assert t.counters(card, "charge") == 2


@scenario("remove-counters", "Remove a charge counter from target artifact.")
def _remove_counter(t: Table, text: str) -> None:
    artifact = t.card("artifact", owner=1)
    mark(t.g, "counter:charge")[artifact] = 3
    t.run(text, targets=[artifact])
    assert t.counters(artifact, "charge") == 2


@scenario("move-counters", "Move a +1/+1 counter from target creature to another creature.")
def _move_counters(t: Table, text: str) -> None:
    source, other = t.card(owner=1), t.card()
    mark(t.g, "counter:+1/+1")[source] = 2
    t.agents[0].picks = [source, other]
    t.run(text)
    assert (t.counters(source, "+1/+1"), t.counters(other, "+1/+1")) == (1, 1)


@scenario("stat-change", "Give target creature +2 power.")
def _give_power(t: Table, text: str) -> None:
    creature = t.card()
    t.run(text, targets=[creature])
    _end_turn(t)
    assert stat(t.g, creature, "power") == 4  # it lasts


@scenario("stat-change", "Give a creature you control +1/+1.")
def _give_pair(t: Table, text: str) -> None:
    creature = t.card()
    t.run(text)
    assert (stat(t.g, creature, "power"), stat(t.g, creature, "toughness")) == (3, 3)


@scenario("gain-keyword", "Target creature gains Flying until end of turn.")
def _gains_flying(t: Table, text: str) -> None:
    creature = t.card()
    t.run(text, targets=[creature])
    assert has_keyword(t.g, creature, "kw-flying")
    _end_turn(t)
    assert not has_keyword(t.g, creature, "kw-flying")


@scenario("apply-status", "Stun target creature.")
def _stun(t: Table, text: str) -> None:
    creature = t.card(owner=1)
    t.run(text, targets=[creature])
    assert mark(t.g, "status:stunned")[creature] == 1


@scenario("now-state", "Target creature is now stunned.")
def _now_stunned(t: Table, text: str) -> None:
    creature = t.card(owner=1)
    t.run(text, targets=[creature])
    assert t.g.marks["status:stunned"][creature] == 1


@scenario("attach", "Attach an artifact from your hand to target creature you control.")
def _attach(t: Table, text: str) -> None:
    creature, artifact = t.card(), t.card("artifact", zone="hand")
    t.run(text, targets=[creature])
    assert t.zone(artifact) == ZONE_PLAY and t.g.attached[artifact] == creature


@scenario("forced-attack", "Target creature attacks you.")
def _forced_attack(t: Table, text: str) -> None:
    creature = t.card(owner=1)
    watcher = t.card("artifact", "Whenever a creature attacks, gain 1 life.")
    t.run(text, targets=[creature])
    assert t.life(0) == 21 and watcher >= 0


@scenario("gain-card", "Gain an artifact.")
def _gain_card(t: Table, text: str) -> None:
    creature, artifact = t.card(zone="supply"), t.card("artifact", zone="supply", owner=1)
    t.run(text)
    assert t.zone(artifact) == ZONE_DISCARD and t.g.owner[artifact] == 1 and t.zone(creature) != ZONE_DISCARD


@scenario("take-control", "Gain control of target creature until end of turn.")
def _take_control(t: Table, text: str) -> None:
    theirs = t.card(owner=1)
    t.g.damage[theirs] = 1
    t.run(text, targets=[theirs])
    assert theirs in t.g.play[0] and t.g.damage[theirs] == 1
    _end_turn(t)
    assert theirs in t.g.play[1]


@scenario("create-token", "Create two 1/1 Sprite tokens.")
def _tokens(t: Table, text: str) -> None:
    t.run(text)
    tokens = [u for u in t.g.play[0] if t.g.defs[u].kind == "token"]
    assert len(tokens) == 2 and all(stat(t.g, u, "power") == 1 and t.g.defs[u].name == "Sprite" for u in tokens)


@scenario("create-token", "Create a 2/2 Sprite token with Flying.")
def _token_flying(t: Table, text: str) -> None:
    t.run(text)
    (token,) = [u for u in t.g.play[0] if t.g.defs[u].kind == "token"]
    assert stat(t.g, token, "toughness") == 2 and has_keyword(t.g, token, "kw-flying")


@scenario("copy-card", "Add a copy of target creature to your hand.")
def _copy(t: Table, text: str) -> None:
    theirs = t.card(owner=1, name="Original")
    t.run(text, targets=[theirs])
    (copy,) = t.hand()
    assert t.g.defs[copy].name == "Original" and copy != theirs


@scenario("play-more", "You may play one more card this turn.")
def _play_more(t: Table, text: str) -> None:
    t.run(text)
    assert t.g.tallies[("play-more", t.g.turn, 0)] == 1


@scenario("prevent", "Prevent the next 3 damage that would be dealt to target creature this turn.")
def _prevent(t: Table, text: str) -> None:
    creature = t.card(toughness=9)
    t.run(text, targets=[creature])
    t.run("Deal 2 damage to target creature.", targets=[creature])
    t.run("Deal 2 damage to target creature.", targets=[creature])
    assert t.g.damage[creature] == 1  # 3 of the 4 were prevented


@scenario(
    "redirect-damage", "Whenever a creature you control would be dealt damage, deal that damage to this card instead."
)
def _redirect(t: Table, text: str) -> None:
    guard = t.card("creature", text, toughness=9)
    other = t.card(toughness=9)
    t.run("Deal 2 damage to target creature.", player=1, targets=[other])
    assert (t.g.damage[other], t.g.damage[guard]) == (0, 2)


@scenario("extra-turn", "Take an extra turn after this one.")
def _extra_turn(t: Table, text: str) -> None:
    t.run(text)
    assert t.g.tallies[("extra-turn", 0)] == 1


@scenario("flip-coins", "Flip 2 coins. If both of them are heads, draw 2 cards.")
def _flip(t: Table, text: str) -> None:
    t.deck(40)
    drawn = []
    for _ in range(12):
        before = len(t.hand())
        t.run(text)
        drawn.append(len(t.hand()) - before)
    assert set(drawn) == {0, 2}  # both heads sometimes, not always


@scenario("repeat", "Deal 1 damage to target creature. Repeat this two times.")
def _repeat(t: Table, text: str) -> None:
    creature = t.card(owner=1, toughness=9)
    t.run(text, targets=[creature])
    assert t.g.damage[creature] == 3


@scenario("choose-modes", "Choose one - Gain 5 life; or draw 2 cards.")
def _modes(t: Table, text: str) -> None:
    t.deck(3)
    t.agents[0].picks = [1]
    t.run(text)
    assert (t.life(0), len(t.hand())) == (20, 2)


@scenario("choose-modes", "Choose one: \u2022 Destroy target artifact. \u2022 Draw 2 cards.")
def _bulleted_modes(t: Table, text: str) -> None:
    t.deck(3)
    artifact = t.card("artifact", owner=1)
    t.agents[0].picks = [0]
    t.run(text, targets=[artifact])
    assert t.zone(artifact) == ZONE_DISCARD and t.hand() == []  # the first item only


@scenario("then", "Draw a card, then discard a card.")
def _then(t: Table, text: str) -> None:
    top = t.deck(2)[-1]
    t.run(text)
    assert t.hand() == [] and t.zone(top) == ZONE_DISCARD


@scenario("then", "Search your deck for a creature and put it into your hand.")
def _search_and_put(t: Table, text: str) -> None:
    t.deck(2, kind="artifact")
    wanted = t.card(zone="deck")
    t.run(text)
    assert t.hand() == [wanted]


@scenario("until-end-of-turn", "Target creature gets +3/+1 until end of turn.")
def _until_end(t: Table, text: str) -> None:
    creature, other = t.card(), t.card()
    t.run(text, targets=[creature])
    assert (stat(t.g, creature, "power"), stat(t.g, creature, "toughness"), stat(t.g, other, "power")) == (5, 3, 2)
    _end_turn(t)
    assert stat(t.g, creature, "power") == 2


@scenario("until-end-of-turn", "Creatures you control gain Flying this turn.")
def _flying_this_turn(t: Table, text: str) -> None:
    mine, theirs = t.card(), t.card(owner=1)
    t.run(text)
    assert has_keyword(t.g, mine, "kw-flying") and not has_keyword(t.g, theirs, "kw-flying")
    later = t.card()
    assert not has_keyword(t.g, later, "kw-flying")  # the creatures it named when it resolved
    _end_turn(t)
    assert not has_keyword(t.g, mine, "kw-flying")


@scenario("until-end-of-turn", "Target creature can't attack for the rest of this turn.")
def _cannot_this_turn(t: Table, text: str) -> None:
    # `for the rest` is one token: after an effect, `for` alone would start `for each ...`.
    creature, other = t.card(), t.card()
    t.run(text, targets=[creature])
    assert cannot(t.g, creature, "attack") and not cannot(t.g, other, "attack")
    _end_turn(t)
    assert not cannot(t.g, creature, "attack")


@scenario("until-next-turn", "Target creature can't attack until the start of your next turn.")
def _until_next_turn(t: Table, text: str) -> None:
    theirs = t.card(owner=1)
    t.run(text, targets=[theirs])
    t.g.turn += 1
    assert cannot(t.g, theirs, "attack")  # the opponent's turn
    t.g.turns[0] += 1
    assert not cannot(t.g, theirs, "attack")


@scenario("until-phase", "Target creature gets +2 power until the end of the round.")
def _until_round(t: Table, text: str) -> None:
    from carddb.sim.broad_state import end_phase

    creature = t.card()
    t.run(text, targets=[creature])
    t.g.turn += 1
    assert stat(t.g, creature, "power") == 4
    end_phase(t.g, "round")
    assert stat(t.g, creature, "power") == 2


@scenario("for-each", "Gain 1 life for each creature you control.")
def _for_each(t: Table, text: str) -> None:
    t.card(), t.card(), t.card(owner=1)
    t.run(text)
    assert t.life(0) == 22


@scenario("unless-pays", "Counter target Instant unless its controller pays 3 energy.")
def _unless(t: Table, text: str) -> None:
    for pays in (False, True):
        table = Table()
        item = table.on_stack("instant", "Draw a card.", owner=1)
        table.g.counters[1]["res:energy"] = 3 if pays else 1
        table.agents[1].answers = [True]
        table.answer(text, item)
        assert (item in table.g.stack) is pays
        assert table.g.counters[1]["res:energy"] == (0 if pays else 1)


@scenario("instead", "When a creature you control would leave play, put a +1/+1 counter on it instead.")
def _instead(t: Table, text: str) -> None:
    creature = t.card()
    t.card("artifact", text)
    t.emit(Event("leaves-play", 0, creature, kind="would"))
    assert t.counters(creature, "+1/+1") == 1


@pytest.mark.parametrize("key", [k for k, f in SCENARIOS.items() if f.__module__ == __name__], ids=lambda k: k[1])
def test_example_executes(key: tuple[str, str]) -> None:
    run_scenario(key)
