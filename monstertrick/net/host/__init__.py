"""The host's side of a table: it holds the game and serves the seats' screens."""
