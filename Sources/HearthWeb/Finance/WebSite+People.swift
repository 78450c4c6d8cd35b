import Foundation
import HearthCloudModel
import HearthCore
import HearthFinance
import Hummingbird
import HummingbirdCore

/// People, groups and a group's expenses from the browser: a person renamed or deleted, a group renamed, its
/// members changed or the group deleted, an expense corrected (how it is split included), and the pages' last
/// change undone.
extension WebSite {
    func registerPeople<Context: WebRequestContext>(on router: Router<Context>) {
        router.get("/money/people/:person") { request, context in
            await page(request, context) { visit, caller in
                try await personPage(try context.parameters.uuid("person"), caller: caller, visit: visit)
            }
        }
        router.post("/money/people/:person") { request, context in
            await form(request, context) { visit, caller, form in
                let id = try context.parameters.uuid("person")
                return try await refusable {
                    _ = try await finance.updatePerson(
                        id, FinancePersonForm(name: form["personName"] ?? "", email: form["personEmail"]),
                        userID: caller.userRecordName, now: clock())
                    throw WebRedirect(location: "/money?notice=personSaved")
                } again: { problems in
                    try await personPage(id, caller: caller, visit: visit, problems: problems, typed: form.all)
                }
            }
        }
        router.post("/money/people/:person/delete") { request, context in
            await form(request, context) { visit, caller, _ in
                let id = try context.parameters.uuid("person")
                return try await refusable {
                    try await finance.removePerson(id, userID: caller.userRecordName, now: clock())
                    throw WebRedirect(location: "/money?notice=personDeleted")
                } again: { problems in
                    try await personPage(id, caller: caller, visit: visit, problems: problems)
                }
            }
        }
        router.post("/money/groups/:group/edit") { request, context in
            await form(request, context) { visit, caller, form in
                let group = try context.parameters.uuid("group")
                return try await refusable {
                    _ = try await finance.updateGroup(
                        group, FinanceGroupForm(name: form["groupName"] ?? "", members: form.values("members")),
                        userID: caller.userRecordName, now: clock())
                    throw WebRedirect(location: "/money/groups/\(group.uuidString.lowercased())?notice=groupSaved")
                } again: { problems in
                    try await groupPage(
                        group, caller: caller, visit: visit, problems: problems, typed: form.all,
                        members: Set(form.values("members")))
                }
            }
        }
        router.post("/money/groups/:group/delete") { request, context in
            await form(request, context) { _, caller, _ in
                try await finance.removeGroup(
                    try context.parameters.uuid("group"), userID: caller.userRecordName, now: clock())
                throw WebRedirect(location: "/money?notice=groupDeleted")
            }
        }
        router.get("/money/groups/:group/expenses/:groupexpense") { request, context in
            await page(request, context) { visit, caller in
                try await expensePage(
                    try context.parameters.uuid("groupexpense"), group: try context.parameters.uuid("group"),
                    caller: caller, visit: visit)
            }
        }
        router.post("/money/groups/:group/expenses/:groupexpense") { request, context in
            await form(request, context) { visit, caller, form in
                let group = try context.parameters.uuid("group")
                let expense = try context.parameters.uuid("groupexpense")
                return try await refusable {
                    _ = try await finance.updateGroupExpense(
                        expense, try Self.expenseForm(group, form), userID: caller.userRecordName, now: clock())
                    throw WebRedirect(location: "/money/groups/\(group.uuidString.lowercased())?notice=expenseSaved")
                } again: { problems in
                    try await expensePage(
                        expense, group: group, caller: caller, visit: visit, problems: problems, typed: form.all)
                }
            }
        }
        router.post("/money/groups/:group/expenses/:groupexpense/receipt") { request, context in
            await form(request, context, uploadLimit: FinanceRecords.maxReceiptBytes) { visit, caller, form in
                let group = try context.parameters.uuid("group")
                let expense = try context.parameters.uuid("groupexpense")
                return try await refusable {
                    let file = form.file("receipt")
                    _ = try await finance.setReceipt(
                        file?.data ?? Data(), fileName: file?.fileName ?? "", ofExpense: expense, group: group,
                        userID: caller.userRecordName, now: clock())
                    throw WebRedirect(location: "/money/groups/\(group.uuidString.lowercased())?notice=receipt")
                } again: { problems in
                    try await expensePage(expense, group: group, caller: caller, visit: visit, problems: problems)
                }
            }
        }
        router.get("/money/groups/:group/expenses/:groupexpense/receipt") { request, context in
            await page(request, context) { _, caller in
                try await finance.receipt(
                    ofExpense: try context.parameters.uuid("groupexpense"), group: try context.parameters.uuid("group"),
                    userID: caller.userRecordName, now: clock()
                ).response()
            }
        }
        router.post("/money/undo") { request, context in
            await form(request, context) { visit, caller, _ in
                try await refusable {
                    let step = try await finance.undo(userID: caller.userRecordName, now: clock())
                    throw WebRedirect(location: "/money?notice=\(step == nil ? "nothingToUndo" : "undone")")
                } again: { problems in
                    try await moneyPage(caller: caller, visit: visit, problems: problems)
                }
            }
        }
    }

