import Foundation
import HearthCloudModel
import HearthCore
import HearthGarage
import Hummingbird
import HummingbirdCore

/// A vehicle's entries from the browser: fill-ups logged, corrected and deleted; services changed and deleted;
/// history entries and expenses deleted; and the garage's reports and exports downloaded, the same files the
/// command line writes.
extension WebSite {
    func registerVehicleEntries<Context: WebRequestContext>(on router: Router<Context>) {
        router.post("/garage/:vehicle/fuel") { request, context in
            await form(request, context) { visit, caller, form in
                let vehicle = try context.parameters.uuid("vehicle")
                return try await vehicleWrite(vehicle, visit, caller, form, notice: "fuel") {
                    _ = try await garage.addFillUp(
                        Self.fillUpForm(vehicle, form), userID: caller.userRecordName, now: clock())
                }
            }
        }
        router.get("/garage/:vehicle/fuel/:fillup") { request, context in
            await screen(.fillUp, request, context) { visit, caller in
                try await fillUpPage(
                    try context.parameters.uuid("fillup"), of: try context.parameters.uuid("vehicle"), caller: caller,
                    visit: visit)
            }
        }
        router.post("/garage/:vehicle/fuel/:fillup") { request, context in
            await form(request, context) { visit, caller, form in
                let vehicle = try context.parameters.uuid("vehicle")
                let fillUp = try context.parameters.uuid("fillup")
                return try await refusable {
                    _ = try await garage.updateFillUp(
                        fillUp, Self.fillUpForm(vehicle, form), userID: caller.userRecordName, now: clock())
                    throw WebRedirect(location: "/garage/\(vehicle.uuidString.lowercased())?notice=fuelSaved")
                } again: { problems in
                    try await fillUpPage(
                        fillUp, of: vehicle, caller: caller, visit: visit, problems: problems, typed: form.all)
                }
            }
        }
        router.post("/garage/:vehicle/fuel/:fillup/delete") { request, context in
            await form(request, context) { _, caller, _ in
                let vehicle = try context.parameters.uuid("vehicle")
                try await garage.removeFillUp(
                    try context.parameters.uuid("fillup"), of: vehicle, userID: caller.userRecordName, now: clock())
                throw WebRedirect(location: "/garage/\(vehicle.uuidString.lowercased())?notice=fuelDeleted")
            }
        }
        router.get("/garage/:vehicle/services/:service") { request, context in
            await screen(.service, request, context) { visit, caller in
                try await servicePage(
                    try context.parameters.uuid("service"), of: try context.parameters.uuid("vehicle"), caller: caller,
                    visit: visit)
            }
        }
        router.post("/garage/:vehicle/services/:service") { request, context in
            await form(request, context) { visit, caller, form in
                let vehicle = try context.parameters.uuid("vehicle")
                let service = try context.parameters.uuid("service")
                return try await refusable {
                    _ = try await garage.updateService(
                        service, of: vehicle,
                        GarageServiceEditForm(
                            name: form["serviceName"], intervalMonths: form["intervalMonths"],
                            intervalMiles: form["intervalMiles"], dueDate: form["dueDate"],
                            dueMileage: form["dueMileage"], notes: form["serviceNotes"]),
                        userID: caller.userRecordName, now: clock())
                    throw WebRedirect(location: "/garage/\(vehicle.uuidString.lowercased())?notice=serviceSaved")
                } again: { problems in
                    try await servicePage(
                        service, of: vehicle, caller: caller, visit: visit, problems: problems, typed: form.all)
                }
            }
        }
        router.post("/garage/:vehicle/services/:service/delete") { request, context in
            await form(request, context) { _, caller, _ in
                let vehicle = try context.parameters.uuid("vehicle")
                try await garage.removeService(
                    try context.parameters.uuid("service"), of: vehicle, userID: caller.userRecordName, now: clock())
                throw WebRedirect(location: "/garage/\(vehicle.uuidString.lowercased())?notice=serviceDeleted")
            }
        }
        router.post("/garage/:vehicle/history/:log/delete") { request, context in
            await form(request, context) { _, caller, _ in
                let vehicle = try context.parameters.uuid("vehicle")
                try await garage.removeLog(
                    try context.parameters.uuid("log"), of: vehicle, userID: caller.userRecordName, now: clock())
                throw WebRedirect(location: "/garage/\(vehicle.uuidString.lowercased())?notice=logDeleted")
            }
        }
        router.post("/garage/:vehicle/expenses/:expense/delete") { request, context in
            await form(request, context) { _, caller, _ in
                let vehicle = try context.parameters.uuid("vehicle")
                try await garage.removeExpense(
                    try context.parameters.uuid("expense"), of: vehicle, userID: caller.userRecordName, now: clock())
                throw WebRedirect(location: "/garage/\(vehicle.uuidString.lowercased())?notice=expenseDeleted")
            }
        }
        registerGarageFiles(on: router)
    }

