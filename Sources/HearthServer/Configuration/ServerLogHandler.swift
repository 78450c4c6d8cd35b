public import Logging

/// Writes the server's log lines to standard error in the same format as swift-log's `StreamLogHandler`,
/// but keeps the metadata set on a logger as it is until a line is written.
///
/// The HTTP server gives each request's logger its own request ID. `StreamLogHandler` formats all of a
/// logger's metadata into text each time a key is set, so every request paid for that even when nothing was
/// logged: about 2% of the server's CPU time under load. Here the metadata goes into the line as
/// that line's own metadata, after any metadata provider's.
public struct ServerLogHandler: LogHandler {
    private var output: StreamLogHandler
    public var metadata: Logger.Metadata = [:]

    /// A handler for `label` at `level`, writing to standard error.
    public init(label: String, level: Logger.Level) {
        self.init(label: label, level: level, output: StreamLogHandler.standardError(label: label))
    }

    /// A handler writing to `stream` (tests read its lines).
    init(label: String, level: Logger.Level, stream: any TextOutputStream & Sendable) {
        self.init(label: label, level: level, output: StreamLogHandler(label: label, stream: stream, metadataProvider: LoggingSystem.metadataProvider))
    }

    private init(label: String, level: Logger.Level, output: StreamLogHandler) {
        self.output = output
        self.output.logLevel = level
    }

    public var logLevel: Logger.Level {
        get { output.logLevel }
        set { output.logLevel = newValue }
    }

    public var metadataProvider: Logger.MetadataProvider? {
        get { output.metadataProvider }
        set { output.metadataProvider = newValue }
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        var event = event
        if !metadata.isEmpty {
            event.metadata = metadata.merging(event.metadata ?? [:]) { _, explicit in explicit }
        }
        output.log(event: event)
    }
}
