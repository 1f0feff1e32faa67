"""The networking: a table hosted on one machine and joined from others.

- :mod:`.protocol`: the messages between a host and a seat; :mod:`.wire`: a game's
  views, events and actions as JSON; :mod:`.guards`: what a client of any server of the
  game may do.
- :mod:`.host`: the host's side (the table's codes, its connections and what it does
  with their messages, the computer players that stand in for people away, the
  ``host`` command).
- :mod:`.seat`: a seat's side (its session, whose game lives in the host, and the
  ``join`` app).
- :mod:`.transports`: the ways a screen reaches a game (SSH, the browser page, the
  ``serve`` server).

Importing this package imports nothing of them.
"""