    /// The reports and exports, downloaded.
    private func registerGarageFiles<Context: WebRequestContext>(on router: Router<Context>) {
        router.get("/garage/:vehicle/history-report") { request, context in
            await page(request, context) { _, caller in
                try await garage.report(
                    .history, vehicleID: try context.parameters.uuid("vehicle"), year: nil,
                    format: try Self.reportFormat(request), userID: caller.userRecordName, now: clock()
                ).response()
            }
        }
        router.get("/garage/:vehicle/costs-report") { request, context in
            await page(request, context) { _, caller in
                try await garage.report(
                    .costs, vehicleID: try context.parameters.uuid("vehicle"), year: try Self.reportYear(request),
                    format: try Self.reportFormat(request), userID: caller.userRecordName, now: clock()
                ).response()
            }
        }
        router.get("/garage/fleet-report") { request, context in
            await page(request, context) { _, caller in
                try await garage.report(
                    .fleet, vehicleID: nil, year: try Self.reportYear(request), format: try Self.reportFormat(request),
                    userID: caller.userRecordName, now: clock()
                ).response()
            }
        }
        router.get("/garage/export") { request, context in
            await page(request, context) { _, caller in
                let format = request.uri.queryParameters["format"].map(String.init) ?? "json"
                guard let chosen = GarageArchiveFormat(rawValue: format) else {
                    throw ServiceError.validationFailed(
                        "format \"\(format.prefix(40))\" is not an export format; ask for json or csv")
                }
                return try await garage.export(
                    chosen, csv: request.uri.queryParameters["file"].map { String($0.prefix(64)) },
                    userID: caller.userRecordName, now: clock()
                ).response()
            }
        }
    }

    /// The report format a link asks for: `pdf` (the default) or `html`.
    static func reportFormat(_ request: Request) throws -> GarageReportFormat {
        let text = request.uri.queryParameters["format"].map(String.init) ?? "pdf"
        guard let format = GarageReportFormat(rawValue: text) else {
            throw ServiceError.validationFailed(
                "format \"\(text.prefix(40))\" is not a report format; ask for pdf or html")
        }
        return format
    }

    /// The year a report link asks for, nil when it names none.
    static func reportYear(_ request: Request) throws -> Int? {
        guard let text = request.uri.queryParameters["year"].map(String.init), !text.isEmpty else { return nil }
        guard text.count == 4, let year = Int(text), (1900...2200).contains(year) else {
            throw ServiceError.validationFailed("year \"\(text.prefix(40))\" is not a year; ask for one such as 2026")
        }
        return year
    }

    /// The fill-up form's fields, as the garage reads them.
    static func fillUpForm(_ vehicle: UUID, _ form: FormBody) -> GarageFillUpForm {
        GarageFillUpForm(
            vehicleID: vehicle, date: form["fuelDate"], odometer: form["odometer"], gallons: form["gallons"],
            cost: form["fuelCost"], isPartial: form["partial"] != nil, missedPrevious: form["missedPrevious"] != nil,
            station: form["station"], notes: form["fuelNotes"])
    }

    /// A fill-up's edit page: its stored values, or what was just typed with the problems named.
    func fillUpPage(
        _ id: UUID, of vehicle: UUID, caller: CloudCaller, visit: WebVisit, problems: String? = nil,
        typed: [String: String] = [:]
    ) async throws -> Response {
        let fillUp = try await garage.fillUp(id, of: vehicle, userID: caller.userRecordName, now: clock())
        let name = try await garage.details(of: vehicle, userID: caller.userRecordName, now: clock()).displayName
        let stored: [String: String] = [
            "fuelDate": fillUp.date.iso, "odometer": fillUp.odometer.map(String.init) ?? "",
            "gallons": fillUp.gallons.map { "\($0)" } ?? "", "fuelCost": fillUp.totalCost.map(WebFormat.amount) ?? "",
            "station": fillUp.station ?? "", "fuelNotes": fillUp.notes ?? "",
        ]
        let refused = !typed.isEmpty
        return try render(
            "garage/fillup",
            [
                "title": "Fill-up of \(fillUp.date.iso)", "section": ["garage": true],
                "vehicle": ["id": vehicle.uuidString.lowercased(), "name": name],
                "fillUp": ["id": id.uuidString.lowercased(), "date": fillUp.date.iso],
                "typed": refused ? typed : stored,
                "partial": refused ? typed["partial"] != nil : fillUp.isPartial,
                "missedPrevious": refused ? typed["missedPrevious"] != nil : fillUp.missedPrevious,
                "problems": problems ?? "",
            ], visit: visit)
    }

    /// A service's edit page: its stored values, or what was just typed with the problems named.
    func servicePage(
        _ id: UUID, of vehicle: UUID, caller: CloudCaller, visit: WebVisit, problems: String? = nil,
        typed: [String: String] = [:]
    ) async throws -> Response {
        let service = try await garage.service(id, of: vehicle, userID: caller.userRecordName, now: clock())
        let name = try await garage.details(of: vehicle, userID: caller.userRecordName, now: clock()).displayName
        let stored: [String: String] = [
            "serviceName": service.name, "intervalMonths": service.intervalMonths.map(String.init) ?? "",
            "intervalMiles": service.intervalMiles.map(String.init) ?? "", "dueDate": service.dueDate?.iso ?? "",
            "dueMileage": service.dueMileage.map(String.init) ?? "", "serviceNotes": service.notes ?? "",
        ]
        return try render(
            "garage/service",
            [
                "title": service.name, "section": ["garage": true],
                "vehicle": ["id": vehicle.uuidString.lowercased(), "name": name],
                "service": [
                    "id": id.uuidString.lowercased(), "name": service.name,
                    "last": service.lastPerformed.map {
                        "Last done \($0.iso)\(service.lastMileage.map { " at \(WebFormat.miles($0))" } ?? "")."
                    } ?? "Not done yet.",
                ],
                "typed": typed.isEmpty ? stored : typed, "problems": problems ?? "",
            ], visit: visit)
    }
}
