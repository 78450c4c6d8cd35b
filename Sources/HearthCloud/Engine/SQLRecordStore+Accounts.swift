public import Foundation
public import HearthCloudModel
import Logging

extension SQLRecordStore {
    public func createAccount(_ account: CloudAccount) async throws {
        try await transaction(readOnly: false) { tx in
            if try await tx.first("SELECT id FROM accounts WHERE email = ?", .text(account.email)) != nil {
                throw CloudError(.exists, "An account with the email \(account.email) already exists; sign in instead.")
            }
            do {
                try await tx.execute(
                    "INSERT INTO accounts (id, email, password_hash, created_at, change_seq, storage_bytes) VALUES (?, ?, ?, ?, 1, 0)",
                    .text(account.id), .text(account.email), .text(account.passwordHash), .int(account.createdAt)
                )
            } catch is SQLUniqueViolation {
                throw CloudError(.exists, "An account with the email \(account.email) already exists; sign in instead.")
            }
            try await tx.execute(
                "INSERT INTO zones (owner_id, name, incarnation, seq, deleted, horizon, created_at) VALUES (?, ?, 1, 1, 0, 0, ?)",
                .text(account.id), .text(CloudZoneID.defaultZoneName), .int(account.createdAt)
            )
            // Invitations sent to this email before the account existed are not its own yet: only once it proves the
            // address (verifyEmail) does it claim them, so signing up with somebody else's address gains nothing.
        }
    }

    /// The columns of an account, `a`, with whether its address is verified.
    static let accountColumns = """
        a.id, a.email, a.password_hash, a.created_at,
        (SELECT COUNT(*) FROM account_verifications v WHERE v.account_id = a.id AND v.email = a.email) AS verified
        """

    public func account(id: String) async throws -> CloudAccount? {
        try await transaction(readOnly: true) { tx in
            try await tx.first("SELECT \(Self.accountColumns) FROM accounts a WHERE a.id = ?", .text(id)).map(
                Self.account(row:))
        }
    }

    public func account(email: String) async throws -> CloudAccount? {
        try await transaction(readOnly: true) { tx in
            try await tx.first("SELECT \(Self.accountColumns) FROM accounts a WHERE a.email = ?", .text(email)).map(
                Self.account(row:))
        }
    }

    static func account(row: SQLRow) -> CloudAccount {
        CloudAccount(
            id: row.text("id"), email: row.text("email"), passwordHash: row.text("password_hash"),
            createdAt: row.int("created_at"),
            emailVerified: row.int("verified") > 0)
    }

    // MARK: Verified addresses, codes and passwords

    public func saveAccountCode(_ code: CloudAccountCode) async throws {
        try await transaction(readOnly: false) { tx in
            try await tx.execute(
                """
                INSERT INTO account_codes (account_id, purpose, email, code_hash, attempts, created_at, expires_at) VALUES (?, ?, ?, ?, 0, ?, ?)
                ON CONFLICT (account_id, purpose) DO UPDATE SET email = excluded.email, code_hash = excluded.code_hash, attempts = 0,
                created_at = excluded.created_at, expires_at = excluded.expires_at
                """,
                .text(code.accountID), .text(code.purpose.rawValue), .text(code.email), .text(code.codeHash),
                .int(code.createdAt), .int(code.expiresAt))
        }
    }

    public func attemptAccountCode(accountID: String, purpose: CloudAccountCode.Purpose) async throws
        -> CloudAccountCode?
    {
        try await transaction(readOnly: false) { tx in
            try await tx.first(
                """
                UPDATE account_codes SET attempts = attempts + 1 WHERE account_id = ? AND purpose = ?
                RETURNING account_id, purpose, email, code_hash, attempts, created_at, expires_at
                """,
                .text(accountID), .text(purpose.rawValue)
            ).map {
                CloudAccountCode(
                    accountID: $0.text("account_id"), purpose: CloudAccountCode.Purpose(rawValue: $0.text("purpose")),
                    email: $0.text("email"),
                    codeHash: $0.text("code_hash"), attempts: Int($0.int("attempts")), createdAt: $0.int("created_at"),
                    expiresAt: $0.int("expires_at"))
            }
        }
    }

