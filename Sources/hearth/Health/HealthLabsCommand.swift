public import ArgumentParser
import Foundation
import HearthCore
import HearthHealth

/// `hearth health labs add|list|show|delete`: lab results as numbers.
struct HealthLabsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "labs", abstract: "Lab results as numbers, with reference ranges and H/L flags.",
        discussion: """
            hearth health labs add --person Ana --name HbA1c --value 5.9 --unit % --low 4 --high 5.6 --loinc 4548-4 --date 2026-10-01
            hearth health labs list --person Ana
            """,
        subcommands: [Add.self, List.self, Show.self, Delete.self])

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Add a lab result to a person's record.")
        @OptionGroup var options: HealthOptions
        @Option(help: "The record (a name or the start of its id).") var person: String
        @Option(help: "What was measured, such as HbA1c.") var name: String
        @Option(help: "The value, such as 5.9.") var value: String?
        @Option(help: "A result in words, when it is not a number.") var text = ""
        @Option(help: "The UCUM unit, such as mg/dL, mmol/L, % or 10*3/uL.") var unit = ""
        @Option(help: "The low end of the reference range.") var low: String?
        @Option(help: "The high end of the reference range.") var high: String?
        @Option(help: "The LOINC code, such as 4548-4.") var loinc: String?
        @Option(help: "yyyy-MM-dd or an ISO 8601 time (default today).") var date: String?
        @Option var comment = ""

        func run() async throws {
            let service = try options.openService()
            let record = try await ObservationCLI.person(person, options: options, in: service)
            let observation = HealthObservation(
                category: .laboratory, name: name, loinc: loinc, value: try ObservationCLI.number(value, "--value"),
                unit: UCUMUnits.normalized(unit), text: text, low: try ObservationCLI.number(low, "--low"),
                high: try ObservationCLI.number(high, "--high"), effective: try ObservationCLI.effective(date),
                comment: comment)
            let added = try await service.addEntry(observation, to: record.uuid)
            if options.json { return try options.print(json: ObservationCLI.View(added, recordID: record.uuid)) }
            print("Added to \(record.displayName): \(ObservationCLI.line(added))")
            if !added.unitIsKnown {
                print("Note: \"\(added.unit)\" is not a UCUM unit Hearth knows; it is kept as written.")
            }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List a person's lab results, oldest first.")
        @OptionGroup var options: HealthOptions
        @Option(help: "The record.") var person: String
        @Option(help: "Only results whose name contains this.") var name: String?

        func run() async throws {
            let service = try options.openService()
            let record = try await ObservationCLI.person(person, options: options, in: service)
            var labs = try await service.observations(of: record.uuid, category: .laboratory)
            if let name {
                let key = HealthValidation.searchKey(name)
                labs = labs.filter { HealthValidation.searchKey($0.name).contains(key) }
            }
            if options.json {
                return try options.print(json: labs.map { ObservationCLI.View($0, recordID: record.uuid) })
            }
            if labs.isEmpty { return print("\(record.displayName) has no lab results.") }
            for lab in labs { print(ObservationCLI.line(lab)) }
        }
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show one result by its id (or its first characters).")
        @OptionGroup var options: HealthOptions
        @Argument(help: "The id.") var id: String

        func run() async throws {
            let service = try options.openService()
            let (recordID, observation) = try await service.observation(matching: id)
            if options.json { return try options.print(json: ObservationCLI.View(observation, recordID: recordID)) }
            let record = try await service.record(recordID)
            print(ObservationCLI.line(observation))
            print("Record: \(record.displayName)")
            print("Id: \(observation.id.uuidString.lowercased())")
            print("Category: \(observation.category.rawValue)")
            if let loinc = observation.loinc { print("LOINC: \(loinc)") }
            if let effective = observation.effective { print("Measured: \(effective)") }
            if let flag = observation.flag { print("Flag: \(flag.word)") }
            if !observation.comment.isEmpty { print("Comment: \(observation.comment)") }
        }
    }

    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Delete one result (or vital sign) by its id.")
        @OptionGroup var options: HealthOptions
        @Argument(help: "The id (or its first characters).") var id: String

        func run() async throws {
            let service = try options.openService()
            let (_, observation) = try await service.observation(matching: id)
            try await service.removeEntry(HealthObservation.self, id: observation.id)
            if options.json { return try options.print(json: ["deleted": observation.id.uuidString]) }
            print("Deleted \(observation.name) of \(observation.date?.iso ?? "no date").")
        }
    }
}
