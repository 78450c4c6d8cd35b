import Foundation
import HearthCloudModel
import HearthCore
import Testing

@testable import HearthSync

@Suite struct ConflictResolverTests {
    func record(_ fields: [String: CloudFieldValue], times: [String: Int64]? = nil, modified: Int64 = 0) -> CloudRecord
    {
        var fields = fields
        if let times { fields[SyncCoding.fieldTimesKey] = .string(SyncCoding.encodeTimes(times)) }
        return CloudRecord(
            recordName: "r1", recordType: "Note", fields: fields, recordChangeTag: "t",
            modified: CloudRecordStamp(timestamp: modified, userRecordName: "u"))
    }

    @Test func fieldLevelKeepsEachSidesOwnChanges() throws {
        let ancestor = record(["title": .string("a"), "body": .string("b")], times: ["title": 1, "body": 1])
        let server = record(
            ["title": .string("server title"), "body": .string("b")], times: ["title": 50, "body": 1], modified: 50)
        let client = record(["title": .string("a"), "body": .string("client body")])
        let resolution = try ConflictResolver(policy: .fieldLevelLastWriterWins).resolve(
            ancestor: ancestor, client: client, server: server, localTimes: ["body": 40])
        #expect(resolution.fields == ["title": .string("server title"), "body": .string("client body")])
        #expect(resolution.remainingTimes == ["body": 40])
        #expect(!resolution.matchesServer)
        #expect(resolution.changesLocal)
    }

    @Test func fieldLevelSameFieldLaterEditWins() throws {
        let ancestor = record(["title": .string("a")], times: ["title": 1])
        let server = record(["title": .string("server")], times: ["title": 100], modified: 100)
        let earlier = try ConflictResolver(policy: .fieldLevelLastWriterWins).resolve(
            ancestor: ancestor, client: record(["title": .string("client")]), server: server, localTimes: ["title": 90])
        #expect(earlier.fields["title"] == .string("server"))
        #expect(earlier.matchesServer)
        #expect(earlier.remainingTimes == [:])
        let later = try ConflictResolver(policy: .fieldLevelLastWriterWins).resolve(
            ancestor: ancestor, client: record(["title": .string("client")]), server: server, localTimes: ["title": 110]
        )
        #expect(later.fields["title"] == .string("client"))
        #expect(later.remainingTimes == ["title": 110])
    }

    @Test func fieldLevelTieKeepsTheServersValue() throws {
        let server = record(["title": .string("server")], times: ["title": 100], modified: 100)
        let tie = try ConflictResolver(policy: .fieldLevelLastWriterWins).resolve(
            ancestor: nil, client: record(["title": .string("client")]), server: server, localTimes: ["title": 100])
        #expect(tie.fields["title"] == .string("server"))
    }

    @Test func fieldLevelRemovalIsAnEdit() throws {
        let ancestor = record(["title": .string("a"), "tag": .string("x")], times: ["title": 1, "tag": 1])
        let server = record(["title": .string("a"), "tag": .string("x")], times: ["title": 1, "tag": 1], modified: 1)
        let resolution = try ConflictResolver(policy: .fieldLevelLastWriterWins).resolve(
            ancestor: ancestor, client: record(["title": .string("a")]), server: server, localTimes: ["tag": 5])
        #expect(resolution.fields == ["title": .string("a")])
    }

    @Test func serverAndClientWins() throws {
        let server = record(["title": .string("server")])
        let client = record(["title": .string("client")])
        let serverWins = try ConflictResolver(policy: .serverWins).resolve(
            ancestor: nil, client: client, server: server, localTimes: nil)
        #expect(serverWins.fields == ["title": .string("server")])
        #expect(serverWins.matchesServer)
        #expect(serverWins.changesLocal)
        let clientWins = try ConflictResolver(policy: .clientWins).resolve(
            ancestor: nil, client: client, server: server, localTimes: nil)
        #expect(clientWins.fields == ["title": .string("client")])
        #expect(!clientWins.matchesServer)
        #expect(!clientWins.changesLocal)
    }

    @Test func customMergeSeesAllThreeVersionsWithoutEngineFields() throws {
        let seen = Locked<SyncConflict?>(nil)
        let policy = SyncConflictPolicy.merge { conflict in
            seen.withLock { $0 = conflict }
            return ["count": .int64(42)]
        }
        let ancestor = record(["count": .int64(1)], times: ["count": 1])
        let resolution = try ConflictResolver(policy: policy).resolve(
            ancestor: ancestor, client: record(["count": .int64(2)]),
            server: record(["count": .int64(3)], times: ["count": 9]), localTimes: nil)
        #expect(resolution.fields == ["count": .int64(42)])
        let conflict = try #require(seen.current)
        #expect(conflict.ancestor?.fields == ["count": .int64(1)])
        #expect(conflict.client.fields == ["count": .int64(2)])
        #expect(conflict.server.fields == ["count": .int64(3)])
    }

    @Test func failingMergeThrows() {
        struct Refused: Error {}
        let policy = SyncConflictPolicy.merge { _ in throw Refused() }
        #expect(throws: Refused.self) {
            try ConflictResolver(policy: policy).resolve(
                ancestor: nil, client: record([:]), server: record([:]), localTimes: nil)
        }
    }

    @Test func backoffGrowsToTheCeilingWithJitter() {
        let base = Duration.seconds(1)
        let ceiling = Duration.seconds(60)
        // 1 s doubling each attempt, capped at 60 s, plus up to a quarter more of jitter.
        let seconds: [Int64] = [1, 2, 4, 8, 16, 32, 60, 60, 60, 60, 60, 60]
        for (attempt, floor) in seconds.enumerated() {
            let delay = Backoff.delay(attempt: attempt, base: base, ceiling: ceiling)
            #expect(delay >= .seconds(floor), "attempt \(attempt)")
            #expect(delay <= .milliseconds(floor * 1250), "attempt \(attempt)")
        }
    }
}

@Suite struct RecordJSONWriterTests {
    @Test func writesWhatTheCodableConformanceReads() throws {
        let record = CloudRecord(
            recordName: "r-1", recordType: "Everything",
            fields: [
                "text": .string("quote \" backslash \\ newline \n tab \t bell \u{07} café ☕️"),
                "number": .int64(-42), "big": .int64(.max), "when": .date(1_700_000_000_123),
                "flag": .boolean(true), "ratio": .double(0.1), "tiny": .double(1e-300), "whole": .double(3),
                "bytes": .bytes(Data([0, 1, 2, 255])),
                "link": .reference(CloudReference(recordName: "r-2", action: .deleteSelf)),
                "place": .location(CloudLocation(latitude: 51.5, longitude: -0.12)),
                "tags": .list(.string(["a", "b"])),
                "file": .asset(CloudAsset(fileChecksum: String(repeating: "a", count: 64), size: 3)),
            ],
            recordChangeTag: "7x",
            created: CloudRecordStamp(timestamp: 1, userRecordName: "u1"),
            modified: CloudRecordStamp(timestamp: 2, userRecordName: "u\"2", deviceID: "d"),
            parent: CloudReference(recordName: "p")
        )
        let decoded = try JSONDecoder().decode(CloudRecord.self, from: SyncCoding.encodeRecord(record))
        #expect(decoded == record)
        #expect(SyncCoding.decodeRecord(try SyncCoding.encodeRecord(record)) == record)
    }
}
