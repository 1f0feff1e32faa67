"""A seat's side of a table hosted elsewhere: its session and the ``join`` app."""
