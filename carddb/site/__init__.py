"""The spoiler site (spoiler, charts, webimages, stage) and the live preview (serve, livereload)."""
