import Foundation

/// A file sent with a form: the field it came in, its name as the browser gave it (cleaned), and its bytes.
struct UploadedFile: Sendable, Equatable {
    var field: String
    var fileName: String
    var data: Data

    /// `body` given the file written (0600) under its own name in a private folder of its own, for the readers
    /// that take a path; the folder is removed after.
    func written<T>(_ body: (URL) async throws -> T) async throws -> T {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "hearth-web-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(
            at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent(fileName.isEmpty ? "upload" : fileName)
        try data.write(to: url, options: .withoutOverwriting)
        try? FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: url.path)
        return try await body(url)
    }
}
