import AsyncHTTPClient
import Foundation
import HearthCloud
import HearthTestSupport
import NIOCore
import NIOHTTP1
import Testing

/// The web pages under a real vulnerability scanner: wapiti crawls every page of a live `hearth serve`, signed in
/// as a household member with a household, items, a recipe, a shopping list, a vehicle and transactions, and
/// attacks every form and parameter with each of its modules that can run without the internet.
@Suite("Web pages under a vulnerability scanner", .serialized, .timeLimit(.minutes(12)))
struct WebScannerTests {
    static let script = VenvPython.repository.appendingPathComponent("scripts/web/scan.py")
    static let reports = VenvPython.repository.appendingPathComponent(".build/wapiti-report")
    static let password = "long enough password"

    static let wapiti = ExternalTool(
        name: "wapiti", variable: "HEARTH_WAPITI",
        candidates: [VenvPython.repository.appendingPathComponent(".build/venv-wapiti/bin/wapiti")],
        install:
            "python3 -m venv .build/venv-wapiti && .build/venv-wapiti/bin/pip install wapiti3==3.2.3 (.ci/run does)")

    struct Summary: Decodable {
        var modules: [String]
        var excluded: [String: String]
        var forms: [String]
        var crawledCount: Int?
        var vulnerabilities: [String: [Finding]]
        var anomalies: [String: [Finding]]
        var report: String
    }

    struct Finding: Decodable, CustomStringConvertible {
        var method: String?
        var path: String?
        var parameter: String?
        var info: String?
        var description: String { "\(method ?? "") \(path ?? "") \(parameter ?? ""): \(info ?? "")" }
    }

    @Test("wapiti with every module that can run here finds no vulnerability and no server error in 5 minutes")
    func scan() async throws {
        guard let wapiti = try Self.wapiti.required() else { return }
        let python = wapiti.deletingLastPathComponent().appendingPathComponent("python3")
        let device = scratchDirectory("hearth-scan-device")
        let email = "scanned-\(UUID().uuidString.prefix(8))@example.com".lowercased()
        // The scanner sends thousands of requests a minute as one account: the per-account request limit (checked
        // in its own tests) is raised so that its 429s do not read to the scanner as answers that differ by input.
        try await ServerProcess.running(
            dataDirectory: scratchDirectory("hearth-scan"),
            arguments: ["--rate-limit", "100000", "--rate-burst", "100000"]
        ) { server in
            @discardableResult
            func hearth(in folder: URL? = nil, _ arguments: String...) async throws -> String {
                let run = try await ChildProcess.run(
                    try ChildProcess.product("hearth"), arguments,
                    environment: ["HEARTH_DATA_DIR": (folder ?? device).path])
                #expect(run.status == 0, "hearth \(arguments.joined(separator: " ")): \(run.stderr)")
                return run.stdout
            }
            try await hearth(
                "garage", "vehicle", "add", "--name", "Daily", "--make", "Honda", "--model", "Civic", "--year", "2019",
                "--mileage", "42000")
            try await hearth("garage", "service", "add", "Daily", "--preset", "Oil Change")
            // Fill-ups and an expense, so the crawl reaches their pages and forms.
            for (odometer, gallons) in [("42000", "10"), ("42310", "9.8")] {
                try await hearth(
                    "garage", "fuel", "add", "Daily", "--odometer", odometer, "--gallons", gallons, "--cost", "36")
            }
            try await hearth("garage", "expenses", "add", "Daily", "--kind", "tolls", "--amount", "4.75")
            try await hearth(
                "finance", "subscriptions", "add", "--name", "Streaming", "--price", "12.99", "--cycle", "monthly",
                "--next", "2027-01-10")
            try await hearth("finance", "people", "add", "--name", "Ana")
            try await hearth("finance", "people", "add", "--name", "Ben")
            try await hearth("finance", "groups", "add", "--name", "Trip", "--member", "Ana", "--member", "Ben")
            try await hearth(
                "finance", "transactions", "add", "--title", "Groceries", "--amount", "-54.20", "--category",
                "Food & Dining")
            try await hearth(
                "garage", "sync", "--server", server.base, "--email", email, "--password", Self.password, "--sign-up")
            try await hearth("finance", "sync", "--server", server.base, "--email", email, "--password", Self.password)
            // Two other accounts offer the scanned one their money books (one taken up) and a vehicle, so the
            // crawl reaches the accept forms, the book switch and "give it back".
            let cloud = try SQLRecordStore.sqlite(url: server.dataDirectory.appendingPathComponent("cloud.sqlite"))
            let account = try #require(try await cloud.account(email: email))
            #expect(
                try await cloud.verifyEmail(
                    accountID: account.id, email: email, at: Int64(Date().timeIntervalSince1970 * 1_000)))
            for (index, name) in ["lender", "offerer"].enumerated() {
                let folder = scratchDirectory("hearth-scan-\(name)")
                let address = "\(name)-\(UUID().uuidString.prefix(8))@example.com".lowercased()
                try await hearth(in: folder, "finance", "people", "add", "--name", "Cleo")
                try await hearth(in: folder, "garage", "vehicle", "add", "--name", "Van", "--mileage", "1000")
                try await hearth(
                    in: folder, "finance", "sync", "--server", server.base, "--email", address, "--password",
                    Self.password, "--sign-up")
                try await hearth(in: folder, "garage", "sync", "--server", server.base)
                let offer = try await hearth(
                    in: folder, "finance", "share", "add", email, "--server", server.base, "--json")
                let token = try #require(
                    (try JSONSerialization.jsonObject(with: Data(offer.utf8)) as? [String: Any])?["token"] as? String,
                    "hearth finance share add printed \(offer)")
                if index == 0 {
                    try await hearth("finance", "share", "accept", token, "--server", server.base)
                } else {
                    try await hearth(in: folder, "garage", "share", "add", "Van", email, "--server", server.base)
                }
            }

