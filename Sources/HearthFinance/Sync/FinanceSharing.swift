import Foundation
public import HearthCloudModel
import HearthCore
public import HearthSync

/// Sharing a money book with other people through the record store's shares, as Actual's shared budgets are.
///
/// A book is the whole `finance` zone of its owner: one zone-wide share covers its people, subscriptions,
/// transactions, groups and budgets. People are invited by address, read-only or read-write; they find the
/// invitation on their money page or with `hearth finance share invitations`, and once they accept, the book
/// opens beside their own: on the pages from the book list, on a device in a database of its own
/// (`hearth finance sync --book OWNER`, ``FinanceSync/configuration(sendDebounce:book:)``). What they change
/// goes to the owner's zone; a read-only member's change is refused before it is written (``MoneyBook``), and
/// the server refuses it too. Removing someone ends their access at once on the server; their devices drop
/// the book's records at their next sync.
///
/// ```swift
/// let sharing = FinanceSharing(store: finance.store, cloud: client) { _ = try await service.sync() }
/// let share = try await sharing.share(with: "ana@example.com", permission: .readWrite)
/// // on Ana's device:
/// for invitation in try await theirSharing.invitations() { _ = try await theirSharing.accept(invitation.shareToken) }
/// ```
public struct FinanceSharing: Sendable {
    /// The book shared from (the user's own) or into (a book shared with them).
    public let store: FinancePersistenceService
    /// The signed-in user's HearthCloud.
    public let cloud: any CloudShareService
    /// The owner of the book `store` holds when it is someone else's book; nil for the user's own.
    public let book: String?
    /// The signed-in user's `userRecordName` when known beforehand (the pages know it); nil asks the server.
    let user: String?
    /// Sends what is queued and fetches what changed (a device's sync round, the pages' send).
    let sync: @Sendable () async throws -> Void

    /// Sharing for `store` (opened through ``FinanceSync``, for `book` when it holds another user's book),
    /// talking to `cloud` as `user` (nil: whoever `cloud` is signed in as); `sync` runs a round.
    public init(
        store: FinancePersistenceService, cloud: any CloudShareService, book: String? = nil, user: String? = nil,
        sync: @escaping @Sendable () async throws -> Void
    ) {
        self.store = store
        self.cloud = cloud
        self.book = book
        self.user = user
        self.sync = sync
    }

    private static var zone: CloudZoneID { CloudZoneID(zoneName: FinanceSync.zoneName) }

    private static var reference: CloudShareReference {
        CloudShareReference(zoneID: zone, shareName: CloudShare.zoneWideShareName)
    }

    // MARK: Owner

    /// Invites `email` to the book's share, sharing the book first when it is not shared yet.
    /// - Throws: ``ServiceError`` `validationFailed` for an address that is not one, the user's own, or a book
    ///   someone else shared with this user.
    @discardableResult
    public func share(with email: String, permission: CloudSharePermission = .readWrite) async throws -> BookShare {
        let address = try await ShareParticipants.invitee(email, permission: permission, cloud: cloud)
        try ownBook()
        _ = try await ensureShare()
        let updated = try await CloudError.sharing("share your money book") {
            try await cloud.database(.private).addParticipants(
                CloudParticipantsAddRequest(
                    zoneID: Self.zone, shareName: CloudShare.zoneWideShareName,
                    participants: [CloudParticipantInvite(emailAddress: address, permission: permission)]))
        }
        return BookShare(share: updated)
    }

    /// The share of the user's own book, or nil when it is not shared.
    public func share() async throws -> BookShare? {
        guard book == nil else { return nil }
        do {
            return BookShare(share: try await cloud.database(.private).lookupShare(Self.reference))
        } catch let error as CloudError
            where error.serverErrorCode == .notFound || error.serverErrorCode == .zoneNotFound
        {
            return nil
        }
    }

    /// Takes `participant` (an address, an account or a participant id) out of the book's share: the server
    /// stops answering them at once, and their devices drop the book at their next sync.
    /// - Throws: ``ServiceError`` `notFound` when the book is not shared or the person is not in its share.
    @discardableResult
    public func remove(_ participant: String) async throws -> BookShare {
        try ownBook()
        guard let share = try await share() else {
            throw ServiceError(.notFound, "Your money book is not shared; there is nobody to remove.")
        }
        let found = try ShareParticipants.named(participant, in: share.current, of: "your money book")
        let updated = try await CloudError.sharing("remove \(participant) from your money book") {
            try await cloud.database(.private).removeParticipants(
                CloudParticipantsRemoveRequest(
                    zoneID: Self.zone, shareName: CloudShare.zoneWideShareName, participantIDs: [found.participantID]))
        }
        return BookShare(share: updated)
    }

    /// Ends the book's share: everyone in it loses the book; it stays the owner's.
    public func stopSharing() async throws {
        try ownBook()
        do {
            try await cloud.database(.private).deleteShare(Self.reference)
        } catch let error as CloudError
            where error.serverErrorCode == .notFound || error.serverErrorCode == .zoneNotFound
        {
            throw ServiceError(.notFound, "Your money book is not shared; there is nothing to stop.")
        }
    }

