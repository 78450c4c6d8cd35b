public import Foundation
import Testing

/// A program a test runs that Hearth does not build (schemathesis, say), found by an environment variable or
/// at the places it is installed to.
///
/// A missing tool skips the test that needs it on a developer's machine, with the reason and how to install
/// it; on CI (`CI=true`), where `.ci/run` installs every tool, a missing one is a broken setup and fails the test.
///
/// ```swift
/// let tool = ExternalTool(name: "schemathesis", variable: "HEARTH_SCHEMATHESIS", candidates: [venv.appending(path: "bin/st")],
///                         install: ".ci/run installs it")
/// guard let st = try tool.required() else { return }
/// ```
public struct ExternalTool: Sendable {
    public var name: String
    /// The environment variable that names the executable, over the candidates.
    public var variable: String
    public var candidates: [URL]
    /// How to install the tool, for the message when it is missing.
    public var install: String

    public init(name: String, variable: String, candidates: [URL], install: String) {
        self.name = name
        self.variable = variable
        self.candidates = candidates
        self.install = install
    }

    /// Whether a missing tool fails the test rather than skipping it: on CI, which installs every tool.
    public static var missingFails: Bool {
        ProcessInfo.processInfo.environment["CI"]?.lowercased() == "true"
    }

    /// The executable: the one `variable` names when it is set, else the first candidate that can run.
    public var executable: URL? {
        if let path = ProcessInfo.processInfo.environment[variable], !path.isEmpty {
            return FileManager.default.isExecutableFile(atPath: path) ? URL(fileURLWithPath: path) : nil
        }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// The executable, for a test that cannot run without it: when it is missing, the test is skipped with
    /// ``missingReason`` (by throwing), or on CI records that reason as an issue and gets nil, to return.
    public func required() throws -> URL? {
        if let executable { return executable }
        let reason = Comment(rawValue: missingReason)
        if Self.missingFails {
            Issue.record(reason)
            return nil
        }
        try Test.cancel(reason)
    }

    /// Why the test cannot run without the tool, and how to get it.
    public var missingReason: String {
        let looked = ([ProcessInfo.processInfo.environment[variable]].compactMap { $0 } + candidates.map(\.path))
            .joined(separator: ", ")
        return "\(name) is not installed (looked in \(looked)); \(install), or set \(variable) to its path."
    }
}
