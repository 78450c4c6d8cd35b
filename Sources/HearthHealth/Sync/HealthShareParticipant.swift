import Foundation
public import HearthCloudModel

/// One person in the share of a medical record.
public struct HealthShareParticipant: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Names the participant within the share (for removing them).
    public var participantID: String
    /// The email they were invited by, when known.
    public var email: String?
    /// Their account, once known.
    public var userRecordName: String?
    /// Owner, administrator, invited (private user) or joined through the link (public user).
    public var role: CloudShareRole
    /// Read-only or read-write.
    public var permission: CloudSharePermission
    /// Invited (pending), accepted, or removed.
    public var acceptance: CloudShareAcceptance

    public init(_ participant: CloudShareParticipant) {
        participantID = participant.participantID
        email = participant.emailAddress
        userRecordName = participant.userRecordName
        role = participant.role
        permission = participant.permission
        acceptance = participant.acceptanceStatus
    }

    /// Who they are: the email, else the account, else the participant id.
    public var name: String { email ?? userRecordName ?? participantID }

    /// "bob@example.com (read-write, accepted)".
    public var description: String {
        let access =
            switch permission {
            case .readWrite: "read-write"
            case .readOnly: "read-only"
            case .none: "no access"
            }
        let status =
            switch acceptance {
            case .pending: "invited"
            case .accepted: "accepted"
            case .removed: "removed"
            }
        return "\(name) (\(role == .owner ? "owner" : access), \(status))"
    }

    /// Whether `reference` (an email, an account or a participant id) names this participant.
    func isNamed(_ reference: String) -> Bool {
        let key = reference.trimmingCharacters(in: .whitespaces).lowercased()
        return [email, userRecordName, participantID].contains { $0?.lowercased() == key }
    }
}
