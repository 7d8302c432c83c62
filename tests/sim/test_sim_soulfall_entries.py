"""Every example sentence of SoulFall's registry (its own entries and the core entries it keeps), executed.

Each scenario lays out a SoulFall table, plays a card whose text is the example (a Lord
card Beseeched, or a Temple at the start of the turn) through the simulator, and checks
what a player would see change. The expected states come from the rules text and the
seed, not from the engine.
"""

from __future__ import annotations

import pytest
from soulfall_table import SCENARIOS, Table, scenario

from carddb.games.soulfall.sim.board import FOLLOWERS, SHELLS
from carddb.sim.decisions import Action
from carddb.sim.game import ZONE_DECK, ZONE_DISCARD


def beseech_text(t: Table, text: str, player: int = 0, **fields: str) -> int:
    uid = t.text_card(text, owner=player, **fields)
    t.beseech(player, uid)
    assert t.g.place[uid] == ZONE_DISCARD  # a Beseeched card ends on the discard pile
    return uid


# -- the core entries SoulFall keeps ------------------------------------------------------------------


@scenario("draw", "Draw a card.")
@scenario("draw", "Draw 2 cards.")
def _draw(t: Table, text: str) -> None:
    wanted = 2 if "2" in text else 1
    deck = len(t.g.deck)
    beseech_text(t, text)
    assert len(t.g.hands[0]) == wanted and len(t.g.deck) == deck - wanted


@scenario("draw", "Each opponent draws a card.")
def _opponent_draws(t: Table, text: str) -> None:
    beseech_text(t, text)
    assert len(t.g.hands[1]) == 1 and len(t.g.hands[0]) == 0


@scenario("discard", "Discard a card.")
def _discard(t: Table, text: str) -> None:
    keep = t.hand(0, "the-ruminator-weary")
    lose = t.hand(0, "the-sunderer-tidal")
    t.want(0, lose)
    card = beseech_text(t, text)
    assert t.g.hands[0] == [keep] and t.g.place[lose] == ZONE_DISCARD
    assert t.g.discard[-2:] == [lose, card]  # the Beseeched card could not discard itself: it was revealed


@scenario("discard", "Each opponent discards a card at random.")
@scenario("scorned", "Scorned - Each opponent discards a card at random.")
def _opponent_discards(t: Table, text: str) -> None:
    cards = [t.hand(1, "the-ruminator-weary"), t.hand(1, "the-sunderer-tidal")]
    mine = t.hand(0, "the-interloper-unbidden")
    if text.startswith("Scorned"):
        # The card is a Propagator's: a Temple of the Propagator in any Tribe means it is not Scorned.
        temple = t.tribe(1, "temple-of-the-propagator")
        beseech_text(t, text)
        assert len(t.g.hands[1]) == 2
        t.to_middle(temple)
    beseech_text(t, text)
    assert len(t.g.hands[1]) == 1 and sum(t.g.place[c] == ZONE_DISCARD for c in cards) == 1
    assert t.g.hands[0] == [mine]


@scenario("look-at-hand", "Look at each opponent's hand.")
def _look(t: Table, text: str) -> None:
    theirs = t.hand(1, "the-ruminator-weary")
    assert theirs not in t.g.known[0]
    beseech_text(t, text)
    assert theirs in t.g.known[0] and t.g.hands[1] == [theirs]


@scenario("shuffle-discard", "Shuffle the discard pile into the deck.")
def _shuffle_discard(t: Table, text: str) -> None:
    piled = [t.discard_pile("the-ruminator-weary"), t.discard_pile("the-sunderer-tidal")]
    deck = len(t.g.deck)
    card = beseech_text(t, text)
    assert all(t.g.place[uid] == ZONE_DECK for uid in piled) and len(t.g.deck) == deck + 2
    assert t.g.discard == [card]


@scenario("turn-start", "At the start of your turn, draw a card.")
def _turn_start(t: Table, text: str) -> None:
    temple = t.text_card(text, kind="temple")
    t.do(0, Action("temple", temple))
    assert len(t.g.hands[0]) == 1
    t.do(1, Action("temple", temple))  # the opponent's turn starting is not "your turn"
    assert len(t.g.hands[1]) == 0


# -- the Actions and the Reference cards' abilities, as keywords ------------------------------------


@scenario("meditate", "Meditate.")
def _meditate(t: Table, text: str) -> None:
    kept = t.hand(0, "the-ruminator-weary")
    top = [t.top_of_deck("the-sunderer-tidal"), t.top_of_deck("the-propagator-rooted")]
    t.want(0, top[0])  # the card to discard
    beseech_text(t, text)
    assert sorted(t.g.hands[0]) == sorted([kept, top[1]]) and t.g.place[top[0]] == ZONE_DISCARD


