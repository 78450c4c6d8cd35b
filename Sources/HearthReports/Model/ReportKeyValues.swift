/// Labelled values such as "Blood type: A+", one pair per line; labels follow the theme's casing.
public struct ReportKeyValues: Codable, Sendable, Equatable {
    /// One label and its value.
    public struct Item: Codable, Sendable, Equatable {
        /// The label.
        public var key: String
        /// The value; it wraps beside its label.
        public var value: String

        public init(key: String, value: String) {
            self.key = key
            self.value = value
        }
    }

    /// The pairs, top to bottom.
    public var items: [Item]

    public init(items: [Item]) { self.items = items }
}
