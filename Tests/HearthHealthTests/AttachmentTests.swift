import Foundation
import HearthCore
import HearthStore
import HearthTestSupport
import Testing

@testable import HearthHealth

/// A 1×1 PNG, followed by a marker that a search of stored bytes looks for.
let attachmentPNG =
    Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAACklEQVR4nGMAAQAABQABDQottAAAAABJRU5ErkJggg==")!
    + Data("MARKER-7f3c-xray-of-rex".utf8)

@Suite(.serialized) struct AttachmentTests {
    let folder = scratchDirectory("hearth-health-attachments")

    func open() throws -> (HealthAttachmentService, MedicalRecord, BloodEntry) {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent("health.sqlite")
        let records = try HealthRecordService.open(at: url)
        let service = HealthAttachmentService(
            records: records, directory: HealthAttachmentService.directory(besideDatabase: url))
        return (service, MedicalRecord(isPet: true), BloodEntry(name: "Blood panel"))
    }

    func file(_ name: String, _ data: Data) throws -> URL {
        let url = folder.appendingPathComponent(name)
        try data.write(to: url)
        return url
    }

    func mode(_ url: URL) throws -> Int? {
        try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int
    }

    @Test func attachesACopyKeptOwnerOnlyAndSniffsItsType() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let (service, record, entry) = try open()
        try await service.records.createRecord(record)
        try await service.records.addEntry(entry, to: record.uuid)
        // Named .pdf, but a PNG by its bytes.
        let source = try file("xray.pdf", attachmentPNG)
        let attached = try await service.attach(fileAt: source, to: entry.id, caption: "Chest X-ray")
        #expect(attached.mediaType == .png && attached.fileName == "xray.pdf" && attached.caption == "Chest X-ray")
        #expect(attached.byteCount == Int64(attachmentPNG.count))
        #expect(attached.sha256 == HealthAttachmentService.sha256(attachmentPNG) && attached.sha256.count == 64)

        let stored = service.fileURL(of: attached)
        #expect(stored.deletingLastPathComponent().lastPathComponent == "health-attachments")
        #expect(try Data(contentsOf: stored) == attachmentPNG)
        #expect(try mode(stored) == 0o600)
        #expect(try mode(service.directory) == 0o700)
        #expect(try await service.contents(of: attached) == attachmentPNG)

        let listed = try await service.attachments(of: record.uuid)
        #expect(listed.map(\.attachment) == [attached] && listed.first?.recordID == record.uuid)
        #expect(try await service.records.entries(of: record.uuid).attachments == [attached])
        #expect(try await service.attachment(attached.id).attachment.entryID == entry.id)

        // A file changed behind Hearth's back is reported, not returned.
        try Data("%PDF-tampered".utf8).write(to: stored)
        await #expect(throws: ServiceError.self) { try await service.contents(of: attached) }

