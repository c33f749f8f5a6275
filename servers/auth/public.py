"""What other packages (the registry) may use of the auth server without loading its OAuth routes: the
user and token store, password hashing, and recovery codes. The embedded issuer itself is :mod:`servers.auth.embedded`.

Everything else under ``servers/auth`` is internal: the architecture test keeps other packages to these
two modules, so auth can change its insides without breaking them.
"""

from __future__ import annotations

from servers.auth.passwords import hash_password
from servers.auth.recovery import issue as issue_recovery_codes
from servers.auth.recovery import left as recovery_codes_left
from servers.auth.storage.store import AuthStore

__all__ = ["AuthStore", "hash_password", "issue_recovery_codes", "recovery_codes_left"]
