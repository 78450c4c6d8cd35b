import Foundation
import HearthCloudModel
import Testing

@Suite("Wire format")
struct WireFormatTests {
    @Test("field values round-trip in the CloudKit Web Services shape")
    func fieldValues() throws {
        let values: [String: CloudFieldValue] = [
            "s": .string("text"), "i": .int64(Int64.max), "d": .double(1.5), "b": .boolean(true),
            "y": .bytes(Data([0, 1, 255])),
            "t": .date(1_700_000_000_123), "r": .reference(CloudReference(recordName: "x", action: .deleteSelf)),
            "a": .asset(CloudAsset(fileChecksum: String(repeating: "a", count: 64), size: 3)),
            "l": .location(CloudLocation(latitude: 51.5, longitude: -0.1)), "ls": .list(.string(["a", "b"])),
            "li": .list(.int64([])),
        ]
        let data = try JSONEncoder().encode(values)
        #expect(try JSONDecoder().decode([String: CloudFieldValue].self, from: data) == values)
        let object = try JSONSerialization.jsonObject(with: data) as? [String: [String: Any]]
        #expect(object?["t"]?["type"] as? String == "TIMESTAMP")
        #expect(object?["ls"]?["type"] as? String == "STRING_LIST")
        #expect(object?["y"]?["value"] as? String == "AAH/")
    }

