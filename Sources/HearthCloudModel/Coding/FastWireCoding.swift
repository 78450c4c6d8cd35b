package import Foundation

// Hand-written JSON for the types that travel in bulk (records and their fields). They read and write
// exactly what their `Codable` conformances do; `Codable` stays the reference and reports errors.

extension CloudFieldValue {
    package init?(json: JSONValue) {
        guard let type = json["type"]?.string, let value = json["value"] else { return nil }
        if type.hasSuffix("_LIST") {
            guard let items = value.array,
                let list = CloudFieldList(elementType: String(type.dropLast(5)), items: items)
            else { return nil }
            self = .list(list)
            return
        }
        switch type {
        case "STRING":
            guard let v = value.string else { return nil }
            self = .string(v)
        case "INT64":
            guard let v = value.int64 else { return nil }
            self = .int64(v)
        case "DOUBLE":
            guard let v = value.double else { return nil }
            self = .double(v)
        case "BOOLEAN":
            guard let v = value.bool else { return nil }
            self = .boolean(v)
        case "BYTES":
            guard let text = value.string, let v = Data(base64Encoded: text) else { return nil }
            self = .bytes(v)
        case "TIMESTAMP":
            guard let v = value.int64 else { return nil }
            self = .date(v)
        case "REFERENCE":
            guard let v = CloudReference(json: value) else { return nil }
            self = .reference(v)
        case "ASSETID":
            guard let v = CloudAsset(json: value) else { return nil }
            self = .asset(v)
        case "LOCATION":
            guard let v = CloudLocation(json: value) else { return nil }
            self = .location(v)
        default: return nil
        }
    }

    package func write(to out: inout JSONOutput) {
        out.raw("{\"type\":")
        out.string(typeName)
        out.raw(",\"value\":")
        if case .list(let list) = self {
            out.raw("[")
            for (index, element) in list.elements.enumerated() {
                if index > 0 { out.raw(",") }
                element.writeValue(to: &out)
            }
            out.raw("]")
        } else {
            writeValue(to: &out)
        }
        out.raw("}")
    }

    /// The bare value, without its type; a list inside a list (which cannot be built) writes null.
    private func writeValue(to out: inout JSONOutput) {
        switch self {
        case .string(let v): out.string(v)
        case .int64(let v): out.int(v)
        case .double(let v): out.double(v)
        case .boolean(let v): out.bool(v)
        case .bytes(let v): out.string(v.base64EncodedString())
        case .date(let v): out.int(v)
        case .reference(let v): v.write(to: &out)
        case .asset(let v): v.write(to: &out)
        case .location(let v): v.write(to: &out)
        case .list: out.raw("null")
        }
    }

    /// Fields by name from a JSON object; nil when any is malformed.
    package static func fields(json: JSONValue?) -> [String: CloudFieldValue]? {
        guard let json else { return [:] }
        guard case .object(let members) = json else { return nil }
        var fields: [String: CloudFieldValue] = [:]
        fields.reserveCapacity(members.count)
        for member in members {
            guard let field = CloudFieldValue(json: member.value) else { return nil }
            fields[member.key] = field
        }
        return fields
    }

    /// Fields as a JSON object with sorted keys: the canonical form the server stores.
    package static func write(fields: [String: CloudFieldValue], to out: inout JSONOutput) {
        out.raw("{")
        for (index, name) in fields.keys.sorted().enumerated() {
            if index > 0 { out.raw(",") }
            out.key(name)
            fields[name]!.write(to: &out)
        }
        out.raw("}")
    }

    /// The canonical JSON text of `fields`.
    package static func canonicalJSON(_ fields: [String: CloudFieldValue]) -> String {
        var out = JSONOutput(capacity: 256)
        write(fields: fields, to: &out)
        return String(decoding: out.bytes, as: UTF8.self)
    }
}

