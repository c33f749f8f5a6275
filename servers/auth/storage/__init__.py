"""The auth server's SQL beyond :mod:`servers.auth.storage.store`: the signing keys table (:mod:`.signing_keys`)."""
