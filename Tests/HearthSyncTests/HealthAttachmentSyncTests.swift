import Foundation
import HearthCloudModel
import HearthCore
import HearthHealth
import HearthStore
import HearthSync
import HearthTestSupport
import Testing

/// Attachment files syncing through a real server: sealed on the device, stored by the server as ciphertext
/// only, and opened byte for byte by the user's other device.
@Suite(.serialized, .timeLimit(.minutes(10))) struct HealthAttachmentSyncTests {
    typealias Device = HealthEncryptedSyncTests.Device

    /// Every file under `folder`, recursively, as one blob.
    func everything(under folder: URL) throws -> Data {
        var bytes = Data()
        let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
        while let url = files?.nextObject() as? URL {
            if (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
                bytes.append(try Data(contentsOf: url))
            }
        }
        return bytes
    }

    func attachments(_ device: Device) throws -> HealthAttachmentService {
        HealthAttachmentService(records: device.records, directory: try #require(device.health.attachmentsDirectory))
    }

    @Test(arguments: GarageTestBackend.allCases)
    func anAttachmentTravelsSealedAndOpensOnTheOtherDevice(_ backend: GarageTestBackend) async throws {
        let storage = try await HealthEncryptedSyncTests.Backend.start(backend)
        defer { Task { await storage.server.stop() } }
        let marker = "Quuxrex" + String(UUID().uuidString.prefix(8))
        let file =
            Data(
                base64Encoded:
                    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAACklEQVR4nGMAAQAABQABDQottAAAAABJRU5ErkJggg==")!
            + Data(String(repeating: "scan \(marker) ", count: 200).utf8)
        let email = freshEmail("ana")
        let laptop = try await Device.make(storage.server, email: email, signUp: true)

        var pet = MedicalRecord(isPet: true)
        pet.personalName = "Rex"
        pet.isCloudEnabled = true
        let rex = try await laptop.records.createRecord(pet)
        let entry = try await laptop.records.addEntry(BloodEntry(name: "Blood panel"), to: rex.uuid)
        let source = scratchDirectory("hearth-attachment-source")
        try file.write(to: source)
        defer { try? FileManager.default.removeItem(at: source) }
        let attached = try await attachments(laptop).attach(fileAt: source, to: entry.id, caption: "X-ray")
        let report = try await laptop.sync()
        #expect(report.problems.isEmpty, "\(report.problems)")

        // The record names the sealed file as an asset the server can see; everything else about it is sealed.
        let stored = try #require(try await laptop.serverRecord(rex.uuid))
        guard case .list(.asset(let assets))? = stored.fields["attachmentAssets"] else {
            Issue.record("the record names no attachment assets: \(stored.fields.keys.sorted())")
            return
        }
        #expect(assets.count == 1)
        guard case .bytes? = stored.fields["attachmentEntries"] else {
            Issue.record("attachmentEntries is not sealed")
            return
        }
        let asset = try #require(assets.first)
        let sealed = try await laptop.client.downloadAsset(checksum: asset.fileChecksum)
        #expect(sealed.count == file.count + 28 && sealed.range(of: Data(marker.utf8)) == nil)

        // The server's database and data folder hold the sealed file, and nowhere the marker in it.
        #expect(try await !storage.holds(marker))
        let data = try everything(under: storage.server.dataDirectory)
        #expect(data.range(of: Data(marker.utf8)) == nil)
        if backend == .sqlite {
            #expect(data.range(of: sealed.prefix(64)) != nil, "the search does not reach where assets are kept")
        }

        // The laptop keeps its own copy; the phone of the same user, once it has the key, gets the exact bytes.
        let phone = try await Device.make(storage.server, email: email)
        let code = try await laptop.health.database.read { db in try HealthKeyring.identity(db).recoveryCode }
        try await phone.health.database.write { db in
            try HealthKeyring.restore(HealthIdentity(recoveryCode: code), db)
        }
        let phoneReport = try await phone.sync()
        #expect(phoneReport.problems.isEmpty, "\(phoneReport.problems)")
        let onPhone = try attachments(phone)
        let found = try #require(try await onPhone.attachments(of: rex.uuid).first)
        #expect(found.attachment.id == attached.id && found.attachment.caption == "X-ray")
        #expect(try await onPhone.contents(of: found.attachment) == file)
        let mode =
            try FileManager.default.attributesOfItem(atPath: onPhone.fileURL(of: found.attachment).path)[
                .posixPermissions] as? Int
        #expect(mode == 0o600)

        // A second sync sends nothing again: the file is uploaded once.
        #expect(try await laptop.sync().sentSaves == 0)

        // Deleted on the laptop, the attachment and its file leave the phone at its next sync.
        try await attachments(laptop).delete(attached.id)
        try await laptop.sync()
        try await phone.sync()
        #expect(try await onPhone.attachments().isEmpty)
        #expect(!FileManager.default.fileExists(atPath: onPhone.fileURL(of: found.attachment).path))
    }
}
