import Foundation
import HearthCore
import Hummingbird

/// Ids in the pages' paths are typed where the router hands them over: every record the pages name (a household,
/// an item, a booking, a vehicle, a group…) has a UUID for its id, so a path segment that is not one is answered
/// as a page that does not exist, before anything looks it up or prints it.
extension Parameters {
    /// The id in the path segment `name`, as written (a UUID); `NOT_FOUND` when it is not one.
    func id(_ name: String) throws -> String {
        String(try idText(name))
    }

    /// The UUID in the path segment `name`; `NOT_FOUND` when it is not one.
    func uuid(_ name: String) throws -> UUID {
        let text = try idText(name)
        guard let id = UUID(uuidString: String(text)) else { throw Self.unknown(name) }
        return id
    }

    private func idText(_ name: String) throws -> Substring {
        guard let text = self[name[...]], text.utf8.count == 36, UUID(uuidString: String(text)) != nil else {
            throw Self.unknown(name)
        }
        return text
    }

    /// Not found, without repeating what was asked for: a path is the visitor's to write.
    private static func unknown(_ name: String) -> ServiceError {
        ServiceError.notFound("This \(name)")
    }
}
