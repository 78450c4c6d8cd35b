/// One thing `hearth doctor` looked at, what it found, and what to do about it.
public struct DoctorFinding: Codable, Sendable, Equatable {
    /// How much a finding matters.
    public enum Severity: String, Codable, Sendable, Comparable {
        /// All is well.
        case ok
        /// Works today, but should be looked at.
        case warning
        /// Something is wrong: the server fails, or data is at risk.
        case problem

        public static func < (lhs: Severity, rhs: Severity) -> Bool {
            let order: [Severity] = [.ok, .warning, .problem]
            return order.firstIndex(of: lhs)! < order.firstIndex(of: rhs)!
        }
    }

    /// What was checked, such as `data directory` or `database cloud.sqlite`.
    public var check: String
    /// How it went.
    public var severity: Severity
    /// What was found, in a sentence.
    public var summary: String
    /// What to do about it, when there is something to do.
    public var fix: String?

    public init(_ check: String, _ severity: Severity, _ summary: String, fix: String? = nil) {
        self.check = check
        self.severity = severity
        self.summary = summary
        self.fix = fix
    }
}
