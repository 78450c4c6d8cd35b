public import Foundation

extension ChildProcess {
    /// The executable product `name` (such as `hearth`) that SwiftPM built beside the test bundle.
    ///
    /// Looks in the folder of the running test binary (`CommandLine.arguments[0]`, symlinks resolved) and its
    /// parent, then — for test runners that host the bundle, as on macOS — beside each loaded `.xctest`
    /// bundle. Throws a ``ChildProcessError`` naming every folder it looked in when the product is missing.
    public static func product(_ name: String) throws -> URL {
        let runner = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent()
        var folders = [runner, runner.deletingLastPathComponent()]
        for bundle in Bundle.allBundles where bundle.bundleURL.pathExtension == "xctest" {
            folders.append(bundle.bundleURL.resolvingSymlinksInPath().deletingLastPathComponent())
        }
        var seen = Set<String>()
        folders = folders.filter { seen.insert($0.standardizedFileURL.path).inserted }
        for folder in folders {
            let candidate = folder.appendingPathComponent(name)
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory),
                !isDirectory.boolValue,
                FileManager.default.isExecutableFile(atPath: candidate.path)
            {
                return candidate
            }
        }
        let looked = folders.map(\.path).joined(separator: ", ")
        throw ChildProcessError(
            .productNotFound,
            "The built product \(name) was not found in \(looked); run `swift build` (or `swift build --build-tests`) first."
        )
    }
}
