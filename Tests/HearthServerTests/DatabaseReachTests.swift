import Foundation
import HearthCore
import HearthTestSupport
import Logging
import Testing

@testable import HearthServer

/// Starting on a PostgreSQL that does not answer: the server gives up when its connect timeout has passed on
/// its clock, with a message that names the database (without its password) and says what to check.
@Suite struct DatabaseReachTests {
    @Test(
        "a PostgreSQL URL where nothing listens fails when the connect timeout passes, naming the URL without its password"
    )
    func unreachableDatabase() async throws {
        // Port 1: nothing listens there.
        let socket = 1
        let folder = scratchDirectory("hearth-reach")
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = "postgres://hearth:s3cret@127.0.0.1:\(socket)/hearth"
        let configuration = ServerConfiguration(port: 0, dataDirectory: folder, logLevel: .error, databaseURL: url)
        var logger = Logger(label: "test.reach")
        logger.logLevel = .critical
        let clock = ManualClock()
        let directory = try DataDirectory.prepare(folder)
        let start = Task {
            try await CloudServices.make(
                configuration, dataDirectory: directory, logger: logger, connectTimeout: .milliseconds(1500),
                clock: clock)
        }
        // The start-up waits on its clock (for the timeout, and between attempts); nothing else ends the wait.
        try await waitUntil("the start-up waits for the database on its clock") { clock.sleeperCount >= 1 }
        clock.advance(by: .milliseconds(1500))
        do {
            _ = try await start.value
            Issue.record("The server started on a database that does not answer")
        } catch let error as ServiceError {
            #expect(error.message.contains("did not answer within 1.5 seconds"), "\(error.message)")
            #expect(error.message.contains("127.0.0.1:\(socket)"))
            #expect(!error.message.contains("s3cret"))
            #expect(error.message.contains("HEARTH_DATABASE_URL"))
        }
    }
}
