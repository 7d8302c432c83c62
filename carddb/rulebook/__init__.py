"""The rulebook: the designer's Markdown prose plus chapters written from the data, as PDF and HTML.

Stages (see `build.build_rulebook`): `sources` reads data/<game>/rulebook/*.md into
chapters, `images` draws the cards the book shows, `chapters` writes the
reference chapters (card anatomy, kinds, glossary, components, boosters),
`document` assembles the HTML with `toc`, and `pdf` lays it out with WeasyPrint.
"""
