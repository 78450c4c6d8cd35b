public import Foundation
import HearthCore
public import HearthFinance

/// "Add a person" (someone the household shares costs with), as a page's form sends it, checked by
/// ``FinanceRecords/addPerson(_:userID:now:)`` before anything is saved.
public struct FinancePersonForm: Sendable, Equatable {
    public var name: String
    /// Their e-mail address; empty or nil for none.
    public var email: String?

    /// The longest name accepted.
    public static let maxNameLength = 200

    public init(name: String, email: String? = nil) {
        self.name = name
        self.email = email
    }

    /// The person the form stands for, checked by the same rules the store applies.
    /// - Throws: ``ServiceError`` (validation failed) naming every field at fault and how to write it.
    func person(now: Date) throws -> Person {
        var problems: [String] = []
        let name = FinanceForms.text(self.name, field: "name", limit: Self.maxNameLength, problems: &problems)
        if name?.isEmpty ?? false { problems.append("name is empty; give the person's name, such as Ana") }
        let email = FinanceForms.text(self.email ?? "", field: "email", limit: 254, problems: &problems)
        if let email, !email.isEmpty, !Validation.isValidEmail(email) {
            problems.append(
                "email \"\(email.prefix(60))\" is not an address; write it like ana@example.com, or leave it empty")
        }
        guard problems.isEmpty, let name else { throw ServiceError.validationFailed(problems) }
        return try FinanceForms.validated("person") {
            try FinanceValidation.validate(
                Person(name: name, email: email?.isEmpty == false ? email : nil, createdDate: now))
        }
    }
}
