import Foundation
import HearthCloudModel
import OrderedCollections
import GraphQL
import HearthCore
import HearthPantryModel
import Hummingbird

/// Live updates for the pantry pages: server-sent events from the pantry's change stream, one `change` event
/// per change to the household (its kind only; the page fetches itself again to show it). A page without
/// JavaScript shows the same on a reload.
extension WebSite {
    func registerLive<Context: WebRequestContext>(on router: Router<Context>) {
        router.get("/pantry/:household/events") { request, context in
            await page(request, context) { visit, caller in
                guard let viewer = visit.viewer else { throw WebRedirect(location: "/signin") }
                let householdID = try context.parameters.require("household")
                guard liveStreams.begin(caller.userRecordName) else {
                    throw ServiceError(.rateLimited, "You have \(liveStreams.limit) pages following this server's changes already; close some and reload.")
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
                var response = Response(
                    status: .ok,
                    headers: [.contentType: "text/event-stream; charset=utf-8", .cacheControl: "no-store"],
                    body: ResponseBody { writer in
                        defer { streams.end(userID) }
                        try await writer.write(ByteBuffer(string: "retry: 2000\n: following \(householdID)\n\n"))
                        for try await event in events {
                            let kind: String
                            if case .dictionary(let data)? = event.data, case .dictionary(let change)? = data["pantryChanged"], case .string(let name)? = change["kind"] {
                                kind = String(name.unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) || $0 == "_" }.prefix(40).map(Character.init))
                            } else {
                                kind = "changed"
                            }
                            try await writer.write(ByteBuffer(string: "event: change\ndata: \(kind)\n\n"))
                        }
                        try await writer.finish(nil)
                    })
                SecurityHeaders.add(to: &response.headers)
                return response
            }
        }
    }
}