    @Test("unknown types and mismatched values are refused with the type named")
    func badValues() {
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(CloudFieldValue.self, from: Data(#"{"type":"MONEY","value":1}"#.utf8))
        }
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(CloudFieldValue.self, from: Data(#"{"type":"INT64","value":"1"}"#.utf8))
        }
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(CloudFieldValue.self, from: Data(#"{"type":"STRING_LIST","value":[1]}"#.utf8))
        }
    }

    @Test("a batch result is a record or an error, told apart by serverErrorCode")
    func itemResults() throws {
        let results: [CloudItemResult<CloudRecord>] = [
            .success(CloudRecord(recordName: "a", recordType: "Note", fields: ["x": .int64(1)], recordChangeTag: "1")),
            .failure(
                CloudError(
                    .conflict, "changed", recordName: "b",
                    serverRecord: CloudRecord(recordName: "b", recordType: "Note"))),
        ]
        let decoded = try JSONDecoder().decode([CloudItemResult<CloudRecord>].self, from: JSONEncoder().encode(results))
        #expect(decoded == results)
        #expect(decoded[1].error?.httpStatus == 409)
    }

    @Test("every error code maps to the HTTP status CloudKit uses")
    func statuses() {
        let expected: [(CloudErrorCode, Int)] = [
            (.accessDenied, 403), (.atomicError, 400), (.authenticationFailed, 401), (.authenticationRequired, 401),
            (.badRequest, 400),
            (.conflict, 409), (.exists, 409), (.internalError, 500), (.notFound, 404), (.quotaExceeded, 413),
            (.limitExceeded, 413),
            (.throttled, 429), (.tryAgainLater, 503), (.validatingReferenceError, 412), (.zoneNotFound, 404),
            (.changeTokenExpired, 410),
        ]
        for (code, status) in expected { #expect(code.httpStatus == status, "\(code)") }
    }

    @Test("records decode with optional parts missing")
    func sparseRecord() throws {
        let record = try JSONDecoder().decode(CloudRecord.self, from: Data(#"{"recordName":"r"}"#.utf8))
        #expect(record.fields.isEmpty && !record.deleted && record.recordType.isEmpty)
    }
}

@Suite("Fast wire coding")
struct FastWireCodingTests {
    static let sample = CloudRecord(
        recordName: "r-1", recordType: "Pet", zoneID: CloudZoneID(zoneName: "Z", ownerRecordName: "_o"),
        fields: [
            "name": .string("Rex \"the dog\" \\ \n\u{1}é😀"), "age": .int64(-9_223_372_036_854_775_807),
            "weight": .double(12.5e-3),
            "ok": .boolean(false), "blob": .bytes(Data([0, 255, 7])), "born": .date(1_600_000_000_000),
            "vet": .reference(CloudReference(recordName: "v", zoneID: CloudZoneID(zoneName: "Z"), action: .deleteSelf)),
            "scan": .asset(CloudAsset(fileChecksum: String(repeating: "f", count: 64), size: 10, downloadURL: "/x")),
            "home": .location(CloudLocation(latitude: 1.5, longitude: -2, altitude: 3, timestamp: 4)),
            "tags": .list(.string(["a", "b"])), "dates": .list(.date([1, 2])), "empty": .list(.boolean([])),
        ],
        recordChangeTag: "abc", created: CloudRecordStamp(timestamp: 1, userRecordName: "_u", deviceID: "d"),
        modified: CloudRecordStamp(timestamp: 2, userRecordName: "_u"), parent: CloudReference(recordName: "p"),
        share: CloudReference(recordName: "s")
    )

    @Test("the fast writer and parser agree with Codable")
    func agreesWithCodable() throws {
        var out = JSONOutput()
        Self.sample.write(to: &out)
        #expect(try JSONDecoder().decode(CloudRecord.self, from: out.data) == Self.sample)
        let codable = try JSONEncoder().encode(Self.sample)
        #expect(CloudRecord(json: try #require(JSONValue.parse(codable))) == Self.sample)
        let canonical = CloudFieldValue.canonicalJSON(Self.sample.fields)
        #expect(
            try JSONDecoder().decode([String: CloudFieldValue].self, from: Data(canonical.utf8)) == Self.sample.fields)
        let response = CloudRecordChangesResponse(
            zoneID: CloudZoneID(zoneName: "Z"), records: [Self.sample], syncToken: CloudSyncToken("t"), moreComing: true
        )
        #expect(CloudRecordChangesResponse.fastDecode(response.fastEncode()) == response)
        #expect(try JSONDecoder().decode(CloudRecordChangesResponse.self, from: response.fastEncode()) == response)
        let lookup = CloudRecordsLookupResponse(records: [
            .success(Self.sample), .failure(CloudError(.notFound, "Record \"gone\" was not found.")),
        ])
        #expect(try JSONDecoder().decode(CloudRecordsLookupResponse.self, from: lookup.fastEncode()) == lookup)
        for marker in ["next \"page\"", nil] {
            let query = CloudRecordsQueryResponse(records: [Self.sample, Self.sample], continuationMarker: marker)
            #expect(try JSONDecoder().decode(CloudRecordsQueryResponse.self, from: query.fastEncode()) == query)
        }
    }

    @Test("the fast parser refuses what Codable refuses, so Codable can name the problem")
    func refusesBadInput() {
        for text in [
            #"{"operations":[{"operationType":"create","record":{"recordName":"a","fields":{"x":{"type":"INT64","value":1.5}}}}]}"#,
            #"{"operations":[{"operationType":"upsert","record":{"recordName":"a"}}]}"#,
            #"{"operations":[{"operationType":"create","record":{"recordName":"a"}}]"#,
            #"{"operations":[{"operationType":"create","record":{"fields":{}}}]}"#,
            "\"\\ud800\"",
        ] {
            #expect(CloudRecordsModifyRequest.fastDecode(Array(text.utf8)) == nil, "\(text)")
        }
        #expect(JSONValue.parse(Array("\"\\ud83d\\ude00\"".utf8)) == .string("😀"))
    }

    @Test("numbers are read as JSON writes them, kept as written, and written without loss")
    func numbers() {
        for text in ["0", "-0", "7", "-12", "12.5e-3", "1E+2", "0.25", "-9223372036854775808", "1e-05"] {
            #expect(JSONValue.parse(Array(text.utf8)) == .number(text), "\(text)")
        }
        // Leading zeros, bare points, signs and exponents without digits are refused (Codable then names them).
        for text in ["01", ".5", "1.", "-", "+1", "1e", "1.e3", "1e+", "--1", "0x10"] {
            #expect(JSONValue.parse(Array(text.utf8)) == nil, "\(text)")
        }
        for value: Int64 in [0, 9, -1, 10, 1_000_000, .max, .min] {
            var out = JSONOutput()
            out.int(value)
            #expect(String(decoding: out.bytes, as: UTF8.self) == String(value))
        }
    }
}
