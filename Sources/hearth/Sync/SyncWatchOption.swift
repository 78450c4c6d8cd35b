import ArgumentParser

/// Whether a sync command keeps syncing until interrupted: ``SyncWatchFlag`` (`--watch`) for an app with
/// watch mode, ``NoSyncWatch`` (no flag) for one without.
protocol SyncWatchOption: ParsableArguments {
    var watch: Bool { get }
}
