import Foundation
public import HearthCloudModel

extension SQLRecordStore {
    struct ShareContext: Sendable {
        var zonePK: Int64
        var ownerID: String
        var zoneName: String
        var shareName: String
        var rootName: String?
        var publicPermission: CloudSharePermission
        var token: String
        var seq: Int64
        /// The caller's role, when they are in the share.
        var role: CloudShareRole?
        var status: CloudShareAcceptance?

        var zoneID: CloudZoneID { CloudZoneID(zoneName: zoneName, ownerRecordName: ownerID) }
        var canManage: Bool { role == .owner || (role == .administrator && status == .accepted) }
    }

    static let shareColumns =
        "s.zone_pk, s.name, s.root_name, s.public_permission, s.token, s.seq, z.owner_id, z.name AS zone_name"

    func shareContext(row: SQLRow, principal: CloudPrincipal, participant: SQLRow?) -> ShareContext {
        let ownerID = row.text("owner_id")
        return ShareContext(
            zonePK: row.int("zone_pk"), ownerID: ownerID, zoneName: row.text("zone_name"), shareName: row.text("name"),
            rootName: row.optionalText("root_name"),
            publicPermission: CloudSharePermission(rawValue: row.text("public_permission")) ?? .none,
            token: row.text("token"), seq: row.int("seq"),
            role: ownerID == principal.userID
                ? .owner : participant.flatMap { CloudShareRole(rawValue: $0.text("role")) },
            status: ownerID == principal.userID
                ? .accepted : participant.flatMap { CloudShareAcceptance(rawValue: $0.text("status")) }
        )
    }

    /// The share named by `reference` as `principal` sees it in `scope`, or the error that says why not.
    func resolveShare(
        _ tx: any SQLTransaction, _ principal: CloudPrincipal, _ scope: CloudDatabaseScope,
        _ reference: CloudShareReference
    ) async throws -> ShareContext {
        let zoneID = reference.zoneID ?? .default
        if let problem = CloudNames.zoneProblem(zoneID.zoneName) { throw CloudError.badRequest(problem) }
        let ownerID: String
        switch scope {
        case .private:
            if let owner = zoneID.ownerRecordName, owner != principal.userID {
                throw CloudError(
                    .accessDenied,
                    "The private database holds only your own shares; use the shared database for shares of other users.",
                    zoneID: zoneID)
            }
            ownerID = principal.userID
        case .shared:
            guard let owner = zoneID.ownerRecordName, !owner.isEmpty else {
                throw CloudError.badRequest(
                    "Shares in the shared database belong to other users: give zoneID.ownerRecordName as well as zoneName."
                )
            }
            guard owner != principal.userID else {
                throw CloudError(
                    .badRequest, "Share \"\(reference.shareName)\" is your own; use the private database for it.",
                    zoneID: zoneID)
            }
            ownerID = owner
        }
        let notFound = CloudError(
            .notFound, "Share \"\(reference.shareName)\" does not exist in zone \(zoneID.zoneName).", zoneID: zoneID)
        guard
            let row = try await tx.first(
                "SELECT \(Self.shareColumns) FROM shares s JOIN zones z ON z.pk = s.zone_pk WHERE z.owner_id = ? AND z.name = ? AND z.deleted = 0 AND s.name = ? AND s.deleted = 0",
                .text(ownerID), .text(zoneID.zoneName), .text(reference.shareName)
            )
        else { throw notFound }
        var participant: SQLRow?
        if ownerID != principal.userID {
            participant = try await tx.first(
                "SELECT role, status FROM participants WHERE zone_pk = ? AND share_name = ? AND account_id = ? ORDER BY status",
                .int(row.int("zone_pk")), .text(reference.shareName), .text(principal.userID)
            )
            guard participant?.text("status") == CloudShareAcceptance.accepted.rawValue else {
                throw CloudError(
                    .accessDenied,
                    "You are not an accepted participant of share \"\(reference.shareName)\" in zone \(zoneID.zoneName) of \(ownerID).",
                    zoneID: zoneID)
            }
        }
        return shareContext(row: row, principal: principal, participant: participant)
    }

