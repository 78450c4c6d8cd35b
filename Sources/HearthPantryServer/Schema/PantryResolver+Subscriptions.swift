import Graphiti
import HearthCloud
import HearthCore
import HearthPantryModel

extension PantryResolver {
    /// The changes to one household the caller belongs to, as mutations commit them (on PostgreSQL, those of
    /// every server process on the database), until the household is deleted or the caller leaves it (the
    /// stream then ends).
    func householdChanged(context: PantryContext, arguments: IDArguments) async throws -> AsyncThrowingStream<HouseholdChangeEvent, any Error> {
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
                    let stillMember = try? await store.memberships(ofUsers: [viewer.userID])[viewer.userID]?.contains { $0.householdId == householdID }
                    if change.kind != .deleted, stillMember != true { break }
                    let household = change.kind == .deleted ? nil : try? await store.households(ids: [householdID])[householdID]
                    context.resetLoaders()
                    continuation.yield(HouseholdChangeEvent(householdID: householdID, kind: change.kind, household: household))
                    if change.kind == .deleted || household == nil { break }
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}
