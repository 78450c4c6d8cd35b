import Foundation
import GRDB
import HearthCore
import HearthStore
import Logging
import ServiceLifecycle

/// What a reminder id refers to, read back from the id itself.
enum ReminderSubject: Equatable {
    case service(UUID)
    case expense(UUID)
    case marbete(UUID)
    case document(UUID)
    case mileage(UUID)
    case roundup(UUID, year: Int)

    var category: ReminderCategory {
        switch self {
        case .service: .serviceDue
        case .expense: .expenseDue
        case .marbete: .marbeteDue
        case .document: .documentExpiring
        case .mileage: .mileageReminder
        case .roundup: .yearlyRoundup
        }
    }

    /// The subject of `id`: `service-<uuid>-<suffix>`, `expense-<uuid>-<suffix>`, `marbete-<uuid>-<N>d`, `document-<uuid>-<suffix>`,
    /// `mileage-reminder-<uuid>`,
    /// `yearly-roundup-<uuid>-<year>`.
    static func parse(_ id: String) throws -> ReminderSubject {
        func uuid(in text: Substring) -> UUID? { text.count >= 36 ? UUID(uuidString: String(text.prefix(36))) : nil }
        if id.hasPrefix("service-"), let value = uuid(in: id.dropFirst(8)) { return .service(value) }
        if id.hasPrefix("expense-"), let value = uuid(in: id.dropFirst(8)) { return .expense(value) }
        if id.hasPrefix("marbete-"), let value = uuid(in: id.dropFirst(8)) { return .marbete(value) }
        if id.hasPrefix("document-"), let value = uuid(in: id.dropFirst(9)) { return .document(value) }
        if id.hasPrefix("mileage-reminder-"), let value = uuid(in: id.dropFirst(17)) { return .mileage(value) }
        if id.hasPrefix("yearly-roundup-"), let value = uuid(in: id.dropFirst(15)),
            let year = Int(id.dropFirst(15 + 37))
        {
            return .roundup(value, year: year)
        }
        throw ServiceError.validationFailed(
            "\"\(id)\" is not a garage reminder id; ids look like service-<id>-7d, expense-<id>-7d, marbete-<id>-30d, document-<id>-30d, mileage-reminder-<id> or yearly-roundup-<id>-<year>"
        )
    }
}
