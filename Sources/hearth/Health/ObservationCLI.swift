import Foundation
import HearthCore
import HearthHealth

/// What `hearth health labs` and `vitals` share: finding the person, reading numbers and dates, showing results.
enum ObservationCLI {
    /// The record `reference` names (see ``HealthOptions/record(_:in:)``), or the one person whose given, family or
    /// nick name it is ("Ana" finds "García - Ana").
    static func person(_ reference: String, options: HealthOptions, in service: HealthRecordService) async throws
        -> MedicalRecord
    {
        do {
            return try await options.record(reference, in: service)
        } catch let error as ServiceError where error.code == .notFound {
            let key = HealthValidation.searchKey(reference)
            let named = try await service.records().filter { record in
                [record.personalGivenName, record.personalFamilyName, record.personalNickName, record.personalName]
                    .contains { !$0.isEmpty && HealthValidation.searchKey($0) == key }
            }
            guard named.count == 1 else {
                if named.count > 1 {
                    throw ServiceError.validationFailed(
                        "\"\(reference)\" names \(named.count) records; give the full name or the start of the id (see `hearth health record list`)"
                    )
                }
                throw error
            }
            return named[0]
        }
    }

    /// `text` as a Decimal ("5.9", "-1", "1e3" refused), or nil when absent.
    static func number(_ text: String?, _ label: String) throws -> Decimal? {
        guard let text else { return nil }
        guard text.count <= 40, text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "." || $0 == "-") }),
            let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))
        else {
            throw ServiceError.validationFailed("\(label) \"\(text)\" is not a number; write it like 5.9")
        }
        return value
    }

    /// The --date given, or today.
    static func effective(_ text: String?) throws -> String {
        guard let text else { return CalendarDay(Date(), in: .current).iso }
        guard HealthObservation.isDateTime(text) else {
            throw ServiceError.validationFailed(
                "--date \"\(text)\" is not a date; write yyyy-MM-dd or an ISO 8601 time such as 2026-10-01T08:30:00Z")
        }
        return text
    }

    /// One line of a list: "1f2e3d4c  2026-10-01  HbA1c  5.9 %  (4–5.6)  H".
    static func line(_ observation: HealthObservation) -> String {
        var parts = [
            String(observation.id.uuidString.lowercased().prefix(8)), observation.date?.iso ?? "—", observation.name,
            observation.valueDescription,
        ]
        if !observation.unitIsKnown { parts.append("[unit not UCUM]") }
        if observation.low != nil || observation.high != nil {
            parts.append("(\(observation.low.map { "\($0)" } ?? "")–\(observation.high.map { "\($0)" } ?? ""))")
        }
        if let flag = observation.flag { parts.append(flag.rawValue) }
        return parts.joined(separator: "  ")
    }

    /// An observation as `--json` prints it: its stored form plus the flag and whether the unit is known.
    struct View: Encodable {
        var recordID: String
        var observation: HealthObservation
        var flag: ObservationFlag?
        var unitIsKnown: Bool

        init(_ observation: HealthObservation, recordID: String) {
            self.recordID = recordID
            self.observation = observation
            flag = observation.flag
            unitIsKnown = observation.unitIsKnown
        }
    }
}
