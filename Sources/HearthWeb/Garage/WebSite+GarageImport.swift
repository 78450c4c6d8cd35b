import Foundation
import HearthCloudModel
import HearthCore
import HearthGarage
import Hummingbird
import HummingbirdCore

/// Imports from the browser: another app's export (Fuelly, Drivvo, Simply Auto) into a vehicle, or a Hearth
/// export of the whole garage, previewed (what would be added, what left out and why) before anything is
/// written; the file is sent once and kept for the confirmation (``StagedUploads``).
extension WebSite {
    /// The choices an import takes besides its file.
    static let importChoices = ["source", "vehicle", "distanceUnit", "dateOrder", "sourceVehicle"]
    /// The sources the page offers, with what it calls them.
    static let importSources = [
        ("auto", "Tell from the file"), ("fuelly", "Fuelly"), ("drivvo", "Drivvo"), ("simplyauto", "Simply Auto"),
        ("hearth", "A Hearth export (the whole garage, JSON)"),
    ]

    func registerGarageImport<Context: WebRequestContext>(on router: Router<Context>) {
        router.get("/garage/import") { request, context in
            await screen(.importFile, request, context) { visit, caller in
                var typed: [String: String] = [:]
                if let vehicle = request.uri.queryParameters["vehicle"] {
                    typed["vehicle"] = String(vehicle.prefix(64))
                }
                let parameters = request.uri.queryParameters
                let notice =
                    parameters["notice"] == "imported"
                    ? "Imported \(parameters["added"].flatMap { Int($0) } ?? 0) records; your devices receive them at their next sync."
                    : ""
                return try await importPage(caller: caller, visit: visit, notice: notice, typed: typed)
            }
        }
        router.post("/garage/import") { request, context in
            await form(request, context, uploadLimit: GarageRecords.maxImportBytes) { visit, caller, form in
                var choices: [String: String] = [:]
                for name in Self.importChoices {
                    if let value = form[name] { choices[name] = String(value.prefix(200)) }
                }
                return try await refusable {
                    guard let file = form.file("export"), !file.data.isEmpty else {
                        throw ServiceError.validationFailed(
                            "export file: none was chosen; choose the CSV your app exported, or a Hearth export")
                    }
                    let preview = try await runImport(file, choices: choices, dryRun: true, caller: caller)
                    let token = await stagedUploads.stage(
                        file, choices: choices, accountID: caller.userRecordName, now: clock())
                    var values = preview
                    values["upload"] = token
                    values["title"] = "Import \(file.fileName)?"
                    values["file"] = file.fileName
                    values["section"] = ["garage": true]
                    return try render("garage/import-preview", values, visit: visit)
                } again: { problems in
                    try await importPage(caller: caller, visit: visit, problems: problems, typed: choices)
                }
            }
        }
        router.post("/garage/import/confirm") { request, context in
            await form(request, context) { visit, caller, form in
                guard let token = form["upload"], token.utf8.count == 32,
                    let staged = await stagedUploads.staged(
                        token, accountID: caller.userRecordName, now: clock(), remove: true)
                else {
                    throw ServiceError(
                        .notFound, "This preview is no longer kept (a preview waits 30 minutes); upload the file again."
                    )
                }
                return try await refusable {
                    let done = try await runImport(staged.file, choices: staged.choices, dryRun: false, caller: caller)
                    throw WebRedirect(location: "/garage/import?notice=imported&added=\(done["added"] as? Int ?? 0)")
                } again: { problems in
                    try await importPage(caller: caller, visit: visit, problems: problems, typed: staged.choices)
                }
            }
        }
    }

