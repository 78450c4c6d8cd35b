import ArgumentParser
import BenchmarkSupport

/// The pantry's GraphQL against Strawberry: a household dashboard query (items due soon with their statuses,
/// recipes with how much the stock covers, the shopping list; 2,000 items, 50 recipes) served by `hearth serve`'s
/// own application and by the same schema shape and data served by Strawberry on uvicorn, both driven by one
/// wrk with one script in one run.
///
///     apt-get install wrk
///     swift build -c release --product PantryBenchmark
///     .build/release/PantryBenchmark [--seconds 10] [--connections 1,16,64] [--workers 2] [--json]
///
/// Strawberry runs from its own venv, `.build/strawberry-venv`, which the benchmark creates and fills from
/// `Benchmarks/PantryBenchmark/strawberry/requirements.txt` when it is missing (`--venv` names another). It
/// skips with a message when python3 or wrk is missing.
@main
struct PantryBenchmark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract:
            "Serve a household dashboard from Hearth's pantry GraphQL and from Strawberry, and compare them under wrk.",
        subcommands: [DashboardRun.self, HostileRun.self, WebRun.self, ServeChild.self],
        defaultSubcommand: DashboardRun.self
    )
}