extension CloudFieldList {
    init?(elementType: String, items: [JSONValue]) {
        switch elementType {
        case "STRING":
            let v = items.compactMap(\.string)
            guard v.count == items.count else { return nil }
            self = .string(v)
        case "INT64":
            let v = items.compactMap(\.int64)
            guard v.count == items.count else { return nil }
            self = .int64(v)
        case "DOUBLE":
            let v = items.compactMap(\.double)
            guard v.count == items.count else { return nil }
            self = .double(v)
        case "BOOLEAN":
            let v = items.compactMap(\.bool)
            guard v.count == items.count else { return nil }
            self = .boolean(v)
        case "BYTES":
            let v = items.compactMap { $0.string.flatMap { Data(base64Encoded: $0) } }
            guard v.count == items.count else { return nil }
            self = .bytes(v)
        case "TIMESTAMP":
            let v = items.compactMap(\.int64)
            guard v.count == items.count else { return nil }
            self = .date(v)
        case "REFERENCE":
            let v = items.compactMap(CloudReference.init(json:))
            guard v.count == items.count else { return nil }
            self = .reference(v)
        case "ASSETID":
            let v = items.compactMap(CloudAsset.init(json:))
            guard v.count == items.count else { return nil }
            self = .asset(v)
        case "LOCATION":
            let v = items.compactMap(CloudLocation.init(json:))
            guard v.count == items.count else { return nil }
            self = .location(v)
        default: return nil
        }
    }
}

extension CloudReference {
    package init?(json: JSONValue) {
        guard let name = json["recordName"]?.string, let zone = json.optional("zoneID", CloudZoneID.init(json:)),
            let action = json.optional("action", { $0.string.flatMap(CloudReferenceAction.init(rawValue:)) })
        else { return nil }
        self.init(recordName: name, zoneID: zone, action: action ?? .none)
    }

    package func write(to out: inout JSONOutput) {
        out.raw("{\"recordName\":")
        out.string(recordName)
        if let zoneID {
            out.raw(",\"zoneID\":")
            zoneID.write(to: &out)
        }
        out.raw(",\"action\":")
        out.string(action.rawValue)
        out.raw("}")
    }
}

extension CloudZoneID {
    package init?(json: JSONValue) {
        guard let name = json["zoneName"]?.string, let owner = json.optional("ownerRecordName", \.string) else {
            return nil
        }
        self.init(zoneName: name, ownerRecordName: owner)
    }

    package func write(to out: inout JSONOutput) {
        out.raw("{\"zoneName\":")
        out.string(zoneName)
        if let ownerRecordName {
            out.raw(",\"ownerRecordName\":")
            out.string(ownerRecordName)
        }
        out.raw("}")
    }
}

extension CloudAsset {
    package init?(json: JSONValue) {
        guard let checksum = json["fileChecksum"]?.string, let size = json["size"]?.int64,
            let url = json.optional("downloadURL", \.string)
        else { return nil }
        self.init(fileChecksum: checksum, size: size, downloadURL: url)
    }

    package func write(to out: inout JSONOutput) {
        out.raw("{\"fileChecksum\":")
        out.string(fileChecksum)
        out.raw(",\"size\":")
        out.int(size)
        if let downloadURL {
            out.raw(",\"downloadURL\":")
            out.string(downloadURL)
        }
        out.raw("}")
    }
}

extension CloudLocation {
    package init?(json: JSONValue) {
        guard let latitude = json["latitude"]?.double, let longitude = json["longitude"]?.double,
            let altitude = json.optional("altitude", \.double),
            let horizontal = json.optional("horizontalAccuracy", \.double),
            let vertical = json.optional("verticalAccuracy", \.double), let course = json.optional("course", \.double),
            let speed = json.optional("speed", \.double), let timestamp = json.optional("timestamp", \.int64)
        else { return nil }
        self.init(
            latitude: latitude, longitude: longitude, altitude: altitude, horizontalAccuracy: horizontal,
            verticalAccuracy: vertical, course: course, speed: speed, timestamp: timestamp)
    }

