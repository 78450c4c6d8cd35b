import Crypto
public import Foundation

/// What one content key protects: a whole zone of its owner's (the records not shared), or one shared record
/// and what hangs under it, so the people in one share never hold the key of another.
public struct KeyScope: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The zone owner's user record name.
    public var ownerRecordName: String
    /// The zone's name.
    public var zoneName: String
    /// The shared record, or nil for the zone's own key.
    public var rootRecordName: String?

    public init(ownerRecordName: String, zoneName: String, rootRecordName: String? = nil) {
        self.ownerRecordName = ownerRecordName
        self.zoneName = zoneName
        self.rootRecordName = rootRecordName
    }

    /// The scope's key lineage as stored and named: the root record's name, or "" for the zone.
    var rootKey: String { rootRecordName ?? "" }

    public var description: String {
        rootRecordName.map { "record \($0) in \(ownerRecordName)'s zone \(zoneName)" }
            ?? "\(ownerRecordName)'s zone \(zoneName)"
    }
}

/// One epoch of a scope's content key: 256 random bits. A new epoch begins whenever someone leaves the scope.
public struct ContentKey: Sendable, Hashable {
    public var scope: KeyScope
    /// Counts from 1; the newest epoch seals new writes.
    public var epoch: Int
    /// The ChaCha20-Poly1305 key.
    public let keyData: Data
    /// The key as swift-crypto takes it, made once.
    let symmetricKey: SymmetricKey

    public init(scope: KeyScope, epoch: Int, keyData: Data) {
        self.scope = scope
        self.epoch = epoch
        self.keyData = keyData
        self.symmetricKey = SymmetricKey(data: keyData)
    }

    public static func == (lhs: ContentKey, rhs: ContentKey) -> Bool {
        lhs.scope == rhs.scope && lhs.epoch == rhs.epoch && lhs.keyData == rhs.keyData
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(scope)
        hasher.combine(epoch)
        hasher.combine(keyData)
    }
}
