import Foundation
import HearthCloudModel
import HearthCore
import HearthGarage
import Hummingbird

/// The garage's files from the pages: documents kept with their scans, the vehicle's photo, and receipts of
/// logged work; uploaded as bounded `multipart/form-data`, typed by their content, and downloaded again.
extension WebSite {
    func registerGarageUploads<Context: WebRequestContext>(on router: Router<Context>) {
        router.post("/garage/:vehicle/documents") { request, context in
            await form(request, context, uploadLimit: GarageStore.maxDocumentBytes) { visit, caller, form in
                let vehicle = try context.parameters.uuid("vehicle")
                return try await vehicleWrite(vehicle, visit, caller, form, notice: "document") {
                    let file = form.file("documentFile")
                    _ = try await garage.addDocument(
                        GarageDocumentForm(
                            vehicleID: vehicle, kind: form["documentKind"] ?? "", label: form["documentLabel"],
                            number: form["documentNumber"], issued: form["documentIssued"],
                            expires: form["documentExpires"], notes: form["documentNotes"]),
                        file: file?.data ?? Data(), fileName: file?.fileName ?? "", userID: caller.userRecordName,
                        now: clock())
                }
            }
        }
        router.get("/garage/:vehicle/documents/:document/file") { request, context in
            await page(request, context) { _, caller in
                try await garage.documentFile(
                    try context.parameters.uuid("document"), of: try context.parameters.uuid("vehicle"),
                    userID: caller.userRecordName, now: clock()
                ).response()
            }
        }
        router.get("/garage/:vehicle/documents/:document") { request, context in
            await page(request, context) { visit, caller in
                try await documentPage(
                    try context.parameters.uuid("document"), of: try context.parameters.uuid("vehicle"),
                    caller: caller, visit: visit)
            }
        }
        router.post("/garage/:vehicle/documents/:document") { request, context in
            await form(request, context, uploadLimit: GarageStore.maxDocumentBytes) { visit, caller, form in
                let vehicle = try context.parameters.uuid("vehicle")
                let document = try context.parameters.uuid("document")
                return try await refusable {
                    let file = form.file("documentFile").flatMap { $0.data.isEmpty ? nil : $0 }
                    _ = try await garage.updateDocument(
                        document,
                        GarageDocumentForm(
                            vehicleID: vehicle, kind: form["documentKind"] ?? "", label: form["documentLabel"],
                            number: form["documentNumber"], issued: form["documentIssued"],
                            expires: form["documentExpires"], notes: form["documentNotes"]),
                        file: file?.data, fileName: file?.fileName ?? "", userID: caller.userRecordName, now: clock())
                    throw WebRedirect(location: "/garage/\(vehicle.uuidString.lowercased())?notice=documentSaved")
                } again: { problems in
                    try await documentPage(
                        document, of: vehicle, caller: caller, visit: visit, problems: problems, typed: form.all)
                }
            }
        }
        router.post("/garage/:vehicle/documents/:document/delete") { request, context in
            await form(request, context) { _, caller, _ in
                let vehicle = try context.parameters.uuid("vehicle")
                try await garage.removeDocument(
                    try context.parameters.uuid("document"), of: vehicle, userID: caller.userRecordName, now: clock())
                throw WebRedirect(location: "/garage/\(vehicle.uuidString.lowercased())?notice=documentDeleted")
            }
        }
        router.post("/garage/:vehicle/photo") { request, context in
            await form(request, context, uploadLimit: GarageStore.maxPhotoBytes) { visit, caller, form in
                let vehicle = try context.parameters.uuid("vehicle")
                let removing = form["remove"] != nil
                return try await vehicleWrite(vehicle, visit, caller, form, notice: removing ? "photoRemoved" : "photo")
                {
                    let file = form.file("photo")
                    _ = try await garage.setPhoto(
                        removing ? nil : file?.data ?? Data(), fileName: file?.fileName ?? "", of: vehicle,
                        userID: caller.userRecordName, now: clock())
                }
            }
        }
        router.get("/garage/:vehicle/photo") { request, context in
            await page(request, context) { _, caller in
                try await garage.photo(
                    of: try context.parameters.uuid("vehicle"), userID: caller.userRecordName, now: clock()
                ).response()
            }
        }
        router.post("/garage/:vehicle/history/:log/receipt") { request, context in
            await form(request, context, uploadLimit: GarageStore.maxDocumentBytes) { visit, caller, form in
                let vehicle = try context.parameters.uuid("vehicle")
                return try await vehicleWrite(vehicle, visit, caller, form, notice: "receipt") {
                    let file = form.file("receipt")
                    _ = try await garage.setReceipt(
                        file?.data ?? Data(), fileName: file?.fileName ?? "", of: try context.parameters.uuid("log"),
                        vehicleID: vehicle, userID: caller.userRecordName, now: clock())
                }
            }
        }
        router.get("/garage/:vehicle/history/:log/receipt") { request, context in
            await page(request, context) { _, caller in
                try await garage.receipt(
                    of: try context.parameters.uuid("log"), vehicleID: try context.parameters.uuid("vehicle"),
                    userID: caller.userRecordName, now: clock()
                ).response()
            }
        }
    }

    /// A document's page: its fields to change, its scan to replace, and deleting it.
    func documentPage(
        _ id: UUID, of vehicle: UUID, caller: CloudCaller, visit: WebVisit, problems: String? = nil,
        typed: [String: String] = [:]
    ) async throws -> Response {
        let document = try await garage.document(id, of: vehicle, userID: caller.userRecordName, now: clock())
        let name = try await garage.details(of: vehicle, userID: caller.userRecordName, now: clock()).displayName
        let stored: [String: String] = [
            "documentKind": document.kind.rawValue, "documentLabel": document.label,
            "documentNumber": document.number ?? "", "documentIssued": document.issuedOn?.iso ?? "",
            "documentExpires": document.expiresOn?.iso ?? "", "documentNotes": document.notes ?? "",
        ]
        let values = typed.isEmpty ? stored : typed
        return try render(
            "garage/document",
            [
                "title": document.label, "section": ["garage": true],
                "vehicle": ["id": vehicle.uuidString.lowercased(), "name": name],
                "document": [
                    "id": id.uuidString.lowercased(), "label": document.label, "kind": document.kind.label,
                    "file": document.originalName, "uploaded": document.fileAsset != nil,
                ],
                "documentKinds": VehicleDocument.Kind.allCases.map {
                    ["value": $0.rawValue, "label": $0.label, "selected": $0.rawValue == values["documentKind"]]
                },
                "typed": values, "problems": problems ?? "",
            ], visit: visit)
    }
}
