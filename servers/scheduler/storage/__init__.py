"""The scheduler's SQL beyond :mod:`servers.scheduler.storage.store`: claims and results (:mod:`.claims`) and the
attention gate's notifications (:mod:`.notifications`)."""
