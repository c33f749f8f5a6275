"""The auth server's SQL beyond :mod:`servers.auth.store`: the signing keys table (:mod:`.signing_keys`)."""
