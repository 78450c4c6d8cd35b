import Foundation
public import HearthCore

/// An email address, with the name shown beside it.
///
/// Only what SMTP can carry without extensions is accepted: an ASCII address with one `@`, no spaces, angle
/// brackets or line breaks (so it cannot smuggle a header or a command). The name may be any text; it is
/// encoded when the message is written.
public struct MailAddress: Sendable, Hashable, CustomStringConvertible {
    /// `name@example.com`.
    public let address: String
    /// The name shown beside the address, if any.
    public let name: String?

    /// - Throws: ``ServiceError`` (validation failed) naming what is wrong with the address.
    public init(_ address: String, name: String? = nil) throws {
        let trimmed = address.trimmingCharacters(in: .whitespaces)
        let parts = trimmed.split(separator: "@", omittingEmptySubsequences: false)
        guard trimmed.utf8.count <= 254, parts.count == 2, !parts[0].isEmpty, parts[1].contains("."),
            !parts[1].hasPrefix("."), !parts[1].hasSuffix("."),
            trimmed.unicodeScalars.allSatisfy({
                $0.isASCII && $0.value > 32 && $0.value < 127 && !"<>()[],;:\\\"".unicodeScalars.contains($0)
            })
        else {
            throw ServiceError.validationFailed(
                "\"\(address.prefix(80))\" is not an email address that mail can be sent to; write it as name@example.com (ASCII only)."
            )
        }
        self.address = trimmed
        let cleaned = name.map {
            String($0.unicodeScalars.map { $0.properties.isWhitespace ? " " : Character($0) }).trimmingCharacters(
                in: .whitespaces)
        }
        self.name = cleaned?.isEmpty == false ? cleaned : nil
    }

    /// The domain after the `@`.
    public var domain: String { String(address.split(separator: "@").last ?? "") }

    public var description: String { name.map { "\($0) <\(address)>" } ?? address }
}
