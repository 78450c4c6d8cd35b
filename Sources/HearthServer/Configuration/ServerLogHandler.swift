import Foundation
public import Logging

/// Writes the server's log lines to standard error in the same format as swift-log's `StreamLogHandler`,
/// but keeps the metadata set on a logger as it is until a line is written.
///
/// The HTTP server gives each request's logger its own request ID. `StreamLogHandler` formats all of a
/// logger's metadata into text each time a key is set, so every request paid for that even when nothing was
/// logged: about 2% of the server's CPU time under load. Here the metadata goes into the line as
/// that line's own metadata, after any metadata provider's.
///
/// With ``LogFormat/json`` each line is one JSON object instead (``JSONLogLine``), for log collectors.
public struct ServerLogHandler: LogHandler {
    private var output: StreamLogHandler
    private let label: String
    private let json: JSONLines?
    public var metadata: Logger.Metadata = [:]

    /// A handler for `label` at `level`, writing to standard error in `format`.
    public init(label: String, level: Logger.Level, format: LogFormat = .text) {
        self.init(
            label: label, level: level, output: StreamLogHandler.standardError(label: label),
            json: format == .json ? JSONLines { FileHandle.standardError.write($0) } : nil)
    }

    /// A handler writing text to `stream` (tests read its lines).
    init(label: String, level: Logger.Level, stream: any TextOutputStream & Sendable) {
        self.init(
            label: label, level: level,
            output: StreamLogHandler(label: label, stream: stream, metadataProvider: LoggingSystem.metadataProvider),
            json: nil)
    }

    /// A handler writing JSON lines to `write` (tests read them).
    init(label: String, level: Logger.Level, jsonLines write: @escaping @Sendable (Data) -> Void) {
        self.init(
            label: label, level: level, output: StreamLogHandler.standardError(label: label), json: JSONLines(write))
    }

    private init(label: String, level: Logger.Level, output: StreamLogHandler, json: JSONLines?) {
        self.output = output
        self.output.logLevel = level
        self.label = label
        self.json = json
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
        guard let json else { return output.log(event: event) }
        var all = metadataProvider?.get() ?? [:]
        if let own = event.metadata { all.merge(own) { _, explicit in explicit } }
        let line = JSONLogLine(
            timestamp: Date().formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true)),
            level: event.level.rawValue, label: label, message: event.message.description,
            metadata: all.isEmpty ? nil : all.mapValues(JSONLogLine.Value.init), source: event.source)
        json.write(line.encoded())
    }
}
