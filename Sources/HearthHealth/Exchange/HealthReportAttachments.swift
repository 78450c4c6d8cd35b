import Foundation
import HearthCore
import HearthReports

/// The attachments a report shows under the entries they belong to: pictures (JPEG, PNG) drawn, other files
/// (PDF scans, and pictures whose file is not on this device) named with their size.
struct HealthReportAttachments: Sendable {
    /// The attachments, by the entry they belong to.
    let byEntry: [UUID: [HealthAttachment]]
    /// The bytes of the pictures that are on this device, by attachment id.
    let pictures: [UUID: Data]

    static let none = HealthReportAttachments(byEntry: [:], pictures: [:])

    /// The attachments of `entries`, with the pictures read from `service` (nil reads none).
    static func load(_ entries: RecordEntries, from service: HealthAttachmentService?) async throws
        -> HealthReportAttachments
    {
        var pictures: [UUID: Data] = [:]
        if let service {
            for attachment in entries.attachments where attachment.mediaType.isImage {
                pictures[attachment.id] = try await service.contents(of: attachment)
            }
        }
        return HealthReportAttachments(
            byEntry: Dictionary(grouping: entries.attachments, by: \.entryID), pictures: pictures)
    }

    /// The blocks for the attachments of the entries `ids`, each labelled with its entry's `labels`.
    func blocks(for ids: [UUID], labels: [[String]]) -> [ReportBlock] {
        var blocks: [ReportBlock] = []
        var others: [(String, String)] = []
        for (id, label) in zip(ids, labels) {
            let entry = label.prefix(2).filter { !$0.isEmpty && $0 != "—" }.joined(separator: " · ")
            for attachment in byEntry[id] ?? [] {
                let title = attachment.caption.isEmpty ? attachment.fileName : attachment.caption
                if let data = pictures[attachment.id] {
                    blocks.append(
                        .image(
                            ReportImage(
                                name: attachment.fileName, data: data, caption: "\(entry) — \(title)", width: 240)))
                } else {
                    others.append(
                        (entry, "\(title) (\(attachment.fileName), \(Self.size(attachment.byteCount)))"))
                }
            }
        }
        if !others.isEmpty { blocks.append(.keyValues(others)) }
        return blocks
    }

    static func size(_ bytes: Int64) -> String {
        bytes < 1_000 ? "\(bytes) bytes" : bytes < 1_000_000 ? "\(bytes / 1_000) kB" : "\(bytes / 1_000_000) MB"
    }
}
