import Foundation
import HTTPTypes
import HearthCloud
import HearthCore
import HearthServer
import HearthTestSupport
import Hummingbird
import HummingbirdTesting
import Logging
import Testing

private func temporaryDataDirectory() -> URL {
    scratchDirectory("hearth-server")
}

private func quietLogger() -> Logger {
    var logger = Logger(label: "test.server")
    logger.logLevel = .error
    return logger
}

@Suite struct ApplicationTests {
    @Test func healthReportsEveryServiceAsJSON() async throws {
        let folder = temporaryDataDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let app = try await buildApplication(
            ServerConfiguration(port: 0, dataDirectory: folder, logLevel: .error), logger: quietLogger())
        try await app.test(.router) { client in
            try await client.execute(uri: "/health", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType]?.hasPrefix("application/json") == true)
                let report = try JSONDecoder.hearth.decode(
                    HealthReport.self, from: Data(response.body.readableBytesView))
                #expect(report.status == "healthy")
                #expect(report.services["dataDirectory"]?.isHealthy == true)
            }
        }
    }

    @Test func probesWithinASecondShareOneReport() async throws {
        let folder = temporaryDataDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let clock = ManualClock()
        let app = try await buildApplication(
            ServerConfiguration(port: 0, dataDirectory: folder, logLevel: .error), logger: quietLogger(), clock: clock)
        try await app.test(.router) { client in
            func checkedAt() async throws -> Date {
                try await client.execute(uri: "/health", method: .get) { response in
                    try JSONDecoder.hearth.decode(HealthReport.self, from: Data(response.body.readableBytesView))
                        .checkedAt
                }
            }
            var times: [Date] = []
            for _ in 0..<5 { times.append(try await checkedAt()) }
            // Within the second, every probe shares the first one's run of the checks.
            // (HealthReportsTests checks that a report a second old is made again.)
            #expect(Set(times).count == 1, "\(times)")
        }
    }

    @Test func healthIs503WhenTheDataDirectoryIsGone() async throws {
        let folder = temporaryDataDirectory()
        let app = try await buildApplication(
            ServerConfiguration(port: 0, dataDirectory: folder, logLevel: .error), logger: quietLogger())
        try FileManager.default.removeItem(at: folder)
        try await app.test(.router) { client in
            try await client.execute(uri: "/health", method: .get) { response in
                #expect(response.status == .serviceUnavailable)
                let report = try JSONDecoder.hearth.decode(
                    HealthReport.self, from: Data(response.body.readableBytesView))
                #expect(report.status == "unhealthy")
                #expect(report.services["dataDirectory"]?.errors.first?.contains(folder.lastPathComponent) == true)
            }
        }
    }

    @Test func metricsCountRequestsInPrometheusText() async throws {
        let folder = temporaryDataDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let app = try await buildApplication(
            ServerConfiguration(port: 0, dataDirectory: folder, logLevel: .error), logger: quietLogger())
        try await app.test(.router) { client in
            for _ in 0..<3 { try await client.execute(uri: "/health", method: .get) { _ in } }
            try await client.execute(uri: "/no-such-route", method: .get) { _ in }
            try await client.execute(uri: "/metrics", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType]?.hasPrefix("text/plain; version=0.0.4") == true)
                let text = String(buffer: response.body)
                #expect(text.contains(#"hearth_http_requests_total{method="GET",route="/health",status="200"} 3"#))
                #expect(text.contains(#"status="404""#))
                #expect(text.contains("# TYPE hearth_http_request_duration_seconds histogram"))
                #expect(text.contains("\nhearth_push_connections 0.0\n"), "no client holds the push channel open")
            }
        }
    }

    @Test func unknownRoutesAnswerWithAJSONErrorBody() async throws {
        let folder = temporaryDataDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let app = try await buildApplication(
            ServerConfiguration(port: 0, dataDirectory: folder, logLevel: .error), logger: quietLogger())
        try await app.test(.router) { client in
            try await client.execute(uri: "/nowhere", method: .get) { response in
                #expect(response.status == .notFound)
                let body = try JSONDecoder().decode(ErrorBody.self, from: Data(response.body.readableBytesView))
                #expect(body.serverErrorCode == "NOT_FOUND")
                #expect(body.reason.contains("/nowhere"))
                #expect(UUID(uuidString: body.uuid) != nil)
            }
        }
    }

    @Test func aWrongMethodIs405WithTheAllowedOnes() async throws {
        let folder = temporaryDataDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let app = try await buildApplication(
            ServerConfiguration(port: 0, dataDirectory: folder, logLevel: .error), logger: quietLogger())
        try await app.test(.router) { client in
            try await client.execute(uri: "/health", method: .post) { response in
                #expect(response.status == .methodNotAllowed)
                #expect(response.headers[.allow] == "GET")
                let body = try JSONDecoder().decode(ErrorBody.self, from: Data(response.body.readableBytesView))
                #expect(body.reason.contains("use GET"))
            }
            // A path with a parameter: zones are listed with POST, whatever the database.
            try await client.execute(uri: "/cloud/v1/shared/zones/list", method: .get) { response in
                #expect(response.status == .methodNotAllowed, "\(String(buffer: response.body))")
                #expect(response.headers[.allow] == "POST")
            }
            // The right method still reaches the route (and asks for a token); an unknown path stays 404.
            try await client.execute(uri: "/cloud/v1/shared/zones/list", method: .post) { response in
                #expect(response.status == .unauthorized)
            }
            try await client.execute(uri: "/cloud/v1/shared/zones/nowhere", method: .get) { response in
                #expect(response.status == .notFound)
            }
            // A literal segment wins over a parameter, as in the router: assets/upload is the upload (POST),
            // not an asset named "upload" (GET assets/{checksum}).
            for method in [HTTPRequest.Method.get, .options] {
                try await client.execute(uri: "/cloud/v1/assets/upload", method: method) { response in
                    #expect(response.status == .methodNotAllowed, "\(method) \(String(buffer: response.body))")
                    #expect(response.headers[.allow] == "POST")
                }
            }
            try await client.execute(uri: "/cloud/v1/assets/" + String(repeating: "a", count: 64), method: .delete) {
                response in
                #expect(response.headers[.allow] == "GET")
            }
        }
    }

    @Test func aLiveServerAnswersOnAFreePort() async throws {
        let folder = temporaryDataDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let bound = Locked<Int?>(nil)
        let app = try await buildApplication(
            ServerConfiguration(port: 0, dataDirectory: folder, logLevel: .error), logger: quietLogger(),
            onListening: { port in bound.withLock { $0 = port } }
        )
        try await app.test(.live) { client in
            try await client.execute(uri: "/health", method: .get) { response in
                #expect(response.status == .ok)
            }
            #expect(bound.current == client.port)
            #expect((bound.current ?? 0) > 0)
        }
    }

    @Test func aFileWhereTheDataDirectoryShouldBeIsAClearError() async throws {
        let file = temporaryDataDirectory()
        try Data("x".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        do {
            _ = try await buildApplication(
                ServerConfiguration(port: 0, dataDirectory: file, logLevel: .error), logger: quietLogger())
            Issue.record("must throw")
        } catch let error as ServiceError {
            #expect(error.message.contains(file.path))
            #expect(error.message.contains("--data-dir"))
        }
    }
}