    /// A person's page: their name and address to change, and deleting them.
    func personPage(
        _ id: UUID, caller: CloudCaller, visit: WebVisit, problems: String? = nil, typed: [String: String] = [:]
    ) async throws -> Response {
        let person = try await finance.person(id, userID: caller.userRecordName, now: clock())
        let stored = ["personName": person.name, "personEmail": person.email ?? ""]
        return try render(
            "money/person",
            [
                "title": person.name, "section": ["money": true],
                "person": ["id": id.uuidString.lowercased(), "name": person.name],
                "typed": typed["personName"] == nil ? stored : typed, "problems": problems ?? "",
            ], visit: visit)
    }

    /// A group expense's page: its stored values (how it is split included) to correct, or what was just typed
    /// with the problems named.
    func expensePage(
        _ id: UUID, group groupID: UUID, caller: CloudCaller, visit: WebVisit, problems: String? = nil,
        typed: [String: String] = [:]
    ) async throws -> Response {
        let found = try await finance.groupExpense(id, group: groupID, userID: caller.userRecordName, now: clock())
        let values = typed["title"] == nil ? Self.typed(found.expense, calendar: finance.calendar) : typed
        return try render(
            "money/expense",
            Self.expenseFields(found.group, typed: values).merging([
                "title": found.expense.title, "section": ["money": true],
                "group": ["id": groupID.uuidString.lowercased(), "name": found.group.group.name],
                "expense": [
                    "id": id.uuidString.lowercased(), "title": found.expense.title, "settled": found.expense.isSettled,
                    "hasReceipt": found.expense.receiptAsset != nil,
                    "receipt": found.expense.receipt.map { ($0 as NSString).lastPathComponent } ?? "",
                ],
                "problems": problems ?? "",
            ]) { $1 }, visit: visit)
    }

    /// The expense form's fields as the finance records read them: who shares the cost (`share-<id>`), each
    /// one's part (`part-<id>`) and how it is split (`splitMode`).
    static func expenseForm(_ group: UUID, _ form: FormBody) throws -> FinanceExpenseForm {
        var shared: [UUID] = []
        var parts: [UUID: String] = [:]
        for (name, value) in form.all {
            if name.hasPrefix("share-") {
                shared.append(try uuid(String(name.dropFirst(6)), "A person sharing the cost"))
            } else if name.hasPrefix("part-"), let person = UUID(uuidString: String(name.dropFirst(5))) {
                parts[person] = String(value.prefix(40))
            }
        }
        return FinanceExpenseForm(
            groupID: group, title: form["title"] ?? "", amount: form["amount"] ?? "",
            paidBy: try uuid(form["paidBy"] ?? "", "Who paid"), splitBetween: shared,
            splitMode: form["splitMode"], parts: parts, category: form["category"], date: form["date"],
            notes: form["notes"], currency: form["expenseCurrency"])
    }

    /// A stored expense as its form's fields.
    static func typed(_ expense: GroupExpense, calendar: Calendar) -> [String: String] {
        var values = [
            "title": expense.title, "amount": WebFormat.amount(expense.amount),
            "date": CalendarDay(expense.date, in: calendar.timeZone).iso, "notes": expense.notes,
            "category": expense.category.rawValue, "paidBy": expense.paidBy.uuidString.lowercased(),
            "splitMode": expense.split.mode, "expenseCurrency": expense.currency?.code ?? "",
        ]
        for person in expense.splitBetween { values["share-\(person.uuidString.lowercased())"] = "1" }
        let parts: [UUID: String] =
            switch expense.split {
            case .evenly: [:]
            case .exactAmounts(let amounts): amounts.mapValues { WebFormat.amount($0) }
            case .percentages(let shares): shares.mapValues { "\($0)" }
            case .shares(let shares): shares.mapValues(String.init)
            }
        for (person, part) in parts { values["part-\(person.uuidString.lowercased())"] = part }
        return values
    }

    /// The values of the expense form (`money/expensefields`) for `group`: what was typed, or for a new
    /// expense everyone sharing it evenly.
    static func expenseFields(_ group: FinanceGroupBalances, typed: [String: String]) -> [String: Any] {
        let fresh = typed["splitMode"] == nil
        return [
            "typed": typed,
            "members": group.balances.map { member -> [String: Any] in
                let id = member.person.uuidString.lowercased()
                return [
                    "id": id, "name": member.name, "paidBy": id == typed["paidBy"],
                    "shared": fresh || typed["share-\(id)"] != nil, "part": typed["part-\(id)"] ?? "",
                ]
            },
            "splitModes": FinanceExpenseForm.splitModes.map {
                ["value": $0.value, "label": $0.label, "selected": $0.value == (typed["splitMode"] ?? "evenly")]
            },
            "expenseCategories": TransactionCategory.allCases.filter { $0 != .income }.map {
                ["value": $0.rawValue, "selected": $0.rawValue == (typed["category"] ?? "Other")]
            },
        ]
    }
}
