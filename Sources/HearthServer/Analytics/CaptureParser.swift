import Foundation
import HTTPTypes
import HearthCloud
import HearthCompression
import HearthCore

/// Reads PostHog capture requests: one event (`{api_key, event, distinct_id or properties.distinct_id,
/// properties, timestamp?, uuid?}`) or a batch (`{api_key, batch: [...], sent_at or sentAt}`), optionally
/// gzip-compressed. Pure, so every refusal is tested without a server.
enum CaptureParser {
    /// The longest event name and distinct id kept, as PostHog limits them.
    static let maximumNameLength = 200

    /// The project key and events in `body`.
    /// - Parameters:
    ///   - gzip: whether the client said the body is gzip (`Content-Encoding: gzip` or `?compression=gzip-js`);
    ///     a body starting with gzip's magic number is inflated either way.
    ///   - limit: the most bytes the body may inflate to.
    ///   - now: the arrival time, for events without a timestamp.
    /// - Throws: ``CollectorError`` saying what is wrong with the request.
    static func parse(_ body: Data, gzip: Bool, limit: Int, now: Date) throws(CollectorError) -> (
        apiKey: String, events: [CollectedEvent]
    ) {
        guard !body.isEmpty else {
            throw CollectorError.invalid(
                "The request has no body; send a JSON object with api_key and either event or batch.")
        }
        var json = body
        if gzip || Zlib.isGzip(body) {
            do {
                json = try Zlib.decompress(body, limit: limit)
            } catch let error as ZlibError where error.code == .tooLarge {
                throw CollectorError(
                    status: .contentTooLarge, code: "payload_too_large",
                    detail: "The gzip body inflates to more than \(limit) bytes; send fewer events per request.")
            } catch {
                throw CollectorError.invalid(
                    "The body is marked as gzip but is not: \(error) Compress the whole JSON body with gzip, or send it uncompressed without Content-Encoding."
                )
            }
        }
        let document: AnalyticsJSON
        do {
            document = try JSONDecoder().decode(AnalyticsJSON.self, from: json)
        } catch {
            throw CollectorError.invalid(
                "The body is not valid JSON (\(Self.describe(error))); send a JSON object with api_key and either event or batch."
            )
        }
        guard let object = document.object else {
            throw CollectorError.invalid(
                "The body is \(document.typeName), not a JSON object; send {\"api_key\": …, \"event\": …} or {\"api_key\": …, \"batch\": […]}."
            )
        }
        let items: [(AnalyticsJSON, String)]
        if let batch = object["batch"] {
            guard case .array(let array) = batch else {
                throw CollectorError.invalid("\"batch\" is \(batch.typeName); it must be an array of events.")
            }
            items = array.enumerated().map { ($1, "Event \($0 + 1) of the batch") }
        } else {
            items = [(document, "The event")]
        }
        let apiKey = try Self.apiKey(object, first: items.first?.0)
        var events: [CollectedEvent] = []
        events.reserveCapacity(items.count)
        for (item, label) in items {
            events.append(try Self.event(item, label: label, apiKey: apiKey, now: now))
        }
        return (apiKey, events)
    }

    /// `api_key` (or `token`) at the top, else in the first event or its properties, as PostHog's clients place it.
    private static func apiKey(_ object: [String: AnalyticsJSON], first: AnalyticsJSON?) throws(CollectorError)
        -> String
    {
        let places: [AnalyticsJSON?] = [
            object["api_key"], object["token"], first?["api_key"], first?["properties"]?["token"],
        ]
        for case let value? in places {
            guard let key = value.string else {
                throw CollectorError(
                    status: .unauthorized, type: "authentication_error", code: "invalid_api_key",
                    detail: "api_key is \(value.typeName); it must be the project key as a string.")
            }
            if !key.isEmpty { return key }
        }
        throw CollectorError(
            status: .unauthorized, type: "authentication_error", code: "missing_api_key",
            detail:
                "The request has no api_key; put the project key this server is configured with (--analytics-key) in the body's api_key."
        )
    }

