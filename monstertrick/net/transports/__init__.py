"""The ways a screen reaches a game: an SSH door (:mod:`.ssh`), the browser page
(:mod:`.browser`) and the ``serve`` command (:mod:`.serve`)."""