    /// Reads `file` as the choices say (a dry run writes nothing); what the preview page shows of it.
    func runImport(_ file: UploadedFile, choices: [String: String], dryRun: Bool, caller: CloudCaller) async throws
        -> [String: Any]
    {
        let source = choices["source"] ?? "auto"
        if source == "hearth" {
            let summary = try await garage.importArchive(
                file, dryRun: dryRun, userID: caller.userRecordName, now: clock())
            return [
                "added": summary.total, "none": summary.total == 0,
                "kinds": summary.counts.filter { $0.value > 0 }.sorted { $0.key < $1.key }.map {
                    ["kind": $0.key, "count": $0.value]
                },
                "hearth": true,
            ]
        }
        var problems: [String] = []
        guard let chosen = ImportSource(rawValue: source), chosen != .generic else {
            throw ServiceError.validationFailed("source \"\(source.prefix(40))\" is not one the page reads; choose one")
        }
        let vehicle = choices["vehicle"].flatMap { UUID(uuidString: $0) }
        if vehicle == nil { problems.append("vehicle: choose the vehicle the export is of") }
        let unit = choices["distanceUnit"].flatMap { $0.isEmpty ? nil : $0 }
        if let unit, DistanceUnit(rawValue: unit) == nil {
            problems.append("distance \"\(unit.prefix(20))\" is not mi or km")
        }
        let order = choices["dateOrder"].flatMap { $0.isEmpty ? nil : $0 }
        if let order, DateOrder(rawValue: order) == nil {
            problems.append("date order \"\(order.prefix(20))\" is not month-first or day-first")
        }
        guard problems.isEmpty, let vehicle else { throw ServiceError.validationFailed(problems) }
        let options = ImportOptions(
            vehicleID: vehicle, source: chosen, dryRun: dryRun,
            sourceVehicle: choices["sourceVehicle"].flatMap { $0.isEmpty ? nil : $0 },
            distanceUnit: unit.flatMap(DistanceUnit.init(rawValue:)),
            dateOrder: order.flatMap(DateOrder.init(rawValue:)))
        let report = try await garage.importFile(file, options: options, userID: caller.userRecordName, now: clock())
        return [
            "added": report.imported, "none": report.imported == 0, "format": report.format,
            "kinds": [
                ["kind": "fill-ups", "count": report.fuelImported],
                ["kind": "services done", "count": report.servicesImported],
                ["kind": "expenses", "count": report.expensesImported],
            ].filter { ($0["count"] as? Int ?? 0) > 0 },
            "created": report.servicesCreated.joined(separator: ", "), "already": report.alreadyImported,
            "skippedCount": report.skipped, "hasSkipped": report.skipped > 0,
            "skipped": report.skippedLines.prefix(100).map { ["line": $0.line, "reason": $0.reason] },
            "notes": report.notes, "unit": report.distanceUnit.rawValue,
        ]
    }

    /// The import page: the form, with a refused upload's problems and choices.
    func importPage(
        caller: CloudCaller, visit: WebVisit, notice: String = "", problems: String? = nil,
        typed: [String: String] = [:]
    ) async throws -> Response {
        let vehicles = try await garage.overview(userID: caller.userRecordName, now: clock()).vehicles.map(\.vehicle)
        return try render(
            "garage/import",
            [
                "title": "Import into the garage", "section": ["garage": true], "notice": notice,
                "problems": problems ?? "", "none": vehicles.isEmpty,
                "vehicles": vehicles.map {
                    [
                        "id": $0.id.uuidString.lowercased(), "name": $0.displayName,
                        "selected": $0.id.uuidString.lowercased() == typed["vehicle"]?.lowercased(),
                    ]
                },
                "sources": Self.importSources.map {
                    ["value": $0.0, "label": $0.1, "selected": $0.0 == (typed["source"] ?? "auto")]
                },
                "units": [("", "Tell from the file"), ("mi", "Miles"), ("km", "Kilometres")].map {
                    ["value": $0.0, "label": $0.1, "selected": $0.0 == (typed["distanceUnit"] ?? "")]
                },
                "orders": [
                    ("", "Tell from the file"), ("month-first", "Month first (03/14/2026)"),
                    ("day-first", "Day first (14/03/2026)"),
                ].map {
                    ["value": $0.0, "label": $0.1, "selected": $0.0 == (typed["dateOrder"] ?? "")]
                },
                "typed": typed, "maxMB": GarageRecords.maxImportBytes / (1024 * 1024),
            ], visit: visit)
    }
}
