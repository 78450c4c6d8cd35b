import Foundation
import HearthCloud
import HearthCloudModel
import HearthCore
import HearthGarage
import Hummingbird
import HummingbirdCore
import Logging

/// Sharing anonymous usage of the garage pages: turned on and off on the account page, and each garage screen
/// opened recorded to the server's own collector while it is on.
extension WebSite {
    func registerUsage<Context: WebRequestContext>(on router: Router<Context>) {
        router.post("/account/usage") { request, context in
            await form(request, context) { _, caller, form in
                guard usage != nil else {
                    throw ServiceError(
                        .notFound, "This server collects no usage of its pages, so there is nothing to turn on.")
                }
                let shares = form["share"] == "on"
                try await accounts.setSharesUsage(accountID: caller.userRecordName, shares)
                await usageChoices.set(shares, forKey: caller.userRecordName)
                throw WebRedirect(location: "/account?notice=\(shares ? "usageOn" : "usageOff")")
            }
        }
    }

    /// A garage page (as ``page(_:_:_:)`` makes it) that records its screen view once it is made.
    func screen(
        _ screen: GarageEvent.Screen, _ request: Request, _ context: some WebRequestContext,
        _ build: @escaping @Sendable (WebVisit, CloudCaller) async throws -> Response
    ) async -> Response {
        await page(request, context) { visit, caller in
            let response = try await build(visit, caller)
            await viewed(screen, by: caller)
            return response
        }
    }

    /// Whether the account shares its usage of the pages (kept five minutes; this server's change of it is
    /// seen at once).
    func sharesUsage(_ account: String) async throws -> Bool {
        if let known = await usageChoices.value(forKey: account) { return known }
        let shares = try await accounts.sharesUsage(accountID: account)
        await usageChoices.set(shares, forKey: account)
        return shares
    }

    /// Records that `caller` opened the garage's `screen`, when this server collects usage and the account
    /// shares it. Never fails the page: a fault is logged.
    func viewed(_ screen: GarageEvent.Screen, by caller: CloudCaller) async {
        guard let usage else { return }
        do {
            guard try await sharesUsage(caller.userRecordName) else { return }
            let event = GarageEvent.screenViewed(screen: screen)
            var properties: [String: AnalyticsJSON] = event.properties.mapValues { value in
                value.boolValue.map(AnalyticsJSON.bool) ?? .string(value.categoryName ?? "")
            }
            properties["$lib"] = .string(WebUsage.library)
            // A pseudonym is no person: PostHog is told not to build a person profile from it.
            properties["$process_person_profile"] = .bool(false)
            let now = clock()
            try await usage.events.insert([
                CollectedEvent(
                    uuid: UUID().uuidString.lowercased(), projectKey: usage.projectKey, event: event.name,
                    distinctID: accounts.usagePseudonym(accountID: caller.userRecordName), properties: properties,
                    timestamp: now, receivedAt: now)
            ])
        } catch {
            logger.warning(
                "Could not record a screen view", metadata: ["screen": "\(screen.rawValue)", "error": "\(error)"])
        }
    }
}
