import Foundation
import HTTPTypes
import HearthCloud
import HearthCloudModel
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

@testable import HearthServer

/// Requests at the edges of what `/openapi.json` states, good and bad: each is answered as the document says,
/// with a status the document lists for its route.
@Suite("The server enforces what the OpenAPI document states", .timeLimit(.minutes(10)))
struct StatedConstraintsTests {
    /// The statuses the document lists for `method path`.
    static func documentedStatuses(_ document: [String: Any], _ method: String, _ path: String) -> Set<Int> {
        let paths = document["paths"] as? [String: Any]
        let operation = (paths?[path] as? [String: Any])?[method.lowercased()] as? [String: Any]
        return Set(((operation?["responses"] as? [String: Any]) ?? [:]).keys.compactMap { Int($0) })
    }

    /// One request: raw JSON (or bytes) to a route, and the status it must get.
    struct Case {
        var path: String
        var json: String?
        var status: Int
        var itemError: CloudErrorCode?
        var method = "POST"
        var signedIn = true
        var why: String
    }

    static let cases: [Case] = [
        .init(
            path: "/cloud/v1/accounts/signup",
            json: #"{"emailAddress": "\u00a0spaces@example.com\u3000", "password": "e\u0301e\u0301e\u0301e\u0301"}"#,
            status: 201, signedIn: false,
            why: "white space around an email is trimmed; a password's length counts scalars"),
        .init(
            path: "/cloud/v1/accounts/signup",
            json: #"{"emailAddress": "in\u00a0side@example.com", "password": "long enough"}"#, status: 400,
            signedIn: false, why: "no white space inside an email"),
        .init(
            path: "/cloud/v1/accounts/signup", json: #"{"emailAddress": "nodot@example", "password": "long enough"}"#,
            status: 400, signedIn: false, why: "a domain has a dot"),
        .init(
            path: "/cloud/v1/accounts/signup", json: #"{"emailAddress": "seven@example.com", "password": "1234567"}"#,
            status: 400, signedIn: false, why: "minLength 8"),
        .init(
            path: "/cloud/v1/accounts/signup",
            json: #"{"emailAddress": "\#(String(repeating: "a", count: 243))@example.com", "password": "long enough"}"#,
            status: 400, signedIn: false, why: "maxLength 254"),
        .init(path: "/cloud/v1/private/records/modify", json: #"{"operations": []}"#, status: 400, why: "minItems 1"),
        .init(
            path: "/cloud/v1/private/records/modify",
            json:
                #"{"operations": [\#(Array(repeating: #"{"operationType": "forceDelete", "record": {"recordName": "a"}}"#, count: 401).joined(separator: ","))]}"#,
            status: 413, why: "maxItems 400, answered LIMIT_EXCEEDED"),
        .init(
            path: "/cloud/v1/private/records/modify",
            json:
                #"{"operations": [{"operationType": "create", "record": {"recordName": "r1", "recordType": "Note", "fields": {"at": {"type": "LOCATION", "value": {"latitude": 91, "longitude": 0}}}}}]}"#,
            status: 400, why: "latitude within -90…90"),
        .init(
            path: "/cloud/v1/private/records/modify",
            json:
                #"{"operations": [{"operationType": "create", "record": {"recordName": "r1", "recordType": "Note", "fields": {"blob": {"type": "BYTES", "value": "QQ"}}}}]}"#,
            status: 400, why: "BYTES is padded base64"),
        .init(
            path: "/cloud/v1/private/records/modify",
            json:
                #"{"operations": [{"operationType": "create", "record": {"recordName": "r1", "recordType": "Note", "fields": {"n": {"type": "INT64", "value": 1e30}}}}]}"#,
            status: 400, why: "INT64 within 64 bits"),
        .init(
            path: "/cloud/v1/private/records/modify",
            json:
                #"{"operations": [{"operationType": "create", "record": {"recordName": "r1", "recordType": "Note", "fields": {"1st": {"type": "STRING", "value": "x"}}}}]}"#,
            status: 400, why: "field names start with a letter"),
        .init(
            path: "/cloud/v1/private/records/modify",
            json:
                #"{"operations": [{"operationType": "create", "record": {"recordName": "r1", "recordType": "Note", "zoneID": null, "parent": null, "fields": {"s": {"type": "STRING_LIST", "value": ["a", "b"]}}}}], "atomic": null, "desiredKeys": null, "zoneID": null}"#,
            status: 200, why: "null counts as absent"),
        .init(
            path: "/cloud/v1/private/records/modify",
            json:
                #"{"operations": [{"operationType": "update", "record": {"recordName": "r1", "recordType": "Note"}}]}"#,
            status: 400, why: "update needs recordChangeTag"),
        .init(
            path: "/cloud/v1/private/records/modify",
            json: #"{"operations": [{"operationType": "delete", "record": {"recordName": "r1"}}]}"#, status: 400,
            why: "delete needs recordChangeTag"),
        .init(
            path: "/cloud/v1/private/records/query", json: #"{"query": {"recordType": "Note"}, "resultsLimit": 0}"#,
            status: 400, why: "resultsLimit minimum 1"),
        .init(
            path: "/cloud/v1/private/records/query",
            json:
                #"{"query": {"recordType": "Note", "filterBy": [{"fieldName": "s", "comparator": "IN", "fieldValue": {"type": "STRING", "value": "a"}}]}}"#,
            status: 400, why: "IN takes a list"),
        .init(
            path: "/cloud/v1/private/records/query",
            json:
                #"{"query": {"recordType": "Note", "filterBy": [{"fieldName": "s", "comparator": "IN", "fieldValue": {"type": "STRING_LIST", "value": ["a"]}}]}}"#,
            status: 200, why: "IN with a list"),
        .init(
            path: "/cloud/v1/shared/records/lookup", json: #"{"records": []}"#, status: 400,
            why: "the shared database needs zoneID"),
        .init(
            path: "/cloud/v1/shared/records/lookup",
            json: #"{"records": [], "zoneID": {"zoneName": "z", "ownerRecordName": ""}}"#, status: 400,
            why: "ownerRecordName minLength 1 in the shared database"),
        .init(
            path: "/cloud/v1/private/zones/modify",
            json: #"{"operations": [{"operationType": "delete", "zone": {"zoneID": {"zoneName": "_defaultZone"}}}]}"#,
            status: 200, itemError: .badRequest, why: "the default zone cannot be deleted (per item)"),
        .init(
            path: "/cloud/v1/private/zones/modify",
            json: #"{"operations": [{"operationType": "create", "zone": {"zoneID": {"zoneName": "-bad"}}}]}"#,
            status: 200, itemError: .badRequest, why: "zone name pattern (per item)"),
        .init(
            path: "/cloud/v1/shared/subscriptions/modify",
            json:
                #"{"operations": [{"operationType": "create", "subscription": {"subscriptionID": "s1", "subscriptionType": "zone", "zoneID": {"zoneName": "z", "ownerRecordName": ""}}}]}"#,
            status: 200, itemError: .badRequest, why: "a shared zone names its owner (per item)"),
        .init(
            path: "/cloud/v1/private/subscriptions/modify",
            json:
                #"{"operations": [{"operationType": "create", "subscription": {"subscriptionID": "s1", "subscriptionType": "zone"}}]}"#,
            status: 200, itemError: .badRequest, why: "a zone subscription needs zoneID (per item)"),
        .init(
            path: "/cloud/v1/private/shares/participants/add",
            json:
                #"{"shareName": "x", "participants": [{"userRecordName": "_1", "emailAddress": "a@b.cd", "permission": "READ_ONLY"}]}"#,
            status: 400, why: "a participant by name or by email, not both"),
        .init(
            path: "/cloud/v1/private/shares/participants/add",
            json: #"{"shareName": "x", "participants": [{"emailAddress": "a@b.cd", "permission": "NONE"}]}"#,
            status: 400, why: "permission READ_ONLY or READ_WRITE"),
        .init(
            path: "/cloud/v1/private/shares/participants/add", json: #"{"shareName": "x", "participants": []}"#,
            status: 400, why: "minItems 1"),
        .init(
            path: "/cloud/v1/shares/accept", json: #"{"shareToken": ""}"#, status: 400, why: "shareToken minLength 1"),
        .init(path: "/cloud/v1/assets/upload", json: nil, status: 400, why: "an upload has at least one byte"),
        .init(
            path: "/cloud/v1/assets/upload", json: nil, status: 405, method: "GET",
            why: "assets/upload is not an asset's name"),
        .init(path: "/cloud/v1/assets/NOT-HEX", json: nil, status: 400, method: "GET", why: "checksum pattern"),
    ]

    @Test("edge cases are answered as documented, with documented statuses")
    func edgeCases() async throws {
        let app = try await buildApplication(testConfiguration())
        try await app.test(.router) { client in
            let documentResponse = try await client.execute(uri: "/openapi.json", method: .get)
            let document = try #require(
                try JSONSerialization.jsonObject(with: Data(buffer: documentResponse.body)) as? [String: Any])
            let (token, _) = try await signUp(client, "edges")
            for testCase in Self.cases {
                var headers = testCase.signedIn ? authorized(token) : jsonHeaders
                if testCase.json == nil { headers[.contentType] = "application/octet-stream" }
                let method = HTTPRequest.Method(rawValue: testCase.method)!
                let response = try await client.execute(
                    uri: testCase.path, method: method, headers: headers, body: ByteBuffer(string: testCase.json ?? ""))
                let text = String(buffer: response.body)
                #expect(
                    Int(response.status.code) == testCase.status,
                    "\(testCase.why): \(testCase.path) answered \(response.status.code) \(text.prefix(300))")
                if testCase.status != 405 {
                    let documented = Self.documentedStatuses(
                        document, testCase.method,
                        testCase.path.hasPrefix("/cloud/v1/assets/NOT") ? "/cloud/v1/assets/{checksum}" : testCase.path)
                    #expect(
                        documented.contains(Int(response.status.code)),
                        "\(testCase.path) answered \(response.status.code), which the document does not list (\(documented.sorted()))"
                    )
                }
                if let code = testCase.itemError {
                    #expect(
                        text.contains("\"serverErrorCode\":\"\(code.rawValue)\""),
                        "\(testCase.why): \(text.prefix(300))")
                }
            }
        }
    }

    @Test("the document states the rules the checks apply, from the same source")
    func documentStatesTheRules() async throws {
        let document = try #require(try JSONSerialization.jsonObject(with: OpenAPIDocument.json()) as? [String: Any])
        let schemas = try #require((document["components"] as? [String: Any])?["schemas"] as? [String: Any])
        #expect((schemas["ZoneName"] as? [String: Any])?["pattern"] as? String == CloudNames.zonePattern)
        #expect((schemas["RecordName"] as? [String: Any])?["pattern"] as? String == CloudNames.recordPattern)
        #expect((schemas["Email"] as? [String: Any])?["pattern"] as? String == AccountRules.emailPattern)
        #expect(
            (schemas["SharedZoneID"] as? [String: Any])?["required"] as? [String] == ["zoneName", "ownerRecordName"])
        let operations =
            ((schemas["PrivateRecordsModifyRequest"] as? [String: Any])?["properties"] as? [String: Any])?["operations"]
            as? [String: Any]
        #expect(operations?["maxItems"] as? Int == CloudConfiguration().maxOperationsPerRequest)
        #expect(operations?["minItems"] as? Int == 1)
        // Every signed-in route lists 401 and 429; every route with a JSON body lists 400 and 413.
        for (path, item) in try #require(document["paths"] as? [String: [String: Any]]) {
            for (method, value) in item {
                let operation = try #require(value as? [String: Any])
                let statuses = Set(((operation["responses"] as? [String: Any]) ?? [:]).keys)
                if operation["security"] != nil {
                    #expect(statuses.isSuperset(of: ["401", "429"]), "\(method) \(path): \(statuses.sorted())")
                }
                if operation["requestBody"] != nil {
                    #expect(statuses.isSuperset(of: ["400", "413"]), "\(method) \(path): \(statuses.sorted())")
                }
                #expect(
                    operation["responses"].flatMap { ($0 as? [String: Any])?["default"] } == nil,
                    "\(method) \(path) has a catch-all response")
            }
        }
    }
}
