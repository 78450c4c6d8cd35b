public import ArgumentParser
import Foundation
import HearthCore
import HearthHealth

/// `hearth health vitals add|list`: blood pressure, heart rate, glucose, temperature and weight.
struct HealthVitalsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vitals", abstract: "Vital signs: blood pressure, heart rate, glucose, temperature, weight.",
        discussion: """
            hearth health vitals add --person Ana --type blood-pressure --systolic 128 --diastolic 84
            hearth health vitals add --person Ana --type heart-rate --value 72
            hearth health vitals add --person Ana --type temperature --value 98.6 --unit [degF]
            """,
        subcommands: [Add.self, List.self])

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Add a vital sign reading to a person's record.")
        @OptionGroup var options: HealthOptions
        @Option(help: "The record.") var person: String
        @Option(help: "blood-pressure, heart-rate, glucose, temperature or weight.") var type: VitalSign
        @Option(help: "The reading (not for blood pressure).") var value: String?
        @Option(help: "A blood pressure's systolic value.") var systolic: String?
        @Option(help: "A blood pressure's diastolic value.") var diastolic: String?
        @Option(help: "The unit: mm[Hg], /min, mg/dL or mmol/L, Cel or [degF], kg or [lb_av] (default the first).")
        var unit: String?
        @Option(help: "The low end of the reference range.") var low: String?
        @Option(help: "The high end of the reference range.") var high: String?
        @Option(help: "yyyy-MM-dd or an ISO 8601 time (default today).") var date: String?
        @Option var comment = ""

        func run() async throws {
            let service = try options.openService()
            let record = try await ObservationCLI.person(person, options: options, in: service)
            let first = try ObservationCLI.number(
                type == .bloodPressure ? systolic : value, type == .bloodPressure ? "--systolic" : "--value")
            guard let first else {
                throw ServiceError.validationFailed(
                    type == .bloodPressure
                        ? "A blood pressure needs --systolic and --diastolic, such as --systolic 120 --diastolic 80"
                        : "Give the reading with --value")
            }
            var observation = try type.observation(
                value: first, second: try ObservationCLI.number(diastolic, "--diastolic"), unit: unit,
                effective: try ObservationCLI.effective(date), comment: comment)
            if type != .bloodPressure {
                observation.low = try ObservationCLI.number(low, "--low")
                observation.high = try ObservationCLI.number(high, "--high")
            }
            let added = try await service.addEntry(observation, to: record.uuid)
            if options.json { return try options.print(json: ObservationCLI.View(added, recordID: record.uuid)) }
            print("Added to \(record.displayName): \(ObservationCLI.line(added))")
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List a person's vital signs, oldest first.")
        @OptionGroup var options: HealthOptions
        @Option(help: "The record.") var person: String
        @Option(help: "Only this kind.") var type: VitalSign?

        func run() async throws {
            let service = try options.openService()
            let record = try await ObservationCLI.person(person, options: options, in: service)
            let vitals = try await service.observations(of: record.uuid, category: .vitalSign).filter {
                type == nil || $0.vitalSign == type
            }
            if options.json {
                return try options.print(json: vitals.map { ObservationCLI.View($0, recordID: record.uuid) })
            }
            if vitals.isEmpty { return print("\(record.displayName) has no vital signs.") }
            for vital in vitals { print(ObservationCLI.line(vital)) }
        }
    }
}
