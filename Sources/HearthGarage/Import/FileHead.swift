import Foundation
import HearthCore

/// The first 64 KiB of a file, checked for the problems that stop an import before it starts.
struct FileHead {
    /// Lines of the head, split at CR, LF or CRLF (quotes ignored: this is for sniffing only).
    let lines: [String]
    let totalBytes: Int

    static let size = 1 << 16

    /// Reads and checks the head of `url`.
    /// - Throws: ``ServiceError`` when the file is missing, empty, binary, or UTF-16.
    init(url: URL) throws {
        let name = url.lastPathComponent
        let attributes: [FileAttributeKey: Any]
        do {
            attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        } catch {
            throw ServiceError(
                .notFound, "\(url.path) does not exist or cannot be read; check the path.", underlying: error)
        }
        if let type = attributes[.type] as? FileAttributeType, type == .typeDirectory {
            throw ImportError.badFile("\(url.path) is a folder; give the CSV file inside it.")
        }
        totalBytes = (attributes[.size] as? NSNumber)?.intValue ?? 0
        let handle: FileHandle
        do {
            handle = try FileHandle(forReadingFrom: url)
        } catch {
            throw ServiceError(
                .operationFailed, "Could not open \(url.path): \(error.localizedDescription)", underlying: error)
        }
        defer { try? handle.close() }
        let bytes = [UInt8]((try? handle.read(upToCount: Self.size)) ?? Data())
        if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) {
            throw ImportError.badFile("\(name) is empty; export the data from the app again and import the new file.")
        }
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            throw ImportError.badFile(
                "\(name) is saved as UTF-16 text; save it as UTF-8 CSV (most spreadsheet apps offer \"CSV UTF-8\") and import that."
            )
        }
        let controls = bytes.filter { $0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }.count
        if bytes.contains(0) || controls * 20 > bytes.count {
            throw ImportError.badFile(
                "\(name) is not a text file (it holds binary data); export a CSV file from the app and import that.")
        }
        var text = String(decoding: bytes, as: UTF8.self)
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        lines = text.split(
            omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
        ).map(String.init)
    }

    /// Splits a line at commas, semicolons and tabs (quotes ignored), for sniffing headers.
    static func splitAnyDelimiter(_ line: String) -> [String] {
        line.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "," || $0 == ";" || $0 == "\t" }).map(
            String.init)
    }

    /// The separator the lines use most: ',', ';' or tab (default ',').
    var likelyDelimiter: UInt8 {
        let sample = lines.prefix(20).joined(separator: "\n")
        let counts: [(UInt8, Int)] = [
            (UInt8(ascii: ","), sample.filter { $0 == "," }.count),
            (UInt8(ascii: ";"), sample.filter { $0 == ";" }.count),
            (UInt8(ascii: "\t"), sample.filter { $0 == "\t" }.count),
        ]
        return counts.max { $0.1 < $1.1 }.flatMap { $0.1 > 0 ? $0.0 : nil } ?? UInt8(ascii: ",")
    }
}
