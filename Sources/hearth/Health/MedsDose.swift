public import ArgumentParser
import Foundation
import HearthCore
import HearthHealth

/// `hearth health meds take|skip MED [--at TIME] [--dose SLOT]`.
enum MedsDose {
    struct Common: ParsableArguments {
        @Argument(help: "The medication.") var medication: String
        @Option(help: "The record, when several have a medication of that name.") var record: String?
        @Option(help: "When, local time \"yyyy-MM-dd HH:mm\" (now when not given).") var at: String?
        @Option(help: "Which dose, \"yyyy-MM-dd HH:mm\" (the one nearest to --at when not given).") var dose: String?

        func record(
            _ status: DoseRecord.Status, reason: String, options: HealthOptions
        ) async throws {
            let service = try options.openService()
            let item = try await MedsLookup.find(medication, record: record, options: options, in: service)
            var when = Date()
            if let at {
                guard let (day, time) = MedicationSchedule.parseLocal(at) else {
                    throw ServiceError.validationFailed(
                        "--at \"\(at)\" is not a local date and time; write \"yyyy-MM-dd HH:mm\", such as \"2026-11-28 08:05\""
                    )
                }
                when = MedicationSchedule.instant(of: DoseSlot(day: day, time: time), in: .current)
            }
            let slot: DoseSlot
            if let dose {
                guard let (day, time) = MedicationSchedule.parseLocal(dose) else {
                    throw ServiceError.validationFailed(
                        "--dose \"\(dose)\" is not a dose's date and time; write \"yyyy-MM-dd HH:mm\", such as \"2026-11-28 08:00\""
                    )
                }
                slot = DoseSlot(day: day, time: time)
            } else {
                slot = try await service.nearestDose(of: item.entry.id, to: when)
            }
            let saved = try await service.recordDose(
                of: item.entry.id, slot: slot, status: status, takenAt: when, reason: reason)
            if options.json { return try options.print(json: saved) }
            print(
                status == .taken
                    ? "Took \(item.medication.nameAndDosage) (the dose of \(slot))."
                    : "Skipped \(item.medication.nameAndDosage) (the dose of \(slot))\(reason.isEmpty ? "" : ": \(reason)")."
            )
        }
    }

    struct Take: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "take", abstract: "Record a dose as taken (at --at, now when not given).")
        @OptionGroup var options: HealthOptions
        @OptionGroup var common: Common

        func run() async throws { try await common.record(.taken, reason: "", options: options) }
    }

    struct Skip: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "skip", abstract: "Record a dose as skipped, with an optional reason.")
        @OptionGroup var options: HealthOptions
        @OptionGroup var common: Common
        @Option(help: "Why it was skipped.") var reason = ""

        func run() async throws { try await common.record(.skipped, reason: reason, options: options) }
    }
}
