public import Foundation
import GRDB
public import HearthCloudModel
public import HearthCore
import HearthStore

extension GarageStore {
    /// The largest file a document may be: 25 MB.
    public static let maxDocumentBytes = 25 * 1024 * 1024

    /// This store, keeping the copies of vehicle documents in `folder` (created 0700 when the first one is
    /// added).
    public func storingDocuments(in folder: URL) -> GarageStore {
        var store = self
        store.documentsFolder = folder
        return store
    }

    /// The `documents` folder beside the garage database at `url`.
    public static func documentsFolder(besideDatabaseAt url: URL) -> URL {
        url.deletingLastPathComponent().appendingPathComponent("documents", isDirectory: true)
    }

    /// Records a document of a vehicle and copies the file at `path` into the documents folder (0600, named
    /// after the document's id, written whole or not at all).
    ///
    /// Everything is checked before anything is written: the file (there, not a folder, at most
    /// ``maxDocumentBytes``), the kind, the days, the vehicle. When the record cannot be saved, the copy is
    /// removed again.
    /// - Throws: ``ServiceError``: not found (the vehicle, the file), validation failed (a folder, a file too
    ///   large, an unknown kind, an expiry before the issue day), operation failed (no documents folder, a
    ///   copy that cannot be read or written). Nothing changes when it throws.
    @discardableResult
    public func addDocument(_ draft: DocumentDraft, copying path: String, to vehicleID: UUID) async throws
        -> VehicleDocument
    {
        let (folder, source) = try copySource(path, keeping: "documents")
        let size = try Self.documentFileSize(source)
        let document = try newDocument(draft, of: vehicleID, original: source.lastPathComponent, byteCount: size)
        guard try await read({ db in try Vehicle.exists(db, key: vehicleID) }) else {
            throw ServiceError.notFound("Vehicle \(vehicleID.uuidString)")
        }
        let contents = try Self.readDocumentFile(source)
        let files = ProtectedFileStore(directory: folder)
        try files.write(contents, to: document.fileName)
        do {
            return try await insertDocument(document)
        } catch {
            try? files.remove(document.fileName)
            throw error
        }
    }

    /// Records a document whose file goes to the server rather than this device's folder (a page's upload of
    /// `byteCount` bytes named `originalName`): everything is checked first, then `upload` stores the file and
    /// answers its asset, then the record is saved naming it. Each device downloads the copy at its next sync.
    /// - Throws: ``ServiceError``: not found (the vehicle), validation failed (an unknown kind, a bad day, a
    ///   file larger than ``maxDocumentBytes``), or what `upload` throws. No record is saved when it throws.
    @discardableResult
    public func addDocument(
        _ draft: DocumentDraft, originalName: String, byteCount: Int, to vehicleID: UUID,
        upload: @Sendable () async throws -> CloudAsset
    ) async throws -> VehicleDocument {
        guard byteCount <= Self.maxDocumentBytes else {
            throw ServiceError.validationFailed(
                "document file: \(originalName.prefix(80)) is larger than the \(Self.maxDocumentBytes >> 20) MB a document may be; scan it at a lower resolution or as a PDF"
            )
        }
        var document = try newDocument(draft, of: vehicleID, original: originalName, byteCount: byteCount)
        guard try await read({ db in try Vehicle.exists(db, key: vehicleID) }) else {
            throw ServiceError.notFound("Vehicle \(vehicleID.uuidString)")
        }
        let asset = try await upload()
        document.fileAsset = CloudAsset(fileChecksum: asset.fileChecksum, size: asset.size)
        return try await insertDocument(document)
    }

