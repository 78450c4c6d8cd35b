import Foundation
import HearthCore
public import HearthPantryModel
public import Logging

/// Keeps the user's households and permission rules current with what other members do.
///
/// Once started, it follows `householdChanged` for every household the user belongs to. Each change (a member
/// joined, left, was removed or changed role; the household was renamed) empties ``HouseholdService``'s cache
/// and asks the server again, so ``HouseholdServicing/watchHouseholds()`` yields the new members, and refreshes
/// ``PermissionService``'s rules, so a role given or taken counts at once. When a household's stream ends (the
/// user was removed, or it was deleted) both are refreshed too and the household is no longer followed; the
/// households the user joins through ``HouseholdService`` are followed from then on. After a dropped connection
/// comes back, everything is refreshed, since changes may have been missed meanwhile.
///
/// ```swift
/// try await services.membershipUpdates().start()
/// for try await households in try services.households().watchHouseholds() { show(households) }
/// ```
public protocol MembershipUpdating: Sendable {
    /// Follows every household the user belongs to now, and those they join later through the household service.
    func start() async throws
    /// Follows the households the user belongs to now (new ones added, ones left dropped), when started.
    func sync() async throws
    /// Stops following every household.
    func stopAll() async
    /// The changes received so far, in order, as they arrive (an ended stream as a `removed` notice).
    nonisolated func changes() -> AsyncStream<HouseholdChangeNotice>
}

/// ``MembershipUpdating`` over a ``GraphQLSubscribing`` (the ``GraphQLSubscriptionClient``).
public actor MembershipUpdates: MembershipUpdating, SessionScoped {
    private let households: any HouseholdServicing
    private let permissions: any PermissionServicing
    /// What the households are followed with (the WebSocket client).
    public nonisolated let subscriptions: any GraphQLSubscribing
    private var running = false
    private var following: [String: Task<Void, Never>] = [:]
    /// The listeners of ``changes()``: each keeps the newest 256 notices it has not read.
    private let listeners = Broadcast<HouseholdChangeNotice, Void>(bufferingNewest: 256)
    private let logger: Logger

    public init(
        households: any HouseholdServicing, permissions: any PermissionServicing, subscriptions: any GraphQLSubscribing,
        logger: Logger = Logger(label: "hearth.pantry.membership-updates")
    ) {
        self.households = households
        self.permissions = permissions
        self.subscriptions = subscriptions
        self.logger = logger
    }

    /// The households followed now, by id.
    public var followed: [String] { following.keys.sorted() }

    public func start() async throws {
        running = true
        try await sync()
    }

    public func sync() async throws {
        guard running else { return }
        let ids = Set(try await households.households().map(\.id))
        for id in ids where following[id] == nil { follow(id) }
        for (id, task) in following where !ids.contains(id) {
            following[id] = nil
            task.cancel()
        }
    }

    public func stopAll() async {
        running = false
        let tasks = following.values
        following = [:]
        for task in tasks { task.cancel() }
        for task in tasks { await task.value }
    }

    /// Stops following, and ends every stream ``changes()`` gave.
    public func forgetSession() async {
        await stopAll()
        listeners.finishAll()
    }

    public nonisolated func changes() -> AsyncStream<HouseholdChangeNotice> {
        listeners.subscribe()
    }

    private func follow(_ id: String) {
        let stream = subscriptions.subscribe(HouseholdChangedSubscription(householdId: id)) {
            [weak self] reconnection in
            guard reconnection > 0 else { return }
            await self?.refreshAll()
        }
        following[id] = Task { [weak self, logger] in
            do {
                for try await change in stream {
                    await self?.heard(change)
                }
            } catch is CancellationError {
            } catch {
                logger.warning(
                    "Stopped following the household", metadata: ["household": "\(id)", "error": "\(error)"])
            }
            await self?.ended(id)
        }
    }

    private func heard(_ change: HouseholdChangeNotice) async {
        await refreshAll()
        listeners.publish(change)
    }

    /// A household's stream ended: the user left or was removed, or it was deleted (or it was stopped).
    private func ended(_ id: String) async {
        guard running, following[id] != nil else { return }
        following[id] = nil
        await refreshAll()
        try? await sync()
        let notice = HouseholdChangeNotice(kind: "removed", householdId: id, household: nil)
        listeners.publish(notice)
    }

    private func refreshAll() async {
        await households.refresh()
        do {
            try await permissions.refresh()
        } catch {
            logger.warning("Could not refresh the permission rules", metadata: ["error": "\(error)"])
        }
    }
}
