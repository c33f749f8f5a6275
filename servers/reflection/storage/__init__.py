"""The reflection server's SQL beyond :mod:`servers.reflection.storage.store`: strategies waiting for promotion
(:mod:`.strategies`), and the tables one domain module each reads and writes (:mod:`.tables`)."""