            let run = try await ChildProcess.run(
                python,
                [Self.script.path, wapiti.path, server.base, email, Self.password, Self.reports.path, "240"])
            #expect(run.status != 2, "the scan did not run: \(run.stderr.suffix(3_000))")
            let summary = try JSONDecoder().decode(Summary.self, from: Data(run.stdout.utf8))
            #expect(summary.modules.count >= 20, "\(summary.modules)")
            #expect(summary.modules.contains("sql") && summary.modules.contains("xss"))
            #expect(summary.modules.contains("permanentxss") && summary.modules.contains("csrf"))
            #expect((summary.crawledCount ?? 0) >= 30, "crawled \(summary.crawledCount ?? 0) pages")
            // The sharing forms the other accounts' offers bring onto the pages are among those attacked.
            for form in [
                "/money/book", "/money/book/leave", "/money/shares/accept", "/money/share", "/garage/shares/accept",
            ] {
                #expect(summary.forms.contains(form), "the crawl found no form posting to \(form): \(summary.forms)")
            }
            for (kind, findings) in summary.vulnerabilities {
                Issue.record("wapiti found \(kind): \(findings.map(\.description).joined(separator: "; "))")
            }
            for (kind, findings) in summary.anomalies {
                Issue.record("wapiti saw \(kind): \(findings.map(\.description).joined(separator: "; "))")
            }
            #expect(FileManager.default.fileExists(atPath: summary.report))
            // Every module left out says why.
            #expect(summary.excluded.values.allSatisfy { $0.count > 40 })
            // The server held through it.
            #expect(server.terminationReason == nil, "hearth serve stopped during the scan")
            let health = try await HTTPClient.shared.execute(
                HTTPClientRequest(url: server.base + "/health"), timeout: .seconds(30))
            #expect(health.status == .ok, "after the scan /health answers \(health.status)")
        }
    }
}