    public func deleteAccountCode(accountID: String, purpose: CloudAccountCode.Purpose) async throws {
        try await transaction(readOnly: false) { tx in
            try await tx.execute(
                "DELETE FROM account_codes WHERE account_id = ? AND purpose = ?", .text(accountID),
                .text(purpose.rawValue))
        }
    }

    public func verifyEmail(accountID: String, email: String, at time: Int64) async throws -> Bool {
        try await transaction(readOnly: false) { tx in
            guard
                try await tx.first("SELECT id FROM accounts WHERE id = ? AND email = ?", .text(accountID), .text(email))
                    != nil
            else { return false }
            try await tx.execute(
                """
                INSERT INTO account_verifications (account_id, email, verified_at) VALUES (?, ?, ?)
                ON CONFLICT (account_id) DO UPDATE SET email = excluded.email, verified_at = excluded.verified_at
                """,
                .text(accountID), .text(email), .int(time))
            try await tx.execute(
                "DELETE FROM account_codes WHERE account_id = ? AND purpose = ?", .text(accountID),
                .text(CloudAccountCode.Purpose.verifyEmail.rawValue))
            // Invitations sent to the address, before the account existed or before it was verified, are its own now.
            try await tx.execute(
                "UPDATE participants SET account_id = ? WHERE email = ? AND account_id IS NULL", .text(accountID),
                .text(email))
            return true
        }
    }

    public func setPassword(accountID: String, hash: String, keepingSession tokenHash: String?) async throws {
        try await transaction(readOnly: false) { tx in
            try await tx.execute("UPDATE accounts SET password_hash = ? WHERE id = ?", .text(hash), .text(accountID))
            try await tx.execute(
                "DELETE FROM account_codes WHERE account_id = ? AND purpose = ?", .text(accountID),
                .text(CloudAccountCode.Purpose.resetPassword.rawValue))
            try await tx.execute(
                "DELETE FROM sessions WHERE account_id = ? AND token_hash <> ?", .text(accountID),
                .text(tokenHash ?? ""))
        }
    }

    public func deleteSessions(accountID: String) async throws {
        try await transaction(readOnly: false) { tx in
            try await tx.execute("DELETE FROM sessions WHERE account_id = ?", .text(accountID))
        }
    }

    public func sessions(accountID: String, now: Int64) async throws -> [CloudStoredSession] {
        try await transaction(readOnly: true) { tx in
            try await tx.query(
                "SELECT token_hash, account_id, created_at, expires_at FROM sessions WHERE account_id = ? AND expires_at > ? ORDER BY created_at DESC, token_hash",
                [.text(accountID), .int(now)]
            ).map {
                CloudStoredSession(
                    tokenHash: $0.text("token_hash"), accountID: $0.text("account_id"), createdAt: $0.int("created_at"),
                    expiresAt: $0.int("expires_at"))
            }
        }
    }

    public func saveSession(_ session: CloudStoredSession) async throws {
        try await transaction(readOnly: false) { tx in
            try await tx.execute(
                "INSERT INTO sessions (token_hash, account_id, created_at, expires_at) VALUES (?, ?, ?, ?)",
                .text(session.tokenHash), .text(session.accountID), .int(session.createdAt), .int(session.expiresAt)
            )
        }
    }

    public func session(tokenHash: String) async throws -> CloudStoredSession? {
        try await transaction(readOnly: true) { tx in
            try await tx.first(
                "SELECT token_hash, account_id, created_at, expires_at FROM sessions WHERE token_hash = ?",
                .text(tokenHash)
            ).map {
                CloudStoredSession(
                    tokenHash: $0.text("token_hash"), accountID: $0.text("account_id"), createdAt: $0.int("created_at"),
                    expiresAt: $0.int("expires_at"))
            }
        }
    }

    public func sessionAccount(tokenHash: String) async throws -> (session: CloudStoredSession, account: CloudAccount)?
    {
        let rows = try await single(
            """
            SELECT s.token_hash, s.account_id, s.created_at AS session_created, s.expires_at, \(Self.accountColumns)
            FROM sessions s JOIN accounts a ON a.id = s.account_id WHERE s.token_hash = ?
            """,
            [.text(tokenHash)]
        )
        guard let row = rows.first else { return nil }
        let session = CloudStoredSession(
            tokenHash: row.text("token_hash"), accountID: row.text("account_id"), createdAt: row.int("session_created"),
            expiresAt: row.int("expires_at"))
        return (session, Self.account(row: row))
    }

