"""carddb's bundled templates, fonts, CSS and JS, installed as the package `carddb.templates`.

The folder stays at the top of the repository, where a designer finds it; pyproject.toml maps
it into the package, so a wheel and an editable install find it the same way
(`carddb.files.templating.BUNDLED_TEMPLATES`). A project's own templates/ folder overrides these
files one by one.
"""
