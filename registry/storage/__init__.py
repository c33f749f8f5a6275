"""The registry's SQL beyond :mod:`registry.store` and :mod:`registry.schema`: people and organisations
(:mod:`.accounts`) and rate limits (:mod:`.rates`)."""
