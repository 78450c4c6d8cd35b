import AsyncHTTPClient
import Foundation
import HearthCore
import HearthPantry
import HearthPantryModel
import HearthTestSupport
import Testing

/// The live updates against ``StandInSubscriptions``: what they publish from the events a subscription
/// sends, and what they subscribe, reconnect and close.
@Suite(.timeLimit(.minutes(1))) struct StandInSubscriptionsTests {
    @Test func liveUpdatesPublishWhatTheSubscriptionSendsAndCloseItOnStop() async throws {
        let added = #"{"kind":"itemAdded","householdId":"home","itemId":"rice","byUserId":"bob"}"#
        let booked = #"{"kind":"stockBooked","householdId":"home","itemId":"rice","bookingId":"b1","byUserId":"bob"}"#
        let subscriptions = StandInSubscriptions(events: ["pantryChanged": [added, booked]])
        // No query is watched, so the service is never asked to fetch anything.
        let graphQL = GraphQLService(
            endpoint: URL(string: "http://127.0.0.1:9/graphql")!, httpClient: .shared, token: { nil })
        let live = PantryLiveUpdates(graphQL: graphQL, subscriptions: subscriptions)
        let changes = live.changes()

        try await live.follow(householdId: " home ")
        try await live.follow(householdId: "home")  // already followed: nothing new is subscribed
        var heard: [PantryChangeNotice] = []
        for await change in changes {
            heard.append(change)
            if heard.count == 2 { break }
        }
        #expect(heard.map(\.kind) == ["itemAdded", "stockBooked"])
        #expect(heard.allSatisfy { $0.householdId == "home" && $0.byUserId == "bob" && $0.touchesItems })
        #expect(await live.households == ["home"])
        #expect(subscriptions.subscribed == [.init(field: "pantryChanged", variables: ["id": .string("home")])])

        await live.reconnect()
        #expect(subscriptions.reconnections == 1)
        await live.stop(householdId: "home")
        #expect(await live.households.isEmpty)
        try await waitUntil("the stopped subscription is closed") { subscriptions.open == 0 }

        // A blank household id is refused before anything is subscribed.
        await #expect(throws: ServiceError.self) { try await live.follow(householdId: "  ") }
        #expect(subscriptions.subscribed.count == 1)
    }
}
