/// The windows that make a service "due soon".
public struct DueSettings: Sendable, Hashable, Codable {
    /// Miles left at or under which a service with a due mileage is due soon (default 750).
    public var dueSoonMiles: Int
    /// Days left at or under which a service without a due mileage is due soon (default 30).
    public var dueSoonDays: Int

    public init(dueSoonMiles: Int = 750, dueSoonDays: Int = 30) {
        self.dueSoonMiles = dueSoonMiles
        self.dueSoonDays = dueSoonDays
    }
}
