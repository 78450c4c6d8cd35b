import Foundation
import HearthCore
public import Hummingbird
import NIOCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs `app` until SIGINT or SIGTERM, shutting down gracefully, and turns start-up failures (a port in
/// use, an address that cannot be bound) into errors a person can act on.
public func runServer(_ app: some ApplicationProtocol, configuration: ServerConfiguration) async throws {
    do {
        try await app.runService()
    } catch {
        throw describeStartFailure(error, configuration: configuration)
    }
}

/// A clear message for why the server could not listen, or `error` unchanged when it is something else.
func describeStartFailure(_ error: any Error, configuration: ServerConfiguration) -> any Error {
    let where_ = "\(configuration.host):\(configuration.port)"
    let errno_: Int32? = (error as? IOError)?.errnoCode
    let text = String(describing: error)
    if errno_ == EADDRINUSE || text.contains("Address already in use") {
        return ServiceError(
            .operationFailed,
            "Port \(configuration.port) on \(configuration.host) is already in use. Stop the other server, or choose another port with --port or HEARTH_PORT.",
            underlying: error
        )
    }
    if errno_ == EACCES || text.contains("Permission denied") {
        return ServiceError(
            .operationFailed,
            "Not allowed to listen on \(where_) (ports below 1024 need privileges). Choose another port with --port or HEARTH_PORT.",
            underlying: error
        )
    }
    if errno_ == EADDRNOTAVAIL || text.contains("Cannot assign requested address") || text.contains("resolve") {
        return ServiceError(
            .operationFailed,
            "Cannot listen on \(where_): \(configuration.host) is not an address of this machine. Use --host 127.0.0.1 or 0.0.0.0.",
            underlying: error
        )
    }
    return error
}
