"""The limits and defaults of deal packs (:mod:`monstertrick.packs`), in a module that
loads nothing else, so that ``monstertrick --help`` says them without loading packs."""

from __future__ import annotations

PACK_FORMAT = "monstertrick-pack/1"
MAX_DEALS = 100
"""The most deals a pack holds."""
DAILY_DEALS = 3
"""The deals of a daily pack (and of a new pack, unless told otherwise)."""
BASELINE_LEVEL = "hard:1000"
"""The computer players of the baseline: the hard player, 1000 playouts per decision."""