    public func deleteSession(tokenHash: String) async throws {
        try await transaction(readOnly: false) { tx in
            try await tx.execute("DELETE FROM sessions WHERE token_hash = ?", .text(tokenHash))
        }
    }

    // MARK: Zones

    public func listZones(_ principal: CloudPrincipal, scope: CloudDatabaseScope) async throws -> [CloudZone] {
        try await transaction(readOnly: true) { tx in
            switch scope {
            case .private:
                let current = try await self.currentSeq(tx, principal.userID)
                let rows = try await tx.query(
                    "SELECT pk, name, incarnation FROM zones WHERE owner_id = ? AND deleted = 0 ORDER BY name",
                    .text(principal.userID))
                return rows.map {
                    CloudZone(
                        zoneID: CloudZoneID(zoneName: $0.text("name"), ownerRecordName: principal.userID),
                        syncToken: SyncTokenCodec.zoneToken(
                            .init(zonePK: $0.int("pk"), incarnation: $0.int("incarnation"), seq: current))
                    )
                }
            case .shared:
                let rows = try await tx.query(
                    """
                    SELECT DISTINCT z.owner_id, z.name FROM participants p JOIN shares s ON s.zone_pk = p.zone_pk AND s.name = p.share_name
                    JOIN zones z ON z.pk = p.zone_pk
                    WHERE p.account_id = ? AND z.owner_id <> p.account_id AND p.status = 'ACCEPTED' AND s.deleted = 0 AND z.deleted = 0 AND p.permission <> 'NONE'
                    ORDER BY z.owner_id, z.name
                    """,
                    .text(principal.userID)
                )
                return rows.map {
                    CloudZone(zoneID: CloudZoneID(zoneName: $0.text("name"), ownerRecordName: $0.text("owner_id")))
                }
            }
        }
    }

