import Crypto
public import Foundation
public import HearthCore

/// What became of one scheduled dose of a medication: taken (and when), or skipped (and why).
///
/// Its id is made from the medication and the dose's slot (``id(medication:slot:)``), so two devices recording
/// the same dose write the same entry, and sync merges them into one.
public struct DoseRecord: HealthEntry {
    public static let kind = HealthEntryKind.dose
    /// The longest reason kept, in characters.
    public static let reasonLimit = 1_000

    /// Taken or skipped.
    public enum Status: String, Sendable, Codable, Hashable, CaseIterable {
        case taken, skipped
    }

    public var id: UUID
    /// The id of the medication's drug entry.
    public var medicationID: UUID
    public var slot: DoseSlot
    public var status: Status
    /// When it was taken (taken doses only).
    public var takenAt: Date?
    /// Why it was skipped ("" when not given).
    public var reason: String
    /// When this was recorded.
    public var recordedAt: Date

    public init(
        medicationID: UUID, slot: DoseSlot, status: Status, takenAt: Date? = nil, reason: String = "",
        recordedAt: Date
    ) {
        self.id = Self.id(medication: medicationID, slot: slot)
        self.medicationID = medicationID
        self.slot = slot
        self.status = status
        self.takenAt = takenAt
        self.reason = reason
        self.recordedAt = recordedAt
    }

    public var date: CalendarDay? { slot.day }

    /// The id of the record of `slot` of `medication`: the same on every device (a name-based UUID, version 5
    /// layout, from SHA-256 of the medication id and the slot).
    public static func id(medication: UUID, slot: DoseSlot) -> UUID {
        let name = "hearth-dose|\(medication.uuidString.lowercased())|\(slot.day.iso)|\(slot.time)"
        var bytes = Array(SHA256.hash(data: Data(name.utf8)).prefix(16))
        bytes[6] = (bytes[6] & 0x0F) | 0x50
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        return UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8], bytes[9],
                bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
    }

    public func problems() -> [String] {
        var problems: [String] = []
        if id != Self.id(medication: medicationID, slot: slot) {
            problems.append(
                "Dose record \(id.uuidString) does not carry the id of its medication and time (\(slot)); record the dose again"
            )
        }
        if status == .taken && takenAt == nil { problems.append("A taken dose needs the time it was taken") }
        if status == .skipped && takenAt != nil { problems.append("A skipped dose has no time taken") }
        if reason.count > Self.reasonLimit {
            problems.append("The reason is \(reason.count) characters; keep it to \(Self.reasonLimit)")
        }
        return problems
    }
}