    package func write(to out: inout JSONOutput) {
        out.raw("{\"latitude\":")
        out.double(latitude)
        out.raw(",\"longitude\":")
        out.double(longitude)
        let optional: [(key: StaticString, value: Double?)] = [
            (",\"altitude\":", altitude), (",\"horizontalAccuracy\":", horizontalAccuracy),
            (",\"verticalAccuracy\":", verticalAccuracy), (",\"course\":", course), (",\"speed\":", speed),
        ]
        for (key, value) in optional {
            if let value {
                out.raw(key)
                out.double(value)
            }
        }
        if let timestamp {
            out.raw(",\"timestamp\":")
            out.int(timestamp)
        }
        out.raw("}")
    }
}

extension CloudRecordStamp {
    package init?(json: JSONValue) {
        guard let timestamp = json["timestamp"]?.int64, let user = json["userRecordName"]?.string,
            let device = json.optional("deviceID", \.string)
        else { return nil }
        self.init(timestamp: timestamp, userRecordName: user, deviceID: device)
    }

    package func write(to out: inout JSONOutput) {
        out.raw("{\"timestamp\":")
        out.int(timestamp)
        out.raw(",\"userRecordName\":")
        out.string(userRecordName)
        if let deviceID {
            out.raw(",\"deviceID\":")
            out.string(deviceID)
        }
        out.raw("}")
    }
}

extension CloudRecord {
    package init?(json: JSONValue) {
        guard case .object = json, let name = json["recordName"]?.string,
            let type = json.optional("recordType", \.string),
            let zone = json.optional("zoneID", CloudZoneID.init(json:)),
            let tag = json.optional("recordChangeTag", \.string),
            let created = json.optional("created", CloudRecordStamp.init(json:)),
            let modified = json.optional("modified", CloudRecordStamp.init(json:)),
            let deleted = json.optional("deleted", \.bool),
            let parent = json.optional("parent", CloudReference.init(json:)),
            let share = json.optional("share", CloudReference.init(json:)),
            let fields = CloudFieldValue.fields(json: json["fields"].flatMap { $0.isNull ? nil : $0 })
        else { return nil }
        self.init(
            recordName: name, recordType: type ?? "", zoneID: zone, fields: fields, recordChangeTag: tag,
            created: created,
            modified: modified, deleted: deleted ?? false, parent: parent, share: share
        )
    }

    package func write(to out: inout JSONOutput) {
        out.raw("{\"recordName\":")
        out.string(recordName)
        out.raw(",\"recordType\":")
        out.string(recordType)
        if let zoneID {
            out.raw(",\"zoneID\":")
            zoneID.write(to: &out)
        }
        out.raw(",\"fields\":")
        CloudFieldValue.write(fields: fields, to: &out)
        if let recordChangeTag {
            out.raw(",\"recordChangeTag\":")
            out.string(recordChangeTag)
        }
        if let created {
            out.raw(",\"created\":")
            created.write(to: &out)
        }
        if let modified {
            out.raw(",\"modified\":")
            modified.write(to: &out)
        }
        if deleted { out.raw(",\"deleted\":true") }
        if let parent {
            out.raw(",\"parent\":")
            parent.write(to: &out)
        }
        if let share {
            out.raw(",\"share\":")
            share.write(to: &out)
        }
        out.raw("}")
    }
}

