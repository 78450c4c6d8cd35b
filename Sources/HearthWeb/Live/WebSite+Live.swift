import Foundation
import GraphQL
import HearthCloud
import HearthCloudModel
import HearthCore
import HearthPantryModel
import Hummingbird
import OrderedCollections
import ServiceLifecycle

/// Live updates for the pantry pages: server-sent events from the pantry's change stream, one `change` event
/// per change to the household (its kind only; the page fetches itself again to show it). A page without
/// JavaScript shows the same on a reload.
///
/// A stream lives no longer than the sign-in it was opened with: at each heartbeat the session is checked again,
/// so signing out, signing out everywhere or changing the password ends the other sessions' streams within one
/// heartbeat.
extension WebSite {
    func registerLive<Context: WebRequestContext>(on router: Router<Context>) {
        router.get("/pantry/:household/events") { request, context in
            await page(request, context) { visit, caller in
                let viewer = try visit.signedInViewer()
                let householdID = try context.parameters.id("household")
                guard let ticket = liveStreams.begin(caller.userRecordName), let token = visit.token else {
                    throw ServiceError(
                        .rateLimited,
                        "You have \(liveStreams.limit) pages following this server's changes already; close some and reload."
                    )
                }
                let events: AsyncThrowingStream<GraphQLResult, any Error>
                do {
                    events = try await pantry.follow(PantryChangedSubscription(householdId: householdID), as: viewer)
                } catch {
                    ticket.end()
                    throw ServiceError.notFound("Household \(householdID)")
                }
                let beat = heartbeat
                let accounts = accounts
                var response = Response(
                    status: .ok,
                    headers: [.contentType: "text/event-stream; charset=utf-8", .cacheControl: "no-store"],
                    body: ResponseBody { writer in
                        // What to send: each change, and a comment every `heartbeat` so a browser that went away is
                        // noticed at the next write. The stream ends when the server stops gracefully, and at the
                        // first heartbeat after its session ended.
                        let (lines, feed) = AsyncStream<String>.makeStream(bufferingPolicy: .bufferingNewest(64))
                        let changes = Task {
                            for try await event in events {
                                feed.yield("event: change\ndata: \(Self.changeKind(event))\n\n")
                            }
                            feed.finish()
                        }
                        let beats = Task {
                            try await Self.beat(every: beat.interval, on: beat.clock) {
                                guard (try? await accounts.authenticate(token: token)) != nil else {
                                    feed.finish()
                                    return
                                }
                                feed.yield(": still here\n\n")
                            }
                        }
                        defer {
                            changes.cancel()
                            beats.cancel()
                            ticket.end()
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
    static func beat<C: Clock<Duration>>(every interval: Duration, on clock: C, _ beat: @Sendable () async -> Void)
        async throws
    {
        while true {
            try await clock.sleep(for: interval)
            await beat()
        }
    }
}
