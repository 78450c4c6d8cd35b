// HealthBenchmark: health exports and end-to-end encrypted sync, each against a baseline measured in the same run.
//
//     swift run -c release HealthBenchmark [--records 1000] [--sync-records 10000] [--small-sync 2000] [--python PATH]
//
// 1. Export of --records medical records (people and pets with entries) to JSON format version 1, against
//    Foundation's JSONSerialization writing the same documents; and to PDF, against ReportLab rendering the same
//    records (Python with `reportlab`: `.build/venv/bin/pip install reportlab`, or --python PATH; skipped with the
//    reason when missing).
// 2. Sync of --sync-records cloud-enabled records to a real server in this process, with end-to-end encryption
//    against the same without it: the upload from the device that made them, and a new device's first download.
//    Each runs in a child process, so its peak memory (VmHWM) is its own, at --small-sync and --sync-records
//    records, to show memory does not grow with the record count.
// Progress goes to stderr on a terminal only.
import Foundation
import HearthCore
import HearthHealth

let arguments = CommandLine.arguments

if arguments.count >= 2, arguments[1].hasPrefix("--child-") {
    try await SyncChild.main(arguments)
    exit(0)
}

if arguments.contains("--help") || arguments.contains("-h") {
    print(
        """
        usage: HealthBenchmark [--records N] [--sync-records N] [--small-sync N] [--python PATH]

          --records N       records exported to JSON and to PDF (default 1000)
          --sync-records N  records synced with and without encryption (default 10000; 0 skips)
          --small-sync N    the smaller sync, to compare peak memory (default 2000)
          --python PATH     a Python with reportlab for the PDF baseline (default .build/venv/bin/python3)
        """)
    exit(0)
}

func option(_ name: String, _ fallback: Int) -> Int {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count, let value = Int(arguments[index + 1])
    else { return fallback }
    return value
}

let exportCount = option("--records", 1_000)
let syncCount = option("--sync-records", 10_000)
let smallSync = option("--small-sync", 2_000)
let python =
    arguments.firstIndex(of: "--python").flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
    ?? ".build/venv/bin/python3"

let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hearth-health-benchmark-\(getpid())")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: folder) }

print(
    "HealthBenchmark: \(exportCount) records exported; \(smallSync) and \(syncCount) records synced with and without end-to-end encryption"
)
print("")
try await ExportBench(folder: folder, count: exportCount, python: python).run()
if syncCount > 0 {
    let bench = try await SyncBench.start(folder: folder)
    try await bench.run(sizes: smallSync < syncCount ? [smallSync, syncCount] : [syncCount])
    await bench.stop()
}