@scenario("flourish", "Flourish.")
def _flourish(t: Table, text: str) -> None:
    t.tribe(0, "follower")
    t.tribe(0, "follower", back=True)  # 1 Follower, 1 Citadel: only gaining is allowed
    beseech_text(t, text)
    assert t.count(0, "follower") == 2 and t.middle(FOLLOWERS) == 9
    t.want(0, "build-citadel")  # now 2 Followers and 1 Citadel: building is allowed too
    beseech_text(t, text)
    assert (t.count(0, "follower"), t.count(0, "citadel")) == (1, 2)


@scenario("prospect", "Prospect.")
def _prospect(t: Table, text: str) -> None:
    beseech_text(t, text)  # no Shell in the Tribe: the only choice is a random Shell from the middle
    assert t.count(0, "shell") == 1 and t.middle(SHELLS) == 11
    t.tribe(0, "shell-of-tides")
    t.tribe(0, "shell-of-embers")
    t.want(0, "break Shell (Broken Shell of Tides)", "break Shell (Broken Shell of Embers)")
    beseech_text(t, text)
    # Both broken (up to 2), each Broken Shell's ability used: a Follower gained, then turned into a Citadel.
    assert t.count(0, "broken-shell") == 2 and t.count(0, "shell") == 1
    assert t.count(0, "citadel") == 1 and t.middle(FOLLOWERS) == 11


@scenario("deify", "Deify.")
def _deify(t: Table, text: str) -> None:
    card = t.hand(0, "the-interloper-grasping")
    beseech_text(t, text)
    assert t.kinds(0) == ["temple"] and t.g.place[card] == ZONE_DISCARD
    t.hand(0, "the-interloper-wrathful")
    beseech_text(t, text)  # the Interloper's Temple is already in the Tribe: it becomes a Shrine
    assert t.kinds(0) == ["shrine"]


@scenario("beseech", "Beseech.")
def _beseech(t: Table, text: str) -> None:
    inner = t.hand(0, "the-propagator-teeming")  # "Gain a Follower."
    beseech_text(t, text)
    assert t.count(0, "follower") == 1 and t.g.place[inner] == ZONE_DISCARD


@scenario("agonize", "Agonize.")
def _agonize(t: Table, text: str) -> None:
    t.tribe(1, "follower")
    t.tribe(1, "follower", back=True)
    beseech_text(t, text)
    assert t.kinds(1) == ["citadel"] and t.middle(FOLLOWERS) == 11  # a Citadel is not a Follower
    card = t.hand(1, "the-ruminator-weary")
    beseech_text(t, text)  # no Follower left: a card at random from the hand instead
    assert t.g.place[card] == ZONE_DISCARD and t.kinds(1) == ["citadel"]


@scenario("consecrate", "Consecrate.")
def _consecrate(t: Table, text: str) -> None:
    t.tribe(0, "temple-of-the-ruminator")
    t.tribe(0, "temple-of-the-sunderer")
    t.want(0, "Temple of the Sunderer")
    beseech_text(t, text)
    assert t.kinds(0) == ["shrine", "temple"]
    assert [t.g.defs[u].faction for u in t.g.play[0] if t.g.defs[u].kind == "temple"] == ["ruminator"]


# -- Worship and the two ways of offering two Actions ------------------------------------------------


@scenario("worship", "Worship - Flourish, Prospect.")
def _worship_keywords(t: Table, text: str) -> None:
    beseech_text(t, text)  # the card is a Propagator's; the Tribe has no Temple of the Propagator
    assert t.kinds(0) == []
    t.tribe(0, "temple-of-the-propagator")
    beseech_text(t, text)
    assert t.kinds(0) == ["follower", "shell", "temple"]


@scenario("worship", "Worship - Draw a card.")
def _worship_draw(t: Table, text: str) -> None:
    t.tribe(1, "temple-of-the-propagator")  # the opponent's Temple: the opponent Worships, not you
    beseech_text(t, text)
    assert t.g.hands[0] == []
    t.tribe(0, "temple-of-the-propagator")
    beseech_text(t, text)
    assert len(t.g.hands[0]) == 1


@scenario("either-action", "Flourish or Prospect.")
def _either(t: Table, text: str) -> None:
    t.want(0, "prospect")
    beseech_text(t, text)
    assert t.kinds(0) == ["shell"]
    t.want(0, "flourish")
    beseech_text(t, text)
    assert t.kinds(0) == ["follower", "shell"]


@scenario("both-actions", "Flourish and Prospect instead.")
def _both(t: Table, text: str) -> None:
    t.want(0, "prospect, then flourish")
    beseech_text(t, text)
    assert t.kinds(0) == ["follower", "shell"]


