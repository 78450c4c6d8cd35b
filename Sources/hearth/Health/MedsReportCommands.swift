public import ArgumentParser
import Foundation
import HearthCore
import HearthHealth

/// `hearth health meds adherence [MED] [--weeks N]`.
struct MedsAdherence: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "adherence", abstract: "Doses taken out of doses due, by ISO week.")
    @OptionGroup var options: HealthOptions
    @Argument(help: "The medication (every medication when not given).") var medication: String?
    @Option(help: "The record, when several have a medication of that name.") var record: String?
    @Option(help: "How many weeks, up to this one.") var weeks = 8

    struct Report: Encodable {
        var medicationID: String
        var name: String
        var record: String
        var weeks: [WeekAdherence]
    }

    func run() async throws {
        let service = try options.openService()
        let items =
            if let medication {
                [try await MedsLookup.find(medication, record: record, options: options, in: service)]
            } else {
                try await service.medications(
                    of: try await MedsLookup.recordID(record, options: options, in: service))
            }
        var reports: [Report] = []
        for item in items {
            reports.append(
                Report(
                    medicationID: item.entry.id.uuidString, name: item.medication.nameAndDosage,
                    record: item.recordName, weeks: try await service.adherence(of: item.entry.id, weeks: weeks)))
        }
        if options.json { return try options.print(json: reports) }
        if reports.isEmpty { return print("No medications.") }
        for report in reports {
            print("\(report.name) (\(report.record))")
            for week in report.weeks {
                let percent = week.percent.map { String(format: "%.1f %%", $0) } ?? "-"
                print(
                    "  \(week.week)  \(week.taken)/\(week.due) taken  \(week.skipped) skipped  \(week.missed) missed  \(percent)"
                )
            }
        }
    }
}

/// `hearth health meds calendar [-o FILE]`.
struct MedsCalendar: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "calendar",
        abstract: "Write the medications as an iCalendar feed (.ics) any calendar app can subscribe to.")
    @OptionGroup var options: HealthOptions
    @Option(name: .shortAndLong, help: "Write to this .ics file (standard output when not given).") var output: String?
    @Option(help: "Only this record's medications.") var record: String?

    func run() async throws {
        let service = try options.openService()
        let items = try await service.medications(
            of: try await MedsLookup.recordID(record, options: options, in: service))
        let feed = MedicationCalendar.render(items, now: Date())
        guard let output else { return FileHandle.standardOutput.write(Data(feed.utf8)) }
        let url = URL(fileURLWithPath: (output as NSString).expandingTildeInPath)
        try Data(feed.utf8).write(to: url, options: .atomic)
        if options.json { return try options.print(json: ["file": url.path, "medications": "\(items.count)"]) }
        print("Wrote \(items.count) medication\(items.count == 1 ? "" : "s") to \(url.path).")
    }
}
