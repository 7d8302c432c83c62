"""The public API for game packs: the one module a pack imports from carddb.

A game pack is a Python package whose `PACK` is a `GamePack` (see docs/new-game.md). What a
pack may use of carddb is here, in five parts; everything else in carddb may change between
versions. carddb's own packs (carddb/games/) and the test suite's third-party pack import
only this module (tests/packs/test_pack_api.py checks it).

1. **Declaring a game**: `GamePack` and its parts (kinds, factions, rarities, stats, costs,
   rule numbers and tables; `RARITY_TIERS` and `COLOR_LETTERS`, the rarities and colours that
   exports to Draftmancer and Cockatrice map a game's own onto), the `Card` base model, `package_folder` for files shipped in the
   pack's package, and `hybrid_pack` (or `load_game_file`) for the hybrid pack (kinds, factions and numbers in
   a game.yaml, a vocabulary or simulator in Python). The faces as data (docs/card-faces.md): `FaceDesign`
   (`GamePack.faces`) with its `FieldInfo`, `FaceLayout`, `Region` and `PlaceholderArt`, or `with_layouts`,
   which reads a layouts.yaml in game.yaml's form for a Python pack.
2. **Checking cards and decks**: `CardCheck`, `CardLookup` (what a check reads of the loaded
   database), `DeckRules` (with `DeckView`, `DeckPlace`, `DeckFormat`), `Finding` and `Span`.
3. **Rules text**: `vocabulary_language` (a rules language declared in a YAML file, in game.yaml's
   `vocabulary:` form), `Vocabulary` and `Noun`, the registry (`EffectEntry`, `Param`, `Pattern`,
   `WordType`, `TypeWord`, `build_registry`), the core phrasebook (`CoreNouns`,
   `core_entries`), `RulesLanguage`, and the parsed text (`Phrase`, `Selector`, `Postfix`,
   `phrases`, `parse_line`, `split_abilities`, `keywords_of`, `Problem`);
   `check_card_rules` is the card check that validates rules text.
4. **The simulator kit** (docs/engine.md): the `Simulator` a pack subclasses (or
   `DirectSimulator`, for a game without a stack, with `run_program` and `run_event`), the seats and
   matchups it is given (`FixedTable` for a fixed game), the game state (`Game` and its
   zones), compiled card programs (`Program`, `Ctx`, `Event`...), the broad phrasebook's handlers
   and a declared vocabulary's meanings (`PHRASEBOOK`, `declared_handlers`, `declared_semantics`), the rules every game
   shares (`draw`, `deal_damage`, `destroy`... and the stack), pieces several games share
   (double-sided cards `turn_over`; spaces players select `space_options`, `take_space`...;
   a market's row `MarketRow`; costs such as `PoolCost` and `SpendReady`; a turn's steps
   such as `begin_turn` and `main_phase`; offering and taking plays such as `offer_abilities`
   and `play_card`, `play_program`), decisions that bots take (`choose`, `act`...), handler tables
   (`handler_table`), the compilers of cards and selectors, invariant checkpoints.
5. **Errors**: `UsageError` and `LocatedError`, which the command line reports without a traceback.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

# Each public name and the module that defines it. Names are imported when first used (PEP 562), so a
# pack that only declares a game does not import the simulator, and `carddb validate` stays quick.
_WHERE: dict[str, str] = {
    # 1. Declaring a game
    "CARD_SIZES": "carddb.packs.pack",
    "COLOR_LETTERS": "carddb.packs.pack",
    "PLAYERS_MAX": "carddb.packs.pack",
    "PLAYERS_MIN": "carddb.packs.pack",
    "CostInfo": "carddb.packs.pack",
    "Faction": "carddb.packs.pack",
    "GameNumber": "carddb.packs.pack",
    "GamePack": "carddb.packs.pack",
    "GameTable": "carddb.packs.pack",
    "KindInfo": "carddb.packs.pack",
    "RARITY_TIERS": "carddb.packs.pack",
    "Rarity": "carddb.packs.pack",
    "StatInfo": "carddb.packs.pack",
    "number_reader": "carddb.packs.pack",
    "Card": "carddb.packs.card",
    "StrictModel": "carddb.packs.card",
    "package_folder": "carddb.files.templating",
    "game_file": "carddb.packs.gamefile",
    "load_game_file": "carddb.packs.gamefile",
    "hybrid_pack": "carddb.packs.gamefile",
    "vocabulary_language": "carddb.packs.gamefile_vocabulary",
    "FaceDesign": "carddb.packs.facedesign",
    "FaceLayout": "carddb.packs.facedesign",
    "FieldInfo": "carddb.packs.facedesign",
    "PlaceholderArt": "carddb.packs.facedesign",
    "Region": "carddb.packs.facedesign",
    "with_layouts": "carddb.packs.layoutsources",
    "plural": "carddb.findings.plural",
    "Rng": "carddb.runtime.rng",
    # 2. Checking cards and decks
    "CardCheck": "carddb.packs.hooks",
    "CardLookup": "carddb.packs.hooks",
    "CardPlace": "carddb.packs.hooks",
    "DeckFormat": "carddb.packs.hooks",
    "DeckPlace": "carddb.packs.hooks",
    "DeckRules": "carddb.packs.hooks",
    "DeckView": "carddb.packs.hooks",
    "SimulatorFactory": "carddb.packs.hooks",
    "completed_by": "carddb.packs.hooks",
    "deck_formats": "carddb.packs.hooks",
    "Finding": "carddb.findings.diagnostics",
    "Span": "carddb.findings.diagnostics",
    "check_card_rules": "carddb.cards.rulescheck",
    "located_findings": "carddb.cards.rulescheck",
    # 3. Rules text
    "Phrase": "carddb.rules.ast",
    "Postfix": "carddb.rules.ast",
    "Selector": "carddb.rules.ast",
    "Words": "carddb.rules.ast",
    "phrases": "carddb.rules.ast",
    "Noun": "carddb.rules.language",
    "RulesLanguage": "carddb.rules.language",
    "Vocabulary": "carddb.rules.language",
    "Problem": "carddb.rules.problems",
    "YOU": "carddb.rules.phrasebook",
    "CoreNouns": "carddb.rules.phrasebook",
    "core_entries": "carddb.rules.phrasebook",
    "EffectEntry": "carddb.rules.registry",
    "EffectRegistry": "carddb.rules.registry",
    "Param": "carddb.rules.registry",
    "Pattern": "carddb.rules.registry",
    "TypeWord": "carddb.rules.registry",
    "WordType": "carddb.rules.registry",
    "build_registry": "carddb.rules.registry",
    "keywords_of": "carddb.rules.text",
    "parse_line": "carddb.rules.text",
    "split_abilities": "carddb.rules.text",
    # 4. The simulator kit
    "CardDef": "carddb.sim.cards",
    "CardRecord": "carddb.sim.cards",
    "Catalogue": "carddb.sim.cards",
    "Compiler": "carddb.sim.compiler",
    "DirectSimulator": "carddb.sim.direct",
    "run_event": "carddb.sim.direct",
    "run_pending": "carddb.sim.direct",
    "run_program": "carddb.sim.direct",
    "run_triggered": "carddb.sim.direct",
    "DiscardCost": "carddb.sim.costs",
    "PoolCost": "carddb.sim.costs",
    "SacrificeSelf": "carddb.sim.costs",
    "SpendReady": "carddb.sim.costs",
    "has_ready": "carddb.sim.costs",
    "in_play_of": "carddb.sim.costs",
    "ready_by_subtype": "carddb.sim.costs",
    "ready_of": "carddb.sim.costs",
    "spend_ready": "carddb.sim.costs",
    "UseSelf": "carddb.sim.costs",
    "CORE": "carddb.sim.core_handlers",
    "PHRASEBOOK": "carddb.sim.phrasebook_handlers",
    "declared_handlers": "carddb.sim.declared_handlers",
    "declared_semantics": "carddb.sim.declared",
    "Condition": "carddb.sim.core_handlers",
    "card_event": "carddb.sim.core_handlers",
    "event_match": "carddb.sim.core_handlers",
    "kinds_of": "carddb.sim.core_handlers",
    "player_event": "carddb.sim.core_handlers",
    "players_of": "carddb.sim.core_handlers",
    "static_applies": "carddb.sim.core_handlers",
    "PASS": "carddb.sim.decisions",
    "Action": "carddb.sim.decisions",
    "act": "carddb.sim.decisions",
    "choose": "carddb.sim.decisions",
    "choose_many": "carddb.sim.decisions",
    "confirm": "carddb.sim.decisions",
    "emit": "carddb.sim.events",
    "ZONE_DECK": "carddb.sim.game",
    "ZONE_DISCARD": "carddb.sim.game",
    "ZONE_HAND": "carddb.sim.game",
    "ZONE_NONE": "carddb.sim.game",
    "ZONE_PLAY": "carddb.sim.game",
    "ZONE_SHARED": "carddb.sim.game",
    "ZONE_STACK": "carddb.sim.game",
    "Game": "carddb.sim.game",
    "HandlerSet": "carddb.sim.handlers",
    "build_table": "carddb.sim.handlers",
    "handler_table": "carddb.sim.handlers",
    "closeness": "carddb.sim.handlers",
    "compare": "carddb.sim.handlers",
    "flag": "carddb.sim.handlers",
    "for_each": "carddb.sim.handlers",
    "number": "carddb.sim.handlers",
    "quantity": "carddb.sim.handlers",
    "selector": "carddb.sim.handlers",
    "text_arg": "carddb.sim.handlers",
    "checkpoint": "carddb.sim.invariants",
    "MarketRow": "carddb.sim.market",
    "add_temporary": "carddb.sim.ops",
    "counter": "carddb.sim.ops",
    "deal_damage": "carddb.sim.ops",
    "end_temporary": "carddb.sim.ops",
    "leave_play": "carddb.sim.ops",
    "return_to_hand": "carddb.sim.ops",
    "shuffle_deck": "carddb.sim.ops",
    "destroy": "carddb.sim.ops",
    "discard": "carddb.sim.ops",
    "draw": "carddb.sim.ops",
    "health": "carddb.sim.ops",
    "look": "carddb.sim.ops",
    "remove_damage": "carddb.sim.ops",
    "reveal": "carddb.sim.ops",
    "shuffle_discard_into_deck": "carddb.sim.ops",
    "take_top": "carddb.sim.ops",
    "begin_turn": "carddb.sim.turns",
    "SimOptions": "carddb.sim.options",
    "activate": "carddb.sim.plays",
    "can_target": "carddb.sim.plays",
    "card_targets": "carddb.sim.plays",
    "offer_abilities": "carddb.sim.plays",
    "offer_reactions": "carddb.sim.plays",
    "play_card": "carddb.sim.plays",
    "play_program": "carddb.sim.plays",
    "card_program": "carddb.sim.plays",
    "ONCE_PER_TURN": "carddb.sim.program",
    "OWN_TURN_ONLY": "carddb.sim.program",
    "Activated": "carddb.sim.program",
    "Cond": "carddb.sim.program",
    "Ctx": "carddb.sim.program",
    "Event": "carddb.sim.program",
    "EventMatch": "carddb.sim.program",
    "Keyword": "carddb.sim.program",
    "Op": "carddb.sim.program",
    "CostOp": "carddb.sim.program",
    "Program": "carddb.sim.program",
    "Restriction": "carddb.sim.program",
    "Static": "carddb.sim.program",
    "Step": "carddb.sim.program",
    "TargetSlot": "carddb.sim.program",
    "Timing": "carddb.sim.program",
    "Triggered": "carddb.sim.program",
    "SELECT": "carddb.sim.placement",
    "open_spaces": "carddb.sim.placement",
    "reopen_spaces": "carddb.sim.placement",
    "space_is_open": "carddb.sim.placement",
    "space_options": "carddb.sim.placement",
    "space_taken_by": "carddb.sim.placement",
    "space_uses": "carddb.sim.placement",
    "take_space": "carddb.sim.placement",
    "taken_spaces": "carddb.sim.placement",
    "SelectorCompiler": "carddb.sim.selector_compiler",
    "it_cards": "carddb.sim.selector_compiler",
    "Sel": "carddb.sim.selectors",
    "Semantics": "carddb.sim.selectors",
    "other_face": "carddb.sim.sides",
    "shows_back": "carddb.sim.sides",
    "turn_over": "carddb.sim.sides",
    "FixedTable": "carddb.sim.simulator",
    "Matchup": "carddb.sim.simulator",
    "Seat": "carddb.sim.simulator",
    "Simulator": "carddb.sim.simulator",
    "deck_order": "carddb.sim.simulator",
    "seat_deck_order": "carddb.sim.simulator",
    "StackItem": "carddb.sim.stack",
    "answer_now": "carddb.sim.stack",
    "MAX_MAIN_ACTIONS": "carddb.sim.turns",
    "discard_down": "carddb.sim.turns",
    "draw_up_to": "carddb.sim.turns",
    "hand_limit": "carddb.sim.turns",
    "main_phase": "carddb.sim.turns",
    "ready": "carddb.sim.turns",
    "choose_targets": "carddb.sim.stack",
    "end_game": "carddb.sim.stack",
    "execute": "carddb.sim.stack",
    "has_targets": "carddb.sim.stack",
    "push": "carddb.sim.stack",
    "run": "carddb.sim.stack",
    # 5. Errors
    "LocatedError": "carddb.findings.errors",
    "UsageError": "carddb.findings.errors",
}

__all__ = sorted(_WHERE)


def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"carddb.pack_api has no {name!r}; see the module's docstring for what a pack may use")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value  # once found, an ordinary attribute
    return value


def __dir__() -> list[str]:
    return __all__


if TYPE_CHECKING:  # the same names, for type checkers and editors
    from carddb.cards.rulescheck import check_card_rules as check_card_rules
    from carddb.cards.rulescheck import located_findings as located_findings
    from carddb.files.templating import package_folder as package_folder
    from carddb.findings.diagnostics import Finding as Finding
    from carddb.findings.diagnostics import Span as Span
    from carddb.findings.errors import LocatedError as LocatedError
    from carddb.findings.errors import UsageError as UsageError
    from carddb.findings.plural import plural as plural
    from carddb.packs.card import Card as Card
    from carddb.packs.card import StrictModel as StrictModel
    from carddb.packs.facedesign import FaceDesign as FaceDesign
    from carddb.packs.facedesign import FaceLayout as FaceLayout
    from carddb.packs.facedesign import FieldInfo as FieldInfo
    from carddb.packs.facedesign import PlaceholderArt as PlaceholderArt
    from carddb.packs.facedesign import Region as Region
    from carddb.packs.gamefile import game_file as game_file
    from carddb.packs.gamefile import hybrid_pack as hybrid_pack
    from carddb.packs.gamefile import load_game_file as load_game_file
    from carddb.packs.hooks import CardCheck as CardCheck
    from carddb.packs.hooks import CardLookup as CardLookup
    from carddb.packs.hooks import CardPlace as CardPlace
    from carddb.packs.hooks import DeckFormat as DeckFormat
    from carddb.packs.hooks import DeckPlace as DeckPlace
    from carddb.packs.hooks import DeckRules as DeckRules
    from carddb.packs.hooks import DeckView as DeckView
    from carddb.packs.hooks import SimulatorFactory as SimulatorFactory
    from carddb.packs.hooks import completed_by as completed_by
    from carddb.packs.hooks import deck_formats as deck_formats
    from carddb.packs.layoutsources import with_layouts as with_layouts
    from carddb.packs.pack import CARD_SIZES as CARD_SIZES
    from carddb.packs.pack import COLOR_LETTERS as COLOR_LETTERS
    from carddb.packs.pack import PLAYERS_MAX as PLAYERS_MAX
    from carddb.packs.pack import PLAYERS_MIN as PLAYERS_MIN
    from carddb.packs.pack import RARITY_TIERS as RARITY_TIERS
    from carddb.packs.pack import CostInfo as CostInfo
    from carddb.packs.pack import Faction as Faction
    from carddb.packs.pack import GameNumber as GameNumber
    from carddb.packs.pack import GamePack as GamePack
    from carddb.packs.pack import GameTable as GameTable
    from carddb.packs.pack import KindInfo as KindInfo
    from carddb.packs.pack import Rarity as Rarity
    from carddb.packs.pack import StatInfo as StatInfo
    from carddb.packs.pack import number_reader as number_reader
    from carddb.rules.ast import Phrase as Phrase
    from carddb.rules.ast import Postfix as Postfix
    from carddb.rules.ast import Selector as Selector
    from carddb.rules.ast import Words as Words
    from carddb.rules.ast import phrases as phrases
    from carddb.rules.language import Noun as Noun
    from carddb.rules.language import RulesLanguage as RulesLanguage
    from carddb.rules.language import Vocabulary as Vocabulary
    from carddb.rules.phrasebook import YOU as YOU
    from carddb.rules.phrasebook import CoreNouns as CoreNouns
    from carddb.rules.phrasebook import core_entries as core_entries
    from carddb.rules.problems import Problem as Problem
    from carddb.rules.registry import EffectEntry as EffectEntry
    from carddb.rules.registry import EffectRegistry as EffectRegistry
    from carddb.rules.registry import Param as Param
    from carddb.rules.registry import Pattern as Pattern
    from carddb.rules.registry import TypeWord as TypeWord
    from carddb.rules.registry import WordType as WordType
    from carddb.rules.registry import build_registry as build_registry
    from carddb.rules.text import keywords_of as keywords_of
    from carddb.rules.text import parse_line as parse_line
    from carddb.rules.text import split_abilities as split_abilities
    from carddb.runtime.rng import Rng as Rng
    from carddb.sim.cards import CardDef as CardDef
    from carddb.sim.cards import CardRecord as CardRecord
    from carddb.sim.cards import Catalogue as Catalogue
    from carddb.sim.compiler import Compiler as Compiler
    from carddb.sim.core_handlers import CORE as CORE
    from carddb.sim.core_handlers import Condition as Condition
    from carddb.sim.core_handlers import card_event as card_event
    from carddb.sim.core_handlers import event_match as event_match
    from carddb.sim.core_handlers import kinds_of as kinds_of
    from carddb.sim.core_handlers import player_event as player_event
    from carddb.sim.core_handlers import players_of as players_of
    from carddb.sim.core_handlers import static_applies as static_applies
    from carddb.sim.costs import DiscardCost as DiscardCost
    from carddb.sim.costs import PoolCost as PoolCost
    from carddb.sim.costs import SacrificeSelf as SacrificeSelf
    from carddb.sim.costs import SpendReady as SpendReady
    from carddb.sim.costs import UseSelf as UseSelf
    from carddb.sim.costs import has_ready as has_ready
    from carddb.sim.costs import in_play_of as in_play_of
    from carddb.sim.costs import ready_by_subtype as ready_by_subtype
    from carddb.sim.costs import ready_of as ready_of
    from carddb.sim.costs import spend_ready as spend_ready
    from carddb.sim.decisions import PASS as PASS
    from carddb.sim.decisions import Action as Action
    from carddb.sim.decisions import act as act
    from carddb.sim.decisions import choose as choose
    from carddb.sim.decisions import choose_many as choose_many
    from carddb.sim.decisions import confirm as confirm
    from carddb.sim.direct import DirectSimulator as DirectSimulator
    from carddb.sim.direct import run_event as run_event
    from carddb.sim.direct import run_pending as run_pending
    from carddb.sim.direct import run_program as run_program
    from carddb.sim.direct import run_triggered as run_triggered
    from carddb.sim.events import emit as emit
    from carddb.sim.game import ZONE_DECK as ZONE_DECK
    from carddb.sim.game import ZONE_DISCARD as ZONE_DISCARD
    from carddb.sim.game import ZONE_HAND as ZONE_HAND
    from carddb.sim.game import ZONE_NONE as ZONE_NONE
    from carddb.sim.game import ZONE_PLAY as ZONE_PLAY
    from carddb.sim.game import ZONE_SHARED as ZONE_SHARED
    from carddb.sim.game import ZONE_STACK as ZONE_STACK
    from carddb.sim.game import Game as Game
    from carddb.sim.handlers import HandlerSet as HandlerSet
    from carddb.sim.handlers import build_table as build_table
    from carddb.sim.handlers import closeness as closeness
    from carddb.sim.handlers import compare as compare
    from carddb.sim.handlers import flag as flag
    from carddb.sim.handlers import for_each as for_each
    from carddb.sim.handlers import handler_table as handler_table
    from carddb.sim.handlers import number as number
    from carddb.sim.handlers import quantity as quantity
    from carddb.sim.handlers import selector as selector
    from carddb.sim.handlers import text_arg as text_arg
    from carddb.sim.invariants import checkpoint as checkpoint
    from carddb.sim.market import MarketRow as MarketRow
    from carddb.sim.ops import add_temporary as add_temporary
    from carddb.sim.ops import counter as counter
    from carddb.sim.ops import deal_damage as deal_damage
    from carddb.sim.ops import destroy as destroy
    from carddb.sim.ops import discard as discard
    from carddb.sim.ops import draw as draw
    from carddb.sim.ops import end_temporary as end_temporary
    from carddb.sim.ops import health as health
    from carddb.sim.ops import leave_play as leave_play
    from carddb.sim.ops import look as look
    from carddb.sim.ops import remove_damage as remove_damage
    from carddb.sim.ops import return_to_hand as return_to_hand
    from carddb.sim.ops import reveal as reveal
    from carddb.sim.ops import shuffle_deck as shuffle_deck
    from carddb.sim.ops import shuffle_discard_into_deck as shuffle_discard_into_deck
    from carddb.sim.ops import take_top as take_top
    from carddb.sim.options import SimOptions as SimOptions
    from carddb.sim.placement import SELECT as SELECT
    from carddb.sim.placement import open_spaces as open_spaces
    from carddb.sim.placement import reopen_spaces as reopen_spaces
    from carddb.sim.placement import space_is_open as space_is_open
    from carddb.sim.placement import space_options as space_options
    from carddb.sim.placement import space_taken_by as space_taken_by
    from carddb.sim.placement import space_uses as space_uses
    from carddb.sim.placement import take_space as take_space
    from carddb.sim.placement import taken_spaces as taken_spaces
    from carddb.sim.plays import activate as activate
    from carddb.sim.plays import can_target as can_target
    from carddb.sim.plays import card_program as card_program
    from carddb.sim.plays import card_targets as card_targets
    from carddb.sim.plays import offer_abilities as offer_abilities
    from carddb.sim.plays import offer_reactions as offer_reactions
    from carddb.sim.plays import play_card as play_card
    from carddb.sim.plays import play_program as play_program
    from carddb.sim.program import ONCE_PER_TURN as ONCE_PER_TURN
    from carddb.sim.program import OWN_TURN_ONLY as OWN_TURN_ONLY
    from carddb.sim.program import Activated as Activated
    from carddb.sim.program import Cond as Cond
    from carddb.sim.program import CostOp as CostOp
    from carddb.sim.program import Ctx as Ctx
    from carddb.sim.program import Event as Event
    from carddb.sim.program import EventMatch as EventMatch
    from carddb.sim.program import Keyword as Keyword
    from carddb.sim.program import Op as Op
    from carddb.sim.program import Program as Program
    from carddb.sim.program import Restriction as Restriction
    from carddb.sim.program import Static as Static
    from carddb.sim.program import Step as Step
    from carddb.sim.program import TargetSlot as TargetSlot
    from carddb.sim.program import Timing as Timing
    from carddb.sim.program import Triggered as Triggered
    from carddb.sim.selector_compiler import SelectorCompiler as SelectorCompiler
    from carddb.sim.selector_compiler import it_cards as it_cards
    from carddb.sim.selectors import Sel as Sel
    from carddb.sim.selectors import Semantics as Semantics
    from carddb.sim.sides import other_face as other_face
    from carddb.sim.sides import shows_back as shows_back
    from carddb.sim.sides import turn_over as turn_over
    from carddb.sim.simulator import FixedTable as FixedTable
    from carddb.sim.simulator import Matchup as Matchup
    from carddb.sim.simulator import Seat as Seat
    from carddb.sim.simulator import Simulator as Simulator
    from carddb.sim.simulator import deck_order as deck_order
    from carddb.sim.simulator import seat_deck_order as seat_deck_order
    from carddb.sim.stack import StackItem as StackItem
    from carddb.sim.stack import answer_now as answer_now
    from carddb.sim.stack import choose_targets as choose_targets
    from carddb.sim.stack import end_game as end_game
    from carddb.sim.stack import execute as execute
    from carddb.sim.stack import has_targets as has_targets
    from carddb.sim.stack import push as push
    from carddb.sim.stack import run as run
    from carddb.sim.turns import MAX_MAIN_ACTIONS as MAX_MAIN_ACTIONS
    from carddb.sim.turns import begin_turn as begin_turn
    from carddb.sim.turns import discard_down as discard_down
    from carddb.sim.turns import draw_up_to as draw_up_to
    from carddb.sim.turns import hand_limit as hand_limit
    from carddb.sim.turns import main_phase as main_phase
    from carddb.sim.turns import ready as ready
