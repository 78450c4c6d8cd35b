import Foundation

/// The key of one stored row: its kind and id.
struct EntityKey: Hashable, Sendable {
    let entity: FinanceEntity
    let id: UUID
}
