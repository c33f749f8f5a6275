"""The ``cairn`` command line.

Before anything else is imported: Cairn's own modules load from compiled bytecode kept in its cache
directory when Python is told to write none (see :mod:`servers.core.bytecode`).
"""

from servers.core import bytecode

bytecode.install()
