import Foundation
import HearthCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Files that only their owner may read and write (mode 0600), made so from the moment they exist.
enum OwnerOnlyFiles {
    /// Creates `url` empty with mode 0600 when it does not exist (never wider, whatever the umask), and
    /// narrows it and its companion files (`url` + each suffix, such as `-wal`) to 0600 when they do.
    /// - Throws: ``ServiceError`` naming the file and the system's reason.
    static func prepare(_ url: URL, companions: [String] = []) throws {
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        if descriptor >= 0 {
            close(descriptor)
        } else if errno != EEXIST {
            throw ServiceError(
                .operationFailed,
                "Could not create \(url.path): \(String(cString: strerror(errno))). Check that its folder is writable.")
        }
        for path in [url.path] + companions.map({ url.path + $0 }) {
            if chmod(path, 0o600) != 0 && errno != ENOENT {
                throw ServiceError(
                    .operationFailed,
                    "Could not make \(path) readable by its owner only: \(String(cString: strerror(errno))). Check who owns the file."
                )
            }
        }
    }
}
