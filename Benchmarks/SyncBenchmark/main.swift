// SyncBenchmark: the HearthSync engine against a real HearthCloud server on loopback.
//
//     swift run -c release SyncBenchmark [--records 100000] [--small-records 20000] [--edits 1000] [--default-edits 100]
//
// (`--help` prints the options; 0 edits skips that latency run.)
//
// 1. First sync of N finance transactions to a new device, each size in a process of its own so its peak
//    memory (VmHWM) is the sync's own, against the baseline of fetching the same changes feed with the raw
//    client and throwing the records away (the transfer alone) in the same run.
// 2. Edit-to-visible latency between two devices over the push channel: a transaction edited on one
//    device, timed until the other has committed it, one edit after another.
// Progress goes to stderr on a terminal only.
import Foundation

let arguments = CommandLine.arguments

if arguments.count >= 2, arguments[1].hasPrefix("--child-") {
    try await Child.main(arguments)
    exit(0)
}

if arguments.contains("--help") || arguments.contains("-h") {
    print(
        """
        usage: SyncBenchmark [--records N] [--small-records N] [--edits N] [--default-edits N]

          --records N          the larger first sync, in finance transactions (default 100000)
          --small-records N    the smaller first sync (default 20000)
          --edits N            edits timed one device to the other with a send debounce of 0 ms (default 1000; 0 skips)
          --default-edits N    edits timed with the default send debounce of 200 ms (default 100; 0 skips)

        Each first sync runs in a child process, next to two baselines over the same feed: the raw fetch alone,
        and the raw fetch inserting through SQLite's C API. Peak memory is the child's VmHWM.
        """)
    exit(0)
}

func option(_ name: String, _ fallback: Int) -> Int {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count, let value = Int(arguments[index + 1])
    else { return fallback }
    return value
}

let records = option("--records", 100_000)
let smallRecords = option("--small-records", 20_000)
let edits = option("--edits", 1_000)
let defaultEdits = option("--default-edits", 100)
let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hearth-sync-benchmark-\(getpid())")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: folder) }

let bench = try await SyncBench.start(folder: folder)
print("SyncBenchmark: first sync of \(smallRecords) and \(records) finance transactions; \(edits) edits for latency")
print("server: hearth in process on 127.0.0.1:\(bench.server.port), SQLite store; rate limit raised for the benchmark")
print("")
try await bench.firstSync(sizes: [smallRecords, records])
if edits > 0 { try await bench.latency(edits: edits, debounce: .zero, label: "send debounce 0 ms") }
if defaultEdits > 0 {
    try await bench.latency(edits: defaultEdits, debounce: nil, label: "default send debounce (200 ms)")
}
await bench.stop()
