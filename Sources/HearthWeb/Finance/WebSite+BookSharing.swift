import Foundation
import HearthCloudModel
import HearthCore
import HearthFinance
import Hummingbird
import HummingbirdCore

/// Money books shared from the browser: the owner shares theirs with an address (read-only or read-write) and
/// takes people out again; the people invited accept from their money page, open the book beside their own and
/// may give it back. The shares are the record store's own, so `hearth finance share` on a device sees the same.
extension WebSite {
    func registerBookSharing<Context: WebRequestContext>(on router: Router<Context>) {
        router.post("/money/book") { request, context in
            await form(request, context) { visit, caller, form in
                try await moneyWrite(visit, caller, form, notice: "bookOpened") {
                    try await finance.openBook(form["owner"], userID: caller.userRecordName)
                }
            }
        }
        router.post("/money/share") { request, context in
            await form(request, context) { visit, caller, form in
                try await moneyWrite(visit, caller, form, notice: "bookShared") {
                    try await finance.shareBook(
                        with: form["email"] ?? "", readOnly: form["rights"] == "readOnly",
                        userID: caller.userRecordName)
                }
            }
        }
        router.post("/money/share/remove") { request, context in
            await form(request, context) { visit, caller, form in
                try await moneyWrite(visit, caller, form, notice: "bookUnshared") {
                    try await finance.unshareBook(participant: form["participant"] ?? "", userID: caller.userRecordName)
                }
            }
        }
        router.post("/money/book/leave") { request, context in
            await form(request, context) { visit, caller, form in
                try await moneyWrite(visit, caller, form, notice: "bookLeft") {
                    try await finance.leaveBook(form["owner"] ?? "", userID: caller.userRecordName)
                }
            }
        }
        router.post("/money/shares/accept") { request, context in
            await form(request, context) { visit, caller, form in
                try await moneyWrite(visit, caller, form, notice: "bookAccepted") {
                    try await finance.acceptBook(form["token"] ?? "", userID: caller.userRecordName)
                }
            }
        }
    }

    /// The money page's book line and sharing section.
    static func bookValues(_ books: FinanceBooks, typed: [String: String]) -> [String: Any] {
        let rights = { (book: MoneyBook) in book.isWritable ? "may change it" : "read-only" }
        var values: [String: Any] = [
            "shared": books.shared.map { book -> [String: Any] in
                [
                    "owner": book.owner, "name": book.ownerName, "rights": rights(book),
                    "selected": book.owner == books.open?.owner,
                ]
            },
            "canSwitch": !books.shared.isEmpty,
            "invitations": books.invitations.map { ["from": $0.from, "token": $0.token] },
            "people": books.people.map { person -> [String: Any] in
                [
                    "who": person.emailAddress ?? person.userRecordName ?? person.participantID,
                    "rights": person.permission == .readWrite ? "may change it" : "read-only",
                    "status": person.acceptanceStatus == .accepted ? "has it" : "invited",
                ]
            },
            "hasPeople": !books.people.isEmpty,
            // Named apart from the page's other keys: a section looks a missing key up in the outer values.
            "sharedBook": false,
            // A read-only book's page leaves out the forms that would only be refused.
            "readOnly": books.open.map { !$0.isWritable } ?? false,
        ]
        if let open = books.open {
            values["sharedBook"] = ["owner": open.owner, "name": open.ownerName, "writable": open.isWritable]
        }
        return ["books": values, "readOnlyTyped": typed["rights"] == "readOnly"]
    }
}