    /// The share as `context`'s caller may see it: the secret token only for those who may manage it, or when it is a public link.
    /// The owner is named by their account's address, as a share's owner is known to everyone in it.
    func shareView(_ tx: any SQLTransaction, _ context: ShareContext) async throws -> CloudShare {
        let rows = try await tx.query(
            "SELECT p.id, p.account_id, COALESCE(p.email, CASE WHEN p.role = 'OWNER' THEN a.email END) AS email, p.role, p.permission, p.status FROM participants p LEFT JOIN accounts a ON a.id = p.account_id WHERE p.zone_pk = ? AND p.share_name = ? ORDER BY p.seq, p.id",
            .int(context.zonePK), .text(context.shareName)
        )
        var participants = rows.map { row in
            CloudShareParticipant(
                participantID: row.text("id"), userRecordName: row.optionalText("account_id"),
                emailAddress: row.optionalText("email"),
                role: CloudShareRole(rawValue: row.text("role")) ?? .privateUser,
                permission: CloudSharePermission(rawValue: row.text("permission")) ?? .none,
                acceptanceStatus: CloudShareAcceptance(rawValue: row.text("status")) ?? .pending
            )
        }
        participants.sort { ($0.role == .owner ? 0 : 1) < ($1.role == .owner ? 0 : 1) }
        let showToken = context.canManage || context.publicPermission != .none
        return CloudShare(
            shareName: context.shareName, zoneID: context.zoneID, rootRecordName: context.rootName,
            publicPermission: context.publicPermission, participants: participants,
            shareToken: showToken ? context.token : "", shareChangeTag: changeTag(context.seq)
        )
    }

    func publishShareChange(_ tx: any SQLTransaction, _ principal: CloudPrincipal, _ context: ShareContext) async throws
    {
        try await tx.publishOnCommit(
            CloudChangeEvent(
                ownerID: context.ownerID, originUserID: principal.userID, originDeviceID: principal.deviceID,
                zones: [
                    .init(
                        zoneName: context.zoneName, recordTypes: [], roots: context.rootName.map { [$0] },
                        structural: true)
                ]
            ))
    }

    func bump(_ tx: any SQLTransaction, _ ownerID: String) async throws -> Int64 {
        let owner = try await lockOwner(tx, ownerID)
        let seq = owner.changeSeq + 1
        try await saveOwner(tx, ownerID, changeSeq: seq)
        return seq
    }

