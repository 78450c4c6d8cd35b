import Foundation

/// One undoable step: the state to put back. Rows listed in ``inserted`` did not exist before the step
/// (putting back deletes them); ``snapshots`` hold the rows as they were before the step changed them.
///
/// An import's new transactions are kept as one ``transactionRange`` of local ids instead of a key per row,
/// and undoing it moves those rows to an archive table (``archivedTransactions``) instead of snapshotting
/// each one, so an entry's size does not grow with the rows an import added.
///
/// Applying an entry yields its inverse, which is how undo feeds redo and redo feeds undo.
struct HistoryEntry: Sendable {
    struct Snapshot: Sendable {
        let entity: FinanceEntity
        let id: UUID
        /// The record as JSON (dates as milliseconds, money as exact decimal numbers).
        let json: Data
    }

    var inserted: [EntityKey] = []
    var snapshots: [Snapshot] = []
    /// Transactions (by local id) that did not exist before the step.
    var transactionRange: ClosedRange<Int64>?
    /// How many transactions the step removed into the archive, kept under this entry's history row.
    var archivedTransactions: Int64 = 0

    var isEmpty: Bool { inserted.isEmpty && snapshots.isEmpty && transactionRange == nil && archivedTransactions == 0 }
    var count: Int {
        inserted.count + snapshots.count + Int(transactionRange.map { $0.upperBound - $0.lowerBound + 1 } ?? 0)
            + Int(archivedTransactions)
    }

    /// Marks a 17-byte record of the inserted blob that holds a range of transaction local ids.
    private static let rangeCode: UInt8 = 0x80
    /// Marks a 17-byte record of the inserted blob that holds the count of archived transactions.
    private static let archiveCode: UInt8 = 0x81

    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .millisecondsSince1970
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }()

    static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .millisecondsSince1970
        return decoder
    }()

    // MARK: Storage: fixed-size keys for inserted rows, length-prefixed JSON for snapshots

    /// ``inserted`` as 17 bytes per row: the entity code, then the 16 bytes of the id; then, when there
    /// are, a range record (code, first and last local id) and an archive record (code, count, zero), each
    /// 17 bytes with big-endian integers.
    func insertedBlob() -> Data {
        var data = Data(capacity: inserted.count * 17 + 34)
        for key in inserted {
            data.append(key.entity.code)
            withUnsafeBytes(of: key.id.uuid) { data.append(contentsOf: $0) }
        }
        func append(_ code: UInt8, _ first: Int64, _ second: Int64) {
            data.append(code)
            withUnsafeBytes(of: first.bigEndian) { data.append(contentsOf: $0) }
            withUnsafeBytes(of: second.bigEndian) { data.append(contentsOf: $0) }
        }
        if let transactionRange { append(Self.rangeCode, transactionRange.lowerBound, transactionRange.upperBound) }
        if archivedTransactions > 0 { append(Self.archiveCode, archivedTransactions, 0) }
        return data
    }

    /// ``snapshots`` as entity code, 16-byte id, 4-byte big-endian length, JSON.
    func snapshotsBlob() -> Data {
        var data = Data()
        for snapshot in snapshots {
            data.append(snapshot.entity.code)
            withUnsafeBytes(of: snapshot.id.uuid) { data.append(contentsOf: $0) }
            withUnsafeBytes(of: UInt32(snapshot.json.count).bigEndian) { data.append(contentsOf: $0) }
            data.append(snapshot.json)
        }
        return data
    }

    init() {}

    init(insertedBlob: Data, snapshotsBlob: Data) throws {
        let bytes = [UInt8](insertedBlob)
        guard bytes.count % 17 == 0 else { throw Self.damaged }
        var offset = 0
        while offset < bytes.count {
            func integer(at start: Int) -> Int64 {
                bytes[start..<(start + 8)].reduce(Int64(0)) { $0 << 8 | Int64($1) }
            }
            switch bytes[offset] {
            case Self.rangeCode:
                let first = integer(at: offset + 1)
                let last = integer(at: offset + 9)
                guard first <= last else { throw Self.damaged }
                transactionRange = first...last
            case Self.archiveCode:
                archivedTransactions = integer(at: offset + 1)
            default:
                guard let entity = FinanceEntity(code: bytes[offset]) else { throw Self.damaged }
                inserted.append(EntityKey(entity: entity, id: Self.uuid(bytes, at: offset + 1)))
            }
            offset += 17
        }
        let snapshotBytes = [UInt8](snapshotsBlob)
        offset = 0
        while offset < snapshotBytes.count {
            guard offset + 21 <= snapshotBytes.count, let entity = FinanceEntity(code: snapshotBytes[offset]) else {
                throw Self.damaged
            }
            let id = Self.uuid(snapshotBytes, at: offset + 1)
            let length = snapshotBytes[(offset + 17)..<(offset + 21)].reduce(0) { $0 << 8 | Int($1) }
            let start = offset + 21
            guard start + length <= snapshotBytes.count else { throw Self.damaged }
            snapshots.append(Snapshot(entity: entity, id: id, json: Data(snapshotBytes[start..<(start + length)])))
            offset = start + length
        }
    }

    private static func uuid(_ bytes: [UInt8], at offset: Int) -> UUID {
        var value: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &value) { buffer in
            for index in 0..<16 { buffer[index] = bytes[offset + index] }
        }
        return UUID(uuid: value)
    }

    private static var damaged: PersistenceError {
        PersistenceError.contextError("The undo history is damaged; it cannot be applied.")
    }
}
