/// Why a ``ChildProcess`` could not be found, or did not print what a test waited for.
///
/// The message says what was expected and shows what the child printed, so a failing test explains itself.
public struct ChildProcessError: Error, CustomStringConvertible, Sendable {
    /// What kind of failure this is; compare with the static members.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private let name: String
        private init(_ name: String) { self.name = name }
        public var description: String { name }

        /// A built product is not next to the test bundle.
        public static let productNotFound = Code("productNotFound")
        /// The expected output did not come within the time allowed.
        public static let timedOut = Code("timedOut")
        /// The stream ended (the child closed it or exited) without the expected output.
        public static let endOfOutput = Code("endOfOutput")
        /// The child could not be started (no such file, not executable, no pipes left).
        public static let notStarted = Code("notStarted")
    }

    /// What kind of failure this is.
    public let code: Code
    /// What went wrong, and what the child printed.
    public let message: String

    /// An error of `code` that says `message`.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }
}