    private static func event(_ item: AnalyticsJSON, label: String, apiKey: String, now: Date) throws(CollectorError)
        -> CollectedEvent
    {
        guard let object = item.object else {
            throw CollectorError.invalid("\(label) is \(item.typeName), not a JSON object.")
        }
        guard let nameValue = object["event"] else {
            throw CollectorError.invalid("\(label) has no \"event\" name.")
        }
        guard let name = nameValue.string, !name.isEmpty else {
            throw CollectorError.invalid(
                "\(label)'s \"event\" must be a non-empty string; it is \(nameValue.typeName == "a string" ? "empty" : nameValue.typeName)."
            )
        }
        var properties: [String: AnalyticsJSON] = [:]
        if let value = object["properties"], value != .null {
            guard let members = value.object else {
                throw CollectorError.invalid(
                    "\(label)'s \"properties\" is \(value.typeName); it must be a JSON object.")
            }
            properties = members
        }
        let distinctValue = [
            object["distinct_id"], object["$distinct_id"], properties["distinct_id"], properties["$distinct_id"],
        ]
        .compactMap { $0 }.first { $0 != .null }
        let distinctID: String
        switch distinctValue {
        case .string(let text)?: distinctID = text
        case .int(let number)?: distinctID = String(number)
        case nil:
            throw CollectorError.invalid(
                "\(label) (\(name)) has no distinct_id; give it at the top of the event or in its properties.")
        case let other?:
            throw CollectorError.invalid("\(label) (\(name))'s distinct_id is \(other.typeName); it must be a string.")
        }
        guard !distinctID.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw CollectorError.invalid("\(label) (\(name)) has an empty distinct_id.")
        }
        var timestamp = now
        if let value = object["timestamp"], value != .null {
            guard let text = value.string, let parsed = ISO8601Timestamp.parse(text) else {
                throw CollectorError.invalid(
                    "\(label) (\(name))'s timestamp \(value.string.map { "\"\($0)\"" } ?? value.typeName) is not an ISO 8601 time such as 2026-01-02T03:04:05.678Z."
                )
            }
            timestamp = parsed
        }
        var uuid = UUID().uuidString.lowercased()
        if let value = object["uuid"], value != .null {
            guard let text = value.string, let parsed = UUID(uuidString: text) else {
                throw CollectorError.invalid(
                    "\(label) (\(name))'s uuid \(value.string.map { "\"\($0)\"" } ?? value.typeName) is not a UUID; leave it out to have one made."
                )
            }
            uuid = parsed.uuidString.lowercased()
        }
        return CollectedEvent(
            uuid: uuid, projectKey: apiKey, event: String(name.prefix(maximumNameLength)),
            distinctID: String(distinctID.prefix(maximumNameLength)),
            properties: properties, timestamp: timestamp, receivedAt: now)
    }

    /// The JSON parser's complaint in a few words.
    private static func describe(_ error: any Error) -> String {
        if case DecodingError.dataCorrupted(let context) = error {
            let underlying =
                context.underlyingError.map {
                    " \(($0 as NSError).userInfo[NSDebugDescriptionErrorKey] ?? $0.localizedDescription)"
                } ?? ""
            return context.debugDescription + underlying
        }
        return DecodingErrorSummary.describe(error)
    }
}

/// ISO 8601 times as PostHog's clients write them: `2026-01-02T03:04:05Z`, with any number of fractional
/// digits (Python writes microseconds) and a `Z` or `±hh:mm` offset (none means UTC).
enum ISO8601Timestamp {
    static func parse(_ text: String) -> Date? {
        guard
            let match = text.wholeMatch(
                of: /(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2}):(\d{2})(?:[.,](\d{1,9}))?(Z|z|[+-]\d{2}:?\d{2})?/)
        else { return nil }
        guard let year = Int(match.1), let month = Int(match.2), let day = Int(match.3),
            let hour = Int(match.4), let minute = Int(match.5), let second = Int(match.6),
            (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61
        else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        guard
            let base = calendar.date(
                from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second))
        else { return nil }
        var offset = 0
        if let zone = match.8, zone != "Z", zone != "z" {
            let digits = zone.dropFirst().filter(\.isNumber)
            guard digits.count == 4, let hours = Int(digits.prefix(2)), let minutes = Int(digits.suffix(2)) else {
                return nil
            }
            offset = (hours * 3600 + minutes * 60) * (zone.hasPrefix("-") ? -1 : 1)
        }
        // Microseconds counted as an integer, so they survive Double's rounding.
        var micros = 0
        if let fraction = match.7 {
            let padded = (String(fraction) + "000000").prefix(6)
            micros = Int(padded) ?? 0
        }
        let seconds = Int64(base.timeIntervalSince1970) - Int64(offset)
        return Date(timeIntervalSince1970: Double(seconds) + Double(micros) / 1_000_000)
    }
}
