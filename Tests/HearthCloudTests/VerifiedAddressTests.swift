import Foundation
import HearthCloud
import HearthCloudModel
import HearthCore
import Testing

/// Invitations by email belong to whoever has proven the address, and the codes that prove it: the same on
/// both stores.
@Suite("Record store conformance: verified addresses, codes, passwords and sessions")
struct VerifiedAddressTests {
    static let configuration = CloudConfiguration(bcryptCost: 4)

    /// The owner's share of a record in a zone of their own, with an invitation to `invitee`.
    static func invite(_ store: any RecordStore, _ owner: CloudPrincipal, _ invitee: String) async throws -> CloudShare
    {
        let zone = CloudZoneID(zoneName: "Health")
        _ = try await store.modifyZones(
            owner, operations: [CloudZoneOperation(operationType: .create, zone: CloudZone(zoneID: zone))])
        try await save(store, owner, [.note("rex")], zone: zone)
        let share = try await store.createShare(
            owner, request: CloudShareCreateRequest(zoneID: zone, rootRecordName: "rex"))
        return try await store.addParticipants(
            owner, scope: .private,
            request: CloudParticipantsAddRequest(
                zoneID: zone, shareName: share.shareName,
                participants: [CloudParticipantInvite(emailAddress: invitee, permission: .readWrite)]))
    }

