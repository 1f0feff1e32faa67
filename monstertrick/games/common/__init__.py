"""What the games' engines share beyond the contract (:mod:`monstertrick.games.contract`):
small pieces of rules-free code that every engine would otherwise write again.

Nothing here imports a game, Textual, or does any I/O.
"""
