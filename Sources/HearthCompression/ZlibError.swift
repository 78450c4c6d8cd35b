/// Why bytes could not be compressed or inflated.
public struct ZlibError: Error, Sendable, CustomStringConvertible {
    /// What kind of failure this is; compare with the static members.
    public struct Code: Hashable, Sendable {
        let name: String
        /// The input is not gzip or zlib, or is cut short.
        public static let malformed = Code(name: "malformed")
        /// The inflated bytes pass the limit.
        public static let tooLarge = Code(name: "tooLarge")
        /// zlib itself failed.
        public static let failed = Code(name: "failed")
    }

    public var code: Code
    public var message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }
}