    @Test(
        "an invitation by email is not a stranger's who signs up with the address: no invitation, accepting is refused, nothing written",
        arguments: StoreKind.allCases)
    func strangerCannotClaim(_ kind: StoreKind) async throws {
        try await withStore(kind, configuration: Self.configuration) { store in
            let owner = try await makeUser(store, "owner")
            let share = try await Self.invite(store, owner, "someone@example.com")
            // Anybody may sign up with the address; nobody has proven it.
            let accounts = AccountService(store: store, configuration: Self.configuration)
            let thief = try await accounts.signUp(
                CloudSignUpRequest(emailAddress: "Someone@Example.com", password: "correct horse"))
            let principal = CloudPrincipal(userID: thief.userRecordName)
            #expect(thief.emailVerified == false)
            #expect(try await store.invitations(principal).isEmpty)
            let before = try await store.lookupShare(
                owner, scope: .private, reference: CloudShareReference(zoneID: share.zoneID, shareName: share.shareName)
            )
            let refused = await cloudError { _ = try await store.acceptShare(principal, token: share.shareToken) }
            #expect(refused?.serverErrorCode == .accessDenied)
            #expect(refused?.reason.contains("has not verified yet") == true)
            #expect(refused?.reason.contains("/cloud/v1/accounts/verification/request") == true)
            let after = try await store.lookupShare(
                owner, scope: .private, reference: CloudShareReference(zoneID: share.zoneID, shareName: share.shareName)
            )
            #expect(after == before)
            #expect(
                after.participants.contains {
                    $0.emailAddress == "someone@example.com" && $0.userRecordName == nil
                        && $0.acceptanceStatus == .pending
                })
            #expect(try await store.listZones(principal, scope: .shared).isEmpty)
        }
    }

    @Test(
        "the account that verifies the address claims the invitation, lists it and accepts it",
        arguments: StoreKind.allCases)
    func verifiedAddressClaims(_ kind: StoreKind) async throws {
        try await withStore(kind, configuration: Self.configuration) { store in
            let owner = try await makeUser(store, "owner")
            let invitee = try await makeUser(store, "invitee")
            let address = try await email(of: invitee, in: store)
            // Invited while unverified: the participant stays the address's, not the account's.
            let share = try await Self.invite(store, owner, address)
            #expect(share.participants.first { $0.emailAddress == address }?.userRecordName == nil)
            #expect(try await store.invitations(invitee).isEmpty)

            let accounts = AccountService(store: store, configuration: Self.configuration)
            let caller = CloudCaller(userRecordName: invitee.userID, emailAddress: address, createdAt: 0)
            let issued = try await accounts.requestVerification(for: caller)
            let confirmed = try await accounts.confirmVerification(for: caller, code: issued.code)
            #expect(confirmed.emailVerified)
            #expect(try await store.account(id: invitee.userID)?.emailVerified == true)
            #expect(try await store.invitations(invitee).map(\.shareName) == [share.shareName])
            let accepted = try await store.acceptShare(invitee, token: share.shareToken)
            #expect(
                accepted.participants.contains {
                    $0.userRecordName == invitee.userID && $0.acceptanceStatus == .accepted
                })

            // Invited once verified: bound to the account at once.
            let other = try await makeUser(store, "verified", verified: true)
            let otherEmail = try await email(of: other, in: store)
            let again = try await store.addParticipants(
                owner, scope: .private,
                request: CloudParticipantsAddRequest(
                    zoneID: share.zoneID, shareName: share.shareName,
                    participants: [CloudParticipantInvite(emailAddress: otherEmail, permission: .readOnly)]))
            #expect(again.participants.first { $0.emailAddress == otherEmail }?.userRecordName == other.userID)
        }
    }

    @Test(
        "an invitation an earlier version bound to an unverified account at sign-up goes back to the address, once",
        arguments: StoreKind.allCases)
    func earlierClaimsAreUndone(_ kind: StoreKind) async throws {
        try await withStore(kind, configuration: Self.configuration) { store in
            let owner = try await makeUser(store, "owner")
            let invitee = try await makeUser(store, "invitee")
            let address = try await email(of: invitee, in: store)
            let share = try await Self.invite(store, owner, address)
            // As earlier versions left it: bound at sign-up, before any migration marked the change.
            try await store.database.transaction(readOnly: false) { tx in
                try await tx.execute(
                    "UPDATE participants SET account_id = ? WHERE email = ?", [.text(invitee.userID), .text(address)])
                try await tx.execute("DELETE FROM schema_marks", [])
            }
            #expect(try await store.invitations(invitee).map(\.shareName) == [share.shareName])
            try await store.migrate()
            #expect(try await store.invitations(invitee).isEmpty)
            let refused = await cloudError { _ = try await store.acceptShare(invitee, token: share.shareToken) }
            #expect(refused?.serverErrorCode == .accessDenied)

            // Once only: an invitation made later to the account by its id stays the account's.
            let other = try await makeUser(store, "other")
            _ = try await store.addParticipants(
                owner, scope: .private,
                request: CloudParticipantsAddRequest(
                    zoneID: share.zoneID, shareName: share.shareName,
                    participants: [CloudParticipantInvite(userRecordName: other.userID, permission: .readOnly)]))
            try await store.migrate()
            #expect(try await store.invitations(other).map(\.shareName) == [share.shareName])
        }
    }

    @Test(
        "verification codes: six digits, a wrong one says how many tries are left, five spend it, it expires",
        arguments: StoreKind.allCases)
    func verificationCodes(_ kind: StoreKind) async throws {
        let time = TestTime()
        try await withStore(kind, configuration: Self.configuration, time: time) { store in
            let accounts = AccountService(store: store, configuration: Self.configuration, clock: { time.now })
            let caller = try await accounts.signUp(
                CloudSignUpRequest(emailAddress: "ann@example.com", password: "correct horse"))
            let issued = try await accounts.requestVerification(for: caller)
            #expect(issued.code.count == 6 && issued.code.allSatisfy(\.isNumber))
            #expect(issued.emailAddress == "ann@example.com")
            let wrong = issued.code == "000000" ? "111111" : "000000"
            let first = await cloudError { _ = try await accounts.confirmVerification(for: caller, code: wrong) }
            #expect(first?.serverErrorCode == .badRequest && first?.reason == "The code is wrong; 4 tries are left.")
            let malformed = await cloudError { _ = try await accounts.confirmVerification(for: caller, code: "12ab56") }
            #expect(malformed?.reason == "A code is the 6 digits from the email, such as 123456.")
            for _ in 0..<3 {
                _ = await cloudError { _ = try await accounts.confirmVerification(for: caller, code: wrong) }
            }
            let last = await cloudError { _ = try await accounts.confirmVerification(for: caller, code: wrong) }
            #expect(last?.reason.hasPrefix("The code is wrong, and that was the last try.") == true)
            // Spent: even the right code no longer works.
            let spent = await cloudError { _ = try await accounts.confirmVerification(for: caller, code: issued.code) }
            #expect(spent?.reason.hasPrefix("No verification code is waiting") == true)
            #expect(try await store.account(id: caller.userRecordName)?.emailVerified == false)

            // A new code replaces the old and expires after 15 minutes.
            let second = try await accounts.requestVerification(for: caller)
            time.advance(by: 15 * 60 + 1)
            let expired = await cloudError {
                _ = try await accounts.confirmVerification(for: caller, code: second.code)
            }
            #expect(expired?.reason.hasPrefix("The code has expired.") == true)
            let third = try await accounts.requestVerification(for: caller)
            #expect(
                try await accounts.confirmVerification(
                    for: caller, code: " \(third.code.prefix(3))-\(third.code.suffix(3)) "
                ).emailVerified)
            let again = await cloudError { _ = try await accounts.requestVerification(for: caller) }
            #expect(again?.reason.contains("is verified already") == true)
        }
    }

    @Test(
        "password reset: only a verified address gets a code; a wrong code reads the same for every address; the new password revokes every session",
        arguments: StoreKind.allCases)
    func passwordReset(_ kind: StoreKind) async throws {
        try await withStore(kind, configuration: Self.configuration) { store in
            let accounts = AccountService(store: store, configuration: Self.configuration)
            let caller = try await accounts.signUp(
                CloudSignUpRequest(emailAddress: "ann@example.com", password: "correct horse"))
            #expect(try await accounts.requestPasswordReset(emailAddress: "ann@example.com") == nil)
            #expect(try await accounts.requestPasswordReset(emailAddress: "nobody@example.com") == nil)
            let verification = try await accounts.requestVerification(for: caller)
            _ = try await accounts.confirmVerification(for: caller, code: verification.code)
            let session = try await accounts.signIn(
                CloudSignInRequest(emailAddress: "ann@example.com", password: "correct horse"))
            _ = try await accounts.authenticate(token: session.token)

            let issued = try #require(try await accounts.requestPasswordReset(emailAddress: " ANN@example.com "))
            let wrong = issued.code == "000000" ? "111111" : "000000"
            let known = await cloudError {
                try await accounts.resetPassword(
                    CloudPasswordResetConfirmRequest(
                        emailAddress: "ann@example.com", code: wrong, newPassword: "battery staple"))
            }
            let unknown = await cloudError {
                try await accounts.resetPassword(
                    CloudPasswordResetConfirmRequest(
                        emailAddress: "nobody@example.com", code: wrong, newPassword: "battery staple"))
            }
            #expect(known?.serverErrorCode == .badRequest && known?.reason == unknown?.reason)
            let short = await cloudError {
                try await accounts.resetPassword(
                    CloudPasswordResetConfirmRequest(
                        emailAddress: "ann@example.com", code: issued.code, newPassword: "short"))
            }
            #expect(short?.reason.contains("use at least 8") == true)

            try await accounts.resetPassword(
                CloudPasswordResetConfirmRequest(
                    emailAddress: "ann@example.com", code: issued.code, newPassword: "battery staple"))
            let revoked = await cloudError { _ = try await accounts.authenticate(token: session.token) }
            #expect(revoked?.serverErrorCode == .authenticationFailed)
            let old = await cloudError {
                _ = try await accounts.signIn(
                    CloudSignInRequest(emailAddress: "ann@example.com", password: "correct horse"))
            }
            #expect(old?.serverErrorCode == .authenticationFailed)
            _ = try await accounts.signIn(
                CloudSignInRequest(emailAddress: "ann@example.com", password: "battery staple"))
            // The code is spent.
            let reused = await cloudError {
                try await accounts.resetPassword(
                    CloudPasswordResetConfirmRequest(
                        emailAddress: "ann@example.com", code: issued.code, newPassword: "another staple"))
            }
            #expect(reused?.reason == unknown?.reason)
        }
    }

    @Test(
        "changing the password needs the current one and keeps only the session that changed it",
        arguments: StoreKind.allCases)
    func passwordChange(_ kind: StoreKind) async throws {
        try await withStore(kind, configuration: Self.configuration) { store in
            let accounts = AccountService(store: store, configuration: Self.configuration)
            _ = try await accounts.signUp(
                CloudSignUpRequest(emailAddress: "ann@example.com", password: "correct horse"))
            let here = try await accounts.signIn(
                CloudSignInRequest(emailAddress: "ann@example.com", password: "correct horse"))
            let there = try await accounts.signIn(
                CloudSignInRequest(emailAddress: "ann@example.com", password: "correct horse"))
            let caller = try await accounts.authenticate(token: here.token)
            _ = try await accounts.authenticate(token: there.token)
            let before = try await store.account(id: caller.userRecordName)?.passwordHash
            let wrong = await cloudError {
                try await accounts.changePassword(
                    token: here.token, caller: caller,
                    request: CloudPasswordChangeRequest(currentPassword: "wrong horse", newPassword: "battery staple"))
            }
            #expect(
                wrong?.serverErrorCode == .accessDenied
                    && wrong?.reason.hasPrefix("The current password is wrong") == true)
            #expect(try await store.account(id: caller.userRecordName)?.passwordHash == before)
            _ = try await accounts.authenticate(token: there.token)

            try await accounts.changePassword(
                token: here.token, caller: caller,
                request: CloudPasswordChangeRequest(currentPassword: "correct horse", newPassword: "battery staple"))
            #expect(try await accounts.authenticate(token: here.token).userRecordName == caller.userRecordName)
            let elsewhere = await cloudError { _ = try await accounts.authenticate(token: there.token) }
            #expect(elsewhere?.serverErrorCode == .authenticationFailed)
            _ = try await accounts.signIn(
                CloudSignInRequest(emailAddress: "ann@example.com", password: "battery staple"))
        }
    }

    @Test(
        "signing out everywhere revokes every session at once on this process, though each was just served from the cache",
        arguments: StoreKind.allCases)
    func signOutEverywhere(_ kind: StoreKind) async throws {
        // A long cache lifetime: only the revocation, not the cache running out, can refuse the tokens.
        var long = Self.configuration
        long.sessionCacheLifetime = .seconds(3_600)
        let configuration = long
        try await withStore(kind, configuration: configuration) { store in
            let accounts = AccountService(store: store, configuration: configuration)
            _ = try await accounts.signUp(
                CloudSignUpRequest(emailAddress: "ann@example.com", password: "correct horse"))
            let sessions = [
                try await accounts.signIn(
                    CloudSignInRequest(emailAddress: "ann@example.com", password: "correct horse")),
                try await accounts.signIn(
                    CloudSignInRequest(emailAddress: "ann@example.com", password: "correct horse")),
            ]
            for session in sessions { _ = try await accounts.authenticate(token: session.token) }
            let caller = try await accounts.authenticate(token: sessions[0].token)
            try await accounts.signOutEverywhere(caller)
            for session in sessions {
                let refused = await cloudError { _ = try await accounts.authenticate(token: session.token) }
                #expect(refused?.serverErrorCode == .authenticationFailed)
            }
            // Another process on the database (a service of its own) finds no session either.
            let another = AccountService(store: store, configuration: configuration)
            let elsewhere = await cloudError { _ = try await another.authenticate(token: sessions[1].token) }
            #expect(elsewhere?.serverErrorCode == .authenticationFailed)
            // Signing in again works.
            let fresh = try await accounts.signIn(
                CloudSignInRequest(emailAddress: "ann@example.com", password: "correct horse"))
            #expect(try await accounts.authenticate(token: fresh.token).userRecordName == caller.userRecordName)
        }
    }
}
