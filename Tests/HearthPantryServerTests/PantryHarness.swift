import Foundation
import GraphQL
import HearthCloud
import HearthCore
import HearthPantryModel
import Logging
import Testing

@testable import HearthPantryServer

/// The two databases every pantry suite runs on.
enum DatabaseKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case sqlite
    case postgres

    var testDescription: String { rawValue }
}

/// A pantry on a fresh record store of `kind`: the store, the GraphQL service, and a way to make accounts.
struct Pantry: Sendable {
    let recordStore: SQLRecordStore
    let store: PantryStore
    let graphQL: PantryGraphQL
    /// On PostgreSQL, the database URL and the schema the tables are in (another server process opens these).
    var postgres: (url: String, schema: String)? = nil

    /// Statements the database has run so far.
    var statements: Int { recordStore.database.statements.value }

    /// A new account of the server, as a caller.
    func user(_ name: String) async throws -> PantryViewer {
        let id = "_\(name)_" + UUID().uuidString.prefix(8).lowercased()
        let email = "\(name)-\(id.suffix(8))@example.com"
        try await recordStore.createAccount(CloudAccount(id: id, email: email, passwordHash: "x", createdAt: 0))
        return PantryViewer(userID: id, email: email)
    }

    /// A stored household owned by `owner`, with `members` in their roles.
    func household(_ name: String, owner: PantryViewer, members: [(PantryViewer, MemberRole)] = []) async throws
        -> Household
    {
        var household = try HouseholdRules.create(
            id: PantryStore.newID(), name: name, ownerId: owner.userID, memberId: PantryStore.newID(), at: Date())
        for (person, role) in members {
            household = try HouseholdRules.addMember(
                person.userID, role: role, to: household, by: owner.userID, memberId: PantryStore.newID(), at: Date())
        }
        try await store.insert(household)
        return household
    }

    /// A stored invite code to `household`, made by its owner.
    func invite(to household: Household) async throws -> InviteCode {
        var generator = SystemRandomNumberGenerator()
        let invite = try HouseholdRules.invite(to: household, by: household.createdBy, at: Date(), using: &generator)
        try await store.save(invite)
        return invite
    }

    /// A stored pantry item.
    func item(_ name: String, quantity: Double, in household: Household) async throws {
        let now = Date()
        try await store.insert(
            PantryItem(
                id: PantryStore.newID(), householdId: household.id, name: name, quantity: quantity, unit: "g",
                category: .pantry,
                expirationDate: CalendarDay(iso: "2030-01-31"), addedBy: household.createdBy, createdAt: now,
                updatedAt: now))
    }

    /// A stored item with `grams` g in the Pantry from one purchase: the item's id and the booking's.
    func stockedItem(
        _ name: String, grams: Double, in household: Household, expiring: CalendarDay? = CalendarDay(iso: "2030-01-31")
    ) async throws -> (item: String, booking: String) {
        let now = Date()
        let id = PantryStore.newID()
        let purchase = StockBooking(
            id: PantryStore.newID(), itemId: id, householdId: household.id, kind: .purchase, quantity: grams,
            location: "Pantry",
            bestBefore: expiring, createdAt: now, createdBy: household.createdBy)
        try await store.insert(
            PantryItem(
                id: id, householdId: household.id, name: name, quantity: grams, unit: "g", category: .pantry,
                expirationDate: expiring,
                location: "Pantry", addedBy: household.createdBy, createdAt: now, updatedAt: now), purchase: purchase)
        return (id, purchase.id)
    }

    /// Runs one statement in a transaction of its own, behind the store's back.
    func execute(_ sql: String, _ binds: [SQLValue] = []) async throws {
        try await recordStore.database.transaction(readOnly: false) { tx in try await tx.execute(sql, binds) }
    }

    /// Runs an operation as `viewer` and returns its result.
    func run(_ query: String, as viewer: PantryViewer?, _ variables: [String: Map] = [:]) async -> GraphQLResult {
        await graphQL.execute(GraphQLRequest(query: query, variables: variables), viewer: viewer)
    }

    /// Runs an operation that must succeed, and returns its data.
    func data(
        _ query: String, as viewer: PantryViewer?, _ variables: [String: Map] = [:],
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) async throws -> Map {
        let result = await run(query, as: viewer, variables)
        #expect(result.errors.isEmpty, "\(result.errors.map(\.message))", sourceLocation: sourceLocation)
        return try #require(result.data, sourceLocation: sourceLocation)
    }
}

/// Opens a pantry on a fresh database of `kind` — SQLite in memory, or PostgreSQL (HEARTH_TEST_POSTGRES_URL) in
/// a schema of its own that is dropped afterwards — and runs `body` with it.
///
/// Without HEARTH_TEST_POSTGRES_URL the PostgreSQL run is skipped with the reason, except on CI, where it fails.
func withPantry<T: Sendable>(
    _ kind: DatabaseKind, limits: GraphQLLimits = GraphQLLimits(),
    recipePages: any RecipePageFetching = RecipePageFetcher(), products: any ProductLookup = OpenFoodFacts(),
    _ body: @Sendable (Pantry) async throws -> T
) async throws -> T? {
    var logger = Logger(label: "hearth.pantry.test")
    logger.logLevel = .critical
    switch kind {
    case .sqlite:
        let recordStore = try SQLRecordStore.sqlite(inMemory: CloudConfiguration(bcryptCost: 4), logger: logger)
        try await recordStore.migrate()
        try await PantryGraphQL.migrate(recordStore)
        return try await body(
            Pantry(
                recordStore: recordStore, store: PantryStore(database: recordStore.database),
                graphQL: try PantryGraphQL(
                    on: recordStore, limits: limits, recipePages: recipePages, products: products, logger: logger)))
    case .postgres:
        guard let url = ProcessInfo.processInfo.environment["HEARTH_TEST_POSTGRES_URL"], !url.isEmpty else {
            let reason =
                "HEARTH_TEST_POSTGRES_URL is not set, so the PostgreSQL run is skipped; start one with eval \"$(scripts/test-postgres.sh start)\"."
            if ProcessInfo.processInfo.environment["CI"]?.lowercased() == "true" {
                Issue.record(Comment(rawValue: reason))
                return nil
            }
            try Test.cancel(Comment(rawValue: reason))
        }
        let schema = "p_" + String(UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(16))
        let recordStore = try SQLRecordStore.postgres(
            url: url, schema: schema, maximumConnections: 4, leaseTimeout: .seconds(30),
            configuration: CloudConfiguration(bcryptCost: 4), logger: logger)
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await recordStore.run() }
            defer { group.cancelAll() }
            try await recordStore.migrate()
            do {
                try await PantryGraphQL.migrate(recordStore)
                let pantry = Pantry(
                    recordStore: recordStore, store: PantryStore(database: recordStore.database),
                    graphQL: try PantryGraphQL(
                        on: recordStore, limits: limits, recipePages: recipePages, products: products, logger: logger),
                    postgres: (url, schema)
                )
                let value = try await body(pantry)
                try await recordStore.dropSchema()
                return value
            } catch {
                try? await recordStore.dropSchema()
                throw error
            }
        }
    }
}

/// Reading answers: `map["households", 0, "id"]` is GraphQL's own path subscript (null when missing).
extension Map {
    /// The string value, or nil.
    var text: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The array's elements, or none.
    var elements: [Map] {
        if case .array(let value) = self { return value }
        return []
    }
}

extension GraphQLResult {
    /// The `extensions.code` of each error, in order.
    var codes: [String] {
        errors.map { error in
            if case .string(let code)? = error.extensions["code"] { return code }
            return "(none)"
        }
    }
}
