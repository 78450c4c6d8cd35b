public import Foundation
import HearthCore
import HearthExchange

/// The kinds of bank statement file ``FinancePersistenceService/importStatement(from:options:progress:)`` reads.
public enum StatementFormat: String, Sendable, Codable, CaseIterable {
    /// Open Financial Exchange: 1.x (SGML) and 2.x (XML), from `.ofx` and `.qfx` downloads.
    case ofx
    /// Quicken Interchange Format: `!Type:Bank` and the other cash account types.
    case qif
    /// A bank's CSV export, read through a ``StatementImportOptions/CSVMapping``.
    case csv

    /// The format of the file at `url`: what its first bytes say (an OFX header, a QIF `!` line), else what
    /// its extension says.
    /// - Throws: ``PersistenceError`` (validation failed) when neither tells, saying to pass the format.
    public static func detect(_ url: URL) throws -> StatementFormat {
        let head: Data
        do {
            let handle = try FileHandle(forReadingFrom: url)
            defer { try? handle.close() }
            head = try handle.read(upToCount: 4_096) ?? Data()
        } catch {
            throw PersistenceError.validationFailed(
                "Cannot read \(url.path): the file does not exist or is not readable")
        }
        if let format = detect(head: Array(head)) { return format }
        switch url.pathExtension.lowercased() {
        case "ofx", "qfx": return .ofx
        case "qif": return .qif
        case "csv", "txt", "tsv": return .csv
        default:
            throw PersistenceError.validationFailed(
                "Cannot tell what kind of statement \(url.lastPathComponent) is; pass --format ofx, qif or csv")
        }
    }

    /// The format the first bytes of a file show, or nil when they could be anything (a CSV file).
    static func detect(head: [UInt8]) -> StatementFormat? {
        var bytes = head[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        while let first = bytes.first, first == 0x20 || first == 9 || first == 10 || first == 13 {
            bytes = bytes.dropFirst()
        }
        let text = String(decoding: bytes.prefix(512), as: UTF8.self).uppercased()
        if text.hasPrefix("OFXHEADER") || text.hasPrefix("<OFX>") || (text.hasPrefix("<?XML") && text.contains("OFX")) {
            return .ofx
        }
        if text.hasPrefix("!TYPE:") || text.hasPrefix("!ACCOUNT") || text.hasPrefix("!OPTION") { return .qif }
        return nil
    }
}
