"""The scheduler's SQL beyond :mod:`servers.scheduler.store`: claims and results (:mod:`.claims`) and the
attention gate's notifications (:mod:`.notifications`)."""