    public func modifyZones(_ principal: CloudPrincipal, operations: [CloudZoneOperation]) async throws
        -> [CloudItemResult<CloudZone>]
    {
        guard !operations.isEmpty else {
            throw CloudError.badRequest("The request has no operations; send at least one in \"operations\".")
        }
        guard operations.count <= configuration.maxOperationsPerRequest else {
            throw CloudError(
                .limitExceeded,
                "The request has \(operations.count) operations; the limit is \(configuration.maxOperationsPerRequest) per request."
            )
        }
        let now = nowMilliseconds
        return try await transaction(readOnly: false) { tx in
            var owner = try await self.lockOwner(tx, principal.userID)
            var results: [CloudItemResult<CloudZone>] = []
            var changed: [CloudChangeEvent.Zone] = []
            for operation in operations {
                let zoneID = operation.zone.zoneID
                let name = zoneID.zoneName
                if let problem = CloudNames.zoneProblem(name) {
                    results.append(.failure(CloudError(.badRequest, problem, zoneID: zoneID)))
                    continue
                }
                if let ownerName = zoneID.ownerRecordName, ownerName != principal.userID {
                    results.append(
                        .failure(
                            CloudError(
                                .accessDenied,
                                "Only the owner can create or delete zone \(name); zones of other users cannot be changed.",
                                zoneID: zoneID)))
                    continue
                }
                let existing = try await tx.first(
                    "SELECT pk, incarnation, deleted FROM zones WHERE owner_id = ? AND name = ?",
                    .text(principal.userID), .text(name))
                // Creating a zone that exists changes nothing, and takes no place in the account's changes: a
                // device (or the pages' copy) that makes sure of its zones before it reads writes nothing.
                let createsNothing = operation.operationType == .create && existing.map { !$0.bool("deleted") } == true
                if !createsNothing { owner.changeSeq += 1 }
                let seq = owner.changeSeq
                let outZoneID = CloudZoneID(zoneName: name, ownerRecordName: principal.userID)
                switch operation.operationType {
                case .create:
                    var pk: Int64
                    var incarnation: Int64 = 1
                    if let existing {
                        pk = existing.int("pk")
                        incarnation = existing.int("incarnation")
                        if existing.bool("deleted") {
                            incarnation += 1
                            try await tx.execute(
                                "UPDATE zones SET deleted = 0, incarnation = ?, seq = ?, horizon = 0, created_at = ? WHERE pk = ?",
                                .int(incarnation), .int(seq), .int(now), .int(pk))
                            changed.append(.init(zoneName: name, recordTypes: [], roots: nil, structural: true))
                        }
                    } else {
                        let row = try await tx.first(
                            "INSERT INTO zones (owner_id, name, incarnation, seq, deleted, horizon, created_at) VALUES (?, ?, 1, ?, 0, 0, ?) RETURNING pk",
                            .text(principal.userID), .text(name), .int(seq), .int(now)
                        )
                        pk = row?.int("pk") ?? 0
                        changed.append(.init(zoneName: name, recordTypes: [], roots: nil, structural: true))
                    }
                    results.append(
                        .success(
                            CloudZone(
                                zoneID: outZoneID,
                                syncToken: SyncTokenCodec.zoneToken(
                                    .init(zonePK: pk, incarnation: incarnation, seq: seq)))))
                case .delete:
                    guard name != CloudZoneID.defaultZoneName else {
                        results.append(
                            .failure(
                                CloudError(
                                    .badRequest, "The default zone cannot be deleted; delete its records instead.",
                                    zoneID: zoneID)))
                        continue
                    }
                    guard let existing, !existing.bool("deleted") else {
                        results.append(
                            .failure(
                                CloudError(
                                    .zoneNotFound, "Zone \(name) does not exist in your private database.",
                                    zoneID: zoneID)))
                        continue
                    }
                    let pk = existing.int("pk")
                    let size =
                        try await tx.first(
                            "SELECT CAST(COALESCE(SUM(size), 0) AS BIGINT) AS total FROM records WHERE zone_pk = ?",
                            .int(pk))?.int("total") ?? 0
                    try await tx.execute("DELETE FROM records WHERE zone_pk = ?", .int(pk))
                    try await tx.execute("DELETE FROM record_refs WHERE zone_pk = ?", .int(pk))
                    try await tx.execute("DELETE FROM asset_refs WHERE zone_pk = ?", .int(pk))
                    try await tx.execute(
                        "UPDATE shares SET deleted = 1, seq = ? WHERE zone_pk = ? AND deleted = 0", .int(seq), .int(pk))
                    try await tx.execute("UPDATE zones SET deleted = 1, seq = ? WHERE pk = ?", .int(seq), .int(pk))
                    try await tx.execute(
                        "UPDATE accounts SET storage_bytes = storage_bytes - ? WHERE id = ?", .int(size),
                        .text(principal.userID))
                    changed.append(.init(zoneName: name, recordTypes: [], roots: nil, structural: true))
                    results.append(.success(CloudZone(zoneID: outZoneID)))
                }
            }
            try await self.saveOwner(tx, principal.userID, changeSeq: owner.changeSeq)
            if !changed.isEmpty {
                try await tx.publishOnCommit(
                    CloudChangeEvent(
                        ownerID: principal.userID, originUserID: principal.userID, originDeviceID: principal.deviceID,
                        zones: changed))
            }
            return results
        }
    }

    // MARK: Subscriptions

    public func modifySubscriptions(
        _ principal: CloudPrincipal, scope: CloudDatabaseScope, request: CloudSubscriptionsModifyRequest
    ) async throws -> CloudSubscriptionsResponse {
        guard !request.operations.isEmpty else {
            throw CloudError.badRequest("The request has no operations; send at least one in \"operations\".")
        }
        guard request.operations.count <= configuration.maxOperationsPerRequest else {
            throw CloudError(
                .limitExceeded,
                "The request has \(request.operations.count) operations; the limit is \(configuration.maxOperationsPerRequest) per request."
            )
        }
        return try await transaction(readOnly: false) { tx in
            var results: [CloudItemResult<CloudSubscription>] = []
            for operation in request.operations {
                var subscription = operation.subscription
                subscription.databaseScope = scope
                if let problem = CloudNames.subscriptionProblem(subscription.subscriptionID) {
                    results.append(.failure(CloudError(.badRequest, problem)))
                    continue
                }
                switch operation.operationType {
                case .create:
                    if let problem = self.subscriptionProblem(subscription, scope: scope, principal: principal) {
                        results.append(
                            .failure(
                                CloudError(.badRequest, "Subscription \"\(subscription.subscriptionID)\": \(problem)")))
                        continue
                    }
                    let body = String(decoding: try CloudJSON.encoder.encode(subscription), as: UTF8.self)
                    try await tx.execute(
                        "INSERT INTO subscriptions (account_id, scope, id, body) VALUES (?, ?, ?, ?) ON CONFLICT (account_id, scope, id) DO UPDATE SET body = excluded.body",
                        .text(principal.userID), .text(scope.rawValue), .text(subscription.subscriptionID), .text(body)
                    )
                    results.append(.success(subscription))
                case .delete:
                    let gone = try await tx.query(
                        "DELETE FROM subscriptions WHERE account_id = ? AND scope = ? AND id = ? RETURNING id",
                        .text(principal.userID), .text(scope.rawValue), .text(subscription.subscriptionID)
                    )
                    results.append(
                        gone.isEmpty
                            ? .failure(
                                CloudError(
                                    .notFound,
                                    "Subscription \"\(subscription.subscriptionID)\" does not exist in the \(scope.rawValue) database."
                                ))
                            : .success(subscription))
                }
            }
            return CloudSubscriptionsResponse(subscriptions: results)
        }
    }

