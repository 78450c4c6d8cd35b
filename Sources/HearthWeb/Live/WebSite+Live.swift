import Foundation
import GraphQL
import HearthCloudModel
import HearthCore
import HearthPantryModel
import Hummingbird
import OrderedCollections
import ServiceLifecycle

/// Live updates for the pantry pages: server-sent events from the pantry's change stream, one `change` event
/// per change to the household (its kind only; the page fetches itself again to show it). A page without
/// JavaScript shows the same on a reload.
extension WebSite {
    func registerLive<Context: WebRequestContext>(on router: Router<Context>) {
        router.get("/pantry/:household/events") { request, context in
            await page(request, context) { visit, caller in
                let viewer = try visit.signedInViewer()
                let householdID = try context.parameters.require("household")
                guard liveStreams.begin(caller.userRecordName) else {
                    throw ServiceError(
                        .rateLimited,
                        "You have \(liveStreams.limit) pages following this server's changes already; close some and reload."
                    )
                }
                let events: AsyncThrowingStream<GraphQLResult, any Error>
                do {
                    events = try await pantry.follow(PantryChangedSubscription(householdId: householdID), as: viewer)
                } catch {
                    liveStreams.end(caller.userRecordName)
                    throw ServiceError.notFound("Household \(householdID)")
                }
                let streams = liveStreams
                let userID = caller.userRecordName
                let beat = heartbeat
                var response = Response(
                    status: .ok,
                    headers: [.contentType: "text/event-stream; charset=utf-8", .cacheControl: "no-store"],
                    body: ResponseBody { writer in
                        // What to send: each change, and a comment every `heartbeat` so a browser that went away is
                        // noticed at the next write. The stream ends when the server stops gracefully.
                        let (lines, feed) = AsyncStream<String>.makeStream(bufferingPolicy: .bufferingNewest(64))
                        let changes = Task {
                            for try await event in events {
                                feed.yield("event: change\ndata: \(Self.changeKind(event))\n\n")
                            }
                            feed.finish()
                        }
                        let beats = Task {
                            try await Self.beat(every: beat.interval, on: beat.clock) { feed.yield(": still here\n\n") }
                        }
                        defer {
                            changes.cancel()
                            beats.cancel()
                            streams.end(userID)
                        }
                        try await writer.write(ByteBuffer(string: "retry: 2000\n: following \(householdID)\n\n"))
                        try await withGracefulShutdownHandler {
                            for await line in lines { try await writer.write(ByteBuffer(string: line)) }
                        } onGracefulShutdown: {
                            feed.finish()
                        }
                        try await writer.finish(nil)
                    })
                SecurityHeaders.add(to: &response.headers)
                return response
            }
        }
    }

    /// The kind of change an event names, in letters, digits and underscores only (it goes on a line of its own).
    static func changeKind(_ event: GraphQLResult) -> String {
        guard case .dictionary(let data)? = event.data, case .dictionary(let change)? = data["pantryChanged"],
            case .string(let name)? = change["kind"]
        else {
            return "changed"
        }
        return String(
            name.unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) || $0 == "_" }.prefix(40).map(
                Character.init))
    }

    /// Calls `beat` every `interval` on `clock` until cancelled.
    static func beat<C: Clock<Duration>>(every interval: Duration, on clock: C, _ beat: @Sendable () -> Void)
        async throws
    {
        while true {
            try await clock.sleep(for: interval)
            beat()
        }
    }
}
