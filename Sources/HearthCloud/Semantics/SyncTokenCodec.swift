import Foundation
import HearthCloudModel

/// Sync tokens and continuation markers: opaque to clients, but plain positions to the store.
///
/// A zone token names the zone row, the zone's incarnation (a deleted and recreated zone starts again) and
/// the change sequence number reached. A database token maps each owner to the sequence number reached.
enum SyncTokenCodec {
    struct ZonePosition: Equatable {
        var zonePK: Int64
        var incarnation: Int64
        var seq: Int64
    }

    static func zoneToken(_ position: ZonePosition) -> CloudSyncToken {
        CloudSyncToken(encode("z1.\(position.zonePK).\(position.incarnation).\(position.seq)"))
    }

    static func zonePosition(_ token: CloudSyncToken) throws -> ZonePosition {
        let parts = try decode(token).split(separator: ".")
        guard parts.count == 4, parts[0] == "z1", let pk = Int64(parts[1]), let incarnation = Int64(parts[2]),
            let seq = Int64(parts[3])
        else {
            throw malformed
        }
        return ZonePosition(zonePK: pk, incarnation: incarnation, seq: seq)
    }

    static func databaseToken(_ positions: [String: Int64]) -> CloudSyncToken {
        let body = positions.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ",")
        return CloudSyncToken(encode("d1." + body))
    }

    static func databasePositions(_ token: CloudSyncToken) throws -> [String: Int64] {
        let text = try decode(token)
        guard text.hasPrefix("d1.") else { throw malformed }
        var result: [String: Int64] = [:]
        for pair in text.dropFirst(3).split(separator: ",") {
            let parts = pair.split(separator: "=")
            guard parts.count == 2, let seq = Int64(parts[1]) else { throw malformed }
            result[String(parts[0])] = seq
        }
        return result
    }

    static var malformed: CloudError {
        CloudError(
            .badRequest,
            "The syncToken is not one this server gave out; pass back the token from the last response, or none to start over."
        )
    }

    static func encode(_ text: String) -> String {
        Data(text.utf8).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(
            of: "/", with: "_"
        ).replacingOccurrences(of: "=", with: "")
    }

    static func decode(_ token: CloudSyncToken) throws -> String {
        try decodeText(token.rawValue)
    }

    static func decodeText(_ raw: String) throws -> String {
        guard raw.utf8.count < 100_000 else { throw malformed }
        var text = raw.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while text.utf8.count % 4 != 0 { text += "=" }
        guard let data = Data(base64Encoded: text), let decoded = String(data: data, encoding: .utf8) else {
            throw malformed
        }
        return decoded
    }
}

/// The change tag of a record version: its sequence number, in base 36.
func changeTag(_ seq: Int64) -> String { String(seq, radix: 36) }