    private func subscriptionProblem(
        _ subscription: CloudSubscription, scope: CloudDatabaseScope, principal: CloudPrincipal
    ) -> String? {
        if let zoneID = subscription.zoneID {
            if let problem = CloudNames.zoneProblem(zoneID.zoneName) { return problem }
            if scope == .shared && zoneID.ownerRecordName == nil {
                return "a zone in the shared database needs its ownerRecordName."
            }
            if scope == .private, let owner = zoneID.ownerRecordName, owner != principal.userID {
                return "the private database holds only your own zones."
            }
        }
        if subscription.filterBy?.isEmpty == false && subscription.subscriptionType != .query {
            return "filterBy applies to query subscriptions only."
        }
        switch subscription.subscriptionType {
        case .database: return nil
        case .zone: return subscription.zoneID == nil ? "a zone subscription needs a zoneID." : nil
        case .query:
            guard let type = subscription.recordType else { return "a query subscription needs a recordType." }
            if let problem = validator.typeProblem(type) { return problem }
            do {
                try QueryEvaluator(query: CloudQuery(recordType: type, filterBy: subscription.filterBy)).validate()
            } catch let error as CloudError {
                return error.reason
            } catch {
                return "\(error)"
            }
            return nil
        }
    }

    public func listSubscriptions(_ principal: CloudPrincipal, scope: CloudDatabaseScope) async throws
        -> [CloudSubscription]
    {
        try await transaction(readOnly: true) { tx in
            let rows = try await tx.query(
                "SELECT body FROM subscriptions WHERE account_id = ? AND scope = ? ORDER BY id",
                .text(principal.userID), .text(scope.rawValue))
            return rows.compactMap { self.decodeSubscription($0.text("body"), of: principal.userID) }
        }
    }

    /// A stored subscription, or nil (logged with its cause) when it cannot be read: one damaged row must
    /// not stop the others from being listed or notified.
    func decodeSubscription(_ body: String, of userID: String) -> CloudSubscription? {
        do {
            return try CloudJSON.decoder.decode(CloudSubscription.self, from: Data(body.utf8))
        } catch {
            logger.error(
                "A stored subscription cannot be read and is skipped",
                metadata: ["cloud.user": "\(userID)", "error": "\(error)"])
            return nil
        }
    }

    /// Every subscription of the given users, for the push channel.
    public func subscriptions(ofUsers userIDs: [String]) async throws -> [String: [CloudSubscription]] {
        guard !userIDs.isEmpty else { return [:] }
        return try await transaction(readOnly: true) { tx in
            var result: [String: [CloudSubscription]] = [:]
            for chunk in stride(from: 0, to: userIDs.count, by: 500) {
                let ids = userIDs[chunk..<min(chunk + 500, userIDs.count)]
                let rows = try await tx.query(
                    "SELECT account_id, body FROM subscriptions WHERE account_id IN (\(placeholders(ids.count)))",
                    ids.map(SQLValue.text))
                for row in rows {
                    if let subscription = self.decodeSubscription(row.text("body"), of: row.text("account_id")) {
                        result[row.text("account_id"), default: []].append(subscription)
                    }
                }
            }
            return result
        }
    }

    // MARK: Assets

