import Foundation
import HearthCloud
public import HearthCloudModel
import HearthCore
public import HearthFinance

/// Money books shared from the pages, with ``FinanceSharing`` over the user's copies, as `hearth finance share`
/// does on a device. Each user has one book open at a time (an account preference, so it stays open across
/// sessions and devices); every money page reads and writes the open book.
extension FinanceRecords {
    /// The account preference naming the owner of the book the user has open (absent: their own).
    static let bookPreference = "finance-book"

    /// The sharing of a copy: its sync sets the copy up for writing, sends what it queued and fetches what
    /// changed; nothing else it does writes to the record store before its checks have passed.
    func sharing(of replica: UserReplica) -> FinanceSharing {
        FinanceSharing(
            store: service(of: replica, now: clock()), cloud: RecordStoreCloud(store: store, userID: replica.userID),
            book: replica.owner, user: replica.userID
        ) {
            try await replica.prepareForWriting()
            try await replica.send()
            try await replica.refresh()
        }
    }

    /// The owner of the book the user has open, nil for their own, as the preference says.
    func openBook(_ userID: String) async throws -> String? {
        let owner = try await openBooks.value(for: userID, key: true) { [store] in
            try await store.accountPreference(accountID: userID, name: Self.bookPreference) ?? ""
        }
        return owner.isEmpty ? nil : owner
    }

    /// The book the user has open, checked to be still shared with them at most once per freshness window for
    /// a read (before every write, and at once after this server's pages took them out of it); a book no longer
    /// shared gives way to their own, and the rights are kept in its copy, whose change recorder refuses what
    /// they do not allow. `listed` is what the server listed as shared with the user just now, when the caller
    /// asked already.
    func checkedBook(_ userID: String, writing: Bool = false, listed: [MoneyBook]? = nil) async throws -> String? {
        guard let owner = try await openBook(userID) else { return nil }
        let replica = try await copy(userID, owner: owner)
        guard replica.sharesChecked.claimFetch(unlessWithin: writing ? 0 : freshness, of: clock()) else {
            return owner
        }
        do {
            let access = sharing(of: replica)
            let found =
                if let listed { try await access.refreshAccess(among: listed) } else {
                    try await access.refreshAccess()
                }
            guard found != nil else {
                await replicas.drop(replica.key)
                try await setOpenBook(nil, userID: userID)
                return nil
            }
        } catch {
            replica.sharesChecked.forgetFetch()
            throw UserReplica.explain(error, "read your records")
        }
        return owner
    }

    private func setOpenBook(_ owner: String?, userID: String) async throws {
        try await store.setAccountPreference(
            accountID: userID, name: Self.bookPreference, value: owner,
            at: Int64(clock().timeIntervalSince1970 * 1_000))
        await openBooks.store(owner ?? "", for: userID, key: true)
    }

    /// The user's books: the open one, those shared with them, those offered, and whom their own is shared with.
    public func books(userID: String) async throws -> FinanceBooks {
        let own = sharing(of: try await copy(userID, owner: nil))
        let listed = try await own.books()
        let owner = try await checkedBook(userID, listed: listed)
        var shared: [MoneyBook] = []
        for var book in listed {
            if book.ownerAddress == nil { book.ownerAddress = try await store.address(of: book.owner) }
            shared.append(book)
        }
        var invitations: [FinanceBooks.Invitation] = []
        for share in try await own.invitations() {
            var from = share.participants.first { $0.role == .owner }?.emailAddress
            if from == nil { from = try await store.address(of: share.zoneID.ownerRecordName) }
            invitations.append(.init(from: from ?? "another account", token: share.shareToken))
        }
        return FinanceBooks(
            open: owner.flatMap { owner in shared.first { $0.owner == owner } }, shared: shared,
            invitations: invitations, people: owner == nil ? try await own.share()?.current ?? [] : [])
    }

    /// Opens the book `owner` shared with the user, or (nil) their own.
    /// - Throws: ``ServiceError`` `notFound` for a book not shared with the user.
    public func openBook(_ owner: String?, userID: String) async throws {
        let owner = owner?.trimmingCharacters(in: .whitespaces)
        guard let owner, !owner.isEmpty, owner != userID else { return try await setOpenBook(nil, userID: userID) }
        let own = sharing(of: try await copy(userID, owner: nil))
        guard try await own.books().contains(where: { $0.owner == owner }) else {
            throw ServiceError(.notFound, "No money book of that account is shared with you; pick one from your books.")
        }
        let replica = try await copy(userID, owner: owner)
        replica.sharesChecked.forgetFetch()
        try await setOpenBook(owner, userID: userID)
    }

    /// Shares the user's own book with `email`.
    /// - Throws: ``ServiceError`` `validationFailed` for a bad address.
    public func shareBook(with email: String, readOnly: Bool, userID: String) async throws {
        _ = try await sharing(of: try await copy(userID, owner: nil)).share(
            with: email, permission: readOnly ? .readOnly : .readWrite)
    }

    /// Takes `participant` out of the share of the user's book; their copies of it here ask again at their
    /// next read, and lose it.
    public func unshareBook(participant: String, userID: String) async throws {
        let share = try await sharing(of: try await copy(userID, owner: nil)).remove(participant)
        for removed in share.participants where removed.acceptanceStatus == .removed {
            if let account = removed.userRecordName {
                await replicas.existing(UserReplica.key(account, owner: userID))?.sharesChecked.forgetFetch()
            }
        }
    }

    /// Accepts the book `token` offers and opens it.
    public func acceptBook(_ token: String, userID: String) async throws {
        let book = try await sharing(of: try await copy(userID, owner: nil)).accept(token)
        try await openBook(book.owner, userID: userID)
    }

    /// Gives back the book `owner` shared with the user; their own opens.
    public func leaveBook(_ owner: String, userID: String) async throws {
        let left = try await sharing(of: try await copy(userID, owner: nil)).leave(owner).owner
        await replicas.drop(UserReplica.key(userID, owner: left))
        if try await openBook(userID) == left { try await setOpenBook(nil, userID: userID) }
    }

    /// Refuses changing what only a book's owner sets (its currency, its rates) in a book shared with the user.
    func checkOwnBook(_ userID: String, _ what: String) async throws {
        guard try await openBook(userID) != nil else { return }
        throw ServiceError.unauthorized(
            "The \(what) of a shared money book is its owner's to set; nothing was changed. Open your own book to set yours."
        )
    }
}
