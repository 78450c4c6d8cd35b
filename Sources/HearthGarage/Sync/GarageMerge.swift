import Foundation
public import HearthCloudModel
public import HearthSync

/// A three-way merge of a garage record changed on this device and on the server since they last agreed.
///
/// Field by field: a field changed on one side keeps that change; a field changed on both keeps the side
/// whose record was modified later (`modifiedAt`; the server on a tie). Some fields belong together and are
/// settled as a group by a rule of their own when both sides changed the group: a vehicle's odometer keeps
/// the highest reading (with the time it was read), a service's last-done and due values follow the latest
/// completion. Without an ancestor every differing field counts as changed on both sides.
///
/// Pure: the result depends on the three versions alone, as ``SyncConflictPolicy/merge(_:)`` requires.
public struct GarageMerge: Sendable {
    /// Fields settled together: `prefersClient` returns true (client), false (server) or nil (settle the
    /// fields one by one).
    public struct Group: Sendable {
        public var fields: [String]
        public var prefersClient:
            @Sendable (_ client: [String: CloudFieldValue], _ server: [String: CloudFieldValue]) -> Bool?

        public init(
            fields: [String],
            prefersClient: @escaping @Sendable ([String: CloudFieldValue], [String: CloudFieldValue]) -> Bool?
        ) {
            self.fields = fields
            self.prefersClient = prefersClient
        }
    }

    public var groups: [Group]

    public init(groups: [Group]) {
        self.groups = groups
    }

    /// The merge as a conflict policy.
    public var policy: SyncConflictPolicy {
        let merge = self
        return .merge { conflict in merge.merge(conflict) }
    }

    /// Vehicles: the highest odometer reading wins, with its time; the other fields by the later edit.
    public static let vehicle = GarageMerge(groups: [
        Group(fields: ["currentMileage", "mileageUpdatedAt"]) { client, server in
            let mine = client["currentMileage"].flatMap(GarageMerge.integer) ?? 0
            let theirs = server["currentMileage"].flatMap(GarageMerge.integer) ?? 0
            return mine == theirs ? nil : mine > theirs
        }
    ])

    /// Services: the last-done and due values come from the latest completion (later day, then higher
    /// mileage); the other fields by the later edit.
    public static let service = GarageMerge(groups: [
        Group(fields: ["lastPerformed", "lastMileage", "dueDate", "dueMileage"]) { client, server in
            let mine = (
                GarageMerge.text(client["lastPerformed"]), client["lastMileage"].flatMap(GarageMerge.integer) ?? -1
            )
            let theirs = (
                GarageMerge.text(server["lastPerformed"]), server["lastMileage"].flatMap(GarageMerge.integer) ?? -1
            )
            if mine == theirs { return nil }
            return mine > theirs
        }
    ])

    /// The merged fields.
    public func merge(_ conflict: SyncConflict) -> [String: CloudFieldValue] {
        let client = conflict.client.fields
        let server = conflict.server.fields
        let ancestor = conflict.ancestor?.fields
        let clientIsLater =
            (Self.milliseconds(client["modifiedAt"]) ?? .min) > (Self.milliseconds(server["modifiedAt"]) ?? .min)
        func changed(_ name: String, _ side: [String: CloudFieldValue]) -> Bool {
            guard let ancestor else { return true }
            return side[name] != ancestor[name]
        }
        var merged = server
        func take(_ name: String) { merged[name] = client[name] }
        var grouped = Set<String>()
        for group in groups {
            grouped.formUnion(group.fields)
            let clientChanged = group.fields.contains { changed($0, client) }
            let serverChanged = group.fields.contains { changed($0, server) }
            guard clientChanged else { continue }
            let useClient: Bool
            if !serverChanged {
                useClient = true
            } else if let rule = group.prefersClient(client, server) {
                useClient = rule
            } else {
                for name in group.fields
                where client[name] != server[name]
                    && (!changed(name, server) || (changed(name, client) && clientIsLater))
                {
                    take(name)
                }
                continue
            }
            if useClient { group.fields.forEach(take) }
        }
        for name in Set(client.keys).union(server.keys)
        where !grouped.contains(name) && name != "modifiedAt" && client[name] != server[name] {
            guard changed(name, client) else { continue }
            if !changed(name, server) || clientIsLater { take(name) }
        }
        // The merged record is a change made now on top of both: it carries the later of the two times.
        if clientIsLater { take("modifiedAt") }
        return merged
    }

    private static func integer(_ value: CloudFieldValue) -> Int64? {
        if case .int64(let number) = value { return number }
        return nil
    }

    private static func text(_ value: CloudFieldValue?) -> String {
        if case .string(let text)? = value { return text }
        return ""
    }

    private static func milliseconds(_ value: CloudFieldValue?) -> Int64? {
        if case .date(let milliseconds)? = value { return milliseconds }
        return nil
    }
}