    public func storeAsset(_ principal: CloudPrincipal, data: Data) async throws -> CloudAsset {
        guard data.count <= configuration.maxAssetBytes else {
            throw CloudError(
                .quotaExceeded,
                "The asset is \(data.count) bytes; the limit is \(configuration.maxAssetBytes) bytes per asset.")
        }
        let checksum = AssetChecksum.sha256Hex(data)
        let size = Int64(data.count)
        let now = nowMilliseconds
        try await transaction(readOnly: false) { tx in
            try await tx.execute(
                "INSERT INTO assets (checksum, size, data, created_at) VALUES (?, ?, ?, ?) ON CONFLICT (checksum) DO NOTHING",
                .text(checksum), .int(size), .blob(data), .int(now))
            try await self.recordUpload(tx, principal, checksum: checksum, size: size)
        }
        return CloudAsset(fileChecksum: checksum, size: size, downloadURL: "/cloud/v1/assets/\(checksum)")
    }

    /// The most bytes of an asset one `asset_parts` row holds.
    static let assetPartBytes = 1 << 20

    public func storeAsset(_ principal: CloudPrincipal, file: URL, size: Int64, checksum: String) async throws
        -> CloudAsset
    {
        guard size <= configuration.maxAssetBytes else {
            throw CloudError(
                .quotaExceeded,
                "The asset is \(size) bytes; the limit is \(configuration.maxAssetBytes) bytes per asset.")
        }
        guard AssetChecksum.isValid(checksum) else {
            throw CloudError.badRequest("An asset is named by the 64 lowercase hex digits of its SHA-256.")
        }
        if let remaining = try await remainingStorage(principal), size > remaining,
            try await !hasUploaded(principal, checksum: checksum)
        {
            throw Self.quotaRefusal(size: size, remaining: remaining, quota: configuration.storageQuotaBytes ?? 0)
        }
        let parts = Int((size + Int64(Self.assetPartBytes) - 1) / Int64(Self.assetPartBytes))
        let stored = try await transaction(readOnly: true) { tx in
            try await tx.first("SELECT 1 AS ok FROM assets WHERE checksum = ?", .text(checksum)) != nil
        }
        var wrote = false
        if !stored {
            // Each part in a transaction of its own: the writer is never held for the whole file, and no more than
            // a part is in memory. Parts of an asset whose row never comes are removed by compaction.
            let handle: FileHandle
            do {
                handle = try FileHandle(forReadingFrom: file)
            } catch {
                throw CloudError(
                    .internalError, "The uploaded file could not be read back: \(error.localizedDescription)")
            }
            defer { try? handle.close() }
            let now = nowMilliseconds
            for part in 0..<parts {
                let data = (try handle.read(upToCount: Self.assetPartBytes)) ?? Data()
                guard data.count == min(Self.assetPartBytes, Int(size) - part * Self.assetPartBytes) else {
                    throw CloudError(.internalError, "The uploaded file is shorter than the \(size) bytes received.")
                }
                try await transaction(readOnly: false) { tx in
                    try await tx.execute(
                        "INSERT INTO asset_parts (checksum, part, data, created_at) VALUES (?, ?, ?, ?) ON CONFLICT (checksum, part) DO NOTHING",
                        .text(checksum), .int(Int64(part)), .blob(data), .int(now))
                }
            }
            wrote = true
        }
        do {
            let now = nowMilliseconds
            try await transaction(readOnly: false) { tx in
                if try await tx.first("SELECT 1 AS ok FROM assets WHERE checksum = ?", .text(checksum)) == nil {
                    let present =
                        try await tx.first("SELECT COUNT(*) AS n FROM asset_parts WHERE checksum = ?", .text(checksum))?
                        .int("n") ?? 0
                    guard present == Int64(parts) else {
                        throw CloudError(
                            .tryAgainLater,
                            "Another upload of the same file was refused at the same moment; send it again.",
                            retryAfter: 1)
                    }
                    try await tx.execute(
                        "INSERT INTO assets (checksum, size, data, created_at) VALUES (?, ?, ?, ?)", .text(checksum),
                        .int(size), .blob(Data()), .int(now))
                }
                try await self.recordUpload(tx, principal, checksum: checksum, size: size)
            }
        } catch {
            if wrote {
                // Nothing of a refused upload stays, unless another upload of the same bytes stored it meanwhile.
                _ = try? await transaction(readOnly: false) { tx in
                    try await tx.execute(
                        "DELETE FROM asset_parts WHERE checksum = ? AND NOT EXISTS (SELECT 1 FROM assets WHERE checksum = ?)",
                        .text(checksum), .text(checksum))
                }
            }
            throw error
        }
        return CloudAsset(fileChecksum: checksum, size: size, downloadURL: "/cloud/v1/assets/\(checksum)")
    }

