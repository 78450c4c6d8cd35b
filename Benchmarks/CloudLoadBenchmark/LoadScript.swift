import Foundation

/// The wrk script of the record server's scenarios, found from this source file: the benchmark runs from the
/// repository it was built in.
enum LoadScript {
    static let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("wrk/load.lua")
}
