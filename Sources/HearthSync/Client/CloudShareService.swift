public import HearthCloudModel

/// A ``CloudService`` that can also join shares: what an app's sharing needs beyond syncing.
/// ``CloudClient`` is the live implementation.
public protocol CloudShareService: CloudService {
    /// Joins a share with its token (an invitation, or a public link).
    func acceptShare(token: String) async throws -> CloudShare
    /// Shares the caller has been invited to and not yet accepted.
    func invitations() async throws -> [CloudShare]
}

extension CloudClient: CloudShareService {}