    /// Links the asset to the uploader and, the first time, counts its bytes against their storage quota;
    /// `QUOTA_EXCEEDED` (rolling the transaction back) when they do not fit.
    private func recordUpload(_ tx: any SQLTransaction, _ principal: CloudPrincipal, checksum: String, size: Int64)
        async throws
    {
        let linked = try await tx.query(
            "INSERT INTO asset_uploads (checksum, account_id) VALUES (?, ?) ON CONFLICT DO NOTHING RETURNING checksum",
            .text(checksum), .text(principal.userID))
        guard !linked.isEmpty, size > 0 else { return }
        if let quota = configuration.storageQuotaBytes {
            let counted = try await tx.query(
                "UPDATE accounts SET storage_bytes = storage_bytes + ? WHERE id = ? AND storage_bytes + ? <= ? RETURNING storage_bytes",
                .int(size), .text(principal.userID), .int(size), .int(quota))
            if counted.isEmpty {
                let used =
                    try await tx.first("SELECT storage_bytes FROM accounts WHERE id = ?", .text(principal.userID))?.int(
                        "storage_bytes") ?? 0
                throw Self.quotaRefusal(size: size, remaining: max(0, quota - used), quota: quota)
            }
        } else {
            try await tx.execute(
                "UPDATE accounts SET storage_bytes = storage_bytes + ? WHERE id = ?", .int(size),
                .text(principal.userID))
        }
    }

    private func hasUploaded(_ principal: CloudPrincipal, checksum: String) async throws -> Bool {
        try await transaction(readOnly: true) { tx in
            try await tx.first(
                "SELECT 1 AS ok FROM asset_uploads WHERE checksum = ? AND account_id = ?", .text(checksum),
                .text(principal.userID)) != nil
        }
    }

    static func quotaRefusal(size: Int64, remaining: Int64, quota: Int64) -> CloudError {
        CloudError(
            .quotaExceeded,
            "The asset is \(size) bytes and your storage quota of \(quota) bytes has \(remaining) left; delete records or assets you no longer need, or ask the server's operator for more space."
        )
    }

    public func remainingStorage(_ principal: CloudPrincipal) async throws -> Int64? {
        guard let quota = configuration.storageQuotaBytes else { return nil }
        let used = try await transaction(readOnly: true) { tx in
            try await tx.first("SELECT storage_bytes FROM accounts WHERE id = ?", .text(principal.userID))?.int(
                "storage_bytes") ?? 0
        }
        return max(0, quota - used)
    }

    public func loadAsset(_ principal: CloudPrincipal, checksum: String) async throws -> Data {
        try await openAsset(principal, checksum: checksum).collect()
    }

    public func openAsset(_ principal: CloudPrincipal, checksum: String) async throws -> AssetDownload {
        let notFound = CloudError(.notFound, "Asset \(checksum) does not exist, or is not in any record you can read.")
        let (size, inline) = try await transaction(readOnly: true) { tx -> (Int64, Data) in
            var allowed =
                try await tx.first(
                    "SELECT 1 AS ok FROM asset_uploads WHERE checksum = ? AND account_id = ?", .text(checksum),
                    .text(principal.userID)) != nil
            if !allowed {
                let references = try await tx.query(
                    """
                    SELECT z.pk, z.owner_id, r.root_name FROM asset_refs a JOIN zones z ON z.pk = a.zone_pk
                    JOIN records r ON r.zone_pk = a.zone_pk AND r.name = a.record_name
                    WHERE a.checksum = ? AND r.deleted = 0 AND z.deleted = 0
                    """,
                    .text(checksum)
                )
                for reference in references {
                    if reference.text("owner_id") == principal.userID {
                        allowed = true
                        break
                    }
                    let access = try await self.participation(tx, zonePK: reference.int("pk"), userID: principal.userID)
                    if access.zoneWide != nil || access.roots[reference.text("root_name")] != nil {
                        allowed = true
                        break
                    }
                }
            }
            guard allowed,
                let row = try await tx.first("SELECT size, data FROM assets WHERE checksum = ?", .text(checksum))
            else { throw notFound }
            return (row.int("size"), row.blob("data"))
        }
        // Small assets stored before parts existed hold their bytes in the row itself.
        if inline.count >= size { return AssetDownload(size: size) { body in try await body(inline) } }
        return AssetDownload(size: size) { [self] body in
            // One part per short read: the bytes of an asset never change, and no transaction is held while the
            // client reads.
            var last: Int64 = -1
            var sent: Int64 = 0
            while sent < size {
                let after = last
                let row = try await transaction(readOnly: true) { tx in
                    try await tx.first(
                        "SELECT part, data FROM asset_parts WHERE checksum = ? AND part > ? ORDER BY part LIMIT 1",
                        .text(checksum), .int(after))
                }
                guard let row else {
                    throw CloudError(.internalError, "Asset \(checksum) ends after \(sent) of its \(size) bytes.")
                }
                last = row.int("part")
                let data = row.blob("data")
                sent += Int64(data.count)
                try await body(data)
            }
        }
    }

