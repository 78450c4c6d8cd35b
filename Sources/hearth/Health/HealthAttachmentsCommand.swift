public import ArgumentParser
import Foundation
import HearthCore
import HearthHealth

/// `hearth health attachments add|list|show|delete`: scans and photos attached to entries.
struct HealthAttachmentsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "attachments", abstract: "Scanned reports and photos (PDF, JPEG, PNG) attached to entries.",
        discussion: """
            hearth health attachments add ENTRY_ID scan.pdf --caption "Lab report"
            hearth health attachments list Rex
            hearth health attachments show ATTACHMENT_ID
            """,
        subcommands: [Add.self, List.self, Show.self, Delete.self])

    /// What the JSON output says about one attachment.
    struct View: Encodable {
        var id: UUID
        var recordID: String
        var entryID: UUID
        var fileName: String
        var mediaType: String
        var byteCount: Int64
        var sha256: String
        var caption: String
        var path: String
        var isOnDevice: Bool

        init(_ found: HealthAttachmentService.Found, service: HealthAttachmentService) {
            let attachment = found.attachment
            id = attachment.id
            recordID = found.recordID
            entryID = attachment.entryID
            fileName = attachment.fileName
            mediaType = attachment.mediaType.rawValue
            byteCount = attachment.byteCount
            sha256 = attachment.sha256
            caption = attachment.caption
            path = service.fileURL(of: attachment).path
            isOnDevice = FileManager.default.fileExists(atPath: path)
        }

        var line: String {
            let where_ = isOnDevice ? "" : " (not on this device yet: run hearth health sync)"
            return
                "\(id.uuidString)  \(fileName)  \(mediaType)  \(byteCount) bytes\(caption.isEmpty ? "" : "  \(caption)")\(where_)"
        }
    }

    static func open(_ options: HealthOptions) throws -> HealthAttachmentService {
        HealthAttachmentService(
            records: try options.openService(),
            directory: HealthAttachmentService.directory(besideDatabase: options.databaseURL))
    }

    static func uuid(_ text: String, _ label: String) throws -> UUID {
        guard let id = UUID(uuidString: text) else {
            throw ServiceError.validationFailed("\(label) \"\(text)\" is not an id; copy it from the list")
        }
        return id
    }

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Attach a PDF, JPEG or PNG file (at most 20 MB) to an entry; the file is copied.")
        @OptionGroup var options: HealthOptions
        @Argument(help: "The entry's id (hearth health record show RECORD --json).") var entry: String
        @Argument(help: "The file.") var file: String
        @Option(help: "A caption.") var caption = ""

        func run() async throws {
            let service = try HealthAttachmentsCommand.open(options)
            let added = try await service.attach(
                fileAt: URL(fileURLWithPath: (file as NSString).expandingTildeInPath),
                to: try HealthAttachmentsCommand.uuid(entry, "Entry"), caption: caption)
            let view = View(try await service.attachment(added.id), service: service)
            if options.json { return try options.print(json: view) }
            print("Attached: \(view.line)")
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the attachments, of one record or all.")
        @OptionGroup var options: HealthOptions
        @Argument(help: "The record (a name or the start of its id).") var record: String?

        func run() async throws {
            let service = try HealthAttachmentsCommand.open(options)
            var recordID: String?
            if let record { recordID = try await options.record(record, in: service.records).uuid }
            let views = try await service.attachments(of: recordID).map { View($0, service: service) }
            if options.json { return try options.print(json: views) }
            if views.isEmpty { return print("No attachments.") }
            for view in views { print(view.line) }
        }
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Print where an attachment's file is kept.")
        @OptionGroup var options: HealthOptions
        @Argument(help: "The attachment's id.") var id: String

        func run() async throws {
            let service = try HealthAttachmentsCommand.open(options)
            let view = View(
                try await service.attachment(try HealthAttachmentsCommand.uuid(id, "Attachment")), service: service)
            if options.json { return try options.print(json: view) }
            guard view.isOnDevice else {
                throw ServiceError.notFound(
                    "The file of attachment \(view.fileName) on this device; run hearth health sync to download it")
            }
            print(view.path)
        }
    }

    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Delete an attachment and its file.")
        @OptionGroup var options: HealthOptions
        @Argument(help: "The attachment's id.") var id: String

        func run() async throws {
            let service = try HealthAttachmentsCommand.open(options)
            let attachmentID = try HealthAttachmentsCommand.uuid(id, "Attachment")
            let found = try await service.attachment(attachmentID)
            try await service.delete(attachmentID)
            if options.json { return try options.print(json: ["deleted": attachmentID.uuidString]) }
            print("Deleted \(found.attachment.fileName).")
        }
    }
}
