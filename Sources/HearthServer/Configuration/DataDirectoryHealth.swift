import Foundation
public import HearthCore

/// Reports whether the data directory can still be written to.
public struct DataDirectoryHealth: ServiceHealth {
    public let directory: DataDirectory
    public var serviceName: String { "dataDirectory" }

    public init(directory: DataDirectory) { self.directory = directory }

    public func checkHealth() async -> HealthStatus {
        let started = ContinuousClock.now
        let problem = directory.writeProblem()
        return HealthStatus(
            isHealthy: problem == nil,
            lastChecked: Date(),
            errors: problem.map { ["\(directory.url.path): \($0)"] } ?? [],
            responseTime: started.duration(to: .now).seconds
        )
    }
}
