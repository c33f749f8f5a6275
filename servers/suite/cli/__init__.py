"""The ``cairn`` command line.

Before anything else is imported: Cairn's own modules load from compiled bytecode kept in its cache
directory when Python is told to write none (see :mod:`servers.core.bytecode`). Not for ``cairn hook``: the
host runs it on every event, it loads a few small modules only, and it writes nothing outside CAIRN_HOME.
"""

import sys

from servers.core import bytecode

if sys.argv[1:2] != ["hook"]:
    bytecode.install()
