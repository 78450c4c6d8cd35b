import Foundation
import HearthCloud
import HearthCore
import HearthTestSupport
import Logging
import Testing

@testable import HearthServer

/// `hearth serve --config FILE`: YAML or JSON, below flags and the environment, every mistake named.
@Suite("Settings files")
struct ConfigurationFileTests {
    static func file(_ text: String, named name: String = "hearth.yaml") throws -> (TemporaryFolder, String) {
        let folder = try TemporaryFolder(prefix: "hearth-config")
        try text.write(to: folder.file(name), atomically: true, encoding: .utf8)
        return (folder, folder.file(name).path)
    }

    static func refusal(_ text: String, named name: String = "hearth.yaml", environment: [String: String] = [:]) throws
        -> String
    {
        let (folder, path) = try file(text, named: name)
        defer { _ = folder }
        do {
            _ = try ServerConfiguration.resolve(configFile: path, environment: environment)
            Issue.record("the file was accepted:\n\(text)")
            return ""
        } catch let error as ServiceError {
            return error.message
        }
    }

    @Test(
        "the edge's settings read from a file: proxies as a list, timeouts in seconds, a bad proxy named with its key")
    func edgeSettings() throws {
        let (folder, path) = try Self.file(
            """
            trusted-proxy: [127.0.0.1, 10.0.0.0/8]
            signed-out-rate-limit: 3
            header-timeout: 2.5
            idle-timeout: 45
            analytics-retention-days: 30
            storage-quota-bytes: 5000000
            """)
        defer { _ = folder }
        let configuration = try ServerConfiguration.resolve(configFile: path, environment: [:])
        #expect(configuration.trustedProxies.description == "127.0.0.1,10.0.0.0/8")
        #expect(configuration.signedOutRequestsPerSecond == 3)
        #expect(configuration.connectionLimits.headerTimeout == .milliseconds(2_500))
        #expect(configuration.connectionLimits.idleTimeout == .seconds(45))
        #expect(configuration.collectorLimits.retention == .seconds(30 * 86_400))
        #expect(configuration.cloud.storageQuotaBytes == 5_000_000)
        let refused = try Self.refusal("trusted-proxy: [127.0.0.1, proxy.lan]\n")
        #expect(
            refused.contains("trusted-proxy in ") && refused.contains("\"proxy.lan\" is not an IP address"),
            "\(refused)")
    }

    @Test("the Open Food Facts address comes from the flag, the environment or the file, and must be http(s)")
    func openFoodFactsURL() throws {
        #expect(ServerConfiguration().openFoodFactsURL.absoluteString == "https://world.openfoodfacts.org")
        let (folder, path) = try Self.file("open-food-facts-url: http://127.0.0.1:8088\n")
        defer { _ = folder }
        #expect(
            try ServerConfiguration.resolve(configFile: path, environment: [:]).openFoodFactsURL.absoluteString
                == "http://127.0.0.1:8088")
        let flagged = try ServerConfiguration.resolve(
            openFoodFactsURL: "https://fr.openfoodfacts.org",
            environment: ["HEARTH_CONFIG": path, "HEARTH_OPEN_FOOD_FACTS_URL": "https://de.openfoodfacts.org"])
        #expect(flagged.openFoodFactsURL.absoluteString == "https://fr.openfoodfacts.org", "the flag wins")
        let environment = try ServerConfiguration.resolve(
            environment: ["HEARTH_OPEN_FOOD_FACTS_URL": "https://de.openfoodfacts.org"])
        #expect(environment.openFoodFactsURL.absoluteString == "https://de.openfoodfacts.org")
        for bad in ["ftp://openfoodfacts.org", "world.openfoodfacts.org", "https://user:pw@openfoodfacts.org"] {
            let error = #expect(throws: ServiceError.self) {
                try ServerConfiguration.resolve(openFoodFactsURL: bad, environment: [:])
            }
            #expect(error?.message.contains("is not an http:// or https:// address") == true, "\(bad)")
        }
    }

    @Test("the VIN lookup is off unless an http(s) vPIC address is given by flag, environment or file")
    func vinLookupURL() throws {
        #expect(ServerConfiguration().vinLookupURL == nil)
        #expect(try ServerConfiguration.resolve(environment: [:]).vinLookupURL == nil)
        let (folder, path) = try Self.file("vin-lookup-url: http://127.0.0.1:8089\n")
        defer { _ = folder }
        #expect(
            try ServerConfiguration.resolve(configFile: path, environment: [:]).vinLookupURL?.absoluteString
                == "http://127.0.0.1:8089")
        let flagged = try ServerConfiguration.resolve(
            vinLookupURL: "https://vpic.nhtsa.dot.gov", environment: ["HEARTH_VIN_LOOKUP_URL": "http://127.0.0.1:1"])
        #expect(flagged.vinLookupURL?.absoluteString == "https://vpic.nhtsa.dot.gov", "the flag wins")
        let error = #expect(throws: ServiceError.self) {
            try ServerConfiguration.resolve(vinLookupURL: "vpic.nhtsa.dot.gov", environment: [:])
        }
        #expect(error?.message.contains("The VIN lookup URL") == true)
    }

    @Test("a YAML file's settings apply, the environment wins over the file, and a flag over both")
    func precedence() throws {
        let (folder, path) = try Self.file(
            """
            # The household's server
            host: 0.0.0.0
            port: 9090
            data-dir: /var/lib/hearth
            log-level: warning
            log-format: json
            rate-limit: 12.5
            analytics-key: [phc_app, phc_web]
            graphql-answer-cache-mb: 8
            public-url: https://hearth.example.org
            recipe-import-private-host: [127.0.0.1, Recipes.Home]
            """)
        defer { _ = folder }
        let fromFile = try ServerConfiguration.resolve(configFile: path, environment: [:])
        #expect(fromFile.host == "0.0.0.0" && fromFile.port == 9090)
        #expect(fromFile.dataDirectory.path == "/var/lib/hearth")
        #expect(fromFile.logLevel == .warning && fromFile.logFormat == .json)
        #expect(fromFile.cloud.requestsPerSecond == 12.5)
        #expect(fromFile.analyticsKeys == ["phc_app", "phc_web"])
        #expect(fromFile.graphQLAnswerCacheBytes == 8 << 20)
        #expect(fromFile.publicURL?.absoluteString == "https://hearth.example.org")
        #expect(fromFile.recipeImportPrivateHosts == ["127.0.0.1", "recipes.home"])
        #expect(ServerConfiguration().recipeImportPrivateHosts.isEmpty, "imports reach the public web only by default")
        let everyHost = try ServerConfiguration.resolve(
            recipeImportPrivateHosts: ["*"], environment: ["HEARTH_CONFIG": path])
        #expect(everyHost.recipeImportPrivateHosts == ["*"], "the flag wins over the file")

        let overridden = try ServerConfiguration.resolve(
            port: 7070,
            environment: [
                "HEARTH_CONFIG": path, "HEARTH_PORT": "8181", "HEARTH_HOST": "127.0.0.1", "HEARTH_LOG_LEVEL": "",
            ])
        #expect(overridden.port == 7070, "the flag wins")
        #expect(overridden.host == "127.0.0.1", "the environment wins over the file")
        #expect(overridden.logLevel == .warning, "an empty variable does not hide the file")
        #expect(overridden.cloud.requestsPerSecond == 12.5)
    }

    @Test("JSON is read as well, being YAML too")
    func json() throws {
        let (folder, path) = try Self.file(
            #"{"port": 8181, "analytics-key": "phc_a,phc_b", "rate-burst": 40}"#, named: "hearth.json")
        defer { _ = folder }
        let configuration = try ServerConfiguration.resolve(configFile: path, environment: [:])
        #expect(configuration.port == 8181)
        #expect(configuration.analyticsKeys == ["phc_a", "phc_b"])
        #expect(configuration.cloud.burst == 40)
    }

    @Test("an unknown key is refused with the key, its line, the one probably meant, and every key there is")
    func unknownKey() throws {
        let message = try Self.refusal("port: 8080\nrate-limt: 5\n")
        #expect(message.contains("unknown key \"rate-limt\" (line 2)"), "\(message)")
        #expect(message.contains("Did you mean rate-limit?"), "\(message)")
        #expect(message.contains("The keys are: host, port, data-dir"), "\(message)")
        let twice = try Self.refusal("port: 8080\nport: 9090\n")
        #expect(twice.contains("duplicated key(s): 'port'"), "\(twice)")
    }

    @Test("a value of the wrong kind is refused naming the key, the line and what it must be")
    func badValues() throws {
        let port = try Self.refusal("host: localhost\nport: eighty\n")
        #expect(
            port.contains("port in ") && port.contains("(line 2) is \"eighty\", which is not a whole number"), "\(port)"
        )
        let level = try Self.refusal("log-level: loud\n")
        #expect(
            level.contains("log-level in")
                && level.contains("must be one of: trace, debug, info, notice, warning, error, critical"), "\(level)")
        let rate = try Self.refusal("rate-limit: [1, 2]\n")
        #expect(rate.contains("rate-limit in") && rate.contains("must be a single value; it is a list"), "\(rate)")
        let keys = try Self.refusal("analytics-key: {a: 1}\n")
        #expect(keys.contains("must be a list of strings"), "\(keys)")
        // A number of the right kind but out of range is named by its key, not by an environment variable.
        let range = try Self.refusal("database-connections: 0\n")
        #expect(range.contains("database-connections in") && range.contains("0 is out of range"), "\(range)")
    }

    @Test("files that are not settings: not YAML, not a mapping, far too large, or missing")
    func notSettings() throws {
        #expect(try Self.refusal("port: [8080\n").contains("is not valid YAML or JSON"))
        #expect(try Self.refusal("- port\n- host\n").contains("must hold keys and values"))
        #expect(
            try Self.refusal(String(repeating: "# filler\n", count: 200_000)).contains(
                "a settings file is a few hundred"))
        let missing = #expect(throws: ServiceError.self) {
            try ServerConfiguration.resolve(configFile: "/nonexistent/hearth.yaml", environment: [:])
        }
        #expect(
            missing?.message.contains("/nonexistent/hearth.yaml cannot be read") == true, "\(missing?.message ?? "")")
        // An empty file is no settings at all.
        let (folder, path) = try Self.file("")
        defer { _ = folder }
        #expect(try ServerConfiguration.resolve(configFile: path, environment: [:]).port == 8080)
    }
}
