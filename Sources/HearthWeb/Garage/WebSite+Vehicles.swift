import Foundation
import HearthCloudModel
import HearthCore
import HearthGarage
import Hummingbird
import HummingbirdCore

/// Vehicles from the browser: added, their details changed, services added from a preset or typed in, and
/// deleted after the page says what goes with them. Each write is saved as the garage app's own records, which
/// the devices receive at their next sync.
extension WebSite {
    func registerVehicles<Context: WebRequestContext>(on router: Router<Context>) {
        router.post("/garage/vehicles") { request, context in
            await form(request, context) { visit, caller, form in
                try await refusable {
                    let vehicle = try await garage.addVehicle(
                        Self.vehicleForm(form, mileage: form["odometer"]), userID: caller.userRecordName, now: clock())
                    throw WebRedirect(location: "/garage/\(vehicle.id.uuidString.lowercased())?notice=added")
                } again: { problems in
                    let overview = try await garage.overview(userID: caller.userRecordName, now: clock())
                    return try garagePage(overview, visit: visit, problems: problems, typed: form.all)
                }
            }
        }
        router.post("/garage/:vehicle/edit") { request, context in
            await form(request, context) { visit, caller, form in
                let vehicle = try context.parameters.uuid("vehicle")
                return try await vehicleWrite(vehicle, visit, caller, form, notice: "saved") {
                    _ = try await garage.updateVehicle(
                        vehicle, Self.vehicleForm(form, mileage: nil), userID: caller.userRecordName, now: clock())
                }
            }
        }
        router.post("/garage/:vehicle/services") { request, context in
            await form(request, context) { visit, caller, form in
                let vehicle = try context.parameters.uuid("vehicle")
                return try await vehicleWrite(vehicle, visit, caller, form, notice: "serviceAdded") {
                    _ = try await garage.addService(
                        GarageNewServiceForm(
                            vehicleID: vehicle, preset: form["preset"], name: form["serviceName"],
                            intervalMonths: form["intervalMonths"], intervalMiles: form["intervalMiles"]),
                        userID: caller.userRecordName, now: clock())
                }
            }
        }
        for (verb, archived) in [("archive", true), ("unarchive", false)] {
            router.post("/garage/:vehicle/\(verb)") { request, context in
                await form(request, context) { _, caller, _ in
                    let vehicle = try context.parameters.uuid("vehicle")
                    try await garage.setArchived(vehicle, archived, userID: caller.userRecordName, now: clock())
                    throw WebRedirect(location: "/garage/\(vehicle.uuidString.lowercased())?notice=\(verb)d")
                }
            }
        }
        router.get("/garage/:vehicle/delete") { request, context in
            await screen(.vehicleDelete, request, context) { visit, caller in
                let deletion = try await garage.deletion(
                    of: try context.parameters.uuid("vehicle"), userID: caller.userRecordName, now: clock())
                return try render(
                    "garage/delete",
                    [
                        "title": "Delete \(deletion.vehicle.displayName)", "section": ["garage": true],
                        "vehicle": [
                            "id": deletion.vehicle.id.uuidString.lowercased(), "name": deletion.vehicle.displayName,
                        ],
                        "goes": deletion.counted.map { ["what": $0] }, "nothingElse": deletion.counted.isEmpty,
                    ], visit: visit)
            }
        }
        router.post("/garage/:vehicle/delete") { request, context in
            await form(request, context) { _, caller, _ in
                try await garage.removeVehicle(
                    try context.parameters.uuid("vehicle"), userID: caller.userRecordName, now: clock())
                throw WebRedirect(location: "/garage?notice=deleted")
            }
        }
    }

    /// Runs `write` on `vehicle` and sends the browser back to its page with `notice`; a refusal shows the page
    /// again with each problem named and what was typed kept.
    func vehicleWrite(
        _ vehicle: UUID, _ visit: WebVisit, _ caller: CloudCaller, _ form: FormBody, notice: String,
        _ write: () async throws -> Void
    ) async throws -> Response {
        try await refusable {
            try await write()
            throw WebRedirect(location: "/garage/\(vehicle.uuidString.lowercased())?notice=\(notice)")
        } again: { problems in
            try await vehiclePage(vehicle, caller: caller, visit: visit, problems: problems, typed: form.all)
        }
    }

    /// The vehicle form's fields, as the garage reads them.
    static func vehicleForm(_ form: FormBody, mileage: String?) -> GarageVehicleForm {
        GarageVehicleForm(
            name: form["vehicleName"], make: form["make"], model: form["model"], year: form["year"], mileage: mileage,
            vin: form["vin"], licensePlate: form["licensePlate"], icon: form["icon"])
    }

    /// The garage overview's values: every vehicle with its due list.
    static func garageValues(_ overview: GarageOverview) -> [String: Any] {
        [
            "title": "Garage", "section": ["garage": true],
            "none": overview.vehicles.isEmpty && overview.archived.isEmpty,
            "archived": overview.archived.map { ["id": $0.id.uuidString.lowercased(), "name": $0.displayName] },
            "hasArchived": !overview.archived.isEmpty, "icons": iconChoices(nil),
            "vehicles": overview.vehicles.map { due in
                var row = Self.dueRows(due)
                if let shared = overview.shared[due.vehicle.id] {
                    row["sharedBy"] = shared.owner
                    row["readOnly"] = !shared.isWritable
                }
                return row
            },
            "adding": overview.vehicles.isEmpty,
            "invitations": overview.invitations.map { ["from": $0.from, "token": $0.token] },
            "exports": GarageStore.archiveCSVNames,
        ]
    }

    /// The garage overview made afresh: with a notice, or with the add form's problems and what was typed.
    func garagePage(
        _ overview: GarageOverview, visit: WebVisit, notice: String? = nil, problems: String? = nil,
        typed: [String: String] = [:]
    ) throws -> Response {
        var values = Self.garageValues(overview)
        values["notice"] =
            switch notice {
            case "deleted": "The vehicle is deleted; your devices delete it at their next sync."
            case "left": "You gave the vehicle back; it is gone from your garage and, at their next sync, your devices."
            default: ""
            }
        values["problems"] = problems ?? ""
        values["typed"] = typed
        values["icons"] = Self.iconChoices(typed["icon"])
        if !typed.isEmpty { values["adding"] = true }
        return try render("garage/overview", values, visit: visit)
    }
}
