"""Store watching: what other processes write reaches this process's event bus (live
refresh)."""
