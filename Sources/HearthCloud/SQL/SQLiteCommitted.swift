import Foundation
import HearthCloudModel
import Synchronization

/// The change events and notices a SQLite transaction publishes once it commits.
struct SQLiteCommitted: Sendable {
    var events: [CloudChangeEvent] = []
    var notices: [SQLNotice] = []
}