@Suite struct ErrorTranslationTests {
    @Test(arguments: [
        (ServiceError.notAuthenticated(), 401, "AUTHENTICATION_REQUIRED"),
        (ServiceError.unauthorized(), 403, "ACCESS_DENIED"),
        (ServiceError.notFound("Record r1"), 404, "NOT_FOUND"),
        (ServiceError.validationFailed("Bad"), 400, "BAD_REQUEST"),
        (ServiceError(.conflict, "Changed"), 409, "CONFLICT"),
        (ServiceError(.rateLimited, "Slow", retryAfter: .seconds(7)), 429, "THROTTLED"),
        (ServiceError.operationFailed("Boom"), 500, "INTERNAL_ERROR"),
    ])
    func serviceErrorsMapToStatusAndCode(_ error: ServiceError, _ status: Int, _ code: String) {
        let answer = ErrorMiddleware<HearthRequestContext>.translate(error)
        #expect(answer.status.code == status)
        #expect(answer.body.serverErrorCode == code)
        #expect(answer.body.reason == error.message)
        if status == 429 {
            #expect(answer.body.retryAfter == 7)
            #expect(answer.headers[.retryAfter] == "7")
        }
    }
}

@Suite struct ServerConfigurationTests {
    @Test func flagsBeatEnvironmentBeatsDefaults() throws {
        let defaults = try ServerConfiguration.resolve(environment: [:])
        #expect(defaults.host == "127.0.0.1")
        #expect(defaults.port == 8080)
        #expect(defaults.dataDirectory.lastPathComponent == "hearth-data")
        #expect(defaults.logLevel == .info)

        let environment = [
            "HEARTH_HOST": "0.0.0.0", "HEARTH_PORT": "9000", "HEARTH_DATA_DIR": "/srv/hearth",
            "HEARTH_LOG_LEVEL": "DEBUG",
        ]
        let fromEnvironment = try ServerConfiguration.resolve(environment: environment)
        #expect(fromEnvironment.host == "0.0.0.0")
        #expect(fromEnvironment.port == 9000)
        #expect(fromEnvironment.dataDirectory.path == "/srv/hearth")
        #expect(fromEnvironment.logLevel == .debug)

        let fromFlags = try ServerConfiguration.resolve(
            host: "::1", port: 0, dataDirectory: "/tmp/h", logLevel: "error", environment: environment)
        #expect(fromFlags.host == "::1")
        #expect(fromFlags.port == 0)
        #expect(fromFlags.dataDirectory.path == "/tmp/h")
        #expect(fromFlags.logLevel == .error)
    }

