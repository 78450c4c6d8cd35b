import Foundation
public import HearthCore

/// Where a vehicle document with an expiry day stands today.
public struct DocumentDue: Sendable, Hashable, Codable {
    public var document: VehicleDocument
    /// Expired, expiring soon (within 30 days) or good.
    public var status: VehicleDocument.Status
    /// Days from today to the expiry day (negative once it has passed).
    public var daysLeft: Int

    /// The documents of `documents` that expire, soonest first, as of `today`.
    public static func make(_ documents: [VehicleDocument], today: CalendarDay) -> [DocumentDue] {
        documents.compactMap { document in
            document.expiresOn.map {
                DocumentDue(document: document, status: document.status(today: today), daysLeft: today.days(until: $0))
            }
        }
        .sorted {
            ($0.daysLeft, $0.document.label, $0.document.id.uuidString) < (
                $1.daysLeft, $1.document.label, $1.document.id.uuidString
            )
        }
    }
}
