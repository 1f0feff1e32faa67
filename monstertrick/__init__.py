"""monstertrick: Monster Trick, the trick-prediction card game, in the terminal."""

__version__ = "0.1.0"