    // MARK: Compaction

    public func compact(now: Date) async throws -> CloudCompactionReport {
        let cutoff = milliseconds(now) - configuration.tombstoneRetention.milliseconds
        let nowMs = milliseconds(now)
        return try await transaction(readOnly: false) { tx in
            let horizons = try await tx.query(
                "SELECT zone_pk, MAX(seq) AS horizon, COUNT(*) AS n FROM records WHERE deleted = 1 AND modified_at < ? GROUP BY zone_pk",
                .int(cutoff))
            var tombstones = 0
            for row in horizons {
                try await tx.execute(
                    "UPDATE zones SET horizon = ? WHERE pk = ? AND horizon < ?", .int(row.int("horizon")),
                    .int(row.int("zone_pk")), .int(row.int("horizon")))
                tombstones += Int(row.int("n"))
            }
            try await tx.execute("DELETE FROM records WHERE deleted = 1 AND modified_at < ?", .int(cutoff))
            if tx.dialect == .postgres { try await tx.execute(SharedRateLimiter.prune) }
            let sessions = try await tx.query(
                "DELETE FROM sessions WHERE expires_at < ? RETURNING token_hash", .int(nowMs))
            try await tx.execute("DELETE FROM account_codes WHERE expires_at < ?", .int(nowMs))
            let assets = try await tx.query(
                "DELETE FROM assets WHERE created_at < ? AND checksum NOT IN (SELECT checksum FROM asset_refs) RETURNING checksum, size",
                .int(cutoff)
            )
            if !assets.isEmpty {
                let names = assets.map { SQLValue.text($0.text("checksum")) }
                // Each uploader gets the asset's bytes back (never below zero: uploads from before assets counted).
                var sizes: [String: Int64] = [:]
                for asset in assets { sizes[asset.text("checksum")] = asset.int("size") }
                var freed: [String: Int64] = [:]
                for upload in try await tx.query(
                    "SELECT checksum, account_id FROM asset_uploads WHERE checksum IN (\(placeholders(names.count)))",
                    names)
                {
                    freed[upload.text("account_id"), default: 0] += sizes[upload.text("checksum")] ?? 0
                }
                for (account, bytes) in freed.sorted(by: { $0.key < $1.key }) {
                    try await tx.execute(
                        "UPDATE accounts SET storage_bytes = CASE WHEN storage_bytes > ? THEN storage_bytes - ? ELSE 0 END WHERE id = ?",
                        .int(bytes), .int(bytes), .text(account))
                }
                try await tx.execute(
                    "DELETE FROM asset_uploads WHERE checksum IN (\(placeholders(names.count)))", names)
                try await tx.execute("DELETE FROM asset_parts WHERE checksum IN (\(placeholders(names.count)))", names)
            }
            // Parts of uploads that never finished (the server stopped between a part and the asset's row).
            try await tx.execute(
                "DELETE FROM asset_parts WHERE created_at < ? AND NOT EXISTS (SELECT 1 FROM assets a WHERE a.checksum = asset_parts.checksum)",
                .int(nowMs - 3_600_000))
            return CloudCompactionReport(
                tombstonesRemoved: tombstones, sessionsRemoved: sessions.count, assetsRemoved: assets.count)
        }
    }
}
