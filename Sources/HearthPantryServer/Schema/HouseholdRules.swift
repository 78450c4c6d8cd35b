import Foundation
import HearthCore

/// The household rules inputs are checked against, after trimming.
enum HouseholdRules {
    /// The longest household name.
    static let maxNameLength = 100

    /// The input trimmed, with an empty description dropped; `VALIDATION_FAILED` naming each broken rule.
    static func checked(_ input: HouseholdInput) throws -> HouseholdInput {
        let name = input.name.trimmingCharacters(in: .whitespacesAndNewlines)
        let description = input.description?.trimmingCharacters(in: .whitespacesAndNewlines)
        var problems: [String] = []
        if name.isEmpty { problems.append("Household name cannot be empty") }
        if name.count > maxNameLength { problems.append("Household name cannot be longer than \(maxNameLength) characters") }
        guard problems.isEmpty else { throw ServiceError.validationFailed(problems) }
        return HouseholdInput(name: name, description: description?.isEmpty == false ? description : nil)
    }

    /// The code trimmed and upper-cased; `VALIDATION_FAILED` when nothing is left.
    static func inviteCode(_ code: String) throws -> String {
        let trimmed = code.trimmingCharacters(in: .whitespacesAndNewlines).uppercased()
        guard !trimmed.isEmpty else { throw ServiceError.validationFailed("Invite code cannot be empty") }
        return trimmed
    }
}
