import ArgumentParser
import Foundation
import HearthCore
import HearthGarage

/// `hearth garage due [VEHICLE]`.
struct GarageDueCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "due",
        abstract: "What is due: status, due date, due mileage and the date your driving pace predicts."
    )
    @OptionGroup var options: GarageOptions
    @Argument(help: "One vehicle (default: all).") var vehicle: String?
    @Option(name: .customLong("soon-miles"), help: "Miles left at which a service is due soon (default 750).")
    var soonMiles = 750
    @Option(
        name: .customLong("soon-days"),
        help: "Days left at which a service without a due mileage is due soon (default 30).") var soonDays = 30

    func run() async throws {
        let store = try options.openStore()
        var vehicleID: UUID?
        if let vehicle { vehicleID = try await store.vehicle(matching: vehicle).id }
        let summaries = try await store.due(
            vehicleID: vehicleID, settings: DueSettings(dueSoonMiles: soonMiles, dueSoonDays: soonDays))
        if options.json { return try GarageOutput.json(summaries) }
        guard !summaries.isEmpty else {
            let archived = try await store.vehicles().filter(\.isArchived).count
            return print(
                archived == 0
                    ? "No vehicles yet. Add one with `hearth garage vehicle add`."
                    : "Every vehicle is archived (\(archived)); `hearth garage vehicle unarchive NAME` brings one back."
            )
        }
        for (index, summary) in summaries.enumerated() {
            if index > 0 { print("") }
            var pace = "not enough readings for a pace"
            if let estimate = summary.pace {
                let perDay = (estimate.milesPerDay * 10).rounded() / 10
                pace = "\(perDay) mi/day, \(estimate.confidence.rawValue) confidence"
            }
            print(
                "\(summary.vehicle.displayName) — \(GarageOutput.number(summary.vehicle.currentMileage)) miles (\(pace))"
            )
            if let fuel = summary.fuelEconomy {
                let cost = fuel.costPerMile.map { ", \(GarageOutput.money($0)) a mile" } ?? ""
                print(
                    "  Fuel: \(GarageFuelCommand.figure(fuel.averageMPG, .mpg)) average over \(GarageOutput.number(fuel.distance)) miles\(cost)"
                )
            }
            var rows = summary.items.map { item in
                [
                    item.service.name, item.status.label, item.service.dueDate?.iso ?? "—",
                    item.service.dueMileage.map(GarageOutput.number) ?? "—", item.effectiveDueDate?.iso ?? "—",
                    item.urgency?.label ?? "—",
                ]
            }
            rows += summary.expenses.map { due in
                [
                    "\(due.expense.category) (\(due.expense.kind.rawValue))", due.status.label, due.dueDate.iso, "—",
                    due.dueDate.iso, due.urgency.label,
                ]
            }
            rows += summary.documents.map { due in
                [
                    "\(due.document.label) (\(due.document.kind.rawValue))", due.status.label,
                    due.document.expiresOn?.iso ?? "—", "—", due.document.expiresOn?.iso ?? "—", "—",
                ]
            }
            if let marbete = summary.marbete {
                rows.append(["Marbete", marbete.status.label, marbete.expiresOn.iso, "—", marbete.expiresOn.iso, "—"])
            }
            guard !rows.isEmpty else {
                print(
                    "  No services tracked. Add one with `hearth garage service add \"\(summary.vehicle.displayName)\" --preset \"Oil Change\"`."
                )
                continue
            }
            GarageOutput.table(["SERVICE", "STATUS", "DUE DATE", "DUE MILEAGE", "EFFECTIVE", "URGENCY"], rows)
        }
    }
}