    /// A new document of `vehicleID` from `draft`, checked, its copy named after its id.
    private func newDocument(_ draft: DocumentDraft, of vehicleID: UUID, original: String, byteCount: Int) throws
        -> VehicleDocument
    {
        guard let kindText = draft.kind else {
            throw ServiceError.validationFailed(
                "A document needs a kind: --kind one of \(VehicleDocument.Kind.names)")
        }
        let kind = try DocumentDraft.parseKind(kindText)
        let issued = try draft.issued.flatMap { try DocumentDraft.parseDay($0, "--issued") }
        let expires = try draft.expires.flatMap { try DocumentDraft.parseDay($0, "--expires") }
        let id = UUID()
        let document = VehicleDocument(
            id: id, vehicleID: vehicleID, kind: kind, label: draft.label?.trimmedOrNil ?? kind.label,
            number: draft.number?.trimmedOrNil, issuedOn: issued, expiresOn: expires, notes: draft.notes?.trimmedOrNil,
            fileName: Self.documentFileName(id: id, original: URL(fileURLWithPath: original)),
            originalName: String(original.prefix(200)), byteCount: byteCount, createdAt: now)
        try Self.check(document)
        return document
    }

    private func insertDocument(_ document: VehicleDocument) async throws -> VehicleDocument {
        try await write { tx in
            guard try Vehicle.exists(tx.db, key: document.vehicleID) else {
                throw ServiceError.notFound("Vehicle \(document.vehicleID.uuidString)")
            }
            return try tx.insert(document)
        }
    }

    /// Changes the fields of a document that `draft` gives ("none" clears a day, "" the number or notes); the
    /// file stays as it is.
    /// - Throws: ``ServiceError`` (not found, validation failed); nothing changes when it throws.
    @discardableResult
    public func updateDocument(_ id: UUID, with draft: DocumentDraft) async throws -> VehicleDocument {
        try await editDocument(id, with: draft, dryRun: false)
    }

    /// Checks that ``updateDocument(_:with:)`` would accept `draft` for document `id`, changing nothing.
    /// - Throws: what ``updateDocument(_:with:)`` would throw.
    public func checkDocumentUpdate(_ id: UUID, with draft: DocumentDraft) async throws {
        _ = try await editDocument(id, with: draft, dryRun: true)
    }

    private func editDocument(_ id: UUID, with draft: DocumentDraft, dryRun: Bool) async throws -> VehicleDocument {
        let kind = try draft.kind.map { try DocumentDraft.parseKind($0) }
        let issued = try draft.issued.map { try DocumentDraft.parseDay($0, "--issued") }
        let expires = try draft.expires.map { try DocumentDraft.parseDay($0, "--expires") }
        let edit: @Sendable (GarageTransaction) throws -> VehicleDocument = { tx in
            guard let old = try VehicleDocument.fetchOne(tx.db, key: id) else { throw Self.missing("document", id) }
            var document = old
            if let kind {
                // A document still named after its old kind follows the new one.
                if document.label == old.kind.label && draft.label == nil { document.label = kind.label }
                document.kind = kind
            }
            if let label = draft.label { document.label = label.trimmedOrNil ?? document.kind.label }
            if let number = draft.number { document.number = number.trimmedOrNil }
            if let notes = draft.notes { document.notes = notes.trimmedOrNil }
            if let issued { document.issuedOn = issued }
            if let expires { document.expiresOn = expires }
            try Self.check(document)
            if document.expiresOn != old.expiresOn {
                // Reminders for the old expiry day go; the next rescheduling sets those of the new one.
                try PendingReminder.filter(sql: "id LIKE ?", arguments: ["document-\(id.uuidString)-%"]).deleteAll(
                    tx.db)
            }
            return document == old ? old : try tx.update(document)
        }
        return dryRun ? try await writeOrRehearse(dryRun: true, edit) : try await write(edit)
    }

    /// Deletes a document and its copy in the documents folder.
    /// - Throws: ``ServiceError`` (not found); nothing changes then.
    public func removeDocument(_ id: UUID) async throws {
        let removed = try await write { tx -> VehicleDocument in
            guard let document = try VehicleDocument.fetchOne(tx.db, key: id) else {
                throw Self.missing("document", id)
            }
            _ = try tx.delete(VehicleDocument.self, id: id)
            try PendingReminder.filter(sql: "id LIKE ?", arguments: ["document-\(id.uuidString)-%"]).deleteAll(tx.db)
            return document
        }
        if let folder = documentsFolder { try ProtectedFileStore(directory: folder).remove(removed.fileName) }
    }

