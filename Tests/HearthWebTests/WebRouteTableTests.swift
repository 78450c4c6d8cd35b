import Crypto
import Foundation
import GRDB
import HTTPTypes
import HearthCloud
import HearthCore
import HearthPantryServer
import HearthTestSupport
import Hummingbird
import HummingbirdTesting
import Logging
import Testing

@testable import HearthServer
@testable import HearthWeb

/// Every route of the pages, read from the router's own list (so a route added later is checked without anyone
/// remembering to): a visitor is sent to sign in; a signed-in stranger finds nothing of another's; a form without
/// its CSRF token, with another session's, or from another site is refused and writes nothing; and no GET writes
/// anything, which the record database shows, compared before and after.
@Suite("Web pages: every route", .timeLimit(.minutes(10)))
struct WebRouteTableTests {
    struct Route: Sendable, CustomStringConvertible {
        var method: HTTPRequest.Method
        var path: String
        var hasParameters: Bool { path.contains(":") || path.contains("{") }
        var description: String { "\(method) \(path)" }
    }

    /// The pages' routes, as the router lists them once ``WebSite/register(on:)`` has added them.
    static func webRoutes() async throws -> [Route] {
        let store = try SQLRecordStore.sqlite(inMemory: CloudConfiguration(bcryptCost: 4))
        try await store.migrate()
        try await PantryGraphQL.migrate(store)
        let limit = RateLimiter(rate: 1, burst: 1)
        let site = try await WebSite(
            accounts: AccountService(store: store, configuration: CloudConfiguration(bcryptCost: 4)),
            pantry: try PantryGraphQL(on: store, logger: Logger(label: "hearth.routes")), records: store,
            limits: WebLimits(
                requests: limit, signIn: limit, address: limit, signUp: limit, signedOut: limit, codes: limit,
                invites: limit),
            secureCookies: false, sendVerification: { _ in }, logger: Logger(label: "hearth.routes"))
        let router = Router(context: HearthRequestContext.self)
        site.register(on: router)
        return router.routes.map { Route(method: $0.method, path: "/" + $0.path.description.trimmingPrefix("/")) }
    }

    /// Pages anyone may open: the sign-in pages, the assets, and the calendar feed, whose secret link is its own
    /// credential (so a stranger holding the link reads it too; a wrong link is checked in the calendar's tests).
    static let publicPages: Set<String> = [
        "/signin", "/signup", "/static/hearth.css", "/static/hearth.js", "/calendar/{token}/garage.ics",
    ]

    /// A digest of every row of each table of the record database: what "writes nothing" is checked against.
    /// Rate-limit buckets are left out: a refusal spends the client's allowance by design, and that is not data.
    static func digest(_ database: URL) throws -> [String: String] {
        var configuration = Configuration()
        configuration.readonly = true
        let queue = try DatabaseQueue(path: database.path, configuration: configuration)
        return try queue.read { db in
            var digests: [String: String] = [:]
            let tables = try String.fetchAll(
                db,
                sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
            for table in tables where table != "rate_buckets" {
                var hasher = SHA256()
                for row in try Row.fetchAll(db, sql: "SELECT * FROM \"\(table)\"").map(\.description).sorted() {
                    hasher.update(data: Data(row.utf8))
                }
                digests[table] = hasher.finalize().map { String(format: "%02x", $0) }.joined()
            }
            return digests
        }
    }

    /// The tables whose rows differ between two digests.
    static func changed(_ before: [String: String], _ after: [String: String]) -> [String] {
        Set(before.keys).union(after.keys).filter { before[$0] != after[$0] }.sorted()
    }

    @Test("from the router's list: visitors sign in, strangers find nothing, forged forms and every GET write nothing")
    func everyRoute() async throws {
        let routes = try await Self.webRoutes()
        #expect(routes.count >= 50, "\(routes.count) routes")
        let configuration = try WebTest.configuration()
        let database = configuration.dataDirectory.appendingPathComponent("cloud.sqlite")
        let app = try await buildApplication(configuration)
        try await app.test(.live) { client in
            let fixture = try await WebFixture.make(client, port: try #require(client.port))
            let owner = fixture.owner
            let before = try Self.digest(database)

            // A visitor: the public pages open; every other page sends to sign in and back.
            for route in routes where route.method == .get {
                let visitor = WebBrowser(client)
                let path = try fixture.path(route.path)
                let answer = try await visitor.get(path)
                if Self.publicPages.contains(route.path) {
                    #expect(answer.status == .ok, "\(route) as a visitor: \(answer.status)")
                } else {
                    #expect(answer.status == .seeOther, "\(route) as a visitor: \(answer.status)")
                    #expect(answer.location?.hasPrefix("/signin") == true, "\(route): \(answer.location ?? "")")
                }
            }
            // A stranger, signed in: every page naming the household's records is not found.
            for route in routes
            where route.method == .get && route.hasParameters && !Self.publicPages.contains(route.path) {
                let answer = try await fixture.stranger.get(try fixture.path(route.path))
                #expect(answer.status == .notFound, "\(route) as a stranger: \(answer.status)")
            }
            // The owner: every page opens (the live stream of changes is a stream; it is only asked for above).
            for route in routes where route.method == .get && !route.path.hasSuffix("/events") {
                let answer = try await owner.get(try fixture.path(route.path))
                #expect(answer.status.code < 400, "\(route) as its owner: \(answer.status) \(answer.text.prefix(300))")
            }
            let afterReads = Self.changed(before, try Self.digest(database))
            #expect(afterReads.isEmpty, "a GET wrote to \(afterReads)")

            // Every form: without its token, with the stranger's, from another site: 403, nothing written. A
            // stranger's own valid form to a route naming the household's records is refused too.
            let theirs = try #require(fixture.stranger.csrfToken)
            for route in routes where route.method == .post {
                let path = try fixture.path(route.path)
                try await owner.get("/account")
                let mine = try #require(owner.csrfToken)
                #expect(try await owner.post(path, [], csrf: "").status == .forbidden, "\(route) without a token")
                #expect(try await owner.post(path, [], csrf: theirs).status == .forbidden, "\(route), another's token")
                #expect(
                    try await owner.post(path, [], csrf: mine, origin: "https://evil.example").status == .forbidden,
                    "\(route) from another site")
                if route.hasParameters {
                    try await fixture.stranger.get("/account")
                    // Fields each form takes, so the refusal is the route's, not the form's.
                    let refused = try await fixture.stranger.post(
                        path,
                        [
                            ("name", "x"), ("quantity", "1"), ("verb", "consume"), ("role", "member"),
                            ("code", "ABCD-EFGH"),
                        ])
                    #expect(
                        refused.status == .notFound || refused.status == .forbidden,
                        "\(route) from a stranger: \(refused.status)")
                }
            }
            let afterForms = Self.changed(before, try Self.digest(database))
            #expect(afterForms.isEmpty, "a refused form wrote to \(afterForms)")
        }
    }
}
