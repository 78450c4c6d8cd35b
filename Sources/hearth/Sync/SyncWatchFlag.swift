import ArgumentParser

/// `--watch`: keep syncing until interrupted.
struct SyncWatchFlag: SyncWatchOption {
    @Flag(help: "Keep syncing until interrupted.") var watch = false
}