@scenario("both-actions", "Worship - Flourish and Prospect instead.")
def _both_with_worship(t: Table, text: str) -> None:
    """The Propagator, Blooming: `Flourish or Prospect.` then this. Worshipping, both and never one twice."""
    blooming = f"Flourish or Prospect.\n{text}"
    t.want(0, "flourish")
    beseech_text(t, blooming)  # no Temple: Flourish or Prospect, and the Worship line does nothing
    assert t.kinds(0) == ["follower"]
    t.tribe(0, "temple-of-the-propagator")
    beseech_text(t, blooming)
    assert t.kinds(0) == ["follower", "follower", "shell", "temple"]  # one Follower and one Shell more
    assert ("which Action", ["flourish", "prospect"]) not in t.agents[0].asked[1:]


# -- effects on a Tribe ----------------------------------------------------------------------------------


@scenario("gain-followers", "Gain a Follower.")
@scenario("gain-followers", "Gain 2 Followers.")
def _gain_followers(t: Table, text: str) -> None:
    wanted = 2 if "2" in text else 1
    beseech_text(t, text)
    assert t.kinds(0) == ["follower"] * wanted and t.middle(FOLLOWERS) == 12 - wanted


@scenario("gain-shells", "Gain a random Shell.")
def _gain_shell(t: Table, text: str) -> None:
    beseech_text(t, text)
    (uid,) = t.g.play[0]
    assert t.g.defs[uid].kind == "shell" and t.g.face_down[uid]  # secret from the other player
    assert uid in t.g.known[0] and uid not in t.g.known[1]


@scenario("build-citadels", "Build a Citadel.")
def _build(t: Table, text: str) -> None:
    t.tribe(0, "follower", back=True)
    t.tribe(0, "follower")
    beseech_text(t, text)  # whatever the count of Citadels
    assert t.kinds(0) == ["citadel", "citadel"]
    beseech_text(t, text)  # no Follower left: nothing happens
    assert t.kinds(0) == ["citadel", "citadel"]


@scenario("break-shells", "Break a Shell.")
@scenario("break-shells", "You may break a Shell.")
def _break(t: Table, text: str) -> None:
    shell = t.tribe(0, "shell-of-whispers")
    if text.startswith("You may"):
        t.agents[0].answers.append(False)
        beseech_text(t, text)
        assert t.kinds(0) == ["shell"]
    beseech_text(t, text)
    assert t.kinds(0) == ["broken-shell"] and not t.g.face_down[shell]
    assert len(t.g.hands[0]) == 2  # the Broken Shell of Whispers: Draw 2 cards


@scenario("mend-shells", "Mend a Broken Shell.")
def _mend(t: Table, text: str) -> None:
    shell = t.tribe(0, "shell-of-tides", back=True)
    beseech_text(t, text)
    assert t.kinds(0) == ["shell"] and t.g.face_down[shell]
    assert t.middle(FOLLOWERS) == 12  # mending uses no ability


@scenario("lose-followers", "Each opponent loses a Follower.")
def _lose(t: Table, text: str) -> None:
    t.tribe(1, "follower")
    t.tribe(0, "follower")
    beseech_text(t, text)
    assert t.kinds(1) == [] and t.kinds(0) == ["follower"] and t.middle(FOLLOWERS) == 11


@scenario("take-cards", "Take a random card from each opponent's hand.")
def _take(t: Table, text: str) -> None:
    theirs = t.hand(1, "the-ruminator-weary")
    beseech_text(t, text)
    assert t.g.hands[0] == [theirs] and t.g.hands[1] == []
    assert theirs in t.g.known[1]  # they know what they lost


@scenario("tribe-count", "If you have 3 or more Followers in your Tribe, build a Citadel.")
def _tribe_count(t: Table, text: str) -> None:
    t.tribe(0, "follower")
    t.tribe(0, "follower")
    beseech_text(t, text)
    assert t.count(0, "citadel") == 0
    t.tribe(0, "follower")
    beseech_text(t, text)
    assert t.count(0, "citadel") == 1 and t.count(0, "follower") == 2


@scenario("tribe-fewer", "If an opponent has more Shells than you, gain a random Shell.")
def _tribe_fewer(t: Table, text: str) -> None:
    t.tribe(0, "shell-of-tides")
    t.tribe(1, "shell-of-embers")
    beseech_text(t, text)
    assert t.count(0, "shell") == 1
    t.tribe(1, "shell-of-thorns")
    beseech_text(t, text)
    assert t.count(0, "shell") == 2


@pytest.mark.parametrize("key", sorted(SCENARIOS), ids=lambda key: f"{key[0]}: {key[1]}")
def test_example(key: tuple[str, str]) -> None:
    SCENARIOS.run(key)