extension CloudRecordsModifyRequest {
    /// The request from JSON on the fast path; nil when anything is unusual (decode with `Codable` then, for
    /// an error that names the field).
    package static func fastDecode(_ data: some Collection<UInt8>) -> CloudRecordsModifyRequest? {
        guard let json = JSONValue.parse(data), case .object = json, let operations = json["operations"]?.array,
            let zone = json.optional("zoneID", CloudZoneID.init(json:)), let atomic = json.optional("atomic", \.bool),
            let desiredKeys = json.optional("desiredKeys", \.strings)
        else { return nil }
        var parsed: [CloudRecordOperation] = []
        parsed.reserveCapacity(operations.count)
        for operation in operations {
            guard let typeName = operation["operationType"]?.string,
                let type = CloudRecordOperationType(rawValue: typeName),
                let recordJSON = operation["record"], let record = CloudRecord(json: recordJSON),
                let remove = operation.optional("removeFields", \.strings)
            else { return nil }
            parsed.append(CloudRecordOperation(operationType: type, record: record, removeFields: remove))
        }
        return CloudRecordsModifyRequest(zoneID: zone, operations: parsed, atomic: atomic, desiredKeys: desiredKeys)
    }
}

extension CloudItemResult where Item == CloudRecord {
    package func write(to out: inout JSONOutput) {
        switch self {
        case .success(let record): record.write(to: &out)
        case .failure(let error):
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.withoutEscapingSlashes]
            out.bytes.append(
                contentsOf: (try? encoder.encode(error))
                    ?? Data(
                        "{\"serverErrorCode\":\"INTERNAL_ERROR\",\"reason\":\"unencodable\",\"uuid\":\"\(error.uuid)\"}"
                            .utf8))
        }
    }
}

extension CloudRecordsModifyResponse {
    package func fastEncode() -> Data { CloudItemResult.fastEncode(records) }
}

extension CloudRecordsLookupResponse {
    package func fastEncode() -> Data { CloudItemResult.fastEncode(records) }
}

extension CloudItemResult<CloudRecord> {
    /// `{"records": [...]}`, the body of a modify or lookup answer.
    static func fastEncode(_ records: [Self]) -> Data {
        var out = JSONOutput(capacity: records.count * 256 + 16)
        out.raw("{\"records\":[")
        for (index, result) in records.enumerated() {
            if index > 0 { out.raw(",") }
            result.write(to: &out)
        }
        out.raw("]}")
        return out.data
    }
}

extension CloudRecordsQueryResponse {
    package func fastEncode() -> Data {
        var out = JSONOutput(capacity: records.count * 300 + 64)
        out.raw("{\"records\":[")
        for (index, record) in records.enumerated() {
            if index > 0 { out.raw(",") }
            record.write(to: &out)
        }
        out.raw("]")
        if let continuationMarker {
            out.raw(",\"continuationMarker\":")
            out.string(continuationMarker)
        }
        out.raw("}")
        return out.data
    }
}

extension CloudRecordChangesResponse {
    package func fastEncode() -> Data {
        var out = JSONOutput(capacity: records.count * 300 + 128)
        out.raw("{\"zoneID\":")
        zoneID.write(to: &out)
        out.raw(",\"records\":[")
        for (index, record) in records.enumerated() {
            if index > 0 { out.raw(",") }
            record.write(to: &out)
        }
        out.raw("],\"syncToken\":")
        out.string(syncToken.rawValue)
        out.raw(",\"moreComing\":")
        out.bool(moreComing)
        out.raw("}")
        return out.data
    }

    /// The response from JSON on the fast path (for clients); nil when anything is unusual.
    package static func fastDecode(_ data: some Collection<UInt8>) -> CloudRecordChangesResponse? {
        guard let json = JSONValue.parse(data), let zone = json["zoneID"].flatMap(CloudZoneID.init(json:)),
            let items = json["records"]?.array,
            let token = json["syncToken"]?.string, let more = json["moreComing"]?.bool
        else { return nil }
        var records: [CloudRecord] = []
        records.reserveCapacity(items.count)
        for item in items {
            guard let record = CloudRecord(json: item) else { return nil }
            records.append(record)
        }
        return CloudRecordChangesResponse(
            zoneID: zone, records: records, syncToken: CloudSyncToken(token), moreComing: more)
    }
}
