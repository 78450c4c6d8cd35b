import Foundation
public import HearthCloudModel
import HearthCore

/// The steps every app's sharing takes with people: an invitation goes to an address that is
/// one and is not the sharer's own, with rights that let them see something; a removal names someone in the
/// share; an invitation is accepted with its token.
public enum ShareParticipants {
    /// `email` trimmed, checked as an address to invite with `permission`, not the address of `cloud`'s account.
    /// - Throws: ``HearthCore/ServiceError`` `validationFailed` naming what is wrong and what to write instead.
    public static func invitee(_ email: String, permission: CloudSharePermission, cloud: any CloudService)
        async throws -> String
    {
        let address = email.trimmingCharacters(in: .whitespaces)
        guard Validation.isValidEmail(address) else {
            throw ServiceError.validationFailed(
                "\"\(email)\" is not an e-mail address; write the address of the person to share with as name@example.com"
            )
        }
        guard permission != .none else {
            throw ServiceError.validationFailed("Share as read-only or read-write; \"none\" would let them see nothing")
        }
        if let me = try? await cloud.caller(), me.emailAddress.caseInsensitiveCompare(address) == .orderedSame {
            throw ServiceError.validationFailed("\(address) is your own address; share with someone else")
        }
        return address
    }

    /// The participant of `people` that `wanted` names (an address, an account or a participant id).
    /// - Throws: ``HearthCore/ServiceError`` `notFound` saying who is in the share of `what`.
    public static func named(_ wanted: String, in people: [CloudShareParticipant], of what: String) throws
        -> CloudShareParticipant
    {
        let wanted = wanted.trimmingCharacters(in: .whitespaces)
        if let found = people.first(where: {
            $0.participantID == wanted || $0.emailAddress?.caseInsensitiveCompare(wanted) == .orderedSame
                || $0.userRecordName == wanted
        }) {
            return found
        }
        let names = people.compactMap { $0.emailAddress ?? $0.userRecordName }
        throw ServiceError(
            .notFound,
            "\(wanted) is not in the share of \(what); it is shared with \(names.isEmpty ? "nobody" : names.joined(separator: ", "))."
        )
    }

    /// Accepts the share `token` opens, as `cloud`'s account.
    /// - Parameters:
    ///   - invitations: the command that lists the user's invitations, named when the token is empty.
    ///   - owner: who to ask for a new invitation ("the vehicle's owner").
    /// - Throws: ``HearthCore/ServiceError`` `validationFailed` for an empty token, `notFound` when it opens no share.
    public static func accept(_ token: String, cloud: any CloudShareService, invitations: String, owner: String)
        async throws -> CloudShare
    {
        let token = token.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !token.isEmpty else {
            throw ServiceError.validationFailed("The share token is empty; pick an invitation (\(invitations))")
        }
        do {
            return try await cloud.acceptShare(token: token)
        } catch let error as CloudError where error.serverErrorCode == .notFound || error.serverErrorCode == .badRequest
        {
            throw ServiceError(
                .notFound,
                "The token opens no share (\(error.reason)). Ask \(owner) to invite you again. Nothing was changed.",
                underlying: error)
        }
    }
}
