/// How long and how much a client may take over the parts of a request, so slow clients cannot hold
/// connections open (`--header-timeout`, `--idle-timeout`, `--body-timeout`, `--body-min-rate`,
/// `--max-header-bytes`).
///
/// | limit | default | past it |
/// |---|---|---|
/// | `headerTimeout`: a request's line and headers, from their first byte | 10 s | `408`, connection closed |
/// | `maxHeaderBytes`: a request's line and headers | 32 KiB | `431`, connection closed |
/// | `idleTimeout`: a connection with no request in flight | 60 s | connection closed |
/// | `bodyTimeout` + body bytes / `bodyMinimumRate`: a request's body, from its headers | 20 s + 1 s per 500 bytes | `408`, connection closed |
///
/// A request whose body has arrived has no deadline while it is answered, so a long answer (the push
/// channel's event stream) runs as long as the server writes it. WebSocket connections leave these limits
/// once upgraded.
public struct ConnectionLimits: Sendable, Equatable {
    /// How long a request's line and headers may take to arrive, from their first byte.
    public var headerTimeout: Duration = .seconds(10)
    /// How long a connection may stay open with no request in flight (before the first, or between two).
    public var idleTimeout: Duration = .seconds(60)
    /// How long a request's body may take to arrive, from the end of its headers, before the bytes it brings
    /// buy more time.
    public var bodyTimeout: Duration = .seconds(20)
    /// Bytes per second a body must keep arriving at: each such many bytes buy a second beyond ``bodyTimeout``.
    public var bodyMinimumRate: Int = 500
    /// The most bytes a request's line and headers may have.
    public var maxHeaderBytes: Int = 32 * 1024

    public init() {}
}
