import Foundation
import HearthCore
public import HearthPantryModel
public import Logging

/// Keeps watched pantry queries current with changes other clients make.
///
/// For each household it follows, it subscribes to `pantryChanged` and, when a change arrives, asks the server
/// again for the watched queries that read what changed — items and what can be cooked for item and stock
/// changes, recipes for recipe changes, the shopping list for list changes — so ``GraphQLServing/watch(_:policy:)``
/// yields the new answer. After a reconnection it refreshes all of the household's watched queries, since
/// changes may have been missed while the socket was down.
///
/// ```swift
/// try await services.liveUpdates().follow(householdId: home.id)
/// for try await items in services.pantry().watchItems(in: home.id) { show(items) }
/// ```
public protocol PantryLiveUpdating: Sendable {
    /// Starts following the household's changes (once; following it again changes nothing).
    func follow(householdId: String) async throws
    /// Stops following the household.
    func stop(householdId: String) async
    /// Stops following every household.
    func stopAll() async
    /// Drops the connections and opens them again at once (after a network change, say); watched queries are
    /// refreshed once they are back.
    func reconnect() async
    /// The changes received so far for households followed, in order, as they arrive.
    nonisolated func changes() -> AsyncStream<PantryChangeNotice>
}

/// ``PantryLiveUpdating`` over a ``GraphQLSubscribing`` (the ``GraphQLSubscriptionClient``) and the ``GraphQLServing`` whose watchers it refreshes.
public actor PantryLiveUpdates: PantryLiveUpdating, SessionScoped {
    private let graphQL: any GraphQLServing
    /// What the households are followed with (the WebSocket client).
    public nonisolated let subscriptions: any GraphQLSubscribing
    private var following: [String: Task<Void, Never>] = [:]
    /// The listeners of ``changes()``: each keeps the newest 256 notices it has not read.
    private let listeners = Broadcast<PantryChangeNotice, Void>(bufferingNewest: 256)
    private let logger: Logger

    public init(
        graphQL: any GraphQLServing, subscriptions: any GraphQLSubscribing,
        logger: Logger = Logger(label: "hearth.pantry.live-updates")
    ) {
        self.graphQL = graphQL
        self.subscriptions = subscriptions
        self.logger = logger
    }

    /// The households followed now.
    public var households: [String] { following.keys.sorted() }

    public func follow(householdId: String) async throws {
        let id = householdId.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !id.isEmpty else { throw ServiceError.validationFailed("Household id cannot be empty") }
        guard following[id] == nil else { return }
        let graphQL = self.graphQL
        let stream = subscriptions.subscribe(PantryChangedSubscription(householdId: id)) { reconnection in
            guard reconnection > 0 else { return }
            await graphQL.refetchWatched { _, variables in Self.reads(variables, household: id) }
        }
        following[id] = Task { [listeners, logger] in
            do {
                for try await change in stream {
                    listeners.publish(change)
                    await graphQL.refetchWatched { document, variables in
                        Self.reads(variables, household: id)
                            && Self.fields(for: change).contains { document.contains($0 + "(") }
                    }
                }
            } catch is CancellationError {
            } catch {
                // A refusal (no longer a member, signed out) or an event that cannot be read ends following; the
                // watchers keep their last answers.
                logger.warning(
                    "Stopped following the household's changes", metadata: ["household": "\(id)", "error": "\(error)"])
            }
            self.ended(id)
        }
    }

    /// Stops following the household, and waits until its connection is closed.
    public func stop(householdId: String) async {
        guard let task = following.removeValue(forKey: householdId) else { return }
        task.cancel()
        await task.value
    }

    /// Stops following every household, and waits until their connections are closed.
    public func stopAll() async {
        let tasks = following.values
        following = [:]
        for task in tasks { task.cancel() }
        for task in tasks { await task.value }
    }

    /// Stops following every household, and ends every stream ``changes()`` gave.
    public func forgetSession() async {
        await stopAll()
        listeners.finishAll()
    }

    public func reconnect() async {
        await subscriptions.reconnect()
    }

    public nonisolated func changes() -> AsyncStream<PantryChangeNotice> {
        listeners.subscribe()
    }

    private func ended(_ id: String) {
        following[id] = nil
    }

    /// True when a query's variables name the household (as `id` or `householdId`).
    static func reads(_ variables: [String: RawJSON], household: String) -> Bool {
        variables["id"] == .string(household) || variables["householdId"] == .string(household)
    }

    /// The top-level fields whose answers a change may alter.
    static func fields(for change: PantryChangeNotice) -> [String] {
        var fields: [String] = []
        if change.touchesItems { fields += ["items", "cookableRecipes", "household"] }
        if change.touchesRecipes { fields += ["recipes", "cookableRecipes"] }
        if change.touchesShoppingList { fields += ["shoppingList"] }
        return fields
    }
}
