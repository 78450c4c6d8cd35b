public import Foundation
public import HearthCore

/// How a member wants the pantry's daily digest: whether at all, by e-mail and/or webhook, at which hour of
/// their own day, and how many days ahead counts as "expiring soon".
///
/// Off by default, like the Pantry app's e-mail switch. ``validated()`` checks every field at once and names
/// each problem with its way out; stored preferences have always passed it.
public struct DigestPreferences: Codable, Sendable, Hashable {
    /// Whether the digest is sent at all.
    public var enabled: Bool
    /// Whether it goes to the account's e-mail address.
    public var email: Bool
    /// An http(s) URL it is also POSTed to as JSON, if any.
    public var webhookURL: String?
    /// The hour of the member's day (0–23) from which the day's digest goes out.
    public var hour: Int
    /// The member's time zone, an IANA identifier such as "America/Puerto_Rico".
    public var timeZone: String
    /// Items due within this many days (0–60) count as expiring soon; expired ones always count.
    public var daysAhead: Int

    /// The names in JSON, as in the GraphQL type (`webhookUrl`).
    enum CodingKeys: String, CodingKey {
        case enabled, email, webhookURL = "webhookUrl", hour, timeZone, daysAhead
    }

    /// The hour a digest goes out unless told otherwise: 7 in the morning.
    public static let defaultHour = 7
    /// The window unless told otherwise, the pantry's "due soon" of ``ExpiryStatus/defaultDueSoonDays``.
    public static let defaultDaysAhead = ExpiryStatus.defaultDueSoonDays
    /// The widest window a member may ask for.
    public static let maximumDaysAhead = 60
    /// The longest webhook URL kept.
    public static let maximumURLLength = 2_048

    public init(
        enabled: Bool = false, email: Bool = true, webhookURL: String? = nil, hour: Int = Self.defaultHour,
        timeZone: String = "UTC", daysAhead: Int = Self.defaultDaysAhead
    ) {
        self.enabled = enabled
        self.email = email
        self.webhookURL = webhookURL
        self.hour = hour
        self.timeZone = timeZone
        self.daysAhead = daysAhead
    }

    /// The time zone ``timeZone`` names (UTC if it names none, which ``validated()`` never lets through).
    public var zone: TimeZone { TimeZone(identifier: timeZone) ?? TimeZone(secondsFromGMT: 0)! }

    /// Whether a digest would go anywhere: switched on, with e-mail or a webhook.
    public var delivers: Bool { enabled && (email || webhookURL != nil) }

    /// These preferences with the URL and zone trimmed (an empty URL becomes none), once every field is valid.
    /// - Throws: ``ServiceError`` (validation failed) listing every problem and what to give instead.
    public func validated() throws -> DigestPreferences {
        var problems: [String] = []
        var checked = self
        checked.timeZone = Validation.trimmed(timeZone)
        checked.webhookURL = webhookURL.map(Validation.trimmed).flatMap { $0.isEmpty ? nil : $0 }
        if !(0...23).contains(hour) {
            problems.append("hour must be a whole hour from 0 to 23 of your day; it is \(hour).")
        }
        if !(0...Self.maximumDaysAhead).contains(daysAhead) {
            problems.append("daysAhead must be from 0 (today only) to \(Self.maximumDaysAhead); it is \(daysAhead).")
        }
        if checked.timeZone.count > 64 || TimeZone(identifier: checked.timeZone) == nil {
            problems.append(
                "timeZone must be an IANA time zone such as \"Europe/Madrid\" or \"UTC\"; \"\(checked.timeZone.prefix(64))\" is not one."
            )
        }
        if let url = checked.webhookURL {
            if url.count > Self.maximumURLLength {
                problems.append("webhookUrl is longer than \(Self.maximumURLLength) characters.")
            } else if !Validation.isValidURL(url) {
                problems.append(
                    "webhookUrl must be an http:// or https:// address; it is \"\(Redaction.origin(url))\". Leave it empty for e-mail only."
                )
            }
        }
        guard problems.isEmpty else { throw ServiceError.validationFailed(problems) }
        return checked
    }
}
