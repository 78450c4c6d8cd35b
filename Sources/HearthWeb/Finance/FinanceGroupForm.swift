public import Foundation
import HearthCore
public import HearthFinance

/// "Make a group" (a trip, a flat) of people who share expenses, as a page's form sends it: a name and the
/// people chosen among those saved, checked by ``FinanceRecords/addGroup(_:userID:now:)``.
public struct FinanceGroupForm: Sendable, Equatable {
    public var name: String
    /// The ids of the members, as the page's checkboxes send them.
    public var members: [String]

    public init(name: String, members: [String]) {
        self.name = name
        self.members = members
    }

    /// The group the form stands for, its members checked against `people` (the user's saved people).
    /// - Throws: ``ServiceError`` (validation failed) naming every field at fault and how to write it.
    func group(people: [Person], now: Date) throws -> Group {
        var problems: [String] = []
        let name = FinanceForms.text(
            self.name, field: "group name", limit: FinancePersonForm.maxNameLength, problems: &problems)
        if name?.isEmpty ?? false { problems.append("group name is empty; name it, such as Lisbon trip") }
        let known = Set(people.map(\.id))
        var chosen: [Person.ID] = []
        if members.count > 200 {
            problems.append("members: \(members.count) chosen; a group has at most 200")
        } else {
            for text in members {
                guard let id = UUID(uuidString: text), known.contains(id) else {
                    problems.append("members: one chosen is not among your people; choose from the list")
                    break
                }
                if !chosen.contains(id) { chosen.append(id) }
            }
        }
        if chosen.isEmpty && problems.isEmpty {
            problems.append("members: none chosen; tick the people who share its expenses (add them first)")
        }
        guard problems.isEmpty, let name else { throw ServiceError.validationFailed(problems) }
        return try FinanceForms.validated("group") {
            try FinanceValidation.validate(Group(name: name, members: chosen, createdDate: now))
        }
    }
}
