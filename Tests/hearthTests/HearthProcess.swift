import Foundation
import Testing

/// Runs the built `hearth` executable as a child process, the way a person would from a shell.
struct HearthProcess {
    /// The `hearth` binary next to this test bundle in the build products folder.
    static var executable: URL {
        get throws {
            let products = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            let candidates = [products, products.deletingLastPathComponent()].map { $0.appendingPathComponent("hearth") }
            guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
                throw HearthProcessError(message: "The hearth executable was not found in \(products.path); build it with `swift build`.")
            }
            return found
        }
    }

    /// The result of a finished run.
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs `hearth arguments…` to completion.
    static func run(_ arguments: [String], environment: [String: String] = [:], directory: URL? = nil, timeout: Duration = .seconds(60)) throws -> Result {
        let process = Process()
        process.executableURL = try executable
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        if let directory { process.currentDirectoryURL = directory }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self), stderr: String(decoding: errData, as: UTF8.self))
    }
}

struct HearthProcessError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

/// Collects a pipe's output on a background thread so a long-running child never blocks on a full pipe.
final class OutputCollector: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()

    init(_ pipe: Pipe) {
        pipe.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let chunk = handle.availableData
            guard let self, !chunk.isEmpty else { return }
            self.lock.lock()
            self.data.append(chunk)
            self.lock.unlock()
        }
    }

    var text: String {
        lock.lock()
        defer { lock.unlock() }
        return String(decoding: data, as: UTF8.self)
    }
}
