public import Foundation
import Testing

/// The Python of the repository's virtual environment (`.build/venv`, which `.ci/run` fills), for tests that run a
/// real Python client or tool.
public enum VenvPython {
    public static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The interpreter, when it can import `modules`; otherwise skips the test (or fails it on CI) with the reason
    /// and `install`, how to get them.
    public static func interpreter(importing modules: String, variable: String, install: String) async throws -> URL? {
        let python = ExternalTool(
            name: "Python with \(modules)", variable: variable,
            candidates: [repository.appendingPathComponent(".build/venv/bin/python3")],
            install: install)
        var reason = python.missingReason
        if let executable = python.executable {
            let check = try await ChildProcess.run(executable, ["-c", "import \(modules)"])
            if check.status == 0 { return executable }
            reason = "\(executable.path) cannot import \(modules); \(install)."
        }
        if ExternalTool.missingFails {
            Issue.record(Comment(rawValue: reason))
            return nil
        }
        try Test.cancel(Comment(rawValue: reason))
    }
}
