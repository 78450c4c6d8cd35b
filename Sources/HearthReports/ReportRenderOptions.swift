public import Foundation

/// Settings for one render: the generation time shown in page bands, the time zone it is shown in, and
/// whether the output must be byte-for-byte reproducible.
///
/// ```swift
/// // The same document always gives the same bytes:
/// let pdf = try PDFRenderer().render(document, options: .deterministic())
/// ```
public struct ReportRenderOptions: Sendable, Equatable {
    /// The generation time (`{generated}` in page bands), also the PDF creation date when the document has none.
    public var generatedAt: Date
    /// The time zone the generation time is shown in.
    public var timeZone: TimeZone
    /// When on, the PDF document id is derived from the content instead of chosen at random.
    public var deterministic: Bool

    public init(generatedAt: Date = Date(), timeZone: TimeZone = .current, deterministic: Bool = false) {
        self.generatedAt = generatedAt
        self.timeZone = timeZone
        self.deterministic = deterministic
    }

    /// Reproducible output: a fixed generation time (2024-01-01 00:00 UTC unless given), UTC, and a
    /// content-derived document id.
    public static func deterministic(generatedAt: Date = Date(timeIntervalSince1970: 1_704_067_200))
        -> ReportRenderOptions
    {
        ReportRenderOptions(generatedAt: generatedAt, timeZone: TimeZone(identifier: "UTC")!, deterministic: true)
    }

    /// The generation time as page bands show it, such as `2024-01-01 00:00 UTC`.
    var generatedText: String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        let zone =
            timeZone.identifier == "UTC" || timeZone.identifier == "GMT"
            ? "UTC" : (timeZone.abbreviation(for: generatedAt) ?? timeZone.identifier)
        return formatter.string(from: generatedAt) + " " + zone
    }
}
