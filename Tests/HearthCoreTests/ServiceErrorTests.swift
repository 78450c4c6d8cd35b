import Foundation
import HearthCore
import Testing

@Suite struct ServiceErrorTests {
    @Test func conveniencesCarryCodeAndMessage() {
        let missing = ServiceError.notFound("Household 42")
        #expect(missing.code == .notFound)
        #expect(missing.message == "Household 42 was not found.")
        #expect(String(describing: missing) == "Household 42 was not found.")

        let invalid = ServiceError.validationFailed(["Household name cannot be empty", "Invite code cannot be empty"])
        #expect(invalid.code == .validationFailed)
        #expect(invalid.reasons.count == 2)
        #expect(invalid.message == "Household name cannot be empty; Invite code cannot be empty")
        #expect(invalid.localizedDescription == invalid.message)
    }

    @Test func codesAreOpenAndComparable() {
        let custom = ServiceError.Code("QUOTA_EXCEEDED")
        #expect(custom != .operationFailed)
        #expect(custom.description == "QUOTA_EXCEEDED")
        let error = ServiceError(custom, "Too big")
        #expect(error.code == custom)
    }

    @Test func equalityIgnoresTheCause() {
        struct Cause: Error {}
        let a = ServiceError(.rateLimited, "Slow down", httpStatus: 429, retryAfter: .seconds(3), underlying: Cause())
        let b = ServiceError(.rateLimited, "Slow down", httpStatus: 429, retryAfter: .seconds(3))
        let c = ServiceError(.rateLimited, "Slow down", httpStatus: 429, retryAfter: .seconds(4))
        #expect(a == b)
        #expect(a != c)
        #expect(a.underlying is Cause)
    }
}