    public func createShare(_ principal: CloudPrincipal, request: CloudShareCreateRequest) async throws -> CloudShare {
        if let root = request.rootRecordName, let problem = CloudNames.recordProblem(root) {
            throw CloudError.badRequest(problem)
        }
        let publicPermission = request.publicPermission ?? .none
        let token = SessionTokens.makeToken()
        return try await transaction(readOnly: false) { tx in
            let seq = try await self.bump(tx, principal.userID)
            let access = try await self.resolveZone(tx, principal, .private, request.zoneID)
            let shareName = request.rootRecordName.map { "share-\($0)" } ?? CloudShare.zoneWideShareName
            let live = try await tx.query(
                "SELECT name, root_name FROM shares WHERE zone_pk = ? AND deleted = 0", .int(access.zonePK))
            if live.contains(where: { $0.text("name") == shareName }) {
                throw CloudError(
                    .exists,
                    "Share \"\(shareName)\" already exists in zone \(access.zoneName); add participants to it instead.",
                    zoneID: access.zoneID)
            }
            if request.rootRecordName == nil, !live.isEmpty {
                throw CloudError.badRequest(
                    "Zone \(access.zoneName) already has record shares; a zone-wide share cannot be added beside them. Delete them first, or share records one by one."
                )
            }
            if request.rootRecordName != nil, live.contains(where: { $0.optionalText("root_name") == nil }) {
                throw CloudError.badRequest(
                    "Zone \(access.zoneName) is shared as a whole already; its records cannot be shared one by one.")
            }
            if let root = request.rootRecordName {
                guard
                    let record = try await tx.first(
                        "SELECT parent_name FROM records WHERE zone_pk = ? AND name = ? AND deleted = 0",
                        .int(access.zonePK), .text(root))
                else {
                    throw CloudError(
                        .notFound,
                        "Record \"\(root)\" does not exist in zone \(access.zoneName); save it before sharing it.",
                        recordName: root, zoneID: access.zoneID)
                }
                if let parent = record.optionalText("parent_name") {
                    throw CloudError.badRequest(
                        "Record \"\(root)\" has a parent (\"\(parent)\"); share the top of the hierarchy instead.")
                }
            }
            try await tx.execute(
                """
                INSERT INTO shares (zone_pk, name, root_name, public_permission, token, seq, deleted) VALUES (?, ?, ?, ?, ?, ?, 0)
                ON CONFLICT (zone_pk, name) DO UPDATE SET root_name = excluded.root_name, public_permission = excluded.public_permission,
                token = excluded.token, seq = excluded.seq, deleted = 0
                """,
                .int(access.zonePK), .text(shareName), SQLValue(request.rootRecordName),
                .text(publicPermission.rawValue), .text(token), .int(seq)
            )
            try await tx.execute(
                "DELETE FROM participants WHERE zone_pk = ? AND share_name = ?", .int(access.zonePK), .text(shareName))
            try await tx.execute(
                "INSERT INTO participants (zone_pk, share_name, id, account_id, email, role, permission, status, seq) VALUES (?, ?, 'owner', ?, NULL, 'OWNER', 'READ_WRITE', 'ACCEPTED', ?)",
                .int(access.zonePK), .text(shareName), .text(principal.userID), .int(seq)
            )
            try await tx.execute("UPDATE zones SET seq = ? WHERE pk = ?", .int(seq), .int(access.zonePK))
            let context = ShareContext(
                zonePK: access.zonePK, ownerID: principal.userID, zoneName: access.zoneName, shareName: shareName,
                rootName: request.rootRecordName, publicPermission: publicPermission, token: token, seq: seq,
                role: .owner, status: .accepted
            )
            try await self.publishShareChange(tx, principal, context)
            return try await self.shareView(tx, context)
        }
    }

    public func lookupShare(_ principal: CloudPrincipal, scope: CloudDatabaseScope, reference: CloudShareReference)
        async throws -> CloudShare
    {
        try await transaction(readOnly: true) { tx in
            try await self.shareView(tx, try await self.resolveShare(tx, principal, scope, reference))
        }
    }

    public func listShares(_ principal: CloudPrincipal, scope: CloudDatabaseScope) async throws -> [CloudShare] {
        try await transaction(readOnly: true) { tx in
            let rows: [SQLRow]
            switch scope {
            case .private:
                rows = try await tx.query(
                    "SELECT \(Self.shareColumns), NULL AS role, NULL AS status FROM shares s JOIN zones z ON z.pk = s.zone_pk WHERE z.owner_id = ? AND z.deleted = 0 AND s.deleted = 0 ORDER BY z.name, s.name",
                    .text(principal.userID)
                )
            case .shared:
                rows = try await tx.query(
                    """
                    SELECT \(Self.shareColumns), p.role, p.status FROM participants p JOIN shares s ON s.zone_pk = p.zone_pk AND s.name = p.share_name
                    JOIN zones z ON z.pk = s.zone_pk
                    WHERE p.account_id = ? AND z.owner_id <> p.account_id AND p.status = 'ACCEPTED' AND s.deleted = 0 AND z.deleted = 0 ORDER BY z.owner_id, z.name, s.name
                    """,
                    .text(principal.userID)
                )
            }
            var shares: [CloudShare] = []
            for row in rows {
                let context = self.shareContext(
                    row: row, principal: principal, participant: scope == .shared ? row : nil)
                shares.append(try await self.shareView(tx, context))
            }
            return shares
        }
    }

