"""The Textual app: hot-seat Monster Trick in the terminal.

Only :mod:`monstertrick.tui.app` and the screens and widgets import Textual; the CLI
imports this package lazily, so ``monstertrick replay`` and ``--help`` never load it.
"""
