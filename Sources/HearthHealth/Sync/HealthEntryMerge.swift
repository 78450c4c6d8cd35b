import Foundation
import HearthCloudModel
import HearthCore
import HearthSync

/// How a record's entry lists merge when both this device and another changed one before either synced.
///
/// Each kind of entry travels as one field holding a JSON array (``HealthCloudRecord/relationshipKeys``).
/// Field-level last writer wins would keep one side's list whole and lose the other's entries, so these
/// fields merge entry by entry, by entry id, against the version both sides started from:
///
/// | ancestor | this device | the server | result |
/// |---|---|---|---|
/// | — | added | — | kept |
/// | — | — | added | kept |
/// | present | deleted | unchanged or edited | deleted (a deletion wins, as it does for records) |
/// | present | unchanged or edited | deleted | deleted |
/// | present | edited | edited | merged value by value: a value changed on one side keeps that change; one changed on both keeps the later edit |
///
/// The merged list keeps the server's order, with this device's new entries after it. A list that cannot be
/// read as entries with ids falls back to the later edit, as other fields do (the record's checks then
/// report what is wrong with it).
enum HealthEntryMerge {
    /// A merge for every entry field.
    static var merges: [String: SyncFieldMerge] {
        Dictionary(uniqueKeysWithValues: HealthCloudRecord.relationshipKeys.map { ($0, mergeField) })
    }

    /// Merges one entry field changed on both sides.
    static func mergeField(_ conflict: SyncFieldConflict) throws -> CloudFieldValue? {
        let lastWriter = conflict.clientIsLater ? conflict.client : conflict.server
        guard let client = entries(conflict.client), let server = entries(conflict.server) else { return lastWriter }
        let ancestor: [Entry]
        if conflict.ancestor == nil {
            ancestor = []
        } else if let read = entries(conflict.ancestor) {
            ancestor = read
        } else {
            return lastWriter
        }
        let merged = merge(ancestor: ancestor, client: client, server: server, clientIsLater: conflict.clientIsLater)
        // The same list as one side keeps that side's exact text, so nothing is sent or saved for nothing.
        if merged == server { return conflict.server }
        if merged == client { return conflict.client }
        return .string(try HealthRecordService.encode(merged.map { AnyJSON.object($0.values) }))
    }

    /// One entry: its members, and its id.
    struct Entry: Equatable {
        var id: String
        var values: [String: AnyJSON]
    }

    /// The entries a field holds, or nil when it is not a JSON array of objects with distinct string ids.
    /// An absent field holds none.
    static func entries(_ value: CloudFieldValue?) -> [Entry]? {
        guard let value else { return [] }
        guard case .string(let text) = value,
            let items = try? JSONDecoder().decode([AnyJSON].self, from: Data(text.utf8))
        else { return nil }
        var seen = Set<String>()
        var result: [Entry] = []
        for item in items {
            guard let object = item.object, let id = object["id"]?.string, seen.insert(id).inserted else { return nil }
            result.append(Entry(id: id, values: object))
        }
        return result
    }

    /// The three-way merge of entry lists by id.
    static func merge(ancestor: [Entry], client: [Entry], server: [Entry], clientIsLater: Bool) -> [Entry] {
        let before = Dictionary(uniqueKeysWithValues: ancestor.map { ($0.id, $0) })
        let mine = Dictionary(uniqueKeysWithValues: client.map { ($0.id, $0) })
        let theirs = Set(server.map(\.id))
        var result: [Entry] = []
        for entry in server {
            let original = before[entry.id]
            guard let local = mine[entry.id] else {
                // Gone here: deleted on this device when it was known before, else new on the server.
                if original == nil { result.append(entry) }
                continue
            }
            result.append(mergeEntry(original, local, entry, clientIsLater: clientIsLater))
        }
        for entry in client where !theirs.contains(entry.id) && before[entry.id] == nil {
            // New on this device (one known before and missing on the server was deleted there).
            result.append(entry)
        }
        return result
    }

    /// One entry edited on both sides, value by value.
    static func mergeEntry(_ original: Entry?, _ local: Entry, _ remote: Entry, clientIsLater: Bool) -> Entry {
        if local == original { return remote }
        if remote == original || remote == local { return local }
        var values: [String: AnyJSON] = [:]
        for key in Set(local.values.keys).union(remote.values.keys) {
            let base = original?.values[key]
            let mine = local.values[key]
            let theirs = remote.values[key]
            let chosen: AnyJSON? =
                if mine == base { theirs } else if theirs == base { mine } else if clientIsLater { mine } else {
                    theirs
                }
            if let chosen { values[key] = chosen }
        }
        return Entry(id: remote.id, values: values)
    }
}