    public func invitations(_ principal: CloudPrincipal) async throws -> [CloudShare] {
        try await transaction(readOnly: true) { tx in
            let rows = try await tx.query(
                """
                SELECT \(Self.shareColumns), p.role, p.status FROM participants p JOIN shares s ON s.zone_pk = p.zone_pk AND s.name = p.share_name
                JOIN zones z ON z.pk = s.zone_pk
                WHERE p.account_id = ? AND p.status = 'PENDING' AND s.deleted = 0 AND z.deleted = 0 ORDER BY z.owner_id, z.name, s.name
                """,
                .text(principal.userID)
            )
            var shares: [CloudShare] = []
            for row in rows {
                var context = self.shareContext(row: row, principal: principal, participant: row)
                // An invitee needs the token to accept.
                context.role = .owner
                var share = try await self.shareView(tx, context)
                share.participants = []
                shares.append(share)
            }
            return shares
        }
    }

    public func updateShare(_ principal: CloudPrincipal, scope: CloudDatabaseScope, request: CloudShareUpdateRequest)
        async throws -> CloudShare
    {
        try await transaction(readOnly: false) { tx in
            var context = try await self.resolveShare(
                tx, principal, scope, CloudShareReference(zoneID: request.zoneID, shareName: request.shareName))
            guard context.canManage else {
                throw CloudError(
                    .accessDenied, "Only the owner and administrators of share \"\(request.shareName)\" can change it.",
                    zoneID: context.zoneID)
            }
            let seq = try await self.bump(tx, context.ownerID)
            try await tx.execute(
                "UPDATE shares SET public_permission = ?, seq = ? WHERE zone_pk = ? AND name = ?",
                .text(request.publicPermission.rawValue), .int(seq), .int(context.zonePK), .text(context.shareName))
            try await tx.execute("UPDATE zones SET seq = ? WHERE pk = ?", .int(seq), .int(context.zonePK))
            context.publicPermission = request.publicPermission
            context.seq = seq
            try await self.publishShareChange(tx, principal, context)
            return try await self.shareView(tx, context)
        }
    }

    public func deleteShare(_ principal: CloudPrincipal, reference: CloudShareReference) async throws {
        try await transaction(readOnly: false) { tx in
            let context = try await self.resolveShare(tx, principal, .private, reference)
            let seq = try await self.bump(tx, context.ownerID)
            try await tx.execute(
                "UPDATE shares SET deleted = 1, seq = ? WHERE zone_pk = ? AND name = ?", .int(seq),
                .int(context.zonePK), .text(context.shareName))
            try await tx.execute("UPDATE zones SET seq = ? WHERE pk = ?", .int(seq), .int(context.zonePK))
            try await self.publishShareChange(tx, principal, context)
        }
    }

