import Foundation
import HearthCloud
import HearthCloudModel
import HearthCore
import HearthGarage
import Hummingbird
import HummingbirdCore
import Logging

/// The garage's reminders in the browser and in any calendar app: a page of what is coming and when, and a
/// secret, revocable feed link per account serving the same reminders as iCalendar (`webcal://` for calendar
/// apps to subscribe to, or the https address to copy).
extension WebSite {
    /// The feed's name among an account's feed links.
    static let garageFeed = "garage"

    func registerCalendar<Context: WebRequestContext>(on router: Router<Context>) {
        router.get("/garage/reminders") { request, context in
            await screen(.reminders, request, context) { visit, caller in
                try await remindersPage(
                    request, context, caller: caller, visit: visit,
                    notice: request.uri.queryParameters["notice"].map(String.init))
            }
        }
        router.post("/garage/reminders/snooze") { request, context in
            await form(request, context) { _, caller, form in
                try await garage.snooze(form["reminder"] ?? "", userID: caller.userRecordName, now: clock())
                throw WebRedirect(location: "/garage/reminders?notice=snoozed")
            }
        }
        router.post("/garage/calendar") { request, context in
            await form(request, context) { _, caller, _ in
                _ = try await accounts.renewFeed(accountID: caller.userRecordName, feed: Self.garageFeed)
                throw WebRedirect(location: "/garage/reminders?notice=feed")
            }
        }
        router.post("/garage/calendar/stop") { request, context in
            await form(request, context) { _, caller, _ in
                try await accounts.endFeed(accountID: caller.userRecordName, feed: Self.garageFeed)
                throw WebRedirect(location: "/garage/reminders?notice=feedStopped")
            }
        }
        // The feed itself: the link is the credential, so no session is asked for. A link that is not one spends
        // one of the address's signed-out requests, as a stale sign-in does, and finds nothing.
        router.get("/calendar/:token/garage.ics") { request, context in
            let token = context.parameters.get("token") ?? ""
            do {
                guard let account = try await accounts.feedAccount(token: token, feed: Self.garageFeed) else {
                    if try await limits.signedOut.acquire(context.clientLimitKey) != nil {
                        return Response(status: .tooManyRequests, headers: [.retryAfter: "60"])
                    }
                    return Self.plain(.notFound, "No calendar has this link: it may have been replaced or stopped.")
                }
                let feed = try await garage.calendar(userID: account, now: clock())
                var headers = HTTPFields()
                headers[.contentType] = "text/calendar; charset=utf-8"
                headers[.cacheControl] = "private, no-cache"
                return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: feed)))
            } catch {
                logger.error(
                    "The garage calendar feed could not be made", metadata: ["error": "\(type(of: error))"])
                return Self.plain(.internalServerError, "The calendar could not be made; try again later.")
            }
        }
    }

    /// A short plain-text answer, for a client that is not a browser (a calendar app).
    static func plain(_ status: HTTPResponse.Status, _ text: String) -> Response {
        Response(
            status: status, headers: [.contentType: "text/plain; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: text + "\n")))
    }

    /// The reminders page: what is coming, and the calendar link if the account has one.
    func remindersPage(
        _ request: Request, _ context: some WebRequestContext, caller: CloudCaller, visit: WebVisit,
        notice: String?
    ) async throws -> Response {
        let reminders = try await garage.reminders(userID: caller.userRecordName, now: clock())
        let overview = try await garage.overview(userID: caller.userRecordName, now: clock())
        let names = Dictionary(
            overview.vehicles.map { ($0.vehicle.id, $0.vehicle.displayName) }, uniquingKeysWith: { first, _ in first })
        let token = try await accounts.feedToken(accountID: caller.userRecordName, feed: Self.garageFeed)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = garage.timeZone
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        var values: [String: Any] = [
            "title": "Reminders", "section": ["garage": true], "none": reminders.isEmpty,
            "reminders": reminders.prefix(60).map { reminder -> [String: Any] in
                [
                    "when": formatter.string(from: reminder.fireAt), "title": reminder.title, "body": reminder.body,
                    "vehicle": names[reminder.vehicleID] ?? "", "id": reminder.id,
                    // Put off again tomorrow, as the app's notification offers; a snooze is not put off again.
                    "snooze": reminder.isSnooze
                        ? "" : reminder.actions.first { $0 == .remindTomorrow || $0 == .remindLater }?.title ?? "",
                ]
            },
            "notice": [
                "feed": "A new calendar link is made; an earlier one no longer works.",
                "feedStopped": "The calendar link is stopped; calendars subscribed to it get nothing more.",
                "snoozed": "You will be reminded again tomorrow at 09:00, here and in your calendar.",
            ][notice ?? ""] ?? "",
        ]
        if let token {
            let path = "/calendar/\(token)/garage.ics"
            let host = Self.authority(request)
            values["feed"] = [
                "https": host.map { "\(context.reachedOverHTTPS ? "https" : "http")://\($0)\(path)" } ?? path,
                "webcal": host.map { "webcal://\($0)\(path)" } ?? "",
            ]
        }
        return try render("garage/reminders", values, visit: visit)
    }

    /// The host (and port) the browser reached the server at, when it is a plain host name or address.
    static func authority(_ request: Request) -> String? {
        guard let authority = request.head.authority, !authority.isEmpty, authority.utf8.count <= 255,
            authority.unicodeScalars.allSatisfy({
                $0.isASCII && (CharacterSet.alphanumerics.contains($0) || ".-:[]".unicodeScalars.contains($0))
            })
        else { return nil }
        return authority
    }
}
