import Crypto
import Foundation
import HearthCloud
import HearthCloudModel
import HearthCore
import Testing

/// An account's choices the server acts on (sharing usage of the pages), and the pseudonym its usage events
/// carry: the same on both stores.
@Suite("Record store conformance: an account's choices and its usage pseudonym")
struct AccountChoicesTests {
    static let configuration = CloudConfiguration(bcryptCost: 4)

    @Test(
        "sharing usage is off until turned on, per account; turned off it is forgotten", arguments: StoreKind.allCases)
    func sharingUsage(_ kind: StoreKind) async throws {
        try await withStore(kind, configuration: Self.configuration) { store in
            let accounts = AccountService(store: store, configuration: Self.configuration)
            let ana = try await accounts.signUp(
                CloudSignUpRequest(emailAddress: "ana@example.com", password: "correct horse"))
            let ben = try await accounts.signUp(
                CloudSignUpRequest(emailAddress: "ben@example.com", password: "correct horse"))
            #expect(try await !accounts.sharesUsage(accountID: ana.userRecordName))
            try await accounts.setSharesUsage(accountID: ana.userRecordName, true)
            try await accounts.setSharesUsage(accountID: ana.userRecordName, true)
            #expect(try await accounts.sharesUsage(accountID: ana.userRecordName))
            #expect(try await !accounts.sharesUsage(accountID: ben.userRecordName), "one account's choice is its own")
            try await accounts.setSharesUsage(accountID: ana.userRecordName, false)
            #expect(try await !accounts.sharesUsage(accountID: ana.userRecordName))
            #expect(try await store.accountPreference(accountID: ana.userRecordName, name: "usage-analytics") == nil)
        }
    }

    @Test("the usage pseudonym is stable per account and server secret, and names neither the account nor its address")
    func pseudonym() async throws {
        try await withStore(.sqlite, configuration: Self.configuration) { store in
            let secret = SymmetricKey(size: .bits256)
            let accounts = AccountService(store: store, configuration: Self.configuration, codeKey: secret)
            let other = AccountService(store: store, configuration: Self.configuration)
            let ana = try await accounts.signUp(
                CloudSignUpRequest(emailAddress: "ana@example.com", password: "correct horse"))
            let id = accounts.usagePseudonym(accountID: ana.userRecordName)
            #expect(id.count == 32 && id.allSatisfy(\.isHexDigit))
            #expect(id == accounts.usagePseudonym(accountID: ana.userRecordName))
            #expect(id != accounts.usagePseudonym(accountID: "_someone-else"))
            #expect(id != other.usagePseudonym(accountID: ana.userRecordName), "another server's secret, another id")
            #expect(!id.contains(ana.userRecordName) && !id.contains("ana"))
        }
    }
}
