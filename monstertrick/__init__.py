"""monstertrick: trick-taking card games at one keyboard, in the terminal (Monster Trick,
Monster Taking, Magic Trick)."""

__version__ = "0.1.0"
