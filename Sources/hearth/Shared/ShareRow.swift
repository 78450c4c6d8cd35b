import HearthCloudModel

/// How the `share list` commands print someone in a share: who, their rights, whether they accepted.
enum ShareRow {
    static func cells(_ participant: CloudShareParticipant) -> [String] {
        [
            participant.emailAddress ?? participant.userRecordName ?? participant.participantID,
            participant.permission == .readWrite ? "read-write" : "read-only",
            participant.acceptanceStatus.rawValue.lowercased(),
        ]
    }
}
