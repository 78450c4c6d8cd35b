/// What a service history report includes besides the vehicle and its log.
public struct ServiceHistoryOptions: Sendable, Equatable, Codable {
    /// Pictures attached to log entries (JPEG and PNG), each with its date and service as a caption; other
    /// files are listed by name.
    public var includeAttachments: Bool
    /// A totals row under the history with what all the entries cost.
    public var includeTotal: Bool

    public init(includeAttachments: Bool = false, includeTotal: Bool = true) {
        self.includeAttachments = includeAttachments
        self.includeTotal = includeTotal
    }
}
