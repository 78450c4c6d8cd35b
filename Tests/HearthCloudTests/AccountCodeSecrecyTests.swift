import Crypto
import Foundation
import HearthCloud
import HearthCloudModel
import HearthCore
import HearthTestSupport
import Synchronization
import Testing

/// Codes as a stolen database shows them, the tries an account gets a day, and the one bounded queue bcrypt runs
/// on: on both stores.
@Suite("Account codes and password work under attack")
struct AccountCodeSecrecyTests {
    static let configuration = CloudConfiguration(bcryptCost: 4)

    @Test(
        "a code is stored as an HMAC under a key outside the database: the stored value holds no code, and without the key no code matches",
        arguments: StoreKind.allCases)
    func keyedCodes(_ kind: StoreKind) async throws {
        try await withStore(kind, configuration: Self.configuration) { store in
            let user = try await makeUser(store, "ana")
            let caller = CloudCaller(
                userRecordName: user.userID, emailAddress: try await email(of: user, in: store), createdAt: 0)
            let key = SymmetricKey(size: .bits256)
            let accounts = AccountService(store: store, configuration: Self.configuration, codeKey: key)
            let issued = try await accounts.requestVerification(for: caller)
            let stored = try #require(
                try await store.attemptAccountCode(accountID: user.userID, purpose: .verifyEmail))
            #expect(stored.codeHash.hasPrefix("hmac$"))
            #expect(!stored.codeHash.contains(issued.code))
            // Whoever holds the database but not the key cannot tell the code: every guess reads the same.
            let elsewhere = AccountService(store: store, configuration: Self.configuration)
            let refused = await cloudError {
                _ = try await elsewhere.confirmVerification(for: caller, code: issued.code)
            }
            #expect(refused?.serverErrorCode == .badRequest)
            // The server that holds the key takes it.
            #expect(try await accounts.confirmVerification(for: caller, code: issued.code).emailVerified)
        }
    }

    @Test(
        "an account gets a day's tries of codes whichever code it is: a new code does not bring new tries",
        arguments: StoreKind.allCases)
    func triesPerDay(_ kind: StoreKind) async throws {
        let configuration = {
            var configuration = Self.configuration
            configuration.accountCodeAttemptsPerDay = 3
            return configuration
        }()
        try await withStore(kind, configuration: configuration) { store in
            let user = try await makeUser(store, "ana")
            let caller = CloudCaller(
                userRecordName: user.userID, emailAddress: try await email(of: user, in: store), createdAt: 0)
            let accounts = AccountService(store: store, configuration: configuration)
            for _ in 0..<3 {
                let issued = try await accounts.requestVerification(for: caller)
                let wrong = issued.code == "000000" ? "111111" : "000000"
                let error = await cloudError { _ = try await accounts.confirmVerification(for: caller, code: wrong) }
                #expect(error?.serverErrorCode == .badRequest)
            }
            let fresh = try await accounts.requestVerification(for: caller)
            let throttled = await cloudError {
                _ = try await accounts.confirmVerification(for: caller, code: fresh.code)
            }
            #expect(throttled?.serverErrorCode == .throttled)
            #expect((throttled?.retryAfter ?? 0) > 3_600, "a day's cap waits hours, not seconds")
            #expect(throttled?.reason.contains("tried 3 times today") == true, "\(throttled?.reason ?? "")")
        }
    }

    @Test("bcrypt runs on one bounded queue: work past the running and waiting places is refused at once")
    func boundedPasswordWork() async throws {
        let work = PasswordWork(running: 1, waiting: 1)
        let gate = Gate()
        // The first holds the only running place until the gate opens; the second waits for it.
        async let first: Int = work.run {
            gate.wait()
            return 1
        }
        try await waitUntil("the first runs") { gate.arrived }
        async let second: Int = work.run { 2 }
        try await waitUntil("the second waits") { work.queued == 1 }
        let refused = await #expect(throws: CloudError.self) { _ = try await work.run { 3 } }
        #expect(refused?.serverErrorCode == .throttled)
        #expect(refused?.retryAfter != nil)
        gate.open()
        #expect(try await first == 1)
        #expect(try await second == 2)
        #expect(try await work.run { 4 } == 4, "once the queue drains, work is taken again")
    }

    /// Blocks a thread-pool thread until opened.
    final class Gate: Sendable {
        private let arrivals = Atomic(false)
        private let semaphore = DispatchSemaphore(value: 0)
        var arrived: Bool { arrivals.load(ordering: .acquiring) }
        func wait() {
            arrivals.store(true, ordering: .releasing)
            semaphore.wait()
        }
        func open() { semaphore.signal() }
    }
}
