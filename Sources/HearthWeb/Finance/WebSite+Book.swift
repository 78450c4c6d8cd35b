import Foundation
import HearthCloudModel
import HearthCore
import HearthFinance
import Hummingbird
import HummingbirdCore

/// The money book from the browser: people, subscriptions and groups added as the finance app's own records,
/// which the devices receive at their next sync.
extension WebSite {
    func registerBook<Context: WebRequestContext>(on router: Router<Context>) {
        router.post("/money/people") { request, context in
            await form(request, context) { visit, caller, form in
                try await moneyWrite(visit, caller, form, notice: "person") {
                    _ = try await finance.addPerson(
                        FinancePersonForm(name: form["personName"] ?? "", email: form["personEmail"]),
                        userID: caller.userRecordName, now: clock())
                }
            }
        }
        router.post("/money/subscriptions") { request, context in
            await form(request, context) { visit, caller, form in
                try await moneyWrite(visit, caller, form, notice: "subscription") {
                    _ = try await finance.addSubscription(
                        FinanceSubscriptionForm(
                            name: form["subscriptionName"] ?? "", price: form["price"] ?? "", cycle: form["cycle"],
                            nextBill: form["nextBill"], category: form["subscriptionCategory"],
                            currency: form["subscriptionCurrency"]),
                        userID: caller.userRecordName, now: clock())
                }
            }
        }
        router.post("/money/groups") { request, context in
            await form(request, context) { visit, caller, form in
                try await moneyWrite(visit, caller, form, notice: "group") {
                    _ = try await finance.addGroup(
                        FinanceGroupForm(name: form["groupName"] ?? "", members: form.values("members")),
                        userID: caller.userRecordName, now: clock())
                }
            }
        }
    }

    /// Runs `write` and sends the browser back to the money page with `notice`; a refusal shows the page again
    /// with each problem named and what was typed kept.
    func moneyWrite(
        _ visit: WebVisit, _ caller: CloudCaller, _ form: FormBody, notice: String,
        _ write: () async throws -> Void
    ) async throws -> Response {
        try await refusable {
            try await write()
            throw WebRedirect(location: "/money?notice=\(notice)")
        } again: { problems in
            try await moneyPage(caller: caller, visit: visit, problems: problems, typed: form.all)
        }
    }
}
