"""The command line: the app and its error boundary (`app`), the entry point (`launch`), one module per
command group (`commands`)."""
