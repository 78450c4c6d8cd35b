import ArgumentParser
import BenchmarkSupport

/// Drives `hearth serve` with many users through wrk — records modify, the changes feed, lookup and query — and
/// reports requests/s, p50/p99 and the server's peak memory beside a Hummingbird hello-world measured in the same
/// run; `--soak` runs a mixed load for longer and samples the server's memory to show it stays flat.
///
///     swift build -c release --product CloudLoadBenchmark
///     .build/release/CloudLoadBenchmark [--seconds 10] [--connections 8,32] [--users 40] [--postgres URL] [--soak 600] [--json]
///
/// Needs wrk (`apt-get install wrk`). The servers run as child processes of this binary: `serve` is
/// `hearth serve`'s own application, `hello-world` the baseline.
@main
struct CloudLoadBenchmark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Load and soak the record server through wrk against a Hummingbird hello-world.",
        subcommands: [LoadRun.self, ServeChild.self, HelloWorldChild.self],
        defaultSubcommand: LoadRun.self
    )
}
