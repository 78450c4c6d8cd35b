import Foundation
import HearthCloudModel
import HearthTestSupport
import Testing

@Suite("hearth serve on a full disk", .serialized, .timeLimit(.minutes(10)))
struct FullDiskTests {
    /// A 4 MiB tmpfs as the data directory, mounted for the test (root only: CI runs as root).
    static func mountSmallDisk() async throws -> URL {
        let folder = temporaryFolder()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let mounted = try await ChildProcess.run(
            URL(fileURLWithPath: "/bin/mount"), ["-t", "tmpfs", "-o", "size=4m", "tmpfs", folder.path])
        guard mounted.status == 0 else {
            try? FileManager.default.removeItem(at: folder)
            try Test.cancel(
                "a small disk could not be mounted (\(mounted.stderr.trimmingCharacters(in: .whitespacesAndNewlines))); the test needs root, as CI has"
            )
        }
        return folder
    }

    @Test(
        "a full disk answers 503 with a clear reason, loses no acknowledged write, and the server recovers when space returns"
    )
    func aFullDiskIsAnsweredAndSurvived() async throws {
        let disk = try await Self.mountSmallDisk()
        defer {
            _ = try? Process.run(URL(fileURLWithPath: "/bin/umount"), arguments: [disk.path]).waitUntilExit()
            try? FileManager.default.removeItem(at: disk)
        }
        let data = disk.appendingPathComponent("data")
        try await ServerProcess.running(dataDirectory: data, arguments: CrashConsistencyTests.unthrottled) { server in
            let session = try await server.signUpAndIn("full@example.com")
            var acknowledged = 0
            var refusal: CloudError?
            for batch in 0..<400 {
                let operations = (0..<10).map { index in
                    CloudRecordOperation(
                        operationType: .create,
                        record: CloudRecord(
                            recordName: "b\(batch)-\(index)", recordType: "Note",
                            fields: ["text": .string(String(repeating: "x", count: 20_000))]))
                }
                let (status, body) = try await server.send(
                    "/cloud/v1/private/records/modify", CloudRecordsModifyRequest(operations: operations),
                    token: session.token)
                if status == 200 {
                    acknowledged += 1
                    continue
                }
                #expect(status == 503)
                refusal = try JSONDecoder().decode(CloudError.self, from: body)
                break
            }
            #expect(acknowledged > 0)
            #expect(refusal?.serverErrorCode == .tryAgainLater)
            #expect(refusal?.reason.contains("disk is full") == true, "\(refusal?.reason ?? "the disk never filled")")
            #expect(refusal?.retryAfter != nil)

            // Space returns: the disk grows, and the same server takes writes again.
            let grown = try await ChildProcess.run(
                URL(fileURLWithPath: "/bin/mount"), ["-o", "remount,size=64m", disk.path])
            #expect(grown.status == 0, "\(grown.stderr)")
            let after = (0..<10).map {
                CloudRecordOperation(
                    operationType: .create, record: CloudRecord(recordName: "after-\($0)", recordType: "Note"))
            }
            let (status, _) = try await server.send(
                "/cloud/v1/private/records/modify", CloudRecordsModifyRequest(operations: after), token: session.token)
            #expect(status == 200)

            // Nothing was lost or half written: every acknowledged batch, whole, and the one after.
            let names = try await server.recordNames(token: session.token)
            #expect(names.count == acknowledged * 10 + 10)
            #expect(
                (0..<acknowledged).allSatisfy { batch in (0..<10).allSatisfy { names.contains("b\(batch)-\($0)") } })
        }
    }
}
