import ArgumentParser
import Foundation
import HearthCore

/// The folder the commands keep their databases in: HEARTH_DATA_DIR, else ./hearth-data.
func dataFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
    let folder = environment["HEARTH_DATA_DIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "hearth-data"
    return URL(fileURLWithPath: (folder as NSString).expandingTildeInPath)
}

/// A path typed on the command line, with `~` expanded.
func expandedPath(_ path: String) -> URL {
    URL(fileURLWithPath: (path as NSString).expandingTildeInPath)
}
