import Foundation
import HTTPTypes
import HearthCloud
import HearthCloudModel
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

@testable import HearthServer

@Suite("Cloud HTTP API", .timeLimit(.minutes(10)))
struct CloudAPITests {
    @Test("authentication: no token and a bad one are 401 with WWW-Authenticate, caller answers, sign-out revokes")
    func authentication() async throws {
        let app = try await buildApplication(testConfiguration())
        try await app.test(.router) { client in
            let none = try await client.execute(uri: "/cloud/v1/private/zones/list", method: .post)
            #expect(try errorBody(none).serverErrorCode == .authenticationRequired)
            #expect(none.status.code == 401)
            #expect(none.headers[.wwwAuthenticate]?.hasPrefix("Bearer") == true)
            let bad = try await client.execute(
                uri: "/cloud/v1/private/zones/list", method: .post, headers: authorized("not-a-token"))
            #expect(try errorBody(bad).serverErrorCode == .authenticationFailed)
            #expect(bad.headers[.wwwAuthenticate] != nil)

            let (token, user) = try await signUp(client, "ann")
            let caller = try await client.execute(
                uri: "/cloud/v1/accounts/caller", method: .get, headers: authorized(token))
            #expect(try decode(CloudCaller.self, caller).userRecordName == user)
            let zones = try await client.execute(
                uri: "/cloud/v1/private/zones/list", method: .post, headers: authorized(token))
            #expect(try decode(CloudZonesListResponse.self, zones).zones.map(\.zoneID.zoneName) == ["_defaultZone"])

            let wrongPassword = try await client.execute(
                uri: "/cloud/v1/accounts/signin", method: .post, headers: jsonHeaders,
                body: body(CloudSignInRequest(emailAddress: "nobody@example.com", password: "whatever123")))
            #expect(try errorBody(wrongPassword).serverErrorCode == .authenticationFailed)
            let short = try await client.execute(
                uri: "/cloud/v1/accounts/signup", method: .post, headers: jsonHeaders,
                body: body(CloudSignUpRequest(emailAddress: "x@example.com", password: "short")))
            #expect(try errorBody(short).reason.contains("at least 8"))

            // The scheme in any case, spaces and tabs around the token; anything else is not a bearer header.
            for header in ["bearer \(token)", "BEARER   \(token)\t "] {
                var headers = jsonHeaders
                headers[.authorization] = header
                let answer = try await client.execute(uri: "/cloud/v1/accounts/caller", method: .get, headers: headers)
                #expect(answer.status == .ok, "\(header)")
            }
            for header in ["Bearer", "Bearer\(token)", "Basic \(token)", "Bearer\t\(token)"] {
                var headers = jsonHeaders
                headers[.authorization] = header
                let answer = try await client.execute(uri: "/cloud/v1/accounts/caller", method: .get, headers: headers)
                #expect(answer.status.code == 401, "\(header)")
                #expect(try errorBody(answer).reason.contains("Bearer <token>"), "\(header)")
            }

            let signOut = try await client.execute(
                uri: "/cloud/v1/accounts/signout", method: .post, headers: authorized(token))
            #expect(signOut.status == .noContent)
            let after = try await client.execute(
                uri: "/cloud/v1/accounts/caller", method: .get, headers: authorized(token))
            #expect(try errorBody(after).serverErrorCode == .authenticationFailed)
        }
    }