    /// The documents of one vehicle (or of every vehicle, for nil), soonest expiry first, then by label.
    public func documents(of vehicleID: UUID?) async throws -> [VehicleDocument] {
        try await read { db in try Self.documents(db, of: vehicleID) }
    }

    /// The document with `id`.
    /// - Throws: ``ServiceError`` (not found).
    public func document(id: UUID) async throws -> VehicleDocument {
        guard let found = try await read({ db in try VehicleDocument.fetchOne(db, key: id) }) else {
            throw Self.missing("document", id)
        }
        return found
    }

    /// Where the copy of `document` is kept on this device, or nil when this store has no documents folder.
    /// A record whose file name is not plain (see ``VehicleDocument/isPlainFileName(_:)``) has no copy here.
    public func fileURL(of document: VehicleDocument) -> URL? {
        guard VehicleDocument.isPlainFileName(document.fileName) else { return nil }
        return documentsFolder?.appendingPathComponent(document.fileName)
    }

    // MARK: Files

    /// The documents folder a copy of the file at `path` goes into, and that file's URL.
    /// - Throws: ``ServiceError`` `operationFailed` when this garage keeps no folder (naming `what` it keeps).
    func copySource(_ path: String, keeping what: String) throws -> (folder: URL, source: URL) {
        guard let folder = documentsFolder else {
            throw ServiceError(
                .operationFailed,
                "This garage has no documents folder (it is not kept in a file); open the garage database from a file to keep \(what)."
            )
        }
        return (folder, URL(fileURLWithPath: (path as NSString).expandingTildeInPath).standardizedFileURL)
    }

    /// The size of the regular file at `url`.
    /// - Throws: ``ServiceError``: not found, or validation failed for a folder, a special file or one too large.
    static func documentFileSize(_ url: URL) throws -> Int {
        let attributes: [FileAttributeKey: Any]
        do {
            attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        } catch {
            throw ServiceError(
                .notFound, "There is no file at \(url.path); give the path of the document's scan or photo.")
        }
        let type = attributes[.type] as? FileAttributeType
        if type == .typeDirectory {
            throw ServiceError.validationFailed("\(url.path) is a folder; give a file inside it")
        }
        guard type == .typeRegular else {
            throw ServiceError.validationFailed("\(url.path) is not a regular file; give the document's scan or photo")
        }
        let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
        guard size <= maxDocumentBytes else {
            throw ServiceError.validationFailed(
                "\(url.lastPathComponent) is \(size / (1024 * 1024)) MB, larger than the \(maxDocumentBytes / (1024 * 1024)) MB a document may be; scan it at a lower resolution or as a PDF"
            )
        }
        return size
    }

    /// The contents of `url`, reading no more than the limit (a file that grew past it since it was measured
    /// is refused, not cut short).
    static func readDocumentFile(_ url: URL) throws -> Data {
        let data: Data
        do {
            let handle = try FileHandle(forReadingFrom: url)
            defer { try? handle.close() }
            data = try handle.read(upToCount: maxDocumentBytes + 1) ?? Data()
        } catch {
            throw ServiceError(
                .operationFailed,
                "Could not read \(url.path): \(error.localizedDescription). Check that it is readable.",
                underlying: error)
        }
        guard data.count <= maxDocumentBytes else {
            throw ServiceError.validationFailed(
                "\(url.lastPathComponent) is larger than the \(maxDocumentBytes / (1024 * 1024)) MB a document may be")
        }
        return data
    }

    /// The copy's name: the id, and the original's extension when it is a plain one ("pdf", "jpg").
    static func documentFileName(id: UUID, original: URL) -> String {
        id.uuidString.lowercased() + (plainExtension(original.lastPathComponent).map { ".\($0)" } ?? "")
    }

    private static func check(_ document: VehicleDocument) throws {
        let problems = document.validationProblems
        guard problems.isEmpty else { throw ServiceError.validationFailed(problems) }
    }
}
