"""One module per screen. Screens own the phases of the game."""
