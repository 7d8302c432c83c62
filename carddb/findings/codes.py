"""The closed table of finding codes.

Codes are stable: editors and CI scripts match on them. Add new ones here (and
to docs/codes.md, which a test keeps in step); never rename one.
"""

from __future__ import annotations

CODES: dict[str, str] = {
    # files and YAML
    "E-YAML-SYNTAX": "The file is not valid YAML.",
    "E-YAML-DUPLICATE-KEY": "A key appears twice in the same mapping; YAML would silently keep only one.",
    "E-YAML-SHAPE": "The file is valid YAML but not shaped as expected (e.g. a card that is not a mapping).",
    "E-FILE-UNREADABLE": "A file could not be read (permissions, encoding).",
    "E-NO-CARDS": "The game's cards folder holds no card files.",
    "E-GAME-FILE": "A project's data/<game>/game.yaml declares something inconsistent (a duplicate id, a stat no kind has...).",
    "E-ICON-UNSAFE": "An icon SVG of a project holds more than a picture (a script, an event handler, a link to another file).",
    "E-LAYOUT": "A face layout (game.yaml layouts:, placeholder:, or layouts.yaml) names something the game does not have.",
    "E-GAME-PLUGIN": "An installed game pack cannot be used: it fails to import, is not a GamePack, or its id is taken.",
    # schema
    "E-UNKNOWN-FIELD": "A field that the card kind does not have; usually a typo.",
    "E-MISSING-FIELD": "A required field is absent.",
    "E-WRONG-TYPE": "A field has the wrong type (text where a number is expected, ...).",
    "E-OUT-OF-RANGE": "A number is outside the allowed range.",
    "E-BAD-VALUE": "A value is not one of the allowed choices or does not match its format.",
    "E-UNKNOWN-KIND": "The card's `kind` is not a kind of this game.",
    # cross-card
    "E-DUPLICATE-ID": "Two cards share an id.",
    "E-DUPLICATE-SET": "data/<game>/sets.yaml defines the same set code twice.",
    "E-DUPLICATE-NUMBER": "Two cards of one set share a collector number.",
    "E-UNKNOWN-SET": "The card names a set that data/<game>/sets.yaml does not define.",
    "E-UNKNOWN-ICON": "An {icon} marker in a card's rules text, flavor text or text field is not one of the game's icons.",
    "E-ART-MISSING": "The art file does not exist.",
    "E-ART-UNREADABLE": "The art file exists but is not an image that can be read.",
    "E-PATH-ESCAPE": "A path points outside the project folder.",
    "E-KIND-RULE": "A rule specific to the card kind is broken (e.g. a kind that needs rules text has none).",
    "E-BACK-FACE": "A double-sided card's `back:` breaks a rule of two-faced cards (a field both sides share written on the back, a back on a one-faced kind, a back face written as a card of its own).",
    # warnings
    "W-NO-ART": "The card has no art; a generated placeholder will be printed.",
    "W-NO-FLAVOR": "The card has no flavor text.",
    "W-NUMBER-GAP": "Collector numbers of a set skip a number.",
    "W-EMPTY-FILE": "A card file holds no cards (only comments, or nothing).",
    # spreadsheets (carddb/spreadsheets/cells.py, carddb/spreadsheets/cardimport.py)
    "E-IMPORT-FILE": "A spreadsheet to import cannot be read as a table (not text in its encoding, empty).",
    "E-IMPORT-HEADER": "A spreadsheet column's header names no card field, or a field another column already fills.",
    # releases (carddb/cards/release.py)
    "W-CHANGED-SINCE-RELEASE": "A card differs from its last release (data/<game>/released.yaml) but its version is not higher.",
    "E-RELEASE-RECORD": "data/<game>/released.yaml, written by `carddb release`, is not shaped as that command writes it.",
    # card faces (carddb/render/faces/)
    "E-TEXT-OVERFLOW": "The rules text does not fit its box even at the smallest allowed size.",
    "E-NAME-OVERFLOW": "A card's name is longer than its title bar (it would be cut off, or run under the cost).",
    "E-REGION-OVERFLOW": "What a region of a declared layout shows does not fit its box, even at its smallest size.",
    "E-TEMPLATE": "A card template is missing, does not parse, or fails while rendering.",
    "E-FONT-MISSING": "A font file that the card stylesheet declares is not there.",
    "W-FACES-UNCHECKED": "validate could not lay the faces out (their cache folder cannot be written): overflows were not checked.",
    # rulebook (carddb/rulebook/)
    "E-RULEBOOK-UNKNOWN-CARD": "A {card:ID} marker in the rules prose names no card of the database.",
    "E-RULEBOOK-UNKNOWN-ICON": "An {icon} marker in the rules prose is not one of the game's icons.",
    "E-RULEBOOK-UNKNOWN-NUMBER": "A {number:ID} marker in the rules prose names no rule number of the game pack.",
    "E-RULEBOOK-UNKNOWN-TABLE": "A {table:ID} marker in the rules prose names no rules table of the game pack.",
    "E-RULEBOOK-CHAPTER": "A rules file does not open with exactly one '# Title' (one file = one chapter).",
    "E-RULEBOOK-BROKEN-LINK": "An internal link in the rules prose goes to no heading of the rulebook.",
    "E-RULEBOOK-RENDER": "The rulebook could not be laid out or written (template, image or PDF failure).",
    "E-RULEBOOK-IMAGE": "A Markdown image in the rules prose is missing, outside data/<game>/, or on the network.",
    "W-RULEBOOK-NO-PROSE": "data/<game>/rulebook/ holds no Markdown chapters; the book has generated chapters only.",
    "W-RULEBOOK-FOLDER": "The rulebook's chapters are in data/<game>/rules/, the folder's old name; it is read, but rename it rulebook/.",
    # play modes: boosters, decks, drafts (carddb/play/)
    "E-BOOSTER-FILE": "data/<game>/boosters.yaml is missing or is not a mapping with a 'boosters:' key.",
    "E-BOOSTER-FILTER": "A booster filter names a kind, rarity, province, subtype, set or card the game does not have.",
    "E-BOOSTER-TOO-FEW": "A booster slot draws more different cards than its filter matches.",
    "E-BOOSTER-WEIGHTS": "The sheet weights of a booster slot do not add up to 100 (percent).",
    "E-BOOSTER-BALANCE": "Faction balance is asked of a slot it cannot apply to (several sheets or card weights).",
    "E-BOOSTER-COLLATION": "A dealt booster slot has several sheets or card weights; dealing needs one pile.",
    "E-BOOSTER-IMPORT": "An imported Draftmancer card list is one Draftmancer refuses, or a line names no card of the game.",
    "W-BOOSTER-BALANCE": "Faction balance cannot keep every faction's natural odds for this slot.",
    "W-BOOSTER-IMPORT": "An imported Draftmancer slot draws several cards from one sheet chosen per slot; carddb chooses per card.",
    "E-DRAFT-FORMAT": "A draft format in boosters.yaml names an unknown booster type, kind or faction, or its counts "
    "do not fit together (keep more than dealt, no rounds, a pool that can never be full).",
    "E-UNKNOWN-NUMBER": "A count or a {number:ID} marker in a data file (a draft count, a booster or draft "
    "description) names a rule number the game pack does not declare, or writes it in an unknown form.",
    "E-DECK-FILE": "A deck list file is not a mapping shaped as a deck list.",
    "E-DECK-UNKNOWN-CARD": "A deck list names a card id that is not in the card database.",
    "E-DECK-COPIES": "A pool-limited deck list uses more copies of a card than its pool (or the card's `copies`) has.",
    "E-DECK-RULE": "A deck list breaks a deck-building rule of the game pack (e.g. more copies of a card than it allows).",
    # rules text (carddb/rules/, carddb/rules/registry.py)
    "E-RULES-SYNTAX": "A rules-text ability does not follow the grammar (unfinished sentence, stray word or symbol).",
    "E-UNKNOWN-EFFECT": "A sentence starts like no effect, cost, trigger or static ability in the game's registry.",
    "E-RULES-UNKNOWN-WORD": "A word that this game's rules text does not use at that place.",
    "E-RULES-UNKNOWN-KIND": "A word where a card kind or subtype is expected is not one of the game's.",
    "E-RULES-UNKNOWN-RESOURCE": "A cost spends a resource that the game does not have.",
    "E-UNKNOWN-KEYWORD": "A keyword line names a keyword that the game does not have.",
    "E-UNKNOWN-CONDITION": "A line opens 'WORDS - ...' but WORDS is not a condition keyword (or timing) of the game.",
    "E-RULES-KEYWORD-PARAM": "A keyword or condition keyword that takes a parameter ('KEYWORD N', a list of words) is written without it.",
    "E-RULES-KEYWORD-KIND": "A keyword is used on a card kind it does not apply to (each keyword names the kinds it is for).",
    "E-RULES-WRONG-KIND": "An ability or phrase is used on a card kind that cannot use it (each registry entry names its kinds).",
    "E-RULES-COST-KIND": "An activated ability (a cost) on a card kind that is never in play to activate it.",
    "E-TARGET-NO-HEALTH": "Damage, healing or health is applied to something that has no health.",
    "E-COUNTER-TARGET": "Counter names something the game says cannot be countered (what can is the game's choice).",
    "E-RULES-WRONG-TARGET": "An effect names a selector of the wrong sort (e.g. a player where a card is needed).",
    "E-RULES-WRONG-ARGUMENT": "A number is out of range for the effect (e.g. Draw 0 cards).",
    "E-REACTION-TIMING": "A card whose kind needs a timing condition (`TIMING - When ...:`) has none, or more than one.",
    "E-TIMING-NOT-REACTION": "A timing condition (`TIMING - When ...:`) on a card whose kind does not take one.",
    "E-RULES-MISPLACED": "A sentence that only makes sense in another place (e.g. Activate only once per turn without a cost).",
    "E-RULES-AMBIGUOUS": "A sentence whose meaning is ambiguous, e.g. `it` or `that player` with nothing to refer to.",
    # playtests (carddb/sim/, carddb validate --playtest N)
    "W-PLAYTEST-OUTLIER": "In a playtest, the card's win-rate delta stands out from every other card's and is not noise.",
}
