import BenchmarkSupport
import Foundation
import HearthCore
import HearthExchange

/// A long mixed load with the server's memory sampled every ten seconds.
enum Soak {
    /// The server's resident memory over the soak, and whether it stayed flat.
    struct Result: Codable {
        var seconds: Int
        var connections: Int
        var figures: Wrk.Figures
        /// Resident MB every ten seconds.
        var samples: [Double]
        /// The last minute's highest sample against the highest after the first minute's warm-up.
        var growthAfterWarmup: Double {
            let warm = samples.count > 6 ? Array(samples[6...]) : samples
            guard let first = warm.prefix(6).max(), let last = warm.suffix(6).max(), first > 0 else { return 0 }
            return last / first - 1
        }
    }

    static func run(
        server: ChildServer, seconds: Int, connections: Int, environment: [String: String], progress: ProgressLine
    ) async throws -> Result {
        try await withThrowingTaskGroup(of: Wrk.Figures?.self) { group in
            let samples = Locked<[Double]>([])
            group.addTask {
                try await Wrk.run(
                    script: LoadScript.url, url: server.base, scenario: "mixed", connections: connections,
                    seconds: seconds, environment: environment)
            }
            group.addTask {
                var elapsed = 0
                while !Task.isCancelled {
                    try? await Task.sleep(for: .seconds(10))
                    elapsed += 10
                    let rss = server.memory.current
                    samples.withLock { $0.append(rss) }
                    progress.draw(String(format: "soak: %d/%d s, server RSS %.0f MB…", elapsed, seconds, rss))
                }
                return nil
            }
            var figures: Wrk.Figures?
            while let done = try await group.next() {
                if let done {
                    figures = done
                    group.cancelAll()
                }
            }
            guard let figures else { throw LoadError("the soak's wrk run reported nothing") }
            return Result(
                seconds: seconds, connections: connections, figures: figures, samples: samples.withLock { $0 })
        }
    }
}
