"""Chapters written from the game pack and the card data, never by hand.

Each `*_chapter` function gathers validated values (cards, kinds, registry
entries, booster plans) into small dataclasses and hands them to a template in
templates/rulebook/chapters/ (one module here per chapter); the templates only draw. A chapter whose data is
legitimately absent (a game without boosters) is left out: the function
returns None.
"""