        try await service.delete(attached.id)
        #expect(!FileManager.default.fileExists(atPath: stored.path))
        #expect(try await service.attachments().isEmpty)
        await #expect(throws: ServiceError.self) { try await service.attachment(attached.id) }
    }

    @Test func refusesHostileFilesAndWritesNothing() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let (service, record, entry) = try open()
        try await service.records.createRecord(record)
        try await service.records.addEntry(entry, to: record.uuid)
        let before = try await service.records.entries(of: record.uuid)

        let oversized = folder.appendingPathComponent("huge.pdf")
        _ = FileManager.default.createFile(atPath: oversized.path, contents: Data("%PDF-1.7\n".utf8))
        let handle = try FileHandle(forWritingTo: oversized)
        try handle.truncate(atOffset: UInt64(AttachmentMediaType.maxBytes) + 1)
        try handle.close()

        let cases: [(URL, UUID, String)] = [
            (folder.appendingPathComponent("missing.pdf"), entry.id, "missing.pdf"),
            (folder, entry.id, "not a regular file"),
            (URL(fileURLWithPath: "/dev/null"), entry.id, "not a regular file"),
            (oversized, entry.id, "over the limit of 20000000 bytes"),
            (
                try file("notes.png", Data("just text, named like a picture".utf8)), entry.id,
                "is not a PDF, JPEG or PNG"
            ),
            (try file("empty.pdf", Data()), entry.id, "is empty"),
            (try file("scan.png", attachmentPNG), UUID(), "Entry"),
        ]
        for (url, entryID, expected) in cases {
            do {
                try await service.attach(fileAt: url, to: entryID)
                Issue.record("\(url.path) was attached")
            } catch let error as ServiceError {
                #expect(error.message.contains(expected), "\(error.message)")
            }
        }
        let attached = try await service.attach(fileAt: try file("scan.png", attachmentPNG), to: entry.id)
        do {
            try await service.attach(fileAt: try file("again.png", attachmentPNG), to: attached.id)
            Issue.record("an attachment was attached to an attachment")
        } catch let error as ServiceError {
            #expect(error.message.contains("is itself an attachment"))
        }
        let after = try await service.records.entries(of: record.uuid)
        #expect(after.attachments == [attached] && after.blood == before.blood)
        #expect(try FileManager.default.contentsOfDirectory(atPath: service.directory.path) == [attached.storedName])
    }

    @Test func deletingTheEntryDeletesItsAttachments() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let (service, record, entry) = try open()
        try await service.records.createRecord(record)
        try await service.records.addEntry(entry, to: record.uuid)
        let other = try await service.records.addEntry(BloodEntry(name: "Other"), to: record.uuid)
        let gone = try await service.attach(fileAt: try file("a.png", attachmentPNG), to: entry.id)
        let kept = try await service.attach(fileAt: try file("b.pdf", Data("%PDF-1.4\n%%EOF\n".utf8)), to: other.id)
        #expect(kept.mediaType == .pdf)

        try await service.records.removeEntry(BloodEntry.self, id: entry.id)
        #expect(try await service.attachments().map(\.attachment) == [kept])
        #expect(try await service.pruneFiles() == 1)
        #expect(!FileManager.default.fileExists(atPath: service.fileURL(of: gone).path))
        #expect(FileManager.default.fileExists(atPath: service.fileURL(of: kept).path))
    }

    @Test func theReportDrawsAttachedPicturesUnderTheirEntryAndNamesOtherFiles() async throws {
        guard try PDFTools.ready() else { return }
        defer { try? FileManager.default.removeItem(at: folder) }
        let (service, record, entry) = try open()
        try await service.records.createRecord(record)
        try await service.records.addEntry(entry, to: record.uuid)
        let document = try await service.records.addEntry(
            MedicalDocumentEntry(date: CalendarDay(iso: "2024-05-02"), name: "Discharge letter"), to: record.uuid)
        try await service.attach(fileAt: try file("xray.png", attachmentPNG), to: entry.id, caption: "Chest X-ray")
        try await service.attach(
            fileAt: try file("letter.pdf", Data("%PDF-1.4\n%%EOF\n".utf8)), to: document.id, caption: "Letter")

        let reports = HealthReportService(records: service.records, attachments: service)
        let out = folder.appendingPathComponent("out")
        let name = try await reports.write(record.uuid, format: .pdf, to: ProtectedFileStore(directory: out))
        let url = out.appendingPathComponent(name)
        try await PDFTools.check(url)
        let text = try await PDFTools.text(url, layout: false)
        #expect(text.contains("Blood panel — Chest X-ray"), "\(text)")
        #expect(text.contains("Letter (letter.pdf, 15 bytes)"), "\(text)")
        let images = try await PDFTools.run("pdfimages", ["-list", url.path]).stdout
        let rows = images.split(separator: "\n").dropFirst(2).map { $0.split(separator: " ").map(String.init) }
        let drawn = rows.filter { $0.count > 4 && $0[2] == "image" }
        #expect(drawn.count == 1 && drawn.first?[3] == "1" && drawn.first?[4] == "1", "\(images)")

        // Without the attachments service, pictures are named rather than drawn.
        let plainName = try await HealthReportService(records: service.records).write(
            record.uuid, format: .pdf, to: ProtectedFileStore(directory: folder.appendingPathComponent("plain")))
        let plain = folder.appendingPathComponent("plain").appendingPathComponent(plainName)
        let none = try await PDFTools.run("pdfimages", ["-list", plain.path]).stdout
        #expect(none.split(separator: "\n").count == 2, "\(none)")
        #expect(
            try await PDFTools.text(plain, layout: false).contains(
                "Chest X-ray (xray.png, \(attachmentPNG.count) bytes)"))
    }
}
