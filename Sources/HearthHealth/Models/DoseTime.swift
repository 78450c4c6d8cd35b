public import Foundation

/// A local time of day a dose is due, written "HH:mm" (08:00, 20:30): the time on the clock where the person
/// is, whatever the time zone.
public struct DoseTime: Sendable, Codable, Hashable, Comparable, CustomStringConvertible {
    public let hour: Int
    public let minute: Int

    /// The time, or nil when `hour` is not 0–23 or `minute` not 0–59.
    public init?(hour: Int, minute: Int) {
        guard (0...23).contains(hour), (0...59).contains(minute) else { return nil }
        self.hour = hour
        self.minute = minute
    }

    /// Reads "HH:mm" or "H:mm" (08:00, 8:00, 20:30), or nil.
    public init?(_ text: some StringProtocol) {
        let parts = text.trimmingCharacters(in: .whitespaces).split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
            parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let hour = Int(parts[0]), let minute = Int(parts[1])
        else { return nil }
        self.init(hour: hour, minute: minute)
    }

    /// Minutes since midnight.
    public var minutes: Int { hour * 60 + minute }

    /// "08:00".
    public var description: String { String(format: "%02d:%02d", hour, minute) }

    public static func < (lhs: DoseTime, rhs: DoseTime) -> Bool { lhs.minutes < rhs.minutes }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let time = DoseTime(text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "\"\(text)\" is not a time of day; write HH:mm, such as 08:00")
        }
        self = time
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