    public func addParticipants(
        _ principal: CloudPrincipal, scope: CloudDatabaseScope, request: CloudParticipantsAddRequest
    ) async throws -> CloudShare {
        guard !request.participants.isEmpty else {
            throw CloudError.badRequest("Name at least one participant to add in \"participants\".")
        }
        for invite in request.participants {
            guard (invite.userRecordName == nil) != (invite.emailAddress == nil) else {
                throw CloudError.badRequest("Each participant needs exactly one of userRecordName or emailAddress.")
            }
            guard invite.permission != .none else {
                throw CloudError.badRequest("A participant's permission must be READ_ONLY or READ_WRITE.")
            }
            if let role = invite.role, role != .privateUser && role != .administrator {
                throw CloudError.badRequest(
                    "Participants are added as PRIVATE_USER or ADMINISTRATOR; OWNER and PUBLIC_USER cannot be given.")
            }
            if let email = invite.emailAddress, AccountRules.emailProblem(email) != nil {
                throw CloudError.badRequest("Participant email \"\(email.prefix(80))\" is not an email address.")
            }
        }
        return try await transaction(readOnly: false) { tx in
            var context = try await self.resolveShare(
                tx, principal, scope, CloudShareReference(zoneID: request.zoneID, shareName: request.shareName))
            guard context.canManage else {
                throw CloudError(
                    .accessDenied,
                    "Only the owner and administrators of share \"\(request.shareName)\" can add participants.",
                    zoneID: context.zoneID)
            }
            let seq = try await self.bump(tx, context.ownerID)
            for invite in request.participants {
                let role = invite.role ?? .privateUser
                if role == .administrator && context.role != .owner {
                    throw CloudError(.accessDenied, "Only the owner can make administrators.", zoneID: context.zoneID)
                }
                var accountID = invite.userRecordName
                var email = invite.emailAddress.map(AccountRules.normalizedEmail)
                if let id = accountID {
                    guard let account = try await tx.first("SELECT email FROM accounts WHERE id = ?", .text(id)) else {
                        throw CloudError(
                            .validatingReferenceError, "User \(id) does not exist; invite them by email instead.")
                    }
                    email = account.text("email")
                } else if let address = email,
                    let account = try await tx.first(
                        "SELECT a.id FROM accounts a JOIN account_verifications v ON v.account_id = a.id AND v.email = a.email WHERE a.email = ?",
                        .text(address)
                    )
                {
                    // Only an account that has proven the address receives what is sent to it; any other account
                    // with that email claims the invitation once it verifies the address.
                    accountID = account.text("id")
                }
                if accountID == context.ownerID {
                    throw CloudError.badRequest("The owner is already in the share.")
                }
                let existing = try await tx.first(
                    "SELECT id, status FROM participants WHERE zone_pk = ? AND share_name = ? AND ((account_id IS NOT NULL AND account_id = ?) OR email = ?)",
                    .int(context.zonePK), .text(context.shareName), SQLValue(accountID), SQLValue(email)
                )
                if let existing {
                    let status =
                        existing.text("status") == CloudShareAcceptance.accepted.rawValue ? "ACCEPTED" : "PENDING"
                    try await tx.execute(
                        "UPDATE participants SET role = ?, permission = ?, status = ?, account_id = ?, email = ?, seq = ? WHERE zone_pk = ? AND share_name = ? AND id = ?",
                        .text(role.rawValue), .text(invite.permission.rawValue), .text(status), SQLValue(accountID),
                        SQLValue(email), .int(seq),
                        .int(context.zonePK), .text(context.shareName), .text(existing.text("id"))
                    )
                } else {
                    let count =
                        try await tx.first(
                            "SELECT COUNT(*) AS n FROM participants WHERE zone_pk = ? AND share_name = ? AND status <> 'REMOVED'",
                            .int(context.zonePK), .text(context.shareName))?.int("n") ?? 0
                    guard count < self.configuration.maxParticipantsPerShare else {
                        throw CloudError(
                            .limitExceeded,
                            "Share \"\(context.shareName)\" has \(count) participants; the limit is \(self.configuration.maxParticipantsPerShare).",
                            zoneID: context.zoneID)
                    }
                    try await tx.execute(
                        "INSERT INTO participants (zone_pk, share_name, id, account_id, email, role, permission, status, seq) VALUES (?, ?, ?, ?, ?, ?, ?, 'PENDING', ?)",
                        .int(context.zonePK), .text(context.shareName),
                        .text(String(CloudIdentifier.make().prefix(16))), SQLValue(accountID), SQLValue(email),
                        .text(role.rawValue), .text(invite.permission.rawValue), .int(seq)
                    )
                }
            }
            try await tx.execute(
                "UPDATE shares SET seq = ? WHERE zone_pk = ? AND name = ?", .int(seq), .int(context.zonePK),
                .text(context.shareName))
            try await tx.execute("UPDATE zones SET seq = ? WHERE pk = ?", .int(seq), .int(context.zonePK))
            context.seq = seq
            try await self.publishShareChange(tx, principal, context)
            return try await self.shareView(tx, context)
        }
    }

