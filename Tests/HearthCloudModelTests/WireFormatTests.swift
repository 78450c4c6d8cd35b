import Foundation
import HearthCloudModel
import Testing

@Suite("Wire format")
struct WireFormatTests {
    @Test("field values round-trip in the CloudKit Web Services shape")
    func fieldValues() throws {
        let values: [String: CloudFieldValue] = [
            "s": .string("text"), "i": .int64(Int64.max), "d": .double(1.5), "b": .boolean(true), "y": .bytes(Data([0, 1, 255])),
            "t": .date(1_700_000_000_123), "r": .reference(CloudReference(recordName: "x", action: .deleteSelf)),
            "a": .asset(CloudAsset(fileChecksum: String(repeating: "a", count: 64), size: 3)),
            "l": .location(CloudLocation(latitude: 51.5, longitude: -0.1)), "ls": .list(.string(["a", "b"])), "li": .list(.int64([]))
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
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(CloudFieldValue.self, from: Data(#"{"type":"MONEY","value":1}"#.utf8)) }
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(CloudFieldValue.self, from: Data(#"{"type":"INT64","value":"1"}"#.utf8)) }
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(CloudFieldValue.self, from: Data(#"{"type":"STRING_LIST","value":[1]}"#.utf8)) }
    }

    @Test("a batch result is a record or an error, told apart by serverErrorCode")
    func itemResults() throws {
        let results: [CloudItemResult<CloudRecord>] = [
            .success(CloudRecord(recordName: "a", recordType: "Note", fields: ["x": .int64(1)], recordChangeTag: "1")),
            .failure(CloudError(.conflict, "changed", recordName: "b", serverRecord: CloudRecord(recordName: "b", recordType: "Note"))),
        ]
        let decoded = try JSONDecoder().decode([CloudItemResult<CloudRecord>].self, from: JSONEncoder().encode(results))
        #expect(decoded == results)
        #expect(decoded[1].error?.httpStatus == 409)
    }

    @Test("every error code maps to the HTTP status CloudKit uses")
    func statuses() {
        let expected: [(CloudErrorCode, Int)] = [
            (.accessDenied, 403), (.atomicError, 400), (.authenticationFailed, 401), (.authenticationRequired, 421), (.badRequest, 400),
            (.conflict, 409), (.exists, 409), (.internalError, 500), (.notFound, 404), (.quotaExceeded, 413), (.limitExceeded, 413),
            (.throttled, 429), (.tryAgainLater, 503), (.validatingReferenceError, 412), (.zoneNotFound, 404), (.changeTokenExpired, 410),
        ]
        for (code, status) in expected { #expect(code.httpStatus == status, "\(code)") }
    }

    @Test("records decode with optional parts missing")
    func sparseRecord() throws {
        let record = try JSONDecoder().decode(CloudRecord.self, from: Data(#"{"recordName":"r"}"#.utf8))
        #expect(record.fields.isEmpty && !record.deleted && record.recordType.isEmpty)
    }
}