    @Test func malformedSettingsAreNamed() {
        #expect { try ServerConfiguration.resolve(environment: ["HEARTH_PORT": "eighty"]) } throws: { error in
            (error as? ServiceError)?.message.contains("HEARTH_PORT") == true
        }
        #expect { try ServerConfiguration.resolve(port: 70_000, environment: [:]) } throws: { error in
            (error as? ServiceError)?.message.contains("70000") == true
        }
        #expect { try ServerConfiguration.resolve(logLevel: "loud", environment: [:]) } throws: { error in
            (error as? ServiceError)?.message.contains("loud") == true
        }
        #expect { try ServerConfiguration.resolve(environment: ["HEARTH_RATE_LIMIT": "fast"]) } throws: { error in
            (error as? ServiceError)?.message.contains("HEARTH_RATE_LIMIT is \"fast\"") == true
        }
        #expect { try ServerConfiguration.resolve(databaseConnections: 0, environment: [:]) } throws: { error in
            (error as? ServiceError)?.message.contains("--database-connections 0 is out of range") == true
        }
    }

    @Test(
        "the edge's settings: defaults, then the environment, then flags; a bad proxy or an out-of-range value is named"
    )
    func edgeSettings() throws {
        let defaults = try ServerConfiguration.resolve(environment: [:])
        #expect(defaults.trustedProxies.isEmpty)
        #expect(defaults.signedOutRequestsPerSecond == 10 && defaults.signedOutBurst == 100)
        #expect(defaults.connectionLimits == ConnectionLimits())
        #expect(
            defaults.connectionLimits.headerTimeout == .seconds(10)
                && defaults.connectionLimits.idleTimeout == .seconds(60))
        #expect(defaults.collectorLimits == CollectorLimits())
        #expect(defaults.collectorLimits.retention == .seconds(90 * 86_400))
        #expect(defaults.cloud.storageQuotaBytes == 1_000_000_000)
        let environment = [
            "HEARTH_TRUSTED_PROXIES": "127.0.0.1, 10.0.0.0/8", "HEARTH_SIGNED_OUT_RATE_LIMIT": "2",
            "HEARTH_SIGNED_OUT_RATE_BURST": "20",
            "HEARTH_HEADER_TIMEOUT": "5", "HEARTH_IDLE_TIMEOUT": "30", "HEARTH_BODY_TIMEOUT": "15",
            "HEARTH_BODY_MIN_RATE": "1000",
            "HEARTH_MAX_HEADER_BYTES": "16384", "HEARTH_ANALYTICS_MAX_EVENTS": "50",
            "HEARTH_ANALYTICS_MAX_BYTES": "100000",
            "HEARTH_ANALYTICS_RETENTION_DAYS": "30", "HEARTH_ANALYTICS_MAX_ROWS": "5000",
            "HEARTH_STORAGE_QUOTA_BYTES": "0",
        ]
        let fromEnvironment = try ServerConfiguration.resolve(environment: environment)
        #expect(fromEnvironment.trustedProxies.description == "127.0.0.1,10.0.0.0/8")
        #expect(fromEnvironment.signedOutRequestsPerSecond == 2 && fromEnvironment.signedOutBurst == 20)
        #expect(fromEnvironment.connectionLimits.headerTimeout == .seconds(5))
        #expect(fromEnvironment.connectionLimits.idleTimeout == .seconds(30))
        #expect(fromEnvironment.connectionLimits.bodyTimeout == .seconds(15))
        #expect(fromEnvironment.connectionLimits.bodyMinimumRate == 1_000)
        #expect(fromEnvironment.connectionLimits.maxHeaderBytes == 16_384)
        #expect(fromEnvironment.collectorLimits.maxEvents == 50 && fromEnvironment.collectorLimits.maxBytes == 100_000)
        #expect(fromEnvironment.collectorLimits.retention == .seconds(30 * 86_400))
        #expect(fromEnvironment.collectorLimits.maxRowsPerKey == 5_000)
        #expect(fromEnvironment.cloud.storageQuotaBytes == nil)
        let fromFlags = try ServerConfiguration.resolve(
            trustedProxies: ["::1", "192.0.2.0/24"], headerTimeout: 0.5, storageQuotaBytes: 2_000_000,
            environment: environment)
        #expect(fromFlags.trustedProxies.description == "::1,192.0.2.0/24")
        #expect(fromFlags.connectionLimits.headerTimeout == .milliseconds(500))
        #expect(fromFlags.cloud.storageQuotaBytes == 2_000_000)
        #expect(fromFlags.connectionLimits.idleTimeout == .seconds(30))

        #expect { try ServerConfiguration.resolve(environment: ["HEARTH_TRUSTED_PROXIES": "proxy.lan"]) } throws: {
            error in
            (error as? ServiceError)?.message.contains(
                "HEARTH_TRUSTED_PROXIES: The trusted proxy \"proxy.lan\" is not an IP address") == true
        }
        #expect { try ServerConfiguration.resolve(idleTimeout: 0, environment: [:]) } throws: { error in
            (error as? ServiceError)?.message.contains("--idle-timeout 0.0 is out of range") == true
        }
        #expect { try ServerConfiguration.resolve(environment: ["HEARTH_ANALYTICS_MAX_EVENTS": "many"]) } throws: {
            error in
            (error as? ServiceError)?.message.contains("HEARTH_ANALYTICS_MAX_EVENTS is \"many\"") == true
        }
    }

    @Test func limitsAndPoolSizeComeFromFlagsThenEnvironment() throws {
        let defaults = try ServerConfiguration.resolve(environment: [:])
        #expect(defaults.cloud.requestsPerSecond == 50)
        #expect(defaults.cloud.burst == 200)
        #expect(defaults.cloud.maxRequestBytes == 16_000_000)
        #expect(defaults.databaseConnections == 20)
        let environment = [
            "HEARTH_RATE_LIMIT": "5", "HEARTH_RATE_BURST": "10", "HEARTH_MAX_REQUEST_BYTES": "2048",
            "HEARTH_MAX_ASSET_BYTES": "4096", "HEARTH_DATABASE_CONNECTIONS": "4",
        ]
        let fromEnvironment = try ServerConfiguration.resolve(environment: environment)
        #expect(fromEnvironment.cloud.requestsPerSecond == 5)
        #expect(fromEnvironment.cloud.burst == 10)
        #expect(fromEnvironment.cloud.maxRequestBytes == 2048)
        #expect(fromEnvironment.cloud.maxAssetBytes == 4096)
        #expect(fromEnvironment.databaseConnections == 4)
        let fromFlags = try ServerConfiguration.resolve(
            rateLimit: 1.5, databaseConnections: 8, environment: environment)
        #expect(fromFlags.cloud.requestsPerSecond == 1.5)
        #expect(fromFlags.cloud.burst == 10)
        #expect(fromFlags.databaseConnections == 8)
    }

    @Test func aBadDatabaseURLIsRefusedWithoutEchoingIt() {
        #expect {
            try ServerConfiguration.resolve(database: "mysql://root:hunter2@db/hearth", environment: [:])
        } throws: { error in
            let message = (error as? ServiceError)?.message ?? ""
            return message.contains("starting \"mysql:\"") && !message.contains("hunter2")
        }
    }
}
