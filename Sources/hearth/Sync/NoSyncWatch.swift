import ArgumentParser

/// No `--watch`: each run is one round.
struct NoSyncWatch: SyncWatchOption {
    var watch: Bool { false }
}
