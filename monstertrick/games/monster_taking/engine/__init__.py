"""Monster Taking's rules engine: pure Python, no I/O, no Textual, no global random state."""
