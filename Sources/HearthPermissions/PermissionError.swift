/// Why rules could not be loaded or filled, or why an action is forbidden.
///
/// ``Code`` is a struct rather than an enum, so new codes never break callers.
public struct PermissionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of failure this is.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// A stable, machine-readable name such as `"INVALID_RULE"`.
        public let rawValue: String

        public init(_ rawValue: String) { self.rawValue = rawValue }

        /// A rule is malformed: no action, an empty field list, conditions that are not an object…
        public static let invalidRule = Code("INVALID_RULE")
        /// A rule's conditions use an operator this matcher does not know.
        public static let unknownOperator = Code("UNKNOWN_OPERATOR")
        /// A template names a placeholder the context has no value for.
        public static let unknownPlaceholder = Code("UNKNOWN_PLACEHOLDER")
        /// The rules do not allow the action; the message is the deciding rule's reason when it has one.
        public static let forbidden = Code("FORBIDDEN")

        public var description: String { rawValue }
    }

    /// What kind of failure this is.
    public let code: Code
    /// What went wrong and what to change.
    public let message: String
    /// The position of the rule at fault in the list given, when one rule is at fault.
    public let ruleIndex: Int?

    public init(_ code: Code, _ message: String, ruleIndex: Int? = nil) {
        self.code = code
        self.message = message
        self.ruleIndex = ruleIndex
    }

    public var description: String { message }

    static func invalidRule(_ index: Int, _ problem: String) -> PermissionError {
        PermissionError(.invalidRule, "Rule \(index) is malformed: \(problem)", ruleIndex: index)
    }
}
