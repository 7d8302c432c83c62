"""Rendering cards for print: faces and backs (`faces`), text fit (`fit`), placeholder art
(`placeholder`), the confined resource fetcher (`assets`) and the face cache (`cache`).

Sheets, PNG and Tabletop Simulator exports build on the single-card PDFs of `faces`.
"""