    @Test("the error codes of the API, each with its status and a body of serverErrorCode, reason and uuid")
    func errorCodes() async throws {
        let app = try await buildApplication(
            testConfiguration(CloudConfiguration(maxOperationsPerRequest: 3, maxAssetBytes: 100)))
        try await app.test(.router) { client in
            let (token, user) = try await signUp(client, "ann")
            let (otherToken, _) = try await signUp(client, "bob")
            let note = CloudRecord(recordName: "n1", recordType: "Note", fields: ["title": .string("a")])
            let created = try await post(
                client, "/cloud/v1/private/records/modify", token,
                CloudRecordsModifyRequest(operations: [CloudRecordOperation(operationType: .create, record: note)]))
            #expect(created.status == .ok)

            // CONFLICT 409 with the server's record.
            var stale = note
            stale.recordChangeTag = "stale"
            let conflict = try errorBody(
                try await post(
                    client, "/cloud/v1/private/records/modify", token,
                    CloudRecordsModifyRequest(operations: [CloudRecordOperation(operationType: .update, record: stale)])
                ))
            #expect(conflict.serverErrorCode == .conflict)
            #expect(conflict.serverRecord?.fields["title"] == .string("a"))
            // EXISTS 409, ATOMIC_ERROR for the rest of the batch.
            let exists = try errorBody(
                try await post(
                    client, "/cloud/v1/private/records/modify", token,
                    CloudRecordsModifyRequest(operations: [
                        CloudRecordOperation(
                            operationType: .create, record: CloudRecord(recordName: "n2", recordType: "Note")),
                        CloudRecordOperation(operationType: .create, record: note),
                    ])))
            #expect(exists.serverErrorCode == .exists)
            #expect(exists.records?.first?.error?.serverErrorCode == .atomicError)
            // LIMIT_EXCEEDED 413.
            let many = (0..<4).map {
                CloudRecordOperation(
                    operationType: .create, record: CloudRecord(recordName: "m\($0)", recordType: "Note"))
            }
            #expect(
                try errorBody(
                    try await post(
                        client, "/cloud/v1/private/records/modify", token, CloudRecordsModifyRequest(operations: many))
                ).serverErrorCode == .limitExceeded)
            // NOT_FOUND 404 per record in a lookup; ZONE_NOT_FOUND 404.
            let lookup = try decode(
                CloudRecordsLookupResponse.self,
                try await post(
                    client, "/cloud/v1/private/records/lookup", token,
                    CloudRecordsLookupRequest(records: [CloudRecordLookup(recordName: "ghost")])))
            #expect(lookup.records.first?.error?.serverErrorCode == .notFound)
            #expect(
                try errorBody(
                    try await post(
                        client, "/cloud/v1/private/records/lookup", token,
                        CloudRecordsLookupRequest(
                            zoneID: CloudZoneID(zoneName: "Nowhere"), records: [CloudRecordLookup(recordName: "x")]))
                ).serverErrorCode == .zoneNotFound)
            // ACCESS_DENIED 403: another user's zone.
            #expect(
                try errorBody(
                    try await post(
                        client, "/cloud/v1/private/records/lookup", otherToken,
                        CloudRecordsLookupRequest(
                            zoneID: CloudZoneID(zoneName: "_defaultZone", ownerRecordName: user),
                            records: [CloudRecordLookup(recordName: "n1")]))
                ).serverErrorCode == .accessDenied)
            // VALIDATING_REFERENCE_ERROR 412.
            let orphan = CloudRecord(recordName: "o", recordType: "Note", parent: CloudReference(recordName: "missing"))
            #expect(
                try errorBody(
                    try await post(
                        client, "/cloud/v1/private/records/modify", token,
                        CloudRecordsModifyRequest(operations: [
                            CloudRecordOperation(operationType: .create, record: orphan)
                        ]))
                ).serverErrorCode == .validatingReferenceError)
            // QUOTA_EXCEEDED 413: an asset over the limit.
            #expect(
                try errorBody(
                    try await postRaw(client, "/cloud/v1/assets/upload", token, ByteBuffer(repeating: 1, count: 101))
                ).serverErrorCode == .quotaExceeded)
            // BAD_REQUEST 400: a token that is not ours.
            #expect(
                try errorBody(
                    try await post(
                        client, "/cloud/v1/private/records/changes", token,
                        CloudRecordChangesRequest(syncToken: CloudSyncToken("garbage")))
                ).serverErrorCode == .badRequest)
            // NOT_FOUND for an unknown database and an unknown route.
            #expect(
                try errorBody(
                    try await post(client, "/cloud/v1/public/zones/list", token, CloudZonesListResponse(zones: []))
                ).serverErrorCode == .notFound)
            let unknown = try await client.execute(
                uri: "/cloud/v1/nothing/here", method: .get, headers: authorized(token))
            #expect(unknown.status == .notFound)
        }
    }

    @Test("a user over the rate limit gets 429 THROTTLED with retryAfter and Retry-After")
    func throttling() async throws {
        let app = try await buildApplication(testConfiguration(CloudConfiguration(requestsPerSecond: 0.01, burst: 3)))
        try await app.test(.router) { client in
            let (token, _) = try await signUp(client, "busy")
            for _ in 0..<3 {
                #expect(
                    try await client.execute(
                        uri: "/cloud/v1/private/zones/list", method: .post, headers: authorized(token)
                    ).status == .ok)
            }
            let throttled = try await client.execute(
                uri: "/cloud/v1/private/zones/list", method: .post, headers: authorized(token))
            let error = try errorBody(throttled)
            #expect(error.serverErrorCode == .throttled)
            #expect(throttled.status == .tooManyRequests)
            #expect((error.retryAfter ?? 0) >= 1)
            #expect(throttled.headers[.retryAfter] == error.retryAfter.map(String.init))
            // Someone else is not held back.
            let (other, _) = try await signUp(client, "calm")
            #expect(
                try await client.execute(uri: "/cloud/v1/private/zones/list", method: .post, headers: authorized(other))
                    .status == .ok)
        }
    }

    @Test("hostile input gets a 4xx with a useful reason, and nothing stored changes")
    func hostileInput() async throws {
        let app = try await buildApplication(
            testConfiguration(CloudConfiguration(maxRequestBytes: 3_000_000, recordTypes: ["Note", "Pet"])))
        try await app.test(.router) { client in
            let (token, _) = try await signUp(client, "ann")
            let seed = CloudRecordsModifyRequest(operations: [
                CloudRecordOperation(
                    operationType: .create,
                    record: CloudRecord(recordName: "keep", recordType: "Note", fields: ["title": .string("original")]))
            ])
            #expect(try await post(client, "/cloud/v1/private/records/modify", token, seed).status == .ok)
            let before = try decode(
                CloudRecordChangesResponse.self,
                try await post(client, "/cloud/v1/private/records/changes", token, CloudRecordChangesRequest()))

            let path = "/cloud/v1/private/records/modify"
            let cases: [(String, ByteBuffer, String)] = [
                ("malformed JSON", ByteBuffer(string: #"{"operations": [ {"operationType": "create", "#), "not valid"),
                ("empty body", ByteBuffer(), "needs a JSON body"),
                (
                    "wrong field type",
                    ByteBuffer(
                        string:
                            #"{"operations":[{"operationType":"forceReplace","record":{"recordName":"keep","recordType":"Note","fields":{"title":{"type":"INT64","value":"zero"}}}}]}"#
                    ), "operations[0].record.fields.title.value"
                ),
                (
                    "unknown field type",
                    ByteBuffer(
                        string:
                            #"{"operations":[{"operationType":"create","record":{"recordName":"k2","recordType":"Note","fields":{"t":{"type":"MONEY","value":1}}}}]}"#
                    ), "MONEY"
                ),
                (
                    "unknown operation",
                    ByteBuffer(
                        string:
                            #"{"operations":[{"operationType":"upsert","record":{"recordName":"k2","recordType":"Note"}}]}"#
                    ), "operationType"
                ),
                (
                    "unknown record type",
                    ByteBuffer(
                        string:
                            #"{"operations":[{"operationType":"create","record":{"recordName":"k3","recordType":"Spaceship"}}]}"#
                    ), "not known to this server"
                ),
                (
                    "SQL-looking record name",
                    ByteBuffer(
                        string:
                            #"{"operations":[{"operationType":"forceReplace","record":{"recordName":"keep'; DROP TABLE records; --","recordType":"Note"}}]}"#
                    ), "Record name"
                ),
                (
                    "SQL-looking zone",
                    ByteBuffer(
                        string:
                            #"{"zoneID":{"zoneName":"x\" OR 1=1 --"},"operations":[{"operationType":"create","record":{"recordName":"k4","recordType":"Note"}}]}"#
                    ), "Zone name"
                ),
                (
                    "a million-character field",
                    body(
                        CloudRecordsModifyRequest(operations: [
                            CloudRecordOperation(
                                operationType: .forceReplace,
                                record: CloudRecord(
                                    recordName: "keep", recordType: "Note",
                                    fields: ["title": .string(String(repeating: "x", count: 1_000_000))]))
                        ])), "over the limit"
                ),
                (
                    "a body over the request limit", ByteBuffer(repeating: UInt8(ascii: " "), count: 3_000_001),
                    "larger than"
                ),
            ]
            for (name, payload, reasonPart) in cases {
                let response = try await postRaw(client, path, token, payload)
                #expect((400..<500).contains(Int(response.status.code)), "\(name): \(response.status)")
                let error = try errorBody(response)
                #expect(error.reason.contains(reasonPart), "\(name): \(error.reason)")
            }
            // Wrong types at the top level and in other routes.
            let badQuery = try await postRaw(
                client, "/cloud/v1/private/records/query", token,
                ByteBuffer(string: #"{"query":{"recordType":"Note","filterBy":"all"}}"#))
            #expect(try errorBody(badQuery).reason.contains("query.filterBy"))
            let badZones = try await postRaw(
                client, "/cloud/v1/private/zones/modify", token, ByteBuffer(string: #"[1,2,3]"#))
            #expect(badZones.status == .badRequest)

            let after = try decode(
                CloudRecordChangesResponse.self,
                try await post(client, "/cloud/v1/private/records/changes", token, CloudRecordChangesRequest()))
            #expect(after.records == before.records)
            #expect(after.records.map(\.recordName) == ["keep"])
            let zones = try decode(
                CloudZonesListResponse.self,
                try await client.execute(uri: "/cloud/v1/private/zones/list", method: .post, headers: authorized(token))
            )
            #expect(zones.zones.count == 1)
        }
    }

    @Test("sharing over HTTP: invite, accept, read in the shared database, read-only refused, assets through the share")
    func sharingOverHTTP() async throws {
        let app = try await buildApplication(testConfiguration())
        try await app.test(.router) { client in
            let (owner, ownerID) = try await signUp(client, "owner")
            let (bob, _) = try await signUp(client, "bob")
            let asset = try decode(
                CloudAsset.self,
                try await postRaw(client, "/cloud/v1/assets/upload", owner, ByteBuffer(string: "x-ray image")))
            let pet = CloudRecord(
                recordName: "rex", recordType: "Pet", fields: ["name": .string("Rex"), "xray": .asset(asset)])
            _ = try await post(
                client, "/cloud/v1/private/records/modify", owner,
                CloudRecordsModifyRequest(operations: [CloudRecordOperation(operationType: .create, record: pet)]))
            let share = try decode(
                CloudShare.self,
                try await post(
                    client, "/cloud/v1/private/shares/create", owner, CloudShareCreateRequest(rootRecordName: "rex")))
            let bobCaller = try decode(
                CloudCaller.self,
                try await client.execute(uri: "/cloud/v1/accounts/caller", method: .get, headers: authorized(bob)))
            _ = try await post(
                client, "/cloud/v1/private/shares/participants/add", owner,
                CloudParticipantsAddRequest(
                    shareName: share.shareName,
                    participants: [
                        CloudParticipantInvite(userRecordName: bobCaller.userRecordName, permission: .readOnly)
                    ]))
            let sharedZone = CloudZoneID(zoneName: "_defaultZone", ownerRecordName: ownerID)
            #expect(
                try errorBody(
                    try await post(
                        client, "/cloud/v1/shared/records/lookup", bob,
                        CloudRecordsLookupRequest(zoneID: sharedZone, records: [CloudRecordLookup(recordName: "rex")]))
                ).serverErrorCode == .accessDenied)
            let invitations = try decode(
                CloudSharesListResponse.self,
                try await client.execute(uri: "/cloud/v1/shares/invitations", method: .get, headers: authorized(bob)))
            let token = try #require(invitations.shares.first?.shareToken)
            #expect(
                try await post(client, "/cloud/v1/shares/accept", bob, CloudShareAcceptRequest(shareToken: token))
                    .status == .ok)
            let found = try decode(
                CloudRecordsLookupResponse.self,
                try await post(
                    client, "/cloud/v1/shared/records/lookup", bob,
                    CloudRecordsLookupRequest(zoneID: sharedZone, records: [CloudRecordLookup(recordName: "rex")])))
            #expect(found.records.first?.item?.fields["name"] == .string("Rex"))
            let download = try await client.execute(
                uri: "/cloud/v1/assets/\(asset.fileChecksum)", method: .get, headers: authorized(bob))
            #expect(String(buffer: download.body) == "x-ray image")
            let write = try await post(
                client, "/cloud/v1/shared/records/modify", bob,
                CloudRecordsModifyRequest(
                    zoneID: sharedZone,
                    operations: [
                        CloudRecordOperation(
                            operationType: .forceUpdate,
                            record: CloudRecord(recordName: "rex", recordType: "Pet", fields: ["name": .string("Max")]))
                    ]))
            #expect(try errorBody(write).serverErrorCode == .accessDenied)
            let manage = try await post(
                client, "/cloud/v1/shared/shares/participants/add", bob,
                CloudParticipantsAddRequest(
                    zoneID: sharedZone, shareName: share.shareName,
                    participants: [CloudParticipantInvite(emailAddress: "c@example.com", permission: .readWrite)]))
            #expect(try errorBody(manage).serverErrorCode == .accessDenied)
            let createInShared = try await post(
                client, "/cloud/v1/shared/shares/create", bob, CloudShareCreateRequest(zoneID: sharedZone))
            #expect(try errorBody(createInShared).serverErrorCode == .accessDenied)
        }
    }

    @Test("GET /openapi.json is valid OpenAPI and describes every route the server has")
    func openAPICoversEveryRoute() async throws {
        let configuration = testConfiguration()
        let routes = try await registeredRoutes(configuration)
        #expect(routes.count > 25)
        let app = try await buildApplication(configuration)
        try await app.test(.router) { client in
            let response = try await client.execute(uri: "/openapi.json", method: .get)
            #expect(response.status == .ok)
            let data = Data(buffer: response.body)
            let document = try OpenAPIValidation.decode(data)
            let described = OpenAPIValidation.operations(document)
            // A route under {database} is described once per database it serves.
            func paths(_ route: (method: String, path: String)) -> [String] {
                guard route.path.contains("{database}") else { return ["\(route.method) \(route.path)"] }
                return CloudDatabaseScope.allCases.map {
                    "\(route.method) " + route.path.replacingOccurrences(of: "{database}", with: $0.rawValue)
                }
            }
            for route in routes {
                #expect(
                    paths(route).contains(where: described.contains),
                    "\(route.method.uppercased()) \(route.path) is missing from /openapi.json")
            }
            let routed = Set(routes.flatMap(paths))
            for operation in described {
                #expect(routed.contains(operation), "/openapi.json describes \(operation), which no route answers")
            }
        }
    }

    @Test("the health report includes the record store")
    func health() async throws {
        let app = try await buildApplication(testConfiguration())
        try await app.test(.router) { client in
            let response = try await client.execute(uri: "/health", method: .get)
            #expect(response.status == .ok)
            #expect(String(buffer: response.body).contains("\"recordStore\""))
        }
    }
}
