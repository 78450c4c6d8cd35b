import HearthCloud
import HearthCloudModel

/// Schema builders, and the schemas of the values requests and answers share: names, zone IDs and field values.
extension OpenAPIDocument {
    static func ref(_ name: String) -> [String: Any] { ["$ref": "#/components/schemas/\(name)"] }
    static func object(_ properties: [String: Any], required: [String] = []) -> [String: Any] {
        var result: [String: Any] = ["type": "object", "properties": properties]
        if !required.isEmpty { result["required"] = required }
        return result
    }
    static func array(_ items: [String: Any], min: Int? = nil, max: Int? = nil) -> [String: Any] {
        var result: [String: Any] = ["type": "array", "items": items]
        if let min { result["minItems"] = min }
        if let max { result["maxItems"] = max }
        return result
    }
    static func enumeration(_ values: [String]) -> [String: Any] { ["type": "string", "enum": values] }
    static func constant(_ value: String) -> [String: Any] { ["type": "string", "const": value] }
    static var string: [String: Any] { ["type": "string"] }
    static var boolean: [String: Any] { ["type": "boolean"] }
    static var number: [String: Any] { ["type": "number"] }
    static var int64: [String: Any] {
        ["type": "integer", "format": "int64", "minimum": Int64.min, "maximum": Int64.max]
    }
    static func pattern(_ pattern: String, _ description: String) -> [String: Any] {
        ["type": "string", "pattern": pattern, "description": description]
    }

    /// An optional request member: it may be left out or be null, which counts as left out.
    static func optional(_ schema: [String: Any]) -> [String: Any] {
        if schema["type"] as? String == "null" { return schema }
        if let type = schema["type"] as? String, schema["$ref"] == nil, schema["anyOf"] == nil, schema["oneOf"] == nil {
            var result = schema
            result["type"] = [type, "null"]
            if result["enum"] != nil || result["const"] != nil {
                return ["anyOf": [schema, ["type": "null"]]]
            }
            return result
        }
        return ["anyOf": [schema, ["type": "null"]]]
    }

    /// An object whose members are all optional request members (see ``optional(_:)``) but `required`.
    static func request(_ properties: [String: Any], required: [String] = []) -> [String: Any] {
        var members: [String: Any] = [:]
        for (name, schema) in properties {
            members[name] = required.contains(name) ? schema : optional(schema as? [String: Any] ?? [:])
        }
        return object(members, required: required)
    }

    static var nameSchemas: [String: Any] {
        [
            "ZoneName": pattern(
                CloudNames.zonePattern,
                "A letter, digit or _, then letters, digits, -, _ and .; at most 255 characters."),
            "RecordName": pattern(
                CloudNames.recordPattern,
                "A letter or digit, then letters, digits, -, _, ., :, @ and +; at most 255 characters."),
            "TypeName": pattern(
                CloudNames.typePattern, "A letter, then letters, digits and _; at most 255 characters."),
            "FieldName": pattern(
                CloudNames.typePattern, "A letter, then letters, digits and _; at most 255 characters."),
            "Email": [
                "type": "string", "pattern": AccountRules.emailPattern, "maxLength": AccountRules.maxEmailLength,
                "description":
                    "name@example.com: one @ with something before it, a domain with a dot neither first nor last, no white space inside (white space around it is trimmed); at most \(AccountRules.maxEmailLength) characters.",
            ],
            "Checksum": pattern(
                "^[0-9a-f]{64}$",
                "The SHA-256 of an uploaded asset, as the upload answered it: 64 lowercase hex digits."),
            "ResultsLimit": [
                "type": "integer", "minimum": 1, "maximum": Int64.max,
                "description": "Items per page; larger values are capped.",
            ],
            "SyncToken": [
                "type": "string",
                "description":
                    "A token from an earlier answer of the same kind, for the same zone; the server refuses any other with 400.",
            ],
            "Permission": enumeration(CloudSharePermission.allCases.map(\.rawValue)),
        ]
    }

    /// The record types a server accepts: any well-formed name, or the configured list.
    static func recordType(_ limits: Limits) -> [String: Any] {
        guard let known = limits.recordTypes else { return ref("TypeName") }
        return [
            "allOf": [ref("TypeName"), ["enum": known]],
            "description": "One of the record types this server is configured with.",
        ]
    }

