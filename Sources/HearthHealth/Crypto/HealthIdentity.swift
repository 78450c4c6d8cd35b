import Crypto
public import Foundation

/// A device owner's end-to-end identity: one 32-byte seed from which a key-agreement key (to receive zone
/// keys through HPKE) and a signing key (to sign the zone keys one hands out) are derived.
///
/// The seed is the whole secret: ``recoveryCode`` writes it down, ``init(recoveryCode:)`` brings it back on a
/// new device, and ``fingerprint`` is what two people compare to know they hold each other's real keys.
public struct HealthIdentity: Sendable {
    /// The secret every key is derived from.
    public let seed: Data
    let agreementKey: Curve25519.KeyAgreement.PrivateKey
    let signingKey: Curve25519.Signing.PrivateKey

    /// A new identity from the system's secure random source.
    public init() {
        self.init(validatedSeed: SymmetricKey(size: .bits256).withUnsafeBytes { Data($0) })
    }

    /// The identity of `seed`, which must be 32 bytes.
    public init(seed: Data) throws {
        guard seed.count == 32 else {
            throw HealthVaultError.invalidIdentity("An identity seed is 32 bytes; this one has \(seed.count).")
        }
        self.init(validatedSeed: seed)
    }

    /// The identity a recovery code (from ``recoveryCode``) writes down.
    public init(recoveryCode: String) throws {
        try self.init(seed: RecoveryCode.decode(recoveryCode))
    }

    private init(validatedSeed seed: Data) {
        self.seed = seed
        let material = SymmetricKey(data: seed)
        func derive(_ purpose: String) -> Data {
            HKDF<SHA256>.deriveKey(
                inputKeyMaterial: material, salt: Data("hearth.health.identity.v1".utf8), info: Data(purpose.utf8),
                outputByteCount: 32
            )
            .withUnsafeBytes { Data($0) }
        }
        // Both key types accept any 32 bytes as a private key (X25519 clamps, Ed25519 hashes).
        self.agreementKey = try! Curve25519.KeyAgreement.PrivateKey(rawRepresentation: derive("agreement"))
        self.signingKey = try! Curve25519.Signing.PrivateKey(rawRepresentation: derive("signing"))
    }

    /// The public half, which others wrap zone keys for and check signatures with.
    public var publicIdentity: HealthPublicIdentity {
        HealthPublicIdentity(
            agreementKey: agreementKey.publicKey.rawRepresentation, signingKey: signingKey.publicKey.rawRepresentation)
    }

    /// The fingerprint of ``publicIdentity``.
    public var fingerprint: String { publicIdentity.fingerprint }

    /// The seed written as a recovery code: 56 characters in groups of four, with a checksum.
    public var recoveryCode: String { RecoveryCode.encode(seed) }

    func sign(_ message: Data) throws -> Data {
        try signingKey.signature(for: message)
    }
}

/// The public keys of a ``HealthIdentity``.
public struct HealthPublicIdentity: Sendable, Hashable, Codable {
    /// The X25519 key zone keys are wrapped for.
    public var agreementKey: Data
    /// The Ed25519 key signatures are checked with.
    public var signingKey: Data

    public init(agreementKey: Data, signingKey: Data) {
        self.agreementKey = agreementKey
        self.signingKey = signingKey
    }

    /// Thirty digits in six groups ("41920 08372 …"), the same on every device that holds these keys, for two
    /// people to read to each other.
    public var fingerprint: String {
        var context = KeyContext("hearth.health.fingerprint.v1")
        context.append(agreementKey)
        context.append(signingKey)
        let digest = Array(SHA256.hash(data: context.bytes))
        return (0..<6).map { group in
            let value = digest[(group * 5)..<(group * 5 + 5)].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            let digits = String(value % 100_000)
            return String(repeating: "0", count: 5 - digits.count) + digits
        }.joined(separator: " ")
    }

    func agreementPublicKey() throws -> Curve25519.KeyAgreement.PublicKey {
        do { return try Curve25519.KeyAgreement.PublicKey(rawRepresentation: agreementKey) } catch {
            throw HealthVaultError.invalidIdentity(
                "A key-agreement key is 32 bytes; this one has \(agreementKey.count).")
        }
    }

    func isValidSignature(_ signature: Data, for message: Data) -> Bool {
        guard let key = try? Curve25519.Signing.PublicKey(rawRepresentation: signingKey) else { return false }
        return key.isValidSignature(signature, for: message)
    }
}
