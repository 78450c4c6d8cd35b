public import Foundation
import GRDB

/// A file kept with a service log entry — a receipt photo, an invoice — referenced by its path on this
/// device. The file itself stays where it is; only its path and an optional caption are stored.
public struct ServiceLogAttachment: GarageRecord, Equatable, Hashable {
    public static let databaseTableName = "garageServiceLogAttachment"
    public static let entity = GarageEntity.serviceLogAttachment

    public let id: UUID
    /// The log entry the file belongs to.
    public var serviceLogID: UUID
    /// Where the file is, as an absolute path.
    public var path: String
    /// A line describing the file, such as "Invoice"; reports show the file name when there is none.
    public var caption: String?
    public var createdAt: Date
    public var modifiedAt: Date

    public init(
        id: UUID = UUID(), serviceLogID: UUID, path: String, caption: String? = nil, createdAt: Date = Date(),
        modifiedAt: Date? = nil
    ) {
        self.id = id
        self.serviceLogID = serviceLogID
        self.path = path
        self.caption = caption
        self.createdAt = createdAt
        self.modifiedAt = modifiedAt ?? createdAt
    }

    /// The file's name, the last part of its path.
    public var fileName: String { URL(fileURLWithPath: path).lastPathComponent }
}

extension GarageEntity {
    /// A ``ServiceLogAttachment``.
    public static let serviceLogAttachment = GarageEntity(rawValue: "serviceLogAttachment")
}