    /// The scalar field types, each with its value's schema: `checked` when the value is saved in a record
    /// (names, ranges and checksums are checked), plain when it is only compared (query filters).
    static func scalarValues(checked: Bool) -> [(type: String, value: [String: Any])] {
        let reference = request(
            [
                "recordName": checked ? ref("RecordName") : string,
                "zoneID": checked ? ref("RecordZoneID") : ref("AnyZoneID"),
                "action": enumeration(CloudReferenceAction.allCases.map(\.rawValue)),
            ], required: ["recordName"])
        let asset = request(
            ["fileChecksum": checked ? ref("Checksum") : string, "size": int64, "downloadURL": string],
            required: ["fileChecksum", "size"])
        var latitude = number
        var longitude = number
        if checked {
            latitude["minimum"] = -90
            latitude["maximum"] = 90
            longitude["minimum"] = -180
            longitude["maximum"] = 180
        }
        let location = request(
            [
                "latitude": latitude, "longitude": longitude, "altitude": number, "horizontalAccuracy": number,
                "verticalAccuracy": number, "course": number, "speed": number, "timestamp": int64,
            ], required: ["latitude", "longitude"])
        return [
            ("STRING", string), ("INT64", int64), ("DOUBLE", number), ("BOOLEAN", boolean),
            ("BYTES", ["type": "string", "contentEncoding": "base64", "pattern": base64Pattern]),
            ("TIMESTAMP", int64), ("REFERENCE", reference), ("ASSETID", asset), ("LOCATION", location),
        ]
    }

    /// Standard base64 with its padding.
    static let base64Pattern = "^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$"

    /// `{"type": …, "value": …}` for each field type and its list.
    static func fieldValue(checked: Bool) -> [String: Any] {
        var variants: [[String: Any]] = []
        for (type, value) in scalarValues(checked: checked) {
            variants.append(object(["type": constant(type), "value": value], required: ["type", "value"]))
            variants.append(
                object(["type": constant(type + "_LIST"), "value": array(value)], required: ["type", "value"]))
        }
        return [
            "oneOf": variants,
            "description":
                "STRING, INT64, DOUBLE, BOOLEAN, BYTES (base64), TIMESTAMP (ms since 1970), REFERENCE, ASSETID, LOCATION, or one of them followed by _LIST with an array of such values.",
        ]
    }

    /// A filter: the value's type must suit the comparator (IN takes a list, BEGINS_WITH a string, the
    /// orderings STRING, INT64, DOUBLE, TIMESTAMP or BOOLEAN).
    static var queryFilter: [String: Any] {
        let all = scalarValues(checked: false)
        func values(_ types: [String], lists: Bool) -> [String: Any] {
            let chosen = all.filter { types.contains($0.type) }.map { type, value in
                lists
                    ? object(["type": constant(type + "_LIST"), "value": array(value)], required: ["type", "value"])
                    : object(["type": constant(type), "value": value], required: ["type", "value"])
            }
            return ["oneOf": chosen]
        }
        func filter(_ comparators: [CloudComparator], _ value: [String: Any]) -> [String: Any] {
            object(
                [
                    "fieldName": ref("FieldName"), "comparator": enumeration(comparators.map(\.rawValue)),
                    "fieldValue": value,
                ], required: ["fieldName", "comparator", "fieldValue"])
        }
        return [
            "oneOf": [
                filter([.equals, .notEquals, .listContains], ref("FilterValue")),
                filter([.in], values(all.map(\.type), lists: true)),
                filter([.beginsWith], values(["STRING"], lists: false)),
                filter(
                    [.lessThan, .lessThanOrEquals, .greaterThan, .greaterThanOrEquals],
                    values(["STRING", "INT64", "DOUBLE", "TIMESTAMP", "BOOLEAN"], lists: false)),
            ]
        ]
    }

    static func valueSchemas(_ limits: Limits) -> [String: Any] {
        [
            "FieldValue": fieldValue(checked: true),
            "FilterValue": fieldValue(checked: false),
            "Fields": [
                "type": "object", "propertyNames": ref("FieldName"), "additionalProperties": ref("FieldValue"),
                "description": "Field values by name; at most \(limits.maxRecordBytes) bytes as JSON (413 otherwise).",
            ],
            "QueryFilter": queryFilter,
            "QuerySort": request(
                ["fieldName": ref("FieldName"), "ascending": ["type": "boolean", "default": true]],
                required: ["fieldName"]),
            // A zone named inside a record, a parent or a reference: it must be the request's own zone.
            "RecordZoneID": request(["zoneName": ref("ZoneName"), "ownerRecordName": string], required: ["zoneName"]),
            "AnyZoneID": request(["zoneName": string, "ownerRecordName": string], required: ["zoneName"]),
        ]
    }
}