    // MARK: Participant

    /// The books people have offered this user and they have not accepted yet.
    public func invitations() async throws -> [CloudShare] {
        try await CloudError.sharing("list your invitations") {
            try await cloud.invitations().filter { $0.zoneID.zoneName == FinanceSync.zoneName && $0.isZoneWide }
        }
    }

    /// Accepts the share `token` opens. The book is then among ``books()``; it opens in a database of its own.
    /// - Returns: the book and what this user may do with it.
    /// - Throws: ``ServiceError`` `notFound` when the token opens no share, `validationFailed` when it opens
    ///   something other than a money book.
    @discardableResult
    public func accept(_ token: String) async throws -> MoneyBook {
        let share = try await ShareParticipants.accept(
            token, cloud: cloud, invitations: "hearth finance share invitations", owner: "the book's owner")
        guard share.zoneID.zoneName == FinanceSync.zoneName, share.isZoneWide, let owner = share.zoneID.ownerRecordName
        else {
            throw ServiceError.validationFailed(
                "That share is not of a money book (it is in \(share.zoneID.zoneName)); accept it where it belongs.")
        }
        guard let book = try await books().first(where: { $0.owner == owner }) else {
            throw ServiceError(
                .operationFailed,
                "The share is accepted, but the server does not list the book as shared with you yet; try again in a moment."
            )
        }
        return book
    }

    /// Leaves the book `name` names (its owner's account or address), shared with this user; a database holding
    /// it stops taking changes.
    /// - Returns: the book left.
    @discardableResult
    public func leave(_ name: String) async throws -> MoneyBook {
        guard let left = try await books().first(where: { $0.isNamed(name) }) else {
            throw ServiceError(
                .notFound, "\(name) has not shared a money book with you; see hearth finance share list.")
        }
        try await CloudError.sharing("leave the shared book") {
            try await cloud.database(.shared).leaveShare(
                CloudShareReference(
                    zoneID: CloudZoneID(zoneName: FinanceSync.zoneName, ownerRecordName: left.owner),
                    shareName: CloudShare.zoneWideShareName))
        }
        if book == left.owner { _ = try await refreshAccess() }
        return left
    }

    /// The books shared with this user, as the server lists them now.
    public func books() async throws -> [MoneyBook] {
        let me: String
        if let user { me = user } else { me = try await cloud.caller().userRecordName }
        let shares = try await CloudError.sharing("list the books shared with you") {
            try await cloud.database(.shared).shares()
        }
        return MoneyBook.books(in: shares, for: me)
    }

    /// For a database holding another user's book: asks the server what this user may do with it and keeps
    /// the answer (its `book.permission` setting, which the change recorder reads). Each sync round does it.
    /// - Returns: the book as shared now, or nil when it is not shared with the user any more (changes are
    ///   refused from then on) or this is the user's own book.
    @discardableResult
    public func refreshAccess() async throws -> MoneyBook? {
        guard book != nil else { return nil }
        return try await refreshAccess(among: try await books())
    }

    /// ``refreshAccess()`` with the books shared with this user as ``books()`` just listed them.
    @discardableResult
    public func refreshAccess(among listed: [MoneyBook]) async throws -> MoneyBook? {
        guard let book else { return nil }
        let found = listed.first { $0.owner == book }
        try await (found ?? MoneyBook(owner: book, permission: .none)).keep(in: store)
        return found
    }

    /// What this user may do with the book the database holds, as the last ``refreshAccess()`` found it; nil
    /// for the user's own book (or a shared one never synced yet).
    public func permission() async throws -> CloudSharePermission? {
        guard book != nil, let value = try await store.setting(MoneyBook.permissionSetting) else { return nil }
        return CloudSharePermission(rawValue: value)
    }

    // MARK: Helpers

    /// Refuses changing who has a book someone else shared with this user.
    private func ownBook() throws {
        guard let book else { return }
        throw ServiceError.validationFailed(
            "This money book was shared with you by account \(book); only its owner shares it or changes who has it.")
    }

    /// The book's share, made when there is none; the book is synced first, so its zone is on the server.
    private func ensureShare() async throws -> BookShare {
        if let known = try await share() { return known }
        try await sync()
        let made: CloudShare
        do {
            made = try await cloud.database(.private).createShare(
                CloudShareCreateRequest(
                    zoneID: Self.zone, rootRecordName: nil, publicPermission: CloudSharePermission.none))
        } catch  where (error as? CloudError)?.serverErrorCode == .exists {
            made = try await cloud.database(.private).lookupShare(Self.reference)
        } catch let error as CloudError
            where error.serverErrorCode == .notFound || error.serverErrorCode == .zoneNotFound
        {
            throw ServiceError(
                .operationFailed,
                "Your money book is not on the server yet, so it cannot be shared (\(error.reason)). Sync, then share it again.",
                underlying: error)
        }
        return BookShare(share: made)
    }
}
