"""The ``cairn`` command line."""