    public func removeParticipants(
        _ principal: CloudPrincipal, scope: CloudDatabaseScope, request: CloudParticipantsRemoveRequest
    ) async throws -> CloudShare {
        guard !request.participantIDs.isEmpty else {
            throw CloudError.badRequest("Name at least one participant to remove in \"participantIDs\".")
        }
        return try await transaction(readOnly: false) { tx in
            var context = try await self.resolveShare(
                tx, principal, scope, CloudShareReference(zoneID: request.zoneID, shareName: request.shareName))
            guard context.canManage else {
                throw CloudError(
                    .accessDenied,
                    "Only the owner and administrators of share \"\(request.shareName)\" can remove participants.",
                    zoneID: context.zoneID)
            }
            let seq = try await self.bump(tx, context.ownerID)
            for id in request.participantIDs {
                guard
                    let row = try await tx.first(
                        "SELECT role FROM participants WHERE zone_pk = ? AND share_name = ? AND id = ?",
                        .int(context.zonePK), .text(context.shareName), .text(id))
                else {
                    throw CloudError(
                        .notFound, "Share \"\(context.shareName)\" has no participant \(id).", zoneID: context.zoneID)
                }
                let role = CloudShareRole(rawValue: row.text("role"))
                if role == .owner {
                    throw CloudError.badRequest(
                        "The owner cannot be removed from their share; delete the share instead.")
                }
                if role == .administrator && context.role != .owner {
                    throw CloudError(
                        .accessDenied, "Only the owner can remove an administrator.", zoneID: context.zoneID)
                }
                try await tx.execute(
                    "UPDATE participants SET status = 'REMOVED', seq = ? WHERE zone_pk = ? AND share_name = ? AND id = ?",
                    .int(seq), .int(context.zonePK), .text(context.shareName), .text(id))
            }
            try await tx.execute(
                "UPDATE shares SET seq = ? WHERE zone_pk = ? AND name = ?", .int(seq), .int(context.zonePK),
                .text(context.shareName))
            try await tx.execute("UPDATE zones SET seq = ? WHERE pk = ?", .int(seq), .int(context.zonePK))
            context.seq = seq
            try await self.publishShareChange(tx, principal, context)
            return try await self.shareView(tx, context)
        }
    }

