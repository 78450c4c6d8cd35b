import Foundation
import GraphQL
import HearthCloud
import HearthPantryModel
import HearthTestSupport
import Logging
import Testing

@testable import HearthPantryServer

@Suite("householdChanged: subscribers hear committed changes", .timeLimit(.minutes(10)))
struct SubscriptionTests {
    static let subscription =
        "subscription($id: String!) { householdChanged(id: $id) { kind householdId household { name memberCount } } }"

    /// The next result of `stream`, or nil when it ends; ``WaitTimedOut`` when neither happens in 30 s.
    static func next(_ stream: AsyncThrowingStream<GraphQLResult, any Error>) async throws -> GraphQLResult? {
        try await firstElement("the subscription sends its next result or ends", of: stream) { $0 }
    }

    static func subscribe(_ graphQL: PantryGraphQL, _ household: Household, as viewer: PantryViewer) async throws
        -> AsyncThrowingStream<GraphQLResult, any Error>
    {
        switch await graphQL.subscribe(
            GraphQLRequest(query: subscription, variables: ["id": .string(household.id)]), viewer: viewer)
        {
        case .success(let stream): return stream
        case .failure(let errors): throw errors
        }
    }

    @Test(
        "a rename and a new member reach the subscriber; an outsider cannot subscribe", arguments: DatabaseKind.allCases
    )
    func sameProcess(_ kind: DatabaseKind) async throws {
        _ = try await withPantry(kind) { pantry in
            let owner = try await pantry.user("owner")
            let guest = try await pantry.user("guest")
            let household = try await pantry.household("Home", owner: owner)
            let stream = try await Self.subscribe(pantry.graphQL, household, as: owner)

            _ = try await pantry.data(
                "mutation($id: String!) { updateHousehold(id: $id, input: {name: \"Renamed\"}) { id } }", as: owner,
                ["id": .string(household.id)])
            let renamed = try #require(try await Self.next(stream))
            #expect(renamed.data?["householdChanged", "kind"] == "updated")
            #expect(renamed.data?["householdChanged", "household", "name"] == "Renamed")

            let invite = try await pantry.invite(to: household)
            _ = try await pantry.data(
                "mutation($c: String!) { joinHousehold(code: $c) { id } }", as: guest, ["c": .string(invite.code)])
            let joined = try #require(try await Self.next(stream))
            #expect(joined.data?["householdChanged", "kind"] == "membersChanged")
            #expect(joined.data?["householdChanged", "household", "memberCount"] == 2)

            let outsider = try await pantry.user("outsider")
            let refused = await pantry.graphQL.subscribe(
                GraphQLRequest(query: Self.subscription, variables: ["id": .string(household.id)]), viewer: outsider)
            guard case .failure(let errors) = refused else {
                Issue.record("an outsider subscribed to the household")
                return
            }
            #expect(errors.errors.first?.extensions["code"] == "NOT_FOUND")
        }
    }

    @Test("a member who is removed stops hearing of the household")
    func removedMemberStops() async throws {
        _ = try await withPantry(.sqlite) { pantry in
            let owner = try await pantry.user("owner")
            let guest = try await pantry.user("guest")
            let household = try await pantry.household("Home", owner: owner, members: [(guest, .member)])
            let stream = try await Self.subscribe(pantry.graphQL, household, as: guest)
            let guestMember = try #require(household.member(userId: guest.userID))
            _ = try await pantry.data(
                "mutation($m: String!) { removeMember(memberId: $m) }", as: owner, ["m": .string(guestMember.id)])
            // The stream ends without telling the removed member anything more.
            #expect(try await Self.next(stream) == nil)
        }
    }

    @Test("on PostgreSQL, a change made through another server process reaches the subscriber")
    func acrossProcesses() async throws {
        _ = try await withPantry(.postgres) { pantry in
            let (url, schema) = try #require(pantry.postgres)
            var logger = Logger(label: "hearth.pantry.test.other")
            logger.logLevel = .critical
            // A second server process: its own connections and GraphQL service on the same database.
            let other = try SQLRecordStore.postgres(
                url: url, schema: schema, maximumConnections: 2, leaseTimeout: .seconds(30), logger: logger)
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { try await other.run() }
                defer { group.cancelAll() }
                let otherGraphQL = try PantryGraphQL(on: other, logger: logger)
                let owner = try await pantry.user("owner")
                let household = try await pantry.household("Home", owner: owner)
                let stream = try await Self.subscribe(pantry.graphQL, household, as: owner)
                let renamed = await otherGraphQL.execute(
                    GraphQLRequest(
                        query:
                            "mutation($id: String!) { updateHousehold(id: $id, input: {name: \"From elsewhere\"}) { id } }",
                        variables: ["id": .string(household.id)]),
                    viewer: owner)
                #expect(renamed.errors.isEmpty, "\(renamed.errors)")
                let event = try #require(try await Self.next(stream))
                #expect(event.data?["householdChanged", "household", "name"] == "From elsewhere")
            }
        }
    }
}
