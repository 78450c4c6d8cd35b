import Graphiti
import HearthCloud
import HearthCore
import HearthPantryModel
import HearthPermissions

extension PantryResolver {
    /// The changes to one household the caller belongs to, as mutations commit them (on PostgreSQL, those of
    /// every server process on the database), until the household is deleted or the caller leaves it (the
    /// stream then ends).
    func householdChanged(context: PantryContext, arguments: IDArguments) async throws -> AsyncThrowingStream<
        HouseholdChangeEvent, any Error
    > {
        let viewer = try context.signedIn()
        _ = try await Self.stored(arguments.id, context)
        let householdID = arguments.id
        let store = context.store
        let notices = store.database.notices.subscribe()
        return AsyncThrowingStream { continuation in
            let task = Task {
                for await notice in notices {
                    guard let change = HouseholdChange(notice), change.householdID == householdID else { continue }
                    // Membership is checked again at each change: someone removed stops hearing of the household.
                    let stillMember = try? await store.memberships(ofUsers: [viewer.userID])[viewer.userID]?.contains {
                        $0.householdId == householdID
                    }
                    if change.kind != .deleted, stillMember != true { break }
                    let household =
                        change.kind == .deleted ? nil : try? await store.households(ids: [householdID])[householdID]
                    context.resetLoaders()
                    continuation.yield(
                        HouseholdChangeEvent(householdID: householdID, kind: change.kind, household: household))
                    if change.kind == .deleted || household == nil { break }
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}

extension PantryResolver {
    /// The changes to one household's items, stock, recipes and shopping list, by any member, as they commit (on
    /// PostgreSQL, those of every server process on the database). Members only; the stream ends when the
    /// household is deleted or the caller leaves it.
    func pantryChanged(context: PantryContext, arguments: PantryChangedArguments) async throws -> AsyncThrowingStream<
        PantryChangeEvent, any Error
    > {
        let viewer = try context.signedIn()
        let (household, ability) = try await Self.stored(arguments.householdId, context)
        try Self.allowContent(ability, "read", PantryPermissions.Subject.pantryItem, household)
        let householdID = household.id
        let store = context.store
        let notices = store.database.notices.subscribe()
        return AsyncThrowingStream { continuation in
            let task = Task {
                for await notice in notices {
                    if let ended = HouseholdChange(notice), ended.householdID == householdID, ended.kind == .deleted {
                        break
                    }
                    guard let change = PantryChange(notice), change.householdID == householdID else { continue }
                    // Membership is checked again at each change: someone removed stops hearing of the pantry.
                    let stillMember = try? await store.memberships(ofUsers: [viewer.userID])[viewer.userID]?.contains {
                        $0.householdId == householdID
                    }
                    guard stillMember == true else { break }
                    let item =
                        change.itemID == nil || change.kind == .itemDeleted
                        ? nil : try? await store.item(id: change.itemID!)
                    context.resetLoaders()
                    continuation.yield(PantryChangeEvent(change: change, item: item))
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}