    public func acceptShare(_ principal: CloudPrincipal, token: String) async throws -> CloudShare {
        guard !token.isEmpty, token.utf8.count <= 200 else {
            throw CloudError.badRequest("shareToken is empty or too long; use the token from the share.")
        }
        return try await transaction(readOnly: false) { tx in
            let notFound = CloudError(
                .notFound, "No share has this token; it may have been deleted. Ask its owner for a new link.")
            guard
                let row = try await tx.first(
                    "SELECT \(Self.shareColumns) FROM shares s JOIN zones z ON z.pk = s.zone_pk WHERE s.token = ? AND s.deleted = 0 AND z.deleted = 0",
                    .text(token)
                )
            else { throw notFound }
            var context = self.shareContext(row: row, principal: principal, participant: nil)
            guard context.ownerID != principal.userID else {
                throw CloudError.badRequest("You own this share; there is nothing to accept.")
            }
            let caller = try await tx.first(
                "SELECT a.email, (SELECT COUNT(*) FROM account_verifications v WHERE v.account_id = a.id AND v.email = a.email) AS verified FROM accounts a WHERE a.id = ?",
                .text(principal.userID))
            let email = caller?.text("email") ?? ""
            // An invitation sent to an address is the caller's only when they have proven that address.
            let provenEmail = caller.map { $0.int("verified") > 0 } == true ? email : nil
            let seq = try await self.bump(tx, context.ownerID)
            let existing = try await tx.first(
                "SELECT id, role, status FROM participants WHERE zone_pk = ? AND share_name = ? AND (account_id = ? OR (account_id IS NULL AND email = ?))",
                .int(context.zonePK), .text(context.shareName), .text(principal.userID), SQLValue(provenEmail)
            )
            if existing == nil, provenEmail == nil, context.publicPermission == .none,
                try await tx.first(
                    "SELECT id FROM participants WHERE zone_pk = ? AND share_name = ? AND account_id IS NULL AND email = ? AND status = 'PENDING'",
                    .int(context.zonePK), .text(context.shareName), .text(email)
                ) != nil
            {
                throw CloudError(
                    .accessDenied,
                    "This invitation was sent to \(email), which your account has not verified yet. Verify it first: POST /cloud/v1/accounts/verification/request sends a code to it, and POST /cloud/v1/accounts/verification/confirm takes the code; then accept again.",
                    zoneID: context.zoneID)
            }
            if let existing {
                if existing.text("status") == CloudShareAcceptance.removed.rawValue {
                    throw CloudError(
                        .accessDenied,
                        "You were removed from this share (or left it); ask its owner to invite you again.",
                        zoneID: context.zoneID)
                }
                try await tx.execute(
                    "UPDATE participants SET status = 'ACCEPTED', account_id = ?, seq = ? WHERE zone_pk = ? AND share_name = ? AND id = ?",
                    .text(principal.userID), .int(seq), .int(context.zonePK), .text(context.shareName),
                    .text(existing.text("id"))
                )
                context.role = CloudShareRole(rawValue: existing.text("role"))
            } else {
                guard context.publicPermission != .none else {
                    throw CloudError(
                        .accessDenied, "This share admits only people its owner invited; ask the owner to add you.",
                        zoneID: context.zoneID)
                }
                let count =
                    try await tx.first(
                        "SELECT COUNT(*) AS n FROM participants WHERE zone_pk = ? AND share_name = ? AND status <> 'REMOVED'",
                        .int(context.zonePK), .text(context.shareName))?.int("n") ?? 0
                guard count < self.configuration.maxParticipantsPerShare else {
                    throw CloudError(
                        .limitExceeded,
                        "This share is full (\(self.configuration.maxParticipantsPerShare) participants).",
                        zoneID: context.zoneID)
                }
                try await tx.execute(
                    "INSERT INTO participants (zone_pk, share_name, id, account_id, email, role, permission, status, seq) VALUES (?, ?, ?, ?, ?, 'PUBLIC_USER', ?, 'ACCEPTED', ?)",
                    .int(context.zonePK), .text(context.shareName), .text(String(CloudIdentifier.make().prefix(16))),
                    .text(principal.userID), .text(email),
                    .text(context.publicPermission.rawValue), .int(seq)
                )
                context.role = .publicUser
            }
            context.status = .accepted
            try await tx.execute("UPDATE zones SET seq = ? WHERE pk = ?", .int(seq), .int(context.zonePK))
            try await self.publishShareChange(tx, principal, context)
            return try await self.shareView(tx, context)
        }
    }

    public func leaveShare(_ principal: CloudPrincipal, reference: CloudShareReference) async throws {
        try await transaction(readOnly: false) { tx in
            let context = try await self.resolveShare(tx, principal, .shared, reference)
            let seq = try await self.bump(tx, context.ownerID)
            try await tx.execute(
                "UPDATE participants SET status = 'REMOVED', seq = ? WHERE zone_pk = ? AND share_name = ? AND account_id = ?",
                .int(seq), .int(context.zonePK), .text(context.shareName), .text(principal.userID)
            )
            try await tx.execute("UPDATE zones SET seq = ? WHERE pk = ?", .int(seq), .int(context.zonePK))
            try await self.publishShareChange(tx, principal, context)
        }
    }
}
